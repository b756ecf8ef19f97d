//! The one safe writer (`saber_schema::files::Target`) against a small file-system situation
//! built from the input in a fresh temporary folder: what is at the output path (nothing, a
//! regular file, a symlink to a file inside or outside the folder written into, a dangling
//! link, a link loop, a file with another hard link, a FIFO, a socket, a character device as
//! root, a folder, a read-only file, a set-uid file, a file of another owner as root, a file
//! with an extended attribute), whether the output names the input (the same path, a `./`
//! path, a symlink or a hard link to it), whether the file changed between its read and the
//! write (grown, rewritten with another modification time, replaced by another file,
//! deleted), the size of the text against the limit, and how the target is built (a named
//! file or a file of an output folder, from the command line or not, new only or not).
//!
//! After the write, the invariants of the module documentation are checked on a snapshot of
//! the whole temporary folder taken just before the write (every entry, links not followed:
//! kind, inode, link count, owner, mode, bytes, link target, extended attributes):
//! - a refusal leaves every entry as it was, and no temporary file behind;
//! - a success changes only the file the output names (through its links): it is then a
//!   regular file holding exactly the bytes written (never more than the limit), with the old
//!   file's mode, owner, group, link count and extended attributes, or it is a FIFO or device
//!   named on the command line and written in place, which stays what it was;
//! - never a folder, FIFO, socket or device replaced, never the input written, never a file
//!   that changed since it was read, never a read-only file, never a link followed in an
//!   output folder, never an existing file when only a new one may be written.
//!
//! Nothing outside the temporary folder is touched: every path is made inside it, the links
//! made point inside it, and a device is made only as a copy of the null device there.
#![no_main]

use std::collections::BTreeMap;
use std::io::Write;
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

use libfuzzer_sys::arbitrary::{Result as ArbResult, Unstructured};
use libfuzzer_sys::fuzz_target;
use saber_schema::files::{FileState, Target, WriteError};

/// What is at the output path before the write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Missing,
    Regular,
    LinkInside,
    LinkOutside,
    LinkDangling,
    LinkLoop,
    HardLinked,
    Fifo,
    Socket,
    CharDevice,
    Folder,
    ReadOnly,
    SetUid,
    OtherOwner,
}

const KINDS: [Kind; 14] = [
    Kind::Missing,
    Kind::Regular,
    Kind::LinkInside,
    Kind::LinkOutside,
    Kind::LinkDangling,
    Kind::LinkLoop,
    Kind::HardLinked,
    Kind::Fifo,
    Kind::Socket,
    Kind::CharDevice,
    Kind::Folder,
    Kind::ReadOnly,
    Kind::SetUid,
    Kind::OtherOwner,
];

/// How the output names the input, if it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum NamesInput {
    No,
    SamePath,
    DotPath,
    Symlink,
    HardLink,
}

/// What happens to the target between its read and the write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Change {
    None,
    Grown,
    Touched,
    Replaced,
    Deleted,
}

/// One situation, read from the fuzzer's bytes.
#[derive(Debug)]
struct Situation {
    kind: Kind,
    names_input: NamesInput,
    change: Change,
    /// Take the file's state before the "read" (`unchanged_since`).
    read_first: bool,
    in_folder: bool,
    command_line: bool,
    new_only: bool,
    limit: Option<u64>,
    /// Stream the text in chunks of this size (`write_with`) instead of one `write`.
    chunks: Option<usize>,
    /// A user extended attribute on the existing file.
    xattr: bool,
    old: Vec<u8>,
    new: Vec<u8>,
}

