//! Whole pipeline, bytes to diagnostics and on to the outputs: source detection, parsing (RON or
//! JSON), JSON Schema validation, map loading or scenario compilation and the rule checks, the
//! location of every diagnostic in the text, then, for a file without errors, the engine export
//! (validated against its schema) and the drawing (SVG, and PNG through the rasteriser). Nothing
//! may panic, and every location must lie inside the text.
//!
//! The first byte chooses what to do with the rest:
//! - bit 0: the file extension (odd `.json`, even `.ron`), so both parsers are reached;
//! - bit 1: export a clean scenario and draw a clean map or scenario as SVG;
//! - bit 2: also rasterise the drawing to a small PNG;
//! - high nibble `0xF`: the rest describes a generated map: two bytes of width, two of height,
//!   then the terrain characters, cycled. Each side is up to 64 hexes, or with bit 3 set up to
//!   the size limit (1000 × 1000): large maps take a second each, so that they are a choice the
//!   fuzzer makes, not most of what it runs.
#![no_main]

use libfuzzer_sys::fuzz_target;
use saber_schema::diagnostic::Severity;
use saber_schema::pipeline::maps::MapRegistry;
use saber_schema::pipeline::parse::{DocKind, detect};
use saber_schema::pipeline::read::Source;
use saber_schema::pipeline::{check_source, compile_scenario, load_map};

/// Drawings are made only for maps up to this many hexes, to keep the fuzzer fast; the
/// pathological benchmark draws the largest maps at full size.
const MAX_DRAWN_HEXES: usize = 20_000;

/// Drawings are rasterised (64 px wide) only for maps up to this many hexes, the size of the
/// Rifle & Saber map and a little more: the rasteriser fills every hex, a few milliseconds a
/// thousand, and the generated maps would otherwise take most of the run.
const MAX_RASTERISED_HEXES: usize = 2_000;

fuzz_target!(|data: &[u8]| {
    let (flag, body) = match data.split_first() {
        Some((f, rest)) => (*f, rest),
        None => (0, data),
    };
    let ext = if flag & 1 == 1 { "json" } else { "ron" };
    let outputs = flag & 2 == 2;
    let png = flag & 4 == 4;
    if flag & 0xF0 == 0xF0 {
        let text = generated_map(body, flag & 8 == 8);
        check_text("maps/generated.ron", &text, true, png);
        return;
    }
    let text = String::from_utf8_lossy(body).into_owned();
    // A map-like and a scenario-like path: detection and relative map references depend on it.
    for path in [format!("maps/fuzz.{ext}"), format!("scenarios/fuzz.{ext}")] {
        check_text(&path, &text, outputs, png);
    }
});

/// A map of the size the bytes ask for (each side 1 to 64, or to 1000 when `large`), its
/// terrain made of the bytes.
fn generated_map(body: &[u8], large: bool) -> String {
    let side = if large { 1000 } else { 64 };
    let dim = |i: usize| {
        let v = u16::from_le_bytes([
            body.get(i).copied().unwrap_or(7),
            body.get(i + 1).copied().unwrap_or(0),
        ]);
        1 + (v as usize % side)
    };
    let (w, h) = (dim(0), dim(2));
    const CHARS: &[u8] = b".^vVwWfF~=#";
    let cells: Vec<u8> = body
        .iter()
        .skip(4)
        .map(|b| CHARS[*b as usize % CHARS.len()])
        .collect();
    let mut text = format!(
        "(format: \"saber-map/1\", id: \"generated\", name: \"Generated\", width: {w}, height: {h}, terrain: ["
    );
    for r in 0..h {
        text.push('"');
        for c in 0..w {
            let ch = if cells.is_empty() {
                b'.'
            } else {
                cells[(r * w + c) % cells.len()]
            };
            text.push(ch as char);
        }
        text.push_str("\",");
    }
    text.push_str("])");
    text
}

fn check_text(path: &str, text: &str, outputs: bool, png: bool) {
    let registry = MapRegistry::new();
    let src = Source::from_text(path, text.to_string());
    let report = check_source(&src, &registry);
    for d in &report.diagnostics {
        if let Some(loc) = d.location {
            assert!(
                loc.fits(text),
                "{} located outside the text: {loc:?}",
                d.code.as_str()
            );
        }
    }
    let clean = !report
        .diagnostics
        .iter()
        .any(|d| d.severity == Severity::Error);
    if !outputs || !clean {
        return;
    }
    match detect(&src) {
        Ok((DocKind::Map, _)) => {
            let (Some(map), _) = load_map(&src) else {
                return;
            };
            if map.grid.len() <= MAX_DRAWN_HEXES {
                let svg = saber_schema::output::render::map_svg(&map, &[], &map.name);
                if png && map.grid.len() <= MAX_RASTERISED_HEXES {
                    let _ = saber_schema::output::render::svg_to_png(&svg, 64);
                }
            }
        }
        Ok((DocKind::Scenario, _)) => {
            let (Some(c), _) = compile_scenario(&src, &registry) else {
                return;
            };
            // Past the export limit the export is refused (LIM003), never written.
            let Ok(doc) = saber_schema::output::export::export(&c.scenario, &c.map, &c.resolved)
            else {
                return;
            };
            let value = serde_json::to_value(&doc).expect("exports serialize");
            let problems = saber_schema::pipeline::schema::validate_export(&value);
            assert!(
                problems.is_empty(),
                "export breaks its schema: {:?}",
                problems.first().map(|p| &p.message)
            );
            let _ = saber_schema::output::export::export_text(&doc);
            if c.map.grid.len() <= MAX_DRAWN_HEXES {
                let overlays = saber_schema::output::overlays::scenario_overlays(&c);
                let svg =
                    saber_schema::output::render::map_svg(&c.map, &overlays, &c.scenario.name);
                let card = saber_schema::output::card::card_svg(&c);
                if png && c.map.grid.len() <= MAX_RASTERISED_HEXES {
                    let _ = saber_schema::output::render::svg_to_png(&svg, 64);
                    let _ = saber_schema::output::render::svg_to_png(&card, 64);
                }
            }
        }
        _ => {}
    }
}
