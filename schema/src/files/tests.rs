//! The safe writer's rules, one test each, on files made in a temporary folder.

use super::*;

fn write(path: &Path, bytes: &[u8]) -> Result<Option<FileState>, WriteError> {
    Target::file(path).write(bytes)
}

#[test]
fn writes_a_new_file_and_replaces_an_old_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let f = dir.path().join("a.json");
    write(&f, b"one").expect("write");
    write(&f, b"two").expect("write");
    assert_eq!(std::fs::read(&f).expect("read"), b"two");
    let left: Vec<_> = std::fs::read_dir(dir.path()).expect("dir").collect();
    assert_eq!(left.len(), 1, "no temporary file is left behind");
}

#[test]
fn a_directory_is_not_replaced() {
    let dir = tempfile::tempdir().expect("temp dir");
    let e = write(dir.path(), b"x").expect_err("refused");
    assert!(matches!(e, WriteError::Folder { .. }), "{e}");
}

#[cfg(unix)]
#[test]
fn writes_through_a_symlink_to_its_target() {
    let dir = tempfile::tempdir().expect("temp dir");
    let real = dir.path().join("real.ron");
    std::fs::write(&real, "old").expect("write");
    let sub = dir.path().join("sub");
    std::fs::create_dir(&sub).expect("mkdir");
    let link = sub.join("link.ron");
    std::os::unix::fs::symlink("../real.ron", &link).expect("symlink");
    write(&link, b"new").expect("write");
    assert_eq!(std::fs::read_to_string(&real).expect("read"), "new");
    assert!(
        std::fs::symlink_metadata(&link)
            .expect("link")
            .file_type()
            .is_symlink(),
        "the link stays a link"
    );
}

#[cfg(unix)]
#[test]
fn keeps_an_existing_files_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("temp dir");
    let f = dir.path().join("shared.ron");
    std::fs::write(&f, "old").expect("write");
    for mode in [0o644, 0o664, 0o600, 0o4755, 0o2644] {
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(mode)).expect("chmod");
        write(&f, b"new").expect("write");
        let got = std::fs::metadata(&f).expect("meta").permissions().mode() & 0o7777;
        assert_eq!(got, mode, "{got:o} after writing a {mode:o} file");
    }
}

#[cfg(unix)]
#[test]
fn a_new_file_gets_the_default_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("temp dir");
    // What the umask makes of a plain create, to compare with.
    let plain = dir.path().join("plain");
    std::fs::write(&plain, "x").expect("write");
    let want = std::fs::metadata(&plain)
        .expect("meta")
        .permissions()
        .mode()
        & 0o777;
    let f = dir.path().join("new.json");
    write(&f, b"{}").expect("write");
    let got = std::fs::metadata(&f).expect("meta").permissions().mode() & 0o777;
    assert_eq!(got, want, "{got:o}, a plain create gives {want:o}");
}

/// 13 §5: a symlink planted where the old writer put its temporary file (a predictable
/// name in a shared output directory) must not redirect the write outside it.
#[cfg(unix)]
#[test]
fn a_symlink_planted_at_a_temporary_name_is_not_followed() {
    let out = tempfile::tempdir().expect("output dir");
    let elsewhere = tempfile::tempdir().expect("victim dir");
    let victim = elsewhere.path().join("victim");
    std::fs::write(&victim, "precious").expect("write");
    let target = out.path().join("scenario.json");
    for name in [
        format!(".scenario.json.{}.tmp", std::process::id()),
        ".scenario.json.tmp".to_string(),
        ".saber-.tmp".to_string(),
    ] {
        std::os::unix::fs::symlink(&victim, out.path().join(name)).expect("plant");
    }
    write(&target, b"export").expect("write");
    assert_eq!(std::fs::read_to_string(&victim).expect("read"), "precious");
    assert_eq!(std::fs::read_to_string(&target).expect("read"), "export");
}

#[cfg(unix)]
fn mkfifo(path: &Path) {
    let ok = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(ok.success(), "mkfifo {}", path.display());
}

/// Is this process root (a file it makes belongs to user 0)?
#[cfg(unix)]
fn is_root() -> bool {
    use std::os::unix::fs::MetadataExt;
    let probe = tempfile::NamedTempFile::new().expect("temp file");
    probe.as_file().metadata().expect("meta").uid() == 0
}

/// A character device like `/dev/null` (1, 3) made in `path`, when running as root.
#[cfg(unix)]
fn mknod_null(path: &Path) -> bool {
    if !is_root() {
        println!("skipped: making a character device needs root");
        return false;
    }
    let made = std::process::Command::new("mknod")
        .arg(path)
        .args(["c", "1", "3"])
        .status()
        .is_ok_and(|s| s.success());
    if !made {
        println!("skipped: mknod refused here");
    }
    made
}

