//! `saberc report`: a small collection's site pinned, written twice byte for byte the same,
//! hostile file names and texts escaped, and the writer's rules (a folder it did not make).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Output;

use saber_tests::repo;

const BIN: &str = env!("CARGO_BIN_EXE_saberc");

fn run(dir: &Path, args: &[&str]) -> Output {
    std::process::Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

/// A mixed folder: a map, a clean scenario, one with errors, one that does not parse, and a
/// Musket & Saber Quick Play scenario with its map.
fn mixed() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("club");
    std::fs::create_dir_all(root.join("maps")).unwrap();
    std::fs::create_dir_all(root.join("ms/maps")).unwrap();
    for (from, to) in [
        ("tests/fixtures/maps/skirmish.ron", "maps/skirmish.ron"),
        (
            "tests/fixtures/good/skirmish-at-the-bridge.ron",
            "skirmish-at-the-bridge.ron",
        ),
        (
            "tests/fixtures/bad/enemies-share-hex.ron",
            "enemies-share-hex.ron",
        ),
        (
            "tests/fixtures/bad/closing-bracket-left-out.ron",
            "closing-bracket-left-out.ron",
        ),
        (
            "scenarios/examples/musket-and-saber/millbrook.ron",
            "ms/millbrook.ron",
        ),
        (
            "scenarios/examples/musket-and-saber/maps/millbrook-invented.ron",
            "ms/maps/millbrook-invented.ron",
        ),
    ] {
        std::fs::copy(repo(from), root.join(to)).unwrap();
    }
    dir
}

/// Every file under `dir`, by its path below it.
fn files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.insert(
                    p.strip_prefix(dir).unwrap().to_path_buf(),
                    std::fs::read(&p).unwrap(),
                );
            }
        }
    }
    out
}

#[test]
fn a_small_collections_site_is_pinned() {
    let dir = mixed();
    let out = run(
        dir.path(),
        &["report", "club", "--maps", "club/maps", "-o", "site"],
    );
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "wrote site/index.html (6 files: 2 errors, 2 warnings)\n"
    );
    let site = files(&dir.path().join("site"));
    let names: Vec<String> = site.keys().map(|p| p.display().to_string()).collect();
    insta::assert_snapshot!("report_files", names.join("\n"));
    let index = String::from_utf8(site[Path::new("index.html")].clone()).unwrap();
    insta::assert_snapshot!("report_index", index);
    let page = String::from_utf8(site[Path::new("pages/enemies-share-hex.html")].clone()).unwrap();
    insta::assert_snapshot!("report_scenario_with_errors", page);
    // A clean scenario has its card inline and its downloads.
    let clean =
        String::from_utf8(site[Path::new("pages/skirmish-at-the-bridge.html")].clone()).unwrap();
    assert!(clean.contains("<figure class=\"card\"><div role=\"img\" aria-label=\"The scenario card of Skirmish at the Bridge"));
    for d in [
        "skirmish-at-the-bridge.ron",
        "skirmish-at-the-bridge.export.json",
        "skirmish-at-the-bridge.card.svg",
    ] {
        assert!(clean.contains(&format!("href=\"../downloads/{d}\"")), "{d}");
        assert!(site.contains_key(&Path::new("downloads").join(d)), "{d}");
    }
    assert!(site[Path::new("downloads/skirmish-at-the-bridge.card.svg")].starts_with(b"<svg "));
    // The Musket & Saber scenario: its card, and its analysis (its costs in halves, 4.4).
    let ms = String::from_utf8(site[Path::new("pages/millbrook.html")].clone()).unwrap();
    assert!(ms.contains("<figure class=\"card\">"));
    assert!(!ms.contains("No analysis"));
    assert!(
        ms.contains("<td>4½ MP</td>"),
        "the South's least cost to the village"
    );
}

