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
    /// A source from text already in memory (the editor, tests). A UTF-8 byte-order mark is
    /// dropped.
    pub fn from_text(path: impl Into<PathBuf>, text: impl Into<String>) -> Source {
        let path = path.into();
        let mut text = text.into();
        if text.starts_with('\u{FEFF}') {
            text.drain(..'\u{FEFF}'.len_utf8());
        }
        let syntax = syntax_of(&path, &text);
        Source { path, text, syntax }
    }

    /// Read a file, refusing anything but a regular file, files over
    /// [`limits::MAX_FILE_BYTES`] and text that is not UTF-8.
    pub fn read(path: &Path) -> Result<Source, Diagnostic> {
        Source::from_bytes(path, read_regular(path)?).map_err(|(d, _)| d)
    }

    /// A source from a file's bytes. When they are not UTF-8, the error comes with the text
    /// read lossily, so that it can still be shown at its line and column.
    pub fn from_bytes(path: &Path, bytes: Vec<u8>) -> Result<Source, (Diagnostic, String)> {
        match String::from_utf8(bytes) {
            Ok(text) => Ok(Source::from_text(path, text)),
            Err(e) => {
                let valid = e.utf8_error().valid_up_to();
                let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
                let d = Diagnostic::new(
                    Code::Syntax,
                    format!(
                        "the file is not UTF-8 text (byte {valid} is not part of a UTF-8 character)"
                    ),
                )
                .in_file(path)
                .at_location(location_at(&text, valid, 1))
                .with_hint("save the file as UTF-8");
                Err((d, text))
            }
        }
    }
}

/// Read a file's bytes, but only from a regular file (a FIFO, socket or device would block or
/// never end; a directory is not a file): the kind is checked before opening, the file is
/// opened without blocking, and checked again once open. Files over
/// [`limits::MAX_FILE_BYTES`] are refused from their size.
pub fn read_regular(path: &Path) -> Result<Vec<u8>, Diagnostic> {
    let io_err = |e: std::io::Error| {
        Diagnostic::new(Code::Io, format!("cannot read {}: {e}", path.display()))
            .in_file(path)
            .with_hint("check that the file exists and is readable")
    };
    let not_regular = |meta: &std::fs::Metadata| {
        Diagnostic::new(
            Code::Io,
            format!(
                "{} is {}, not a regular file",
                path.display(),
                file_kind(meta)
            ),
        )
        .in_file(path)
        .with_hint("give a map or scenario file; pipes, sockets and devices are never read")
    };
    let meta = std::fs::metadata(path).map_err(io_err)?;
    if !meta.is_file() {
        return Err(not_regular(&meta));
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Should the file have been swapped for a FIFO since, opening it must not wait for
        // a writer.
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(io_err)?;
    let meta = file.metadata().map_err(io_err)?;
    if !meta.is_file() {
        return Err(not_regular(&meta));
    }
    let len = meta.len();
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
    Ok(bytes)
}

/// What a file that is not a regular file is, in words.
fn file_kind(meta: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_block_device() || t.is_char_device() {
            return "a device";
        }
    }
    if meta.is_dir() {
        "a directory"
    } else {
        "not a regular file"
    }
}

fn too_large(path: &Path, len: u64) -> Diagnostic {
    Diagnostic::new(
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

/// Is the file, listed as a regular file, a map? Reads only its first 4 KiB, where the
/// `format` field stands, so that looking for maps among many scenario files costs little.
pub fn head_names_map_format(path: &Path) -> bool {
    // Opened without blocking and checked again once open: a FIFO put in the file's place
    // since it was listed must not block the run.
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let Ok(mut file) = options.open(path) else {
        return false;
    };
    if !file.metadata().is_ok_and(|m| m.is_file()) {
        return false;
    }
    // Into a buffer of the head's size: no allocation, and no read past it to find the end.
    let mut head = [0u8; 4096];
    let mut filled = 0;
    while filled < head.len() {
        match file.read(&mut head[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return false,
        }
    }
    memchr::memmem::find(&head[..filled], b"\"saber-map/").is_some()
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
            Diagnostic::new(Code::Io, format!("cannot read {}: {e}", p.display()))
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
        Diagnostic::new(Code::Io, what).in_file(dir).with_hint(
            "nothing in this folder was checked: fix its permissions or check its files directly",
        )
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
        // The listing says what an entry is; only a symbolic link needs a `stat`, to follow
        // it to what it names.
        let is_dir = match e.file_type() {
            Ok(t) if !t.is_symlink() => t.is_dir(),
            _ => match std::fs::metadata(&path) {
                Ok(meta) => meta.is_dir(),
                Err(_) => {
                    if is_candidate(&path) {
                        // A dangling link or an unreadable entry: let reading it report why.
                        out.files.push(path);
                    }
                    continue;
                }
            },
        };
        if is_dir {
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
