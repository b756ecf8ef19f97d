//! The scenario side of the editor: forms for every part of a scenario (sides and orders of
//! battle, zones, arrivals, victory conditions, special rules, notes), picking features and
//! hexes on the map, and the wizard that factors a historical battle (11.18).

pub mod change;
pub mod checker;
pub mod fields;
pub mod header;
pub mod historical;
pub mod notes;
pub mod panel;
pub mod pick;
pub mod placement;
pub mod sides;
pub mod special_rules;
pub mod victory;
pub mod wizard;
pub mod zone_builder;

#[cfg(test)]
pub(crate) mod test_support;

#[cfg(test)]
mod tests {
    use egui::Id;

    use super::header::header_ui;
    use super::notes::notes_ui;
    use super::special_rules::special_rules_ui;
    use super::test_support::{harness_with, load, shown_without_change};
    use super::victory::victory_ui;
    use super::zone_builder::ZoneCx;

    #[test]
    fn every_historical_scenario_shows_in_every_form_unchanged() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../scenarios");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .expect("scenarios/")
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.ends_with(".ron"))
            .collect();
        files.sort();
        assert_eq!(files.len(), 17, "the 17 historical scenarios");
        for file in files {
            let s = load(&file);
            let h = harness_with(s.clone(), true, |ui, (s, picker, map)| {
                header_ui(ui, Id::unique("header"), s);
                let mut cx = ZoneCx { map, picker };
                victory_ui(ui, Id::unique("victory"), s, &mut cx);
                special_rules_ui(ui, Id::unique("rules"), s, &mut cx);
                notes_ui(ui, Id::unique("notes"), s);
            });
            shown_without_change(h, &s, &file);
        }
    }
}
