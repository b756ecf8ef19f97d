//! "Pike & Shot (test)": a small invented game that lives only in the tests, to prove that a
//! game is one folder and one registration line (issue 40 §6). Its own movement classes (foot,
//! horse, guns), its own stacking (four points a hex: foot 2, horse 3, guns 1, "T4"), its own
//! chart in each map file (a cost per class or prohibited, sight), and its own numbering (hexes
//! from `0000`). Its files lower into the engine's one `Map`; the shared pipeline, queries and
//! drawing read it there.

use std::sync::Arc;

use saber_schema::check::cited;
use saber_schema::diagnostic::{Code, Diagnostic, PathSeg};
use saber_schema::model::analysis::{
    ANALYSIS_FORMAT, AnalysedScenario, Analysis, ClassReach, Cost, ForceRatio, Forces, GroupTarget,
    SideAnalysis, TargetAnalysis, TargetKind, TerrainAsPlayed,
};
use saber_schema::model::chart::{KindCost, KindRow, KindTerrain};
use saber_schema::model::hex::{Coord, Numbering};
use saber_schema::model::hex_set::HexSet;
use saber_schema::model::map::Map;
use saber_schema::output::game::{
    CompiledFor, Drawing, ExportDocument, GameOutputs, ScenarioOutputs, Summary,
};
use saber_schema::output::overlays::{OVERLAY_COLORS, Overlay};
use saber_schema::output::render::map_svg;
use saber_schema::output::skeleton::SkeletonError;
use saber_schema::pipeline::game::{
    Built, Compiled, GameFrontEnd, MapFound, Opened, model_ron_of, model_value_of,
};
use saber_schema::pipeline::map_load::{LoadedMap, Resolve};
use saber_schema::pipeline::parse::other_game::DocWords;
use saber_schema::pipeline::parse::{DocKind, parse_game_document};
use saber_schema::pipeline::read::Source;
use saber_schema::pipeline::schema::{GameSchema, validate_with};
use saber_schema::queries::movement::{Movement, Mp};
use saber_schema::queries::playable::GivenAllowances;
use saber_schema::queries::reach::CostTable;
use saber_schema::ruleset::{
    Game, Ratio, Ruleset, SightRule, StackWeight, Stacking, TerrainEffect, TurnWords,
};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// The game, by the id its files write.
pub const GAME: Game = Game::new("pike-and-shot-test");

/// Its movement classes, each a column of a map's chart.
pub const CLASSES: [&str; 3] = ["foot", "horse", "guns"];

/// What each class weighs in a hex (rule "T4": four points a hex).
const WEIGHTS: [u32; 3] = [2, 3, 1];

/// No chart row of the ruleset's own: each map brings its chart.
const ON_THE_MAP: TerrainEffect = TerrainEffect {
    name: "on each map's chart",
    movement_cost: None,
    movement_extra: None,
    defense: None,
    blocks_fire: false,
};

/// Its rules.
pub static RULES: Ruleset = Ruleset {
    game: GAME,
    name: "Pike & Shot (test)",
    stacking: Stacking::Points { limit: 4 },
    turn_record_track: 0,
    turn_words: TurnWords {
        turn: "turn",
        turns: "turns",
        player_turns: ["first player of each turn", "second player of each turn"],
    },
    units: &[],
    markers: &[],
    terrains: &[],
    slope_effect: ON_THE_MAP,
    ridge_effect: ON_THE_MAP,
    road_cost: Ratio::new(1, 1),
    one_hex_always: false,
    sight: SightRule {
        section: "T8",
        units_block: false,
        lower_units_do_not_block: false,
        along_hexside_needs_both: false,
    },
    feature_letters: &[],
    terrain_legend: &[],
    map_key: &[],
    citations: &[("STK001", "T4"), ("DEP009", "T7")],
    cites_the_registry: false,
    own_codes: &[],
    rule_texts: &[(
        "STK001",
        "\"No hex holds more than four points of units: foot 2, horse 3, guns 1\" (T4).",
    )],
    road_enters_from_off_map: false,
    max_map_side: Some(99),
    export_schema: "export.pike-and-shot-test.schema.json",
    type_prefix: "Ps",
};

/// Its maps' schema, validators made once.
static MAP_SCHEMA: GameSchema = GameSchema::new(|| FRONT_END.schema(DocKind::Map), &[]);

