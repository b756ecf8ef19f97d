//! A save from the editor changes only what the user changed (issue 25): each historical
//! scenario, each example and the map is read into the editor's document, one value is
//! changed as the editor's forms and brush would change it, and the document is saved through
//! the editor's save path. The diff is that value's line, every comment is kept and the file
//! stays `saberc fmt`-clean.

use std::path::{Path, PathBuf};

use saber_editor::document::Document;
use saber_editor::{files, games};
use saber_schema::model::hex::Coord;
use saber_schema::model::map::Cell;
use saber_schema::syntax::{SyntaxKind, parse};

/// The document the editor makes of a file it opens (its text kept for the save).
fn open(path: &Path) -> Document {
    let mut doc = games::read_any(path)
        .expect("the editor opens it")
        .into_document(Some(path.to_path_buf()));
    doc.commit();
    doc
}

/// Save through the editor's save path into `dir` and give back the text written.
fn save(doc: &Document, dir: &Path, name: &str) -> (PathBuf, String) {
    let path = dir.join(name);
    files::save_document(doc, &path).expect("saved keeping the text");
    let text = std::fs::read_to_string(&path).expect("written");
    (path, text)
}

/// The lines removed and added, between the common start and end of two texts.
fn changed_lines(a: &str, b: &str) -> (Vec<String>, Vec<String>) {
    let a: Vec<&str> = a.lines().collect();
    let b: Vec<&str> = b.lines().collect();
    let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let suffix = a[prefix..]
        .iter()
        .rev()
        .zip(b[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let owned = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    (
        owned(&a[prefix..a.len() - suffix]),
        owned(&b[prefix..b.len() - suffix]),
    )
}

fn comments(text: &str) -> Vec<String> {
    parse(text)
        .syntax()
        .descendants_with_tokens()
        .filter(|e| {
            matches!(
                e.kind(),
                SyntaxKind::LINE_COMMENT | SyntaxKind::BLOCK_COMMENT
            )
        })
        .map(|e| e.to_string())
        .collect()
}

/// `saberc fmt --check` passes on the file.
fn assert_fmt_clean(path: &Path) {
    let out = saber_tests::saberc(
        env!("CARGO_BIN_EXE_saberc"),
        &["fmt", "--check", path.to_str().expect("UTF-8 path")],
    );
    assert!(
        out.status.success(),
        "saberc fmt --check {}: {}{}",
        path.display(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn scenario_files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for dir in ["scenarios", "scenarios/examples"] {
        for e in std::fs::read_dir(saber_tests::repo(dir))
            .expect("folder")
            .flatten()
        {
            let p = e.path();
            if p.extension().is_some_and(|x| x == "ron") {
                out.push(p);
            }
        }
    }
    out.sort();
    assert!(out.len() >= 20, "found {}", out.len());
    out
}

#[test]
fn a_changed_game_length_changes_its_line_only() {
    let dir = tempfile::tempdir().expect("temp dir");
    for path in scenario_files() {
        let original = std::fs::read_to_string(&path).expect("readable");
        let mut doc = open(&path);
        let before = doc.scenario().expect("a scenario").game_length;
        let after = if before > 1 { before - 1 } else { before + 1 };
        doc.edit_scenario("Game length", None, |s| s.game_length = after);
        let name = path.file_name().and_then(|n| n.to_str()).expect("name");
        let (saved_path, saved) = save(&doc, dir.path(), name);
        let (gone, new) = changed_lines(&original, &saved);
        assert_eq!(
            (gone, new),
            (
                vec![format!("    game_length: {before},")],
                vec![format!("    game_length: {after},")]
            ),
            "{}",
            path.display()
        );
        assert_eq!(comments(&original), comments(&saved), "{}", path.display());
        assert_fmt_clean(&saved_path);
        let again = open(&saved_path);
        assert_eq!(again.scenario(), doc.scenario(), "{}", path.display());
    }
}

/// One brush stroke on hex `c`: the terrain becomes woods, or clear where it was woods.
fn brush(doc: &mut Document, c: Coord) {
    doc.edit("Brush", |m| {
        let woods = Cell::from_char('w', saber_schema::ruleset::for_game(None)).expect("woods");
        let clear = Cell::from_char('.', saber_schema::ruleset::for_game(None)).expect("clear");
        let cell = if m.cell(c) == Some(woods) {
            clear
        } else {
            woods
        };
        m.set_cell(c, cell);
    });
}

#[test]
fn a_brush_stroke_on_the_map_changes_its_terrain_row_only() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = saber_tests::repo("maps/rifle-and-saber.ron");
    let original = std::fs::read_to_string(&path).expect("readable");
    let mut doc = open(&path);
    brush(&mut doc, Coord(10, 12));
    let (saved_path, saved) = save(&doc, dir.path(), "rifle-and-saber.ron");
    let (gone, new) = changed_lines(&original, &saved);
    assert_eq!((gone.len(), new.len()), (1, 1), "{gone:?} → {new:?}");
    let differing = gone[0]
        .chars()
        .zip(new[0].chars())
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(differing, 1, "{} → {}", gone[0], new[0]);
    assert_eq!(comments(&original), comments(&saved));
    assert_fmt_clean(&saved_path);
}

#[test]
fn a_new_map_keeps_its_legend_after_a_brush_stroke() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("new.ron");
    let out = saber_tests::saberc(
        env!("CARGO_BIN_EXE_saberc"),
        &[
            "new",
            "map",
            "--width",
            "12",
            "--height",
            "9",
            "-o",
            path.to_str().expect("UTF-8 path"),
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let original = std::fs::read_to_string(&path).expect("made");
    assert!(comments(&original).len() > 5, "{original}");
    let mut doc = open(&path);
    brush(&mut doc, Coord(2, 3));
    let saved_dir = tempfile::tempdir().expect("temp dir");
    let (saved_path, saved) = save(&doc, saved_dir.path(), "new.ron");
    assert_eq!(comments(&original), comments(&saved));
    let (gone, new) = changed_lines(&original, &saved);
    assert_eq!((gone.len(), new.len()), (1, 1), "{gone:?} → {new:?}");
    assert_fmt_clean(&saved_path);
}

#[test]
fn a_save_that_cannot_keep_the_comments_is_refused_until_the_user_agrees() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = saber_tests::repo("scenarios/07-gettysburg-little-round-top.ron");
    let mut doc = open(&path);
    // The text holds a comment inside the one-line bracket whose entries change: it cannot
    // be kept.
    let text = doc.text.clone().expect("text");
    doc.text = Some(text.replacen("{MZ: 30, MA: 1}", "{MZ: 30, /* guns */ MA: 1}", 1));
    doc.edit_scenario("Units", None, |s| {
        let units = &mut s.sides[0].groups[0].units;
        let gun = *units.keys().last().expect("a unit kind");
        units.remove(&gun);
    });
    let target = dir.path().join("s.ron");
    assert!(files::save_document(&doc, &target).is_err());
    assert!(!target.exists(), "nothing written before the user agrees");
    match files::document_text(&doc, &target).expect("text") {
        files::SaveText::Rewrite { why, .. } => assert!(why.contains("comments"), "{why}"),
        other => panic!("expected a rewrite, got {other:?}"),
    }
    let written = files::save_document_with(&doc, &target, true)
        .expect("saved")
        .expect("written whole")
        .text;
    assert_fmt_clean(&target);
    assert!(written.contains("game_length"));
}

/// A Musket & Saber scenario and map saved by the editor keep their text but for what changed:
/// the game length's line, one hex's character of its terrain row.
#[test]
fn musket_and_saber_saves_change_only_what_changed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let examples = saber_tests::repo("scenarios/examples/musket-and-saber");
    std::fs::create_dir_all(dir.path().join("maps")).expect("maps");
    let map = dir.path().join("maps/millbrook-invented.ron");
    std::fs::copy(examples.join("maps/millbrook-invented.ron"), &map).expect("copied");
    let scenario = dir.path().join("millbrook.ron");
    std::fs::copy(examples.join("millbrook.ron"), &scenario).expect("copied");

    let original = std::fs::read_to_string(&scenario).expect("readable");
    let mut doc = open(&scenario);
    doc.edit_ms_scenario("Game length", None, |s| s.game_length = 5);
    let out = tempfile::tempdir().expect("temp dir");
    let (saved_path, saved) = save(&doc, out.path(), "millbrook.ron");
    assert_eq!(
        changed_lines(&original, &saved),
        (
            vec!["    game_length: 6,".to_string()],
            vec!["    game_length: 5,".to_string()]
        )
    );
    assert_eq!(comments(&original), comments(&saved));
    assert_fmt_clean(&saved_path);

    let original = std::fs::read_to_string(&map).expect("readable");
    let mut doc = open(&map);
    doc.edit_ms_map("Paint", None, |f| {
        // Row 1, column 3: clear becomes woods.
        let mut row: Vec<char> = f.terrain[0].chars().collect();
        row[2] = 'w';
        f.terrain[0] = row.into_iter().collect();
    });
    let (saved_path, saved) = save(&doc, out.path(), "millbrook-invented.ron");
    assert_eq!(
        changed_lines(&original, &saved),
        (
            vec!["        \"................\",".to_string()],
            vec!["        \"..w.............\",".to_string()]
        )
    );
    assert_eq!(comments(&original), comments(&saved));
    assert_fmt_clean(&saved_path);
}
