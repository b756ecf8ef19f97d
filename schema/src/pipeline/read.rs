//! Reading map and scenario files: regular files only, size limits, UTF-8, and whether a file is
//! RON or JSON.

use std::io::Read;
use std::path::{Path, PathBuf};

use crate::diagnostic::{Code, Diagnostic};
use crate::model::limits;
use crate::pipeline::locate::location_at;

/// Syntax of a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Syntax {
    /// Rusty Object Notation (the authoring format).
    Ron,
    /// JSON.
    Json,
}

/// A file read into memory.
#[derive(Debug, Clone)]
pub struct Source {
    /// Where it came from.
    pub path: PathBuf,
    /// Its text.
    pub text: String,
    /// RON or JSON.
    pub syntax: Syntax,
}

impl Source {
    /// A source from text already in memory (the editor, tests).
    pub fn from_text(path: impl Into<PathBuf>, text: impl Into<String>) -> Source {
        let path = path.into();
        let text = text.into();
        let syntax = syntax_of(&path, &text);
        Source { path, text, syntax }
    }

    /// Read a file, refusing files over [`limits::MAX_FILE_BYTES`] and text that is not UTF-8.
    pub fn read(path: &Path) -> Result<Source, Diagnostic> {
        let io_err = |e: std::io::Error| {
            Diagnostic::error(Code::Io, format!("cannot read {}: {e}", path.display()))
                .in_file(path)
                .with_hint("check that the file exists and is readable")
        };
        let file = std::fs::File::open(path).map_err(io_err)?;
        let len = file.metadata().map_err(io_err)?.len();
        if len > limits::MAX_FILE_BYTES {
            return Err(too_large(path, len));
        }
        let mut bytes = Vec::with_capacity(len as usize);
        // Read at most one byte past the limit, in case the file grows while we read.
        file.take(limits::MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(io_err)?;
        if bytes.len() as u64 > limits::MAX_FILE_BYTES {
            return Err(too_large(path, bytes.len() as u64));
        }
        let text = String::from_utf8(bytes).map_err(|e| {
            let valid = e.utf8_error().valid_up_to();
            let prefix = String::from_utf8_lossy(&e.as_bytes()[..valid]).to_string();
            Diagnostic::error(Code::Syntax, "the file is not UTF-8 text")
                .in_file(path)
                .at_location(location_at(&prefix, valid, 0))
                .with_hint("save the file as UTF-8")
        })?;
        Ok(Source::from_text(path, text))
    }
}

fn too_large(path: &Path, len: u64) -> Diagnostic {
    Diagnostic::error(
        Code::FileTooLarge,
        format!(
            "the file is {} bytes, over the limit of {} bytes",
            len,
            limits::MAX_FILE_BYTES
        ),
    )
    .in_file(path)
    .with_hint("maps and scenarios are small; this is probably not a Rifle & Saber file")
}

/// RON unless the extension is `.json` or the text starts with `{`.
pub fn syntax_of(path: &Path, text: &str) -> Syntax {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    if ext == "json" || (ext != "ron" && text.trim_start().starts_with('{')) {
        Syntax::Json
    } else {
        Syntax::Ron
    }
}

/// Is the file a map? Reads only its first 4 KiB, where the `format` field stands, so that
/// looking for maps among many scenario files costs little.
pub fn looks_like_map(path: &Path) -> bool {
    let Ok(file) = std::fs::File::open(path) else {
        return false;
    };
    let mut head = Vec::with_capacity(4096);
    if file.take(4096).read_to_end(&mut head).is_err() {
        return false;
    }
    String::from_utf8_lossy(&head).contains("\"saber-map/")
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
