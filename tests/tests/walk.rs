//! The one folder walk of `check` and `fmt` (issue 25): links are not followed out of the
//! paths given (with `--follow` only inside them), hidden files and what ignore files name
//! are left out like ripgrep leaves them out (`--hidden`, `--no-ignore`), a folder that cannot
//! be searched is reported and the rest goes on, and `fmt` formats only maps, scenarios and
//! battles. Each test builds its own tree in a temporary folder.

use std::path::Path;
use std::process::Output;

use saber_tests::{repo, saberc_in};

const BIN: &str = env!("CARGO_BIN_EXE_saberc");

fn run(dir: &Path, args: &[&str]) -> Output {
    saberc_in(BIN, dir, args)
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// The skirmish map under its own id, in a layout `fmt` changes (two-space indent).
fn messy_map(id: &str) -> String {
    std::fs::read_to_string(repo("tests/fixtures/maps/skirmish.ron"))
        .unwrap()
        .replace("id: \"skirmish\"", &format!("id: \"{id}\""))
        .replace("    ", "  ")
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap()
}

#[cfg(unix)]
fn link(target: &str, at: &Path) {
    std::os::unix::fs::symlink(target, at).unwrap();
}

/// `fmt` and `check` of a folder never follow a link out of it, with or without `--follow`;
/// `--follow` follows a link inside it, each file once.
#[cfg(unix)]
#[test]
fn links_out_of_the_folder_are_never_followed() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let outside = root.join("outside/theirs.ron");
    write(&outside, &messy_map("theirs"));
    write(&root.join("repo/maps/ours.ron"), &messy_map("ours"));
    write(&root.join("repo/shared/linked.ron"), &messy_map("linked"));
    link("../outside", &root.join("repo/out"));
    link(
        "../../outside/theirs.ron",
        &root.join("repo/maps/theirs.ron"),
    );
    link("../shared", &root.join("repo/maps/shared"));
    let before = read(&outside);

    for flags in [&[][..], &["--follow"][..]] {
        let args: Vec<&str> = ["check", "--format", "json"]
            .iter()
            .chain(flags)
            .chain(&["repo"])
            .copied()
            .collect();
        let out = run(root, &args);
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        // ours.ron and shared/linked.ron: never theirs.ron, never linked.ron twice.
        assert_eq!(report["summary"]["files"], 2, "{flags:?}: {}", text(&out));
        let skipped = report["summary"]["skipped"].to_string();
        assert!(skipped.contains("repo/out"), "{flags:?}: {skipped}");
        assert!(
            skipped.contains("repo/maps/theirs.ron"),
            "{flags:?}: {skipped}"
        );

        let args: Vec<&str> = ["fmt"]
            .iter()
            .chain(flags)
            .chain(&["repo"])
            .copied()
            .collect();
        let out = run(root, &args);
        assert_eq!(out.status.code(), Some(0), "{flags:?}: {}", text(&out));
        assert_eq!(
            read(&outside),
            before,
            "{flags:?}: a file outside was rewritten"
        );
        assert!(text(&out).contains("not searched"), "{}", text(&out));
    }
    // The link inside the folder is followed with --follow (shared/ was formatted once).
    assert_ne!(
        read(&root.join("repo/shared/linked.ron")),
        messy_map("linked")
    );
    // A path named on the command line is followed, as ripgrep follows it.
    let out = run(root, &["fmt", "--check", "repo/out"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("theirs.ron"), "{}", text(&out));
}

/// A cycle of links under `--follow` ends: the link back is named, and each file is read once.
#[cfg(unix)]
#[test]
fn link_cycles_end_under_follow() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(&root.join("a/b/map.ron"), &messy_map("m"));
    link("../..", &root.join("a/b/up"));
    link("..", &root.join("a/b/back"));
    let out = run(root, &["check", "--follow", "--format", "json", "a"]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["summary"]["files"], 1, "{}", text(&out));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
}

