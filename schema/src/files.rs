//! Writing files: the one safe writer every command and the editor use (`saberc fmt`,
//! `convert`, `import`, `export` (engine and Tiled), `render`, `man -o`, `schema -o`, `new`,
//! and every editor save, export and autosave). The README's "What saberc and the editor
//! write" says the same rules for users.
//!
//! A write goes to a temporary file created exclusively (a fresh random name, `O_EXCL`) in the
//! target's own folder, then renamed over the target, so a crash leaves either the old file or
//! the new one, and a symlink planted at a predictable temporary name cannot redirect the write.
//! Around that:
//! - only a regular file is ever replaced or created. A folder, device, FIFO or socket at the
//!   target is refused, except that a command-line output ([`Target::command_line`]) may be
//!   `-` (standard output), the very file standard output is, or a character device or FIFO
//!   the user named, which is then written in place: opened for writing, never created,
//!   truncated or renamed over;
//! - a target that is a symlink is written through to the file it points at (the link stays),
//!   except inside an output folder ([`Target::in_folder`]), where a link is refused: the user
//!   named the folder, not where its links lead;
//! - an output that is one of the inputs (the same device and inode, however it is reached) is
//!   refused;
//! - a replaced file keeps its owner, group and mode: as root the new file is given the old
//!   owner and group, and when that cannot be done the write is refused (so the owner never
//!   changes, and a set-uid or set-gid bit is never kept on a file of another owner);
//! - a replaced file keeps its extended attributes, its POSIX ACL among them: they are given
//!   to the new file before the rename, and when one cannot be read or given the file is
//!   rewritten in place instead (as below), so none is dropped;
//! - a read-only file (no write permission bit, or none for this process) is refused;
//! - a file with other hard links is rewritten in place, so that every link still names it
//!   (its new text is made whole in a temporary file first, so a failing write, or a full disk,
//!   leaves it as it was; the copy into it is not atomic);
//! - with an expected state ([`Target::unchanged_since`], taken before the file was read), a
//!   file that changed since (another inode, size or modification time) is refused: the other
//!   edit wins. It is checked again just before the rename;
//! - an output saberc reads back ([`Target::read_back`]) is refused past the read limit
//!   ([`MAX_FILE_BYTES`]), before anything is replaced (a stream, standard output or a FIFO
//!   or device written in place, has no limit: nothing reads it back as a file);
//! - a message names the path at fault (the target, its folder or the link), never the
//!   temporary file.
//!
//! A new file gets the usual default permissions (0666 less the process umask), not the 0600
//! of a temporary file.

use std::fs::{File, Metadata};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::model::limits::MAX_FILE_BYTES;

/// Most symlinks followed from a target to the file it names (as the OS limit, ELOOP).
const MAX_LINKS: usize = 40;

/// What a file was when it was read: its identity (device and inode), size and modification
/// time. Taken before reading, it lets a later write refuse if the file changed meanwhile.
/// Serialisable so that the editor's recovery file keeps it across a crash.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FileState {
    dev: u64,
    ino: u64,
    size: u64,
    modified: Option<SystemTime>,
}

impl FileState {
    /// The state of the file `path` names (through symlinks).
    pub fn of(path: &Path) -> std::io::Result<FileState> {
        std::fs::metadata(path).map(|m| FileState::from_metadata(&m))
    }

    /// The state that metadata describes.
    pub fn from_metadata(m: &Metadata) -> FileState {
        let (dev, ino) = identity(m);
        FileState {
            dev,
            ino,
            size: m.len(),
            modified: m.modified().ok(),
        }
    }
}

/// Device and inode (zero where the platform has none).
fn identity(m: &Metadata) -> (u64, u64) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        (m.dev(), m.ino())
    }
    #[cfg(not(unix))]
    {
        let _ = m;
        (0, 0)
    }
}

