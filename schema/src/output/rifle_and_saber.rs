//! Rifle & Saber's outputs ([`OUTPUTS`], listed by [`crate::output::games`]): a scenario compiled
//! into the engine's [`Compiled`] scenario, and its export, card, drawing, Tiled map and analysis.

use std::sync::Arc;

use crate::analysis::{analyse, counted};
use crate::diagnostic::Diagnostic;
use crate::model::analysis::Analysis;
use crate::model::map::{Map, MapFile};
use crate::output::card::{card_svg, enemy_of};
use crate::output::export::{Export, export, write_export};
use crate::output::game::{
    CompiledFor, Drawing, ExportDocument, GameOutputs, ScenarioOutputs, Summary,
};
use crate::output::overlays::scenario_overlays;
use crate::output::render::RenderError;
use crate::output::skeleton::{SkeletonError, map_skeleton, scenario_skeleton};
use crate::output::tiled::export::{OutputFile, export_map, export_scenario};
use crate::output::tiled::import::{TiledImport, import_rifle_and_saber};
use crate::pipeline::game::{Built, Compiled, GameFrontEnd};
use crate::pipeline::map_load::{LoadedMap, MapOrigin, Resolve};
use crate::pipeline::parse::parse;
use crate::pipeline::read::Source;
use crate::pipeline::rifle_and_saber::FRONT_END;
use crate::pipeline::schema::validate_export;
use crate::queries::effective_terrain::{Cleared, EffectiveTerrain};
use crate::queries::playable::GivenAllowances;
use crate::ruleset::Ruleset;

/// Rifle & Saber's outputs.
pub struct RifleAndSaberOutputs;

/// The outputs of Rifle & Saber files.
pub static OUTPUTS: RifleAndSaberOutputs = RifleAndSaberOutputs;

impl GameOutputs for RifleAndSaberOutputs {
    fn front_end(&self) -> &'static dyn GameFrontEnd {
        &FRONT_END
    }

    fn tiled_import(&self) -> Option<TiledImport> {
        Some(import_rifle_and_saber)
    }

    fn compile(&self, src: &Source, maps: &dyn Resolve) -> CompiledFor {
        let (compiled, diags, found) = FRONT_END.compile_scenario(src, maps);
        CompiledFor {
            compiled: compiled.map(|c| {
                Box::new(RsScenario {
                    c,
                    as_played: false,
                }) as Box<dyn ScenarioOutputs>
            }),
            diags,
            map_used: found.map(|(origin, _)| origin),
        }
    }

    fn map_skeleton(&self, width: u32, height: u32, id: &str) -> Result<String, SkeletonError> {
        map_skeleton(width, height, id)
    }

    fn scenario_skeleton(&self, map: &LoadedMap, reference: &str, id: &str) -> Option<String> {
        Some(scenario_skeleton(&map.map, reference, id))
    }

    fn map_as_it_stands(&self, src: &Source) -> Option<LoadedMap> {
        let file = parse::<MapFile>(src).ok()?;
        Some(LoadedMap::engine_only(Map::from_file(&file).0))
    }

    fn tiled_map(&self, map: &LoadedMap) -> Result<Vec<OutputFile>, RenderError> {
        export_map(&map.map, map.map.rules())
    }

    fn summary(&self, built: &Built) -> Option<Summary> {
        let Built::Scenario {
            scenario: s, map, ..
        } = built
        else {
            return None;
        };
        let name = |id: &str| {
            s.sides
                .iter()
                .find(|sd| sd.id == id)
                .map_or_else(|| id.to_string(), |sd| sd.name.clone())
        };
        Some(Summary {
            game: s.rules().name,
            title: match &s.portion {
                Some(p) => format!("{}: {p}", s.name),
                None => s.name.clone(),
            },
            when: [s.rule.clone().unwrap_or_default(), s.date.clone()]
                .into_iter()
                .filter(|t| !t.is_empty())
                .collect::<Vec<_>>()
                .join(" · "),
            length: s.game_length,
            sides: s
                .sides
                .iter()
                .map(|side| {
                    let units: u32 = side.groups.iter().map(|g| g.unit_count()).sum();
                    let points: u32 = side.groups.iter().map(|g| g.stacking_points()).sum();
                    let units = counted(units, "unit", "units");
                    (
                        side.name.clone(),
                        format!("{units}, {points} stacking points"),
                    )
                })
                .collect(),
            victory: s
                .victory
                .iter()
                .map(|v| (v.printed.clone(), v.describe(enemy_of(s, &v.side), &name)))
                .collect(),
            special: s
                .special_rules
                .iter()
                .map(|r| (r.printed.clone(), r.effect.describe(&name)))
                .collect(),
            interpretations: s.interpretations.clone(),
            notes: s.notes.clone(),
            built_in_map: match map {
                Some((_, MapOrigin::BuiltIn(id))) => Some(id.clone()),
                _ => None,
            },
        })
    }
}

/// A Rifle & Saber scenario compiled, and whether its map is the terrain as played.
struct RsScenario {
    c: Compiled,
    as_played: bool,
}

impl ScenarioOutputs for RsScenario {
    fn id(&self) -> &str {
        &self.c.scenario.id
    }

    fn rules(&self) -> &'static Ruleset {
        self.c.rules
    }

    fn play(&mut self) -> Result<(), &'static str> {
        let c = &mut self.c;
        let cleared = Cleared::of(&c.scenario, &c.map, &c.resolved);
        c.map = Arc::new(EffectiveTerrain::for_scenario(&c.map, &cleared).played_map());
        self.as_played = true;
        Ok(())
    }

    fn export(&self) -> Result<Box<dyn ExportDocument>, Diagnostic> {
        let c = &self.c;
        let doc = export(c.rules, &c.scenario, &c.map, &c.resolved)?;
        Ok(Box::new(doc))
    }

    fn card_svg(&self) -> String {
        card_svg(&self.c)
    }

    fn drawing(self: Box<Self>) -> Drawing {
        let RsScenario { c, as_played } = *self;
        let mut title = match &c.scenario.rule {
            Some(r) => format!(
                "{} {}: {} ({})",
                r,
                c.scenario.name,
                c.scenario.portion.clone().unwrap_or_default(),
                c.scenario.date
            ),
            None => format!("{} ({})", c.scenario.name, c.scenario.date),
        };
        if as_played {
            title.push_str(", terrain as played");
        }
        Drawing {
            overlays: scenario_overlays(&c),
            map: Arc::unwrap_or_clone(c.map),
            title,
        }
    }

    fn tiled(&self) -> Option<Result<Vec<OutputFile>, RenderError>> {
        let c = &self.c;
        Some(export_scenario(c.rules, &c.scenario, &c.map, &c.resolved))
    }

    fn analysis(&self, given: &GivenAllowances) -> Analysis {
        let c = &self.c;
        analyse(
            &c.scenario,
            &c.map,
            &c.resolved,
            c.rules,
            given,
            c.searched.as_ref(),
        )
    }
}

impl ExportDocument for Export {
    fn schema_file(&self) -> &'static str {
        "export.schema.json"
    }

    fn schema_problems(&self) -> Vec<Diagnostic> {
        validate_export(&serde_json::to_value(self).expect("exports serialize"))
    }

    fn write(&self, w: &mut dyn std::io::Write) -> std::io::Result<()> {
        write_export(self, w)
    }
}
