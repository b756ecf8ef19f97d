//! The stages for Musket & Saber Quick Play files: a file whose `game` names that game
//! is parsed as its own document type, held to its own JSON Schema, its scenario's map resolved
//! as every map is ([`Resolve`]), and checked by [`crate::check::musket_and_saber`]: the game's
//! front end ([`FRONT_END`]), which [`crate::pipeline::games`] lists.

use std::sync::Arc;

use crate::check::musket_and_saber::{check_map, check_scenario};
use crate::diagnostic::Diagnostic;
use crate::model::map::Map;
use crate::model::musket_and_saber::{MsMapFile, MsScenario};
use crate::model::musket_and_saber_export::MsExport;
use crate::path;
use crate::pipeline::finish;
use crate::pipeline::game::{
    Built, Compiled, GameFrontEnd, MapFound, Opened, model_ron_of, model_value_of,
};
use crate::pipeline::map_load::{GameOwned, LoadedMap, MapOrigin, Resolve, builtin_id_claimed};
use crate::pipeline::migrate::{self, OldSpelling};
use crate::pipeline::parse::other_game::DocWords;
use crate::pipeline::parse::{self, DocKind, parse_game_document};
use crate::pipeline::read::{Source, Syntax};
use crate::pipeline::schema::{GameSchema, SchemaFn, published_as, validate_once};
pub use crate::ruleset::musket_and_saber::EXPORT_SCHEMA_FILE;
use crate::ruleset::{Game, Ruleset};

/// The file name of the schema of Musket & Saber Quick Play maps.
pub const MAP_SCHEMA_FILE: &str = "map.musket-and-saber-quick-play.schema.json";

/// The file name of the schema of Musket & Saber Quick Play scenarios.
pub const SCENARIO_SCHEMA_FILE: &str = "scenario.musket-and-saber-quick-play.schema.json";

/// The JSON Schema of Musket & Saber Quick Play map files.
pub fn map_schema() -> serde_json::Value {
    published_as(
        schemars::schema_for!(MsMapFile).to_value(),
        "map",
        "map.musket-and-saber-quick-play",
    )
}

/// The JSON Schema of Musket & Saber Quick Play scenario files.
pub fn scenario_schema() -> serde_json::Value {
    published_as(
        schemars::schema_for!(MsScenario).to_value(),
        "scenario",
        "scenario.musket-and-saber-quick-play",
    )
}

/// The JSON Schema of Musket & Saber Quick Play engine exports.
pub fn export_schema() -> serde_json::Value {
    published_as(
        schemars::schema_for!(MsExport).to_value(),
        "export",
        "export.musket-and-saber-quick-play",
    )
}

/// Validate a Musket & Saber Quick Play engine export against [`EXPORT_SCHEMA_FILE`].
pub fn validate_export(value: &serde_json::Value) -> Vec<Diagnostic> {
    static VALIDATOR: std::sync::OnceLock<jsonschema::Validator> = std::sync::OnceLock::new();
    validate_once(&VALIDATOR, export_schema, value)
}

/// The game's zones are those of its dialect: a clause it has not is said as such.
const WITHOUT: &[crate::model::zone::Without] =
    <crate::model::zone::KindName as crate::model::zone::ZoneDialect>::WITHOUT;

/// The yes-or-no checks of its schemas, generated at build time from their committed copies
/// (as Rifle & Saber's, `schema::generated`): a valid file compiles no schema at run time.
mod generated {
    #[jsonschema::validator(path = "map.musket-and-saber-quick-play.schema.json", methods = { is_valid = true, validate = false, iter_errors = false })]
    pub(super) struct Map;

    #[jsonschema::validator(path = "scenario.musket-and-saber-quick-play.schema.json", methods = { is_valid = true, validate = false, iter_errors = false })]
    pub(super) struct Scenario;
}

/// Its maps' schema, its listing validator made once.
static MAP_SCHEMA: GameSchema =
    GameSchema::generated(map_schema, WITHOUT, generated::Map::is_valid);

