//! The autosave's recovery files: one per document being edited, each holding the text a save
//! of the document would write (its own text edited where it changed, comments and layout
//! kept) after a one-line JSON header naming its file and that file's state, so that restored
//! work saves as if the editor had never stopped (issue 37 §1).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use saber_schema::files::FileState;
use saber_schema::pipeline::read::Source;

use saber_schema::model::map::Map;

use crate::content::Content;
use crate::document::Document;
use crate::files::{LoadedFile, SaveText, content_text, write_file};
use crate::games::parse_any;

/// The first line of a recovery file: this prefix, then its [`RecoveryHeader`] as JSON.
const RECOVERY_HEADER: &str = "// saber-editor recovery: ";

/// The first line of a recovery file written before the header was JSON: the file it recovers
/// (still read, so that work kept by an older editor comes back).
const OLD_RECOVERY_OF: &str = "// saber-editor recovery of: ";

/// The second line of an old recovery file of an untitled Musket & Saber scenario: its map's
/// file.
const OLD_RECOVERY_MAP: &str = "// saber-editor recovery map: ";

/// What a recovery file says of the work it holds, on its first line (JSON, so that any path
/// is kept whole).
#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
struct RecoveryHeader {
    /// The file the work was read from or last saved to (absolute).
    source: Option<PathBuf>,
    /// That file as it was when read or last saved: a save of the restored work to it is
    /// refused if it changed since, as it would have been before the crash.
    on_disk: Option<FileState>,
    /// An untitled scenario's map file: it is read back beside that file, where it finds
    /// the map it names by id.
    map_file: Option<PathBuf>,
}

/// The folder of recovery files: one per document being edited, each beside a lock file that
/// the window owning it holds locked (the operating system lets go of the lock when the
/// window's process ends, however it ends). A window offers back only recovery files whose
/// lock is free: the work of windows that are gone, never that of a window still running.
#[derive(Debug, Clone)]
pub struct RecoveryDir {
    /// Where the recovery files are kept.
    pub dir: PathBuf,
}

/// One document's recovery file, owned (locked) by this window while the value lives.
#[derive(Debug)]
pub struct Recovery {
    path: PathBuf,
    lock_path: PathBuf,
    _lock: std::fs::File,
}

/// What a recovery file holds.
#[derive(Debug)]
pub struct Recovered {
    /// The map, or the scenario with its map.
    pub doc: LoadedFile,
    /// The file it was edited from, if it had one.
    pub source: Option<PathBuf>,
    /// That file as it was when read or last saved (a save to it checks it is unchanged).
    pub on_disk: Option<FileState>,
    /// When it was written.
    pub when: Option<SystemTime>,
}

/// A name for recovery files of untitled work, unique among running windows.
fn unique_key() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let nanos = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or_default();
    format!(
        "untitled-{}-{nanos}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    )
}

/// The recovery key of a file: a hash of its full path.
fn file_key(path: &Path) -> String {
    use std::hash::{Hash, Hasher};
    let full = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    let mut h = std::collections::hash_map::DefaultHasher::new();
    full.hash(&mut h);
    format!("file-{:016x}", h.finish())
}

impl RecoveryDir {
    /// The recovery folder in the app's storage directory.
    pub fn in_storage_dir() -> Option<RecoveryDir> {
        eframe::storage_dir("saber-editor").map(|d| RecoveryDir {
            dir: d.join("recovery"),
        })
    }

    /// Claim a recovery file for a document: keyed by its file, or unique for untitled work
    /// (or when another window already owns the file's key).
    pub fn claim(&self, source: Option<&Path>) -> std::io::Result<Recovery> {
        std::fs::create_dir_all(&self.dir)?;
        if let Some(p) = source
            && let Some(r) = self.try_slot(&file_key(p))?
        {
            return Ok(r);
        }
        loop {
            if let Some(r) = self.try_slot(&unique_key())? {
                return Ok(r);
            }
        }
    }

