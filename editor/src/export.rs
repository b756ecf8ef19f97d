//! What every game's exports share (each game's `GameDoc` makes its own, as `saberc export`
//! and `render --card` do): refused while the document has errors, the card's sizes, and the
//! writes, never over the files the document was read from: the engine JSON, the printable
//! card (PNG or SVG) and the Tiled map's files.

use std::path::{Path, PathBuf};

use saber_schema::diagnostic::Diagnostic;
use saber_schema::files::Target;
use saber_schema::output::tiled::export::{OutputFile, write_files};

/// Default width of an exported card PNG, in pixels: print resolution (an A4 page 210 mm wide
/// at about 300 dpi), the default of `saberc render --card --width`.
pub const CARD_WIDTH: u32 = 2400;

/// The widths offered for card PNGs by name (any width in [`CARD_WIDTHS`] may be typed; an SVG
/// file is drawn at any size).
pub const CARD_SIZES: &[(&str, u32)] = &[
    ("Print: A4 at about 300 dpi (2400 px)", 2400),
    ("Draft: A4 at about 150 dpi (1200 px)", 1200),
];

/// Why a document with errors is not exported: "The scenario has 1 error (see Diagnostics):
/// fix it before exporting."
pub fn fix_before_exporting(what: &str, errors: usize) -> String {
    format!(
        "The {what} has {} (see Diagnostics): fix {} before exporting.",
        crate::plural(errors, "error"),
        if errors == 1 { "it" } else { "them" }
    )
}

/// The widths `saberc render --width` accepts for a card.
pub const CARD_WIDTHS: std::ops::RangeInclusive<u32> = saber_schema::output::render::PNG_WIDTHS;

/// Why a document with these findings is not exported (its errors), or `None`.
pub(crate) fn refusal(what: &str, found: &[Diagnostic]) -> Option<String> {
    let errors = found.iter().filter(|d| d.is_error()).count();
    (errors > 0).then(|| fix_before_exporting(what, errors))
}

/// The safe writer's target for `path`, never one of the `inputs` (the open document's file
/// and its map file).
fn target<'a>(path: &'a Path, inputs: &[&'a Path]) -> Target<'a> {
    inputs
        .iter()
        .fold(Target::file(path), |t, input| t.not_over(input))
}

/// Write an engine export to `path` with `write`: read back by saberc and engines, so never
/// past the read limit; never over one of the `inputs`.
pub(crate) fn write_engine_with(
    path: &Path,
    inputs: &[&Path],
    write: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>,
) -> Result<(), String> {
    target(path, inputs)
        .read_back()
        .write_with(write)
        .map(|_| ())
        .map_err(|e| format!("Could not export: {e}"))
}

/// Write a card to `path`: `svg` for `.svg`, else `png` at `width` within [`CARD_WIDTHS`];
/// never over one of the `inputs`.
pub(crate) fn write_card<E: std::fmt::Display>(
    path: &Path,
    width: u32,
    inputs: &[&Path],
    svg: impl FnOnce() -> String,
    png: impl FnOnce(u32) -> Result<Vec<u8>, E>,
) -> Result<(), String> {
    let is_svg = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
    let bytes = if is_svg {
        svg().into_bytes()
    } else {
        png(width.clamp(*CARD_WIDTHS.start(), *CARD_WIDTHS.end())).map_err(|e| e.to_string())?
    };
    target(path, inputs)
        .write(&bytes)
        .map(|_| ())
        .map_err(|e| format!("Could not write the card: {e}"))
}

/// Write a Tiled map's `files` (or why they could not be drawn) into `dir`, never over one of
/// the `inputs`; returns the `.tmj`'s path.
pub(crate) fn write_tiled<E: std::fmt::Display>(
    files: Result<Vec<OutputFile>, E>,
    dir: &Path,
    inputs: &[&Path],
) -> Result<PathBuf, String> {
    let files = files.map_err(|e| format!("Could not draw the tileset: {e}"))?;
    write_files(&files, dir, inputs)
        .map_err(|e| format!("Could not export: {e}"))?
        .into_iter()
        .find(|p| p.extension().is_some_and(|e| e == "tmj"))
        .ok_or_else(|| "Nothing was exported".to_string())
}
