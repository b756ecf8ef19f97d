//! The game's fixed data: unit types, markers, stacking points, shock strengths, the printed
//! values the rules state (with the section they come from), and the Terrain Effects Chart (9.2).
//!
//! Values the rules do not state are `None`: we never invent printed counter values. A scenario
//! may supply them from the user's own counter sheet (`counter_values`), marked with a source.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// An enum whose variants are listed once: the enum, `ALL` (every variant, in order) and `code`
/// (a variant's name, as files write it), each documented by the words given after the enum.
macro_rules! coded_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident { $($(#[$vmeta:meta])* $variant:ident,)+ }
        all: $all:literal, code: $code:literal
    ) => {
        $(#[$meta])*
        pub enum $name { $($(#[$vmeta])* $variant,)+ }

        impl $name {
            #[doc = $all]
            pub const ALL: [$name; [$(stringify!($variant)),+].len()] = [$($name::$variant),+];

            #[doc = $code]
            pub fn code(self) -> &'static str {
                match self {
                    $($name::$variant => stringify!($variant)),+
                }
            }
        }
    };
}

pub mod combat;
mod game;
mod map_legend;
pub mod musket_and_saber;
mod stacking;

pub(crate) use game::register;
pub use game::{Game, for_game, rules_without_game, rulesets};
use map_legend::TERRAIN_LEGEND;
pub use map_legend::{
    FEATURE_PATTERN, FeatureLetter, MAX_FEATURE_NUMBER, TERRAIN_ROW_PATTERN, is_feature_code,
};
use musket_and_saber::MUSKET_AND_SABER_QUICK_PLAY;
pub use stacking::{StackWeight, Stacking};

coded_enum! {
    /// The ten unit types of the Unit Identification Chart (2.31).
    #[derive(
        Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord,
        Serialize, Deserialize, JsonSchema,
    )]
    pub enum UnitKind {
        /// Muzzle-loading infantry.
        MZ,
        /// Early breech-loading infantry.
        EB,
        /// Late breech-loading infantry.
        LB,
        /// Cavalry.
        CY,
        /// Mounted rifles.
        MR,
        /// Machine gun.
        MG,
        /// Muzzle-loading artillery.
        MA,
        /// Muzzle-loading horse artillery.
        MAh,
        /// Breech-loading artillery.
        BA,
        /// Breech-loading horse artillery.
        BAh,
    }
    all: "All ten unit types in the order of the Unit Identification Chart.",
    code: "The type code as printed (`\"MAh\"`)."
}

coded_enum! {
    /// Markers a scenario can allot (10.2, 10.3, 4J and the Limber counters of 11.17).
    #[derive(
        Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord,
        Serialize, Deserialize, JsonSchema,
    )]
    pub enum MarkerKind {
        /// Trench marker (10.3).
        Trench,
        /// Improved Position marker (10.2).
        IP,
        /// Limber marker (4J); in 11.17 also a counter of its own.
        Limber,
    }
    all: "All markers.",
    code: "The code used in files and exports."
}

/// The broad arm of a unit type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum Arm {
    Infantry,
    Cavalry,
    MachineGun,
    Artillery,
}

/// A value printed on a counter, with the rule section that states it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Printed {
    /// The value.
    pub value: u32,
    /// Where it comes from: a rule section (`"5.1 example"`) or the user's own counter sheet.
    pub source: String,
}

/// Everything the rules say about one unit type.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct UnitProfile {
    /// Type code (`MZ`).
    pub kind: UnitKind,
    /// Name from the Unit Identification Chart (2.31).
    pub name: &'static str,
    /// Broad arm.
    pub arm: Arm,
    /// Stacking points (7.0A): guns 3, others 2.
    pub stacking_points: u32,
    /// Shock combat strength (5.2): guns 0, others 1.
    pub shock_strength: u32,
    /// Fire attack strength, where the rules state it.
    pub fire_attack: Option<Printed>,
    /// Fire defense strength, where the rules state it.
    pub fire_defense: Option<Printed>,
    /// Movement allowance, where the rules state it.
    pub movement: Option<Printed>,
    /// Range allowance, where the rules state it.
    pub range: Option<Printed>,
}