/// Every clean scenario's card is among its downloads as PNG and SVG, for both games; `--png`
/// (which asked for the PNG when it was not written by default) is still accepted, does
/// nothing, and says so.
#[test]
fn every_clean_scenarios_card_is_offered_as_png_and_svg() {
    let dir = mixed();
    let page = "pages/skirmish-at-the-bridge.html";
    let png = "skirmish-at-the-bridge.card.png";
    let mut sites = Vec::new();
    for args in [&[][..], &["--png"][..]] {
        let mut all = vec!["report", "club", "--maps", "club/maps", "-o", "site"];
        all.extend_from_slice(args);
        let out = run(dir.path(), &all);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr).contains("note: --png is deprecated"),
            !args.is_empty(),
            "{args:?}"
        );
        let site = files(&dir.path().join("site"));
        let pngs: Vec<&PathBuf> = site
            .keys()
            .filter(|p| p.extension().is_some_and(|x| x == "png"))
            .collect();
        assert_eq!(
            pngs.len(),
            2,
            "{args:?}: a PNG per clean scenario, both games"
        );
        assert!(
            String::from_utf8_lossy(&site[Path::new(page)])
                .contains(&format!("href=\"../downloads/{png}\"")),
            "{args:?}: the page's PNG link"
        );
        assert!(site[&Path::new("downloads").join(png)].starts_with(b"\x89PNG"));
        assert!(site.contains_key(Path::new("downloads/skirmish-at-the-bridge.card.svg")));
        sites.push(site);
        std::fs::remove_dir_all(dir.path().join("site")).unwrap();
    }
    assert!(sites[0] == sites[1], "--png changes nothing");
}

