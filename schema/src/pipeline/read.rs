//! Reading map and scenario files: regular files only, size limits, UTF-8, and whether a file is
//! RON or JSON.

use std::io::Read;
use std::path::{Path, PathBuf};

use crate::diagnostic::{Code, Diagnostic};
use crate::files::node_kind;
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
                node_kind(meta, true)
            ),
        )
        .in_file(path)
        .with_hint("give a map or scenario file; pipes, sockets and devices are never read")
    };
    let meta = std::fs::metadata(path).map_err(io_err)?;
    if !meta.is_file() {
        return Err(not_regular(&meta));
    }
    let file = open_without_waiting(path).map_err(io_err)?;
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

/// A file opened for reading without blocking: should it have been swapped for a FIFO since it
/// was looked at, opening it must not wait for a writer (the caller checks its kind again).
fn open_without_waiting(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// LIM001: a file (or an editor's document) of `len` bytes, over [`limits::MAX_FILE_BYTES`].
pub fn too_large(path: &Path, len: u64) -> Diagnostic {
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

/// How much of a file's start is looked at to tell whether it may be a map: the `format`
/// field stands there.
const HEAD_BYTES: usize = 4096;

/// What a map file's head holds.
const MAP_FORMAT: &[u8] = b"\"saber-map/";

/// Is the file, listed as a regular file, a map? Reads only its first 4 KiB, where the
/// `format` field stands, so that looking for maps among many scenario files costs little.
pub fn head_names_map_format(path: &Path) -> bool {
    head_holds(path, &[MAP_FORMAT])
}

/// Does a file whose text (or bytes) starts with `bytes` name a map format in its head, as
/// [`head_names_map_format`] reads it from the file?
pub fn bytes_name_map_format(bytes: &[u8]) -> bool {
    memchr::memmem::find(&bytes[..bytes.len().min(HEAD_BYTES)], MAP_FORMAT).is_some()
}

/// Does the file's first 4 KiB name a map, scenario or battle format (a file too large to read
/// whole that may still be one of ours)?
pub fn head_names_saber_format(path: &Path) -> bool {
    head_holds(
        path,
        &[b"\"saber-map/", b"\"saber-scenario/", b"\"saber-battle/"],
    )
}

/// Does the file's first 4 KiB hold one of `needles`?
fn head_holds(path: &Path, needles: &[&[u8]]) -> bool {
    // Opened without blocking and checked again once open: a FIFO put in the file's place
    // since it was listed must not block the run.
    let Ok(mut file) = open_without_waiting(path) else {
        return false;
    };
    if !file.metadata().is_ok_and(|m| m.is_file()) {
        return false;
    }
    // Into a buffer of the head's size: no allocation, and no read past it to find the end.
    let mut head = [0u8; HEAD_BYTES];
    let mut filled = 0;
    while filled < head.len() {
        match file.read(&mut head[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return false,
        }
    }
    needles
        .iter()
        .any(|n| memchr::memmem::find(&head[..filled], n).is_some())
}

/// Deepest directory level searched below a path given to `check` or `fmt`.
pub const MAX_DIR_DEPTH: usize = 32;

/// How folders are searched: ripgrep's rules, and ripgrep's flags to relax them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WalkOptions {
    /// Follow symbolic links found in a folder (`--follow`), never out of the paths given.
    pub follow_links: bool,
    /// Search hidden files and folders (`--hidden`).
    pub hidden: bool,
    /// Honour `.gitignore` (inside a Git repository), `.ignore`, `.git/info/exclude` and the
    /// global Git ignore file (off with `--no-ignore`).
    pub ignore_files: bool,
}

impl Default for WalkOptions {
    fn default() -> WalkOptions {
        WalkOptions {
            follow_links: false,
            hidden: false,
            ignore_files: true,
        }
    }
}

/// What a search of directories found: the files to check, what it left out on purpose (said
/// in the summary), and what it could not search (reported as errors, so that nothing left
/// unread can make a run pass).
#[derive(Debug, Default, Clone)]
pub struct Collected {
    /// `.ron` and `.json` files (any case), sorted.
    pub files: Vec<PathBuf>,
    /// The files among [`Collected::files`] that were named as files, not found in a folder,
    /// sorted.
    pub named: Vec<PathBuf>,
    /// Folders and files not searched, with why: version-control internals, Cargo build
    /// output, hidden ones, symbolic links not followed.
    pub skipped: Vec<(PathBuf, &'static str)>,
    /// Directories that could not be read or lie too deep: errors (IO001).
    pub problems: Vec<Diagnostic>,
}

impl Collected {
    /// Was this file named as a file (rather than found by searching a folder)?
    pub fn is_named(&self, path: &Path) -> bool {
        self.named
            .binary_search_by(|p| p.as_path().cmp(path))
            .is_ok()
    }
}

/// [`collect_with`] with the default rules.
pub fn collect(paths: &[PathBuf]) -> Result<Collected, Diagnostic> {
    collect_with(paths, &WalkOptions::default())
}

/// Every `.ron` and `.json` file (in any case) under the given paths, files taken as they
/// are: the one search of `check` and `fmt`, on the `ignore` crate (ripgrep's) and its rules.
///
/// - Symbolic links inside a folder are not followed (a path given is, even when it is a
///   link); with [`WalkOptions::follow_links`] they are, but never to a place outside the
///   paths given, and each folder and file is visited once (no cycles).
/// - Hidden files and folders are left out unless [`WalkOptions::hidden`]; what
///   `.gitignore`, `.ignore` and Git's exclude files name is left out unless they are turned
///   off ([`WalkOptions::ignore_files`]).
/// - Version-control internals (`.git`, `.hg`, `.svn`) and Cargo build output (a `target`
///   folder holding `CACHEDIR.TAG`) are always left out.
/// - What is left out on purpose, but for what ignore files name, is listed in
///   [`Collected::skipped`]; a folder deeper than [`MAX_DIR_DEPTH`] or one that cannot be read
///   is an error in [`Collected::problems`], and the search goes on.
pub fn collect_with(paths: &[PathBuf], opts: &WalkOptions) -> Result<Collected, Diagnostic> {
    let mut out = Collected::default();
    let mut roots = Vec::new();
    for p in paths {
        let meta = std::fs::metadata(p).map_err(|e| {
            Diagnostic::new(Code::Io, format!("cannot read {}: {e}", p.display()))
                .in_file(p)
                .with_hint("check the path")
        })?;
        if meta.is_dir() {
            roots.push(p.clone());
        } else {
            out.files.push(p.clone());
            out.named.push(p.clone());
        }
    }
    if !roots.is_empty() {
        walk(&roots, opts, &mut out);
    }
    out.files.sort();
    out.files.dedup();
    out.named.sort();
    out.named.dedup();
    out.skipped.sort();
    out.skipped.dedup();
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

/// What the entry filter of a walk found out, shared with it (the `ignore` crate wants a
/// filter it may call from any thread).
#[derive(Default)]
struct Filtered {
    skipped: Vec<(PathBuf, &'static str)>,
    problems: Vec<Diagnostic>,
    /// With links followed: every folder and file visited, by its canonical path.
    seen: std::collections::HashSet<PathBuf>,
}

fn walk(roots: &[PathBuf], opts: &WalkOptions, out: &mut Collected) {
    use std::sync::{Arc, Mutex};
    let mut builder = ignore::WalkBuilder::new(&roots[0]);
    for r in &roots[1..] {
        builder.add(r);
    }
    // Hidden entries are left out by the filter below, which can say so.
    builder
        .hidden(false)
        .follow_links(opts.follow_links)
        .ignore(opts.ignore_files)
        .git_ignore(opts.ignore_files)
        .git_global(opts.ignore_files)
        .git_exclude(opts.ignore_files)
        .parents(opts.ignore_files)
        // Only siblings are compared, each its parent's path joined with its name: their
        // texts order as `Path` orders them, without comparing component by component (2 % of
        // a batch check of 2,040 files, callgrind of 30 November 2026).
        .sort_by_file_path(|a, b| a.as_os_str().cmp(b.as_os_str()));
    // Links followed stay inside the paths given: the roots' canonical paths.
    let canonical_roots: Vec<PathBuf> =
        roots.iter().filter_map(|r| r.canonicalize().ok()).collect();
    let mut filtered = Filtered::default();
    if opts.follow_links {
        filtered.seen.extend(canonical_roots.iter().cloned());
    }
    let state = Arc::new(Mutex::new(filtered));
    let shared = Arc::clone(&state);
    let opts = *opts;
    builder.filter_entry(move |e| {
        let Ok(mut st) = shared.lock() else {
            return false;
        };
        keep_entry(e, &opts, &canonical_roots, &mut st)
    });
    for entry in builder.build() {
        match entry {
            Ok(e) => {
                let is_dir = e.file_type().is_some_and(|t| t.is_dir());
                if !is_dir && is_candidate(e.path()) {
                    // Regular or not: a FIFO named `x.ron` is reported by reading, never opened.
                    out.files.push(e.into_path());
                }
            }
            Err(err) => match walk_error(&err, None) {
                WalkError::Loop(path) => out
                    .skipped
                    .push((path, "a link back to a folder it is in (a cycle)")),
                WalkError::Io(path, e) => {
                    let path = path.unwrap_or_else(|| roots[0].clone());
                    out.problems.push(unsearched(
                        &path,
                        format!("cannot search {}: {e}", path.display()),
                        "nothing in this folder was searched: fix its permissions, or name its \
                         files one by one",
                    ));
                }
                // A line of an ignore file that is not a glob: its other lines still apply.
                WalkError::Other => {}
            },
        }
    }
    let filtered = std::mem::take(&mut *state.lock().unwrap_or_else(|e| e.into_inner()));
    out.skipped.extend(filtered.skipped);
    out.problems.extend(filtered.problems);
}

/// Whether a walk goes into (or lists) an entry below a root; what it leaves out on purpose
/// is recorded.
fn keep_entry(
    e: &ignore::DirEntry,
    opts: &WalkOptions,
    roots: &[PathBuf],
    st: &mut Filtered,
) -> bool {
    let path = e.path();
    let name = e.file_name().to_string_lossy();
    let is_dir = e.file_type().is_some_and(|t| t.is_dir());
    if is_dir && let Some(why) = skipped_dir(path, &name) {
        st.skipped.push((path.to_path_buf(), why));
        return false;
    }
    if !opts.hidden && name.starts_with('.') {
        if is_dir || is_candidate(path) {
            st.skipped
                .push((path.to_path_buf(), "hidden; --hidden searches it"));
        }
        return false;
    }
    if e.path_is_symlink() && !opts.follow_links {
        // Not followed; said when it leads to a folder or names a file we would read.
        if is_candidate(path) || std::fs::metadata(path).is_ok_and(|m| m.is_dir()) {
            st.skipped.push((
                path.to_path_buf(),
                "a symbolic link; --follow follows links inside the folder",
            ));
        }
        return false;
    }
    if opts.follow_links && (is_dir || is_candidate(path)) {
        match path.canonicalize() {
            Ok(real) => {
                if !roots.iter().any(|r| real.starts_with(r)) {
                    st.skipped
                        .push((path.to_path_buf(), "a link out of the folders given"));
                    return false;
                }
                // Each folder and file once, however many links lead to it.
                if !st.seen.insert(real) {
                    if is_dir {
                        st.skipped
                            .push((path.to_path_buf(), "a link to a folder searched already"));
                    }
                    return false;
                }
            }
            // A dangling link: reading it says why.
            Err(_) => return !is_dir,
        }
    }
    if is_dir && e.depth() > MAX_DIR_DEPTH {
        st.problems.push(unsearched(
            path,
            format!(
                "{} is nested more than {MAX_DIR_DEPTH} folders deep and was not searched",
                path.display()
            ),
            "nothing in this folder was searched: give saberc this folder, or one nearer to it, \
             as a path of its own",
        ));
        return false;
    }
    true
}

fn unsearched(dir: &Path, message: String, hint: &str) -> Diagnostic {
    Diagnostic::new(Code::Io, message)
        .in_file(dir)
        .with_hint(hint)
}

/// An error of a walk, by what it means to us.
enum WalkError {
    /// A link leads back to a folder it is in.
    Loop(PathBuf),
    /// A folder or file that cannot be read.
    Io(Option<PathBuf>, String),
    /// Anything else (a bad line in an ignore file).
    Other,
}

fn walk_error(err: &ignore::Error, path: Option<&Path>) -> WalkError {
    match err {
        ignore::Error::WithPath { path, err } => walk_error(err, Some(path)),
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
            walk_error(err, path)
        }
        ignore::Error::Loop { child, .. } => WalkError::Loop(child.clone()),
        ignore::Error::Io(e) => WalkError::Io(path.map(Path::to_path_buf), e.to_string()),
        ignore::Error::Partial(errs) => errs
            .iter()
            .map(|e| walk_error(e, path))
            .find(|e| !matches!(e, WalkError::Other))
            .unwrap_or(WalkError::Other),
        _ => WalkError::Other,
    }
}

fn is_candidate(path: &Path) -> bool {
    path.extension()
        .and_then(|x| x.to_str())
        .is_some_and(|x| x.eq_ignore_ascii_case("ron") || x.eq_ignore_ascii_case("json"))
}

/// Why a folder is always left out of a search, if it is.
fn skipped_dir(path: &Path, name: &str) -> Option<&'static str> {
    if matches!(name, ".git" | ".hg" | ".svn") {
        return Some("version-control internals");
    }
    if name == "target" && path.join("CACHEDIR.TAG").is_file() {
        return Some("Cargo build output");
    }
    None
}
