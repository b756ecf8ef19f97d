//! Whole pipeline, bytes to diagnostics and on to the outputs: source detection, parsing (RON or
//! JSON), JSON Schema validation, map loading or scenario compilation and the rule checks, the
//! location of every diagnostic in the text, then, for a file without errors, the engine export
//! (validated against its schema) and the drawing (SVG, and PNG through the rasteriser). Nothing
//! may panic, and every location must lie inside the text. A JSON input is also read by both
//! JSON readers (the quick one through a parsed value, the full one from the text), which must
//! accept the same inputs and read the same model from them.
//!
//! The first byte chooses what to do with the rest:
//! - bit 0: the file extension (odd `.json`, even `.ron`), so both parsers are reached;
//! - bit 1: the path, map-like (`maps/`) or scenario-like (`scenarios/`): relative map
//!   references are resolved from it;
//! - bit 2: draw a clean map or scenario as SVG, with its card (a clean scenario is always
//!   exported, and the export validated against its schema);
//! - bit 3, with bit 2: also rasterise the drawings to small PNGs;
//! - high nibble `0xF`: the rest describes a generated map: two bytes of width, two of height,
//!   then the terrain characters, cycled. Bit 2 draws it, bit 3 rasterises it. Each side is up
//!   to 64 hexes, or, for the first byte `0xFF`, up to the size limit (1000 × 1000).
//!
//! The drawings and the large maps cost milliseconds to a second where the check costs a
//! fraction of a millisecond, and the inputs that reach them stay in the corpus, whose mutants
//! mostly keep the first byte. So they are also sampled by a hash of the whole input: one input
//! in [`DRAW_ONE_IN`] is drawn, one in [`RASTERISE_ONE_IN`] rasterised and one in
//! [`LARGE_ONE_IN`] of the `0xFF` maps is large. The choice is a function of the input, so every
//! crash reproduces.
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

/// One input in this many that asks for a drawing gets it (see the module comment).
const DRAW_ONE_IN: u64 = 8;

/// One input in this many that asks for a PNG gets it.
const RASTERISE_ONE_IN: u64 = 32;

/// One generated map in this many of those that may be large is (the others stay up to 64 × 64).
const LARGE_ONE_IN: u64 = 16;

fuzz_target!(|data: &[u8]| {
    let (flag, body) = match data.split_first() {
        Some((f, rest)) => (*f, rest),
        None => (0, data),
    };
    let ext = if flag & 1 == 1 { "json" } else { "ron" };
    let sample = {
        use std::hash::{DefaultHasher, Hasher};
        let mut h = DefaultHasher::new();
        h.write(data);
        h.finish()
    };
    let draw = flag & 4 == 4 && sample % DRAW_ONE_IN == 0;
    let outputs = Outputs {
        svg: draw,
        png: draw && flag & 8 == 8 && sample % RASTERISE_ONE_IN == 0,
    };
    if flag >> 4 == 0xF {
        let large = flag == 0xFF && (sample / RASTERISE_ONE_IN) % LARGE_ONE_IN == 0;
        let text = generated_map(body, large);
        check_text("maps/generated.ron", &text, outputs);
        return;
    }
    let text = String::from_utf8_lossy(body).into_owned();
    let dir = if flag & 2 == 2 { "scenarios" } else { "maps" };
    check_text(&format!("{dir}/fuzz.{ext}"), &text, outputs);
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

/// Which drawings a file without errors goes on to (a clean scenario is always exported).
#[derive(Clone, Copy)]
struct Outputs {
    /// The SVG drawing of a map, or of a scenario and its card.
    svg: bool,
    /// The PNG rasterised from the drawings.
    png: bool,
}

/// The quick JSON reader takes exactly what the full one accepts and reads the same from it.
fn json_readers_agree<T>(text: &str)
where
    T: serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let quick = saber_schema::pipeline::parse::json_fast::read::<T>(text);
    let full = saber_schema::pipeline::parse::parse_json::<T>(text);
    match (quick, full) {
        (Some(q), Ok(f)) => assert_eq!(q, f, "the JSON readers read different things"),
        (None, Err(_)) => {}
        (q, f) => panic!(
            "the JSON readers disagree: quick {}, full {:?}",
            q.is_some(),
            f.err().map(|d| d.message)
        ),
    }
}

fn check_text(path: &str, text: &str, outputs: Outputs) {
    if path.ends_with(".json") && text.len() < 1 << 16 {
        json_readers_agree::<saber_schema::model::scenario::Scenario>(text);
        json_readers_agree::<saber_schema::model::map::MapFile>(text);
    }
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
    if !clean {
        return;
    }
    match detect(&src) {
        Ok((DocKind::Map, _)) => {
            let (Some(map), _) = load_map(&src) else {
                return;
            };
            if outputs.svg && map.grid.len() <= MAX_DRAWN_HEXES {
                let svg = saber_schema::output::render::map_svg(&map, &[], &map.name);
                if outputs.png && map.grid.len() <= MAX_RASTERISED_HEXES {
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
            if outputs.svg && c.map.grid.len() <= MAX_DRAWN_HEXES {
                let overlays = saber_schema::output::overlays::scenario_overlays(&c);
                let svg =
                    saber_schema::output::render::map_svg(&c.map, &overlays, &c.scenario.name);
                let card = saber_schema::output::card::card_svg(&c);
                if outputs.png && c.map.grid.len() <= MAX_RASTERISED_HEXES {
                    let _ = saber_schema::output::render::svg_to_png(&svg, 64);
                    let _ = saber_schema::output::render::svg_to_png(&card, 64);
                }
            }
        }
        _ => {}
    }
}
