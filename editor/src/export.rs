//! Exports from the editor: the engine JSON (the same document `saberc export` writes, checked
//! against export.schema.json) and the printable scenario card (PNG or SVG).

use std::path::Path;

use saber_schema::output::export::{export, export_text};
use saber_schema::pipeline::Compiled;
use saber_schema::pipeline::schema::validate_export;

/// Width of an exported card PNG, in pixels (A4 at about 170 dpi).
pub const CARD_WIDTH: u32 = 1400;

/// The engine JSON of a compiled scenario, validated against the export schema.
pub fn engine_json(c: &Compiled) -> Result<String, String> {
    let doc = export(&c.scenario, &c.map, &c.resolved).map_err(|d| d.message)?;
    let value = serde_json::to_value(&doc).map_err(|e| e.to_string())?;
    let problems = validate_export(&value);
    if let Some(p) = problems.first() {
        return Err(format!(
            "internal error: the export does not match export.schema.json: {}",
            p.message
        ));
    }
    Ok(export_text(&doc))
}

/// Write the scenario card to `path`: SVG for `.svg`, PNG otherwise.
pub fn card(c: &Compiled, path: &Path) -> Result<(), String> {
    let is_svg = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
    let bytes = if is_svg {
        saber_schema::output::card::card_svg(c).into_bytes()
    } else {
        saber_schema::output::card::card_png(c, CARD_WIDTH).map_err(|e| e.to_string())?
    };
    saber_schema::files::write_atomic(path, &bytes)
        .map_err(|e| format!("Could not write {}: {e}", path.display()))
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
        let text = engine_json(&c).expect("exports");
        // saberc's way: the committed file through the pipeline, then the export text.
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../scenarios/07-gettysburg-little-round-top.ron");
        let src = saber_schema::pipeline::read::Source::read(&path).expect("readable");
        let (compiled, _) = saber_schema::pipeline::compile_scenario(
            &src,
            &saber_schema::pipeline::maps::MapRegistry::new(),
        );
        let c = compiled.expect("11.7 compiles");
        let doc = saber_schema::output::export::export(&c.scenario, &c.map, &c.resolved)
            .expect("within the export limit");
        assert_eq!(text, saber_schema::output::export::export_text(&doc));
    }

    #[test]
    fn cards_are_written_as_png_and_svg() {
        let dir = tempfile::tempdir().expect("temp dir");
        let c = little_round_top();
        let png = dir.path().join("card.png");
        card(&c, &png).expect("png");
        assert!(std::fs::read(&png).expect("read").starts_with(b"\x89PNG"));
        let svg = dir.path().join("card.svg");
        card(&c, &svg).expect("svg");
        assert!(
            std::fs::read_to_string(&svg)
                .expect("read")
                .contains("<svg")
        );
    }
}