fn situation(u: &mut Unstructured) -> ArbResult<Situation> {
    let kind = *u.choose(&KINDS)?;
    let names_input = *u.choose(&[
        NamesInput::No,
        NamesInput::No,
        NamesInput::No,
        NamesInput::SamePath,
        NamesInput::DotPath,
        NamesInput::Symlink,
        NamesInput::HardLink,
    ])?;
    let change = *u.choose(&[
        Change::None,
        Change::None,
        Change::Grown,
        Change::Touched,
        Change::Replaced,
        Change::Deleted,
    ])?;
    let read_first = u.arbitrary()?;
    let in_folder = u.ratio(1, 4)?;
    let command_line = u.arbitrary()?;
    let new_only = u.ratio(1, 6)?;
    let chunks = if u.arbitrary()? {
        Some(u.int_in_range(1..=64)?)
    } else {
        None
    };
    let xattr = u.arbitrary()?;
    let old_len = u.int_in_range(0..=64)?;
    let old = u.bytes(old_len)?.to_vec();
    // A long text made of a repeated short one: the sizes around the limit matter, not the
    // bytes.
    let new_len: usize = u.int_in_range(0..=8192)?;
    let pattern_len = u.int_in_range(1..=8)?;
    let pattern = u.bytes(pattern_len).unwrap_or(b"x");
    let pattern = if pattern.is_empty() {
        &b"x"[..]
    } else {
        pattern
    };
    let new: Vec<u8> = pattern.iter().copied().cycle().take(new_len).collect();
    let limit = if u.arbitrary()? {
        // Around the text's size, where an off-by-one would show.
        let delta: i64 = u.int_in_range(-3..=3)?;
        Some((new_len as i64 + delta).max(0) as u64)
    } else {
        None
    };
    Ok(Situation {
        kind,
        names_input,
        change,
        read_first,
        in_folder,
        command_line,
        new_only,
        limit,
        chunks,
        xattr,
        old,
        new,
    })
}

/// One entry of the folder as it is on disk (links not followed).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Entry {
    kind: &'static str,
    ino: u64,
    nlink: u64,
    uid: u32,
    gid: u32,
    mode: u32,
    bytes: Option<Vec<u8>>,
    link: Option<PathBuf>,
    xattrs: Vec<(Vec<u8>, Vec<u8>)>,
}

fn kind_of(ft: std::fs::FileType) -> &'static str {
    if ft.is_symlink() {
        "symlink"
    } else if ft.is_dir() {
        "folder"
    } else if ft.is_file() {
        "file"
    } else if ft.is_fifo() {
        "fifo"
    } else if ft.is_socket() {
        "socket"
    } else if ft.is_char_device() {
        "char device"
    } else {
        "other"
    }
}

fn xattrs(path: &Path) -> Vec<(Vec<u8>, Vec<u8>)> {
    let mut names = vec![0u8; 4096];
    let Ok(n) = rustix::fs::llistxattr(path, &mut names[..]) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for name in names[..n].split(|b| *b == 0).filter(|n| !n.is_empty()) {
        let mut value = vec![0u8; 4096];
        if let Ok(v) = rustix::fs::lgetxattr(path, name, &mut value[..]) {
            out.push((name.to_vec(), value[..v].to_vec()));
        }
    }
    out.sort();
    out
}

/// Every entry under `root`, by path, links not followed. Only regular files are read (a FIFO
/// is never opened).
fn snapshot(root: &Path) -> BTreeMap<PathBuf, Entry> {
    let mut out = BTreeMap::new();
    let mut todo = vec![root.to_path_buf()];
    while let Some(dir) = todo.pop() {
        let mut names: Vec<_> = std::fs::read_dir(&dir)
            .expect("the fuzz folder reads")
            .map(|e| e.expect("entry").path())
            .collect();
        names.sort();
        for p in names {
            let m = std::fs::symlink_metadata(&p).expect("entry metadata");
            let ft = m.file_type();
            let kind = kind_of(ft);
            if ft.is_dir() {
                todo.push(p.clone());
            }
            let entry = Entry {
                kind,
                ino: m.ino(),
                nlink: m.nlink(),
                uid: m.uid(),
                gid: m.gid(),
                mode: m.mode() & 0o7777,
                bytes: ft.is_file().then(|| std::fs::read(&p).expect("read")),
                link: ft
                    .is_symlink()
                    .then(|| std::fs::read_link(&p).expect("link")),
                xattrs: if ft.is_file() { xattrs(&p) } else { Vec::new() },
            };
            out.insert(p.strip_prefix(root).expect("inside").to_path_buf(), entry);
        }
    }
    out
}