/// Why a write was refused or failed. Each message names the path at fault.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// A folder is where the file would go.
    #[error("{} is a folder, not a file", .path.display())]
    Folder {
        /// The folder.
        path: PathBuf,
    },
    /// A device, FIFO or socket is there (only regular files are written).
    #[error(
        "{} is {what}, not a regular file: only regular files are written{hint}",
        .path.display()
    )]
    NotRegular {
        /// The node.
        path: PathBuf,
        /// What it is ("a FIFO", "a character device", …).
        what: &'static str,
        /// What the user may do instead, if anything (starts with "; ").
        hint: &'static str,
    },
    /// A symlink is where a file of an output folder would go.
    #[error(
        "{} is a symbolic link: a file written into an output folder never follows one (remove the link)",
        .path.display()
    )]
    LinkInFolder {
        /// The link.
        path: PathBuf,
    },
    /// Too many symlinks, or a loop of them.
    #[error("{}: too many levels of symbolic links", .path.display())]
    LinkLoop {
        /// The first link.
        path: PathBuf,
    },
    /// The output is one of the inputs.
    #[error(
        "{} is the input file {}: writing it would destroy what was read; write the output to another file",
        .path.display(), .input.display()
    )]
    IsInput {
        /// The output.
        path: PathBuf,
        /// The input it is.
        input: PathBuf,
    },
    /// The file changed since it was read.
    #[error(
        "{} changed since it was read: not written, so that the other change is kept (run again to work on the new text)",
        .path.display()
    )]
    Changed {
        /// The file.
        path: PathBuf,
    },
    /// The file is read-only.
    #[error(
        "{} is read-only: not replaced (make it writable first if it should change)",
        .path.display()
    )]
    ReadOnly {
        /// The file.
        path: PathBuf,
    },
    /// The replacement could not be given the old file's owner and group.
    #[error(
        "{} belongs to user {uid} and group {gid}, which this process cannot give a new file: not replaced (run as that user)",
        .path.display()
    )]
    Owner {
        /// The file.
        path: PathBuf,
        /// Its owner.
        uid: u32,
        /// Its group.
        gid: u32,
    },
    /// The output would be larger than what saberc reads back.
    #[error(
        "{}: the output would be larger than {} MiB, the largest file saberc reads: not written",
        .path.display(), .limit / (1024 * 1024)
    )]
    TooLarge {
        /// The target.
        path: PathBuf,
        /// The limit in bytes.
        limit: u64,
    },
    /// A file exists where only a new one may be written.
    #[error("{} exists: it is not replaced; choose another name", .path.display())]
    Exists {
        /// The file.
        path: PathBuf,
    },
    /// Something other than a folder stands where an output folder is to be.
    #[error("{} is {what}: {todo}", .path.display())]
    NotFolder {
        /// What is there.
        path: PathBuf,
        /// What it is ("a file, not a folder", "a symbolic link to …, which does not exist").
        what: String,
        /// What the user may do.
        todo: &'static str,
    },
    /// A FIFO that no process reads (opening it would wait forever).
    #[error("{} is a FIFO that no program is reading: not written", .path.display())]
    NoReader {
        /// The FIFO.
        path: PathBuf,
    },
    /// Standard output was closed before everything was written (`saberc … -o - | head`).
    #[error("standard output was closed")]
    StdoutClosed,
    /// The system refused an operation.
    #[error("{doing} {}: {reason}", .path.display())]
    Io {
        /// What was being done ("cannot write", "cannot create a file in", …).
        doing: &'static str,
        /// The path at fault: the target, its folder or a link.
        path: PathBuf,
        /// The system's reason, without any temporary file's name.
        reason: String,
    },
}

impl WriteError {
    /// A failure of the system, said with the path at fault and the reason without any
    /// temporary file's name.
    pub fn io(doing: &'static str, path: &Path, e: &std::io::Error) -> WriteError {
        WriteError::Io {
            doing,
            path: path.to_path_buf(),
            reason: reason(e),
        }
    }
}

