//! `saberc render`: draw a map, a scenario's zones over its map, or a scenario's card.
use std::path::{Path, PathBuf};

use saber_schema::diagnostic::{Diagnostic, Severity};
use saber_schema::files::Target;
use saber_schema::output::game::Drawing;
use saber_schema::output::render::svg_to_png;
use saber_schema::pipeline::load_map;
use saber_schema::pipeline::parse::{DocKind, detect};

use crate::report::human;
use crate::{EXIT_ERRORS, compile_for_outputs, is_dash, registry_and_input, usage_error};

/// What `saberc render` draws, and how (its options on the command line).
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct RenderOptions {
    /// Width of a PNG in pixels (200 to 8000).
    #[arg(long, default_value_t = 2400, value_parser = crate::width_parser())]
    pub width: u32,
    /// Draw a scenario's printable card (one A4 page: map and zones, forces, victory
    /// conditions, special rules) instead of the map alone.
    #[arg(long)]
    pub card: bool,
    /// Draw no text on the map (feature labels, map labels, hex coordinates): terrain,
    /// roads, ridges and zones alone, each hex where it always is.
    #[arg(long, conflicts_with = "card")]
    pub no_labels: bool,
    /// Draw a scenario's map as played: the terrain its special rules change (woods,
    /// villages and hills treated as clear) drawn as they are played.
    #[arg(long)]
    pub as_played: bool,
}

pub(crate) fn render_cmd(input: &Path, out: &Path, opts: RenderOptions, maps: &[PathBuf]) -> i32 {
    let RenderOptions {
        width,
        card,
        no_labels,
        as_played,
    } = opts;
    use saber_schema::output::render::{MapStyle, map_png_styled, map_svg_styled};
    // `-o -`: SVG on standard output (a PNG is not text for a terminal).
    let ext = if is_dash(out) {
        "svg".to_string()
    } else {
        out.extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_ascii_lowercase()
    };
    if ext != "svg" && ext != "png" {
        return usage_error(
            "the output file must end in .svg or .png (or be `-`, SVG on standard output)",
        );
    }
    let (reg, src) = match registry_and_input(maps, input) {
        Ok(read) => read,
        Err(code) => return code,
    };
    let (kind, _) = match detect(&src) {
        Ok(k) => k,
        Err(d) => return crate::stopped(&src, d),
    };
    // What was read, which the drawing must never be written over.
    let mut inputs = vec![input.to_path_buf()];
    let (map, rules, overlays, title) = match kind {
        DocKind::Battle => {
            return usage_error(
                "a battle file has no map to draw: factor it into a scenario first (`saberc factor FILE --format ron`)",
            );
        }
        DocKind::Map if card => {
            return usage_error(
                "--card draws a scenario's card, and this file is a map: drop --card to draw the map, or give a scenario",
            );
        }
        DocKind::Map if as_played => {
            return usage_error(
                "--as-played draws a scenario's map after its special rules, and this file is a map: drop --as-played, or give a scenario",
            );
        }
        DocKind::Map => {
            let (map, diags) = load_map(&src);
            let diags = saber_schema::pipeline::finish(&src, diags);
            for d in diags.iter().filter(|d| d.severity == Severity::Error) {
                eprint!("{}", human(d, Some(&src.text), false));
            }
            // A map with errors is not drawn (README: render only what compiles).
            let Some(loaded) = map.filter(|_| !diags.iter().any(Diagnostic::is_error)) else {
                eprintln!("not rendered: fix the errors above first");
                return EXIT_ERRORS;
            };
            let map = loaded.map;
            let title = map.name.clone();
            let rules = map.rules();
            (map, rules, Vec::new(), title)
        }
        DocKind::Scenario => {
            // The scenario's game compiles it and draws it.
            let (compiled, diags, read) = match compile_for_outputs(input, &src, &reg) {
                Ok(c) => c,
                Err(code) => return code,
            };
            inputs = read;
            for d in diags.iter().filter(|d| d.severity == Severity::Error) {
                eprint!("{}", human(d, Some(&src.text), false));
            }
            let Some(mut c) = compiled.filter(|_| !diags.iter().any(Diagnostic::is_error)) else {
                eprintln!("not rendered: fix the errors above first");
                return EXIT_ERRORS;
            };
            if as_played && let Err(why) = c.play() {
                return usage_error(why);
            }
            if card {
                let svg = c.card_svg();
                let bytes = if ext == "svg" {
                    Ok(svg.into_bytes())
                } else {
                    svg_to_png(&svg, width)
                };
                return write_rendered(out, &inputs, bytes, width);
            }
            let rules = c.rules();
            let Drawing {
                map,
                overlays,
                title,
            } = c.drawing();
            (map, rules, overlays, title)
        }
    };
    let style = if no_labels {
        MapStyle::without_text()
    } else {
        MapStyle::default()
    };
    let bytes = if ext == "svg" {
        Ok(map_svg_styled(&map, rules, &overlays, &title, style).into_bytes())
    } else {
        map_png_styled(&map, rules, &overlays, &title, style, width)
    };
    write_rendered(out, &inputs, bytes, width)
}

/// Write a drawing (never over one of the `inputs` read), or report why it could not be made.
fn write_rendered(
    out: &Path,
    inputs: &[PathBuf],
    bytes: Result<Vec<u8>, saber_schema::output::render::RenderError>,
    width: u32,
) -> i32 {
    match bytes {
        Ok(b) => {
            // A PNG's size from its header: a drawing past the pixel cap was made smaller than
            // asked, and the user is told so.
            if let (Some(w), Some(h)) = (png_side(&b, 16), png_side(&b, 20))
                && w < width
            {
                use saber_schema::output::render::{MAX_PNG_PIXELS, MAX_PNG_SIDE};
                eprintln!(
                    "note: the PNG is {w} × {h} pixels, narrower than the {width} asked: a PNG \
                     has at most {} million pixels and {MAX_PNG_SIDE} on a side",
                    MAX_PNG_PIXELS / 1_000_000
                );
            }
            let target =
                (inputs.iter()).fold(Target::file(out).command_line(), |t, i| t.not_over(i));
            crate::write_output(&target, &b, out)
        }
        Err(e) => usage_error(&format!("cannot render: {e}")),
    }
}

/// A side of a PNG's image from its header (`IHDR`: width at byte 16, height at 20).
fn png_side(png: &[u8], at: usize) -> Option<u32> {
    if !png.starts_with(b"\x89PNG\r\n\x1a\n") {
        return None;
    }
    Some(u32::from_be_bytes(png.get(at..at + 4)?.try_into().ok()?))
}