/// In a repository: `.gitignore` (node_modules/, target/) and hidden folders (.vscode/) are
/// left out as ripgrep leaves them out; package.json and other JSON found in the folder are
/// not saber files, and are left alone even when `--hidden --no-ignore` searches everything.
#[test]
fn fmt_rewrites_only_its_own_files_in_a_repository() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join(".git")).unwrap();
    write(&root.join(".gitignore"), "node_modules/\ntarget/\n");
    let ours = root.join("maps/ours.ron");
    write(&ours, &messy_map("ours"));
    let theirs = [
        (
            "package.json",
            "{\"name\":   \"x\",\n\"version\": \"1.0.0\"}\n".to_string(),
        ),
        (".vscode/settings.json", "{\"a\":1}\n".to_string()),
        (
            "node_modules/x/package.json",
            "{\"b\":  [1,2]}\n".to_string(),
        ),
        ("target/debug/out.json", "{\"c\":  2}\n".to_string()),
        // Saber files in ignored and hidden folders: left out unless asked for.
        ("node_modules/x/vendored.ron", messy_map("vendored")),
        (".hidden/secret.ron", messy_map("secret")),
    ];
    for (p, t) in &theirs {
        write(&root.join(p), t);
    }
    let out = run(root, &["fmt", "."]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert_ne!(read(&ours), messy_map("ours"), "our map is formatted");
    for (p, t) in &theirs {
        assert_eq!(&read(&root.join(p)), t, "{p} was changed");
    }
    assert!(
        text(&out).contains("left alone 1 .ron/.json file that is not a map"),
        "{}",
        text(&out)
    );
    assert!(text(&out).contains(".vscode (hidden"), "{}", text(&out));

    // Everything searched: the saber files are formatted, the others still left alone.
    let out = run(root, &["fmt", "--hidden", "--no-ignore", "."]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    for (p, t) in &theirs {
        let now = read(&root.join(p));
        if p.ends_with(".json") {
            assert_eq!(&now, t, "{p} was changed");
        } else {
            assert_ne!(&now, t, "{p} was not formatted");
        }
    }
    assert!(
        text(&out).contains("left alone 4 .ron/.json files"),
        "{}",
        text(&out)
    );
    // check leaves out what fmt leaves out.
    let out = run(root, &["check", "--format", "json", "."]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["summary"]["files"], 2, "{}", text(&out));
}

/// A file named on the command line that is not a map, scenario or battle is refused, and
/// left as it is.
#[test]
fn fmt_refuses_a_named_file_that_is_not_a_saber_file() {
    let dir = tempfile::tempdir().unwrap();
    let package = "{\"name\":   \"x\"}\n";
    write(&dir.path().join("package.json"), package);
    let out = run(dir.path(), &["fmt", "package.json"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(
        text(&out).contains("package.json is not a map, scenario or battle"),
        "{}",
        text(&out)
    );
    assert_eq!(read(&dir.path().join("package.json")), package);
}

/// A folder too deep to search is reported (with a hint that fits: not "permissions"), and
/// `fmt` formats the rest and exits 2; `check` does the same.
#[test]
fn a_folder_that_cannot_be_searched_does_not_stop_fmt() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let ours = root.join("tree/ours.ron");
    write(&ours, &messy_map("ours"));
    let mut deep = root.join("tree");
    for i in 0..40 {
        deep = deep.join(format!("d{i}"));
    }
    write(&deep.join("deep.ron"), &messy_map("deep"));
    let out = run(root, &["fmt", "tree"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert_ne!(read(&ours), messy_map("ours"), "the rest is formatted");
    assert!(text(&out).contains("folders deep"), "{}", text(&out));
    assert!(!text(&out).contains("permissions"), "{}", text(&out));
    let out = run(root, &["check", "tree"]);
    assert_ne!(out.status.code(), Some(0), "{}", text(&out));
    assert!(!text(&out).contains("permissions"), "{}", text(&out));
}

/// A folder that cannot be read (not as root, who reads everything) is reported, and `fmt`
/// formats the rest.
#[cfg(unix)]
#[test]
fn an_unreadable_folder_does_not_stop_fmt() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let ours = root.join("tree/ours.ron");
    write(&ours, &messy_map("ours"));
    let locked = root.join("tree/locked");
    write(&locked.join("x.ron"), &messy_map("x"));
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    if std::fs::read_dir(&locked).is_ok() {
        // Root: nothing is unreadable; the too-deep test covers the same path.
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
        return;
    }
    let out = run(root, &["fmt", "tree"]);
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(text(&out).contains("cannot search"), "{}", text(&out));
    assert_ne!(read(&ours), messy_map("ours"), "the rest is formatted");
}

/// `migrate` searches folders as `fmt` does: a folder too deep to search is reported (exit 2),
/// and every other file is still migrated (it stopped at the first such folder, migrating
/// nothing).
#[test]
fn a_folder_that_cannot_be_searched_does_not_stop_migrate() {
    let old = std::fs::read_to_string(repo(
        "tests/fixtures/spellings/old-exit-all-and-control-by-turn.ron",
    ))
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let ours = root.join("tree/ours.ron");
    write(&ours, &old);
    let mut deep = root.join("tree");
    for i in 0..40 {
        deep = deep.join(format!("d{i}"));
    }
    write(&deep.join("deep.ron"), &old);
    let out = run(root, &["migrate", "--check", "tree"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(
        text(&out).contains("would migrate tree/ours.ron"),
        "{}",
        text(&out)
    );
    assert!(text(&out).contains("folders deep"), "{}", text(&out));
    let out = run(root, &["migrate", "tree"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(text(&out).contains("folders deep"), "{}", text(&out));
    assert!(!text(&out).contains("permissions"), "{}", text(&out));
    assert_ne!(read(&ours), old, "the rest is migrated");
    assert!(read(&ours).contains("EveryCounter"), "{}", read(&ours));
    assert_eq!(
        read(&deep.join("deep.ron")),
        old,
        "not searched, not changed"
    );
}