/// The system's reason for an error, without the path the `tempfile` crate adds to its errors
/// (`… at path "/dir/.saber-XXXX.tmp"`: the name of a temporary file means nothing to the
/// user).
fn reason(e: &std::io::Error) -> String {
    if let Some(code) = e.raw_os_error() {
        return std::io::Error::from_raw_os_error(code).to_string();
    }
    match e.get_ref() {
        Some(inner) => {
            let text = inner.to_string();
            match text.rsplit_once(" at path ") {
                Some((reason, _)) => reason.to_string(),
                None => text,
            }
        }
        None => e.kind().to_string(),
    }
}

/// Where the file goes relative to what the user named.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// The path the user named (`-o FILE`, a file `fmt` rewrites, a save dialog's choice).
    Named,
    /// A file the program names inside an output folder the user named.
    InFolder,
}

/// One file to write, and the rules it is written under (see the module documentation).
/// Built with [`Target::file`] or [`Target::in_folder`], then written once with
/// [`Target::write`] or [`Target::write_with`].
#[derive(Debug, Clone)]
pub struct Target<'a> {
    path: &'a Path,
    place: Place,
    command_line: bool,
    limit: Option<u64>,
    expected: Option<FileState>,
    inputs: Vec<&'a Path>,
    new_only: bool,
}

/// How a [`Target`] is written, once every refusal has been checked.
enum Plan {
    /// Standard output.
    Stdout,
    /// A new file, made at this path.
    New(PathBuf),
    /// A FIFO or character device the user named, written in place.
    Node(PathBuf),
    /// A file with other hard links: rewritten in place, so they all keep seeing it.
    InPlace(PathBuf, Metadata),
    /// A file replaced by a temporary file renamed over it.
    Replace(PathBuf, Metadata),
}

impl<'a> Target<'a> {
    /// A file the user named: symlinks are written through to their target.
    pub fn file(path: &'a Path) -> Target<'a> {
        Target {
            path,
            place: Place::Named,
            command_line: false,
            limit: None,
            expected: None,
            inputs: Vec::new(),
            new_only: false,
        }
    }

    /// A file the program names in an output folder the user named (`export -o DIR`, `man -o
    /// DIR`, `schema -o DIR`): a symlink there is refused, as is any node that is not a
    /// regular file.
    pub fn in_folder(path: &'a Path) -> Target<'a> {
        Target {
            place: Place::InFolder,
            ..Target::file(path)
        }
    }

    /// The path was given on the command line for a single output: `-` is standard output,
    /// and so is a path naming the file standard output is (`/dev/stdout`); a character
    /// device or FIFO named is written in place (never created, truncated or replaced).
    pub fn command_line(mut self) -> Target<'a> {
        self.command_line = true;
        self
    }

    /// saberc reads the file back (a map, a scenario, an export): refuse to write more than
    /// the read limit, [`MAX_FILE_BYTES`].
    pub fn read_back(mut self) -> Target<'a> {
        self.limit = Some(MAX_FILE_BYTES);
        self
    }

