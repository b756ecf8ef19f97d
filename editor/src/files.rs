//! Reading and writing map and scenario files: RON or JSON in, RON out; atomic saves (the
//! library's `files::write_atomic`), the autosave recovery file, recent files.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use saber_schema::diagnostic::{Diagnostic, Severity};
use saber_schema::model::map::Map;
use saber_schema::model::scenario::Scenario;
use saber_schema::pipeline::maps::{MapOrigin, MapRegistry};
use saber_schema::pipeline::parse::DocKind;
use saber_schema::pipeline::read::Source;
use saber_schema::pipeline::{self, Built};

use crate::document::Document;

/// How many recent files are remembered.
pub const MAX_RECENT: usize = 10;

/// The map the editor starts on when no file is open: the Rifle & Saber map.
pub fn default_map() -> Map {
    saber_schema::builtin::rifle_and_saber()
}

/// The map File → New makes: blank, clear hexes.
pub fn new_map() -> Map {
    Map::blank("untitled", "Untitled", 45, 33)
}

/// A map read from a file, with the problems found while building it.
#[derive(Debug)]
pub struct Loaded {
    /// The map, built as far as possible.
    pub map: Map,
    /// What did not fit (shown in the diagnostics panel too).
    pub problems: Vec<Diagnostic>,
}

/// Is this a file the editor opens (by extension)?
pub fn is_map_file(path: &Path) -> bool {
    matches!(
        path.extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .as_deref(),
        Some("ron" | "json")
    )
}

fn is_json(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
}

/// One diagnostic on one line for a dialog: `file:line:col: error[CODE]: message (hint)`.
pub fn one_line(d: &Diagnostic) -> String {
    let mut s = String::new();
    if let Some(f) = &d.file {
        s.push_str(&format!("{}:", f.display()));
    }
    if let Some(l) = d.location {
        s.push_str(&format!("{}:{}:", l.line, l.column));
    }
    let severity = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    };
    s.push_str(&format!(" {severity}[{}]: {}", d.code, d.message));
    if let Some(h) = &d.hint {
        s.push_str(&format!("\n    hint: {h}"));
    }
    s.trim_start().to_string()
}

/// Load a map from a source with the compiler's pipeline, as `saberc check` reads it: the
/// problems are exactly what `saberc check` reports. A file that parses but breaks the schema
/// still opens, its problems listed, so that it can be repaired; a file that does not parse is
/// refused with `file:line:col` messages.
fn load(src: &Source) -> Result<Loaded, String> {
    match pipeline::compile_source(src, &MapRegistry::new()) {
        (report, Built::Map(map)) => Ok(Loaded {
            map,
            problems: report.diagnostics,
        }),
        (report, _) => Err(refusal(src, &report.diagnostics, "not a map file")),
    }
}

/// Why a file cannot be opened: its errors, one per line, or `what` when it has none.
fn refusal(src: &Source, diags: &[Diagnostic], what: &str) -> String {
    let errors: Vec<String> = diags
        .iter()
        .filter(|d| d.is_error())
        .map(one_line)
        .collect();
    if errors.is_empty() {
        format!("{}: {what}", src.path.display())
    } else {
        errors.join("\n")
    }
}

/// Parse map text; `name` is used in messages and its extension picks RON or JSON.
pub fn parse_map(name: &Path, text: &str) -> Result<Loaded, String> {
    load(&Source::from_text(name, text))
}

/// Read a map file.
pub fn read_map(path: &Path) -> Result<Loaded, String> {
    let src = Source::read(path).map_err(|d| one_line(&d))?;
    load(&src)
}

/// The map as RON text, as saved.
pub fn map_to_ron(map: &Map) -> Result<String, String> {
    let config = ron::ser::PrettyConfig::new().struct_names(false);
    ron::ser::to_string_pretty(&map.to_file(), config).map_err(|e| e.to_string())
}

/// The map as text for `path`: JSON for `.json`, RON otherwise.
pub fn map_to_text(map: &Map, path: &Path) -> Result<String, String> {
    if is_json(path) {
        serde_json::to_string_pretty(&map.to_file()).map_err(|e| e.to_string())
    } else {
        map_to_ron(map)
    }
}

/// Write a file atomically with the library's one helper ([`saber_schema::files::write_atomic`]:
/// a temporary file created exclusively beside the target, then renamed over it; through
/// symlinks to their target; an existing file keeps its permissions, a new one gets the usual
/// default).
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    saber_schema::files::write_atomic(path, text.as_bytes())
}

/// Save a map to a file, atomically.
pub fn save_map(map: &Map, path: &Path) -> Result<(), String> {
    let text = map_to_text(map, path)?;
    write_atomic(path, &text).map_err(|e| format!("{}: {e}", path.display()))
}

