//! Documents' URIs: a `file:` URI is its file (maps near it are found); any other URI
//! (`untitled:`) a bare file name that stands for no file.

use std::path::PathBuf;

use lsp_types::Uri;
use saber_schema::pipeline::read::Source;

/// The source of a document: a file URI checks as its file (maps near it are found); any
/// other URI as a bare file name, so that only the workspace folders' and the built-in maps
/// serve. The name is the last part of the URI once decoded, so that an `untitled:` name
/// holding `..%2F` or an absolute path never stands for a file, or a folder, elsewhere.
pub fn source(uri: &Uri, text: &str) -> Source {
    let path = file_path(uri).unwrap_or_else(|| PathBuf::from(bare_name(uri)));
    Source::from_text(path, text)
}

/// The bare file name of a URI that is not a file's: its last `/`, `\\` or `:` part, decoded,
/// and that part's own last part (`untitled` when none is a name).
fn bare_name(uri: &Uri) -> String {
    let last = |s: &str| -> Option<String> {
        s.rsplit(['/', '\\', ':'])
            .find(|p| !p.is_empty() && *p != "." && *p != "..")
            .map(str::to_string)
    };
    last(uri.as_str())
        .map(|name| {
            percent_encoding::percent_decode_str(&name)
                .decode_utf8_lossy()
                .into_owned()
        })
        .and_then(|decoded| last(&decoded))
        .unwrap_or_else(|| "untitled".into())
}

/// The path of a `file:` URI (local host only), percent-decoded.
pub fn file_path(uri: &Uri) -> Option<PathBuf> {
    let rest = uri.as_str().strip_prefix("file://")?;
    let path = rest.strip_prefix("localhost").unwrap_or(rest);
    if !path.starts_with('/') {
        return None;
    }
    let bytes: Vec<u8> = percent_encoding::percent_decode_str(path).collect();
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStringExt;
        Some(PathBuf::from(std::ffi::OsString::from_vec(bytes)))
    }
    #[cfg(not(unix))]
    {
        Some(PathBuf::from(String::from_utf8_lossy(&bytes).into_owned()))
    }
}

/// The `file:` URI of an absolute path, percent-encoded.
pub fn path_uri(path: &std::path::Path) -> Option<Uri> {
    use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, percent_encode};
    const KEEP: &AsciiSet = &NON_ALPHANUMERIC
        .remove(b'/')
        .remove(b'-')
        .remove(b'_')
        .remove(b'.')
        .remove(b'~');
    #[cfg(unix)]
    let bytes = {
        use std::os::unix::ffi::OsStrExt;
        path.as_os_str().as_bytes().to_vec()
    };
    #[cfg(not(unix))]
    let bytes = path.to_string_lossy().replace('\\', "/").into_bytes();
    let encoded = percent_encode(&bytes, KEEP).to_string();
    std::str::FromStr::from_str(&format!("file://{encoded}")).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[test]
    fn file_uris_become_paths_and_others_bare_names() {
        let uri = Uri::from_str("file:///tmp/a%20b/s%C3%A9.ron").unwrap();
        assert_eq!(file_path(&uri), Some(PathBuf::from("/tmp/a b/sé.ron")));
        let untitled = Uri::from_str("untitled:Untitled-1.ron").unwrap();
        assert_eq!(file_path(&untitled), None);
        assert_eq!(source(&untitled, "").path, PathBuf::from("Untitled-1.ron"));
        let back = path_uri(std::path::Path::new("/tmp/a b/sé#.ron")).unwrap();
        assert_eq!(back.as_str(), "file:///tmp/a%20b/s%C3%A9%23.ron");
        assert_eq!(file_path(&back), Some(PathBuf::from("/tmp/a b/sé#.ron")));
    }

    #[test]
    fn untitled_names_are_bare_file_names() {
        let name = |u: &str| source(&Uri::from_str(u).unwrap(), "").path;
        assert_eq!(
            name("untitled:..%2F..%2Fsecret%2Fs.ron"),
            PathBuf::from("s.ron")
        );
        assert_eq!(name("untitled:%2Fetc%2Fs.ron"), PathBuf::from("s.ron"));
        assert_eq!(name("untitled:a%5Cb%5C..%5Cs.ron"), PathBuf::from("s.ron"));
        assert_eq!(name("untitled:..%2F"), PathBuf::from("untitled"));
        assert_eq!(name("untitled:Untitled-1"), PathBuf::from("Untitled-1"));
    }
}
