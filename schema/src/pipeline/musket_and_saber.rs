//! The stages for Musket & Saber Quick Play files: a file whose `game` names that game
//! ([`parse::names_musket_and_saber`]) is parsed as its own document type, held to its own JSON
//! Schema, its scenario's map resolved as every map is ([`MapRegistry::resolve`]), and checked
//! by [`crate::check::musket_and_saber`].

use crate::check::musket_and_saber::check_scenario;
use crate::diagnostic::{Code, Diagnostic};
use crate::model::map::Map;
use crate::model::musket_and_saber::{MsMapFile, MsScenario};
use crate::path;
use crate::pipeline::finish;
use crate::pipeline::map_load::{LoadedMap, ms_map_stages, parse_ms_map};
use crate::pipeline::maps::{MapOrigin, MapRegistry};
use crate::pipeline::parse::{self, DocKind, parse_game_document};
use crate::pipeline::read::Source;
use crate::pipeline::schema::validate_musket_and_saber;
use crate::ruleset::Game;

/// An M&S scenario compiled on its map, what the outputs read.
#[derive(Debug, Clone)]
pub struct MsCompiled {
    /// The scenario, every hex it names on the grid (column and row from 1; its labels said by
    /// the map's grid, [`crate::model::hex::Grid::label`]).
    pub scenario: MsScenario,
    /// Its map file as written (the chart, track and terrain kinds), lowered by the outputs
    /// ([`MsMapFile::lower`], [`MsMapFile::in_grid`]).
    pub map: MsMapFile,
    /// Where the map came from.
    pub origin: MapOrigin,
}

impl MsCompiled {
    /// A scenario as written on its map file as written: the scenario's hexes read on the
    /// map's grid, once, here.
    pub fn new(scenario: &MsScenario, map: &MsMapFile, origin: MapOrigin) -> MsCompiled {
        MsCompiled {
            scenario: scenario.in_grid(map.numbering),
            map: map.clone(),
            origin,
        }
    }
}

/// Check an M&S map held in memory (the editor's), by the stages `saberc check` runs on the
/// same file saved, from the JSON Schema on; findings sorted and capped as for a file.
pub fn check_map_model(file: &MsMapFile) -> Vec<Diagnostic> {
    let written = serde_json::to_value(file).expect("the model always serializes");
    finish::finish_unlocated(ms_map_stages(file, &written).1)
}

/// Check an M&S scenario held in memory on its map (the editor's; `map` and its file `map_file`
/// as [`MapRegistry::resolve`] found them, `map_notes` what it noted), by the stages `saberc
/// check` runs on the same file saved, from the JSON Schema on; findings sorted and capped.
pub fn check_scenario_noting(
    scenario: &MsScenario,
    map: &Map,
    map_file: Option<&MsMapFile>,
    map_notes: &[Diagnostic],
) -> Vec<Diagnostic> {
    let written = serde_json::to_value(scenario).expect("the model always serializes");
    let diags = match scenario_schema(&written) {
        Err(schema) => schema,
        Ok(()) => checks_on_map(scenario, map, map_file, map_notes.to_vec()),
    };
    finish::finish_unlocated(diags)
}

/// The JSON Schema stage of an M&S scenario (`written`: what the file said).
fn scenario_schema(written: &serde_json::Value) -> Result<(), Vec<Diagnostic>> {
    let schema = validate_musket_and_saber(DocKind::Scenario, written);
    if schema.is_empty() {
        Ok(())
    } else {
        Err(schema)
    }
}

/// The rule checks of an M&S scenario on the map found for it and its file (REF008 when that
/// map is of another game), with what resolving the map noted.
fn checks_on_map(
    scenario: &MsScenario,
    map: &Map,
    map_file: Option<&MsMapFile>,
    notes: Vec<Diagnostic>,
) -> Vec<Diagnostic> {
    let Some(file) = map_file else {
        return vec![other_game(&scenario.map, map)];
    };
    let mut diags = check_scenario(scenario, file, map);
    diags.extend(notes);
    diags
}

