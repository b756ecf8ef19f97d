//! Scenario cards: every historical scenario's card renders, and `saberc render --card` makes
//! one (and refuses a map).

use saber_schema::output::card::{PAGE_HEIGHT, PAGE_WIDTH, card_png, card_svg};
use saber_schema::pipeline::compile_scenario;
use saber_schema::pipeline::maps::MapRegistry;
use saber_schema::pipeline::read::Source;
use saber_tests::{historical_files, saberc};

const BIN: &str = env!("CARGO_BIN_EXE_saberc");

#[test]
fn every_historical_scenario_has_a_card() {
    let files = historical_files();
    assert_eq!(files.len(), 17);
    for f in files {
        let src = Source::read(&f).expect("readable");
        let (c, diags) = compile_scenario(&src, &MapRegistry::new());
        let c = c.unwrap_or_else(|| panic!("{} compiles: {diags:?}", f.display()));
        let svg = card_svg(&c);
        for side in &c.scenario.sides {
            assert!(svg.contains(&side.name), "{}: {}", f.display(), side.name);
        }
        // Every card fits the A4 page: none of them needs to grow.
        assert!(
            svg.contains(&format!(
                r#"viewBox="0 0 {PAGE_WIDTH:.0} {PAGE_HEIGHT:.0}""#
            )),
            "{} overflows the page",
            f.display()
        );
        let png = card_png(&c, 500).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    }
}

#[test]
fn saberc_render_card_writes_a_png_and_an_svg() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("card.png");
    let out = saberc(
        BIN,
        &[
            "render",
            "scenarios/07-gettysburg-little-round-top.ron",
            "--card",
            "--width",
            "900",
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
    // The PNG's width is in its header (IHDR, bytes 16..20).
    assert_eq!(u32::from_be_bytes(bytes[16..20].try_into().unwrap()), 900);

    let svg = dir.path().join("card.svg");
    let out = saberc(
        BIN,
        &[
            "render",
            "scenarios/17-south-africa.ron",
            "--card",
            "-o",
            svg.to_str().unwrap(),
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains(">Victory conditions<") && text.contains(">Special rules<"));
    assert!(text.contains("Limbers have a Movement Allowance of 5"));
}

#[test]
fn a_card_of_a_map_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("card.png");
    let out = saberc(
        BIN,
        &[
            "render",
            "maps/rifle-and-saber.ron",
            "--card",
            "-o",
            png.to_str().unwrap(),
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--card") && err.contains("map"), "{err}");
    assert!(!png.exists());
}
