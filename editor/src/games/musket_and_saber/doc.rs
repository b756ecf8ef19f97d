//! A Musket & Saber map or scenario as the editor's document: what the shared editor asks of
//! a game's document ([`GameDoc`]: its text, its checks, its exports), and the document's
//! Musket & Saber views the forms edit through.

use std::path::{Path, PathBuf};

use saber_schema::diagnostic::Diagnostic;
use saber_schema::model::hex::Grid;
use saber_schema::model::map::Map;
use saber_schema::model::musket_and_saber::{HexNumbering, MsMapFile, MsScenario};
use saber_schema::pipeline::maps::MapOrigin;
use saber_schema::pipeline::musket_and_saber::{self as ms, MsCompiled};
use saber_schema::ruleset::Game;

use crate::change::Words;
use crate::content::{Beside, GameDoc};
use crate::document::{Document, Told};

/// Why a Musket & Saber scenario has no Tiled export (as saberc refuses it): the menu's
/// tooltip and the refusal say the same.
pub const NO_SCENARIO_TILED: &str = "A Musket & Saber scenario has no Tiled export (a scenario's Tiled layers are Rifle & Saber's deployment zones): open its map and export that, or export the scenario for an engine.";

/// A counter's and a set-up line's fields, and the file's one-key values, as the chart and
/// counters print them, for the History panel (`2`, `3-4`, `2 MP`, `+1`).
pub const WORDS: Words = Words {
    fields: &[("cf", "CF"), ("mr", "MR"), ("ma", "MA"), ("w1", "w/1")],
    values: &[
        ("One", "{}"),
        ("AttackDefense", "{}-{}"),
        ("Mp", "{} MP"),
        ("Plus", "+{}"),
    ],
};

impl GameDoc for MsMapFile {
    fn game(&self) -> Game {
        Game::MusketAndSaberQuickPlay
    }
    fn is_scenario(&self) -> bool {
        false
    }
    fn id<'a>(&'a self, _: &'a Map) -> &'a str {
        &self.id
    }
    fn name<'a>(&'a self, _: &'a Map) -> &'a str {
        &self.name
    }
    fn drawn(&self) -> Option<Map> {
        Some(self.lower())
    }
    fn check(&self, _at: Beside<'_>) -> Vec<Diagnostic> {
        ms::check_map_model(self)
    }
    fn write_tiled(&self, _: Beside<'_>, dir: &Path, inputs: &[&Path]) -> Result<PathBuf, String> {
        let files = saber_schema::output::musket_and_saber::tiled::export_ms_map(self);
        crate::export::write_tiled(files, dir, inputs)
    }
}

/// The scenario compiled on its map, once it has no error (the exports need a clean scenario,
/// as `saberc export`'s do); else why not.
fn compiled(s: &MsScenario, at: Beside<'_>) -> Result<MsCompiled, String> {
    if let Some(why) = crate::export::refusal("scenario", &GameDoc::check(s, at)) {
        return Err(why);
    }
    let Some(map) = at.map_doc.and_then(|d| d.own::<MsMapFile>()) else {
        return Err("The scenario's Musket & Saber map was not found".into());
    };
    let origin = match at.map_file {
        Some(p) => MapOrigin::File(p.to_path_buf()),
        None => MapOrigin::BuiltIn(at.map.id.clone()),
    };
    Ok(MsCompiled::new(s, map, origin))
}