impl UnitKind {
    /// Parse a type code, exactly as printed.
    pub fn from_code(code: &str) -> Option<UnitKind> {
        UnitKind::ALL.into_iter().find(|k| k.code() == code)
    }

    /// Artillery and machine guns: "gun units" (5.1H), 3 stacking points (7.0A).
    pub fn is_gun(self) -> bool {
        matches!(self.arm(), Arm::Artillery | Arm::MachineGun)
    }

    /// Cavalry or mounted rifles.
    pub fn is_mounted(self) -> bool {
        matches!(self, UnitKind::CY | UnitKind::MR)
    }

    /// The broad arm.
    pub fn arm(self) -> Arm {
        match self {
            UnitKind::MZ | UnitKind::EB | UnitKind::LB => Arm::Infantry,
            UnitKind::CY | UnitKind::MR => Arm::Cavalry,
            UnitKind::MG => Arm::MachineGun,
            UnitKind::MA | UnitKind::MAh | UnitKind::BA | UnitKind::BAh => Arm::Artillery,
        }
    }

    /// Stacking points (7.0A).
    pub fn stacking_points(self) -> u32 {
        if self.is_gun() { 3 } else { 2 }
    }

    /// Shock combat strength (5.2): "Artillery and Machine Gun units have a Shock Combat
    /// Strength of zero. All other units have a Shock Combat Strength of one."
    pub fn shock_strength(self) -> u32 {
        if self.is_gun() { 0 } else { 1 }
    }

    /// The full profile, with the printed values the rules state.
    pub fn profile(self) -> UnitProfile {
        let stated = |value, source: &str| {
            Some(Printed {
                value,
                source: source.to_string(),
            })
        };
        let (fire_attack, fire_defense) = match self {
            // 5.1 example (with the errata's correction of "HZ" to MZ).
            UnitKind::MZ => (
                stated(3, "5.1 example, errata 5.1"),
                stated(2, "5.1 example"),
            ),
            UnitKind::MR => (stated(4, "5.1 example"), None),
            UnitKind::LB => (stated(9, "10.4 example"), None),
            _ => (None, None),
        };
        UnitProfile {
            kind: self,
            name: self.name(),
            arm: self.arm(),
            stacking_points: self.stacking_points(),
            shock_strength: self.shock_strength(),
            fire_attack,
            fire_defense,
            movement: None,
            range: None,
        }
    }

    /// The unit types a spelling other than the code may mean: the rules' own abbreviations
    /// (11.18 prints "12 Mz units and 2 MzA units"), the names of the Unit Identification Chart
    /// (`Cavalry`), and the arms (`Infantry` is any of the three infantry types). Case, spaces,
    /// hyphens and a plural `s` are ignored. For did-you-mean hints; files use the codes.
    pub fn from_spelling(spelling: &str) -> Vec<UnitKind> {
        let norm = |t: &str| -> String {
            let t: String = t
                .chars()
                .filter(char::is_ascii_alphanumeric)
                .map(|c| c.to_ascii_lowercase())
                .collect();
            match t.strip_suffix('s') {
                Some(stem) if stem.len() > 3 => stem.to_string(),
                _ => t,
            }
        };
        let wanted = norm(spelling);
        // 11.18's abbreviations for muzzle-loading infantry and artillery.
        const PRINTED: [(&str, UnitKind); 2] = [("mz", UnitKind::MZ), ("mza", UnitKind::MA)];
        if let Some((_, k)) = PRINTED.iter().find(|(p, _)| *p == wanted) {
            return vec![*k];
        }
        let by_name: Vec<UnitKind> = UnitKind::ALL
            .into_iter()
            .filter(|k| norm(k.name()) == wanted)
            .collect();
        if !by_name.is_empty() {
            return by_name;
        }
        UnitKind::ALL
            .into_iter()
            .filter(|k| match wanted.as_str() {
                "infantry" => k.arm() == Arm::Infantry,
                "artillery" | "gun" => k.arm() == Arm::Artillery,
                // `HA`, the common abbreviation: muzzle- or breech-loading (MAh, BAh).
                "horseartillery" | "ha" | "horsegun" => matches!(k, UnitKind::MAh | UnitKind::BAh),
                "mountedrifle" | "mountedinfantry" => *k == UnitKind::MR,
                _ => false,
            })
            .collect()
    }

