//! The live diagnostics panel: the map's problems, recomputed when the map changes; clicking
//! one centres the map on its hex.

use egui::{Color32, RichText, Ui};
use saber_schema::diagnostic::{Diagnostic, PathSeg, Severity};
use saber_schema::model::hex::Coord;
use saber_schema::model::map::Map;

use crate::document::Document;

/// The map's diagnostics, cached per revision.
#[derive(Debug, Default)]
pub struct Diagnostics {
    revision: Option<u64>,
    /// The current findings.
    pub items: Vec<Diagnostic>,
    /// The map is a changed copy of a built-in map (REF005 were it saved under that id, which
    /// the editor never does: Save asks for its own id first).
    pub changed_builtin: bool,
}

/// The hex a diagnostic is about: its hex label, or the value its path points at.
pub fn hex_of(d: &Diagnostic, map: &Map) -> Option<Coord> {
    // Read in the map's own numbers, as the check said it (a map numbered from 0100).
    if let Some(c) = d.hex.as_deref().and_then(|h| map.grid.parse_label(h).ok()) {
        return Some(c);
    }
    let path = d.path.as_deref()?;
    let key = |i: usize| match path.get(i) {
        Some(PathSeg::Key(k)) => Some(k.as_ref()),
        _ => None,
    };
    let index = |i: usize| match path.get(i) {
        Some(PathSeg::Index(n)) => Some(*n),
        _ => None,
    };
    let hexes = match key(0)? {
        "roads" => &map.roads.get(index(1)?)?.hexes,
        "features" => &map.features.get(index(1)?)?.hexes,
        "terrain" => return index(1).map(|r| Coord(1, r as i32 + 1)),
        _ => return None,
    };
    let c = index(3).and_then(|j| hexes.get(j)).or(hexes.first())?;
    Some(Coord(
        c.0.clamp(1, map.grid.width as i32),
        c.1.clamp(1, map.grid.height as i32),
    ))
}

/// How a finding of this severity is shown: its word and colour.
pub fn severity_style(ui: &Ui, severity: Severity) -> (&'static str, Color32) {
    match severity {
        Severity::Error => ("error", ui.visuals().error_fg_color),
        Severity::Warning => ("warning", ui.visuals().warn_fg_color),
        Severity::Note => ("note", ui.visuals().text_color()),
    }
}

impl Diagnostics {
    /// Recompute if the document changed (not during a stroke: a stroke ends first), as
    /// `saberc check` checks it saved.
    pub fn update(&mut self, doc: &Document) {
        if self.revision == Some(doc.revision()) || doc.is_editing() {
            return;
        }
        let mut items = doc.content().check(doc.beside());
        // The editor never saves a changed built-in map under its id (Save asks for a new
        // one), so the finding a file would get is said as what will happen instead.
        let claimed = (!doc.content().is_scenario())
            .then(|| saber_schema::pipeline::maps::builtin_id_claimed(doc.map()))
            .flatten();
        self.changed_builtin = claimed.is_some();
        if let Some(c) = claimed {
            items.retain(|d| !(d.code == c.code && d.path == c.path));
        }
        self.items = items;
        self.revision = Some(doc.revision());
    }

    /// The panel; returns the hex to centre on when an entry is clicked.
    pub fn ui(&self, ui: &mut Ui, map: &Map) -> Option<Coord> {
        self.ui_placed(ui, map, &|_| None).and_then(|(_, hex)| hex)
    }

    /// The panel, each finding followed by where its field is (`place`: "on the Map tab");
    /// returns the finding clicked and its hex.
    pub fn ui_placed(
        &self,
        ui: &mut Ui,
        map: &Map,
        place: &dyn Fn(&Diagnostic) -> Option<String>,
    ) -> Option<(usize, Option<Coord>)> {
        if self.changed_builtin {
            ui.label(format!(
                "A changed copy of the built-in map “{}”: Save asks for its own id and name.",
                map.id
            ));
        }
        list(ui, &self.items, map, &|d| (hex_of(d, map), place(d)))
    }
}

/// A finding's hex and where its field is ("on the Map tab").
pub type FindingAt<'a> = dyn Fn(&Diagnostic) -> (Option<Coord>, Option<String>) + 'a;

/// Findings as a list, each with the hex and the place of its field `at` gives ("on the Map
/// tab"), its hint and rule as its tooltip; returns the finding clicked and its hex.
pub fn list(
    ui: &mut Ui,
    items: &[Diagnostic],
    map: &Map,
    at: &FindingAt<'_>,
) -> Option<(usize, Option<Coord>)> {
    if items.is_empty() {
        ui.label(RichText::new("No problems found").color(Color32::from_rgb(60, 150, 60)));
        return None;
    }
    let mut goto = None;
    for (i, d) in items.iter().enumerate() {
        let (icon, color) = severity_style(ui, d.severity);
        let (hex, place) = at(d);
        let mut text = format!("{icon} {}: {}", d.code, d.message);
        if let Some(h) = hex {
            text.push_str(&format!(" [{}]", map.grid.label(h)));
        }
        if let Some(p) = place {
            text.push_str(&format!(" ({p})"));
        }
        let r = ui.selectable_label(false, RichText::new(text).color(color));
        let rule = d.rule.as_ref().map(|r| format!("[{r}]"));
        let tip: Vec<&str> = d.hint.iter().chain(&rule).map(String::as_str).collect();
        let r = if tip.is_empty() {
            r
        } else {
            r.on_hover_text(tip.join(" "))
        };
        if r.clicked() {
            goto = Some((i, hex));
        }
    }
    goto
}

#[cfg(test)]
mod tests {
    use super::*;
    use saber_schema::model::musket_and_saber::{HexNumbering, MsMapFile};

    /// A finding's hex on a map numbered from 0100 is the hex the map prints so (it was read as
    /// if numbered from 0101: one row off).
    #[test]
    fn a_findings_hex_is_read_in_the_maps_numbers() {
        let text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../scenarios/examples/musket-and-saber/maps/millbrook-invented.ron"),
        )
        .expect("the example");
        let src = saber_schema::pipeline::read::Source::from_text("m.ron", text);
        let mut f: MsMapFile = saber_schema::pipeline::parse::parse(&src).expect("parses");
        f.numbering = HexNumbering::ColumnRow {
            first_column: 1,
            first_row: 0,
        };
        let map = f.lower();
        let d = Diagnostic::new(saber_schema::diagnostic::Code::UnknownMap, "x").with_hex("0500");
        assert_eq!(hex_of(&d, &map), Some(Coord(5, 1)));
    }
}