/// What the editor opens of an M&S file: the document as parsed (even when it breaks the JSON
/// Schema, so that it can be repaired) and, for a scenario, its map when found.
#[derive(Debug, Clone)]
#[allow(clippy::large_enum_variant)] // one per file opened; boxing buys nothing
pub enum MsOpened {
    /// A map file.
    Map(MsMapFile),
    /// A scenario file.
    Scenario {
        /// The scenario.
        scenario: MsScenario,
        /// Its map and where it came from, when it could be found (it may be of another game:
        /// REF008 says so).
        map: Option<(Map, MapOrigin)>,
        /// That map's own file, when it is a Musket & Saber map.
        map_file: Option<std::sync::Arc<MsMapFile>>,
        /// What resolving the map noted (REF005), reported by every later check.
        map_notes: Vec<Diagnostic>,
    },
}

/// Read an M&S map for the editor: the file as parsed (`None` when it does not parse), the
/// in-memory map when it holds to its JSON Schema, and `saberc check`'s findings, not yet
/// located.
pub fn open_map(src: &Source) -> (Option<MsOpened>, Option<LoadedMap>, Vec<Diagnostic>) {
    match parse_ms_map(src) {
        Err(d) => (None, None, d),
        Ok((file, written, notes)) => {
            let (map, diags) = ms_map_stages(&file, &written);
            (Some(MsOpened::Map(file)), map, [notes, diags].concat())
        }
    }
}

/// Read an M&S scenario for the editor: the scenario as parsed with its map when found, and
/// `saberc check`'s findings ([`compile_scenario`]'s), not yet located.
pub fn open_scenario(
    src: &Source,
    registry: &MapRegistry,
) -> (Option<MsOpened>, Option<MsCompiled>, Vec<Diagnostic>) {
    let (scenario, written) = match parse_game_document::<MsScenario>(
        src,
        DocKind::Scenario,
        Game::MusketAndSaberQuickPlay,
    ) {
        Ok(s) => s,
        Err(d) => return (None, None, d),
    };
    let found = registry.resolve(&scenario.map, &src.path);
    let (compiled, diags) = match (scenario_schema(&written), &found) {
        (Err(schema), _) => {
            let file = found.as_ref().ok().and_then(|f| f.ms_file.clone());
            let schema = schema
                .into_iter()
                .map(|d| turn_in_game(d, &written, &scenario, file.as_deref(), src.syntax))
                .collect();
            (None, schema)
        }
        (Ok(()), Err(d)) => (None, vec![d.clone()]),
        (Ok(()), Ok(found)) => {
            let file = found.ms_file.as_deref();
            let diags = checks_on_map(&scenario, &found.map, file, found.notes.clone());
            let compiled = file.map(|file| MsCompiled::new(&scenario, file, found.origin.clone()));
            (compiled, diags)
        }
    };
    let (map, map_file, map_notes) = match found {
        Ok(f) => (Some((f.map, f.origin)), f.ms_file, f.notes),
        Err(_) => (None, None, Vec::new()),
    };
    (
        Some(MsOpened::Scenario {
            scenario,
            map,
            map_file,
            map_notes,
        }),
        compiled,
        diags,
    )
}

/// REF008: a Musket & Saber scenario whose map is of another game (said as
/// [`crate::check::map_of_other_game`] says it of a Rifle & Saber scenario).
pub fn other_game(reference: &str, map: &Map) -> Diagnostic {
    let ours = Game::MusketAndSaberQuickPlay;
    let theirs = map.game.unwrap_or_default();
    Diagnostic::new(
        Code::MapOfOtherGame,
        format!(
            "this scenario is for {} (`{}`), but its map `{}` is for {} (`{}`)",
            ours.ruleset().name,
            ours.id(),
            crate::diagnostic::printable(reference, 60),
            theirs.ruleset().name,
            theirs.id()
        ),
    )
    .at_path(path!["game"])
    .with_hint(format!(
        "name a map for {} in `map:` (`saberc new map --game {}` starts one)",
        ours.ruleset().name,
        ours.id()
    ))
}

