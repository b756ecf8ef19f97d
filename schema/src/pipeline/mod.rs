//! The compiler pipeline for one file, stages in the order they run: [`read`] (regular files
//! only) → [`parse`](mod@parse) (detect kind and version, RON or JSON) → [`schema`] (JSON Schema) →
//! [`maps`] (map resolution) → [`zones`] (zone compilation) → rule checks ([`crate::check`]) →
//! [`locate`] and [`finish`](mod@finish). Each stage reports diagnostics and stops only where the next
//! cannot run; every diagnostic leaves with file:line:col.
//!
//! This module is the one pipeline API: `saberc`, the editor and the tests all call it.
//! - Text in: [`check_source`] / [`check_path`] give a [`FileReport`] (located, sorted, capped
//!   diagnostics, and which map a scenario was checked against); [`compile_source`] also gives
//!   what was built (the map, or the scenario and its compiled form), for the editor to open.
//! - Model in (the editor's live checks): [`check_scenario_model`] and [`check_map_model`] run
//!   the same stages from the JSON Schema on, and give the same findings as `saberc` for the
//!   same document; [`ScenarioCheck::into_compiled`] turns a clean check into a [`Compiled`]
//!   scenario for export and cards.

pub mod finish;
pub mod locate;
pub mod map_load;
pub mod maps;
pub mod migrate;
pub mod musket_and_saber;
pub mod notation;
pub mod parse;
pub mod prove;
pub mod read;
pub mod record;
pub mod recover;
pub mod schema;
pub mod zones;

use std::path::{Path, PathBuf};

use crate::check::{check_scenario, check_scenario_searched};
use crate::diagnostic::{Code, Diagnostic, Severity};
use crate::model::map::{Map, MapFile};
use crate::model::scenario::Scenario;
use crate::pipeline::maps::{MapOrigin, MapRegistry};
use crate::pipeline::parse::{DocKind, detect, parse, parse_document, parse_game_document};
use crate::pipeline::read::Source;
use crate::pipeline::zones::Resolved;
use crate::queries::playable::Playable;
use crate::ruleset::Game;
use crate::ruleset::Ruleset;

pub use finish::finish;
pub use map_load::load_map;
use map_load::{keep_unexplained, map_stages};
pub use read::{Collected, WalkOptions, collect, collect_files, collect_with};

/// What checking one file found.
#[derive(Debug, Clone)]
pub struct FileReport {
    /// The file.
    pub path: PathBuf,
    /// Its text, for showing the lines its findings point at, and for a map the line of its id
    /// (should another map claim it): empty for any other file, so that a batch keeps no text
    /// of its clean scenarios; none if the file could not be read.
    pub text: Option<String>,
    /// Map or scenario, once known.
    pub kind: Option<DocKind>,
    /// Findings, located and sorted.
    pub diagnostics: Vec<Diagnostic>,
    /// For a scenario, the map it was checked against.
    pub map: Option<MapOrigin>,
    /// For a map, its id (to find ids used twice in a batch).
    pub map_id: Option<String>,
}

impl FileReport {
    /// Number of errors.
    pub fn errors(&self) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count()
    }
    /// Number of warnings.
    pub fn warnings(&self) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Warning)
            .count()
    }
}

/// Parse and schema-check a scenario; diagnostics are not yet located.
pub fn load_scenario(src: &Source) -> Result<Scenario, Vec<Diagnostic>> {
    match load_scenario_deferring(src, &migrate::of_source(src))? {
        (s, deferred) if deferred.is_empty() => Ok(s),
        (_, deferred) => Err(deferred),
    }
}