/// Its scenarios' schema, validators made once.
static SCENARIO_SCHEMA: GameSchema = GameSchema::new(|| FRONT_END.schema(DocKind::Scenario), &[]);

/// The game's front end.
pub struct PikeAndShot;

/// The one value registered.
pub static FRONT_END: PikeAndShot = PikeAndShot;

/// A map file (its `format` and `game` are held by its schema).
#[allow(dead_code)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PsMap {
    /// `saber-map/1`.
    pub format: String,
    /// The game's id.
    pub game: String,
    /// The map's id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Columns and rows.
    pub columns: u32,
    /// Rows.
    pub rows: u32,
    /// The chart: a kind, its cost per class (`None`: prohibited), whether it blocks sight.
    pub chart: Vec<PsRow>,
    /// The hexes not clear, by label.
    pub hexes: Vec<(String, String)>,
}

/// A chart row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PsRow {
    /// The kind's id.
    pub kind: String,
    /// Cost for foot, horse and guns (`None`: prohibited).
    pub costs: [Option<u32>; 3],
    /// Blocks sight.
    pub blocks_sight: bool,
}

/// A scenario file (its `format`, `game` and `id` are held by its schema).
#[allow(dead_code)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PsScenario {
    /// `saber-scenario/1`.
    pub format: String,
    /// The game's id.
    pub game: String,
    /// The scenario's id.
    pub id: String,
    /// Its map, by id or path.
    pub map: String,
    /// The units set up: (name, class, hex label).
    pub units: Vec<(String, String, String)>,
    /// A hex the units must reach and hold, by label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hold: Option<String>,
}

/// Hex labels of this game's maps: four digits from `0000`.
const NUMBERING: Numbering = Numbering::FourDigitsFrom {
    first_column: 0,
    first_row: 0,
};

