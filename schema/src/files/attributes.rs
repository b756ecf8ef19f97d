//! A replaced file's extended attributes, the POSIX ACLs among them (`system.posix_acl_access`
//! holds a file's access ACL): read from the old file and given to its replacement before the
//! rename. When one cannot be given, the writer rewrites the file in place instead, which keeps
//! them all: an attribute is never dropped silently.

use std::path::Path;

/// A file's extended attributes: each name (bytes, as the system spells it) and its value.
pub(super) type Attributes = Vec<(Vec<u8>, Vec<u8>)>;

/// The extended attributes of the file `path` names (none where the file system keeps none).
/// An error means they could not all be read: the caller must not replace the file.
#[cfg(any(target_os = "linux", target_os = "android"))]
pub(super) fn read(path: &Path) -> std::io::Result<Attributes> {
    use rustix::io::Errno;
    let names = match fill(|buf| rustix::fs::listxattr(path, buf)) {
        Ok(names) => names,
        Err(e) if e == Errno::OPNOTSUPP => return Ok(Vec::new()),
        Err(e) => return Err(e.into()),
    };
    let mut out = Vec::new();
    for name in names.split(|b| *b == 0).filter(|n| !n.is_empty()) {
        let value = match fill(|buf| rustix::fs::getxattr(path, name, buf)) {
            Ok(v) => v,
            // Removed since it was listed: nothing to keep.
            Err(e) if e == Errno::NODATA => continue,
            Err(e) => return Err(e.into()),
        };
        out.push((name.to_vec(), value));
    }
    Ok(out)
}

/// Read a list or a value whose size the system tells by an error (ERANGE) when the buffer is
/// short: asked again with a larger buffer (the attribute may grow between two calls).
#[cfg(any(target_os = "linux", target_os = "android"))]
fn fill(
    mut call: impl FnMut(&mut [u8]) -> rustix::io::Result<usize>,
) -> rustix::io::Result<Vec<u8>> {
    // The largest value Linux keeps is 64 KiB; lists of names are shorter in practice.
    let mut size = 256;
    loop {
        let mut buf = vec![0u8; size];
        match call(&mut buf) {
            Ok(n) => {
                buf.truncate(n);
                return Ok(buf);
            }
            Err(e) if e == rustix::io::Errno::RANGE && size < 1 << 24 => size *= 4,
            Err(e) => return Err(e),
        }
    }
}

/// Give `file` the attributes `attrs`, and take away those it got at creation that the old file
/// did not have (an ACL inherited from the folder's default ACL) where the system lets it. An
/// error means one of `attrs` could not be given.
#[cfg(any(target_os = "linux", target_os = "android"))]
pub(super) fn give(file: &std::fs::File, attrs: &Attributes) -> std::io::Result<()> {
    use rustix::fs::XattrFlags;
    for (name, value) in attrs {
        rustix::fs::fsetxattr(file, name.as_slice(), value, XattrFlags::empty())?;
    }
    if let Ok(names) = fill(|buf| rustix::fs::flistxattr(file, buf)) {
        for name in names.split(|b| *b == 0).filter(|n| !n.is_empty()) {
            if !attrs.iter().any(|(n, _)| n == name) {
                // A label the system gives every file (security.selinux) may not be removed:
                // it is the system's, not something of the old file lost.
                let _ = rustix::fs::fremovexattr(file, name);
            }
        }
    }
    Ok(())
}

/// Without extended attributes on this system: there are none to keep.
#[cfg(not(any(target_os = "linux", target_os = "android")))]
pub(super) fn read(path: &Path) -> std::io::Result<Attributes> {
    let _ = path;
    Ok(Vec::new())
}

/// Without extended attributes on this system: nothing to give.
#[cfg(not(any(target_os = "linux", target_os = "android")))]
pub(super) fn give(file: &std::fs::File, attrs: &Attributes) -> std::io::Result<()> {
    let _ = (file, attrs);
    Ok(())
}
