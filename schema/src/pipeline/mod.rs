//! The compiler pipeline for one file, stages in the order they run: [`read`] (regular files
//! only) → [`parse`] (detect kind and version, RON or JSON) → [`schema`] (JSON Schema) →
//! [`maps`] (map resolution) → [`zones`] (zone compilation) → rule checks ([`crate::check`]) →
//! [`locate`] and [`finish`]. Each stage reports diagnostics and stops only where the next
//! cannot run; every diagnostic leaves with file:line:col.

pub mod finish;
pub mod locate;
pub mod maps;
pub mod parse;
pub mod read;
pub mod record;
pub mod recover;
pub mod schema;
pub mod zones;

use std::path::{Path, PathBuf};

use crate::check::{check_map, check_scenario};
use crate::diagnostic::{Code, Diagnostic, Severity};
use crate::model::map::{Map, MapFile};
use crate::model::scenario::Scenario;
use crate::pipeline::maps::MapRegistry;
use crate::pipeline::parse::{DocKind, detect, parse_document, parse_document_all};
use crate::pipeline::read::Source;
use crate::pipeline::zones::Resolved;

pub use finish::finish;
pub use read::collect_files;

/// What checking one file found.
#[derive(Debug, Clone)]
pub struct FileReport {
    /// The file.
    pub path: PathBuf,
    /// Its text, for showing source lines (none if it could not be read).
    pub text: Option<String>,
    /// Map or scenario, once known.
    pub kind: Option<DocKind>,
    /// Findings, located and sorted.
    pub diagnostics: Vec<Diagnostic>,
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

/// Parse, schema-check and build a map; diagnostics are not yet located.
pub fn load_map(src: &Source) -> (Option<Map>, Vec<Diagnostic>) {
    let (file, written): (MapFile, _) = match parse_document_all(src) {
        Ok(f) => f,
        Err(d) => return (None, d),
    };
    let schema = schema::validate(DocKind::Map, &written);
    if !schema.is_empty() {
        return (None, schema);
    }
    let (map, mut diags) = Map::from_file(&file);
    diags.extend(check_map(&map));
    (Some(map), diags)
}

/// Parse and schema-check a scenario; diagnostics are not yet located.
pub fn load_scenario(src: &Source) -> Result<Scenario, Vec<Diagnostic>> {
    match load_scenario_deferring(src)? {
        (s, deferred) if deferred.is_empty() => Ok(s),
        (_, deferred) => Err(deferred),
    }
}

/// Parse and schema-check a scenario, validating what the user wrote. Schema findings that a
/// rule check explains better (a turn past the Turn Record Track: TRN001, TRN002, …) do not stop
/// the pipeline: they come back beside the scenario, for [`keep_unexplained`] after the checks.
fn load_scenario_deferring(src: &Source) -> Result<(Scenario, Vec<Diagnostic>), Vec<Diagnostic>> {
    let (s, written): (Scenario, _) = parse_document_all(src)?;
    match schema::validate_deferring(DocKind::Scenario, &written) {
        (blocking, deferred) if blocking.is_empty() => Ok((s, deferred)),
        (blocking, deferred) => Err([blocking, deferred].concat()),
    }
}

/// The deferred schema findings that no rule check reported an error for at the same place:
/// a rule-level message replaces the schema's, but a value is never let through.
fn keep_unexplained(deferred: Vec<Diagnostic>, found: &[Diagnostic]) -> Vec<Diagnostic> {
    deferred
        .into_iter()
        .filter(|d| !found.iter().any(|f| f.is_error() && f.path == d.path))
        .collect()
}

/// A scenario compiled on its map.
#[derive(Debug, Clone)]
pub struct Compiled {
    /// The scenario.
    pub scenario: Scenario,
    /// Its map.
    pub map: Map,
    /// Its zones as hexes.
    pub resolved: Resolved,
}

/// Run the whole pipeline on a scenario source.
pub fn compile_scenario(
    src: &Source,
    registry: &MapRegistry,
) -> (Option<Compiled>, Vec<Diagnostic>) {
    let (scenario, deferred) = match load_scenario_deferring(src) {
        Ok(s) => s,
        Err(d) => return (None, d),
    };
    let map = match registry.resolve(&scenario.map, &src.path) {
        Ok(m) => m,
        Err(d) => return (None, [deferred, vec![d]].concat()),
    };
    let (resolved, mut diags) = check_scenario(&scenario, &map);
    diags.extend(keep_unexplained(deferred, &diags));
    (
        Some(Compiled {
            scenario,
            map,
            resolved,
        }),
        diags,
    )
}

/// Check one source of either kind and locate its diagnostics.
pub fn check_source(src: &Source, registry: &MapRegistry) -> FileReport {
    let (kind, diags) = match detect(src) {
        // An engine export among the source files: named as such, and held to its schema.
        Err(d) if d.code == Code::UnknownFormat && d.severity == Severity::Note => {
            let mut diags = vec![d];
            match parse_document::<crate::output::export::Export>(src) {
                Ok((_, written)) => diags.extend(schema::validate_export(&written)),
                Err(e) => diags.push(e),
            }
            (None, diags)
        }
        Err(d) => (None, vec![d]),
        Ok((DocKind::Map, _)) => (Some(DocKind::Map), load_map(src).1),
        Ok((DocKind::Scenario, _)) => (Some(DocKind::Scenario), compile_scenario(src, registry).1),
        Ok((DocKind::Battle, _)) => (Some(DocKind::Battle), crate::factor::check_battle(src)),
    };
    FileReport {
        path: src.path.clone(),
        text: Some(src.text.clone()),
        kind,
        diagnostics: finish(src, diags),
    }
}

/// Read and check a file.
pub fn check_path(path: &Path, registry: &MapRegistry) -> FileReport {
    match Source::read(path) {
        Ok(src) => check_source(&src, registry),
        Err(d) => FileReport {
            path: path.to_path_buf(),
            text: None,
            kind: None,
            diagnostics: vec![d.in_file(path)],
        },
    }
}