impl PsMap {
    /// The map lowered into the engine's one `Map`: its grid and numbering, its chart and the
    /// kind of every hex as `Map::chart`.
    fn lower(&self) -> Result<Map, Vec<Diagnostic>> {
        let mut map = Map::blank(&self.id, &self.name, self.columns, self.rows);
        map.grid.numbering = NUMBERING;
        map.game = Some(GAME);
        let rows: Vec<KindRow> = self
            .chart
            .iter()
            .map(|r| KindRow {
                id: r.kind.clone(),
                on_hexside: false,
                costs: r
                    .costs
                    .iter()
                    .map(|c| Some(c.map_or(KindCost::Prohibited, KindCost::Enter)))
                    .collect(),
                blocks_sight: r.blocks_sight,
                defence: None,
                // The kind, then its costs by class (the key's lines, `KindRow::key`).
                key: vec![
                    r.kind.clone(),
                    format!(
                        "foot {}, horse {}, guns {}",
                        shown(r.costs[0]),
                        shown(r.costs[1]),
                        shown(r.costs[2])
                    ),
                ],
            })
            .collect();
        let mut cells = vec![Vec::new(); map.grid.len()];
        let mut problems = Vec::new();
        for (i, (label, kind)) in self.hexes.iter().enumerate() {
            let at = map
                .grid
                .parse_label(label)
                .ok()
                .filter(|c| map.grid.contains(*c));
            let row = self.chart.iter().position(|r| &r.kind == kind);
            match (at.and_then(|c| map.grid.index(c)), row) {
                (Some(i), Some(row)) => cells[i].push(row),
                (None, _) => problems.push(
                    Diagnostic::new(Code::OffMap, format!("`{label}` is not a hex of this map"))
                        .at_path(vec![PathSeg::Key("hexes".into()), PathSeg::Index(i)]),
                ),
                (_, None) => problems.push(
                    Diagnostic::new(
                        Code::MapTerrainShape,
                        format!("`{kind}` is not on the chart"),
                    )
                    .at_path(vec![PathSeg::Key("hexes".into()), PathSeg::Index(i)]),
                ),
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        map.chart = Some(Arc::new(KindTerrain {
            classes: CLASSES.iter().map(|c| c.to_string()).collect(),
            rows,
            plain_cost: 1,
            cells,
            hexsides: Default::default(),
            mixes: Vec::new(),
        }));
        Ok(map)
    }
}

/// A cost as the key prints it.
fn shown(c: Option<u32>) -> String {
    c.map_or("prohibited".to_string(), |n| format!("{n} MP"))
}

impl GameFrontEnd for PikeAndShot {
    fn rules(&self) -> &'static Ruleset {
        &RULES
    }

    fn schema(&self, kind: DocKind) -> Value {
        let label = json!({"type": "string", "pattern": "^[0-9]{4}$"});
        match kind {
            DocKind::Map => json!({
                "title": "Pike & Shot (test) map",
                "type": "object",
                "additionalProperties": false,
                "required": ["format", "game", "id", "name", "columns", "rows", "chart", "hexes"],
                "properties": {
                    "format": {"const": "saber-map/1"},
                    "game": {"const": GAME.id()},
                    "id": {"type": "string", "minLength": 1},
                    "name": {"type": "string"},
                    "columns": {"type": "integer", "minimum": 1, "maximum": 99},
                    "rows": {"type": "integer", "minimum": 1, "maximum": 99},
                    "chart": {"type": "array", "items": {
                        "type": "object",
                        "additionalProperties": false,
                        "required": ["kind", "costs", "blocks_sight"],
                        "properties": {
                            "kind": {"type": "string", "minLength": 1},
                            "costs": {"type": "array", "minItems": 3, "maxItems": 3,
                                "items": {"type": ["integer", "null"], "minimum": 1}},
                            "blocks_sight": {"type": "boolean"}
                        }
                    }},
                    "hexes": {"type": "array", "items": {
                        "type": "array", "minItems": 2, "maxItems": 2,
                        "prefixItems": [label, {"type": "string"}]
                    }}
                }
            }),
            _ => json!({
                "title": "Pike & Shot (test) scenario",
                "type": "object",
                "additionalProperties": false,
                "required": ["format", "game", "id", "map", "units"],
                "properties": {
                    "format": {"const": "saber-scenario/1"},
                    "game": {"const": GAME.id()},
                    "id": {"type": "string", "minLength": 1},
                    "map": {"type": "string", "minLength": 1},
                    "units": {"type": "array", "items": {
                        "type": "array", "minItems": 3, "maxItems": 3,
                        "prefixItems": [{"type": "string"}, {"enum": CLASSES}, label]
                    }},
                    "hold": label
                }
            }),
        }
    }

    fn load_map(&self, src: &Source, words: &[&DocWords]) -> (Option<LoadedMap>, Vec<Diagnostic>) {
        let (file, written) = match parse_game_document::<PsMap>(src, DocKind::Map, GAME, words) {
            Ok(f) => f,
            Err(d) => return (None, d),
        };
        let schema = MAP_SCHEMA.validate(&written);
        if !schema.is_empty() {
            return (None, schema);
        }
        match file.lower() {
            Ok(map) => (Some(LoadedMap::engine_only(map)), Vec::new()),
            Err(d) => (None, d),
        }
    }

    fn open(&self, src: &Source, kind: DocKind, maps: &dyn Resolve) -> Opened {
        match kind {
            DocKind::Map => {
                let (map, diags) = self.load_map(src, &maps.words(DocKind::Map));
                Opened {
                    diags,
                    map_id: map.as_ref().map(|m| m.map.id.clone()),
                    built: map.map_or(Built::Nothing, |m| Built::Map(m.map)),
                    map_used: None,
                }
            }
            _ => {
                let (compiled, diags, found) = compile(src, maps);
                Opened {
                    diags,
                    built: compiled.map_or(Built::Nothing, |(s, _)| Built::Own(Arc::new(s))),
                    map_id: None,
                    map_used: found.map(|(o, _)| o),
                }
            }
        }
    }

    fn compile_scenario(
        &self,
        src: &Source,
        maps: &dyn Resolve,
    ) -> (Option<Compiled>, Vec<Diagnostic>, Option<MapFound>) {
        let (_, diags, found) = compile(src, maps);
        (None, diags, found)
    }

    fn model_value(&self, src: &Source, kind: DocKind) -> Result<Value, Diagnostic> {
        match kind {
            DocKind::Map => model_value_of::<PsMap>(src),
            _ => model_value_of::<PsScenario>(src),
        }
    }

    fn model_ron(&self, value: Value, kind: DocKind) -> Result<String, Diagnostic> {
        match kind {
            DocKind::Map => model_ron_of::<PsMap>(value),
            _ => model_ron_of::<PsScenario>(value),
        }
    }

    fn check_export(&self, _: &Source) -> Vec<Diagnostic> {
        Vec::new()
    }
}

/// A scenario read, held to its schema, its map resolved and its set-up checked: the scenario
/// and its map when both could be read, the findings, the map found.
fn compile(
    src: &Source,
    maps: &dyn Resolve,
) -> (Option<(PsScenario, Map)>, Vec<Diagnostic>, Option<MapFound>) {
    let words = maps.words(DocKind::Scenario);
    let (scenario, written) =
        match parse_game_document::<PsScenario>(src, DocKind::Scenario, GAME, &words) {
            Ok(s) => s,
            Err(d) => return (None, d, None),
        };
    let schema = SCENARIO_SCHEMA.validate(&written);
    if !schema.is_empty() {
        return (None, schema, None);
    }
    let found = match maps.resolve(&scenario.map, &src.path) {
        Ok(f) => f,
        Err(d) => return (None, vec![d], None),
    };
    let diags = cited(&RULES, check_scenario(&scenario, &found.map));
    let map = std::sync::Arc::unwrap_or_clone(found.map);
    (
        Some((scenario, map)),
        diags,
        Some((found.origin, found.notes)),
    )
}

/// The game's own checks of a set-up, on the engine's map: no unit in a hex its class's column
/// of the map's chart prohibits (T7, asked of the shared `KindTerrain::hex_cost`), and no hex
/// over the stacking limit (T4, asked of the shared `Stacking::over_stacked`).
fn check_scenario(scenario: &PsScenario, map: &Map) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    let Some(chart) = &map.chart else {
        return diags;
    };
    if let Some(label) = &scenario.hold
        && !map
            .grid
            .parse_label(label)
            .is_ok_and(|c| map.grid.contains(c))
    {
        diags.push(
            Diagnostic::new(Code::OffMap, format!("`{label}` is not a hex of the map"))
                .at_path(vec![PathSeg::Key("hold".into())]),
        );
    }
    let mut stacks: Vec<(Coord, Vec<usize>)> = Vec::new();
    for (i, (name, class, label)) in scenario.units.iter().enumerate() {
        let here = vec![
            PathSeg::Key("units".into()),
            PathSeg::Index(i),
            PathSeg::Index(2),
        ];
        let (Ok(at), Some(class)) = (map.grid.parse_label(label), chart.class(class)) else {
            diags.push(
                Diagnostic::new(Code::OffMap, format!("`{label}` is not a hex of the map"))
                    .at_path(here),
            );
            continue;
        };
        if chart.hex_cost(&map.grid, class, at).is_none() {
            diags.push(
                Diagnostic::new(
                    Code::SetupOnRiver,
                    format!(
                        "{name} ({}) sets up in {label}, which the map's chart prohibits to {}",
                        CLASSES[class], CLASSES[class]
                    ),
                )
                .at_path(here.clone())
                .with_hex(label.clone()),
            );
        }
        match stacks.iter_mut().find(|(c, _)| *c == at) {
            Some((_, classes)) => classes.push(class),
            None => stacks.push((at, vec![class])),
        }
    }
    for (at, classes) in stacks {
        let weights = classes
            .iter()
            .map(|c| (StackWeight::Points(WEIGHTS[*c]), 1));
        if RULES.stacking.over_stacked(weights) {
            let points: u32 = classes.iter().map(|c| WEIGHTS[*c]).sum();
            diags.push(
                Diagnostic::new(
                    Code::OverStacked,
                    format!(
                        "{} holds {points} points of units; a hex holds at most 4",
                        map.grid.label(at)
                    ),
                )
                .at_path(vec![PathSeg::Key("units".into())])
                .with_hex(map.grid.label(at)),
            );
        }
    }
    diags
}