    /// Refuse past `limit` bytes (for tests of the limit; [`Target::read_back`] otherwise).
    pub fn limit(mut self, limit: u64) -> Target<'a> {
        self.limit = Some(limit);
        self
    }

    /// The file was read in `state` (taken before reading it): refuse if it changed since.
    pub fn unchanged_since(mut self, state: Option<FileState>) -> Target<'a> {
        self.expected = state;
        self
    }

    /// `input` was read to make the output: refuse to write over it.
    pub fn not_over(mut self, input: &'a Path) -> Target<'a> {
        self.inputs.push(input);
        self
    }

    /// Only a new file may be written: an existing one is never replaced.
    pub fn new_only(mut self) -> Target<'a> {
        self.new_only = true;
        self
    }

    /// Does this target write to standard output?
    pub fn is_stdout(&self) -> bool {
        self.command_line && (self.path == Path::new("-") || names_stdout(self.path))
    }

    /// Write `bytes`. Returns the written file's state (for a later
    /// [`Target::unchanged_since`]), or `None` for standard output or a device.
    pub fn write(&self, bytes: &[u8]) -> Result<Option<FileState>, WriteError> {
        // The limit is applied where a file is made ([`Target::fill`]), as for a streamed
        // write, so that both refuse the same outputs.
        self.write_with(|w| w.write_all(bytes))
    }

    /// Write the file with `write`, which streams into it (large exports are never held in
    /// memory whole). Returns as [`Target::write`].
    pub fn write_with(
        &self,
        write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
    ) -> Result<Option<FileState>, WriteError> {
        match self.plan()? {
            Plan::Stdout => {
                let mut out = std::io::stdout().lock();
                write(&mut out)
                    .and_then(|()| out.flush())
                    .map_err(|e| match e.kind() {
                        std::io::ErrorKind::BrokenPipe => WriteError::StdoutClosed,
                        _ => WriteError::io("cannot write", Path::new("standard output"), &e),
                    })?;
                Ok(None)
            }
            Plan::New(target) => self.replace(&target, None, write),
            Plan::Node(target) => write_node(&target, write).map(|()| None),
            Plan::InPlace(target, old) => self.rewrite_in_place(&target, &old, write),
            Plan::Replace(target, old) => self.replace(&target, Some(&old), write),
        }
    }

    /// Every refusal this target would meet, checked now without writing anything: a command
    /// that writes several files checks them all before it writes the first, so that a refusal
    /// never leaves half of them written.
    pub fn check(&self) -> Result<(), WriteError> {
        self.plan().map(|_| ())
    }

    /// How the file will be written, or why it will not.
    fn plan(&self) -> Result<Plan, WriteError> {
        if self.is_stdout() {
            return Ok(Plan::Stdout);
        }
        if self.place == Place::InFolder
            && std::fs::symlink_metadata(self.path).is_ok_and(|m| m.file_type().is_symlink())
        {
            return Err(WriteError::LinkInFolder {
                path: self.path.to_path_buf(),
            });
        }
        let target = through_symlinks(self.path)?;
        let existing = match std::fs::symlink_metadata(&target) {
            Ok(m) => Some(m),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(WriteError::io("cannot look at", &target, &e)),
        };
        let Some(old) = existing else {
            if self.expected.is_some() {
                // It was read, and is gone: someone else moved or deleted it.
                return Err(WriteError::Changed { path: target });
            }
            return Ok(Plan::New(target));
        };
        let ft = old.file_type();
        if ft.is_dir() {
            return Err(WriteError::Folder { path: target });
        }
        if !ft.is_file() {
            self.check_node(&target, &old)?;
            return Ok(Plan::Node(target));
        }
        self.check_existing(&target, &old)?;
        if links(&old) > 1 {
            Ok(Plan::InPlace(target, old))
        } else {
            Ok(Plan::Replace(target, old))
        }
    }

    /// The refusals of an existing regular file, checked before anything is written.
    fn check_existing(&self, target: &Path, old: &Metadata) -> Result<(), WriteError> {
        if self.new_only {
            return Err(WriteError::Exists {
                path: target.to_path_buf(),
            });
        }
        for input in &self.inputs {
            if let Ok(m) = std::fs::metadata(input)
                && identity(&m) == identity(old)
                && cfg!(unix)
            {
                return Err(WriteError::IsInput {
                    path: self.path.to_path_buf(),
                    input: input.to_path_buf(),
                });
            }
        }
        if let Some(expected) = self.expected
            && expected != FileState::from_metadata(old)
        {
            return Err(WriteError::Changed {
                path: target.to_path_buf(),
            });
        }
        if old.permissions().readonly() || !writable(target) {
            return Err(WriteError::ReadOnly {
                path: target.to_path_buf(),
            });
        }
        Ok(())
    }

    /// A target that is neither a folder nor a regular file: written in place when the user
    /// named a character device or FIFO on the command line, refused otherwise.
    fn check_node(&self, target: &Path, old: &Metadata) -> Result<(), WriteError> {
        let what = node_kind(old, false);
        let in_place = self.command_line
            && self.place == Place::Named
            && !self.new_only
            && matches!(what, "a FIFO" | "a character device");
        if !in_place {
            let hint = if self.command_line && self.place == Place::Named {
                "; `-o -` writes to standard output"
            } else {
                ""
            };
            return Err(WriteError::NotRegular {
                path: target.to_path_buf(),
                what,
                hint,
            });
        }
        Ok(())
    }

    /// Write into a temporary file beside `target`, give it the old file's owner, group, mode
    /// and extended attributes, and rename it over `target` (or make it `target` when there
    /// was none). When an extended attribute cannot be read or given, the text is copied into
    /// the old file in place instead, which keeps them all.
    fn replace(
        &self,
        target: &Path,
        old: Option<&Metadata>,
        write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
    ) -> Result<Option<FileState>, WriteError> {
        let dir = folder_of(target);
        let mut builder = tempfile::Builder::new();
        builder.prefix(".saber-").suffix(".tmp");
        #[cfg(unix)]
        if old.is_none() {
            use std::os::unix::fs::PermissionsExt;
            // Asked at creation, so the umask applies as for any new file.
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        // Read before the new text is made: what the file had when the user asked.
        let attrs = old.map(|_| attributes::read(target));
        let mut tmp = builder
            .tempfile_in(dir)
            .map_err(|e| WriteError::io("cannot create a file in", dir, &e))?;
        self.fill(tmp.as_file_mut(), target, write)?;
        if let Some(old) = old {
            keep_owner(tmp.as_file(), old, target)?;
            // After the owner (a chown drops some attributes, such as file capabilities),
            // before the mode (an ACL sets the group bits, which the mode then says again).
            let kept =
                attrs.is_none_or(|a| a.and_then(|a| attributes::give(tmp.as_file(), &a)).is_ok());
            keep_mode(tmp.as_file(), old, target)?;
            if !kept {
                return self.copy_into(target, old, &mut tmp);
            }
        }
        tmp.as_file()
            .sync_all()
            .map_err(|e| WriteError::io("cannot write", target, &e))?;
        self.recheck(target, old)?;
        let state = tmp
            .as_file()
            .metadata()
            .map(|m| FileState::from_metadata(&m))
            .ok();
        if self.new_only {
            tmp.persist_noclobber(target).map_err(|e| {
                if e.error.kind() == std::io::ErrorKind::AlreadyExists {
                    WriteError::Exists {
                        path: target.to_path_buf(),
                    }
                } else {
                    WriteError::io("cannot write", target, &e.error)
                }
            })?;
        } else {
            tmp.persist(target)
                .map_err(|e| WriteError::io("cannot replace", target, &e.error))?;
        }
        sync_folder(dir);
        Ok(state)
    }

    /// A file with other hard links: its new text is made whole in a temporary file first
    /// (so that a failing write leaves it as it was), then copied into it, so every link
    /// still names the one file.
    fn rewrite_in_place(
        &self,
        target: &Path,
        old: &Metadata,
        write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
    ) -> Result<Option<FileState>, WriteError> {
        let dir = folder_of(target);
        let mut tmp = tempfile::Builder::new()
            .prefix(".saber-")
            .suffix(".tmp")
            .tempfile_in(dir)
            .map_err(|e| WriteError::io("cannot create a file in", dir, &e))?;
        self.fill(tmp.as_file_mut(), target, write)?;
        self.copy_into(target, old, &mut tmp)
    }

    /// Copy the new text made whole in `tmp` into the old file `target` itself (the same
    /// inode: its links, owner, mode and extended attributes stay), after checking that it
    /// is still the file looked at.
    fn copy_into(
        &self,
        target: &Path,
        old: &Metadata,
        tmp: &mut tempfile::NamedTempFile,
    ) -> Result<Option<FileState>, WriteError> {
        use std::io::{Seek, SeekFrom};
        self.recheck(target, Some(old))?;
        let fail = |e: std::io::Error| WriteError::io("cannot write", target, &e);
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .open(target)
            .map_err(fail)?;
        let now = file.metadata().map_err(fail)?;
        if identity(&now) != identity(old) {
            return Err(WriteError::Changed {
                path: target.to_path_buf(),
            });
        }
        let new_len = tmp.as_file().metadata().map_err(fail)?.len();
        reserve(&file, now.len(), new_len).map_err(fail)?;
        let src = tmp.as_file_mut();
        src.seek(SeekFrom::Start(0)).map_err(fail)?;
        std::io::copy(src, &mut file).map_err(fail)?;
        file.set_len(new_len).map_err(fail)?;
        file.sync_all().map_err(fail)?;
        Ok(file.metadata().ok().map(|m| FileState::from_metadata(&m)))
    }

    /// Stream the output into `file`, refusing past the limit.
    fn fill(
        &self,
        file: &mut File,
        target: &Path,
        write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
    ) -> Result<(), WriteError> {
        let mut capped = Capped {
            inner: std::io::BufWriter::new(file),
            left: self.limit.unwrap_or(u64::MAX),
            over: false,
        };
        let result = write(&mut capped).and_then(|()| capped.flush());
        match (result, capped.over) {
            (_, true) => Err(WriteError::TooLarge {
                path: target.to_path_buf(),
                limit: self.limit.unwrap_or(u64::MAX),
            }),
            (Err(e), false) => Err(WriteError::io("cannot write", target, &e)),
            (Ok(()), false) => Ok(()),
        }
    }

    /// Just before the rename: the target is still what was looked at (the same regular
    /// file, or still nothing), and unchanged since it was read when that was asked.
    fn recheck(&self, target: &Path, old: Option<&Metadata>) -> Result<(), WriteError> {
        let now = match std::fs::symlink_metadata(target) {
            Ok(m) => Some(m),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(WriteError::io("cannot look at", target, &e)),
        };
        let changed = match (old, &now) {
            (None, None) => false,
            (Some(old), Some(now)) => {
                !now.file_type().is_file()
                    || identity(old) != identity(now)
                    || self
                        .expected
                        .is_some_and(|e| e != FileState::from_metadata(now))
            }
            _ => true,
        };
        if changed {
            return Err(WriteError::Changed {
                path: target.to_path_buf(),
            });
        }
        Ok(())
    }
}

