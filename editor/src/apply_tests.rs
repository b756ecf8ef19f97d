//! Headless tests of the Diagnostics panel's Apply (issue 42): a finding of the file's text
//! check that carries a proven edit is fixed by one click, as one undo step.

use std::path::Path;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::app::{Action, App};
use crate::files;

/// The editor on `app`, a frame run.
fn harness(app: App) -> Harness<'static, App> {
    crate::ui_tests::sized(app, 1280.0, 800.0)
}

/// A scenario naming the map's feature `V3` where the map numbers it `W3` (11.0) is told
/// "did you mean `W3`?" with a proven edit; Apply writes it: the finding is gone, the text a
/// save would write is the file with `W3` in the place, the document is unsaved, and one undo
/// brings the finding back.
#[test]
fn apply_writes_the_proven_edit_and_the_finding_goes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/bad/feature-number-under-other-letter.ron");
    // Laid out as the fixtures are: its map `skirmish` in `../maps`.
    std::fs::create_dir_all(dir.path().join("bad")).expect("folder");
    std::fs::create_dir_all(dir.path().join("maps")).expect("folder");
    std::fs::copy(
        fixture.with_file_name("../maps/skirmish.ron"),
        dir.path().join("maps/skirmish.ron"),
    )
    .expect("copy the map");
    let file = dir.path().join("bad/feature-number-under-other-letter.ron");
    std::fs::copy(&fixture, &file).expect("copy the fixture");
    let before = std::fs::read_to_string(&file).expect("read");
    let mut h = harness(App::new(files::default_map(), None));
    h.state_mut().request(Action::Open(Some(file.clone())));
    h.state_mut().check_inline();
    for _ in 0..3 {
        h.run();
    }
    assert_eq!(h.state().error(), None);
    // The finding as the file's text check (saberc's) reports it for the document now.
    let ref001 = |app: &mut App| {
        let (path, text) = crate::apply::base_text(app.doc()).expect("text");
        let src = saber_schema::pipeline::read::Source::from_text(&path, text);
        let registry = saber_schema::pipeline::maps::MapRegistry::new();
        saber_schema::pipeline::check_source(&src, &registry)
            .diagnostics
            .iter()
            .filter(|d| d.code.as_str() == "REF001")
            .count()
    };
    assert_eq!(ref001(h.state_mut()), 1, "the check finds V3");
    assert!(!h.state().doc().is_dirty());

    h.get_by_label("Apply: replace `V3` with `W3`").click();
    for _ in 0..3 {
        h.run();
    }
    assert_eq!(h.state().error(), None);
    assert_eq!(ref001(h.state_mut()), 0, "the finding is gone");
    assert!(
        h.query_by_label("Fixes the file's check proves").is_none(),
        "nothing left to apply (the undo history names the step after the edit)"
    );
    let doc = h.state().doc();
    assert!(doc.is_dirty(), "an applied fix is not saved yet");
    assert_eq!(
        doc.history().done().last().map(|s| s.label.as_str()),
        Some("Apply: replace `V3` with `W3`")
    );
    let expected = before.replacen("Feature(\"V3\")", "Feature(\"W3\")", 1);
    assert_ne!(expected, before);
    match files::document_text(doc, &file).expect("save text") {
        files::SaveText::Edited(t) => assert_eq!(t, expected),
        other => panic!("the save keeps the file's text: {other:?}"),
    }
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        before,
        "nothing written"
    );

    h.state_mut().undo();
    h.run();
    assert_eq!(ref001(h.state_mut()), 1, "undo brings the finding back");
    assert!(!h.state().doc().is_dirty());
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        before,
        "nothing written"
    );
}

/// A fix whose place no longer holds the text it replaces is refused with a message, and the
/// document stays as it was.
#[test]
fn a_fix_whose_text_changed_is_refused() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/bad/feature-number-under-other-letter.ron");
    let (loaded, _) = crate::games::read_with_state(&fixture).expect("read");
    let (mut doc, _) = crate::app::open_save::document_of(loaded, Some(fixture.clone()));
    let (path, text) = crate::apply::base_text(&doc).expect("text");
    let mut fixes = crate::apply::text_fixes(&path, text);
    assert_eq!(fixes.len(), 1, "{fixes:?}");
    let d = &mut fixes[0];
    if let Some(s) = d.suggestion.as_mut() {
        s.offset += 1;
    }
    let err = crate::apply::apply(&mut doc, d).expect_err("refused");
    assert!(err.contains("no longer `V3`"), "{err}");
    assert!(!doc.is_dirty());
    assert!(doc.history().done().is_empty());
}