/// The game's outputs, registered with its front end by one call.
pub struct PikeAndShotOutputs;

/// The one value registered.
pub static OUTPUTS: PikeAndShotOutputs = PikeAndShotOutputs;

impl GameOutputs for PikeAndShotOutputs {
    fn front_end(&self) -> &'static dyn GameFrontEnd {
        &FRONT_END
    }

    fn compile(&self, src: &Source, maps: &dyn Resolve) -> CompiledFor {
        let (compiled, diags, found) = compile(src, maps);
        CompiledFor {
            compiled: compiled.map(|(scenario, map)| {
                Box::new(PsCompiled { scenario, map }) as Box<dyn ScenarioOutputs>
            }),
            diags,
            map_used: found.map(|(origin, _)| origin),
        }
    }

    fn map_skeleton(&self, width: u32, height: u32, id: &str) -> Result<String, SkeletonError> {
        if width == 0 || height == 0 || width > 99 || height > 99 {
            return Err(SkeletonError::GameMapSize {
                game: RULES.name,
                max: 99,
                why: "its hexes have four-digit numbers from 0000",
                width,
                height,
            });
        }
        Ok(format!(
            "// A new {} map, made by `saberc new map`: fill in its chart and hexes.\n(\n    format: \"saber-map/1\",\n    game: \"{}\",\n    id: \"{id}\",\n    name: \"\",\n    columns: {width},\n    rows: {height},\n    // (kind: \"marsh\", costs: (Some(3), None, Some(4)), blocks_sight: false): foot, horse, guns.\n    chart: [],\n    // (\"0102\", \"marsh\"): a hex and its kind.\n    hexes: [],\n)\n",
            RULES.name,
            GAME.id()
        ))
    }

    fn scenario_skeleton(&self, map: &LoadedMap, reference: &str, id: &str) -> Option<String> {
        (map.map.game == Some(GAME)).then(|| {
            format!(
                "// A new {} scenario on `{}` ({} × {} hexes, {} to {}), made by `saberc new scenario`.\n(\n    format: \"saber-scenario/1\",\n    game: \"{}\",\n    id: \"{id}\",\n    map: \"{reference}\",\n    // (\"Pikes\", \"foot\", \"0000\"): a name, its class (foot, horse, guns) and its hex.\n    units: [],\n)\n",
                RULES.name,
                map.map.name,
                map.map.grid.width,
                map.map.grid.height,
                map.map.grid.label(Coord(1, 1)),
                map.map.grid.label(Coord(map.map.grid.width as i32, map.map.grid.height as i32)),
                GAME.id()
            )
        })
    }

    fn map_as_it_stands(&self, src: &Source) -> Option<LoadedMap> {
        let file: PsMap = saber_schema::pipeline::parse::parse(src).ok()?;
        file.lower().ok().map(LoadedMap::engine_only)
    }

    fn summary(&self, built: &Built) -> Option<Summary> {
        let s: &PsScenario = built.own()?;
        let points: u32 = s
            .units
            .iter()
            .filter_map(|(_, c, _)| CLASSES.iter().position(|k| k == c))
            .map(|i| WEIGHTS[i])
            .sum();
        Some(Summary {
            game: RULES.name,
            title: s.id.clone(),
            when: String::new(),
            length: 1,
            sides: vec![(
                "Units".into(),
                format!("{} units, {points} points", s.units.len()),
            )],
            victory: s
                .hold
                .iter()
                .map(|h| (format!("Hold {h}."), format!("hold {h}")))
                .collect(),
            special: Vec::new(),
            interpretations: Vec::new(),
            notes: String::new(),
            built_in_map: None,
        })
    }
}