impl GameDoc for MsScenario {
    fn game(&self) -> Game {
        Game::MusketAndSaberQuickPlay
    }
    fn is_scenario(&self) -> bool {
        true
    }
    fn id<'a>(&'a self, _: &'a Map) -> &'a str {
        &self.id
    }
    fn name<'a>(&'a self, _: &'a Map) -> &'a str {
        &self.name
    }
    fn scenario_id_mut(&mut self) -> Option<&mut String> {
        Some(&mut self.id)
    }
    fn settle(&mut self, before: &dyn GameDoc, grid: Grid) {
        if let Some(before) = before.as_any().downcast_ref::<MsScenario>() {
            super::printed::refresh(before, self, grid);
        }
    }
    fn words(&self) -> &'static Words {
        &WORDS
    }
    fn check(&self, at: Beside<'_>) -> Vec<Diagnostic> {
        let map = at.map_doc.and_then(|d| d.own::<MsMapFile>());
        ms::check_scenario_noting(self, at.map, map, at.map_notes)
    }
    fn export_refusal(&self, at: Beside<'_>) -> Option<String> {
        compiled(self, at).err()
    }
    fn write_engine(&self, at: Beside<'_>, path: &Path, inputs: &[&Path]) -> Result<(), String> {
        export_engine(&compiled(self, at)?, path, inputs)
    }
    fn write_card(
        &self,
        at: Beside<'_>,
        path: &Path,
        width: u32,
        inputs: &[&Path],
    ) -> Result<(), String> {
        use saber_schema::output::musket_and_saber::card::{ms_card_png, ms_card_svg};
        let c = compiled(self, at)?;
        crate::export::write_card(
            path,
            width,
            inputs,
            || ms_card_svg(&c),
            |w| ms_card_png(&c, w),
        )
    }
    fn no_tiled(&self) -> Option<&'static str> {
        Some(NO_SCENARIO_TILED)
    }
    fn write_tiled(&self, _: Beside<'_>, _: &Path, _: &[&Path]) -> Result<PathBuf, String> {
        Err(NO_SCENARIO_TILED.into())
    }
}

/// Write the engine JSON of a compiled Musket & Saber scenario to `path`: the library's
/// `export_json`, the one function `saberc export` calls too (so both write the same bytes),
/// checked against its schema, through the library's atomic write, never over one of the
/// `inputs`.
fn export_engine(c: &MsCompiled, path: &Path, inputs: &[&Path]) -> Result<(), String> {
    let text =
        saber_schema::output::musket_and_saber::export::export_json(c).map_err(|d| d.message)?;
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    if let Some(p) = saber_schema::pipeline::musket_and_saber::validate_export(&value).first() {
        return Err(format!(
            "internal error: the export does not match its schema: {}",
            p.message
        ));
    }
    crate::export::write_engine_with(path, inputs, |w| w.write_all(text.as_bytes()))
}

impl Document {
    /// The Musket & Saber map file: the document's, or its scenario's map's.
    pub fn ms_map(&self) -> Option<&MsMapFile> {
        self.content()
            .own()
            .or_else(|| self.map_doc.as_ref()?.own())
    }

    /// The Musket & Saber scenario, if the document is one.
    pub fn ms_scenario(&self) -> Option<&MsScenario> {
        self.content().own()
    }

    /// Let a form change the Musket & Saber map; if it changed, record one undo step named
    /// `label` (the edits of one `gesture`, told after `f` ran, merge into one step). `None`
    /// when the document is
    /// not one.
    pub fn edit_ms_map<R>(
        &mut self,
        label: &str,
        gesture: impl Told,
        f: impl FnOnce(&mut MsMapFile) -> R,
    ) -> Option<R> {
        self.edit_content(label, gesture, |c| c.own_mut().map(f))
    }

    /// Let a form change the Musket & Saber scenario, as [`Self::edit_ms_map`] does. The form
    /// sees every hex on the grid the canvas draws ([`MsScenario::in_grid`]), and the file
    /// keeps them as its map numbers them: a map numbered from 0100 is edited in its own
    /// numbers (issue 40).
    pub fn edit_ms_scenario<R>(
        &mut self,
        label: &str,
        gesture: impl Told,
        f: impl FnOnce(&mut MsScenario) -> R,
    ) -> Option<R> {
        let n = self.ms_numbering();
        self.edit_content(label, gesture, |c| {
            let s = c.own_mut::<MsScenario>()?;
            let mut on_grid = s.in_grid(n);
            let r = f(&mut on_grid);
            *s = on_grid.in_printed(n);
            Some(r)
        })
    }

    /// How the Musket & Saber map numbers its hexes (from 0101 when there is none).
    pub fn ms_numbering(&self) -> HexNumbering {
        self.ms_map().map(|f| f.numbering).unwrap_or_default()
    }

    /// The Musket & Saber scenario with every hex on the grid the canvas draws, for what
    /// reads it beside the map (its stacks, rings and entry hexes).
    pub fn ms_scenario_in_grid(&self) -> Option<MsScenario> {
        Some(self.ms_scenario()?.in_grid(self.ms_numbering()))
    }
}