/// A writer that refuses past a number of bytes (and remembers that it did).
struct Capped<W> {
    inner: W,
    left: u64,
    over: bool,
}

impl<W: Write> Write for Capped<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if buf.len() as u64 > self.left {
            self.over = true;
            return Err(std::io::Error::other("over the size limit"));
        }
        let n = self.inner.write(buf)?;
        self.left -= n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// The folder a file is in (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// How many names the file has.
fn links(m: &Metadata) -> u64 {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        m.nlink()
    }
    #[cfg(not(unix))]
    {
        let _ = m;
        1
    }
}

/// Each kind of node, as the reader and the writer say it: a FIFO, a socket, a block device, a
/// character device, a folder, anything else.
const NODE_KINDS: [(&str, &str); 6] = [
    ("a named pipe (FIFO)", "a FIFO"),
    ("a socket", "a socket"),
    ("a device", "a block device"),
    ("a device", "a character device"),
    ("a directory", "not a regular file"),
    ("not a regular file", "not a regular file"),
];

/// What a node that is not a regular file is, in the reader's words (`reader`) or the
/// writer's ([`NODE_KINDS`]).
pub(crate) fn node_kind(m: &Metadata, reader: bool) -> &'static str {
    #[cfg(unix)]
    let special = {
        use std::os::unix::fs::FileTypeExt;
        let t = m.file_type();
        let is = [
            t.is_fifo(),
            t.is_socket(),
            t.is_block_device(),
            t.is_char_device(),
        ];
        is.iter().position(|is| *is)
    };
    #[cfg(not(unix))]
    let special = None;
    let (read, write) = NODE_KINDS[special.unwrap_or(if m.is_dir() { 4 } else { 5 })];
    if reader { read } else { write }
}