fn is_root() -> bool {
    rustix::process::geteuid().is_root()
}

fn build(root: &Path, s: &Situation) -> Option<(PathBuf, PathBuf)> {
    // `work/` is the folder written into; `outside/` is beside it.
    let work = root.join("work");
    let outside = root.join("outside");
    std::fs::create_dir(&work).expect("mkdir");
    std::fs::create_dir(&outside).expect("mkdir");
    let input = work.join("in.ron");
    std::fs::write(&input, b"// the input\n(a: 1)\n").expect("write input");
    let out = match s.names_input {
        NamesInput::SamePath => return Some((input.clone(), input)),
        NamesInput::DotPath => return Some((work.join(".").join("in.ron"), input)),
        NamesInput::Symlink => {
            let l = work.join("to-in.ron");
            std::os::unix::fs::symlink("in.ron", &l).expect("symlink");
            return Some((l, input));
        }
        NamesInput::HardLink => {
            let l = work.join("also-in.ron");
            std::fs::hard_link(&input, &l).expect("hard link");
            return Some((l, input));
        }
        NamesInput::No => work.join("out.ron"),
    };
    let regular = |p: &Path, mode: u32| {
        std::fs::write(p, &s.old).expect("write old");
        std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode)).expect("chmod");
    };
    match s.kind {
        Kind::Missing => {}
        Kind::Regular => regular(&out, 0o644),
        Kind::LinkInside => {
            regular(&work.join("real.ron"), 0o640);
            std::os::unix::fs::symlink("real.ron", &out).expect("symlink");
        }
        Kind::LinkOutside => {
            regular(&outside.join("real.ron"), 0o600);
            std::os::unix::fs::symlink("../outside/real.ron", &out).expect("symlink");
        }
        Kind::LinkDangling => {
            std::os::unix::fs::symlink("gone.ron", &out).expect("symlink");
        }
        Kind::LinkLoop => {
            std::os::unix::fs::symlink("out.ron", &out).expect("symlink");
        }
        Kind::HardLinked => {
            regular(&out, 0o664);
            std::fs::hard_link(&out, outside.join("other-name.ron")).expect("hard link");
        }
        Kind::Fifo => {
            rustix::fs::mknodat(
                rustix::fs::CWD,
                &out,
                rustix::fs::FileType::Fifo,
                rustix::fs::Mode::from_raw_mode(0o644),
                0,
            )
            .expect("mkfifo");
        }
        Kind::Socket => {
            std::os::unix::net::UnixListener::bind(&out).expect("socket");
        }
        Kind::CharDevice => {
            if !is_root() {
                return None;
            }
            // A copy of the null device (1, 3), made here: writing into it loses nothing.
            rustix::fs::mknodat(
                rustix::fs::CWD,
                &out,
                rustix::fs::FileType::CharacterDevice,
                rustix::fs::Mode::from_raw_mode(0o666),
                rustix::fs::makedev(1, 3),
            )
            .expect("mknod");
        }
        Kind::Folder => std::fs::create_dir(&out).expect("mkdir"),
        Kind::ReadOnly => regular(&out, 0o444),
        Kind::SetUid => regular(&out, 0o4755),
        Kind::OtherOwner => {
            if !is_root() {
                return None;
            }
            regular(&out, 0o6750);
            std::os::unix::fs::chown(&out, Some(1000), Some(1000)).expect("chown");
            // chown cleared the set-id bits: give them back.
            std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o6750)).expect("chmod");
        }
    }
    Some((out, input))
}

