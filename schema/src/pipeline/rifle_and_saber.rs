//! Rifle & Saber's front end: its map and scenario files read, schema-checked, resolved and
//! checked; a file naming no game is this game's. [`crate::pipeline::games`] lists it.

use crate::check::check_scenario_searched;
use crate::diagnostic::Diagnostic;
use crate::model::map::{Map, MapFile};
use crate::model::scenario::Scenario;
use crate::pipeline::game::{
    Built, Compiled, GameFrontEnd, MapFound, Opened, model_ron_of, model_value_of,
};
use crate::pipeline::map_load::{LoadedMap, Resolve, keep_unexplained, map_stages};
use crate::pipeline::migrate;
use crate::pipeline::parse::other_game::DocWords;
use crate::pipeline::parse::{
    DocKind, detect, not_a_scenario, parse, parse_game_document, parse_game_document_with,
};
use crate::pipeline::read::Source;
use crate::pipeline::schema::{self, map_schema};
use crate::ruleset::{Game, Ruleset};

/// Rifle & Saber's front end.
pub struct RifleAndSaberFrontEnd;

/// The front end of Rifle & Saber files (and of every file naming no game).
pub static FRONT_END: RifleAndSaberFrontEnd = RifleAndSaberFrontEnd;

/// What Rifle & Saber names otherwise than another game: (what it is, its field).
const SAME_THING: &[(&str, &str)] = &[
    ("the side that moves first", "moves_first"),
    ("a side's forces", "groups"),
    ("a side's colour", "color"),
];

impl GameFrontEnd for RifleAndSaberFrontEnd {
    fn rules(&self) -> &'static Ruleset {
        Game::RifleAndSaber.ruleset()
    }

    fn schema(&self, kind: DocKind) -> serde_json::Value {
        match kind {
            DocKind::Map => map_schema(),
            _ => schema::scenario_schema(),
        }
    }

    fn same_things(&self) -> &'static [(&'static str, &'static str)] {
        SAME_THING
    }

    fn load_map(&self, src: &Source, words: &[&DocWords]) -> (Option<LoadedMap>, Vec<Diagnostic>) {
        let (_, map, diags) = read_map(src, words);
        (map.map(LoadedMap::engine_only), diags)
    }

    fn open(&self, src: &Source, kind: DocKind, registry: &dyn Resolve) -> Opened {
        match kind {
            DocKind::Map => open_map(src, &registry.words(DocKind::Map)),
            DocKind::Scenario => open_scenario(src, registry, Asked::Scenario),
            DocKind::Battle => open_scenario(src, registry, Asked::No),
        }
    }

    fn compile_scenario(
        &self,
        src: &Source,
        maps: &dyn Resolve,
    ) -> (Option<Compiled>, Vec<Diagnostic>, Option<MapFound>) {
        compile(src, maps, Asked::No)
    }

    fn model_value(&self, src: &Source, kind: DocKind) -> Result<serde_json::Value, Diagnostic> {
        match kind {
            DocKind::Map => model_value_of::<MapFile>(src),
            _ => model_value_of::<Scenario>(src),
        }
    }

    fn model_ron(&self, value: serde_json::Value, kind: DocKind) -> Result<String, Diagnostic> {
        match kind {
            DocKind::Map => model_ron_of::<MapFile>(value),
            _ => model_ron_of::<Scenario>(value),
        }
    }

    fn schema_files(&self) -> Vec<(&'static str, schema::SchemaFn)> {
        schema::SCHEMA_FILES.to_vec()
    }

    fn old_spellings(&self, src: &Source) -> Vec<migrate::OldSpelling> {
        old_spellings(src)
    }

    fn check_export(&self, src: &Source) -> Vec<Diagnostic> {
        match crate::pipeline::parse::parse_document::<crate::model::export::Export>(src) {
            Ok((_, written)) => schema::validate_export(&written),
            Err(e) => vec![e],
        }
    }
}