/// Is `path` the file standard output is (`/dev/stdout`, `/proc/self/fd/1`, or the file the
/// shell redirected it to)?
fn names_stdout(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let Ok(named) = std::fs::metadata(path) else {
            return false;
        };
        let Ok(out) = std::io::stdout().as_fd().try_clone_to_owned() else {
            return false;
        };
        File::from(out)
            .metadata()
            .is_ok_and(|m| identity(&m) == identity(&named))
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        false
    }
}

/// May this process write the file (`access(W_OK)` with the effective ids)?
fn writable(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use rustix::fs::{Access, AtFlags, CWD, accessat};
        accessat(CWD, path, Access::WRITE_OK, AtFlags::EACCESS).is_ok()
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        true
    }
}

/// Give the new file the old one's owner and group, refusing when that cannot be done. Done
/// before [`keep_mode`]: a chown clears set-uid and set-gid bits, which the mode then restores
/// only for the same owner.
fn keep_owner(file: &File, old: &Metadata, target: &Path) -> Result<(), WriteError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let fail = |e: std::io::Error| WriteError::io("cannot write", target, &e);
        let now = file.metadata().map_err(fail)?;
        if (now.uid(), now.gid()) != (old.uid(), old.gid()) {
            let done = std::os::unix::fs::fchown(file, Some(old.uid()), Some(old.gid())).is_ok();
            if !done {
                return Err(WriteError::Owner {
                    path: target.to_path_buf(),
                    uid: old.uid(),
                    gid: old.gid(),
                });
            }
        }
        Ok(())
    }
    #[cfg(not(unix))]
    {
        let _ = (file, old, target);
        Ok(())
    }
}

