//! Exports from the editor: the engine JSON (the same document `saberc export` writes, checked
//! against export.schema.json), the printable scenario card (PNG or SVG) and the Tiled map (the
//! same files as `saberc export --format tiled`).

use std::path::{Path, PathBuf};

use saber_schema::diagnostic::Diagnostic;
use saber_schema::model::map::Map;
use saber_schema::output::tiled::export::{OutputFile, export_map, export_scenario, write_files};
use saber_schema::pipeline::check_map_model;

use saber_schema::files::Target;
use saber_schema::output::export::{Export, export, write_export};
use saber_schema::pipeline::Compiled;
use saber_schema::pipeline::schema::validate_export;

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

/// The engine export of a compiled scenario, validated against the export schema.
pub fn engine_export(c: &Compiled) -> Result<Export, String> {
    let doc = export(c.rules, &c.scenario, &c.map, &c.resolved).map_err(|d| d.message)?;
    let value = serde_json::to_value(&doc).map_err(|e| e.to_string())?;
    let problems = validate_export(&value);
    if let Some(p) = problems.first() {
        return Err(format!(
            "internal error: the export does not match export.schema.json: {}",
            p.message
        ));
    }
    Ok(doc)
}

/// The safe writer's target for `path`, never one of the `inputs` (the open document's file
/// and its map file).
fn target<'a>(path: &'a Path, inputs: &[&'a Path]) -> Target<'a> {
    inputs
        .iter()
        .fold(Target::file(path), |t, input| t.not_over(input))
}

/// Write the engine JSON of a compiled scenario to `path` as `saberc export` does: streamed
/// through the library's atomic write, never over one of the `inputs`.
pub fn write_engine(c: &Compiled, path: &Path, inputs: &[&Path]) -> Result<(), String> {
    let doc = engine_export(c)?;
    write_engine_with(path, inputs, |w| write_export(&doc, w))
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

/// Write the scenario card to `path`: SVG for `.svg`, PNG `width` pixels wide otherwise; never
/// over one of the `inputs`.
pub fn card(c: &Compiled, path: &Path, width: u32, inputs: &[&Path]) -> Result<(), String> {
    use saber_schema::output::card::{card_png, card_svg};
    write_card(path, width, inputs, || card_svg(c), |w| card_png(c, w))
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
    let bytes = if crate::files::has_extension(path, &["svg"]) {
        svg().into_bytes()
    } else {
        png(width.clamp(*CARD_WIDTHS.start(), *CARD_WIDTHS.end())).map_err(|e| e.to_string())?
    };
    target(path, inputs)
        .write(&bytes)
        .map(|_| ())
        .map_err(|e| format!("Could not write the card: {e}"))
}

/// Write the Tiled map of the scenario (or of the map alone) into `dir`: `<id>.tmj`, its
/// tileset `<id>.tsj` and the tileset's `<id>.png`, as `saberc export --format tiled` does (a
/// map with errors is refused, as there), never over one of the `inputs`. Returns the `.tmj`'s
/// path.
pub fn tiled(
    map: &Map,
    scenario: Option<&Compiled>,
    dir: &Path,
    inputs: &[&Path],
) -> Result<PathBuf, String> {
    let files = match scenario {
        Some(c) => export_scenario(c.rules, &c.scenario, &c.map, &c.resolved),
        None => {
            if let Some(why) = refusal("map", &check_map_model(map)) {
                return Err(why);
            }
            export_map(map, map.rules())
        }
    }
    .map_err(|e| format!("Could not draw the tileset: {e}"))?;
    write_tiled(&files, dir, inputs)
}

/// Write a Tiled map's `files` into `dir`, never over one of the `inputs`; returns the
/// `.tmj`'s path.
pub(crate) fn write_tiled(
    files: &[OutputFile],
    dir: &Path,
    inputs: &[&Path],
) -> Result<PathBuf, String> {
    write_files(files, dir, inputs)
        .map_err(|e| format!("Could not export: {e}"))?
        .into_iter()
        .find(|p| p.extension().is_some_and(|e| e == "tmj"))
        .ok_or_else(|| "Nothing was exported".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 11.7 compiled on the built-in map.
    fn little_round_top() -> Compiled {
        let s = crate::scenario::historical::HISTORICAL[6]
            .scenario()
            .expect("parses");
        let map = saber_schema::builtin::rifle_and_saber();
        saber_schema::pipeline::check_scenario_model(&s, &map)
            .into_compiled(s, map)
            .expect("11.7 compiles clean")
    }

    #[test]
    fn the_editor_exports_what_saberc_exports() {
        let c = little_round_top();
        let text = saber_schema::output::export::export_text(&engine_export(&c).expect("exports"));
        // saberc's way: the committed file through the pipeline, then the export text.
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../scenarios/07-gettysburg-little-round-top.ron");
        let src = saber_schema::pipeline::read::Source::read(&path).expect("readable");
        let (compiled, _) = saber_schema::pipeline::compile_scenario(
            &src,
            &saber_schema::pipeline::maps::MapRegistry::new(),
        );
        let c = compiled.expect("11.7 compiles");
        let doc = saber_schema::output::export::export(c.rules, &c.scenario, &c.map, &c.resolved)
            .expect("within the export limit");
        assert_eq!(text, saber_schema::output::export::export_text(&doc));
    }

    #[test]
    fn the_editor_writes_the_tiled_map_saberc_writes() {
        let dir = tempfile::tempdir().expect("temp dir");
        let c = little_round_top();
        let tmj = tiled(&c.map, Some(&c), dir.path(), &[]).expect("exports");
        assert!(tmj.ends_with("gettysburg-little-round-top.tmj"));
        let files = export_scenario(c.rules, &c.scenario, &c.map, &c.resolved).expect("exports");
        for f in files {
            let written = std::fs::read(dir.path().join(&f.name)).expect("written");
            assert_eq!(written, f.bytes, "{}", f.name);
        }
        let map_only = tiled(&c.map, None, dir.path(), &[]).expect("exports");
        assert!(map_only.ends_with("rifle-and-saber.tmj"));
    }

    /// Exports are written as saves are: through symlinks, with the usual permissions for a
    /// new file (issue 14 §3).
    #[cfg(unix)]
    #[test]
    fn exports_get_the_usual_permissions_and_follow_symlinks() {
        use std::os::unix::fs::{PermissionsExt, symlink};
        let dir = tempfile::tempdir().expect("temp dir");
        let mode = |p: &Path| std::fs::metadata(p).expect("file").permissions().mode() & 0o777;
        let probe = dir.path().join("probe");
        std::fs::write(&probe, "x").expect("written");
        let usual = mode(&probe);
        let c = little_round_top();
        let json = dir.path().join("e.json");
        write_engine(&c, &json, &[]).expect("exported");
        assert_eq!(mode(&json), usual);
        let png = dir.path().join("card.png");
        card(&c, &png, 400, &[]).expect("card");
        assert_eq!(mode(&png), usual);

        let real = dir.path().join("real.json");
        std::fs::write(&real, "old").expect("written");
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).expect("chmod");
        let link = dir.path().join("link.json");
        symlink(&real, &link).expect("symlink");
        write_engine(&c, &link, &[]).expect("exported");
        assert!(
            std::fs::symlink_metadata(&link)
                .expect("link")
                .file_type()
                .is_symlink()
        );
        assert_eq!(
            std::fs::read(&real).expect("read"),
            std::fs::read(&json).expect("read")
        );
        assert_eq!(mode(&real), 0o640);
    }

    #[test]
    fn cards_are_written_as_png_and_svg() {
        let dir = tempfile::tempdir().expect("temp dir");
        let c = little_round_top();
        let png = dir.path().join("card.png");
        card(&c, &png, CARD_WIDTH, &[]).expect("png");
        assert!(std::fs::read(&png).expect("read").starts_with(b"\x89PNG"));
        let svg = dir.path().join("card.svg");
        card(&c, &svg, CARD_WIDTH, &[]).expect("svg");
        assert!(
            std::fs::read_to_string(&svg)
                .expect("read")
                .contains("<svg")
        );
    }
}