/// The old spellings `check` reads in a Rifle & Saber file: its scenarios'
/// ([`migrate::old_spellings`]); its maps and battles have had no renamed spellings.
fn old_spellings(src: &Source) -> Vec<migrate::OldSpelling> {
    old_spellings_of(src, Asked::No)
}

/// Whether [`detect`] was asked of a source before it reached a scenario's stages, and found a
/// scenario: then it is not asked again (each asking reads the file's head and looks for its
/// `game` field; a batch check asked it three times a file).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Asked {
    /// `detect` found a scenario.
    Scenario,
    /// Not asked yet.
    No,
}

impl Asked {
    /// Is `src` a scenario ([`detect`] asked now when it was not), or why not?
    fn scenario(self, src: &Source) -> Result<bool, Diagnostic> {
        match self {
            Asked::Scenario => Ok(true),
            Asked::No => detect(src).map(|(kind, _)| kind == DocKind::Scenario),
        }
    }
}

/// [`old_spellings`] of a source `detect` may have been asked of already.
fn old_spellings_of(src: &Source, asked: Asked) -> Vec<migrate::OldSpelling> {
    match asked.scenario(src) {
        Ok(true) => migrate::old_spellings(&src.text, src.syntax),
        _ => Vec::new(),
    }
}

/// Parse and schema-check a scenario, validating what the user wrote. Schema findings that a
/// rule check explains better (a turn past the Turn Record Track: TRN001, TRN002, …) do not stop
/// the pipeline: they come back beside the scenario, for [`keep_unexplained`] after the checks.
/// A file in an old spelling of its format version is read as its rewritten form
/// ([`migrate`]); findings located in that form are moved back to the file's own text. `old`
/// is [`old_spellings`] of `src`, found once by the caller; `words` gives every game's
/// words for scenarios, asked for only when the file has a mistake.
pub(crate) fn load_scenario_deferring(
    src: &Source,
    asked: Asked,
    old: &[migrate::OldSpelling],
    words: &dyn Fn() -> Vec<&'static DocWords>,
) -> Result<(Scenario, Vec<Diagnostic>), Vec<Diagnostic>> {
    // A map or a battle where a scenario is expected is said in one line, not as a list of
    // the scenario fields it lacks.
    if asked == Asked::No {
        match detect(src) {
            Ok((DocKind::Scenario, _)) => {}
            Ok((kind, _)) => return Err(vec![not_a_scenario(src, kind, true)]),
            Err(d) => return Err(vec![d]),
        }
    }
    if old.is_empty() {
        let (s, written): (Scenario, _) =
            parse_game_document_with(src, DocKind::Scenario, Game::RifleAndSaber, words)?;
        return scenario_schema(&written).map(|deferred| (s, deferred));
    }
    let rewritten = migrate::rewritten(src, old);
    let back = |diags| migrate::located_back(&src.text, old, diags);
    let (s, written): (Scenario, _) =
        parse_game_document_with(&rewritten, DocKind::Scenario, Game::RifleAndSaber, words)
            .map_err(back)?;
    scenario_schema(&written)
        .map(|deferred| (s, back(deferred)))
        .map_err(back)
}

/// The notes (FMT005) on the old spellings `old` of a scenario's text, located in it.
pub(crate) fn old_spelling_notes(src: &Source, old: &[migrate::OldSpelling]) -> Vec<Diagnostic> {
    old.iter().map(|o| o.note(&src.text)).collect()
}

/// The JSON Schema stage on a scenario as written: the findings that stop the pipeline, or
/// those deferred to the rule checks.
pub(crate) fn scenario_schema(
    written: &serde_json::Value,
) -> Result<Vec<Diagnostic>, Vec<Diagnostic>> {
    match schema::validate_deferring(DocKind::Scenario, written) {
        (blocking, deferred) if blocking.is_empty() => Ok(deferred),
        (blocking, deferred) => Err([blocking, deferred].concat()),
    }
}