/// Its scenarios' schema, its listing validator made once.
static SCENARIO_SCHEMA: GameSchema =
    GameSchema::generated(scenario_schema, WITHOUT, generated::Scenario::is_valid);

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
            DocKind::Map => map_schema(),
            _ => scenario_schema(),
        }
    }

    fn schema_files(&self) -> Vec<(&'static str, SchemaFn)> {
        vec![
            (MAP_SCHEMA_FILE, map_schema),
            (SCENARIO_SCHEMA_FILE, scenario_schema),
            (EXPORT_SCHEMA_FILE, export_schema),
        ]
    }

    fn same_things(&self) -> &'static [(&'static str, &'static str)] {
        SAME_THING
    }

    fn load_map(&self, src: &Source, words: &[&DocWords]) -> (Option<LoadedMap>, Vec<Diagnostic>) {
        let (_, map, diags) = open_map(src, words);
        (map, diags)
    }

    fn open(&self, src: &Source, kind: DocKind, maps: &dyn Resolve) -> Opened {
        let built =
            |opened: Option<MsOpened>| opened.map_or(Built::Nothing, |o| Built::Own(Arc::new(o)));
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

    fn old_spellings(&self, src: &Source) -> Vec<OldSpelling> {
        old_spellings(src)
    }

    fn check_export(&self, src: &Source) -> Vec<Diagnostic> {
        match parse::parse_document::<MsExport>(src) {
            Ok((_, written)) => validate_export(&written),
            Err(e) => vec![e],
        }
    }
}

/// What the editor opens of an M&S file ([`Built::Own`]): the document as parsed (even when it
/// breaks the JSON Schema, so that it can be repaired) and, for a scenario, its map when found.
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
        map: Option<(Arc<Map>, MapOrigin)>,
        /// That map's own file, when it is a Musket & Saber map.
        map_file: Option<Arc<MsMapFile>>,
        /// What resolving the map noted (REF005), reported by every later check.
        map_notes: Vec<Diagnostic>,
    },
}

/// The Musket & Saber map file a loaded or resolved map keeps beside the engine's map
/// ([`LoadedMap::game_file`]), when it is one.
pub fn ms_file(game_file: &Option<GameOwned>) -> Option<Arc<MsMapFile>> {
    game_file.clone()?.downcast().ok()
}

/// Parse an M&S map file: read as its rewritten form when it has old spellings
/// ([`old_spellings`]: a clear row the old skeleton wrote), the findings of that form
/// moved back to the file's own text, with the notes (FMT005) on the old spellings.
fn parse_ms_map(
    src: &Source,
    words: &[&DocWords],
) -> Result<(MsMapFile, serde_json::Value, Vec<Diagnostic>), Vec<Diagnostic>> {
    let parse = |src: &Source| {
        parse_game_document::<MsMapFile>(src, DocKind::Map, Game::MusketAndSaberQuickPlay, words)
    };
    let old = old_spellings(src);
    if old.is_empty() {
        return parse(src).map(|(f, w)| (f, w, Vec::new()));
    }
    let notes = old.iter().map(|o| o.note(&src.text)).collect();
    parse(&migrate::rewritten(src, &old))
        .map(|(f, w)| (f, w, notes))
        .map_err(|diags| migrate::located_back(&src.text, &old, diags))
}

/// The stages after parsing on an M&S map file (`written`: what the file said, for the JSON
/// Schema): the engine's map (the file lowered, the file beside it) when the schema holds, and
/// the findings, not yet located.
fn ms_map_stages(
    file: &MsMapFile,
    written: &serde_json::Value,
) -> (Option<LoadedMap>, Vec<Diagnostic>) {
    let schema = MAP_SCHEMA.validate(written);
    if !schema.is_empty() {
        return (None, schema);
    }
    let map = file.lower();
    let mut diags = check_map(file);
    diags.extend(builtin_id_claimed(&map));
    let game_file = Some(Arc::new(file.clone()) as GameOwned);
    (Some(LoadedMap { map, game_file }), diags)
}

/// The old spellings `check` reads in a Musket & Saber Quick Play file
/// ([`GameFrontEnd::old_spellings`]): its maps' clear hex rows written without `clear_for_charges`. Its
/// scenarios have none: its documents were first published (25 November 2026) after Rifle &
/// Saber's renames (23 November), so no scenario of this game was ever written in an old
/// spelling, and `check` reads one there as the mistake it is (SYN002), which `saberc migrate`
/// then does not offer to rewrite.
fn old_spellings(src: &Source) -> Vec<OldSpelling> {
    match parse::detect(src) {
        Ok((DocKind::Map, _)) => unstated_clear_rows(&src.text, src.syntax),
        _ => Vec::new(),
    }
}

/// Why a Musket & Saber map's clear hex row without `clear_for_charges` is read as clear for
/// charges.
const CLEAR_ROW_READING: &str = "the rules text fixes clear terrain as terrain a charge may start in, enter and target (9.2(1): \"only clear or clear hill terrain\"), and `saberc new map` wrote its clear row without the field before MAP013 asked for it";