    /// Name from the Unit Identification Chart (2.31).
    pub fn name(self) -> &'static str {
        match self {
            UnitKind::MZ => "Muzzle-Loading Infantry",
            UnitKind::EB => "Early Breech-Loading Infantry",
            UnitKind::LB => "Late Breech-Loading Infantry",
            UnitKind::CY => "Cavalry",
            UnitKind::MR => "Mounted Rifles",
            UnitKind::MG => "Machine Gun",
            UnitKind::MA => "Muzzle-Loading Artillery",
            UnitKind::MAh => "Muzzle-Loading Horse Artillery",
            UnitKind::BA => "Breech-Loading Artillery",
            UnitKind::BAh => "Breech-Loading Horse Artillery",
        }
    }
}

impl MarkerKind {
    /// Markers have no stacking points (7.0A).
    pub fn stacking_points(self) -> u32 {
        0
    }

    /// The section that defines the marker.
    pub fn rule(self) -> &'static str {
        match self {
            MarkerKind::Trench => "10.3",
            MarkerKind::IP => "10.2",
            MarkerKind::Limber => "4J",
        }
    }
}

/// How a game's rules name its turns (R&S 3.0's "Game-Turn" and "Player-Turn"; M&S 3.3's
/// "game turn", "First Player" and "Second Player"), for text written to people.
#[derive(Debug, PartialEq, Eq)]
pub struct TurnWords {
    /// One turn of the game.
    pub turn: &'static str,
    /// Turns of the game, a number of them.
    pub turns: &'static str,
    /// The first and the second player's part of each turn.
    pub player_turns: [&'static str; 2],
}

impl TurnWords {
    /// The part of each turn of the player who moves `n`th (1 or 2).
    pub fn player_turn(&self, n: u32) -> String {
        match n {
            1 | 2 => self.player_turns[n as usize - 1].to_string(),
            _ => format!("player {n} of each {}", self.turn),
        }
    }
}

/// Everything specific to one game, behind one value per game: the checks, zones, queries,
/// outputs and the editor receive the ruleset of the document they work on (from
/// [`for_game`], the one place that maps a file's `game` to its rules) and ask it rather than
/// naming the game's numbers themselves.
#[derive(Debug, PartialEq, Eq)]
pub struct Ruleset {
    /// The game these are the rules of.
    pub game: Game,
    /// The game's name.
    pub name: &'static str,
    /// How many units one hex holds (R&S 7.0).
    pub stacking: Stacking,
    /// Spaces on the Turn Record Track (R&S 15.0): the longest game, and the last Game-Turn a
    /// scenario may name. 0 for a game whose track is printed on each game's map (M&S 3.3).
    pub turn_record_track: u32,
    /// How the rules name a turn and each player's part of it, in text written to people.
    pub turn_words: TurnWords,
    /// The unit types of the Unit Identification Chart (2.31).
    pub units: &'static [UnitKind],
    /// The markers a scenario can allot.
    pub markers: &'static [MarkerKind],
    /// The hex terrains of the Terrain Effects Chart (9.2).
    pub terrains: &'static [Terrain],
    /// The slope row of the Terrain Effects Chart (9.2), for slope hexes.
    pub slope_effect: TerrainEffect,
    /// The ridge hexside row of the Terrain Effects Chart (9.2).
    pub ridge_effect: TerrainEffect,
    /// Road movement rate (4M, 9.2): MP per road hex entered through a road hexside.
    pub road_cost: Ratio,
    /// May a unit always move one hex, even lacking the points to enter it (M&S 4.3)? Rifle &
    /// Saber has no such rule (4H: a hex is entered only with the points for it).
    pub one_hex_always: bool,
    /// Line of sight (R&S 5.1G).
    pub sight: SightRule,
    /// The letters of numbered features (11.0).
    pub feature_letters: &'static [FeatureLetter],
    /// The terrain legend of map files: (character, terrain, slope).
    pub terrain_legend: &'static [(char, Terrain, bool)],
    /// The map key printed beside a drawn map and on the card, in the order printed: what each
    /// kind of terrain, hexside, road and feature costs and does, from the chart.
    pub map_key: &'static [KeyRow],
    /// The rule section each diagnostic code cites for this game's files, by code string
    /// (`("STK001", "5.0")`). Rifle & Saber's sections are the registry's own (this list is
    /// empty); a code another game does not list cites no section.
    pub citations: &'static [(&'static str, &'static str)],
    /// Do this game's files cite the registry's sections (Rifle & Saber's) for every code
    /// (then `citations` is empty)? Otherwise a code cites what `citations` lists, or nothing.
    pub cites_the_registry: bool,
    /// The codes only this game's files get, whose registry rows cite this game's sections.
    pub own_codes: &'static [&'static str],
    /// What shared codes mean in this game's files, in its own rules' words, by code (a code
    /// not listed: the registry's explanation).
    pub rule_texts: &'static [(&'static str, &'static str)],
    /// Is a map-edge hex where a road leaves the map entered along the road (R&S 4M's reading,
    /// [`crate::queries::readings::Ambiguity::RoadOffMap`])? Otherwise at its terrain.
    pub road_enters_from_off_map: bool,
    /// The most columns or rows a map of the game has, where its hex numbers bound them (M&S
    /// 2.2's four digits); `None`: the map files' own limit.
    pub max_map_side: Option<u32>,
    /// The file name of the JSON Schema of the game's engine export (`saberc schema -o DIR`
    /// writes it), which an export found among the source files is said to be held to.
    pub export_schema: &'static str,
    /// The prefix the game's code gives the types its documents are read into (Musket & Saber's
    /// `Ms`), which messages leave out: a designer's file names no type.
    pub type_prefix: &'static str,
}