/// A scenario compiled on its map.
struct PsCompiled {
    scenario: PsScenario,
    map: Map,
}

impl PsCompiled {
    /// Each class's units as an overlay: their hexes, and each unit as a counter.
    fn overlays(&self) -> Vec<Overlay> {
        CLASSES
            .iter()
            .enumerate()
            .filter_map(|(i, class)| {
                let units: Vec<(Coord, String)> = self
                    .scenario
                    .units
                    .iter()
                    .filter(|(_, c, _)| c == class)
                    .filter_map(|(name, _, at)| {
                        Some((self.map.grid.parse_label(at).ok()?, name.clone()))
                    })
                    .collect();
                (!units.is_empty()).then(|| Overlay {
                    name: format!("{class} set-up"),
                    color: OVERLAY_COLORS[i],
                    hexes: units.iter().map(|(c, _)| *c).collect(),
                    note: None,
                    counters: units,
                })
            })
            .collect()
    }

    /// The hexes of each class's units.
    fn starts(&self, class: &str) -> Vec<Coord> {
        self.scenario
            .units
            .iter()
            .filter(|(_, c, _)| c == class)
            .filter_map(|(_, _, at)| self.map.grid.parse_label(at).ok())
            .collect()
    }
}

impl ScenarioOutputs for PsCompiled {
    fn id(&self) -> &str {
        &self.scenario.id
    }

