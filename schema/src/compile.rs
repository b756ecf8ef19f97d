//! The compiler pipeline for one file: detect kind and version → parse (RON or JSON) → JSON
//! Schema → resolve references and zones → rule checks, each stage reporting diagnostics and
//! stopping only where the next cannot run. Every diagnostic leaves with file:line:col.

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

use crate::builtin;
use crate::check::{check_map, check_scenario};
use crate::diagnostic::{Code, Diagnostic, Severity, did_you_mean, suggestions};
use crate::json_schema;
use crate::limits;
use crate::locate::locate;
use crate::map::{Map, MapFile};
use crate::path;
use crate::resolve::Resolved;
use crate::scenario::Scenario;
use crate::source::{DocKind, Source, detect, parse_document, parse_document_all};

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

/// Maps a scenario may name: those found on the command line and in map directories, then the
/// built-in ones. Relative map paths must stay inside the scenario's directory tree or a map
/// directory.
#[derive(Debug, Default, Clone)]
pub struct MapRegistry {
    maps: BTreeMap<String, (PathBuf, Map)>,
    roots: Vec<PathBuf>,
}

impl MapRegistry {
    /// An empty registry (built-in maps are always available).
    pub fn new() -> MapRegistry {
        MapRegistry::default()
    }

    /// Allow relative map paths to resolve inside this directory.
    pub fn add_root(&mut self, dir: &Path) {
        if let Ok(c) = dir.canonicalize() {
            self.roots.push(c);
        }
    }

    /// Register a checked map under its id.
    pub fn add(&mut self, path: PathBuf, map: Map) {
        self.maps.insert(map.id.clone(), (path, map));
    }

    /// The ids known, for suggestions.
    pub fn ids(&self) -> Vec<String> {
        let mut v: Vec<String> = self.maps.keys().cloned().collect();
        for id in builtin::ids() {
            if !v.iter().any(|x| x == id) {
                v.push(id.to_string());
            }
        }
        v
    }

    /// Find the map a scenario names. `scenario_path` locates relative references.
    pub fn resolve(&self, reference: &str, scenario_path: &Path) -> Result<Map, Diagnostic> {
        let is_path = reference.contains('/')
            || reference.contains('\\')
            || reference.ends_with(".ron")
            || reference.ends_with(".json");
        if !is_path {
            if let Some((_, m)) = self.maps.get(reference) {
                return Ok(m.clone());
            }
            if let Some(m) = builtin::map(reference) {
                return Ok(m);
            }
            let ids = self.ids();
            let near = suggestions(reference, ids.iter().map(String::as_str));
            return Err(Diagnostic::error(
                Code::UnknownMap,
                format!("no map has the id `{reference}`"),
            )
            .at_path(path!["map"])
            .with_hint(did_you_mean(&near).unwrap_or_else(|| {
                format!(
                    "known maps: {}; or pass the map's directory with --maps DIR",
                    ids.join(", ")
                )
            })));
        }
        let rel = Path::new(reference);
        if rel.is_absolute()
            || rel
                .components()
                .any(|c| matches!(c, Component::Prefix(_) | Component::RootDir))
        {
            return Err(outside(reference, "an absolute path"));
        }
        let base = scenario_path.parent().unwrap_or(Path::new("."));
        let base = if base.as_os_str().is_empty() {
            Path::new(".")
        } else {
            base
        };
        let full = base.join(rel);
        let canon = full.canonicalize().map_err(|e| {
            Diagnostic::error(
                Code::UnknownMap,
                format!("cannot open map `{reference}`: {e}"),
            )
            .at_path(path!["map"])
            .with_hint("the path is relative to the scenario file")
        })?;
        let mut allowed: Vec<PathBuf> = self.roots.clone();
        if let Ok(b) = base.canonicalize() {
            allowed.push(b);
        }
        if !allowed.iter().any(|root| canon.starts_with(root)) {
            return Err(outside(
                reference,
                "outside the scenario's directory and the map directories",
            ));
        }
        let src = Source::read(&canon).map_err(|d| d.at_path(path!["map"]))?;
        let (map, diags) = load_map(&src);
        match map {
            Some(m) if !diags.iter().any(Diagnostic::is_error) => Ok(m),
            _ => Err(Diagnostic::error(
                Code::UnknownMap,
                format!("the map `{reference}` has errors"),
            )
            .at_path(path!["map"])
            .with_hint(format!(
                "run `saberc check {}` and fix it first",
                canon.display()
            ))),
        }
    }
}

fn outside(reference: &str, why: &str) -> Diagnostic {
    Diagnostic::error(
        Code::MapOutsideRoots,
        format!("the map path `{reference}` is {why}"),
    )
    .at_path(path!["map"])
    .with_hint(
        "name the map by id (`map: \"rifle-and-saber\"`), or give its directory with --maps DIR",
    )
}

/// Parse, schema-check and build a map; diagnostics are not yet located.
pub fn load_map(src: &Source) -> (Option<Map>, Vec<Diagnostic>) {
    let (file, written): (MapFile, _) = match parse_document_all(src) {
        Ok(f) => f,
        Err(d) => return (None, d),
    };
    let schema = json_schema::validate(DocKind::Map, &written);
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
    match json_schema::validate_deferring(DocKind::Scenario, &written) {
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
            match parse_document::<crate::export::Export>(src) {
                Ok((_, written)) => diags.extend(json_schema::validate_export(&written)),
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

/// Attach the file, locate by path, sort by position, and cap the count.
pub fn finish(src: &Source, diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = diags
        .into_iter()
        .map(|mut d| {
            d.file = Some(src.path.clone());
            if d.location.is_none()
                && let Some(p) = &d.path
            {
                d.location = Some(locate(&src.text, p));
            }
            d
        })
        .collect();
    out.sort_by(|a, b| {
        let la = a.location.map(|l| l.offset).unwrap_or(0);
        let lb = b.location.map(|l| l.offset).unwrap_or(0);
        la.cmp(&lb)
            .then(a.severity.cmp(&b.severity))
            .then(a.code.cmp(&b.code))
    });
    out.dedup_by(|a, b| a.code == b.code && a.message == b.message && a.location == b.location);
    if out.len() > limits::MAX_DIAGNOSTICS_PER_FILE {
        let extra = out.len() - limits::MAX_DIAGNOSTICS_PER_FILE;
        out.truncate(limits::MAX_DIAGNOSTICS_PER_FILE);
        out.push(
            Diagnostic::note(
                Code::LimitExceeded,
                format!("{extra} more diagnostics not shown"),
            )
            .in_file(&src.path)
            .with_hint("fix the ones above first"),
        );
    }
    out
}

/// Every `.ron` and `.json` file under the given paths (files are taken as they are), sorted,
/// skipping hidden directories and `target`.
pub fn collect_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Diagnostic> {
    let mut out = Vec::new();
    for p in paths {
        let meta = std::fs::metadata(p).map_err(|e| {
            Diagnostic::error(Code::Io, format!("cannot read {}: {e}", p.display()))
                .in_file(p)
                .with_hint("check the path")
        })?;
        if meta.is_dir() {
            walk(p, &mut out, 0);
        } else {
            out.push(p.clone());
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>, depth: usize) {
    if depth > 32 {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        if name.starts_with('.') || name == "target" {
            continue;
        }
        let Ok(ft) = e.file_type() else { continue };
        let path = e.path();
        if ft.is_dir() {
            walk(&path, out, depth + 1);
        } else if ft.is_file() {
            let ext = path.extension().and_then(|x| x.to_str()).unwrap_or("");
            if ext == "ron" || ext == "json" {
                out.push(path);
            }
        }
    }
}
