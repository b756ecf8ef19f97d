//! Writing files: the one atomic-write helper every saver and exporter uses (`saberc export`,
//! `render` and `schema -o`, and every editor save, export and autosave).
//!
//! A write goes to a temporary file created exclusively (a fresh random name, `O_EXCL`) in the
//! target's own directory, then renamed over the target, so a crash leaves either the old file or
//! the new one, and a symlink planted at a predictable temporary name cannot redirect the write.
//! A target that is a symlink is written through to the file it points at (the link stays); an
//! existing file keeps its permissions; a new file gets the usual default permissions (0666 less
//! the process umask), not the 0600 of a temporary file.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Most symlinks followed from a target to the file it names (as the OS limit, ELOOP).
const MAX_LINKS: usize = 40;

/// Write `bytes` to `path` atomically (see the module documentation).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_atomic_with(path, |w| w.write_all(bytes))
}

/// Write a file atomically with `write`, which streams into the temporary file (large exports
/// are never held in memory whole).
pub fn write_atomic_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let target = through_symlinks(path)?;
    let existing = match std::fs::metadata(&target) {
        Ok(m) if m.is_dir() => {
            return Err(std::io::Error::new(
                std::io::ErrorKind::IsADirectory,
                format!("{} is a directory", target.display()),
            ));
        }
        Ok(m) => Some(m.permissions()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".saber-").suffix(".tmp");
    #[cfg(unix)]
    if existing.is_none() {
        use std::os::unix::fs::PermissionsExt;
        // Asked at creation, so the umask applies as for any new file.
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(dir)?;
    {
        let mut w = std::io::BufWriter::new(tmp.as_file_mut());
        write(&mut w)?;
        w.flush()?;
    }
    if let Some(p) = existing {
        tmp.as_file().set_permissions(p)?;
    }
    tmp.as_file().sync_all()?;
    tmp.persist(&target).map_err(|e| e.error)?;
    Ok(())
}

/// The file a path names once symlinks are followed (the path itself when it is not a symlink,
/// or does not exist yet).
fn through_symlinks(path: &Path) -> std::io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = std::fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(std::io::Error::other(format!(
        "{}: too many levels of symbolic links",
        path.display()
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_a_new_file_and_replaces_an_old_one() {
        let dir = tempfile::tempdir().expect("temp dir");
        let f = dir.path().join("a.json");
        write_atomic(&f, b"one").expect("write");
        write_atomic(&f, b"two").expect("write");
        assert_eq!(std::fs::read(&f).expect("read"), b"two");
        let left: Vec<_> = std::fs::read_dir(dir.path()).expect("dir").collect();
        assert_eq!(left.len(), 1, "no temporary file is left behind");
    }

    #[test]
    fn a_directory_is_not_replaced() {
        let dir = tempfile::tempdir().expect("temp dir");
        assert!(write_atomic(dir.path(), b"x").is_err());
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
        write_atomic(&link, b"new").expect("write");
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
        for mode in [0o644, 0o664, 0o600] {
            std::fs::set_permissions(&f, std::fs::Permissions::from_mode(mode)).expect("chmod");
            write_atomic(&f, b"new").expect("write");
            let got = std::fs::metadata(&f).expect("meta").permissions().mode() & 0o777;
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
        write_atomic(&f, b"{}").expect("write");
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
        write_atomic(&target, b"export").expect("write");
        assert_eq!(std::fs::read_to_string(&victim).expect("read"), "precious");
        assert_eq!(std::fs::read_to_string(&target).expect("read"), "export");
    }
}
