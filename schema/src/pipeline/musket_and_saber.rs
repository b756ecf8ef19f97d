//! The stages for Musket & Saber Quick Play files: a file whose `game` names that game
//! is parsed as its own document type, held to its own JSON Schema, its scenario's map resolved
//! as every map is ([`Resolve`]), and checked by [`crate::check::musket_and_saber`]: the game's
//! front end ([`FRONT_END`]), which [`crate::pipeline::games`] lists.

use crate::check::musket_and_saber::check_scenario;
use crate::diagnostic::{Code, Diagnostic};
use crate::model::map::Map;
use crate::model::musket_and_saber::{MsMapFile, MsScenario};
use crate::path;
use crate::pipeline::finish;
use crate::pipeline::game::{
    Built, Compiled, GameFrontEnd, MapFound, Opened, model_ron_of, model_value_of,
};
use crate::pipeline::map_load::{LoadedMap, MapOrigin, Resolve, ms_map_stages};
use crate::pipeline::migrate;
pub use crate::pipeline::ms_opened::MsOpened;
use crate::pipeline::parse::other_game::DocWords;
use crate::pipeline::parse::{self, DocKind, parse_game_document};
use crate::pipeline::read::Source;
use crate::pipeline::schema::{ms_map_schema, ms_scenario_schema, validate_musket_and_saber};
use crate::ruleset::{Game, Ruleset};

/// Musket & Saber Quick Play's front end: its own map and scenario documents.
pub struct MusketAndSaberFrontEnd;

/// The front end of Musket & Saber Quick Play files.
pub static FRONT_END: MusketAndSaberFrontEnd = MusketAndSaberFrontEnd;

impl GameFrontEnd for MusketAndSaberFrontEnd {
    fn rules(&self) -> &'static Ruleset {
        Game::MusketAndSaberQuickPlay.ruleset()
    }

    fn schema(&self, kind: DocKind) -> serde_json::Value {
        match kind {
            DocKind::Map => ms_map_schema(),
            _ => ms_scenario_schema(),
        }
    }

    fn words(&self, kind: DocKind) -> DocWords {
        match kind {
            DocKind::Map => DocWords::of::<MsMapFile>(self.game(), SAME_THING),
            _ => DocWords::of::<MsScenario>(self.game(), SAME_THING),
        }
    }

    fn load_map(&self, src: &Source, words: &[&DocWords]) -> (Option<LoadedMap>, Vec<Diagnostic>) {
        load_ms_map(src, words)
    }

    fn open(&self, src: &Source, kind: DocKind, maps: &dyn Resolve) -> Opened {
        let built = |opened: Option<MsOpened>| opened.map_or(Built::Nothing, Built::MusketAndSaber);
        match kind {
            DocKind::Map => {
                let (opened, map, diags) = open_map(src, &maps.words(DocKind::Map));
                Opened {
                    diags,
                    built: built(opened),
                    map_id: map.map(|m| m.map.id),
                    map_used: None,
                }
            }
            _ => {
                let (opened, compiled, diags) = open_scenario(src, maps);
                Opened {
                    diags,
                    built: built(opened),
                    map_id: None,
                    map_used: compiled.map(|c| c.origin),
                }
            }
        }
    }

    fn compile_scenario(
        &self,
        src: &Source,
        maps: &dyn Resolve,
    ) -> (Option<Compiled>, Vec<Diagnostic>, Option<MapFound>) {
        let (compiled, diags) = compile_scenario(src, maps);
        (None, diags, compiled.map(|c| (c.origin, Vec::new())))
    }

    fn model_value(&self, src: &Source, kind: DocKind) -> Result<serde_json::Value, Diagnostic> {
        match kind {
            DocKind::Map => model_value_of::<MsMapFile>(src),
            _ => model_value_of::<MsScenario>(src),
        }
    }

    fn model_ron(&self, value: serde_json::Value, kind: DocKind) -> Result<String, Diagnostic> {
        match kind {
            DocKind::Map => model_ron_of::<MsMapFile>(value),
            _ => model_ron_of::<MsScenario>(value),
        }
    }

    fn check_export(&self, src: &Source) -> Vec<Diagnostic> {
        use crate::model::musket_and_saber_export::MsExport;
        match parse::parse_document::<MsExport>(src) {
            Ok((_, written)) => crate::pipeline::schema::validate_ms_export(&written),
            Err(e) => vec![e],
        }
    }
}

/// Parse, schema-check and check an M&S map: the engine's map, its file beside it.
/// Diagnostics are not yet located.
fn load_ms_map(src: &Source, words: &[&DocWords]) -> (Option<LoadedMap>, Vec<Diagnostic>) {
    let (file, written, notes) = match parse_ms_map(src, words) {
        Ok(f) => f,
        Err(d) => return (None, d),
    };
    let (map, diags) = ms_map_stages(&file, &written);
    (map, [notes, diags].concat())
}

/// Parse an M&S map file: read as its rewritten form when it has old spellings
/// ([`migrate::of_source`]: a clear row the old skeleton wrote), the findings of that form
/// moved back to the file's own text, with the notes (FMT005) on the old spellings.
fn parse_ms_map(
    src: &Source,
    words: &[&DocWords],
) -> Result<(MsMapFile, serde_json::Value, Vec<Diagnostic>), Vec<Diagnostic>> {
    let parse = |src: &Source| {
        parse_game_document::<MsMapFile>(src, DocKind::Map, Game::MusketAndSaberQuickPlay, words)
    };
    let old = migrate::of_source(src);
    if old.is_empty() {
        return parse(src).map(|(f, w)| (f, w, Vec::new()));
    }
    let rewritten = Source {
        text: migrate::rewrite(&src.text, &old),
        ..src.clone()
    };
    let notes = old.iter().map(|o| o.note(&src.text)).collect();
    parse(&rewritten)
        .map(|(f, w)| (f, w, notes))
        .map_err(|diags| {
            diags
                .into_iter()
                .map(|mut d| {
                    d.location = d
                        .location
                        .map(|l| migrate::original_location(&src.text, &old, l));
                    d
                })
                .collect()
        })
}

/// What Musket & Saber names otherwise than another game: (what it is, its field).
const SAME_THING: &[(&str, &str)] = &[
    ("the side that moves first", "first_player"),
    ("a side's forces", "counters"),
    ("a side's colour", "colour"),
];

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
/// as [`Resolve::resolve`] found them, `map_notes` what it noted), by the stages `saberc
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

/// Read an M&S map for the editor: the file as parsed (`None` when it does not parse), the
/// in-memory map when it holds to its JSON Schema, and `saberc check`'s findings, not yet
/// located.
pub fn open_map(
    src: &Source,
    words: &[&DocWords],
) -> (Option<MsOpened>, Option<LoadedMap>, Vec<Diagnostic>) {
    match parse_ms_map(src, words) {
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
    registry: &dyn Resolve,
) -> (Option<MsOpened>, Option<MsCompiled>, Vec<Diagnostic>) {
    let words = registry.words(DocKind::Scenario);
    let game = Game::MusketAndSaberQuickPlay;
    let (scenario, written) =
        match parse_game_document::<MsScenario>(src, DocKind::Scenario, game, &words) {
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
    registry: &dyn Resolve,
) -> (Option<MsCompiled>, Vec<Diagnostic>) {
    // A map where a scenario is expected is said in one line (FMT004), as for Rifle & Saber.
    match parse::detect(src) {
        Ok((DocKind::Scenario, _)) => {}
        Ok((kind, _)) => return (None, vec![parse::not_a_scenario(src, kind, false)]),
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