#[cfg(unix)]
fn kind(path: &Path) -> std::fs::FileType {
    std::fs::symlink_metadata(path)
        .expect("still there")
        .file_type()
}

#[cfg(unix)]
#[test]
fn a_fifo_a_socket_and_a_device_are_refused_and_stay() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().expect("temp dir");
    let fifo = dir.path().join("fifo.json");
    mkfifo(&fifo);
    let e = write(&fifo, b"x").expect_err("refused");
    assert!(
        e.to_string().contains("is a FIFO, not a regular file"),
        "{e}"
    );
    assert!(e.to_string().contains("fifo.json"), "{e}");
    assert!(kind(&fifo).is_fifo());

    let socket = dir.path().join("socket.json");
    let _listener = std::os::unix::net::UnixListener::bind(&socket).expect("socket");
    let e = write(&socket, b"x").expect_err("refused");
    assert!(e.to_string().contains("is a socket"), "{e}");
    // Not even on the command line, where FIFOs and character devices are written in place.
    assert!(Target::file(&socket).command_line().write(b"x").is_err());
    assert!(kind(&socket).is_socket());

    let dev = dir.path().join("null.json");
    if mknod_null(&dev) {
        let e = write(&dev, b"x").expect_err("refused");
        assert!(e.to_string().contains("is a character device"), "{e}");
        assert!(kind(&dev).is_char_device());
        // Through a link too.
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink(&dev, &link).expect("symlink");
        assert!(write(&link, b"x").is_err());
        assert!(kind(&dev).is_char_device());
    }
}

#[cfg(unix)]
#[test]
fn on_the_command_line_a_named_fifo_or_device_is_written_in_place() {
    use std::io::Read;
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().expect("temp dir");
    let fifo = dir.path().join("out.json");
    mkfifo(&fifo);
    // No reader: refused at once, not waited on.
    let e = Target::file(&fifo)
        .command_line()
        .write(b"x")
        .expect_err("refused");
    assert!(matches!(e, WriteError::NoReader { .. }), "{e}");
    // Opened for reading and writing, the FIFO has a reader at once (Linux) and never blocks.
    let mut reader = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(&fifo)
        .expect("reader");
    Target::file(&fifo)
        .command_line()
        .write(b"through the pipe")
        .expect("written in place");
    let mut got = [0; 16];
    reader.read_exact(&mut got).expect("read");
    assert_eq!(&got, b"through the pipe");
    assert!(kind(&fifo).is_fifo(), "the FIFO is still a FIFO");
    // A stream, as standard output is: the read limit is for files read back, and a whole
    // write and a streamed one agree.
    let limited = Target::file(&fifo).command_line().limit(3);
    limited.write(b"12345").expect("a stream has no limit");
    limited
        .write_with(|w| w.write_all(b"67890"))
        .expect("nor when streamed");
    let mut got = [0; 10];
    reader.read_exact(&mut got).expect("read");
    assert_eq!(&got, b"1234567890");

    let dev = dir.path().join("null");
    if mknod_null(&dev) {
        Target::file(&dev)
            .command_line()
            .write(b"gone")
            .expect("written in place");
        assert!(kind(&dev).is_char_device(), "the device is still a device");
    }
    // Never in an output folder, never for a new file only.
    assert!(Target::in_folder(&fifo).command_line().write(b"x").is_err());
    assert!(
        Target::file(&fifo)
            .command_line()
            .new_only()
            .write(b"x")
            .is_err()
    );
}

#[cfg(unix)]
#[test]
fn a_link_in_an_output_folder_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let victim = dir.path().join("victim");
    std::fs::write(&victim, "precious").expect("write");
    let out = dir.path().join("out");
    std::fs::create_dir(&out).expect("mkdir");
    let link = out.join("a.json");
    std::os::unix::fs::symlink(&victim, &link).expect("symlink");
    let e = Target::in_folder(&link).write(b"x").expect_err("refused");
    assert!(matches!(e, WriteError::LinkInFolder { .. }), "{e}");
    assert!(e.to_string().contains("out/a.json"), "{e}");
    assert_eq!(std::fs::read_to_string(&victim).expect("read"), "precious");
}

