//! Helpers of `tests/interop/tiled.sh`, the check of our Tiled export and import against the
//! real Tiled. Subcommands:
//!
//! - `width INPUT`: the `saberc render --width` at which our hexes are as big as the exported
//!   Tiled tiles (so that both drawings are at the same scale);
//! - `pixels INPUT OURS.png TILED.png`: the terrain colour at every hex centre of our drawing
//!   (`saberc render INPUT`) and of Tiled's (`tmxrasterizer` of the exported `.tmj`, terrain
//!   layer only) agree;
//! - `groups SCENARIO`: the names of its groups' tile layers, one a line;
//! - `zones SCENARIO LAYER TILED.png`: Tiled's drawing of one group's tile layer alone covers
//!   exactly the hexes of that group's zone (or arrival hexes), as the compiler resolves them;
//! - `same-map A.ron B.ron`: the two maps are the same once normalised.
//!
//! Exit code 0 when the check holds, 1 when it does not, 2 on bad usage.

use std::collections::HashMap;
use std::path::Path;
use std::process::ExitCode;

use resvg::tiny_skia::Pixmap;
use saber_schema::model::hex::Coord;
use saber_schema::model::hex_set::HexSet;
use saber_schema::model::map::{Map, MapFile};
use saber_schema::output::render::png_hex_centers;
use saber_schema::output::tiled::TiledGrid;
use saber_schema::output::tiled::export::group_layer_name;
use saber_schema::output::tiled::import::differences;
use saber_schema::pipeline::maps::MapRegistry;
use saber_schema::pipeline::parse::{DocKind, detect};
use saber_schema::pipeline::read::Source;
use saber_schema::pipeline::{Compiled, compile_scenario, load_map};

/// Colours closer than this on every channel agree (anti-aliasing and scaling of the tile
/// images move a few levels).
const TOLERANCE: i32 = 10;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let a: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = match a.as_slice() {
        ["width", input] => width(input),
        ["pixels", input, ours, tiled] => pixels(input, ours, tiled),
        ["zones", scenario, side, tiled] => zones(scenario, side, tiled),
        ["groups", scenario] => groups(scenario),
        ["same-map", a, b] => same_map(a, b),
        _ => {
            eprintln!("usage: tiled_interop width|pixels|groups|zones|same-map …");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(msg) => {
            println!("{msg}");
            ExitCode::SUCCESS
        }
        Err(msg) => {
            eprintln!("FAIL: {msg}");
            ExitCode::from(1)
        }
    }
}

/// The map of a map file, or of a scenario's map.
fn map_of(input: &str) -> Result<Map, String> {
    let src = Source::read(Path::new(input)).map_err(|d| d.message)?;
    match detect(&src).map_err(|d| d.message)? {
        (DocKind::Map, _) => load_map(&src)
            .0
            .map(|l| l.map)
            .ok_or_else(|| format!("{input}: not a map")),
        (DocKind::Scenario, _) => compile_scenario(&src, &MapRegistry::new())
            .0
            .map(|c| std::sync::Arc::unwrap_or_clone(c.map))
            .ok_or_else(|| format!("{input}: does not compile")),
        _ => Err(format!("{input}: neither a map nor a scenario")),
    }
}

fn width(input: &str) -> Result<String, String> {
    let map = map_of(input)?;
    // Centres of neighbouring hexes at a reference width give the step per pixel of width.
    let reference = 2400.0;
    let centers = png_hex_centers(&map, map.rules(), &[], reference as u32);
    let step = step_of(&map, &centers);
    let tile = TiledGrid::of(map.grid).step();
    Ok(format!("{}", (reference * tile / step).round()))
}

/// The distance between the centres of hexes (1, 1) and (1, 2).
fn step_of(map: &Map, centers: &[(f64, f64)]) -> f64 {
    let a = centers[map.grid.index(Coord(1, 1)).unwrap_or(0)];
    let b = centers[map.grid.index(Coord(1, 2)).unwrap_or(0)];
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

fn load_png(path: &str) -> Result<Pixmap, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    Pixmap::decode_png(&bytes).map_err(|e| format!("{path}: {e}"))
}

/// The most frequent colour (and its alpha) in a disk around a point.
fn mode(img: &Pixmap, (cx, cy): (f64, f64), radius: f64) -> Option<[u8; 4]> {
    let mut counts: HashMap<[u8; 4], u32> = HashMap::new();
    let r = radius.ceil() as i64;
    for dy in -r..=r {
        for dx in -r..=r {
            if ((dx * dx + dy * dy) as f64) > radius * radius {
                continue;
            }
            let (x, y) = (cx.round() as i64 + dx, cy.round() as i64 + dy);
            if x < 0 || y < 0 {
                continue;
            }
            if let Some(p) = img.pixel(x as u32, y as u32) {
                let p = p.demultiply();
                *counts
                    .entry([p.red(), p.green(), p.blue(), p.alpha()])
                    .or_default() += 1;
            }
        }
    }
    counts
        .into_iter()
        .max_by_key(|(c, n)| (*n, *c))
        .map(|(c, _)| c)
}