/// A scenario read from a file, with its map.
#[derive(Debug)]
pub struct LoadedScenario {
    /// The scenario.
    pub scenario: Scenario,
    /// The map it names.
    pub map: Map,
    /// Which map that is: a map file, or a built-in map.
    pub map_origin: MapOrigin,
    /// What `saberc check` reports for the file (a scenario that breaks the JSON Schema still
    /// opens, to be repaired).
    pub problems: Vec<Diagnostic>,
}

/// A file of either kind.
#[derive(Debug)]
#[allow(clippy::large_enum_variant)] // one per opened file; boxing buys nothing
pub enum LoadedFile {
    /// A map file.
    Map(Loaded),
    /// A scenario file.
    Scenario(LoadedScenario),
}

/// Load a scenario source and the map it names, found as `saberc` finds it
/// ([`MapRegistry::resolve`]: beside the scenario, in `maps/` beside it, in `../maps`, or
/// built in). A scenario that parses but breaks the JSON Schema still opens with its problems
/// listed; one that does not parse, or whose map cannot be found, is refused with
/// `file:line:col` messages.
pub fn load_scenario(src: &Source) -> Result<LoadedScenario, String> {
    match pipeline::compile_source(src, &MapRegistry::new()) {
        (
            report,
            Built::Scenario {
                scenario,
                map: Some((map, map_origin)),
            },
        ) => Ok(LoadedScenario {
            scenario,
            map,
            map_origin,
            problems: report.diagnostics,
        }),
        (report, _) => Err(refusal(src, &report.diagnostics, "not a scenario file")),
    }
}

/// Read a map or scenario file, whichever it is.
pub fn read_any(path: &Path) -> Result<LoadedFile, String> {
    let src = Source::read(path).map_err(|d| one_line(&d))?;
    parse_any(&src)
}

/// Parse map or scenario text, whichever it is.
pub fn parse_any(src: &Source) -> Result<LoadedFile, String> {
    match pipeline::parse::detect(src) {
        Ok((DocKind::Scenario, _)) => load_scenario(src).map(LoadedFile::Scenario),
        Ok((DocKind::Battle, _)) => Err(format!(
            "{}: a battle file (11.18): use Scenario → New from a historical battle, or `saberc factor`",
            src.path.display()
        )),
        _ => load(src).map(LoadedFile::Map),
    }
}

/// The scenario as RON text, as saved.
pub fn scenario_to_ron(s: &Scenario) -> Result<String, String> {
    let config = ron::ser::PrettyConfig::new().struct_names(false);
    ron::ser::to_string_pretty(s, config).map_err(|e| e.to_string())
}

/// The scenario as text for `path`: JSON for `.json`, RON otherwise.
pub fn scenario_to_text(s: &Scenario, path: &Path) -> Result<String, String> {
    if is_json(path) {
        serde_json::to_string_pretty(s).map_err(|e| e.to_string())
    } else {
        scenario_to_ron(s)
    }
}