/// Where a diagnostic's rule section comes from in a game's files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Citation {
    /// The registry's row (Rifle & Saber's sections), or the one of them a case cites.
    Registry,
    /// The game's own section; none if the game's rules have no section for the code.
    Own(Option<&'static str>),
}

/// Line of sight rules (R&S 5.1G).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SightRule {
    /// The section of the game's rules that states it (`5.1G`, `8.2`).
    pub section: &'static str,
    /// Do hexes holding units block sight (R&S 5.1G: yes; M&S 8.2: "Units do not block LOS")?
    pub units_block: bool,
    /// Is an occupied hex on lower ground than a firer on a slope no block (R&S errata 5.1G)?
    pub lower_units_do_not_block: bool,
    /// Does a line running along a hexside that does not block need both hexes beside it to
    /// block (M&S 8.2: "blocked only if both hexes adjacent to that hex side are blocked")?
    /// Otherwise either one blocks it (R&S 5.1G: the line passes through both junction points
    /// of the side, so through two of each hex's).
    pub along_hexside_needs_both: bool,
}

/// The symbol a map key row is drawn with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeySymbol {
    /// A hex of this terrain.
    Terrain(Terrain),
    /// A hex of this terrain on a slope.
    Slope(Terrain),
    /// A ridge hexside.
    Ridge,
    /// A main road.
    MainRoad,
    /// A minor road.
    MinorRoad,
    /// A numbered feature's outline.
    Feature,
}

/// One row of the map key: a symbol and its lines of text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyRow {
    /// What the row is drawn with.
    pub symbol: KeySymbol,
    /// Its text, one line an entry.
    pub lines: &'static [&'static str],
}