/// The clear hex rows of a Musket & Saber map's chart (`kind: "clear"`, any case, `on: Hex`)
/// that do not say `clear_for_charges`: as `saberc new map`'s skeleton wrote the row from 25
/// November 2026 until MAP013 (29 November) asked for the field. The rules text fixes it
/// (9.2(1)), so the row is read with `clear_for_charges: true`, which `saberc migrate` writes
/// before the row's `source` (or last field), on its own line when the row has one field a
/// line. A row that says `clear_for_charges: false` is the user's: MAP013.
fn unstated_clear_rows(text: &str, syntax: Syntax) -> Vec<OldSpelling> {
    use crate::syntax::tree::{entries, entry_key, entry_value, field, first_token, root_value};
    let clear = |w: &[u8]| w.eq_ignore_ascii_case(b"clear");
    if !migrate::has(text, "chart") || !text.as_bytes().windows(5).any(clear) {
        return Vec::new();
    }
    let parsed = crate::syntax::parse(text);
    let root = parsed.syntax();
    let scalar = |entry: Option<crate::syntax::SyntaxNode>| -> Option<String> {
        let t = first_token(&entry_value(&entry?)?)?;
        Some(match t.kind() {
            crate::syntax::SyntaxKind::STRING => serde_json::from_str::<String>(t.text()).ok()?,
            _ => t.text().to_string(),
        })
    };
    let Some(chart) = root_value(&root)
        .and_then(|r| field(&r, "chart"))
        .and_then(|e| entry_value(&e))
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for row in entries(&chart).filter_map(|e| entry_value(&e)) {
        let clear =
            scalar(field(&row, "kind")).is_some_and(|k| k.trim().eq_ignore_ascii_case("clear"));
        if !clear
            || scalar(field(&row, "on")).as_deref() != Some("Hex")
            || field(&row, "clear_for_charges").is_some()
        {
            continue;
        }
        let (Some(kind), Some(last)) = (
            field(&row, "kind"),
            field(&row, "source").or_else(|| entries(&row).last()),
        ) else {
            continue;
        };
        let Some(at) = entry_key(&last).and_then(|k| first_token(&k)) else {
            continue;
        };
        let at = usize::from(at.text_range().start());
        // The layout of the row: a field a line (the skeleton's), or all on one.
        let indent_start = text[..at].trim_end_matches([' ', '\t']).len();
        let separator = if text[..indent_start].ends_with('\n') {
            format!("\n{}", &text[indent_start..at])
        } else {
            " ".to_string()
        };
        let field_text = match syntax {
            Syntax::Ron => "clear_for_charges: true,",
            Syntax::Json => "\"clear_for_charges\": true,",
        };
        let range = kind.text_range();
        out.push(OldSpelling {
            format: "saber-map/1",
            reading: Some(CLEAR_ROW_READING),
            start: usize::from(range.start()),
            end: usize::from(range.end()),
            edits: vec![migrate::Edit {
                start: at,
                end: at,
                text: format!("{field_text}{separator}"),
            }],
            new_text: field_text.trim_end_matches(',').to_string(),
            old: "(kind: \"clear\", on: Hex) without clear_for_charges",
            new: "clear_for_charges: true",
        });
    }
    out
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
    let schema = SCENARIO_SCHEMA.validate(&written);
    if !schema.is_empty() {
        return finish::finish_unlocated(schema);
    }
    finish::finish_unlocated(checks_on_map(scenario, map, map_file, map_notes.to_vec()))
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

/// Read an M&S map for the editor and map resolution: the file as parsed (`None` when it does
/// not parse), the engine's map with the file beside it when it holds to its JSON Schema, and
/// `saberc check`'s findings, not yet located.
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
    let schema = SCENARIO_SCHEMA.validate(&written);
    let (compiled, diags) = match &found {
        _ if !schema.is_empty() => {
            let file = found.as_ref().ok().and_then(|f| ms_file(&f.game_file));
            let schema = schema
                .into_iter()
                .map(|d| turn_in_game(d, &written, &scenario, file.as_deref(), src.syntax))
                .collect();
            (None, schema)
        }
        Err(d) => (None, vec![d.clone()]),
        Ok(found) => {
            let file = ms_file(&found.game_file);
            let file = file.as_deref();
            let diags = checks_on_map(&scenario, &found.map, file, found.notes.clone());
            let compiled = file.map(|file| MsCompiled::new(&scenario, file, found.origin.clone()));
            (compiled, diags)
        }
    };
    let (map, map_file, map_notes) = match found {
        Ok(f) => (Some((f.map, f.origin)), ms_file(&f.game_file), f.notes),
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
    crate::check::other_game_map(ours, map.game.unwrap_or_default(), reference)
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

/// A schema finding on a turn (a victory turn, a ladder rung) said in Musket & Saber's terms:
/// turns count from 1 to the game's length, and a number that is a label of the map's Turn
/// Record Track (`1700`) is named as the turn it is, with that turn proposed (proven before it
/// is shown). Other findings are kept.
fn turn_in_game(
    d: Diagnostic,
    written: &serde_json::Value,
    scenario: &MsScenario,
    map: Option<&MsMapFile>,
    syntax: Syntax,
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
        (Syntax::Ron, true) => format!("{key}({n})"),
        (Syntax::Ron, false) => format!("{key}: {n}"),
        (Syntax::Json, _) => format!("\"{key}\": {n}"),
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    #[test]
    fn the_generated_checks_of_musket_and_saber_accept_what_the_published_schemas_accept() {
        // Every M&S map and scenario of the examples and fixtures, and mutations: the same
        // verdict from the generated check and the published schema compiled at run time.
        use crate::pipeline::parse::{detect_game, parse_document};
        use crate::pipeline::schema::tests::{agreement, documents};
        let dirs = [
            "scenarios/examples/musket-and-saber",
            "scenarios/examples/musket-and-saber/maps",
            "tests/fixtures/good",
            "tests/fixtures/bad",
        ];
        let docs = documents(&dirs, |src, kind| {
            let Ok(Some(Game::MusketAndSaberQuickPlay)) = detect_game(src) else {
                return None;
            };
            let written = match kind {
                DocKind::Scenario => parse_document::<MsScenario>(src).map(|(_, v)| v),
                DocKind::Map => parse_document::<MsMapFile>(src).map(|(_, v)| v),
                DocKind::Battle => return None,
            };
            written.ok()
        });
        let maps = docs.iter().filter(|(k, _)| *k == DocKind::Map).count();
        assert!(
            maps >= 1 && docs.len() - maps >= 10,
            "{maps} of {}",
            docs.len()
        );
        let swaps = [
            ("\"id\":\"", "\"id\":\"Bad Id "),
            ("\"name\":\"", "\"name\":7,\"x\":\""),
            (":1,", ":-1,"),
            (":2,", ":2000000,"),
            ("\"Within\"", "\"Withn\""),
            ("[", "[null,"),
        ];
        let published =
            [map_schema(), scenario_schema()].map(|s| jsonschema::validator_for(&s).unwrap());
        let generated: [fn(&Value) -> bool; 2] =
            [generated::Map::is_valid, generated::Scenario::is_valid];
        let (judged, refused) = agreement(&docs, &swaps, |kind, v| {
            let at = usize::from(kind != DocKind::Map);
            vec![
                published[at].is_valid(v),
                generated[at](v),
                [&MAP_SCHEMA, &SCENARIO_SCHEMA][at].validate(v).is_empty(),
            ]
        });
        assert!(
            refused > 10 && judged - refused > 10,
            "{refused} of {judged}"
        );
    }

    #[test]
    fn an_empty_text_is_said_to_be_empty() {
        // Not "empty or shorter than 1 characters" (issue 37 §15).
        let diags = MAP_SCHEMA.validate(&serde_json::json!({"source": ""}));
        let said: Vec<(&str, Option<&str>)> = diags
            .iter()
            .map(|d| (d.message.as_str(), d.hint.as_deref()))
            .filter(|(m, _)| m.contains("source"))
            .collect();
        assert_eq!(
            said,
            [("`source` is empty (at `/source`)", Some("write it out"))]
        );
    }

    #[test]
    fn an_ms_clear_row_without_clear_for_charges_is_read_as_clear_for_charges() {
        let map = r#"(
    chart: [
        (kind: "Clear", on: Hex, infantry: Some(Mp(1)), source: "4.3"),
        (kind: "clear", on: Hexside, source: "4.3"),
        (kind: "clear", on: Hex, clear_for_charges: false, source: "mine"),
        (kind: "woods", on: Hex, source: "mine"),
    ],
)"#;
        let old = unstated_clear_rows(map, Syntax::Ron);
        // Only the first: a hexside row, a row that says `false` and a row of another kind
        // are the user's.
        assert_eq!(old.len(), 1, "{old:?}");
        let new = migrate::rewrite(map, &old);
        assert!(
            new.contains(r#"(kind: "Clear", on: Hex, infantry: Some(Mp(1)), clear_for_charges: true, source: "4.3"),"#),
            "{new}"
        );
        assert!(unstated_clear_rows(&new, Syntax::Ron).is_empty(), "once");
        assert!(unstated_clear_rows("(chart: [], notes: \"clear\")", Syntax::Ron).is_empty());
    }
}