    fn rules(&self) -> &'static Ruleset {
        &RULES
    }

    fn play(&mut self) -> Result<(), &'static str> {
        Err(
            "a Pike & Shot (test) scenario has no special rules to change its terrain: drop --as-played",
        )
    }

    fn export(&self) -> Result<Box<dyn ExportDocument>, Diagnostic> {
        let grid = self.map.grid;
        Ok(Box::new(PsExport {
            format: EXPORT_FORMAT.into(),
            game: GAME.id().into(),
            scenario: self.scenario.id.clone(),
            map: self.map.id.clone(),
            columns: grid.width,
            rows: grid.height,
            classes: CLASSES.iter().map(|c| c.to_string()).collect(),
            units: self
                .scenario
                .units
                .iter()
                .map(|(name, class, at)| {
                    let c = grid.parse_label(at).unwrap_or(Coord(0, 0));
                    PsExportUnit {
                        name: name.clone(),
                        class: class.clone(),
                        hex: at.clone(),
                        at: [c.col(), c.row()],
                    }
                })
                .collect(),
        }))
    }

    fn card_svg(&self) -> String {
        let title = format!(
            "{} · {} card of `{}`",
            self.scenario.id, RULES.name, self.scenario.id
        );
        map_svg(&self.map, &RULES, &self.overlays(), &title)
    }

    fn drawing(self: Box<Self>) -> Drawing {
        let overlays = self.overlays();
        Drawing {
            title: format!("{} on {}", self.scenario.id, self.map.name),
            map: self.map,
            overlays,
        }
    }

    fn analysis(&self, _given: &GivenAllowances) -> Analysis {
        let grid = self.map.grid;
        let chart = self.map.chart.as_deref().expect("its maps bring a chart");
        let hold = self
            .scenario
            .hold
            .as_deref()
            .and_then(|l| grid.parse_label(l).ok());
        let labels = |path: &[Coord]| path.iter().map(|c| grid.label(*c)).collect::<Vec<_>>();
        let cost = |mp: Mp| Cost {
            thirds: Some(mp.in_thirds()),
            halves: None,
            text: mp.to_string(),
        };
        // Per class, the least cost from its units' hexes to the place to hold, searched by
        // the shared movement tables on the map's own chart.
        let mut groups = Vec::new();
        let mut by_class = Vec::new();
        if let Some(hold) = hold {
            let mut target = HexSet::empty(grid);
            target.insert(hold);
            for class in CLASSES {
                let starts = self.starts(class);
                let Some(ci) = chart.class(class).filter(|_| !starts.is_empty()) else {
                    continue;
                };
                let movement = Movement::new(&self.map, &RULES).with_class(ci);
                let table = CostTable::new(&movement);
                let starts: Vec<(Coord, Mp)> = starts.into_iter().map(|c| (c, Mp::ZERO)).collect();
                let field = table.field(&starts);
                let best = field.best_in(&target);
                groups.push(GroupTarget {
                    group: class.to_string(),
                    class: Some(class.to_string()),
                    first_turn: 1,
                    least_cost: best.map(|(_, mp)| cost(mp)),
                    path: best
                        .and_then(|(hex, _)| field.path_to(hex))
                        .map(|p| labels(&p))
                        .unwrap_or_default(),
                    arrival: None,
                    allowance_unknown: Vec::new(),
                });
                by_class.push(ClassReach {
                    class: class.to_string(),
                    least_cost: best.map(|(_, mp)| cost(mp)),
                    least_phases: None,
                    earliest_turn: None,
                    counter: None,
                });
            }
        }
        let least = groups
            .iter()
            .filter_map(|g| g.least_cost.clone())
            .min_by_key(|c| c.thirds);
        let targets = hold
            .map(|h| TargetAnalysis {
                victory: 0,
                goal: format!("hold {}", grid.label(h)),
                kind: TargetKind::Hold,
                hexes: 1,
                deadline: 1,
                least_cost: least,
                least_phases: None,
                earliest_turn: None,
                groups,
                by_class: Some(by_class),
            })
            .into_iter()
            .collect();
        let units = self.scenario.units.len() as u32;
        let guns = self.starts("guns").len() as u32;
        let points: u32 = self
            .scenario
            .units
            .iter()
            .filter_map(|(_, c, _)| CLASSES.iter().position(|k| k == c))
            .map(|i| WEIGHTS[i])
            .sum();
        Analysis {
            format: ANALYSIS_FORMAT.into(),
            game: Some(GAME.id().into()),
            scenario: AnalysedScenario {
                id: self.scenario.id.clone(),
                rule: None,
                name: self.scenario.id.clone(),
                map: self.map.id.clone(),
                game_length: 1,
                moves_first: "units".into(),
            },
            terrain_as_played: TerrainAsPlayed {
                cleared: Vec::new(),
                cover_cleared: Vec::new(),
            },
            sides: vec![SideAnalysis {
                id: "units".into(),
                name: "Units".into(),
                player_turn: 1,
                first_free_turn: 1,
                forces: Forces {
                    units,
                    guns,
                    stacking_points: Some(points),
                    steps: None,
                    leaders: None,
                },
                groups: Vec::new(),
                targets,
                zone_in_sight_of_enemy_zone: None,
            }],
            // One side, against no enemy.
            ratio: ForceRatio {
                stacking_points: Some(format!("{points}:0")),
                steps: None,
                units: format!("{units}:0"),
                guns: format!("{guns}:0"),
                printed: None,
            },
            objectives_in_sight: Vec::new(),
        }
    }
}