/// The Rifle & Saber map key: the Terrain Effects Chart (9.2), roads (4M) and features (11.0)
/// in a few words each.
const RIFLE_AND_SABER_KEY: [KeyRow; 12] = {
    const fn one(symbol: KeySymbol, lines: &'static [&'static str]) -> KeyRow {
        KeyRow { symbol, lines }
    }
    [
        one(KeySymbol::Terrain(Terrain::Clear), &["Clear: 1 MP"]),
        one(
            KeySymbol::Terrain(Terrain::Village),
            &["Village: 1 MP, blocks sight"],
        ),
        one(
            KeySymbol::Terrain(Terrain::Woods),
            &["Woods: 2 MP, blocks sight"],
        ),
        one(KeySymbol::Terrain(Terrain::Forest), &["Forest: as woods"]),
        one(
            KeySymbol::Slope(Terrain::Clear),
            &["Slope: 2 MP, higher ground"],
        ),
        one(KeySymbol::Terrain(Terrain::River), &["River: 3 MP"]),
        one(KeySymbol::Terrain(Terrain::Ford), &["Ford: 2 MP"]),
        one(
            KeySymbol::Terrain(Terrain::Bridge),
            &["Bridge: 3 MP off the road"],
        ),
        one(KeySymbol::Ridge, &["Ridge hexside: +1 MP, blocks sight"]),
        one(KeySymbol::MainRoad, &["Main road: 1/3 MP along it"]),
        one(KeySymbol::MinorRoad, &["Minor road: 1/3 MP along it"]),
        one(
            KeySymbol::Feature,
            &[
                "Feature and its number:",
                "V village, H hill, W woods,",
                "R river, J river junction,",
                "F ford, B bridge",
            ],
        ),
    ]
};

/// Rifle & Saber (SPI, 1973). Named only in this module and in [`for_game`]: everything else
/// receives the ruleset of its document.
pub(crate) const RIFLE_AND_SABER: Ruleset = Ruleset {
    game: Game::RifleAndSaber,
    name: "Rifle & Saber",
    stacking: Stacking::Points {
        limit: MAX_STACKING_POINTS,
    },
    turn_record_track: TURN_RECORD_TRACK,
    turn_words: TurnWords {
        turn: "Game-Turn",
        turns: "Game-Turns",
        player_turns: [
            "Player-Turn 1 of each Game-Turn",
            "Player-Turn 2 of each Game-Turn",
        ],
    },
    units: &UnitKind::ALL,
    markers: &MarkerKind::ALL,
    terrains: &Terrain::ALL,
    slope_effect: SLOPE_EFFECT,
    ridge_effect: RIDGE_EFFECT,
    road_cost: ROAD_COST,
    one_hex_always: false,
    sight: SightRule {
        section: "5.1G",
        units_block: true,
        lower_units_do_not_block: true,
        along_hexside_needs_both: false,
    },
    feature_letters: &FeatureLetter::ALL,
    terrain_legend: &TERRAIN_LEGEND,
    map_key: &RIFLE_AND_SABER_KEY,
    citations: &[],
    cites_the_registry: true,
    own_codes: &[],
    rule_texts: &[],
    road_enters_from_off_map: true,
    max_map_side: None,
    export_schema: "export.schema.json",
    type_prefix: "",
};

/// The longest Turn Record Track of any game's fixed track (R&S 15.0: 20 spaces): the bound
/// the JSON Schema of the Rifle & Saber files states.
pub const LONGEST_TURN_RECORD_TRACK: u32 = TURN_RECORD_TRACK;

impl Ruleset {
    /// Stacking points of a unit type (R&S 7.0A); 0 in a game that does not count points.
    pub fn stacking_points(&self, kind: UnitKind) -> u32 {
        match self.stack_weight(kind) {
            StackWeight::Points(p) => p,
            _ => 0,
        }
    }

    /// What a unit type counts for stacking in this game.
    pub fn stack_weight(&self, kind: UnitKind) -> StackWeight {
        match self.stacking {
            Stacking::Points { .. } => StackWeight::Points(kind.stacking_points()),
            // A game of classes, not of these unit types: read by their arm.
            Stacking::Slots { .. } => match kind.arm() {
                Arm::Artillery | Arm::MachineGun => StackWeight::Slot,
                Arm::Infantry | Arm::Cavalry => StackWeight::Any,
            },
        }
    }

