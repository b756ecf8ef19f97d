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

pub mod batch;
pub mod finish;
pub mod game;
pub mod games;
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
pub mod rifle_and_saber;
pub mod schema;
pub mod zones;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::check::check_scenario;
use crate::diagnostic::{Code, Diagnostic, Severity};
use crate::model::map::{Map, MapFile};
use crate::model::scenario::Scenario;
use crate::pipeline::game::Opened;
use crate::pipeline::maps::{MapOrigin, MapRegistry};
use crate::pipeline::parse::{DocKind, detect_with_game};
use crate::pipeline::read::Source;
use crate::pipeline::rifle_and_saber::{Asked, load_scenario_deferring, scenario_schema};
use crate::pipeline::zones::Resolved;

pub use batch::check_batch;
pub use finish::finish;
pub use game::{Built, Compiled};
pub use games::load_map;
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
    /// The report of a file that could not be read (or no further than its findings): its
    /// text, if any, and nothing built.
    pub fn unread(path: &Path, diagnostics: Vec<Diagnostic>, text: Option<String>) -> FileReport {
        FileReport {
            path: path.to_path_buf(),
            text,
            kind: None,
            diagnostics,
            map: None,
            map_id: None,
        }
    }

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

/// Parse and schema-check a Rifle & Saber scenario; diagnostics are not yet located.
pub fn load_scenario(src: &Source) -> Result<Scenario, Vec<Diagnostic>> {
    let words = || games::words(DocKind::Scenario);
    match load_scenario_deferring(src, Asked::No, &games::old_spellings(src), &words)? {
        (s, deferred) if deferred.is_empty() => Ok(s),
        (_, deferred) => Err(deferred),
    }
}

/// Run the whole pipeline on a scenario source; diagnostics are not yet located.
pub fn compile_scenario(
    src: &Source,
    registry: &MapRegistry,
) -> (Option<Compiled>, Vec<Diagnostic>) {
    // The scenario's game's front end compiles it.
    let (compiled, diags, _) = games::of_source(src).compile_scenario(src, registry);
    (compiled, diags)
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

/// [`compile_source`] without the proofs of its suggestions (what each proof runs): the file's
/// game's front end ([`games::of_source`]) reads it.
fn compile_unproven(src: &Source, registry: &MapRegistry) -> (FileReport, Built) {
    let (kind, opened) = match detect_with_game(src) {
        // An engine export among the source files: named as such, and held to its schema.
        Err(d) if d.code == Code::EngineExport => {
            let diags = [vec![d], games::of_source(src).check_export(src)].concat();
            (None, Opened::nothing(diags))
        }
        Err(d) => (None, Opened::nothing(vec![d])),
        Ok((DocKind::Battle, _, _)) => (
            Some(DocKind::Battle),
            Opened::nothing(crate::factor::check_battle(src)),
        ),
        Ok((kind, _, game)) => (
            Some(kind),
            games::of(game.unwrap_or_default()).open(src, kind, registry),
        ),
    };
    let diagnostics = finish(src, opened.diags);
    let map_id = opened.map_id;
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
        map: opened.map_used,
        map_id,
    };
    (report, opened.built)
}

/// Check one source of either kind and locate its diagnostics.
pub fn check_source(src: &Source, registry: &MapRegistry) -> FileReport {
    compile_source(src, registry).0
}

/// Read and check a file. A file that is not UTF-8 is reported at its line and column, with
/// its text read lossily for showing.
pub fn check_path(path: &Path, registry: &MapRegistry) -> FileReport {
    check_read(path, read::read_regular(path), registry)
}

/// Check a file from what reading it gave ([`read::read_regular`]: its bytes, or why not).
pub fn check_read(
    path: &Path,
    read: Result<Vec<u8>, Diagnostic>,
    registry: &MapRegistry,
) -> FileReport {
    let bytes = match read {
        Ok(b) => b,
        Err(d) => return FileReport::unread(path, vec![d.in_file(path)], None),
    };
    match Source::from_bytes(path, bytes) {
        Ok(src) => check_source(&src, registry),
        Err((d, text)) => {
            let src = Source::from_text(path, text);
            FileReport::unread(path, finish(&src, vec![d]), Some(src.text))
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
            map: Arc::new(map),
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