/// An output folder (`export -o DIR`) is made when missing and used when there (a link to a
/// folder too); what else stands there is refused, saying what it is (a dangling link and a
/// loop of links said "File exists (os error 17)").
#[cfg(unix)]
#[test]
fn an_output_folder_says_what_stands_in_its_place() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    output_folder(&d.join("new/deeper")).expect("made");
    assert!(d.join("new/deeper").is_dir());
    std::fs::create_dir(d.join("real")).expect("mkdir");
    symlink("real", d.join("to-real")).expect("symlink");
    output_folder(&d.join("to-real")).expect("a link to a folder is used");
    symlink("nowhere", d.join("dangling")).expect("symlink");
    symlink("loop-b", d.join("loop-a")).expect("symlink");
    symlink("loop-a", d.join("loop-b")).expect("symlink");
    std::fs::write(d.join("file"), "x").expect("write");
    symlink("file", d.join("to-file")).expect("symlink");
    for (name, says) in [
        (
            "dangling",
            "dangling is a symbolic link to nowhere, which does not exist: an output folder is never made through a link",
        ),
        (
            "dangling/sub",
            "dangling is a symbolic link to nowhere, which does not exist",
        ),
        (
            "loop-a",
            "loop-a is a symbolic link that leads back to itself (a loop of links): remove the link",
        ),
        (
            "file",
            "file is a file, not a folder: name a folder to write into",
        ),
        ("file/sub", "file is a file, not a folder"),
        (
            "to-file",
            "to-file is a symbolic link to file (a file), not a folder",
        ),
    ] {
        let e = output_folder(&d.join(name)).expect_err(name);
        assert!(e.to_string().contains(says), "{name}: {e}");
        assert!(!e.to_string().contains("os error"), "{name}: {e}");
    }
    assert!(
        !d.join("nowhere").exists(),
        "nothing is made through the link"
    );
    assert_eq!(std::fs::read_to_string(d.join("file")).expect("read"), "x");
}

#[cfg(unix)]
#[test]
fn the_input_is_never_the_output() {
    let dir = tempfile::tempdir().expect("temp dir");
    let input = dir.path().join("a.ron");
    std::fs::write(&input, "(precious)").expect("write");
    let link = dir.path().join("link.ron");
    std::os::unix::fs::symlink("a.ron", &link).expect("symlink");
    let hard = dir.path().join("hard.ron");
    std::fs::hard_link(&input, &hard).expect("hard link");
    let dotted = dir.path().join(".").join("a.ron");
    for out in [&input, &dotted, &link, &hard] {
        let e = Target::file(out)
            .not_over(&input)
            .write(b"{}")
            .expect_err("refused");
        assert!(
            matches!(e, WriteError::IsInput { .. }),
            "{}: {e}",
            out.display()
        );
    }
    assert_eq!(std::fs::read_to_string(&input).expect("read"), "(precious)");
    // Another file is fine.
    Target::file(&dir.path().join("b.json"))
        .not_over(&input)
        .write(b"{}")
        .expect("written");
}

#[cfg(unix)]
#[test]
fn a_file_with_other_hard_links_is_written_in_place() {
    use std::os::unix::fs::MetadataExt;
    let dir = tempfile::tempdir().expect("temp dir");
    let a = dir.path().join("a.ron");
    let b = dir.path().join("b.ron");
    std::fs::write(&a, "a longer old text than the new one").expect("write");
    std::fs::hard_link(&a, &b).expect("hard link");
    let ino = std::fs::metadata(&a).expect("meta").ino();
    write(&a, b"new").expect("written");
    assert_eq!(std::fs::read_to_string(&b).expect("read"), "new");
    let m = std::fs::metadata(&a).expect("meta");
    assert_eq!(
        (m.ino(), m.nlink()),
        (ino, 2),
        "still one file with two names"
    );
    write(&b, b"newer and longer than before, much longer").expect("written");
    assert_eq!(
        std::fs::read_to_string(&a).expect("read"),
        "newer and longer than before, much longer"
    );
    // A write that fails on the way leaves it as it was.
    let e = Target::file(&a)
        .limit(5)
        .write_with(|w| w.write_all(b"far too long"))
        .expect_err("refused");
    assert!(matches!(e, WriteError::TooLarge { .. }), "{e}");
    assert_eq!(
        std::fs::read_to_string(&b).expect("read"),
        "newer and longer than before, much longer"
    );
    let left = std::fs::read_dir(dir.path()).expect("dir").count();
    assert_eq!(left, 2, "no temporary file is left behind");
}

#[cfg(unix)]
#[test]
fn a_read_only_file_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("temp dir");
    let f = dir.path().join("ro.ron");
    std::fs::write(&f, "old").expect("write");
    std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    let e = write(&f, b"new").expect_err("refused");
    assert!(matches!(e, WriteError::ReadOnly { .. }), "{e}");
    assert_eq!(std::fs::read_to_string(&f).expect("read"), "old");
}