/// Save a scenario to a file (JSON for `.json`, RON otherwise), atomically.
pub fn save_scenario(s: &Scenario, path: &Path) -> Result<(), String> {
    let text = scenario_to_text(s, path)?;
    write_atomic(path, &text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Save the document (its scenario, or its map) to `path`, atomically.
pub fn save_document(doc: &Document, path: &Path) -> Result<(), String> {
    match doc.scenario() {
        Some(s) => save_scenario(s, path),
        None => save_map(doc.map(), path),
    }
}

/// The first line of a recovery file names the file it recovers.
const RECOVERY_HEADER: &str = "// saber-editor recovery of: ";

/// The autosave recovery file.
#[derive(Debug, Clone)]
pub struct Recovery {
    /// Where it is kept.
    pub path: PathBuf,
}

/// What a recovery file holds.
#[derive(Debug)]
pub struct Recovered {
    /// The map, or the scenario with its map.
    pub doc: LoadedFile,
    /// The file it was edited from, if it had one.
    pub source: Option<PathBuf>,
    /// When it was written.
    pub when: Option<SystemTime>,
}

impl Recovery {
    /// The recovery file in the app's storage directory.
    pub fn in_storage_dir() -> Option<Recovery> {
        eframe::storage_dir("saber-editor").map(|d| Recovery {
            path: d.join("recovery.ron"),
        })
    }

    /// Write the document being edited (atomically).
    pub fn write(&self, doc: &Document) -> Result<(), String> {
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
        }
        let source = doc
            .path
            .as_ref()
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        let body = match doc.scenario() {
            Some(s) => scenario_to_ron(s)?,
            None => map_to_ron(doc.map())?,
        };
        let text = format!("{RECOVERY_HEADER}{source}\n{body}");
        write_atomic(&self.path, &text).map_err(|e| e.to_string())
    }

    /// Read the recovery file, if there is one.
    pub fn read(&self) -> Option<Recovered> {
        let text = std::fs::read_to_string(&self.path).ok()?;
        let source = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix(RECOVERY_HEADER))
            .filter(|s| !s.is_empty())
            .map(PathBuf::from);
        // A recovered scenario finds its map from where its file was (or the built-in maps).
        let at = source.clone().unwrap_or_else(|| self.path.clone());
        let doc = parse_any(&Source::from_text(at, text)).ok()?;
        let when = std::fs::metadata(&self.path)
            .and_then(|m| m.modified())
            .ok();
        Some(Recovered { doc, source, when })
    }

    /// Remove the recovery file (after a save, or when the user discards it).
    pub fn clear(&self) {
        // A missing file is what we want.
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Put a file at the front of the recent list.
pub fn remember(recent: &mut Vec<PathBuf>, path: &Path) {
    recent.retain(|p| p != path);
    recent.insert(0, path.to_path_buf());
    recent.truncate(MAX_RECENT);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_free(map: &Map) -> bool {
        crate::diagnostics::check(map).is_empty()
    }

    #[test]
    fn save_then_read_gives_the_same_map() {
        let dir = tempfile::tempdir().expect("temp dir");
        let map = default_map();
        assert!(check_free(&map), "the default map is clean");
        for name in ["m.ron", "m.json"] {
            let path = dir.path().join(name);
            save_map(&map, &path).expect("saved");
            let back = read_map(&path).expect("read");
            assert!(back.problems.is_empty(), "{:?}", back.problems);
            assert_eq!(back.map, map);
        }
        // Only the saved files remain: no temporary files are left behind.
        assert_eq!(std::fs::read_dir(dir.path()).expect("dir").count(), 2);
    }

    #[test]
    fn syntax_errors_say_line_and_column() {
        let err =
            parse_map(Path::new("bad.ron"), "(format: \"saber-map/1\",\n  id: 3,").unwrap_err();
        assert!(err.starts_with("bad.ron:2:"), "{err}");
        let err = parse_map(Path::new("bad.json"), "{\n\"format\": }").unwrap_err();
        assert!(err.starts_with("bad.json:2:"), "{err}");
    }

    #[test]
    fn recovery_remembers_its_source() {
        let dir = tempfile::tempdir().expect("temp dir");
        let r = Recovery {
            path: dir.path().join("recovery.ron"),
        };
        let map = default_map();
        r.write(&Document::new(
            map.clone(),
            Some(PathBuf::from("/maps/x.ron")),
        ))
        .expect("written");
        let back = r.read().expect("recovered");
        assert!(matches!(back.doc, LoadedFile::Map(l) if l.map == map));
        assert_eq!(back.source, Some(PathBuf::from("/maps/x.ron")));
        r.clear();
        assert!(r.read().is_none());
    }

    #[test]
    fn every_historical_scenario_saves_and_reads_back_unchanged() {
        let dir = tempfile::tempdir().expect("temp dir");
        for h in crate::scenario::historical::HISTORICAL {
            let s = h.scenario().expect("parses");
            for ext in ["ron", "json"] {
                let path = dir.path().join(format!("{}.{ext}", s.id));
                save_scenario(&s, &path).expect("saved");
                let Ok(LoadedFile::Scenario(back)) = read_any(&path) else {
                    panic!("{} did not read back as a scenario", path.display());
                };
                // Notes (an interpretation the file records) are expected; nothing worse.
                let worse: Vec<_> = back
                    .problems
                    .iter()
                    .filter(|d| d.severity != saber_schema::diagnostic::Severity::Note)
                    .collect();
                assert!(worse.is_empty(), "{worse:?}");
                assert_eq!(back.scenario, s);
                assert_eq!(back.map.id, "rifle-and-saber");
            }
        }
    }

    #[test]
    fn a_recovered_scenario_comes_back_with_its_map() {
        let dir = tempfile::tempdir().expect("temp dir");
        let r = Recovery {
            path: dir.path().join("recovery.ron"),
        };
        let s = crate::scenario::historical::HISTORICAL[6]
            .scenario()
            .expect("parses");
        let doc = Document::for_scenario(s.clone(), default_map(), None);
        r.write(&doc).expect("written");
        let back = r.read().expect("recovered");
        assert!(matches!(back.doc, LoadedFile::Scenario(l) if l.scenario == s));
    }

    #[test]
    fn a_scenario_naming_an_unknown_map_is_refused_with_a_hint() {
        let text = crate::scenario::historical::HISTORICAL[6]
            .text
            .replace("map: \"rifle-and-saber\"", "map: \"rifle-and-sabre\"");
        let err = parse_any(&Source::from_text("s.ron", text)).unwrap_err();
        assert!(err.contains("REF") || err.contains("MAP"), "{err}");
        assert!(
            err.contains("rifle-and-saber"),
            "suggests the right id: {err}"
        );
    }
}