    /// Stacking points of a marker (none, 7.0A).
    pub fn marker_stacking_points(&self, kind: MarkerKind) -> u32 {
        kind.stacking_points()
    }

    /// The most stacking points one hex holds (R&S 7.0), for a game that counts points.
    pub fn stacking_limit(&self) -> Option<u32> {
        match self.stacking {
            Stacking::Points { limit } => Some(limit),
            Stacking::Slots { .. } => None,
        }
    }

    /// Fewest hexes that hold these units (type and count) within the stacking rule.
    pub fn min_hexes(&self, units: impl IntoIterator<Item = (UnitKind, u32)>) -> u32 {
        self.stacking
            .min_hexes(units.into_iter().map(|(k, n)| (self.stack_weight(k), n)))
    }

    /// Is a stack of this many points over the stacking limit (R&S 7.0)?
    pub fn over_stacked(&self, points: u32) -> bool {
        self.stacking_limit().is_some_and(|limit| points > limit)
    }

    /// The codes only this game's files get, whose registry rows cite this game's sections
    /// (none for Rifle & Saber, whose sections the registry holds for every shared code).
    pub fn own_codes(&self) -> &'static [&'static str] {
        self.own_codes
    }

    /// What a shared code (by its string) means in this game's files, in its own rules' words,
    /// when they differ from the registry's explanation.
    pub fn rule_text(&self, code: &str) -> Option<&'static str> {
        self.rule_texts
            .iter()
            .find(|(c, _)| *c == code)
            .map(|(_, t)| *t)
    }

    /// The rule section a diagnostic code (by its string) cites in this game's files.
    pub fn citation(&self, code: &str) -> Citation {
        if self.cites_the_registry {
            return Citation::Registry;
        }
        Citation::Own(
            self.citations
                .iter()
                .find(|(c, _)| *c == code)
                .map(|(_, section)| *section),
        )
    }

    /// The Terrain Effects Chart row of a hex terrain (9.2).
    pub fn terrain_effect(&self, t: Terrain) -> TerrainEffect {
        terrain_effect(t)
    }

    /// The map-file character of a terrain, with or without a slope (a river, ford or bridge
    /// has no slope form: its plain character).
    pub fn legend_char(&self, terrain: Terrain, slope: bool) -> char {
        let find = |slope: bool| {
            self.terrain_legend
                .iter()
                .find(|(_, t, s)| *t == terrain && *s == slope)
                .map(|(c, _, _)| *c)
        };
        find(slope).or_else(|| find(false)).unwrap_or('.')
    }

    /// The terrain and slope of a map-file character, if the legend has it.
    pub fn legend_cell(&self, c: char) -> Option<(Terrain, bool)> {
        self.terrain_legend
            .iter()
            .find(|(lc, _, _)| *lc == c)
            .map(|(_, t, s)| (*t, *s))
    }

    /// The Movement Allowance a unit type may raise its allowance to for a Cavalry Charge (4K:
    /// "Cavalry and Mounted Rifle units may increase their Movement Allowance to twelve Movement
    /// Points in any Movement Phase"); `None` for the types that cannot charge.
    pub fn charge_allowance(&self, kind: UnitKind) -> Option<u32> {
        kind.is_mounted().then_some(CAVALRY_CHARGE_ALLOWANCE)
    }
}

/// Most stacking points in one hex (7.0); ask [`Ruleset::stacking_limit`].
const MAX_STACKING_POINTS: u32 = 6;

/// The Movement Allowance of a Cavalry Charge (4K); ask [`Ruleset::charge_allowance`].
const CAVALRY_CHARGE_ALLOWANCE: u32 = 12;

/// Spaces on the Turn Record Track (15.0); ask [`Ruleset::turn_record_track`].
const TURN_RECORD_TRACK: u32 = 20;