/// As root, a user's file keeps its owner, group and set-uid bit (the old writer gave it to
/// root, set-uid bit and all).
#[cfg(unix)]
#[test]
fn the_owner_group_and_mode_are_kept() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    if !is_root() {
        println!("skipped: giving a file to another user needs root");
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let f = dir.path().join("theirs.ron");
    std::fs::write(&f, "old").expect("write");
    std::os::unix::fs::chown(&f, Some(1000), Some(1000)).expect("chown");
    std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o4754)).expect("chmod");
    write(&f, b"new").expect("written");
    let m = std::fs::metadata(&f).expect("meta");
    assert_eq!((m.uid(), m.gid()), (1000, 1000));
    assert_eq!(m.mode() & 0o7777, 0o4754);
    assert_eq!(std::fs::read_to_string(&f).expect("read"), "new");
}

#[test]
fn a_file_changed_since_it_was_read_is_not_replaced() {
    let dir = tempfile::tempdir().expect("temp dir");
    let f = dir.path().join("a.ron");
    std::fs::write(&f, "read").expect("write");
    let state = FileState::of(&f).expect("state");
    std::fs::write(&f, "edited meanwhile").expect("write");
    let e = Target::file(&f)
        .unchanged_since(Some(state))
        .write(b"formatted")
        .expect_err("refused");
    assert!(matches!(e, WriteError::Changed { .. }), "{e}");
    assert_eq!(
        std::fs::read_to_string(&f).expect("read"),
        "edited meanwhile"
    );

    // Changed while the new text is being written: found by the check before the rename.
    let state = FileState::of(&f).expect("state");
    let e = Target::file(&f)
        .unchanged_since(Some(state))
        .write_with(|w| {
            std::fs::write(&f, "saved by the user while formatting")?;
            w.write_all(b"formatted")
        })
        .expect_err("refused");
    assert!(matches!(e, WriteError::Changed { .. }), "{e}");
    assert_eq!(
        std::fs::read_to_string(&f).expect("read"),
        "saved by the user while formatting"
    );

    // Replaced by another program (a new inode), or deleted.
    let state = FileState::of(&f).expect("state");
    let other = dir.path().join("other");
    std::fs::write(&other, "saved by the user while formatting").expect("write");
    std::fs::rename(&other, &f).expect("rename");
    assert!(
        Target::file(&f)
            .unchanged_since(Some(state))
            .write(b"x")
            .is_err()
    );
    std::fs::remove_file(&f).expect("rm");
    assert!(
        Target::file(&f)
            .unchanged_since(Some(state))
            .write(b"x")
            .is_err()
    );
    assert!(!f.exists());

    // Unchanged: written, and the state returned serves the next write.
    std::fs::write(&f, "read").expect("write");
    let state = FileState::of(&f).expect("state");
    let next = Target::file(&f)
        .unchanged_since(Some(state))
        .write(b"one")
        .expect("written");
    assert_eq!(next, Some(FileState::of(&f).expect("state")));
    Target::file(&f)
        .unchanged_since(next)
        .write(b"two")
        .expect("written");
}

#[test]
fn nothing_past_the_limit_is_written() {
    let dir = tempfile::tempdir().expect("temp dir");
    let f = dir.path().join("a.json");
    std::fs::write(&f, "old").expect("write");
    let e = Target::file(&f)
        .limit(10)
        .write_with(|w| {
            for _ in 0..100 {
                w.write_all(b"0123456789")?;
            }
            Ok(())
        })
        .expect_err("refused");
    assert!(matches!(e, WriteError::TooLarge { .. }), "{e}");
    assert!(e.to_string().contains("a.json"), "{e}");
    assert_eq!(std::fs::read_to_string(&f).expect("read"), "old");
    let e = Target::file(&dir.path().join("new.json"))
        .limit(3)
        .write(b"1234")
        .expect_err("refused");
    assert!(matches!(e, WriteError::TooLarge { .. }), "{e}");
    Target::file(&f)
        .limit(4)
        .write(b"1234")
        .expect("at the limit");
    assert_eq!(std::fs::read_dir(dir.path()).expect("dir").count(), 1);
    assert_eq!(
        Target::file(&f).read_back().limit,
        Some(crate::model::limits::MAX_FILE_BYTES)
    );
}

#[test]
fn a_new_only_target_never_replaces() {
    let dir = tempfile::tempdir().expect("temp dir");
    let f = dir.path().join("a.ron");
    Target::file(&f).new_only().write(b"first").expect("new");
    let e = Target::file(&f)
        .new_only()
        .write(b"second")
        .expect_err("refused");
    assert!(matches!(e, WriteError::Exists { .. }), "{e}");
    assert_eq!(std::fs::read_to_string(&f).expect("read"), "first");
}

