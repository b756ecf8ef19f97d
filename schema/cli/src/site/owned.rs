//! The files a report wrote, listed in its marker file ([`super::MARKER`]), so that the next
//! report into the same folder removes those it no longer writes (a scenario gone from the
//! collection or no longer clean leaves no page or download behind, unlinked), and nothing
//! else: only a regular file whose name the list holds, at a name a report gives (the index,
//! or a plain name in the site's own `pages/` or `downloads/` folder), never an input read.
//! The list is rewritten when a report ends: one stopped half-way keeps the earlier list, so
//! that the next still removes what that one wrote.

use std::collections::BTreeSet;
use std::io::Read;
use std::path::{Path, PathBuf};

use saber_schema::files::WriteError;

/// The marker's first line: what the folder is.
const HEAD: &str = "This folder was written by saberc report; it may write here again.\n";
/// The line before the list of the files the report wrote.
const LIST: &str = "The files it wrote (a later report removes those it no longer writes):\n";
/// The most of a marker read: a line per file of a large collection.
const MAX_MARKER_BYTES: u64 = 64 << 20;

/// The marker's text, listing `written` (names below the site's folder, `/`-separated).
pub fn marker_text(written: &BTreeSet<String>) -> String {
    let mut out = format!("{HEAD}{LIST}");
    for name in written {
        out.push_str(name);
        out.push('\n');
    }
    out
}

/// The files an earlier report into `out` listed in its marker: only names a report gives,
/// whatever else the marker holds. Empty when there is no marker, or it is not a regular file.
pub fn earlier(out: &Path) -> BTreeSet<String> {
    let path = out.join(super::MARKER);
    if !std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_file()) {
        return BTreeSet::new();
    }
    let mut text = String::new();
    let read =
        std::fs::File::open(&path).and_then(|f| f.take(MAX_MARKER_BYTES).read_to_string(&mut text));
    if read.is_err() {
        return BTreeSet::new();
    }
    let Some((_, list)) = text.split_once(LIST) else {
        return BTreeSet::new();
    };
    list.lines()
        .filter(|n| is_site_name(n))
        .map(str::to_string)
        .collect()
}

/// Is `name` one a report gives its files: `index.html`, or `pages/` or `downloads/` and a
/// plain name (ASCII letters, digits, `-`, `_` and `.`, not starting with a dot)?
fn is_site_name(name: &str) -> bool {
    if name == "index.html" {
        return true;
    }
    let Some((folder, file)) = name.split_once('/') else {
        return false;
    };
    matches!(folder, "pages" | "downloads")
        && !file.is_empty()
        && !file.starts_with('.')
        && file
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

/// Remove from `out` the files of `earlier` that this report did not write (`written`): each
/// only when it is a regular file (never a link, folder or device), in a real folder of the
/// site (not one reached through a link), and not one of the `inputs` read.
pub fn remove_stale(
    out: &Path,
    earlier: &BTreeSet<String>,
    written: &BTreeSet<String>,
    inputs: &[PathBuf],
) -> Result<(), WriteError> {
    let inputs: BTreeSet<PathBuf> = inputs
        .iter()
        .filter_map(|p| p.canonicalize().ok())
        .collect();
    for name in earlier.difference(written) {
        let path = out.join(name);
        if let Some(folder) = Path::new(name).parent().filter(|p| *p != Path::new(""))
            && !std::fs::symlink_metadata(out.join(folder)).is_ok_and(|m| m.is_dir())
        {
            continue;
        }
        if !std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_file())
            || path.canonicalize().is_ok_and(|p| inputs.contains(&p))
        {
            continue;
        }
        std::fs::remove_file(&path)
            .map_err(|e| WriteError::io("cannot remove the stale file", &path, &e))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_names_a_report_gives_are_its_own() {
        for ok in [
            "index.html",
            "pages/built-in-rs-1.html",
            "downloads/a-b.card.png",
            "downloads/x_1.export.json",
        ] {
            assert!(is_site_name(ok), "{ok}");
        }
        for not in [
            "",
            ".saberc-report",
            "notes.txt",
            "pages/",
            "pages/.hidden",
            "pages/../index.html",
            "downloads/a/b.png",
            "downloads/..",
            "../outside.png",
            "/etc/passwd",
            "other/x.html",
            "downloads/a b.png",
            "downloads/é.png",
            "downloads/a\\b.png",
        ] {
            assert!(!is_site_name(not), "{not:?}");
        }
    }

    #[test]
    fn the_list_reads_back_what_was_written() {
        let dir = tempfile::tempdir().unwrap();
        let written: BTreeSet<String> = ["index.html", "pages/a.html", "downloads/a.card.png"]
            .map(String::from)
            .into();
        std::fs::write(dir.path().join(super::super::MARKER), marker_text(&written)).unwrap();
        assert_eq!(earlier(dir.path()), written);
        // A marker of an earlier version (no list), or none: nothing is known as the report's.
        std::fs::write(dir.path().join(super::super::MARKER), HEAD).unwrap();
        assert!(earlier(dir.path()).is_empty());
        assert!(earlier(&dir.path().join("none")).is_empty());
    }
}
