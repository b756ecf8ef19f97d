//! `saberc render` draws maps and scenarios as SVG and PNG.

use saber_tests::saberc;

const BIN: &str = env!("CARGO_BIN_EXE_saberc");

#[test]
fn renders_a_map_and_a_scenario() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("map.svg");
    let out = saberc(
        BIN,
        &[
            "render",
            "tests/fixtures/maps/skirmish.ron",
            "-o",
            svg.to_str().unwrap(),
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") || text.starts_with("<?xml"));
    assert!(
        text.contains(">V1<") && text.contains(">H2<"),
        "feature labels are drawn"
    );

    let png = dir.path().join("scenario.png");
    let out = saberc(
        BIN,
        &[
            "render",
            "tests/fixtures/good/skirmish-at-the-bridge.ron",
            "--maps",
            "tests/fixtures/maps",
            "--width",
            "600",
            "-o",
            png.to_str().unwrap(),
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
}

#[test]
fn render_refuses_other_extensions() {
    let out = saberc(
        BIN,
        &[
            "render",
            "tests/fixtures/maps/skirmish.ron",
            "-o",
            "map.gif",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
}
