//! What the commands that write may and may not do to the user's files (issue 25): special
//! files at the output, the input as the output, owner, mode and hard links, read-only files,
//! `-o -`, the width range of `render`, `import` to JSON, and no raw control byte from any
//! command on a file with a hostile name. Every special file is made here, in a temporary
//! folder (`mkfifo`, a Unix socket, `mknod` when running as root).
#![cfg(unix)]

use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use saber_tests::repo;

const BIN: &str = env!("CARGO_BIN_EXE_saberc");

/// A name that would retitle the terminal (OSC … BEL) and ring its bell.
const HOSTILE: &str = "e\u{1b}]0;pwned\u{7}x";

fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .output()
        .expect("saberc runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A folder with the skirmish scenario (`s.ron`), its map in `maps/`, and the Tiled map
/// fixture (`drawn.tmx`, its tileset and picture).
fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    std::fs::create_dir(d.join("maps")).expect("mkdir");
    std::fs::copy(
        repo("tests/fixtures/maps/skirmish.ron"),
        d.join("maps/skirmish.ron"),
    )
    .expect("map");
    std::fs::copy(
        repo("tests/fixtures/good/skirmish-at-the-bridge.ron"),
        d.join("s.ron"),
    )
    .expect("scenario");
    for f in ["drawn.tmx", "drawn.tsx", "drawn.png"] {
        std::fs::copy(repo(&format!("tests/fixtures/tiled/{f}")), d.join(f)).expect("tiled");
    }
    dir
}

fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(ok.success(), "mkfifo {}", path.display());
}

/// A character device like `/dev/null` at `path`, when running as root.
fn mknod_null(path: &Path) -> bool {
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"));
    if !root {
        println!("skipped: making a character device needs root");
        return false;
    }
    let ok = Command::new("mknod")
        .arg(path)
        .args(["c", "1", "3"])
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        println!("skipped: mknod refused here");
    }
    ok
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"))
}

fn file_type(p: &Path) -> std::fs::FileType {
    std::fs::symlink_metadata(p)
        .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        .file_type()
}

/// Refused (usage exit code), naming the path, the FIFO left a FIFO.
fn assert_refused_fifo(dir: &Path, args: &[&str], fifo: &Path) {
    let o = run(dir, args);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {o:?}");
    let name = fifo.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        stderr(&o).contains(&name),
        "{args:?} names {name}: {}",
        stderr(&o)
    );
    assert!(!stderr(&o).contains(".saber-"), "{}", stderr(&o));
    assert!(file_type(fifo).is_fifo(), "{args:?} replaced the FIFO");
}

#[test]
fn a_fifo_at_an_output_is_never_replaced() {
    let ws = workspace();
    let d = ws.path();
    // Single outputs named on the command line: a FIFO that no program reads is refused at
    // once (neither replaced nor waited on).
    let fifo = d.join("out.json");
    mkfifo(&fifo);
    assert_refused_fifo(
        d,
        &["convert", "s.ron", "--to", "json", "-o", "out.json"],
        &fifo,
    );
    let svg = d.join("out.svg");
    mkfifo(&svg);
    assert_refused_fifo(d, &["render", "s.ron", "-o", "out.svg"], &svg);
    let ron = d.join("imported.ron");
    mkfifo(&ron);
    assert_refused_fifo(d, &["import", "drawn.tmx", "-o", "imported.ron"], &ron);
    // Files of an output folder.
    let out = d.join("out");
    std::fs::create_dir(&out).expect("mkdir");
    for name in [
        "skirmish-at-the-bridge.json",
        "skirmish-at-the-bridge.tmj",
        "saberc.1",
        "map.schema.json",
    ] {
        mkfifo(&out.join(name));
    }
    let fifo = |n: &str| out.join(n);
    assert_refused_fifo(
        d,
        &["export", "s.ron", "-o", "out"],
        &fifo("skirmish-at-the-bridge.json"),
    );
    assert_refused_fifo(
        d,
        &["export", "s.ron", "--format", "tiled", "-o", "out"],
        &fifo("skirmish-at-the-bridge.tmj"),
    );
    assert_refused_fifo(d, &["man", "-o", "out"], &fifo("saberc.1"));
    assert_refused_fifo(d, &["schema", "-o", "out"], &fifo("map.schema.json"));
}