    /// Own the recovery file `key`, unless a running window does.
    fn try_slot(&self, key: &str) -> std::io::Result<Option<Recovery>> {
        let lock_path = self.dir.join(format!("{key}.lock"));
        let mut lock = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)?;
        match lock.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => return Ok(None),
            Err(std::fs::TryLockError::Error(e)) => return Err(e),
        }
        // For people looking at the folder: which process owns it.
        lock.set_len(0)?;
        writeln!(lock, "{}", std::process::id())?;
        Ok(Some(Recovery {
            path: self.dir.join(format!("{key}.ron")),
            lock_path,
            _lock: lock,
        }))
    }

    /// The recovery files whose window is gone, now owned by this one (so that no other
    /// window offers them at the same time). Unreadable ones are left alone.
    pub fn orphans(&self) -> Vec<(Recovered, Recovery)> {
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for e in entries.flatten() {
            let p = e.path();
            if p.extension().and_then(|x| x.to_str()) != Some("ron") {
                continue;
            }
            let Some(key) = p.file_stem().and_then(|s| s.to_str()) else {
                continue;
            };
            if let Ok(Some(slot)) = self.try_slot(key)
                && let Some(rec) = slot.read()
            {
                out.push((rec, slot));
            }
        }
        out.sort_by_key(|(r, _)| std::cmp::Reverse(r.when));
        out
    }
}

impl Recovery {
    /// Where the recovery file is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Write the document being edited (atomically).
    pub fn write(&self, doc: &Document) -> Result<(), String> {
        self.write_parts(
            doc.path.as_deref(),
            doc.on_disk,
            doc.map_file.as_deref(),
            (doc.map(), doc.content(), doc.text.as_deref()),
        )
    }

    /// Write a document's content, edited from `source` (atomically): the text a save to
    /// `source` would write (its own text edited where the document changed, comments and
    /// layout kept), so that restoring it and saving writes what a save before the crash
    /// would have. `doc` is the map drawn, the content and the text it was read from (or last
    /// saved as). An untitled scenario of a game whose files are its own also records its
    /// map's file.
    pub fn write_parts(
        &self,
        source: Option<&Path>,
        on_disk: Option<FileState>,
        map_file: Option<&Path>,
        doc: (&Map, &Content, Option<&str>),
    ) -> Result<(), String> {
        let (map, content, text) = doc;
        let untitled_scenario = source.is_none() && content.is_scenario();
        let header = RecoveryHeader {
            source: source.map(Path::to_path_buf),
            on_disk: on_disk.filter(|_| source.is_some()),
            map_file: map_file
                .filter(|_| untitled_scenario)
                .map(Path::to_path_buf),
        };
        let header = serde_json::to_string(&header)
            .map_err(|e| format!("the recovery file's header cannot be written: {e}"))?;
        let at = source.map_or_else(|| PathBuf::from("untitled.ron"), Path::to_path_buf);
        let body = match content_text(map, content, text, &at)? {
            SaveText::Edited(t) | SaveText::New(t) | SaveText::Rewrite { text: t, .. } => t,
        };
        write_file(
            &self.path,
            &format!("{RECOVERY_HEADER}{header}\n{body}"),
            None,
        )
        .map(|_| ())
    }

    /// Read the recovery file, if there is one. The document's text is the work's own text
    /// (not the header), which a save then edits.
    pub fn read(&self) -> Option<Recovered> {
        let text = std::fs::read_to_string(&self.path).ok()?;
        let (first, rest) = text.split_once('\n').unwrap_or((&text, ""));
        let (header, body) = if let Some(json) = first.strip_prefix(RECOVERY_HEADER) {
            (serde_json::from_str(json).ok()?, rest)
        } else if let Some(source) = first.strip_prefix(OLD_RECOVERY_OF) {
            let (second, after) = rest.split_once('\n').unwrap_or((rest, ""));
            let map_file = second.strip_prefix(OLD_RECOVERY_MAP).map(PathBuf::from);
            let header = RecoveryHeader {
                source: Some(PathBuf::from(source)).filter(|s| !s.as_os_str().is_empty()),
                on_disk: None,
                map_file: map_file.clone(),
            };
            (header, if map_file.is_some() { after } else { rest })
        } else {
            return None;
        };
        // A recovered scenario finds its map from where its file was (or the built-in maps); an
        // untitled scenario beside its map's file.
        let at = match (&header.source, &header.map_file) {
            (Some(s), _) => s.clone(),
            (None, Some(m)) => m.with_file_name("untitled.ron"),
            (None, None) => self.path.clone(),
        };
        let doc = parse_any(&Source::from_text(at, body.to_string())).ok()?;
        let when = std::fs::metadata(&self.path)
            .and_then(|m| m.modified())
            .ok();
        Some(Recovered {
            doc,
            source: header.source,
            on_disk: header.on_disk,
            when,
        })
    }

    /// Remove the recovery file and its lock (after a save, or when the user discards it).
    pub fn release(self) {
        // A missing file is what we want.
        let _ = std::fs::remove_file(&self.path);
        let _ = std::fs::remove_file(&self.lock_path);
    }
}
