//! `book_links BUILD [SRC]`: every relative link and anchor of a built mdBook resolves. mdBook
//! has no link checker: this reads each built page (`BUILD`, `target/book` by default), and
//! each `href` and `src` in it that is not a web address must name a file or folder of the
//! built book, with its `#anchor` an `id` of the page it names; a link that leaves the built
//! book (to the repository's files, `../../schema/…`) is resolved from the page's source in
//! `SRC` (`docs` by default) instead and must name a file or folder there. Prints each broken
//! link with its page and exits 1 when there is one. `.ci/run` runs it after `mdbook build
//! docs`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let build = PathBuf::from(args.first().map_or("target/book", String::as_str));
    let src = PathBuf::from(args.get(1).map_or("docs", String::as_str));
    match check(&build, &src) {
        Err(e) => {
            eprintln!("book_links: {e}");
            ExitCode::from(2)
        }
        Ok((pages, broken)) if broken.is_empty() => {
            println!("book_links: {pages} pages, every link resolves");
            ExitCode::SUCCESS
        }
        Ok((pages, broken)) => {
            for b in &broken {
                eprintln!("{b}");
            }
            eprintln!("book_links: {} broken links in {pages} pages", broken.len());
            ExitCode::from(1)
        }
    }
}

/// Check every page under `build`: how many pages, and each broken link said.
fn check(build: &Path, src: &Path) -> Result<(usize, Vec<String>), String> {
    let build = build
        .canonicalize()
        .map_err(|e| format!("{}: {e} (run `mdbook build docs` first)", build.display()))?;
    let src = src
        .canonicalize()
        .map_err(|e| format!("{}: {e}", src.display()))?;
    let mut pages = Vec::new();
    html_files(&build, &mut pages).map_err(|e| format!("{}: {e}", build.display()))?;
    pages.sort();
    let mut ids: BTreeMap<PathBuf, BTreeSet<String>> = BTreeMap::new();
    let mut broken = Vec::new();
    for page in &pages {
        // The 404 page's links are written from the site's root, wherever it is served.
        if page.file_name().is_some_and(|n| n == "404.html") {
            continue;
        }
        let html = std::fs::read_to_string(page).map_err(|e| format!("{}: {e}", page.display()))?;
        let rel_dir = page
            .parent()
            .unwrap()
            .strip_prefix(&build)
            .unwrap()
            .to_path_buf();
        for link in attributes(&html, &["href", "src"]) {
            if let Some(problem) = resolve(&link, page, &build, &src.join(&rel_dir), &mut ids) {
                broken.push(format!(
                    "{}: `{link}`: {problem}",
                    page.strip_prefix(&build).unwrap().display()
                ));
            }
        }
    }
    Ok((pages.len(), broken))
}

/// Every `.html` file under `dir`.
fn html_files(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            html_files(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "html") {
            out.push(path);
        }
    }
    Ok(())
}

/// The values of the named attributes in an HTML text, entities `&amp;` `&quot;` undone.
fn attributes(html: &str, names: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for name in names {
        for quote in ['"', '\''] {
            let needle = format!(" {name}={quote}");
            let mut rest = html;
            while let Some(at) = rest.find(&needle) {
                rest = &rest[at + needle.len()..];
                let Some(end) = rest.find(quote) else { break };
                out.push(
                    rest[..end]
                        .replace("&quot;", "\"")
                        .replace("&#39;", "'")
                        .replace("&amp;", "&"),
                );
                rest = &rest[end..];
            }
        }
    }
    out
}

/// `%XX` escapes undone (a file name with a space is linked as `%20`).
fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && bytes[i + 1].is_ascii_hexdigit()
            && bytes[i + 2].is_ascii_hexdigit()
        {
            let hex = |b: u8| (b as char).to_digit(16).unwrap_or(0) as u8;
            out.push(hex(bytes[i + 1]) * 16 + hex(bytes[i + 2]));
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `base` joined with a relative `path`, `.` and `..` folded without touching the disk.
fn join(base: &Path, path: &str) -> PathBuf {
    let mut out = base.to_path_buf();
    for c in Path::new(path).components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::Normal(n) => out.push(n),
            _ => {}
        }
    }
    out
}