/// The file a path names once symlinks are followed, if it resolves inside `root`.
fn resolve(path: &Path) -> Option<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let l = std::fs::read_link(&p).ok()?;
                p = p.parent()?.join(l);
            }
            _ => return Some(p),
        }
    }
    None
}

/// Turn an absolute path under `root` into the snapshot's key, without `.` parts.
fn key(root: &Path, p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.strip_prefix(root).expect("inside").components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            c => out.push(c),
        }
    }
    out
}

fn change(path: &Path, how: Change) {
    let Some(real) = resolve(path) else { return };
    let Ok(m) = std::fs::symlink_metadata(&real) else {
        return;
    };
    if !m.is_file() {
        return;
    }
    match how {
        Change::None => {}
        Change::Grown => {
            let mut f = std::fs::OpenOptions::new()
                .append(true)
                .open(&real)
                .expect("open to append");
            f.write_all(b" and more").expect("append");
        }
        Change::Touched => {
            // Same size, other bytes, and a modification time surely different.
            let bytes = std::fs::read(&real).expect("read");
            let flipped: Vec<u8> = bytes.iter().map(|b| b ^ 1).collect();
            let perms = m.permissions();
            std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o600)).ok();
            std::fs::write(&real, flipped).expect("rewrite");
            let f = std::fs::File::options()
                .write(true)
                .open(&real)
                .expect("open");
            let when = m
                .modified()
                .expect("mtime")
                .checked_sub(std::time::Duration::from_secs(3600))
                .expect("an hour earlier");
            f.set_modified(when).expect("set mtime");
            std::fs::set_permissions(&real, perms).expect("chmod back");
        }
        Change::Replaced => {
            let tmp = real.with_extension("other");
            std::fs::write(&tmp, b"another file").expect("write");
            std::fs::rename(&tmp, &real).expect("rename");
        }
        Change::Deleted => std::fs::remove_file(&real).expect("delete"),
    }
}