/// Give the new file the old one's mode, without set-uid or set-gid bits on an owner or group
/// that is not the old one's.
fn keep_mode(file: &File, old: &Metadata, target: &Path) -> Result<(), WriteError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let fail = |e: std::io::Error| WriteError::io("cannot write", target, &e);
        let now = file.metadata().map_err(fail)?;
        let mut mode = old.mode() & 0o7777;
        if now.uid() != old.uid() {
            mode &= !0o6000;
        }
        if now.gid() != old.gid() {
            mode &= !0o2000;
        }
        file.set_permissions(std::fs::Permissions::from_mode(mode))
            .map_err(fail)
    }
    #[cfg(not(unix))]
    {
        file.set_permissions(old.permissions())
            .map_err(|e| WriteError::io("cannot write", target, &e))
    }
}

/// Make room for a file growing from `old_len` to `new_len` bytes before any of it is
/// overwritten, so a full disk is found before the file is touched (where the file system
/// can say so).
fn reserve(file: &File, old_len: u64, new_len: u64) -> std::io::Result<()> {
    #[cfg(target_os = "linux")]
    if new_len > old_len {
        use rustix::fs::{FallocateFlags, fallocate};
        // Mode 0 only allocates (and extends the size); a file system without it says so.
        if let Err(e) = fallocate(file, FallocateFlags::empty(), old_len, new_len - old_len)
            && e == rustix::io::Errno::NOSPC
        {
            return Err(e.into());
        }
    }
    let _ = (file, old_len, new_len);
    Ok(())
}

