//! Reading and writing map and scenario files: RON or JSON in, RON out; saves through the
//! library's one safe writer (`saber_schema::files::Target`), recent files (the autosave's
//! recovery files are `crate::recovery`).

use std::path::{Path, PathBuf};

use saber_schema::diagnostic::Diagnostic;
use saber_schema::files::{FileState, Target};
use saber_schema::model::map::Map;
use saber_schema::pipeline::maps::MapOrigin;
use saber_schema::pipeline::read::{Source, Syntax, syntax_of};
use saber_schema::syntax::edit::has_comments;

use crate::content::Content;
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

/// Is this a file the editor opens (by extension)?
pub fn is_map_file(path: &Path) -> bool {
    has_extension(path, &["ron", "json"])
}

/// Does `path` end in one of `extensions` (in any case)?
pub(crate) fn has_extension(path: &Path, extensions: &[impl AsRef<str>]) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| {
        extensions
            .iter()
            .any(|x| x.as_ref().eq_ignore_ascii_case(e))
    })
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
    let severity = saber_schema::diagnostic::codes::severity_name(d.severity);
    s.push_str(&format!(" {severity}[{}]: {}", d.code, d.message));
    if let Some(h) = &d.hint {
        s.push_str(&format!("\n    hint: {h}"));
    }
    s.trim_start().to_string()
}