/// Every stage on a Rifle & Saber scenario: compiled on its map, the findings (not yet
/// located), and the map used with what resolving it noted.
fn compile(
    src: &Source,
    registry: &dyn Resolve,
    asked: Asked,
) -> (Option<Compiled>, Vec<Diagnostic>, Option<MapFound>) {
    // Found once: the reader and the notes both need them.
    let old = old_spellings_of(src, asked);
    let notes = old_spelling_notes(src, &old);
    let (scenario, deferred) =
        match load_scenario_deferring(src, asked, &old, &|| registry.words(DocKind::Scenario)) {
            Ok(s) => s,
            Err(d) => return (None, [notes, d].concat(), None),
        };
    let found = match registry.resolve(&scenario.map, &src.path) {
        Ok(m) => m,
        Err(d) => return (None, [notes, deferred, vec![d]].concat(), None),
    };
    let rules = scenario.rules();
    let (resolved, mut diags, searched) =
        check_scenario_searched(&scenario, &found.map, rules, found.zones.as_deref());
    let map_notes = [found.notes.clone(), notes.clone()].concat();
    diags.extend(notes);
    diags.extend(keep_unexplained(deferred, &diags));
    diags.extend(found.notes.iter().cloned());
    (
        Some(Compiled {
            rules,
            scenario,
            map: found.map,
            resolved,
            searched,
        }),
        diags,
        Some((found.origin, map_notes)),
    )
}

/// Parse, schema-check and check a Rifle & Saber map (`words`: every game's words for maps):
/// the file as parsed (`None` when it does not parse), the map when it holds to its schema, and
/// the findings, not yet located.
fn read_map(src: &Source, words: &[&DocWords]) -> (Option<MapFile>, Option<Map>, Vec<Diagnostic>) {
    match parse_game_document::<MapFile>(src, DocKind::Map, Game::RifleAndSaber, words) {
        Ok((file, written)) => {
            let (map, diags) = map_stages(&file, &written);
            (Some(file), map, diags)
        }
        Err(d) => (None, None, d),
    }
}

/// A Rifle & Saber map for `saberc check` and the editor: built even when it fails its schema,
/// to be repaired in the editor.
fn open_map(src: &Source, words: &[&DocWords]) -> Opened {
    match read_map(src, words) {
        (None, _, diags) => Opened::nothing(diags),
        (Some(file), map, diags) => {
            let map = map.unwrap_or_else(|| Map::from_file(&file).0);
            Opened {
                diags,
                map_id: Some(map.id.clone()),
                built: Built::Map(map),
                map_used: None,
            }
        }
    }
}

/// A Rifle & Saber scenario for `saberc check` and the editor: compiled on its map, or, when it
/// stopped before the map, as parsed (in its rewritten form when it has old spellings), with its
/// map if found.
fn open_scenario(src: &Source, registry: &dyn Resolve, asked: Asked) -> Opened {
    let (compiled, diags, found) = compile(src, registry, asked);
    let map_used = found.as_ref().map(|(o, _)| o.clone());
    let built = match (compiled, found) {
        (Some(c), Some((o, map_notes))) => Built::Scenario {
            scenario: c.scenario,
            map: Some((c.map, o)),
            // The old spellings stay in the text the editor keeps, so their notes
            // (FMT005) are reported by every check of it, as `saberc check` reports them.
            map_notes,
        },
        _ => {
            let old = old_spellings_of(src, asked);
            match parse::<Scenario>(&migrate::rewritten(src, &old)) {
                Ok(scenario) => {
                    let found = registry.resolve(&scenario.map, &src.path).ok();
                    let map_notes = found.as_ref().map(|r| r.notes.clone()).unwrap_or_default();
                    let map_notes = [map_notes, old_spelling_notes(src, &old)].concat();
                    let map = found.map(|r| (r.map, r.origin));
                    Built::Scenario {
                        scenario,
                        map,
                        map_notes,
                    }
                }
                Err(_) => Built::Nothing,
            }
        }
    };
    Opened {
        diags,
        built,
        map_id: None,
        map_used,
    }
}
