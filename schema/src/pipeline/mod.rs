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
pub mod schema;
pub mod zones;

use std::path::{Path, PathBuf};

use crate::check::{check_map, check_scenario};
use crate::diagnostic::{Diagnostic, Severity};
use crate::model::map::{Map, MapFile};
use crate::model::scenario::Scenario;
use crate::pipeline::maps::MapRegistry;
use crate::pipeline::parse::{DocKind, detect, parse};
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
    let file: MapFile = match parse(src) {
        Ok(f) => f,
        Err(d) => return (None, vec![d]),
    };
    let value = serde_json::to_value(&file).expect("the model always serializes");
    let schema = schema::validate(DocKind::Map, &value);
    if !schema.is_empty() {
        return (None, schema);
    }
    let (map, mut diags) = Map::from_file(&file);
    diags.extend(check_map(&map));
    (Some(map), diags)
}

/// Parse and schema-check a scenario; diagnostics are not yet located.
pub fn load_scenario(src: &Source) -> Result<Scenario, Vec<Diagnostic>> {
    let s: Scenario = parse(src).map_err(|d| vec![d])?;
    let value = serde_json::to_value(&s).expect("the model always serializes");
    let schema = schema::validate(DocKind::Scenario, &value);
    if !schema.is_empty() {
        return Err(schema);
    }
    Ok(s)
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
    let scenario = match load_scenario(src) {
        Ok(s) => s,
        Err(d) => return (None, d),
    };
    let map = match registry.resolve(&scenario.map, &src.path) {
        Ok(m) => m,
        Err(d) => return (None, vec![d]),
    };
    let (resolved, diags) = check_scenario(&scenario, &map);
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