/// Parse and schema-check a scenario, validating what the user wrote. Schema findings that a
/// rule check explains better (a turn past the Turn Record Track: TRN001, TRN002, …) do not stop
/// the pipeline: they come back beside the scenario, for [`keep_unexplained`] after the checks.
/// A file in an old spelling of its format version is read as its rewritten form
/// ([`migrate`]); findings located in that form are moved back to the file's own text. `old`
/// is [`migrate::of_source`] of `src`, found once by the caller.
fn load_scenario_deferring(
    src: &Source,
    old: &[migrate::OldSpelling],
) -> Result<(Scenario, Vec<Diagnostic>), Vec<Diagnostic>> {
    // A map or a battle where a scenario is expected is said in one line, not as a list of
    // the scenario fields it lacks.
    match detect(src) {
        Ok((DocKind::Scenario, _)) => {}
        Ok((kind, _)) => return Err(vec![not_a_scenario(src, kind)]),
        Err(d) => return Err(vec![d]),
    }
    if old.is_empty() {
        let (s, written): (Scenario, _) =
            parse_game_document(src, DocKind::Scenario, Game::RifleAndSaber)?;
        return scenario_schema(&written).map(|deferred| (s, deferred));
    }
    let rewritten = Source {
        text: migrate::rewrite(&src.text, old),
        ..src.clone()
    };
    let back = |diags: Vec<Diagnostic>| -> Vec<Diagnostic> {
        diags
            .into_iter()
            .map(|mut d| {
                d.location = d
                    .location
                    .map(|l| migrate::original_location(&src.text, old, l));
                d
            })
            .collect()
    };
    let (s, written): (Scenario, _) =
        parse_game_document(&rewritten, DocKind::Scenario, Game::RifleAndSaber).map_err(back)?;
    scenario_schema(&written)
        .map(|deferred| (s, back(deferred)))
        .map_err(back)
}

/// The notes (FMT005) on the old spellings `old` of a scenario's text, located in it.
fn old_spelling_notes(src: &Source, old: &[migrate::OldSpelling]) -> Vec<Diagnostic> {
    old.iter().map(|o| o.note(&src.text)).collect()
}

/// FMT004: a map or battle file given where a scenario is expected, with the command for it.
pub(crate) fn not_a_scenario(src: &Source, kind: DocKind) -> Diagnostic {
    let file = crate::diagnostic::printable(&src.path.display().to_string(), 200);
    let (what, hint) = match kind {
        // No Tiled map of a Musket & Saber map (`saberc export --format tiled` refuses it).
        DocKind::Map if musket_and_saber::is_musket_and_saber(src) => (
            "a map",
            format!(
                "a scenario names its map in `map:`; to draw the map: `saberc render {file} -o map.svg`"
            ),
        ),
        DocKind::Map => (
            "a map",
            format!(
                "a scenario names its map in `map:`; to draw the map: `saberc render {file} -o map.svg`; for Tiled: `saberc export {file} --format tiled -o DIR`"
            ),
        ),
        _ => (
            "a battle to factor (11.18)",
            format!(
                "factor it into a scenario first: `saberc factor {file} --format ron > scenario.ron`, then set what it marks to be set"
            ),
        ),
    };
    let at = crate::pipeline::locate::top_level_field(&src.text, "format").map_or(0, |(a, _)| a);
    Diagnostic::new(
        Code::NotAScenario,
        format!(
            "this file is {what} (`{}`), but a scenario is expected here",
            kind.prefix()
        ),
    )
    .at_location(crate::pipeline::locate::location_at(&src.text, at, 1))
    .with_hint(hint)
}

/// The JSON Schema stage on a scenario as written: the findings that stop the pipeline, or
/// those deferred to the rule checks.
fn scenario_schema(written: &serde_json::Value) -> Result<Vec<Diagnostic>, Vec<Diagnostic>> {
    match schema::validate_deferring(DocKind::Scenario, written) {
        (blocking, deferred) if blocking.is_empty() => Ok(deferred),
        (blocking, deferred) => Err([blocking, deferred].concat()),
    }
}

/// A scenario compiled on its map.
#[derive(Debug, Clone)]
pub struct Compiled {
    /// The rules of the scenario's game (and its map's), for every output.
    pub rules: &'static Ruleset,
    /// The scenario.
    pub scenario: Scenario,
    /// Its map.
    pub map: Map,
    /// Its zones as hexes.
    pub resolved: Resolved,
    /// The movement searches the check made (under the lenient readings, no allowances given),
    /// when it made them: `saberc analyze` shows these rather than searching again.
    pub searched: Option<Playable>,
}

/// Run the whole pipeline on a scenario source; diagnostics are not yet located.
pub fn compile_scenario(
    src: &Source,
    registry: &MapRegistry,
) -> (Option<Compiled>, Vec<Diagnostic>) {
    let (compiled, diags, _) = compile_scenario_on(src, registry);
    (compiled, diags)
}