fn run(s: &Situation) {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path();
    let Some((out, input)) = build(root, s) else {
        return;
    };
    if s.xattr
        && let Some(real) = resolve(&out)
        && std::fs::symlink_metadata(&real).is_ok_and(|m| m.is_file())
    {
        // A file system without user attributes simply has none.
        let _ = rustix::fs::setxattr(&real, "user.fuzz", b"kept", rustix::fs::XattrFlags::empty());
    }
    // The "read": the state the file had, taken before it changed.
    let read_state = FileState::of(&out).ok();
    let expected = if s.read_first { read_state } else { None };
    change(&out, if s.read_first { s.change } else { Change::None });
    let changed = s.read_first && read_state.is_some() && FileState::of(&out).ok() != read_state;

    let before = snapshot(root);
    let resolved = resolve(&out);
    let target_key = resolved.as_ref().map(|r| key(root, r));
    let old_entry = target_key.as_ref().and_then(|k| before.get(k)).cloned();
    // (None when the situation deleted the input: the output named it and it "changed".)
    let input_entry = before.get(&key(root, &input)).cloned();

    let mut target = if s.in_folder {
        Target::in_folder(&out)
    } else {
        Target::file(&out)
    };
    if s.command_line && !s.in_folder {
        target = target.command_line();
    }
    if s.new_only {
        target = target.new_only();
    }
    if let Some(limit) = s.limit {
        target = target.limit(limit);
    }
    target = target.unchanged_since(expected).not_over(&input);
    let result = match s.chunks {
        None => target.write(&s.new),
        Some(n) => target.write_with(|w| {
            for c in s.new.chunks(n) {
                w.write_all(c)?;
            }
            Ok(())
        }),
    };
    let after = snapshot(root);

    let over_limit = s.limit.is_some_and(|l| s.new.len() as u64 > l);
    let link_in_folder =
        s.in_folder && std::fs::symlink_metadata(&out).is_ok_and(|m| m.file_type().is_symlink());
    let is_input = old_entry
        .as_ref()
        .is_some_and(|e| e.kind == "file" && input_entry.as_ref().is_some_and(|i| e.ino == i.ino));
    let read_only = old_entry
        .as_ref()
        .is_some_and(|e| e.kind == "file" && e.mode & 0o222 == 0);
    let exists = old_entry.is_some();
    let gone_since_read = s.read_first && read_state.is_some() && !exists;

    match &result {
        Err(e) => {
            assert_eq!(
                before, after,
                "a refusal ({e}) left the folder as it was: {s:?}"
            );
            if matches!(e, WriteError::Io { .. }) {
                // A refusal by the system is fine only where the situation explains it.
                assert!(
                    matches!(s.kind, Kind::CharDevice | Kind::Fifo | Kind::Socket)
                        || resolved.is_none(),
                    "unexpected system error {e}: {s:?}"
                );
            }
        }
        Ok(_) => {
            assert!(
                !link_in_folder,
                "followed a link in an output folder: {s:?}"
            );
            assert!(!is_input, "wrote over the input: {s:?}");
            assert!(
                !changed,
                "replaced a file that changed since it was read: {s:?}"
            );
            assert!(
                !gone_since_read,
                "recreated a file deleted since it was read: {s:?}"
            );
            assert!(!read_only, "replaced a read-only file: {s:?}");
            assert!(
                !(s.new_only && exists),
                "replaced a file with new_only: {s:?}"
            );
            let k = target_key.clone().expect("a success names a file");
            let now = after.get(&k).expect("the written file is there");
            // Only the written file changed; nothing left behind.
            let mut rest_before = before.clone();
            let mut rest_after = after.clone();
            rest_before.remove(&k);
            rest_after.remove(&k);
            // Another name of the same file (a hard link) changes with it.
            if let Some(old) = &old_entry {
                rest_before.retain(|_, e| e.ino != old.ino || e.kind != "file");
                rest_after.retain(|_, e| e.ino != old.ino || e.kind != "file");
            }
            assert_eq!(rest_before, rest_after, "only the target changed: {s:?}");
            if let Some(old) = old_entry.as_ref().filter(|e| e.kind == "file") {
                for (p, e) in after.iter().filter(|(_, e)| e.ino == old.ino) {
                    assert_eq!(
                        e.bytes.as_deref(),
                        Some(&s.new[..]),
                        "every name of the file has the new text ({}): {s:?}",
                        p.display()
                    );
                }
            }
            match &old_entry {
                Some(old) if old.kind != "file" => {
                    assert!(
                        s.command_line && matches!(old.kind, "fifo" | "char device"),
                        "wrote to a {} not named on the command line: {s:?}",
                        old.kind
                    );
                    assert_eq!(now, old, "a node written in place stays as it was");
                }
                old => {
                    // A FIFO or device written in place is a stream, as standard output is:
                    // the limit is for files read back.
                    assert!(!over_limit, "wrote a file past the limit: {s:?}");
                    assert_eq!(now.kind, "file", "{s:?}");
                    assert_eq!(now.bytes.as_deref(), Some(&s.new[..]), "the bytes written");
                    if let Some(old) = old {
                        assert_eq!(
                            (now.mode, now.uid, now.gid, now.nlink, &now.xattrs),
                            (old.mode, old.uid, old.gid, old.nlink, &old.xattrs),
                            "mode, owner, link count and attributes kept: {s:?}"
                        );
                        if old.nlink > 1 {
                            assert_eq!(now.ino, old.ino, "a hard-linked file written in place");
                        }
                    }
                }
            }
        }
    }
    // The input is never written, whatever the result.
    assert_eq!(
        after.get(&key(root, &input)).map(|e| &e.bytes),
        input_entry.as_ref().map(|e| &e.bytes),
        "the input is untouched: {s:?}"
    );
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    if let Ok(s) = situation(&mut u) {
        run(&s);
    }
});