/// The `id`s of a built page, read once.
fn ids_of<'a>(
    page: &Path,
    ids: &'a mut BTreeMap<PathBuf, BTreeSet<String>>,
) -> &'a BTreeSet<String> {
    ids.entry(page.to_path_buf()).or_insert_with(|| {
        let html = std::fs::read_to_string(page).unwrap_or_default();
        attributes(&html, &["id"]).into_iter().collect()
    })
}

/// What is wrong with one link of `page`, or `None` when it resolves.
fn resolve(
    link: &str,
    page: &Path,
    build: &Path,
    src_dir: &Path,
    ids: &mut BTreeMap<PathBuf, BTreeSet<String>>,
) -> Option<String> {
    let lower = link.to_ascii_lowercase();
    if link.is_empty()
        || ["http://", "https://", "mailto:", "data:", "javascript:"]
            .iter()
            .any(|s| lower.starts_with(s))
    {
        return None;
    }
    if link.starts_with('/') {
        return Some("a link from the site's root, which depends on where it is served".into());
    }
    let (path, anchor) = match link.split_once('#') {
        Some((p, a)) => (p, Some(percent_decode(a))),
        None => (link, None),
    };
    let path = percent_decode(path.split('?').next().unwrap_or(""));
    let target = if path.is_empty() {
        page.to_path_buf()
    } else {
        join(page.parent().unwrap(), &path)
    };
    if !target.starts_with(build) {
        // Out of the built book: a file of the repository, from the page's source.
        let in_src = join(src_dir, &path);
        return (!in_src.exists()).then(|| format!("no file {}", in_src.display()));
    }
    let target = if target.is_dir() {
        target.join("index.html")
    } else {
        target
    };
    if !target.is_file() {
        return Some("no such page or file in the built book".into());
    }
    match anchor {
        Some(a) if !a.is_empty() && target.extension().is_some_and(|e| e == "html") => {
            (!ids_of(&target, ids).contains(&a)).then(|| format!("no anchor `#{a}` there"))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn broken_links_and_anchors_are_found_and_good_ones_pass() {
        let dir = tempfile::tempdir().unwrap();
        let build = dir.path().join("book");
        let src = dir.path().join("docs");
        std::fs::create_dir_all(build.join("a")).unwrap();
        std::fs::create_dir_all(src.join("a")).unwrap();
        std::fs::write(dir.path().join("code.rs"), "").unwrap();
        std::fs::write(
            build.join("index.html"),
            r##"<h1 id="top">x</h1><a href="a/page.html#here">ok</a> <a href="#top">ok</a>
            <a href="a/page.html#gone">bad anchor</a> <a href="missing.html">bad page</a>
            <a href="https://example.org/x">web</a> <img src="a/pic%20one.png">"##,
        )
        .unwrap();
        std::fs::write(
            build.join("a/page.html"),
            r#"<h2 id="here">y</h2><a href="../../code.rs">repo file</a>
            <a href="../../nothing.rs">bad repo file</a>"#,
        )
        .unwrap();
        std::fs::write(build.join("a/pic one.png"), "").unwrap();
        let (pages, broken) = check(&build, &src).unwrap();
        assert_eq!(pages, 2);
        assert_eq!(broken.len(), 3, "{broken:#?}");
        assert!(broken[0].contains("nothing.rs"), "{broken:#?}");
        assert!(broken[1].contains("`a/page.html#gone`: no anchor `#gone` there"));
        assert!(broken[2].contains("`missing.html`: no such page"));
    }

    #[test]
    fn attributes_are_read_with_entities_undone() {
        let html = r#"<a href="x.html#a&amp;b"> <img src='p.png'>"#;
        assert_eq!(attributes(html, &["href", "src"]), ["x.html#a&b", "p.png"]);
        assert_eq!(percent_decode("a%20b%2"), "a b%2");
    }
}