/// Write into a character device or FIFO the user named, in place: opened for writing only
/// (never created or truncated); a FIFO no program reads is refused instead of waited on.
fn write_node(
    target: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), WriteError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
        let fail = |e: std::io::Error| WriteError::io("cannot write", target, &e);
        let file = match std::fs::OpenOptions::new()
            .write(true)
            .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
            .open(target)
        {
            Ok(f) => f,
            Err(e) if e.raw_os_error() == Some(libc::ENXIO) => {
                return Err(WriteError::NoReader {
                    path: target.to_path_buf(),
                });
            }
            Err(e) => return Err(fail(e)),
        };
        let m = file.metadata().map_err(fail)?;
        if !(m.file_type().is_fifo() || m.file_type().is_char_device()) {
            // Replaced by something else since it was looked at: touch nothing.
            return Err(WriteError::Changed {
                path: target.to_path_buf(),
            });
        }
        // Blocking writes from here on (a full pipe waits for its reader).
        let flags = rustix::fs::fcntl_getfl(&file).map_err(|e| fail(e.into()))?;
        rustix::fs::fcntl_setfl(&file, flags - rustix::fs::OFlags::NONBLOCK)
            .map_err(|e| fail(e.into()))?;
        let mut w = std::io::BufWriter::new(file);
        write(&mut w).and_then(|()| w.flush()).map_err(fail)
    }
    #[cfg(not(unix))]
    {
        let _ = write;
        Err(WriteError::NotRegular {
            path: target.to_path_buf(),
            what: "not a regular file",
            hint: "",
        })
    }
}

/// Make a rename durable (best effort: not every system can sync a folder).
fn sync_folder(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    let _ = dir;
}

/// Make the output folder the user named (`export -o DIR`, `schema -o DIR`, `man -o DIR`), and
/// its parents, when missing. A folder, or a link to one, is used as it is; anything else in
/// its place (or in a parent's) is refused, saying what it is: a file, a device, a symbolic
/// link to nothing (never followed to make a folder where it points: the user named the link)
/// or a loop of links.
pub fn output_folder(dir: &Path) -> Result<(), WriteError> {
    if std::fs::metadata(dir).is_ok_and(|m| m.is_dir()) {
        return Ok(());
    }
    // The nearest of the folder and its parents that is there: what stands in the way.
    let in_the_way = dir
        .ancestors()
        .filter(|p| !p.as_os_str().is_empty())
        .find_map(|p| Some((p, std::fs::symlink_metadata(p).ok()?)));
    match in_the_way {
        Some((p, m)) if !std::fs::metadata(p).is_ok_and(|m| m.is_dir()) => Err(not_folder(p, &m)),
        _ => std::fs::create_dir_all(dir)
            .map_err(|e| WriteError::io("cannot create the folder", dir, &e)),
    }
}

/// The refusal of an output folder where `path`, which is not a folder, stands.
fn not_folder(path: &Path, m: &Metadata) -> WriteError {
    let node = |m: &Metadata| {
        if m.is_file() {
            "a file"
        } else {
            node_kind(m, false)
        }
    };
    let (what, todo) = if !m.file_type().is_symlink() {
        (
            format!("{}, not a folder", node(m)),
            "name a folder to write into",
        )
    } else {
        let shown = std::fs::read_link(path).unwrap_or_default();
        match through_symlinks(path).map(|to| std::fs::symlink_metadata(to).ok()) {
            Err(_) => (
                "a symbolic link that leads back to itself (a loop of links)".to_string(),
                "remove the link, or name another folder",
            ),
            Ok(None) => (
                format!(
                    "a symbolic link to {}, which does not exist",
                    shown.display()
                ),
                "an output folder is never made through a link; make the folder it names, or \
                 name another folder",
            ),
            Ok(Some(to)) => (
                format!(
                    "a symbolic link to {} ({}), not a folder",
                    shown.display(),
                    node(&to)
                ),
                "name a folder to write into",
            ),
        }
    };
    WriteError::NotFolder {
        path: path.to_path_buf(),
        what,
        todo,
    }
}

/// The file a path names once symlinks are followed (the path itself when it is not a symlink,
/// or does not exist yet).
fn through_symlinks(path: &Path) -> Result<PathBuf, WriteError> {
    let mut p = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = std::fs::read_link(&p)
                    .map_err(|e| WriteError::io("cannot read the link", &p, &e))?;
                p = match p.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(WriteError::LinkLoop {
        path: path.to_path_buf(),
    })
}

mod attributes;

#[cfg(test)]
mod tests;