/// Fewest hexes that can hold `infantry` two-point units and `guns` three-point units at six
/// points a hex (7.0): two guns fill a hex, three others fill a hex, a lone gun leaves room for
/// one other unit. The reference [`Stacking::min_hexes`] is tested against.
#[cfg(test)]
fn min_hexes_for(two_point_units: u32, three_point_units: u32) -> u32 {
    let g = three_point_units;
    let odd = g % 2;
    let rest = two_point_units.saturating_sub(odd);
    g / 2 + odd + rest.div_ceil(3)
}

/// The hex terrain types of the Terrain Effects Chart (9.2), plus the big forest.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Default,
    Serialize,
    Deserialize,
    JsonSchema,
)]
pub enum Terrain {
    #[default]
    Clear,
    Village,
    Woods,
    /// The large unnumbered forest (11.0): woods for every rule, named apart so that special
    /// rules can single it out.
    Forest,
    River,
    Ford,
    Bridge,
}

impl Terrain {
    /// All hex terrains.
    pub const ALL: [Terrain; 7] = [
        Terrain::Clear,
        Terrain::Village,
        Terrain::Woods,
        Terrain::Forest,
        Terrain::River,
        Terrain::Ford,
        Terrain::Bridge,
    ];

    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Clear => "clear",
            Terrain::Village => "village",
            Terrain::Woods => "woods",
            Terrain::Forest => "forest",
            Terrain::River => "river",
            Terrain::Ford => "ford",
            Terrain::Bridge => "bridge",
        }
    }

    /// River, ford and bridge hexes: the river system.
    pub fn is_river(self) -> bool {
        matches!(self, Terrain::River | Terrain::Ford | Terrain::Bridge)
    }

    /// Woods, forest and villages are blocking hexes for line of sight (5.1G).
    pub fn blocks_sight(self) -> bool {
        matches!(self, Terrain::Village | Terrain::Woods | Terrain::Forest)
    }
}

/// A ratio, for exact movement costs and defense multipliers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ratio {
    /// Numerator.
    pub num: u32,
    /// Denominator, at least 1.
    #[schemars(range(min = 1))]
    pub den: u32,
}

impl Ratio {
    /// `num/den`.
    pub const fn new(num: u32, den: u32) -> Ratio {
        Ratio { num, den }
    }
    /// As a float.
    pub fn value(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

/// One row of the Terrain Effects Chart (9.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub struct TerrainEffect {
    /// What the row is about.
    pub name: &'static str,
    /// Movement points to enter (`None`: not applicable).
    pub movement_cost: Option<Ratio>,
    /// Extra movement points (ridge hexside +1).
    pub movement_extra: Option<Ratio>,
    /// Multiplier on defense strength, fire and shock (`None`: no effect).
    pub defense: Option<Ratio>,
    /// Blocks line of sight (5.1G).
    pub blocks_fire: bool,
}

/// The Terrain Effects Chart (9.2) for a hex terrain (ask [`Ruleset::terrain_effect`]). Slope
/// shares the woods row.
fn terrain_effect(t: Terrain) -> TerrainEffect {
    let r = Ratio::new;
    let row = |name, cost, defense, blocks| TerrainEffect {
        name,
        movement_cost: Some(cost),
        movement_extra: None,
        defense,
        blocks_fire: blocks,
    };
    match t {
        Terrain::Clear => row("Clear", r(1, 1), None, false),
        Terrain::Village => row("Village", r(1, 1), Some(r(3, 1)), true),
        Terrain::Woods | Terrain::Forest => row("Slope and/or Woods", r(2, 1), Some(r(2, 1)), true),
        Terrain::River => row("River", r(3, 1), Some(r(2, 1)), false),
        Terrain::Ford => row("River Ford", r(2, 1), Some(r(1, 2)), false),
        // Bridge: ⅓ MP through a road hexside (9.2 note *), otherwise 3 MP (10.5D).
        Terrain::Bridge => row("Bridge", r(3, 1), Some(r(1, 2)), false),
    }
}

/// The slope row of the Terrain Effects Chart (9.2); ask [`Ruleset::slope_effect`].
const SLOPE_EFFECT: TerrainEffect = TerrainEffect {
    name: "Slope and/or Woods",
    movement_cost: Some(Ratio::new(2, 1)),
    movement_extra: None,
    defense: Some(Ratio::new(2, 1)),
    blocks_fire: false,
};

/// The ridge hexside row of the Terrain Effects Chart (9.2); ask [`Ruleset::ridge_effect`].
const RIDGE_EFFECT: TerrainEffect = TerrainEffect {
    name: "Ridge Hexside",
    movement_cost: None,
    movement_extra: Some(Ratio::new(1, 1)),
    defense: None,
    blocks_fire: true,
};

/// Road movement rate (4M, 9.2): ⅓ MP per road hex entered through a road hexside; ask
/// [`Ruleset::road_cost`].
const ROAD_COST: Ratio = Ratio::new(1, 3);

/// Morale levels (10.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema)]
pub enum Morale {
    High,
    #[default]
    Normal,
    Demoralized,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stacking_points_follow_7_0() {
        assert_eq!(UnitKind::MZ.stacking_points(), 2);
        assert_eq!(UnitKind::CY.stacking_points(), 2);
        for g in [
            UnitKind::MG,
            UnitKind::MA,
            UnitKind::MAh,
            UnitKind::BA,
            UnitKind::BAh,
        ] {
            assert_eq!(g.stacking_points(), 3);
            assert_eq!(g.shock_strength(), 0);
        }
        assert_eq!(MarkerKind::Trench.stacking_points(), 0);
    }

