//! `saberc new scenario --map ID [-o FILE]`, `saberc new map --width W --height H [-o FILE]`:
//! commented skeletons to start from.
use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::Subcommand;
use saber_schema::diagnostic::{Code, Diagnostic};
use saber_schema::files::Target;
use saber_schema::output::skeleton::id_from_name;
use saber_schema::pipeline::map_load::LoadedMap;
use saber_schema::pipeline::maps::MapRegistry;
use saber_schema::pipeline::read::Source;
use saber_schema::ruleset::Game;

/// The games `--game` names: every game's spelling (Rifle & Saber is the default).
fn games() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(Game::all().into_iter().map(Game::id))
}

use crate::report::human;
use crate::{EXIT_ERRORS, EXIT_OK, is_dash, registry, shown, usage_error};

/// What to start.
#[derive(Debug, Subcommand)]
pub enum New {
    /// A scenario on a map: every value to fill in is left empty, and `saberc check` names it.
    Scenario {
        /// The map: a map id (`rifle-and-saber`, or the id of a map in --maps DIR) or a path
        /// relative to the new file.
        #[arg(long, value_name = "ID")]
        map: String,
        /// The file to write, never an existing one (its name gives the scenario id); without
        /// it, or with `-`, print the skeleton.
        #[arg(short = 'o', long = "out", value_name = "FILE")]
        out: Option<PathBuf>,
        /// Directories holding maps the scenario may name.
        #[arg(long = "maps", value_name = "DIR")]
        maps: Vec<PathBuf>,
        /// The game (rifle-and-saber or musket-and-saber-quick-play); the map's game when left
        /// out, and it must be the map's.
        #[arg(long, value_name = "GAME", value_parser = games())]
        game: Option<String>,
    },
    /// A map of clear hexes, to paint.
    Map {
        /// Columns (1 to 1000; 1 to 99 for Musket & Saber).
        #[arg(long)]
        width: u32,
        /// Rows (1 to 1000; 1 to 99 for Musket & Saber).
        #[arg(long)]
        height: u32,
        /// The game (rifle-and-saber, the default, or musket-and-saber-quick-play).
        #[arg(long, value_name = "GAME", value_parser = games())]
        game: Option<String>,
        /// The file to write, never an existing one (its name gives the map id); without it, or
        /// with `-`, print the skeleton.
        #[arg(short = 'o', long = "out", value_name = "FILE")]
        out: Option<PathBuf>,
    },
}

pub(crate) fn new_cmd(what: &New) -> i32 {
    match what {
        New::Scenario {
            map,
            out,
            maps,
            game,
        } => {
            // `-o -` prints, as no `-o` does.
            let out = &out.clone().filter(|o| !is_dash(o));
            let reg = match registry(maps) {
                Ok(r) => r,
                Err(e) => return usage_error(&e),
            };
            // The map is found as the new file will find it: from the file's own directory.
            let at = out
                .clone()
                .unwrap_or_else(|| PathBuf::from("new-scenario.ron"));
            let loaded = match reg.resolve(map, &at) {
                Ok(m) => LoadedMap {
                    map: Arc::unwrap_or_clone(m.map),
                    game_file: m.game_file,
                },
                // A map with errors (the skeleton `saberc new map` wrote, still to be filled
                // in) is read as it stands: the scenario's skeleton needs only its grid, hexes
                // and names, and `check` names what the map still lacks.
                Err(d) => match map_with_errors(&reg, map, &at) {
                    Some(m) => m,
                    None => {
                        eprint!("{}", human(&d, None, false));
                        return EXIT_ERRORS;
                    }
                },
            };
            let id = id_from_name(stem(out.as_deref()).as_deref(), "new-scenario");
            // A scenario takes its map's game; `--game`, when given, must be that game.
            let ours = loaded.map.game.unwrap_or_default();
            if let Some(g) = game
                && Game::from_id(g) != Some(ours)
            {
                let asked = Game::from_id(g).unwrap_or_default().ruleset().name;
                let d = Diagnostic::new(
                    Code::MapOfOtherGame,
                    format!(
                        "the map `{map}` is for {}, not {asked}",
                        ours.ruleset().name
                    ),
                )
                .with_hint("leave out --game: a scenario takes its map's game");
                eprint!("{}", human(&d, None, false));
                return EXIT_ERRORS;
            }
            let text = saber_schema::output::games::of(ours)
                .and_then(|o| o.scenario_skeleton(&loaded, map, &id));
            match text {
                Some(text) => emit(out.as_deref(), &text),
                None => usage_error(&format!(
                    "saberc has no scenario skeleton of {} maps",
                    ours.ruleset().name
                )),
            }
        }
        New::Map {
            width,
            height,
            out,
            game,
        } => {
            let out = &out.clone().filter(|o| !is_dash(o));
            let id = id_from_name(stem(out.as_deref()).as_deref(), "new-map");
            // The game's own skeleton (Rifle & Saber's when no game is named).
            let ours = game.as_deref().and_then(Game::from_id).unwrap_or_default();
            let Some(outputs) = saber_schema::output::games::of(ours) else {
                return usage_error(&format!(
                    "saberc has no map skeleton of {}",
                    ours.ruleset().name
                ));
            };
            match outputs.map_skeleton(*width, *height, &id) {
                Ok(text) => emit(out.as_deref(), &text),
                Err(e) => usage_error(&e.to_string()),
            }
        }
    }
}

/// The map a reference names when it has errors, read from its file as it stands (a map's
/// model, as the file gives it), with a note saying so; `None` when there is no such file or it
/// does not read.
fn map_with_errors(reg: &MapRegistry, reference: &str, at: &Path) -> Option<LoadedMap> {
    let path = reg.map_file(reference, at)?;
    let src = Source::read(&path).ok()?;
    let map = saber_schema::output::games::of_source(&src)?.map_as_it_stands(&src)?;
    eprintln!(
        "note: the map {} has errors still (`saberc check {}` names them); the scenario is \
         written on it as it stands",
        shown(&path),
        shown(&path)
    );
    Some(map)
}

fn stem(path: Option<&Path>) -> Option<String> {
    path.and_then(|p| p.file_stem())
        .map(|s| s.to_string_lossy().into_owned())
}

/// Print the skeleton, or write it to a new file (an existing file is never replaced).
fn emit(out: Option<&Path>, text: &str) -> i32 {
    let Some(out) = out else {
        out!("{text}");
        return EXIT_OK;
    };
    if out
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
    {
        return usage_error(
            "skeletons are RON (they are commented): write FILE.ron, then `saberc convert FILE.ron --to json` if you want JSON",
        );
    }
    let target = Target::file(out).command_line().new_only().read_back();
    crate::write_output(&target, text.as_bytes(), out)
}