/// Messages name the folder or the link at fault, never the temporary file.
#[test]
fn messages_name_the_path_at_fault() {
    let dir = tempfile::tempdir().expect("temp dir");
    let missing = dir.path().join("missing");
    let e = write(&missing.join("a.json"), b"x").expect_err("no folder");
    let text = e.to_string();
    assert!(
        text.starts_with(&format!("cannot create a file in {}: ", missing.display())),
        "{text}"
    );
    assert!(!text.contains(".saber-"), "{text}");
    #[cfg(unix)]
    {
        let a = dir.path().join("loop-a");
        let b = dir.path().join("loop-b");
        std::os::unix::fs::symlink(&b, &a).expect("symlink");
        std::os::unix::fs::symlink(&a, &b).expect("symlink");
        let e = write(&a, b"x").expect_err("loop");
        assert!(matches!(e, WriteError::LinkLoop { .. }), "{e}");
        assert!(e.to_string().contains("loop-a"), "{e}");
    }
}

#[test]
fn reasons_drop_the_temporary_files_name() {
    let dir = tempfile::tempdir().expect("temp dir");
    let e = tempfile::Builder::new()
        .prefix(".saber-")
        .tempfile_in(dir.path().join("missing"))
        .expect_err("no folder");
    assert!(e.to_string().contains("missing"), "tempfile names it: {e}");
    let r = reason(&e);
    assert!(!r.contains("missing") && r.contains("os error"), "{r}");
}

/// An access ACL as Linux stores it in `system.posix_acl_access` (version 2, then entries of
/// tag, permissions and id): owner rw, user 1000 rw, group r, mask rw, others nothing.
#[cfg(target_os = "linux")]
fn acl_bytes() -> Vec<u8> {
    let mut v = 2u32.to_le_bytes().to_vec();
    for (tag, perm, id) in [
        (0x01u16, 6u16, u32::MAX),
        (0x02, 6, 1000),
        (0x04, 4, u32::MAX),
        (0x10, 6, u32::MAX),
        (0x20, 0, u32::MAX),
    ] {
        v.extend(tag.to_le_bytes());
        v.extend(perm.to_le_bytes());
        v.extend(id.to_le_bytes());
    }
    v
}

/// The value of an extended attribute, or `None` when the file has none of that name.
#[cfg(target_os = "linux")]
fn xattr(path: &Path, name: &str) -> Option<Vec<u8>> {
    let mut buf = vec![0u8; 4096];
    rustix::fs::getxattr(path, name, &mut buf[..])
        .ok()
        .map(|n| buf[..n].to_vec())
}

#[cfg(target_os = "linux")]
#[test]
fn extended_attributes_and_the_acl_are_kept() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("temp dir");
    let f = dir.path().join("tagged.ron");
    std::fs::write(&f, "old").expect("write");
    let set = |name: &str, value: &[u8]| {
        rustix::fs::setxattr(&f, name, value, rustix::fs::XattrFlags::empty())
    };
    if set("user.saber.note", b"kept").is_err() {
        eprintln!("skipped: this file system keeps no user extended attributes");
        return;
    }
    let acl = acl_bytes();
    let with_acl = set("system.posix_acl_access", &acl).is_ok();
    let mode = std::fs::metadata(&f).expect("meta").permissions().mode() & 0o7777;
    write(&f, b"new").expect("write");
    assert_eq!(std::fs::read(&f).expect("read"), b"new");
    assert_eq!(
        xattr(&f, "user.saber.note").as_deref(),
        Some(&b"kept"[..]),
        "the user attribute is kept"
    );
    if with_acl {
        assert_eq!(
            xattr(&f, "system.posix_acl_access"),
            Some(acl),
            "the ACL is kept"
        );
    }
    let now = std::fs::metadata(&f).expect("meta").permissions().mode() & 0o7777;
    assert_eq!(now, mode, "{now:o}, was {mode:o}");
}

#[cfg(target_os = "linux")]
#[test]
fn an_attribute_the_new_file_cannot_take_is_reported() {
    // The fallback in `replace` (writing in place) rests on `give` saying so.
    let dir = tempfile::tempdir().expect("temp dir");
    let f = std::fs::File::create(dir.path().join("f")).expect("create");
    let bogus = vec![(b"nonamespace.x".to_vec(), b"v".to_vec())];
    assert!(attributes::give(&f, &bogus).is_err());
    assert!(attributes::give(&f, &Vec::new()).is_ok());
}