/// The `format` of its engine export.
pub const EXPORT_FORMAT: &str = "pike-and-shot-export/1";

/// Its engine export: the scenario's units on its map, each hex as printed and as a grid pair.
#[derive(Debug, Serialize)]
struct PsExport {
    format: String,
    game: String,
    scenario: String,
    map: String,
    columns: u32,
    rows: u32,
    classes: Vec<String>,
    units: Vec<PsExportUnit>,
}

/// A unit of the export.
#[derive(Debug, Serialize)]
struct PsExportUnit {
    name: String,
    class: String,
    hex: String,
    at: [i32; 2],
}

/// The export's JSON Schema.
pub fn export_schema() -> Value {
    json!({
        "title": "Pike & Shot (test) engine export",
        "type": "object",
        "additionalProperties": false,
        "required": ["format", "game", "scenario", "map", "columns", "rows", "classes", "units"],
        "properties": {
            "format": {"const": EXPORT_FORMAT},
            "game": {"const": GAME.id()},
            "scenario": {"type": "string", "minLength": 1},
            "map": {"type": "string", "minLength": 1},
            "columns": {"type": "integer", "minimum": 1},
            "rows": {"type": "integer", "minimum": 1},
            "classes": {"type": "array", "items": {"enum": CLASSES}},
            "units": {"type": "array", "items": {
                "type": "object",
                "additionalProperties": false,
                "required": ["name", "class", "hex", "at"],
                "properties": {
                    "name": {"type": "string"},
                    "class": {"enum": CLASSES},
                    "hex": {"type": "string", "pattern": "^[0-9]{4}$"},
                    "at": {"type": "array", "minItems": 2, "maxItems": 2,
                        "items": {"type": "integer", "minimum": 1}}
                }
            }}
        }
    })
}

impl ExportDocument for PsExport {
    fn schema_file(&self) -> &'static str {
        RULES.export_schema
    }

    fn schema_problems(&self) -> Vec<Diagnostic> {
        let value = serde_json::to_value(self).expect("the export serializes");
        validate_with(&export_schema(), &value)
    }

    fn write(&self, w: &mut dyn std::io::Write) -> std::io::Result<()> {
        serde_json::to_writer_pretty(&mut *w, self).map_err(std::io::Error::other)?;
        w.write_all(b"\n")
    }
}

/// The tests' map (the editor's tests' too): six columns, five rows, numbered from 0000; a
/// marsh horse may not enter, a wood.
pub const TOY_MAP: &str = r#"(
    format: "saber-map/1",
    game: "pike-and-shot-test",
    id: "toy-field",
    name: "Toy field",
    columns: 6,
    rows: 5,
    chart: [
        (kind: "marsh", costs: (Some(3), None, Some(4)), blocks_sight: false),
        (kind: "wood", costs: (Some(2), Some(3), None), blocks_sight: true),
    ],
    hexes: [("0102", "marsh"), ("0302", "wood")],
)
"#;

/// A scenario on it, with `units` as given.
pub fn toy_scenario(units: &str) -> String {
    format!(
        "(\n    format: \"saber-scenario/1\",\n    game: \"pike-and-shot-test\",\n    id: \"toy-fight\",\n    map: \"toy-field.ron\",\n    units: [{units}],\n)\n"
    )
}