/// A report into the folder of an earlier one removes the pages and downloads that one wrote
/// and this one does not (a scenario no longer clean has no card; one gone has no page), so
/// that no stale download is left unlinked; and nothing else: not a file of the user's in the
/// site's folders, not a name the marker's list holds outside them, not a link.
#[test]
fn a_report_removes_the_files_it_wrote_before_and_no_longer_writes() {
    let dir = mixed();
    let report = || {
        run(
            dir.path(),
            &["report", "club", "--maps", "club/maps", "-o", "site"],
        )
    };
    assert_eq!(report().status.code(), Some(1));
    let site = dir.path().join("site");
    let before = files(&site);
    for d in [
        "downloads/skirmish-at-the-bridge.card.png",
        "downloads/skirmish-at-the-bridge.card.svg",
        "downloads/millbrook.card.png",
        "pages/millbrook.html",
    ] {
        assert!(before.contains_key(Path::new(d)), "{d}");
    }
    // The user's own files beside the report's, and a marker whose list names more.
    std::fs::write(site.join("downloads/mine.card.png"), "mine").unwrap();
    std::fs::write(site.join("pages/notes.html"), "mine").unwrap();
    std::fs::write(dir.path().join("outside.html"), "mine").unwrap();
    std::fs::write(dir.path().join("linked.png"), "mine").unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(
        dir.path().join("linked.png"),
        site.join("downloads/linked.card.png"),
    )
    .unwrap();
    let marker = site.join(".saberc-report");
    let mut list = std::fs::read_to_string(&marker).unwrap();
    assert!(
        list.contains("\ndownloads/skirmish-at-the-bridge.card.png\n"),
        "{list}"
    );
    list.push_str("../outside.html\ndownloads/linked.card.png\n");
    std::fs::write(&marker, list).unwrap();
    // The clean scenario now has an error (no card, no export), and Millbrook is gone.
    let bridge = dir.path().join("club/skirmish-at-the-bridge.ron");
    let text = std::fs::read_to_string(&bridge).unwrap();
    let broken = text.replacen("name: \"Skirmish at the Bridge\"", "name: 7", 1);
    assert_ne!(broken, text);
    std::fs::write(&bridge, broken).unwrap();
    std::fs::remove_file(dir.path().join("club/ms/millbrook.ron")).unwrap();
    assert_eq!(report().status.code(), Some(1));
    let after = files(&site);
    for gone in [
        "downloads/skirmish-at-the-bridge.card.png",
        "downloads/skirmish-at-the-bridge.card.svg",
        "downloads/skirmish-at-the-bridge.export.json",
        "downloads/millbrook.card.png",
        "downloads/millbrook.ron",
        "pages/millbrook.html",
    ] {
        assert!(!after.contains_key(Path::new(gone)), "{gone} is left");
    }
    for kept in [
        "downloads/skirmish-at-the-bridge.ron",
        "pages/skirmish-at-the-bridge.html",
        "downloads/mine.card.png",
        "pages/notes.html",
    ] {
        assert!(after.contains_key(Path::new(kept)), "{kept} was removed");
    }
    assert!(dir.path().join("outside.html").is_file());
    assert!(dir.path().join("linked.png").is_file());
    #[cfg(unix)]
    assert!(
        std::fs::symlink_metadata(site.join("downloads/linked.card.png"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    // Every file the site links is there, and every file of the report's is listed.
    let list = std::fs::read_to_string(&marker).unwrap();
    for name in after.keys().map(|p| p.display().to_string()) {
        let mine = [
            "downloads/mine.card.png",
            "downloads/linked.card.png",
            "pages/notes.html",
            ".saberc-report",
        ];
        assert_eq!(
            list.contains(&format!("\n{name}\n")),
            !mine.contains(&name.as_str()),
            "{name}"
        );
    }
}

/// The site's cards are `saberc render --card`'s, byte for byte, for both games, as SVG and
/// as PNG: the site rasterises the card it drew for the page rather than drawing it again, and
/// that must not change a pixel.
#[test]
fn the_card_downloads_are_the_render_commands_cards() {
    let dir = mixed();
    let out = run(
        dir.path(),
        &["report", "club", "--maps", "club/maps", "-o", "site"],
    );
    assert_eq!(out.status.code(), Some(1));
    let width = saberc::site::entry::CARD_PNG_WIDTH.to_string();
    for (input, maps, name) in [
        (
            "club/skirmish-at-the-bridge.ron",
            "club/maps",
            "skirmish-at-the-bridge",
        ),
        ("club/ms/millbrook.ron", "club/ms/maps", "millbrook"),
    ] {
        for ext in ["svg", "png"] {
            let drawn = format!("{name}.{ext}");
            let out = run(
                dir.path(),
                &[
                    "render", "--card", "--width", &width, "--maps", maps, input, "-o", &drawn,
                ],
            );
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            let rendered = std::fs::read(dir.path().join(&drawn)).unwrap();
            let site = std::fs::read(dir.path().join(format!("site/downloads/{name}.card.{ext}")));
            assert!(
                site.unwrap() == rendered,
                "{name}: the site's {ext} card differs"
            );
        }
    }
}

#[test]
fn a_second_report_is_byte_identical() {
    let dir = mixed();
    let a = run(
        dir.path(),
        &["report", "club", "--maps", "club/maps", "-o", "a"],
    );
    let b = run(
        dir.path(),
        &["report", "club", "--maps", "club/maps", "-o", "b"],
    );
    assert_eq!(a.status.code(), b.status.code());
    let (a, b) = (files(&dir.path().join("a")), files(&dir.path().join("b")));
    assert_eq!(a.keys().collect::<Vec<_>>(), b.keys().collect::<Vec<_>>());
    for (name, bytes) in &a {
        assert!(
            bytes == &b[name],
            "{} differs between two runs",
            name.display()
        );
    }
    // Again into its own folder: allowed (it made it), and the same.
    let again = run(
        dir.path(),
        &["report", "club", "--maps", "club/maps", "-o", "a"],
    );
    assert_eq!(
        again.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    assert_eq!(files(&dir.path().join("a")), a);
}

#[test]
fn hostile_names_and_texts_cannot_inject_markup() {
    let dir = mixed();
    let poison = "\"><script>alert(1)</script>\u{1b}]0;owned\u{7}\u{202e}";
    let text = std::fs::read_to_string(repo("tests/fixtures/good/skirmish-at-the-bridge.ron"))
        .unwrap()
        .replace(
            "name: \"Skirmish at the Bridge\"",
            "name: \"<script>alert(2)</script><img src=x onerror=alert(3)>\\u{1b}[2J\"",
        );
    let name = format!("evil{}.ron", poison.replace('/', "\u{2215}"));
    std::fs::write(dir.path().join("club").join(&name), text).unwrap();
    let out = run(
        dir.path(),
        &["report", "club", "--maps", "club/maps", "-o", "site"],
    );
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let site = files(&dir.path().join("site"));
    let mut seen = false;
    for (path, bytes) in site
        .iter()
        .filter(|(p, _)| p.extension().is_some_and(|e| e == "html"))
    {
        let page = String::from_utf8(bytes.clone()).unwrap();
        let scripts = page.matches("<script").count();
        let ours = usize::from(path == Path::new("index.html"));
        assert_eq!(scripts, ours, "{}: {scripts} scripts", path.display());
        assert!(!page.contains("<img"), "{}", path.display());
        for bad in ['\u{1b}', '\u{7}', '\u{202e}'] {
            assert!(!page.contains(bad), "raw {bad:?} in {}", path.display());
        }
        seen |= page.contains(
            "&lt;script&gt;alert(2)&lt;/script&gt;&lt;img src=x onerror=alert(3)&gt;\\u{1b}[2J",
        );
    }
    assert!(seen, "the hostile title is shown, escaped");
    // Its page is named from its letters alone.
    assert!(
        site.keys()
            .any(|p| p == Path::new("pages/evil-script-alert-1-script-0-owned.html")),
        "{:?}",
        site.keys()
    );
}

#[test]
fn a_folder_it_did_not_make_is_refused_unless_empty_or_forced() {
    let dir = mixed();
    let mine = dir.path().join("mine");
    std::fs::create_dir(&mine).unwrap();
    std::fs::write(mine.join("notes.txt"), "mine").unwrap();
    let out = run(
        dir.path(),
        &["report", "club", "--maps", "club/maps", "-o", "mine"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: mine is a folder saberc report did not make and it is not empty: name a new or \
         empty folder, or give --force to write the report into it (its files of the same names \
         are replaced)\n"
    );
    assert!(!mine.join("index.html").exists());
    let forced = run(
        dir.path(),
        &[
            "report",
            "club",
            "--maps",
            "club/maps",
            "-o",
            "mine",
            "--force",
        ],
    );
    assert_eq!(forced.status.code(), Some(1));
    assert!(mine.join("index.html").is_file());
    assert_eq!(
        std::fs::read_to_string(mine.join("notes.txt")).unwrap(),
        "mine"
    );
    // An empty folder is fine.
    std::fs::create_dir(dir.path().join("empty")).unwrap();
    let empty = run(
        dir.path(),
        &["report", "club", "--maps", "club/maps", "-o", "empty"],
    );
    assert_eq!(empty.status.code(), Some(1));
    // A file in the way is said.
    std::fs::write(dir.path().join("file"), "x").unwrap();
    let file = run(
        dir.path(),
        &["report", "club", "--maps", "club/maps", "-o", "file"],
    );
    assert_eq!(file.status.code(), Some(2));
}

#[test]
fn a_report_inside_the_folder_it_reports_on_leaves_itself_out() {
    let dir = mixed();
    let first = run(
        dir.path(),
        &["report", "club", "--maps", "club/maps", "-o", "club/site"],
    );
    let second = run(
        dir.path(),
        &["report", "club", "--maps", "club/maps", "-o", "club/site"],
    );
    assert_eq!(first.stdout, second.stdout);
    assert_eq!(
        String::from_utf8_lossy(&second.stdout),
        "wrote club/site/index.html (6 files: 2 errors, 2 warnings)\n"
    );
}