#[cfg(test)]
mod words_tests {
    use super::*;
    use crate::change::describe;

    /// A file of the Musket & Saber example, read as the editor reads it.
    fn example<T: serde::de::DeserializeOwned>(path: &str) -> T {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../scenarios/examples/musket-and-saber")
            .join(path);
        let src = saber_schema::pipeline::read::Source::read(&path).expect("the example");
        saber_schema::pipeline::parse::parse(&src).expect("parses")
    }

    #[test]
    fn a_chart_cell_and_the_track_are_named() {
        let a: MsMapFile = example("maps/millbrook-invented.ron");
        let mut b = a.clone();
        let woods = b
            .chart
            .iter_mut()
            .find(|r| r.kind == "woods")
            .expect("woods");
        woods.defense = Some(2);
        assert_eq!(
            describe(&a, &b, &WORDS).as_deref(),
            Some("Defense 1 → 2 on woods")
        );
        b.track.labels.push("1500".into());
        assert_eq!(
            describe(&a, &b, &WORDS).as_deref(),
            Some(
                "Defense 1 → 2 on woods; Track labels 0800 0900 1000 1100 1200 1300 1400 → 0800 0900 1000 1100 1200 1300 1400 1500"
            )
        );
        assert_eq!(describe(&a, &a, &WORDS), None);
    }

    /// A counter's value reads as the R&S steps do: the value, the change, the counter.
    #[test]
    fn a_counters_value_reads_value_change_and_counter() {
        use saber_schema::model::musket_and_saber::Cf;
        let a: MsScenario = example("millbrook.ron");
        let mut b = a.clone();
        let k = &mut b.sides[0].counters[0];
        let (id, was) = (k.id.clone(), k.front.cf);
        k.front.cf = Some(Cf::One(9));
        let was = match was {
            Some(Cf::One(n)) => n.to_string(),
            other => panic!("the example's first counter has one CF: {other:?}"),
        };
        assert_eq!(
            describe(&a, &b, &WORDS),
            Some(format!("Front CF {was} → 9 on {id} of north"))
        );
        let mut c = a.clone();
        c.game_length += 2;
        assert_eq!(
            describe(&a, &c, &WORDS),
            Some(format!("Game length {} → {}", a.game_length, c.game_length))
        );
    }

    /// A row added or taken away is named by its kind, an empty list is "none".
    #[test]
    fn a_row_added_or_removed_is_named() {
        let a: MsMapFile = example("maps/millbrook-invented.ron");
        let mut b = a.clone();
        let mut row = b.chart[0].clone();
        row.kind = "marsh".into();
        b.chart.push(row);
        assert_eq!(
            describe(&a, &b, &WORDS).as_deref(),
            Some("Chart: “marsh” added")
        );
        assert_eq!(
            describe(&b, &a, &WORDS).as_deref(),
            Some("Chart: “marsh” removed")
        );
        let mut d = b.clone();
        d.chart.last_mut().expect("marsh").kind = "bog".into();
        assert_eq!(
            describe(&b, &d, &WORDS).as_deref(),
            Some("Kind “marsh” → “bog”")
        );
        let mut c = a.clone();
        c.track.labels.clear();
        assert_eq!(
            describe(&c, &a, &WORDS).as_deref(),
            Some("Track labels none → 0800 0900 1000 1100 1200 1300 1400")
        );
    }

    /// A reinforcement line is named by its units.
    #[test]
    fn a_line_is_named_by_its_units() {
        let a: MsScenario = example("millbrook.ron");
        let mut b = a.clone();
        let line = &mut b.reinforcements[0];
        let (units, was) = (line.units.join(", "), line.turn.clone());
        line.turn = "1300".into();
        let label = describe(&a, &b, &WORDS).expect("a change");
        assert!(
            label.starts_with(&format!("Turn “{was}” → “1300” on {units}")),
            "{label}"
        );
    }

    /// A long text shows its first words, as the R&S steps do.
    #[test]
    fn a_long_text_shows_its_first_words() {
        let a: MsScenario = example("millbrook.ron");
        let mut b = a.clone();
        b.notes = "one two three four five six seven eight".into();
        let label = describe(&a, &b, &WORDS).expect("a change");
        assert!(
            label.ends_with("→ “one two three four five six …”"),
            "{label}"
        );
    }
}