/// A Tiled export writes three files: a refusal of the second or third (its tileset, its
/// picture) is found before the first is written, so no half export is left.
#[test]
fn a_refused_tiled_file_leaves_none_of_the_three_written() {
    for refused in ["skirmish-at-the-bridge.tsj", "skirmish-at-the-bridge.png"] {
        let dir = workspace();
        let d = dir.path();
        std::fs::create_dir(d.join("out")).expect("mkdir");
        mkfifo(&d.join("out").join(refused));
        let out = run(d, &["export", "s.ron", "--format", "tiled", "-o", "out"]);
        assert!(!out.status.success(), "{refused}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(refused),
            "{refused}: {}",
            stderr(&out)
        );
        assert!(file_type(&d.join("out").join(refused)).is_fifo());
        let left: Vec<_> = std::fs::read_dir(d.join("out"))
            .expect("out")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(left.len(), 1, "{refused}: {left:?}");
    }
}

#[test]
fn a_socket_or_a_link_in_an_output_folder_is_refused() {
    let ws = workspace();
    let d = ws.path();
    let socket = d.join("out.json");
    let _listener = std::os::unix::net::UnixListener::bind(&socket).expect("socket");
    let o = run(d, &["convert", "s.ron", "--to", "json", "-o", "out.json"]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    assert!(
        stderr(&o).contains("out.json is a socket"),
        "{}",
        stderr(&o)
    );
    assert!(file_type(&socket).is_socket());

    // A link planted in the output folder is not followed out of it.
    let out = d.join("out");
    std::fs::create_dir(&out).expect("mkdir");
    let victim = d.join("victim.txt");
    std::fs::write(&victim, "precious").expect("write");
    std::os::unix::fs::symlink(&victim, out.join("skirmish-at-the-bridge.json")).expect("link");
    let o = run(d, &["export", "s.ron", "-o", "out"]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    assert!(stderr(&o).contains("symbolic link"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&victim).expect("read"), "precious");
}

#[test]
fn a_device_named_on_the_command_line_is_written_in_place_and_never_replaced() {
    let ws = workspace();
    let d = ws.path();
    let dev = d.join("null");
    if !mknod_null(&dev) {
        return;
    }
    let o = run(d, &["convert", "s.ron", "--to", "json", "-o", "null"]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    assert!(
        file_type(&dev).is_char_device(),
        "the device stays a device"
    );
    // In an output folder, a device is refused.
    let out = d.join("out");
    std::fs::create_dir(&out).expect("mkdir");
    let node = out.join("skirmish-at-the-bridge.json");
    assert!(
        Command::new("mknod")
            .arg(&node)
            .args(["c", "1", "3"])
            .status()
            .expect("mknod")
            .success()
    );
    let o = run(d, &["export", "s.ron", "-o", "out"]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    assert!(
        stderr(&o).contains("is a character device"),
        "{}",
        stderr(&o)
    );
    assert!(file_type(&node).is_char_device());
}

#[test]
fn a_fifo_named_on_the_command_line_with_a_reader_is_written_in_place() {
    use std::io::Read;
    let ws = workspace();
    let d = ws.path();
    let want = run(d, &["convert", "s.ron", "--to", "json"]).stdout;
    let fifo = d.join("pipe");
    mkfifo(&fifo);
    // Opened for reading and writing, the FIFO has a reader at once (Linux) and never blocks.
    let mut reader = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(&fifo)
        .expect("reader");
    let o = run(d, &["convert", "s.ron", "--to", "json", "-o", "pipe"]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    // Read on a thread: had the FIFO been replaced, nothing would ever come.
    let (tx, rx) = std::sync::mpsc::channel();
    let len = want.len();
    std::thread::spawn(move || {
        let mut got = vec![0; len];
        let _ = tx.send(reader.read_exact(&mut got).map(|()| got));
    });
    let got = rx
        .recv_timeout(std::time::Duration::from_secs(30))
        .expect("the output came through the FIFO")
        .expect("read");
    assert_eq!(got, want);
    assert!(file_type(&fifo).is_fifo());
}

#[test]
fn dash_is_standard_output() {
    let ws = workspace();
    let d = ws.path();
    let o = run(d, &["convert", "s.ron", "--to", "json", "-o", "-"]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    assert!(o.stdout.starts_with(b"{"), "{o:?}");
    let o = run(d, &["render", "s.ron", "-o", "-"]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let svg = String::from_utf8(o.stdout).expect("UTF-8");
    assert!(svg.contains("<svg") && !svg.contains("wrote"), "{svg:.200}");
    let o = run(d, &["import", "drawn.tmx", "-o", "-"]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    assert!(String::from_utf8_lossy(&o.stdout).contains("saber-map/1"));
    let o = run(
        d,
        &["new", "map", "--width", "3", "--height", "3", "-o", "-"],
    );
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    assert!(String::from_utf8_lossy(&o.stdout).contains("saber-map/1"));
    let o = run(d, &["schema", "-o", "-"]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    assert!(o.stdout.starts_with(b"{"));
    let o = run(d, &["man", "-o", "-"]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    assert!(String::from_utf8_lossy(&o.stdout).contains(".TH"));
    // A folder export has no standard output to write to.
    let o = run(d, &["export", "s.ron", "-o", "-"]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    assert!(!d.join("-").exists(), "no file or folder named `-`");
}

#[test]
fn the_output_is_never_the_input() {
    let ws = workspace();
    let d = ws.path();
    let before = std::fs::read(d.join("s.ron")).expect("read");
    std::os::unix::fs::symlink("s.ron", d.join("link.ron")).expect("link");
    std::fs::hard_link(d.join("s.ron"), d.join("hard.ron")).expect("hard link");
    for out in ["s.ron", "./s.ron", "link.ron", "hard.ron"] {
        let o = run(d, &["convert", "s.ron", "--to", "json", "-o", out]);
        assert_eq!(o.status.code(), Some(2), "{out}: {o:?}");
        assert!(stderr(&o).contains("is the input file"), "{}", stderr(&o));
        assert_eq!(
            std::fs::read(d.join("s.ron")).expect("read"),
            before,
            "{out}"
        );
    }
    let tmx = std::fs::read(d.join("drawn.tmx")).expect("read");
    let tsx = std::fs::read(d.join("drawn.tsx")).expect("read");
    for out in ["drawn.tmx", "drawn.tsx"] {
        let o = run(d, &["import", "drawn.tmx", "-o", out]);
        assert_eq!(o.status.code(), Some(2), "{out}: {o:?}");
    }
    assert_eq!(std::fs::read(d.join("drawn.tmx")).expect("read"), tmx);
    assert_eq!(std::fs::read(d.join("drawn.tsx")).expect("read"), tsx);
    // An export into the scenario's own folder, where the scenario is `<id>.json`.
    let json = run(d, &["convert", "s.ron", "--to", "json"]).stdout;
    let named = d.join("skirmish-at-the-bridge.json");
    std::fs::write(&named, &json).expect("write");
    std::fs::copy(d.join("maps/skirmish.ron"), d.join("skirmish.ron")).expect("map");
    let o = run(d, &["export", "skirmish-at-the-bridge.json", "-o", "."]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    assert_eq!(std::fs::read(&named).expect("read"), json);
}

/// The map a scenario was checked against is an input too: `export`, `render` and the Tiled
/// export never write over it, whether it was found by id (in `--maps DIR` or beside the
/// scenario) or named by its path.
#[test]
fn the_map_read_is_never_the_output() {
    let ws = workspace();
    let d = ws.path();
    // Found by id: the map `skirmish` kept as `maps/<the scenario's id>.json`, where `export
    // -o maps` writes.
    let json = run(d, &["convert", "maps/skirmish.ron", "--to", "json"]).stdout;
    std::fs::remove_file(d.join("maps/skirmish.ron")).expect("rm");
    let by_id = d.join("maps/skirmish-at-the-bridge.json");
    std::fs::write(&by_id, &json).expect("write");
    for args in [
        &["export", "s.ron", "-o", "maps"][..],
        &["export", "s.ron", "--maps", "maps", "-o", "maps"],
    ] {
        let o = run(d, args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {o:?}");
        assert!(stderr(&o).contains("is the input file"), "{}", stderr(&o));
        assert_eq!(std::fs::read(&by_id).expect("read"), json, "{args:?}");
    }
    // Named by its path, with the name of what is written.
    let text = std::fs::read_to_string(d.join("s.ron")).expect("read");
    let on = |map: &str| text.replace("map: \"skirmish\"", &format!("map: \"{map}\""));
    std::fs::create_dir(d.join("out")).expect("mkdir");
    for (map, args) in [
        (
            "maps/skirmish.png",
            &["render", "by-path.ron", "-o", "maps/skirmish.png"][..],
        ),
        (
            "maps/skirmish.svg",
            &[
                "render",
                "by-path.ron",
                "--maps",
                "maps",
                "-o",
                "maps/skirmish.svg",
            ],
        ),
        (
            "out/skirmish-at-the-bridge.tsj",
            &["export", "by-path.ron", "--format", "tiled", "-o", "out"],
        ),
        (
            "out/skirmish-at-the-bridge.json",
            &["export", "by-path.ron", "-o", "out"],
        ),
    ] {
        std::fs::write(d.join(map), &json).expect("write the map");
        std::fs::write(d.join("by-path.ron"), on(map)).expect("write the scenario");
        assert_eq!(
            run(d, &["check", "by-path.ron"]).status.code(),
            Some(0),
            "{map}"
        );
        let o = run(d, args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {o:?}");
        assert!(stderr(&o).contains("is the input file"), "{}", stderr(&o));
        assert_eq!(std::fs::read(d.join(map)).expect("read"), json, "{args:?}");
    }
}

/// The skirmish map as one line of JSON: valid, and not in the canonical layout.
fn unformatted_map(d: &Path) -> PathBuf {
    let json = run(d, &["convert", "maps/skirmish.ron", "--to", "json"]).stdout;
    let v: serde_json::Value = serde_json::from_slice(&json).expect("JSON");
    let p = d.join("m.json");
    std::fs::write(&p, serde_json::to_string(&v).expect("JSON")).expect("write");
    p
}

#[test]
fn fmt_keeps_hard_links_and_refuses_read_only_files() {
    let ws = workspace();
    let d = ws.path();
    let a = unformatted_map(d);
    let b = d.join("other-name.json");
    std::fs::hard_link(&a, &b).expect("hard link");
    let ino = std::fs::metadata(&a).expect("meta").ino();
    let o = run(d, &["fmt", "m.json"]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let (ma, mb) = (
        std::fs::metadata(&a).expect("meta"),
        std::fs::metadata(&b).expect("meta"),
    );
    assert_eq!((ma.ino(), mb.ino(), ma.nlink()), (ino, ino, 2), "one file");
    assert!(
        std::fs::read_to_string(&b).expect("read").lines().count() > 3,
        "formatted"
    );

    let ro = unformatted_map(d);
    std::fs::remove_file(&b).expect("rm");
    let before = std::fs::read(&ro).expect("read");
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    let o = run(d, &["fmt", "m.json"]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    assert!(stderr(&o).contains("m.json is read-only"), "{}", stderr(&o));
    assert_eq!(std::fs::read(&ro).expect("read"), before);
}

/// As root (CI containers), `fmt` keeps a user's file the user's: owner, group, and its
/// set-uid bit with it.
#[test]
fn fmt_as_root_keeps_the_owner_group_and_mode() {
    if !is_root() {
        println!("skipped: giving a file to another user needs root");
        return;
    }
    let ws = workspace();
    let d = ws.path();
    let f = unformatted_map(d);
    std::os::unix::fs::chown(&f, Some(1000), Some(1000)).expect("chown");
    std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o4640)).expect("chmod");
    let o = run(d, &["fmt", "m.json"]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let m = std::fs::metadata(&f).expect("meta");
    assert_eq!((m.uid(), m.gid()), (1000, 1000), "owner and group kept");
    assert_eq!(m.mode() & 0o7777, 0o4640, "mode kept");
}

#[test]
fn render_width_outside_its_range_is_a_usage_error() {
    let ws = workspace();
    let d = ws.path();
    for w in ["199", "8001"] {
        let o = run(d, &["render", "s.ron", "-o", "s.png", "--width", w]);
        assert_eq!(o.status.code(), Some(2), "{w}: {o:?}");
        assert!(stderr(&o).contains("200..=8000"), "{}", stderr(&o));
        assert!(!d.join("s.png").exists());
    }
}

#[test]
fn import_to_a_json_file_writes_json() {
    let ws = workspace();
    let d = ws.path();
    let o = run(d, &["import", "drawn.tmx", "-o", "drawn.json"]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let text = std::fs::read_to_string(d.join("drawn.json")).expect("written");
    let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(v["format"], "saber-map/1");
    let o = run(d, &["check", "drawn.json"]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
}

/// Every control byte but newline and tab in a command's output.
fn raw_controls(bytes: &[u8]) -> Vec<u8> {
    bytes
        .iter()
        .copied()
        .filter(|&b| (b < 0x20 && b != b'\n' && b != b'\t') || b == 0x7f)
        .collect()
}

#[test]
fn no_command_prints_a_raw_control_byte_from_a_name() {
    let ws = workspace();
    let d = ws.path();
    let name = |ext: &str| format!("{HOSTILE}.{ext}");
    // A scenario, a map in need of formatting, a Tiled map and folders, all named hostilely.
    std::fs::copy(d.join("s.ron"), d.join(name("ron"))).expect("copy");
    let map = unformatted_map(d);
    std::fs::rename(&map, d.join(name("json"))).expect("rename");
    std::fs::copy(d.join("drawn.tmx"), d.join(name("tmx"))).expect("copy");
    // A JSON map with a key RON has no place for, named hostilely too.
    let mut v: serde_json::Value =
        serde_json::from_slice(&run(d, &["convert", "maps/skirmish.ron", "--to", "json"]).stdout)
            .expect("JSON");
    v[HOSTILE] = "x".into();
    std::fs::write(d.join("keyed.json"), v.to_string()).expect("write");
    let (ron, json, tmx) = (name("ron"), name("json"), name("tmx"));
    let out_ron = format!("{HOSTILE}-out.ron");
    let out_json = format!("{HOSTILE}-out.json");
    let out_svg = format!("{HOSTILE}-out.svg");
    let folder = format!("{HOSTILE}-dir");
    let new_map = format!("{HOSTILE}-new.ron");
    let runs: Vec<Vec<&str>> = vec![
        vec!["fmt", "--check", &json],
        vec!["fmt", &json],
        vec!["convert", &ron, "--to", "json", "-o", &out_json],
        vec!["convert", "keyed.json", "--to", "ron"],
        vec!["import", &tmx, "-o", &out_ron],
        vec![
            "new", "map", "--width", "3", "--height", "3", "-o", &new_map,
        ],
        vec!["man", "-o", &folder],
        vec!["schema", "-o", &folder],
        vec!["export", &ron, "-o", &folder],
        vec!["export", &ron, "--format", "tiled", "-o", &folder],
        vec!["render", &ron, "-o", &out_svg],
        vec!["explain", HOSTILE],
        vec!["check", &ron, "--deny", HOSTILE],
        vec!["render", &ron, "-o", &out_svg, "--width", HOSTILE],
    ];
    for args in runs {
        let o = run(d, &args);
        let (out, err) = (raw_controls(&o.stdout), raw_controls(&o.stderr));
        assert!(
            out.is_empty() && err.is_empty(),
            "{args:?} printed raw control bytes {out:?} {err:?}: {}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
        let all = format!(
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
        // clap may drop the escape sequence whole; every other command shows the name.
        if !args.contains(&"--width") && !args.contains(&"--deny") {
            assert!(
                all.contains("\\u{1b}"),
                "{args:?}: the name shown escaped: {all}"
            );
        }
    }
}
