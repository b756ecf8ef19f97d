//! Musket & Saber Quick Play's outputs ([`OUTPUTS`], listed by [`crate::output::games`]): a
//! scenario compiled on its map file ([`MsCompiled`]), and its own engine export ([`export`]),
//! card ([`card`]), drawing and analysis; its skeletons ([`skeleton`]); its maps' Tiled export,
//! a tile per legend character ([`tiled`]); its colours ([`colours`]).

use std::sync::Arc;

pub mod card;
pub mod colours;
pub mod export;
pub mod skeleton;
pub mod tiled;

use crate::analysis::counted;
use crate::analysis::musket_and_saber::analyse;
use crate::diagnostic::Diagnostic;
use crate::model::analysis::Analysis;
use crate::model::musket_and_saber::MsMapFile;
use crate::model::musket_and_saber_export::MsExport;
use crate::output::export::write_export;
use crate::output::game::{
    CompiledFor, Drawing, ExportDocument, GameOutputs, ScenarioOutputs, Summary,
};
use crate::output::render::RenderError;
use crate::output::skeleton::SkeletonError;
use crate::output::tiled::export::{OutputFile, export_any_map};
use crate::output::tiled::import::TiledImport;
use crate::output::tiled::import::musket_and_saber::import_musket_and_saber;
use crate::pipeline::game::{Built, GameFrontEnd};
use crate::pipeline::map_load::{LoadedMap, Resolve};
use crate::pipeline::musket_and_saber::{EXPORT_SCHEMA_FILE, validate_export};
use crate::pipeline::musket_and_saber::{
    FRONT_END, MsCompiled, MsOpened, compile_scenario, ms_file,
};
use crate::pipeline::parse::parse;
use crate::pipeline::read::Source;
use crate::queries::playable::GivenAllowances;
use crate::ruleset::{Ruleset, StackWeight};

/// Musket & Saber Quick Play's outputs.
pub struct MusketAndSaberOutputs;

/// The outputs of Musket & Saber Quick Play files.
pub static OUTPUTS: MusketAndSaberOutputs = MusketAndSaberOutputs;

impl GameOutputs for MusketAndSaberOutputs {
    fn front_end(&self) -> &'static dyn GameFrontEnd {
        &FRONT_END
    }

    fn compile(&self, src: &Source, maps: &dyn Resolve) -> CompiledFor {
        let (compiled, diags) = compile_scenario(src, maps);
        CompiledFor {
            map_used: compiled.as_ref().map(|c| c.origin.clone()),
            compiled: compiled.map(|c| Box::new(MsScenarioOut(c)) as Box<dyn ScenarioOutputs>),
            diags,
        }
    }

    fn map_skeleton(&self, width: u32, height: u32, id: &str) -> Result<String, SkeletonError> {
        skeleton::ms_map_skeleton(width, height, id)
    }

    fn scenario_skeleton(&self, map: &LoadedMap, reference: &str, id: &str) -> Option<String> {
        let file = ms_file(&map.game_file)?;
        Some(skeleton::ms_scenario_skeleton(&file, reference, id))
    }

    fn map_as_it_stands(&self, src: &Source) -> Option<LoadedMap> {
        let file = parse::<MsMapFile>(src).ok()?;
        Some(LoadedMap {
            map: file.lower(),
            game_file: Some(Arc::new(file)),
        })
    }

    fn tiled_map(&self, map: &LoadedMap) -> Result<Vec<OutputFile>, RenderError> {
        match ms_file(&map.game_file) {
            Some(file) => tiled::export_ms_map(&file),
            None => export_any_map(&map.map),
        }
    }

    fn tiled_import(&self) -> Option<TiledImport> {
        Some(import_musket_and_saber)
    }

    fn tiled_scenarios_refused(&self) -> Option<&'static str> {
        Some(
            "this is a Musket & Saber Quick Play scenario, and `export --format tiled` writes a Musket & Saber map only (a scenario's Tiled layers are Rifle & Saber's deployment zones): export its map file, draw the scenario with `saberc render`, or export it for an engine with `saberc export`",
        )
    }

    fn allowances_refused(&self, given: &GivenAllowances) -> Option<&'static str> {
        // Its counters print their Movement Allowances (2.3): `--ma`, which names Rifle &
        // Saber unit types, has nothing to give.
        (!given.is_empty()).then_some(
            "`--ma` gives Rifle & Saber unit types an allowance; a Musket & Saber Quick Play counter prints its own Movement Allowance (2.3): leave `--ma` out, or correct `ma` on the counter in the scenario",
        )
    }

    fn summary(&self, built: &Built) -> Option<Summary> {
        let Some(MsOpened::Scenario { scenario: s, .. }) = built.own() else {
            return None;
        };
        Some(Summary {
            game: FRONT_END.rules().name,
            title: s.name.clone(),
            when: s.date.clone(),
            length: s.game_length,
            sides: s
                .sides
                .iter()
                .map(|side| {
                    let leaders = side
                        .counters
                        .iter()
                        .filter(|c| c.class.stack_weight() == StackWeight::Free)
                        .count();
                    let units = side.counters.len() - leaders;
                    let steps: u32 = side.counters.iter().map(|c| c.steps).sum();
                    (
                        side.name.clone(),
                        format!(
                            "{}, {}, {steps} steps",
                            counted(units, "unit", "units"),
                            counted(leaders, "leader", "leaders")
                        ),
                    )
                })
                .collect(),
            victory: s
                .victory
                .iter()
                .map(|v| (v.printed.clone(), s.describe_victory(v)))
                .collect(),
            special: s
                .special_rules
                .iter()
                .map(|r| {
                    let reading = match &r.modifies {
                        Some(sec) => format!("{} (modifies {sec}): kept as text", r.title),
                        None => format!("{}: kept as text", r.title),
                    };
                    (r.text.clone(), reading)
                })
                .collect(),
            interpretations: s.interpretations.clone(),
            notes: s.notes.clone(),
            built_in_map: None,
        })
    }
}

/// A Musket & Saber scenario compiled on its map file.
struct MsScenarioOut(MsCompiled);

impl ScenarioOutputs for MsScenarioOut {
    fn id(&self) -> &str {
        &self.0.scenario.id
    }

    fn rules(&self) -> &'static Ruleset {
        FRONT_END.rules()
    }

    fn play(&mut self) -> Result<(), &'static str> {
        Err(
            "--as-played draws the terrain a Rifle & Saber scenario's special rules change; a Musket & Saber scenario's special rules are text, so its map is drawn as printed: drop --as-played",
        )
    }

    fn export(&self) -> Result<Box<dyn ExportDocument>, Diagnostic> {
        Ok(Box::new(export::export(&self.0)?))
    }

    fn card_svg(&self) -> String {
        card::ms_card_svg(&self.0)
    }

    fn drawing(self: Box<Self>) -> Drawing {
        let c = &self.0;
        Drawing {
            map: c.map.lower(),
            overlays: card::ms_scenario_overlays(c),
            title: format!("{} ({})", c.scenario.name, c.scenario.date),
        }
    }

    fn analysis(&self, _given: &GivenAllowances) -> Analysis {
        let c = &self.0;
        analyse(&c.scenario, &c.map, &c.map.lower())
    }
}

impl ExportDocument for MsExport {
    fn schema_file(&self) -> &'static str {
        EXPORT_SCHEMA_FILE
    }

    fn schema_problems(&self) -> Vec<Diagnostic> {
        validate_export(&serde_json::to_value(self).expect("exports serialize"))
    }

    fn write(&self, w: &mut dyn std::io::Write) -> std::io::Result<()> {
        write_export(self, w)
    }
}