/// Run every stage on an M&S scenario: what was compiled (when the scenario and its map could
/// be read) and the findings, not yet located.
pub fn compile_scenario(
    src: &Source,
    registry: &MapRegistry,
) -> (Option<MsCompiled>, Vec<Diagnostic>) {
    // A map where a scenario is expected is said in one line (FMT004), as for Rifle & Saber.
    match parse::detect(src) {
        Ok((DocKind::Scenario, _)) => {}
        Ok((kind, _)) => return (None, vec![super::not_a_scenario(src, kind)]),
        Err(d) => return (None, vec![d]),
    }
    let (_, compiled, diags) = open_scenario(src, registry);
    (compiled, diags)
}

/// Is this source a Musket & Saber Quick Play file?
pub fn is_musket_and_saber(src: &Source) -> bool {
    parse::names_musket_and_saber(src)
}

/// A schema finding on a turn (a victory turn, a ladder rung) said in Musket & Saber's terms:
/// turns count from 1 to the game's length, and a number that is a label of the map's Turn
/// Record Track (`1700`) is named as the turn it is, with that turn proposed (proven before it
/// is shown). Other findings are kept.
fn turn_in_game(
    d: Diagnostic,
    written: &serde_json::Value,
    scenario: &MsScenario,
    map: Option<&MsMapFile>,
    syntax: crate::pipeline::read::Syntax,
) -> Diagnostic {
    use crate::diagnostic::PathSeg;
    let Some(PathSeg::Key(key)) = d.path.as_ref().and_then(|p| p.last()) else {
        return d;
    };
    let key = key.clone();
    let value = d
        .path
        .as_ref()
        .and_then(|p| written.pointer(&crate::diagnostic::pointer(p)))
        .and_then(serde_json::Value::as_u64);
    let (Some(value), true) = (value, crate::pipeline::schema::is_turn_field(&key)) else {
        return d;
    };
    if key == "game_length" {
        return d;
    }
    let len = scenario.game_length;
    let written_as = |n: u64| match (syntax, key.chars().next().is_some_and(char::is_uppercase)) {
        (crate::pipeline::read::Syntax::Ron, true) => format!("{key}({n})"),
        (crate::pipeline::read::Syntax::Ron, false) => format!("{key}: {n}"),
        (crate::pipeline::read::Syntax::Json, _) => format!("\"{key}\": {n}"),
    };
    // Turn N is the Nth space from the first turn's.
    let turn = map.and_then(|m| {
        let first = scenario
            .first_turn
            .as_deref()
            .and_then(|f| m.turn_index(f))
            .unwrap_or(0);
        let at = m.turn_index(&value.to_string())?;
        (at >= first).then(|| (at - first + 1) as u64)
    });
    let message = format!("`{key}` is {value}, but turns count from 1 (1–{len} here)");
    let d = Diagnostic { message, ..d };
    match turn {
        Some(t) if t <= u64::from(len) => {
            let help = format!(
                "{value} is a label of the Turn Record Track: it is turn {t}; write `{}`",
                written_as(t)
            );
            d.with_hint(format!(
                "{value} is a label of the Turn Record Track, turn {t}; a victory turn counts from 1 (3.3): use a turn from 1 to {len}"
            ))
            .suggest(None, t.to_string(), help)
        }
        Some(t) => d.with_hint(format!(
            "{value} is a label of the Turn Record Track, turn {t}, after the game's {len} turns: use a turn from 1 to {len}, or lengthen the game"
        )),
        None => d.with_hint(format!(
            "a turn counts from 1 (the game's first turn) to {len}: write `{}` for the last",
            written_as(u64::from(len))
        )),
    }
}