/// [`compile_scenario`], also saying which map the scenario was checked against: a command
/// that writes must never write over the map file it read.
pub fn compile_scenario_with_map(
    src: &Source,
    registry: &MapRegistry,
) -> (Option<Compiled>, Vec<Diagnostic>, Option<MapOrigin>) {
    let (compiled, diags, found) = compile_scenario_on(src, registry);
    (compiled, diags, found.map(|(origin, _)| origin))
}

/// Which map a scenario was checked against, what resolving it noted (REF005) and the notes
/// on its old spellings (FMT005).
type MapFound = (MapOrigin, Vec<Diagnostic>);

/// [`compile_scenario`], also saying which map was used and what resolving it noted.
fn compile_scenario_on(
    src: &Source,
    registry: &MapRegistry,
) -> (Option<Compiled>, Vec<Diagnostic>, Option<MapFound>) {
    if musket_and_saber::is_musket_and_saber(src) {
        let (compiled, diags) = musket_and_saber::compile_scenario(src, registry);
        let found = compiled.map(|c| (c.origin, Vec::new()));
        return (None, diags, found);
    }
    // Found once: the reader and the notes both need them.
    let old = migrate::of_source(src);
    let notes = old_spelling_notes(src, &old);
    let (scenario, deferred) = match load_scenario_deferring(src, &old) {
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

/// What the pipeline built from a file, for the editor to open.
#[derive(Debug, Clone)]
#[allow(clippy::large_enum_variant)] // one per opened file; boxing buys nothing
pub enum Built {
    /// Nothing could be built (unreadable, syntax error, unknown kind, a battle).
    Nothing,
    /// A map: built even when the JSON Schema stage failed, so that it can be repaired.
    Map(Map),
    /// A scenario as parsed (even when the JSON Schema stage failed), and its map when found.
    Scenario {
        /// The scenario.
        scenario: Scenario,
        /// Its map and where it came from, when it could be found.
        map: Option<(Map, MapOrigin)>,
        /// What opening the file noted (REF005 on its map, FMT005 on old spellings), which every
        /// later check of the document reports too.
        map_notes: Vec<Diagnostic>,
    },
    /// A Musket & Saber Quick Play map or scenario (its own document types), as parsed.
    MusketAndSaber(musket_and_saber::MsOpened),
}

/// Check one source of either kind, locate its diagnostics, and return what was built. Each
/// suggestion a finding makes is proven on the text before it is shown ([`prove`]).
pub fn compile_source(src: &Source, registry: &MapRegistry) -> (FileReport, Built) {
    let (mut report, built) = compile_unproven(src, registry);
    if report.diagnostics.iter().any(|d| d.suggestion.is_some()) {
        let check = |edited: &Source| compile_unproven(edited, registry).0.diagnostics;
        report.diagnostics = prove::prove(src, std::mem::take(&mut report.diagnostics), &check);
    }
    (report, built)
}

/// [`compile_source`] without the proofs of its suggestions (what each proof runs).
fn compile_unproven(src: &Source, registry: &MapRegistry) -> (FileReport, Built) {
    let mut map_used = None;
    let mut map_id = None;
    let (kind, diags, built) = match detect(src) {
        // An engine export among the source files: named as such, and held to its schema.
        Err(d) if d.code == Code::EngineExport => {
            let mut diags = vec![d];
            if musket_and_saber::is_musket_and_saber(src) {
                match parse_document::<crate::model::musket_and_saber_export::MsExport>(src) {
                    Ok((_, written)) => diags.extend(schema::validate_ms_export(&written)),
                    Err(e) => diags.push(e),
                }
            } else {
                match parse_document::<crate::model::export::Export>(src) {
                    Ok((_, written)) => diags.extend(schema::validate_export(&written)),
                    Err(e) => diags.push(e),
                }
            }
            (None, diags, Built::Nothing)
        }
        Err(d) => (None, vec![d], Built::Nothing),
        // A Musket & Saber file: its own document types.
        Ok((DocKind::Map, _)) if musket_and_saber::is_musket_and_saber(src) => {
            let (opened, map, diags) = musket_and_saber::open_map(src);
            map_id = map.map(|m| m.map.id);
            (Some(DocKind::Map), diags, ms_built(opened))
        }
        Ok((DocKind::Scenario, _)) if musket_and_saber::is_musket_and_saber(src) => {
            let (opened, compiled, diags) = musket_and_saber::open_scenario(src, registry);
            map_used = compiled.map(|c| c.origin);
            (Some(DocKind::Scenario), diags, ms_built(opened))
        }
        Ok((DocKind::Map, _)) => {
            match parse_game_document::<MapFile>(src, DocKind::Map, Game::RifleAndSaber) {
                Err(d) => (Some(DocKind::Map), d, Built::Nothing),
                Ok((file, written)) => {
                    let (map, diags) = map_stages(&file, &written);
                    // A map that fails the schema is still built, to be repaired in the editor.
                    let map = map.unwrap_or_else(|| Map::from_file(&file).0);
                    map_id = Some(map.id.clone());
                    (Some(DocKind::Map), diags, Built::Map(map))
                }
            }
        }
        Ok((DocKind::Scenario, _)) => {
            let (compiled, diags, found) = compile_scenario_on(src, registry);
            map_used = found.as_ref().map(|(o, _)| o.clone());
            let built = match (compiled, found) {
                (Some(c), Some((o, map_notes))) => Built::Scenario {
                    scenario: c.scenario,
                    map: Some((c.map, o)),
                    // The old spellings stay in the text the editor keeps, so their notes
                    // (FMT005) are reported by every check of it, as `saberc check` reports them.
                    map_notes,
                },
                // Stopped before the map: open the scenario as parsed (in its rewritten form
                // when it has old spellings), with its map if found.
                _ => {
                    let old = migrate::of_source(src);
                    let rewritten = Source {
                        text: migrate::rewrite(&src.text, &old),
                        ..src.clone()
                    };
                    match parse::<Scenario>(&rewritten) {
                        Ok(scenario) => {
                            let found = registry.resolve(&scenario.map, &src.path).ok();
                            let map_notes =
                                found.as_ref().map(|r| r.notes.clone()).unwrap_or_default();
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
            (Some(DocKind::Scenario), diags, built)
        }
        Ok((DocKind::Battle, _)) => (
            Some(DocKind::Battle),
            crate::factor::check_battle(src),
            Built::Nothing,
        ),
    };
    let diagnostics = finish(src, diags);
    let shown = map_id.is_some() || diagnostics.iter().any(|d| d.location.is_some());
    let report = FileReport {
        path: src.path.clone(),
        text: Some(if shown {
            src.text.clone()
        } else {
            String::new()
        }),
        kind,
        diagnostics,
        map: map_used,
        map_id,
    };
    (report, built)
}

/// What an M&S file built, for the editor.
fn ms_built(opened: Option<musket_and_saber::MsOpened>) -> Built {
    opened.map_or(Built::Nothing, Built::MusketAndSaber)
}

/// Check one source of either kind and locate its diagnostics.
pub fn check_source(src: &Source, registry: &MapRegistry) -> FileReport {
    compile_source(src, registry).0
}

/// Read and check a file. A file that is not UTF-8 is reported at its line and column, with
/// its text read lossily for showing.
pub fn check_path(path: &Path, registry: &MapRegistry) -> FileReport {
    let bytes = match read::read_regular(path) {
        Ok(b) => b,
        Err(d) => {
            return FileReport {
                path: path.to_path_buf(),
                text: None,
                kind: None,
                diagnostics: vec![d.in_file(path)],
                map: None,
                map_id: None,
            };
        }
    };
    match Source::from_bytes(path, bytes) {
        Ok(src) => check_source(&src, registry),
        Err((d, text)) => {
            let src = Source::from_text(path, text);
            FileReport {
                path: path.to_path_buf(),
                kind: None,
                diagnostics: finish(&src, vec![d]),
                text: Some(src.text),
                map: None,
                map_id: None,
            }
        }
    }
}

/// Reports of a batch: map ids used by more than one map file become REF005 on each of them.
pub fn flag_duplicate_map_ids(reports: &mut [FileReport]) {
    let ids: Vec<(PathBuf, String)> = reports
        .iter()
        .filter_map(|r| Some((r.path.clone(), r.map_id.clone()?)))
        .collect();
    let mut found = maps::duplicate_ids(&ids);
    if found.is_empty() {
        return;
    }
    for r in reports.iter_mut() {
        if let Some(d) = found.remove(&r.path) {
            let d = match &r.text {
                Some(text) => finish::locate_one(&Source::from_text(&r.path, text.clone()), d),
                None => d.in_file(&r.path),
            };
            r.diagnostics.insert(0, d);
            finish::sort(&mut r.diagnostics);
        }
    }
}

/// A scenario checked in memory (the editor's live check): its zones as hexes and the findings.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ScenarioCheck {
    /// Zones as hexes, per side and group (drawn even while the schema stage fails).
    pub resolved: Resolved,
    /// Findings, sorted and capped as for a file (not located: there is no text).
    pub diagnostics: Vec<Diagnostic>,
}

impl ScenarioCheck {
    /// The compiled scenario, if the check found no error (exports and cards need one).
    pub fn into_compiled(self, scenario: Scenario, map: Map) -> Result<Compiled, Vec<Diagnostic>> {
        if self.diagnostics.iter().any(Diagnostic::is_error) {
            return Err(self
                .diagnostics
                .into_iter()
                .filter(Diagnostic::is_error)
                .collect());
        }
        Ok(Compiled {
            rules: scenario.rules(),
            scenario,
            map,
            resolved: self.resolved,
            searched: None,
        })
    }
}

/// Check a scenario held in memory on its map, by the stages `saberc` runs on a file from the
/// JSON Schema on: the findings are those `saberc check` reports for the same scenario saved
/// (a schema failure stops there, as in `saberc`; its zones are still resolved, to be drawn).
pub fn check_scenario_model(scenario: &Scenario, map: &Map) -> ScenarioCheck {
    check_scenario_noting(scenario, map, &[])
}

/// [`check_scenario_model`], with what map resolution noted about the map
/// ([`maps::ResolvedMap::notes`], e.g. REF005 for a map file beside the scenario that claims a
/// built-in id), which `saberc check` reports among the scenario's findings.
pub fn check_scenario_noting(
    scenario: &Scenario,
    map: &Map,
    map_notes: &[Diagnostic],
) -> ScenarioCheck {
    let written = serde_json::to_value(scenario).expect("the model always serializes");
    let (resolved, diags) = match scenario_schema(&written) {
        Ok(deferred) => {
            let (resolved, mut diags) = check_scenario(scenario, map, scenario.rules(), None);
            diags.extend(keep_unexplained(deferred, &diags));
            diags.extend(map_notes.iter().cloned());
            (resolved, diags)
        }
        Err(schema) => (zones::resolve(scenario, map, None).0, schema),
    };
    ScenarioCheck {
        resolved,
        diagnostics: finish::finish_unlocated(diags),
    }
}

/// Check a scenario held in memory whose map could not be found (`problem`, what
/// [`MapRegistry::resolve`] said): the findings `saberc check` reports for the same scenario
/// saved, which stops at the JSON Schema stage or else at the map (the editor shows the scenario
/// on a stand-in map meanwhile; nothing is checked against it).
pub fn check_scenario_without_map(scenario: &Scenario, problem: Diagnostic) -> ScenarioCheck {
    let written = serde_json::to_value(scenario).expect("the model always serializes");
    let diags = match scenario_schema(&written) {
        Ok(deferred) => [deferred, vec![problem]].concat(),
        Err(schema) => schema,
    };
    ScenarioCheck {
        resolved: Resolved::default(),
        diagnostics: finish::finish_unlocated(diags),
    }
}

/// Check a map held in memory, by the stages `saberc` runs on a map file from the JSON Schema
/// on; findings sorted and capped as for a file.
pub fn check_map_model(map: &Map) -> Vec<Diagnostic> {
    finish::finish_unlocated(check_map_file(&map.to_file()).1)
}

/// The map stages on a map file built in memory (an imported Tiled map), from the JSON Schema
/// on, as `saberc check` runs them on the same file saved: the map, and the findings (not yet
/// located: the caller knows where each part of the file came from).
pub fn check_map_file(file: &MapFile) -> (Option<Map>, Vec<Diagnostic>) {
    let written = serde_json::to_value(file).expect("the model always serializes");
    map_stages(file, &written)
}
