//! Issue 37 §1 and §3: work restored after the editor was killed saves as if it had never
//! crashed, and the files the editor remembers are named by their full paths.
//!
//! The editor is killed for real (`SIGKILL`, as `kill -9`), but the process killed runs the
//! editor's `App` in a headless egui_kittest harness rather than the `saber-editor` binary:
//! the binary opens a window through winit, which needs a display (X11 or Wayland) that a test
//! run does not have. The child is this test binary run again on the same test with
//! [`CHILD`] set, which makes the test [`child_edits_then_waits`] instead: it starts the editor
//! from another folder
//! with the same kind of storage and recovery folder as the binary (`App::start`), opens the
//! file by a relative path, edits it, saves the session as eframe does, and waits to be
//! killed. The test then starts a second editor on the same storage and recovery folder,
//! restores the work and saves it with Ctrl+S.

use std::collections::HashMap;
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;

use crate::app::App;
use crate::recovery::RecoveryDir;
use crate::ui_tests::harness;
use saber_schema::model::musket_and_saber::{MsMapFile, MsScenario};

/// The variable that makes a test its own child, [`child_edits_then_waits`], and says what
/// the child does (unset: the test runs as the parent).
const CHILD: &str = "SABER_EDITOR_RECOVERY_CHILD";

/// eframe's storage as a file of keys and values (what the binary's storage keeps, in a
/// folder of the test's own).
struct FileStorage {
    path: PathBuf,
    values: HashMap<String, String>,
}

impl FileStorage {
    fn open(path: &Path) -> FileStorage {
        let values = std::fs::read_to_string(path)
            .ok()
            .and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or_default();
        FileStorage {
            path: path.to_path_buf(),
            values,
        }
    }
}

impl eframe::Storage for FileStorage {
    fn get_string(&self, key: &str) -> Option<String> {
        self.values.get(key).cloned()
    }

    fn set_string(&mut self, key: &str, value: String) {
        self.values.insert(key.to_string(), value);
    }

    fn remove_string(&mut self, key: &str) {
        self.values.remove(key);
    }

    fn flush(&mut self) {
        let text = serde_json::to_string(&self.values).expect("storage as JSON");
        std::fs::write(&self.path, text).expect("storage written");
    }
}

/// What the child does: the file to open (relative to its folder) and the edit.
#[derive(serde::Serialize, serde::Deserialize)]
struct Job {
    storage: PathBuf,
    recovery: PathBuf,
    open: PathBuf,
    /// The name the document is given.
    name: String,
}

/// In a test run again as its own child ([`CHILD`] set): be the child, which never returns.
fn be_the_child_if_asked() {
    if let Ok(job) = std::env::var(CHILD) {
        child_edits_then_waits(serde_json::from_str(&job).expect("job"));
    }
}

/// The child: start the editor, open, edit, autosave, save the session, then wait to be
/// killed.
fn child_edits_then_waits(job: Job) -> ! {
    let mut storage = FileStorage::open(&job.storage);
    let app = App::start(
        Some(&storage),
        Some(RecoveryDir {
            dir: job.recovery.clone(),
        }),
    );
    let mut h = harness(app);
    h.state_mut().open_path(&job.open);
    h.run();
    assert_eq!(h.state().error(), None);
    let name = job.name.clone();
    let doc = h.state_mut().doc_mut();
    doc.edit_content("Rename", None, |c| {
        if let Some(s) = c.own_mut::<saber_schema::model::scenario::Scenario>() {
            s.name = name;
        } else if let Some(f) = c.own_mut::<MsMapFile>() {
            f.name = name;
        } else if let Some(s) = c.own_mut::<MsScenario>() {
            s.name = name;
        }
    });
    h.run();
    h.state_mut().flush_autosave();
    eframe::App::save(h.state_mut(), &mut storage);
    eframe::Storage::flush(&mut storage);
    println!("READY");
    loop {
        std::thread::sleep(std::time::Duration::from_secs(60));
    }
}