/// Why a file cannot be opened: its errors, one per line, or `what` when it has none.
pub(crate) fn refusal(src: &Source, diags: &[Diagnostic], what: &str) -> String {
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

fn syntax_for(path: &Path) -> Syntax {
    if has_extension(path, &["json"]) {
        Syntax::Json
    } else {
        Syntax::Ron
    }
}

/// Write a file the editor reads back with the library's one safe writer
/// ([`saber_schema::files::Target`]: a temporary file beside the target renamed over it; only
/// regular files; owner, group and mode kept; never past the read limit), refusing when the
/// file is no longer in `expected` (it changed on disk since it was read). Returns the state of
/// the file written.
pub fn write_file(
    path: &Path,
    text: &str,
    expected: Option<FileState>,
) -> Result<Option<FileState>, String> {
    Target::file(path)
        .read_back()
        .unchanged_since(expected)
        .write(text.as_bytes())
        .map_err(|e| e.to_string())
}

/// Write a model (a map's file form, a scenario) whole to a file in `saberc fmt`'s layout:
/// JSON for `.json`, RON otherwise.
pub fn save_model<T: serde::Serialize>(model: &T, path: &Path) -> Result<(), String> {
    let text = saber_schema::output::format::model_text(model, syntax_for(path))
        .map_err(|e| e.to_string())?;
    write_file(path, &text, None).map(|_| ())
}

/// A map or scenario read from a file, of whichever game, with what reading it found.
#[derive(Debug)]
pub struct LoadedFile {
    /// The map or scenario, as parsed (a map that is the map itself, [`Self::map`], holds
    /// nothing else).
    pub content: Content,
    /// The map to show: a map document's own, a scenario's as found (a blank stand-in when
    /// [`Self::missing_map`] says it was not found).
    pub map: Map,
    /// A scenario's map as its game's document, as found beside its map.
    pub map_doc: Option<Content>,
    /// Which map a scenario's is: a map file, or a built-in map (`None` when not found).
    pub map_origin: Option<MapOrigin>,
    /// Why the map a scenario names was not found, if it was not (`MapRegistry::resolve`'s
    /// own finding: REF004, REF005 or REF006).
    pub missing_map: Option<Diagnostic>,
    /// What finding resolving a scenario's map noted besides (REF005: a map file near the
    /// scenario claims the built-in id it names), which every later check reports too.
    pub map_notes: Vec<Diagnostic>,
    /// What `saberc check` reports for the file (a file that breaks the JSON Schema still
    /// opens, to be repaired).
    pub problems: Vec<Diagnostic>,
    /// The text it was read from, which a save edits.
    pub text: String,
}

impl LoadedFile {
    /// `content` on `map`, read from `src` with `problems`; no scenario's map beside it.
    pub fn new(content: Content, map: Map, problems: Vec<Diagnostic>, src: &Source) -> LoadedFile {
        LoadedFile {
            content,
            map,
            map_doc: None,
            map_origin: None,
            missing_map: None,
            map_notes: Vec::new(),
            problems,
            text: src.text.clone(),
        }
    }

    /// The document for the file just read (a scenario whose map was not found shows a blank
    /// stand-in; `map_problem` says why).
    pub fn into_document(self, path: Option<PathBuf>) -> Document {
        let mut doc = Document::of(self.content, self.map, path);
        doc.map_doc = self.map_doc;
        doc.text = Some(self.text);
        doc.map_file = match self.map_origin {
            Some(MapOrigin::File(p)) => Some(p),
            Some(MapOrigin::BuiltIn(_)) | None => None,
        };
        doc.map_problem = self.missing_map;
        doc.map_notes = self.map_notes;
        doc
    }

    /// "map" or "scenario", its id and its name.
    pub fn what(&self) -> (&'static str, &str, &str) {
        let c = &self.content;
        (c.kind(), c.id(&self.map), c.name(&self.map))
    }
}

/// The path of `file` relative to the folder `dir` (both made absolute first), with `/`
/// separators, as a scenario's `map` field records it.
pub fn relative_to(dir: &Path, file: &Path) -> Option<String> {
    let dir = dir.canonicalize().ok()?;
    let file = file.canonicalize().ok()?;
    let a: Vec<_> = dir.components().collect();
    let b: Vec<_> = file.components().collect();
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    if common == 0 {
        return None;
    }
    let mut parts: Vec<String> = std::iter::repeat_n("..".to_string(), a.len() - common).collect();
    parts.extend(
        b[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    Some(parts.join("/"))
}

/// The text a save of the document to `path` writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaveText {
    /// The text the document was read from (or last saved as), changed only where the
    /// document changed: its comments and layout kept.
    Edited(String),
    /// A new file, or a document read from no text: written whole in `saberc fmt`'s layout.
    New(String),
    /// The file's text could not be edited (why, and the text written whole): its comments
    /// and layout would be lost, so the user must agree first.
    Rewrite {
        /// Why the text could not be kept.
        why: String,
        /// The whole file, in `saberc fmt`'s layout.
        text: String,
    },
}

/// What a save of the document to `path` writes: its own text edited where the document
/// changed ([`saber_schema::syntax::edit::edit_text`]), else the whole file.
pub fn document_text(doc: &Document, path: &Path) -> Result<SaveText, String> {
    content_text(doc.map(), doc.content(), doc.text.as_deref(), path)
}

/// What a save to `path` of `content` drawn on `map`, read from (or last saved as) `text`,
/// writes (see [`document_text`]).
pub fn content_text(
    map: &Map,
    content: &Content,
    text: Option<&str>,
    path: &Path,
) -> Result<SaveText, String> {
    let syntax = syntax_for(path);
    let whole = content.whole_text(map, syntax)?;
    let Some(old) = text else {
        return Ok(SaveText::New(whole));
    };
    if syntax_of(path, old) != syntax {
        // Saved as the other syntax: the old text cannot be edited into it.
        return Ok(
            if has_comments(&saber_schema::syntax::parse(old).syntax()) {
                SaveText::Rewrite {
                    why: "the file is saved in the other syntax (JSON has no comments)".into(),
                    text: whole,
                }
            } else {
                SaveText::New(whole)
            },
        );
    }
    Ok(match content.edit_text(map, old, syntax) {
        Ok(text) => SaveText::Edited(text),
        Err(why) => SaveText::Rewrite { why, text: whole },
    })
}

/// A document saved: the text written, and the file's state after (for the next save's check).
#[derive(Debug, Clone)]
pub struct Saved {
    /// The text written.
    pub text: String,
    /// The file as written.
    pub state: Option<FileState>,
}

/// Save the document (its scenario, or its map) to `path` with the one safe writer, editing
/// the text it was read from; to its own file only if that is still as it was read or last
/// saved ([`Document::on_disk`]: another program's edit since is kept, and the save refused).
/// When the text could not be edited, writes the whole file only if `allow_rewrite` (else
/// `Ok(None)`: ask the user, then save again).
pub fn save_document_with(
    doc: &Document,
    path: &Path,
    allow_rewrite: bool,
) -> Result<Option<Saved>, String> {
    let text = match document_text(doc, path)? {
        SaveText::Edited(t) | SaveText::New(t) => t,
        SaveText::Rewrite { text, .. } if allow_rewrite => text,
        SaveText::Rewrite { .. } => return Ok(None),
    };
    let expected = doc.on_disk.filter(|_| doc.path.as_deref() == Some(path));
    let state = write_file(path, &text, expected)?;
    Ok(Some(Saved { text, state }))
}

/// Save the document to `path`, editing the text it was read from; refused when
/// that text cannot be edited (the caller must ask before writing the whole file).
pub fn save_document(doc: &Document, path: &Path) -> Result<(), String> {
    match save_document_with(doc, path, false)? {
        Some(_) => Ok(()),
        None => Err(format!(
            "{}: the file's comments and layout cannot be kept; not saved",
            path.display()
        )),
    }
}

/// The full path of a file named on the command line or in a dialog: canonical (absolute, no
/// `.` or `..`, links resolved) when it exists, else absolute. What the editor remembers (the
/// document's file, recent files, the last file, recovery files) must still name the same file
/// when the editor is started from another folder.
pub fn full_path(path: &Path) -> PathBuf {
    path.canonicalize()
        .or_else(|_| std::path::absolute(path))
        .unwrap_or_else(|_| path.to_path_buf())
}

/// Put a file at the front of the recent list (by its full path).
pub fn remember(recent: &mut Vec<PathBuf>, path: &Path) {
    let path = full_path(path);
    recent.retain(|p| *p != path);
    recent.insert(0, path);
    recent.truncate(MAX_RECENT);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recovery::RecoveryDir;
    use saber_schema::model::scenario::Scenario;
    use saber_schema::ruleset::Game;

    fn check_free(map: &Map) -> bool {
        saber_schema::pipeline::check_map_model(map).is_empty()
    }

    #[test]
    fn save_then_read_gives_the_same_map() {
        let dir = tempfile::tempdir().expect("temp dir");
        let map = default_map();
        assert!(check_free(&map), "the default map is clean");
        for name in ["m.ron", "m.json"] {
            let path = dir.path().join(name);
            save_model(&map.to_file(), &path).expect("saved");
            let back = crate::games::read_any(&path).expect("read");
            assert!(back.problems.is_empty(), "{:?}", back.problems);
            assert_eq!(back.map, map);
        }
        // Only the saved files remain: no temporary files are left behind.
        assert_eq!(std::fs::read_dir(dir.path()).expect("dir").count(), 2);
    }

    /// The mode bits a new file gets here (0666 less the umask), as `std::fs::write` makes it.
    #[cfg(unix)]
    fn default_mode(dir: &Path) -> u32 {
        use std::os::unix::fs::PermissionsExt;
        let probe = dir.join("probe");
        std::fs::write(&probe, "x").expect("written");
        let mode = std::fs::metadata(&probe)
            .expect("probe")
            .permissions()
            .mode()
            & 0o777;
        std::fs::remove_file(&probe).expect("removed");
        mode
    }

    /// A save goes through a symlink to its target (the link stays a link), keeps the file's
    /// permissions, and a new file gets the usual ones, not a temporary file's 0600 (issue 14
    /// §3).
    #[cfg(unix)]
    #[test]
    fn saves_write_through_symlinks_and_keep_permissions() {
        use std::os::unix::fs::{PermissionsExt, symlink};
        let dir = tempfile::tempdir().expect("temp dir");
        let mode = |p: &Path| std::fs::metadata(p).expect("file").permissions().mode() & 0o777;
        let fresh = dir.path().join("new.ron");
        let mut doc = Document::new(new_map(), None);
        save_document(&doc, &fresh).expect("saved");
        assert_eq!(mode(&fresh), default_mode(dir.path()));

        let real = dir.path().join("real.ron");
        save_model(&new_map().to_file(), &real).expect("saved");
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).expect("chmod");
        let link = dir.path().join("link.ron");
        symlink(&real, &link).expect("symlink");
        doc.edit("Rename", |m| m.name = "Changed".into());
        save_document(&doc, &link).expect("saved");
        assert!(
            std::fs::symlink_metadata(&link)
                .expect("link")
                .file_type()
                .is_symlink(),
            "the link is still a link"
        );
        assert_eq!(
            crate::games::read_any(&real).expect("read").map.name,
            "Changed"
        );
        assert_eq!(mode(&real), 0o640, "the file keeps its permissions");
    }

    #[test]
    fn syntax_errors_say_line_and_column() {
        let err = crate::games::parse_any(&Source::from_text(
            "bad.ron",
            "(format: \"saber-map/1\",\n  id: 3,",
        ))
        .unwrap_err();
        assert!(err.starts_with("bad.ron:2:"), "{err}");
        let err = crate::games::parse_any(&Source::from_text("bad.json", "{\n\"format\": }"))
            .unwrap_err();
        assert!(err.starts_with("bad.json:2:"), "{err}");
    }

    #[test]
    fn recovery_remembers_its_source() {
        let dir = tempfile::tempdir().expect("temp dir");
        let rd = RecoveryDir {
            dir: dir.path().join("recovery"),
        };
        let r = rd.claim(None).expect("claimed");
        let map = default_map();
        r.write(&Document::new(
            map.clone(),
            Some(PathBuf::from("/maps/x.ron")),
        ))
        .expect("written");
        let back = r.read().expect("recovered");
        assert!(back.doc.content.holds_map() && back.doc.map == map);
        assert_eq!(back.source, Some(PathBuf::from("/maps/x.ron")));
        let path = r.path().to_path_buf();
        r.release();
        assert!(!path.exists());
        assert_eq!(std::fs::read_dir(&rd.dir).expect("dir").count(), 0);
    }

    /// Unsaved work on a Musket & Saber map or scenario is recovered as that game's document
    /// (never as a Rifle & Saber one), the scenario on the map found beside its file.
    #[test]
    fn musket_and_saber_work_is_recovered_as_such() {
        let dir = tempfile::tempdir().expect("temp dir");
        let examples =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/examples/musket-and-saber");
        std::fs::create_dir_all(dir.path().join("maps")).expect("maps");
        std::fs::copy(
            examples.join("maps/millbrook-invented.ron"),
            dir.path().join("maps/millbrook-invented.ron"),
        )
        .expect("copied");
        let scenario = dir.path().join("millbrook.ron");
        std::fs::copy(examples.join("millbrook.ron"), &scenario).expect("copied");
        let rd = RecoveryDir {
            dir: dir.path().join("recovery"),
        };
        for path in [dir.path().join("maps/millbrook-invented.ron"), scenario] {
            let Some(l) = crate::games::read_any(&path)
                .ok()
                .filter(|l| l.content.game() != Game::RifleAndSaber)
            else {
                panic!("{} opens as M&S", path.display());
            };
            let mut doc = Document::of(l.content, l.map, Some(path.clone()));
            doc.map_doc = l.map_doc;
            doc.edit_ms_map("Rename", None, |f| f.name = "Renamed".into());
            doc.edit_ms_scenario("Rename", None, |s| s.name = "Renamed".into());
            let r = rd.claim(Some(&path)).expect("claimed");
            r.write(&doc).expect("written");
            let back = r.read().expect("recovered");
            let Some(got) = Some(back.doc).filter(|l| l.content.game() != Game::RifleAndSaber)
            else {
                panic!("recovered as another kind");
            };
            assert_eq!(&got.content, doc.content());
            r.release();
        }
        // An untitled scenario, new on the map (no file of its own yet), comes back on it.
        let map_path = dir.path().join("maps/millbrook-invented.ron");
        let Some(l) = crate::games::read_any(&map_path)
            .ok()
            .filter(|l| l.content.game() != Game::RifleAndSaber)
        else {
            panic!("the map opens");
        };
        let Some(file) = l.content.own() else {
            panic!("a map document")
        };
        let mut doc = crate::games::musket_and_saber::game::new_scenario(file).expect("made");
        doc.map_file = Some(map_path.clone());
        // Recovery files kept where no map is found by id (the app's storage folder).
        let elsewhere = tempfile::tempdir().expect("temp dir");
        let rd = RecoveryDir {
            dir: elsewhere.path().join("recovery"),
        };
        let r = rd.claim(None).expect("claimed");
        r.write(&doc).expect("written");
        let back = r.read().expect("recovered, not lost");
        assert_eq!(back.source, None);
        let Some(got) = Some(back.doc).filter(|l| l.content.game() != Game::RifleAndSaber) else {
            panic!("recovered as another kind");
        };
        assert_eq!(&got.content, doc.content());
        assert!(matches!(got.map_origin, Some(MapOrigin::File(p)) if p == map_path));
    }

    #[test]
    fn a_live_windows_recovery_file_is_not_an_orphan() {
        let dir = tempfile::tempdir().expect("temp dir");
        let rd = RecoveryDir {
            dir: dir.path().to_path_buf(),
        };
        let live = rd.claim(None).expect("claimed");
        live.write(&Document::new(default_map(), None))
            .expect("written");
        assert!(rd.orphans().is_empty(), "owned by a running window");
        // The owner goes away without cleaning up (a crash): its file is now an orphan.
        drop(live);
        let orphans = rd.orphans();
        assert_eq!(orphans.len(), 1);
        // While this window offers it, no other window does.
        assert!(rd.orphans().is_empty());
    }

    #[test]
    fn each_document_gets_its_own_recovery_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        let rd = RecoveryDir {
            dir: dir.path().to_path_buf(),
        };
        let a = rd.claim(None).expect("claimed");
        let b = rd.claim(None).expect("claimed");
        let file = dir.path().join("m.ron");
        let c = rd.claim(Some(&file)).expect("claimed");
        // A second window on the same file does not take the first one's file.
        let d = rd.claim(Some(&file)).expect("claimed");
        let paths = [a.path(), b.path(), c.path(), d.path()];
        for (i, p) in paths.iter().enumerate() {
            for q in &paths[i + 1..] {
                assert_ne!(p, q);
            }
        }
    }

    #[test]
    fn every_historical_scenario_saves_and_reads_back_unchanged() {
        let dir = tempfile::tempdir().expect("temp dir");
        for h in crate::scenario::historical::HISTORICAL {
            let s = h.scenario().expect("parses");
            for ext in ["ron", "json"] {
                let path = dir.path().join(format!("{}.{ext}", s.id));
                save_model(&s, &path).expect("saved");
                let Some(back) = crate::games::read_any(&path)
                    .ok()
                    .filter(|l| l.content.own::<Scenario>().is_some())
                else {
                    panic!("{} did not read back as a scenario", path.display());
                };
                // Notes (an interpretation the file records) are expected; nothing worse.
                let worse: Vec<_> = back
                    .problems
                    .iter()
                    .filter(|d| d.severity != saber_schema::diagnostic::Severity::Note)
                    .collect();
                assert!(worse.is_empty(), "{worse:?}");
                assert_eq!(back.content.own(), Some(&s));
                assert_eq!(back.map.id, "rifle-and-saber");
            }
        }
    }

    /// Unsaved work on an untitled scenario new on a map file comes back on that map, for
    /// every game (a Rifle & Saber one came back on a blank stand-in, its map not found).
    #[test]
    fn an_untitled_scenario_is_recovered_on_its_map_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        let map_path = dir.path().join("mine.ron");
        let map = Map::blank("mine", "Mine", 10, 8);
        save_model(&map.to_file(), &map_path).expect("saved");
        let on = Document::new(map.clone(), Some(map_path.clone()));
        let (mut doc, _) = crate::games::of(on.content())
            .new_scenario(&on)
            .expect("made");
        doc.map_file = Some(map_path);
        let elsewhere = tempfile::tempdir().expect("temp dir");
        let rd = RecoveryDir {
            dir: elsewhere.path().join("recovery"),
        };
        let r = rd.claim(None).expect("claimed");
        r.write(&doc).expect("written");
        let back = r.read().expect("recovered");
        assert_eq!(back.doc.missing_map.map(|d| d.message), None);
        assert_eq!(back.doc.map, map);
    }

    #[test]
    fn a_recovered_scenario_comes_back_with_its_map() {
        let dir = tempfile::tempdir().expect("temp dir");
        let rd = RecoveryDir {
            dir: dir.path().to_path_buf(),
        };
        let r = rd.claim(None).expect("claimed");
        let s = crate::scenario::historical::HISTORICAL[6]
            .scenario()
            .expect("parses");
        let doc = Document::for_scenario(s.clone(), default_map(), None);
        r.write(&doc).expect("written");
        let back = r.read().expect("recovered");
        assert_eq!(back.doc.content.own(), Some(&s));
    }

    #[test]
    fn a_scenario_naming_an_unknown_map_opens_and_says_which_map() {
        let text = crate::scenario::historical::HISTORICAL[6]
            .text
            .replace("map: \"rifle-and-saber\"", "map: \"rifle-and-sabre\"");
        let Some(l) = crate::games::parse_any(&Source::from_text("s.ron", text))
            .ok()
            .filter(|l| l.content.own::<Scenario>().is_some())
        else {
            panic!("the scenario opens");
        };
        let why = one_line(&l.missing_map.expect("the map is missing"));
        assert!(why.contains("rifle-and-sabre"), "{why}");
        assert!(
            why.contains("rifle-and-saber"),
            "suggests the right id: {why}"
        );
        assert_eq!(l.map.id, "rifle-and-sabre");
    }

    #[test]
    fn a_map_path_is_recorded_relative_to_the_scenario() {
        let dir = tempfile::tempdir().expect("temp dir");
        let maps = dir.path().join("maps");
        let scen = dir.path().join("scenarios");
        std::fs::create_dir_all(&maps).expect("dir");
        std::fs::create_dir_all(&scen).expect("dir");
        let map = maps.join("m.ron");
        std::fs::write(&map, "x").expect("written");
        assert_eq!(relative_to(&scen, &map).as_deref(), Some("../maps/m.ron"));
        assert_eq!(relative_to(&maps, &map).as_deref(), Some("m.ron"));
    }
}