fn close(a: [u8; 4], b: [u8; 4]) -> bool {
    (0..3).all(|i| (i32::from(a[i]) - i32::from(b[i])).abs() <= TOLERANCE)
}

fn pixels(input: &str, ours: &str, tiled: &str) -> Result<String, String> {
    let map = map_of(input)?;
    let (a, b) = (load_png(ours)?, load_png(tiled)?);
    let ours_at = png_hex_centers(&map, map.rules(), &[], a.width());
    let step = step_of(&map, &ours_at);
    let t = TiledGrid::of(map.grid);
    let scale = f64::from(b.width()) / t.pixel_size().0;
    let mut wrong = Vec::new();
    for (i, c) in map.grid.coords().enumerate() {
        let (tx, ty) = t.center(c);
        let m1 = mode(&a, ours_at[i], step * 0.3);
        let m2 = mode(&b, (tx * scale, ty * scale), t.step() * scale * 0.3);
        match (m1, m2) {
            (Some(x), Some(y)) if close(x, y) && y[3] == 255 => {}
            _ => wrong.push(format!("{} ours {m1:?} Tiled {m2:?}", map.grid.label(c))),
        }
    }
    if wrong.is_empty() {
        Ok(format!(
            "{input}: the terrain colour at all {} hex centres agrees (our step {step:.1} px, Tiled's {:.1} px)",
            map.grid.len(),
            t.step() * scale
        ))
    } else {
        Err(format!(
            "{input}: {} of {} hexes differ, e.g. {}",
            wrong.len(),
            map.grid.len(),
            wrong[..wrong.len().min(5)].join("; ")
        ))
    }
}

fn compiled(scenario: &str) -> Result<Compiled, String> {
    let src = Source::read(Path::new(scenario)).map_err(|d| d.message)?;
    compile_scenario(&src, &MapRegistry::new())
        .0
        .ok_or_else(|| format!("{scenario}: does not compile"))
}

/// Every group of the scenario with its tile layer's name.
fn group_layers(c: &Compiled) -> Vec<(String, &HexSet)> {
    let mut out = Vec::new();
    for (si, side) in c.scenario.sides.iter().enumerate() {
        for (gi, g) in side.groups.iter().enumerate() {
            out.push((group_layer_name(side, g), &c.resolved.groups[si][gi].hexes));
        }
    }
    out
}

fn groups(scenario: &str) -> Result<String, String> {
    let c = compiled(scenario)?;
    let names: Vec<String> = group_layers(&c).into_iter().map(|(n, _)| n).collect();
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    if unique.len() != names.len() {
        return Err(format!(
            "{scenario}: two group layers share a name: {names:?}"
        ));
    }
    Ok(names.join("\n"))
}

fn zones(scenario: &str, layer: &str, tiled: &str) -> Result<String, String> {
    let c = compiled(scenario)?;
    let layers = group_layers(&c);
    let Some((_, hexes)) = layers.iter().find(|(n, _)| n == layer) else {
        return Err(format!("{scenario}: no group layer named {layer}"));
    };
    let img = load_png(tiled)?;
    let t = TiledGrid::of(c.map.grid);
    let scale = f64::from(img.width()) / t.pixel_size().0;
    let mut wrong = Vec::new();
    for h in c.map.grid.coords() {
        let (x, y) = t.center(h);
        let drawn =
            mode(&img, (x * scale, y * scale), t.step() * scale * 0.3).is_some_and(|p| p[3] > 0);
        if drawn != hexes.contains(h) {
            wrong.push(c.map.grid.label(h));
        }
    }
    if wrong.is_empty() {
        Ok(format!(
            "{scenario}: layer `{layer}` covers exactly its {} zone hexes, none of the other {}",
            hexes.len(),
            c.map.grid.len() - hexes.len()
        ))
    } else {
        Err(format!(
            "{scenario}: layer `{layer}` differs from its zone ({} hexes) at {} hexes, e.g. {}",
            hexes.len(),
            wrong.len(),
            wrong[..wrong.len().min(8)].join(" ")
        ))
    }
}

fn same_map(a: &str, b: &str) -> Result<String, String> {
    let read = |p: &str| -> Result<MapFile, String> {
        let text = std::fs::read_to_string(p).map_err(|e| format!("{p}: {e}"))?;
        ron::from_str(&text).map_err(|e| format!("{p}: {e}"))
    };
    let d = differences(&read(a)?, &read(b)?);
    if d.is_empty() {
        Ok(format!("{a} and {b} are the same map"))
    } else {
        Err(format!("{a} and {b}: {}", d.join("; ")))
    }
}
