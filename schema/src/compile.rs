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
use crate::locate::{Lines, Locator};
use crate::map::{Map, MapFile};
use crate::path;
use crate::resolve::Resolved;
use crate::scenario::Scenario;
use crate::source::{DocKind, Source, detect, parse};

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
        let mut allowed: Vec<PathBuf> = self.roots.clone();
        let canon_base = base.canonicalize().ok();
        if let Some(b) = &canon_base {
            allowed.push(b.clone());
        }
        let canon = full.canonicalize().map_err(|e| {
            // A path that leads out of the allowed directories is refused the same way whether
            // or not its target exists, so that answers tell nothing about files outside.
            let lexical = canon_base.as_ref().and_then(|b| lexically_joined(b, rel));
            if !lexical.is_some_and(|l| allowed.iter().any(|root| l.starts_with(root))) {
                return outside(
                    reference,
                    "outside the scenario's directory and the map directories",
                );
            }
            Diagnostic::error(
                Code::UnknownMap,
                format!("cannot open map `{reference}`: {e}"),
            )
            .at_path(path!["map"])
            .with_hint("the path is relative to the scenario file")
        })?;
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

/// `base` joined with `rel`, with `.` and `..` resolved by the text alone (`None` when `..`
/// climbs above the root).
fn lexically_joined(base: &Path, rel: &Path) -> Option<PathBuf> {
    let mut out = base.to_path_buf();
    for c in rel.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            Component::Normal(n) => out.push(n),
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(out)
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
    let file: MapFile = match parse(src) {
        Ok(f) => f,
        Err(d) => return (None, vec![d]),
    };
    let value = serde_json::to_value(&file).expect("the model always serializes");
    let schema = json_schema::validate(DocKind::Map, &value);
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
    let schema = json_schema::validate(DocKind::Scenario, &value);
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

/// Read and check a file. A file that is not UTF-8 is reported at its line and column, with
/// its text read lossily for showing.
pub fn check_path(path: &Path, registry: &MapRegistry) -> FileReport {
    let bytes = match crate::source::read_regular(path) {
        Ok(b) => b,
        Err(d) => {
            return FileReport {
                path: path.to_path_buf(),
                text: None,
                kind: None,
                diagnostics: vec![d.in_file(path)],
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
            }
        }
    }
}

/// Attach the file, locate by path, sort by position, and cap the count. Linear in the text
/// and the number of findings: paths are located by one [`Locator`], and lines and columns are
/// computed in one sweep, only for the findings that are kept.
pub fn finish(src: &Source, diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let locator = Locator::new(&src.text);
    let mut spans: Vec<(Diagnostic, usize, Option<usize>)> = diags
        .into_iter()
        .map(|mut d| {
            d.file = Some(src.path.clone());
            match (&d.location, &d.path) {
                (Some(l), _) => {
                    let at = l.offset;
                    (d, at, None)
                }
                (None, Some(p)) => {
                    let (at, len) = locator.span(p);
                    (d, at, Some(len))
                }
                (None, None) => (d, 0, None),
            }
        })
        .collect();
    spans.sort_by(|a, b| {
        a.1.cmp(&b.1)
            .then(a.0.severity.cmp(&b.0.severity))
            .then(a.0.code.cmp(&b.0.code))
    });
    spans.dedup_by(|a, b| {
        a.0.code == b.0.code && a.0.message == b.0.message && a.1 == b.1 && a.2 == b.2
    });
    let extra = spans.len().saturating_sub(limits::MAX_DIAGNOSTICS_PER_FILE);
    spans.truncate(limits::MAX_DIAGNOSTICS_PER_FILE);
    let mut lines = Lines::new(&src.text);
    let mut out: Vec<Diagnostic> = spans
        .into_iter()
        .map(|(mut d, at, len)| {
            if let Some(len) = len {
                d.location = Some(lines.at(at, len));
            }
            d
        })
        .collect();
    if extra > 0 {
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

/// Deepest directory level searched below a path given to `check`.
pub const MAX_DIR_DEPTH: usize = 32;

/// What a search of directories found: the files to check, what it left out on purpose (said
/// in the summary), and what it could not search (reported as errors, so that nothing left
/// unread can make a run pass).
#[derive(Debug, Default, Clone)]
pub struct Collected {
    /// `.ron` and `.json` files (any case), sorted.
    pub files: Vec<PathBuf>,
    /// Folders not searched, with why: version-control internals and Cargo build output.
    pub skipped: Vec<(PathBuf, &'static str)>,
    /// Directories that could not be read or lie too deep: errors (IO001).
    pub problems: Vec<Diagnostic>,
}

/// Every `.ron` and `.json` file (in any case) under the given paths, files taken as they
/// are. Hidden folders are searched; symbolic links are followed (each directory once);
/// version-control internals (`.git`, `.hg`, `.svn`) and Cargo build output (a `target`
/// folder holding `CACHEDIR.TAG`) are skipped and listed; a folder deeper than
/// [`MAX_DIR_DEPTH`] or one that cannot be read is an error.
pub fn collect(paths: &[PathBuf]) -> Result<Collected, Diagnostic> {
    let mut out = Collected::default();
    let mut seen = std::collections::HashSet::new();
    for p in paths {
        let meta = std::fs::metadata(p).map_err(|e| {
            Diagnostic::error(Code::Io, format!("cannot read {}: {e}", p.display()))
                .in_file(p)
                .with_hint("check the path")
        })?;
        if meta.is_dir() {
            walk(p, &mut out, &mut seen, 0);
        } else {
            out.files.push(p.clone());
        }
    }
    out.files.sort();
    out.files.dedup();
    Ok(out)
}

/// The files of [`collect`], failing on the first directory that cannot be searched.
pub fn collect_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Diagnostic> {
    let mut c = collect(paths)?;
    match c.problems.is_empty() {
        true => Ok(c.files),
        false => Err(c.problems.swap_remove(0)),
    }
}

fn walk(
    dir: &Path,
    out: &mut Collected,
    seen: &mut std::collections::HashSet<PathBuf>,
    depth: usize,
) {
    let problem = |what: String| {
        Diagnostic::error(Code::Io, what)
            .in_file(dir)
            .with_hint("nothing in this folder was checked: fix its permissions or check its files directly")
    };
    if depth > MAX_DIR_DEPTH {
        out.problems.push(problem(format!(
            "{} is nested more than {MAX_DIR_DEPTH} folders deep and was not searched",
            dir.display()
        )));
        return;
    }
    // Each directory once, however many links lead to it (no cycles).
    match dir.canonicalize() {
        Ok(c) => {
            if !seen.insert(c) {
                return;
            }
        }
        Err(e) => {
            out.problems
                .push(problem(format!("cannot search {}: {e}", dir.display())));
            return;
        }
    }
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            out.problems
                .push(problem(format!("cannot search {}: {e}", dir.display())));
            return;
        }
    };
    for e in entries {
        let e = match e {
            Ok(e) => e,
            Err(err) => {
                out.problems
                    .push(problem(format!("cannot search {}: {err}", dir.display())));
                continue;
            }
        };
        let path = e.path();
        let name = e.file_name();
        // Follow symbolic links to what they name.
        let Ok(meta) = std::fs::metadata(&path) else {
            if is_candidate(&path) {
                // A dangling link or an unreadable entry: let reading it report why.
                out.files.push(path);
            }
            continue;
        };
        if meta.is_dir() {
            if let Some(why) = skipped_dir(&path, &name.to_string_lossy()) {
                out.skipped.push((path, why));
            } else {
                walk(&path, out, seen, depth + 1);
            }
        } else if is_candidate(&path) {
            // Regular or not: a FIFO named `x.ron` is reported by reading, never opened.
            out.files.push(path);
        }
    }
}

fn is_candidate(path: &Path) -> bool {
    path.extension()
        .and_then(|x| x.to_str())
        .is_some_and(|x| x.eq_ignore_ascii_case("ron") || x.eq_ignore_ascii_case("json"))
}

/// Why a folder is left out of a search, if it is.
fn skipped_dir(path: &Path, name: &str) -> Option<&'static str> {
    if matches!(name, ".git" | ".hg" | ".svn") {
        return Some("version-control internals");
    }
    if name == "target" && path.join("CACHEDIR.TAG").is_file() {
        return Some("Cargo build output");
    }
    None
}