/// Run the child in `folder` on `job`, and kill it (`SIGKILL`) once its work is autosaved.
fn run_and_kill(folder: &Path, job: &Job, test: &str) {
    let mut child = Command::new(std::env::current_exe().expect("test binary"))
        .args([
            "--exact",
            &format!("recovery_tests::{test}"),
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD, serde_json::to_string(job).expect("job"))
        .current_dir(folder)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("child started");
    let out = std::io::BufReader::new(child.stdout.take().expect("stdout"));
    let ready = out
        .lines()
        .map_while(Result::ok)
        .any(|l| l.contains("READY"));
    // `Child::kill` is SIGKILL on Unix: the process ends at once, as with `kill -9`.
    child.kill().expect("killed");
    child.wait().expect("reaped");
    assert!(ready, "the child never got its work autosaved");
}

/// Kill an editor editing `file` (opened by its name relative to its folder), start another,
/// restore and save with Ctrl+S: the file on disk is `expected`, and the second editor
/// reopened the file by its full path.
fn killed_then_restored_saves(file: &Path, name: &str, expected: &str, test: &str) {
    let home = tempfile::tempdir().expect("temp dir");
    let job = Job {
        storage: home.path().join("app.json"),
        recovery: home.path().join("recovery"),
        open: PathBuf::from(file.file_name().expect("file name")),
        name: name.to_string(),
    };
    let folder = file.parent().expect("folder");
    run_and_kill(folder, &job, test);

    // Started again, in this process's folder (not the file's).
    assert_ne!(
        std::env::current_dir().expect("cwd").canonicalize().ok(),
        folder.canonicalize().ok()
    );
    let storage = FileStorage::open(&job.storage);
    let app = App::start(
        Some(&storage),
        Some(RecoveryDir {
            dir: job.recovery.clone(),
        }),
    );
    let full = file.canonicalize().expect("full path");
    assert!(
        !app.status().contains("Could not reopen"),
        "{}",
        app.status()
    );
    assert_eq!(app.doc().path.as_deref(), Some(full.as_path()), "last file");
    assert_eq!(app.recent_files(), std::slice::from_ref(&full));
    assert_eq!(app.offered_recoveries(), 1);
    let mut h = harness(app);
    h.run();
    h.get_by_label("Restore").click();
    h.run();
    assert!(h.state().doc().is_dirty());
    assert_eq!(h.state().doc().path.as_deref(), Some(full.as_path()));
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert_eq!(h.state().error(), None);
    assert!(!h.state().doc().is_dirty(), "{}", h.state().status());
    let saved = std::fs::read_to_string(file).expect("saved file");
    assert_eq!(saved, expected, "only the changed name differs");
}

/// The workspace's folder, where the examples are.
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace")
        .to_path_buf()
}

#[test]
fn a_killed_scenario_restored_saves_only_the_users_change() {
    be_the_child_if_asked();
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("little-round-top.ron");
    let original =
        std::fs::read_to_string(workspace().join("scenarios/07-gettysburg-little-round-top.ron"))
            .expect("11.7");
    std::fs::write(&file, &original).expect("copied");
    let expected = original.replacen(
        "name: \"Gettysburg\",",
        "name: \"Gettysburg, restored\",",
        1,
    );
    assert_ne!(expected, original);
    killed_then_restored_saves(
        &file,
        "Gettysburg, restored",
        &expected,
        "a_killed_scenario_restored_saves_only_the_users_change",
    );
}

#[test]
fn a_killed_musket_and_saber_map_restored_saves_only_the_users_change() {
    be_the_child_if_asked();
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("millbrook.ron");
    let original = std::fs::read_to_string(
        workspace().join("scenarios/examples/musket-and-saber/maps/millbrook-invented.ron"),
    )
    .expect("example map");
    std::fs::write(&file, &original).expect("copied");
    let expected = original.replacen(
        "name: \"Millbrook (invented)\",",
        "name: \"Millbrook Mill\",",
        1,
    );
    assert_ne!(expected, original);
    killed_then_restored_saves(
        &file,
        "Millbrook Mill",
        &expected,
        "a_killed_musket_and_saber_map_restored_saves_only_the_users_change",
    );
}

/// A file changed on disk by another program after the editor read it, then the editor was
/// killed: saving the restored work refuses, as it would have before the crash (the other
/// edit wins).
#[test]
fn restored_work_keeps_the_files_state_and_refuses_to_overwrite_a_later_edit() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("little-round-top.ron");
    let original =
        std::fs::read_to_string(workspace().join("scenarios/07-gettysburg-little-round-top.ron"))
            .expect("11.7");
    std::fs::write(&file, &original).expect("copied");
    let rd = RecoveryDir {
        dir: dir.path().join("recovery"),
    };
    let mut first = harness(App::start(None, Some(rd.clone())));
    first.state_mut().open_path(&file);
    first
        .state_mut()
        .doc_mut()
        .edit_scenario("Rename", None, |s| s.name = "Mine".into());
    first.run();
    first.state_mut().flush_autosave();
    // Someone else's edit, then the window is gone.
    let theirs = original.replacen("// Rifle", "// Their note. Rifle", 1);
    std::fs::write(&file, &theirs).expect("their edit");
    drop(first);
    let mut h = harness(App::start(None, Some(rd)));
    h.run();
    h.get_by_label("Restore").click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    let err = h.state().error().expect("refused").to_string();
    assert!(err.contains("changed since it was read"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).expect("file"), theirs);
}