    #[test]
    fn min_hexes_packs_guns_in_pairs() {
        assert_eq!(min_hexes_for(0, 0), 0);
        assert_eq!(min_hexes_for(3, 0), 1);
        assert_eq!(min_hexes_for(4, 0), 2);
        assert_eq!(min_hexes_for(0, 2), 1);
        assert_eq!(min_hexes_for(0, 3), 2);
        assert_eq!(min_hexes_for(1, 1), 1);
        assert_eq!(min_hexes_for(2, 1), 2);
        // 27 MZ, 3 CY, 2 MAh (11.1 Sepoys): 30 two-point units, 2 guns.
        assert_eq!(min_hexes_for(30, 2), 11);
    }

    #[test]
    fn the_ruleset_holds_the_game_numbers() {
        let r = for_game(None);
        assert_eq!((r.stacking_limit(), r.turn_record_track), (Some(6), 20));
        assert!(r.over_stacked(7) && !r.over_stacked(6));
        assert_eq!(r.units.len(), 10);
        // 27 MZ, 3 CY, 2 MAh (11.1 Sepoys).
        let sepoys = [(UnitKind::MZ, 27), (UnitKind::CY, 3), (UnitKind::MAh, 2)];
        assert_eq!(r.min_hexes(sepoys), 11);
    }

    #[test]
    fn the_points_packing_is_the_7_0_packing() {
        let r = for_game(None);
        for two in 0..40 {
            for three in 0..15 {
                assert_eq!(
                    r.min_hexes([(UnitKind::MZ, two), (UnitKind::MG, three)]),
                    min_hexes_for(two, three),
                    "{two} two-point and {three} three-point units"
                );
            }
        }
    }

    #[test]
    fn a_second_game_cites_its_own_sections_and_rifle_and_saber_the_registry() {
        assert_eq!(for_game(None).citation("STK001"), Citation::Registry);
        let other = Ruleset {
            game: Game::MusketAndSaberQuickPlay,
            citations: &[("STK001", "5.0")],
            cites_the_registry: false,
            ..RIFLE_AND_SABER
        };
        assert_eq!(other.citation("STK001"), Citation::Own(Some("5.0")));
        assert_eq!(other.citation("DEP001"), Citation::Own(None));
    }

    #[test]
    fn codes_round_trip() {
        for k in UnitKind::ALL {
            assert_eq!(UnitKind::from_code(k.code()), Some(k));
        }
    }
}
