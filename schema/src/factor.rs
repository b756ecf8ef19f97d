//! Factoring a historical battle into an order of battle (11.18), and a scenario skeleton from it.
//!
//! Rule 11.18: "Each unit type normally represents 100 to 150 men, or four to six guns. Thus, if
//! you wish to recreate a battle involving 1,200 infantry equipped with muzzleloading rifles and
//! 12 muzzle-loading cannon, you merely need 12 Mz units and 2 MzA units. Larger forces can be
//! recreated in scale: the exact numbers of troops available in the actual battle not being as
//! important as the proportion among the various arms and the ratio between the two sides." The
//! errata's game scale (1.1) adds that a Game-Turn is five minutes.
//!
//! So a [`Battle`] gives each side's historical strengths (men per infantry or mounted type, guns
//! per artillery type, machine guns) and a [`Scale`]; [`factor`] turns them into an order of
//! battle per side and reports the rounding, the proportions among arms and the ratio between the
//! sides before and after rounding, with a [`FactorWarning`] wherever rounding distorts them.
//! [`skeleton`] makes a [`Scenario`] from the result; [`run`] is `saberc factor`.
//!
//! # Rounding
//!
//! Each arm (unit type) of each side is rounded on its own, **half up**, from its exact quotient
//! `strength × reduction ÷ per-unit`, computed in integers so that ties are exact. Rounding each
//! arm alone, rather than sharing out a side total by largest remainders, keeps every count a
//! function of its own strength only: counts never fall when a strength grows, and changing one
//! arm never moves another (largest-remainder methods have the Alabama paradox). Each count is
//! within half a unit of its exact quotient.
//!
//! **An arm with troops never rounds to nothing.** When its quotient is below one half it gets
//! one unit, and a [`FactorWarning::RoundedUpToOne`] says so. 11.18 puts "the proportion among the
//! various arms" first, and dropping an arm changes what a side can do at all (only guns fire
//! shot, 5.1H; only mounted units charge, 4K), which is a larger distortion than over-stating a
//! small arm by less than one unit. The warning lets the designer remove the unit knowingly.

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};
use std::path::{Path, PathBuf};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::diagnostic::{Code, Diagnostic, PathSeg};
use crate::json_schema;
use crate::limits;
use crate::ruleset::{Morale, Ratio, TURN_RECORD_TRACK, UnitKind, min_hexes_for};
use crate::scenario::{
    CounterColor, Entry, Group, Interpretation, SCENARIO_FORMAT, Scenario, Side,
};
use crate::source::{DocKind, Source, parse};
use crate::victory::{Goal, HoldHexes, Outcome, VictoryCondition, When};
use crate::zone::Zone;

/// The `format` value of a battle file this version reads and writes.
pub const BATTLE_FORMAT: &str = "saber-battle/1";

/// Minutes in a Game-Turn (errata 1.1: "Each Game-Turn represents five minutes").
pub const MINUTES_PER_TURN: u32 = 5;

/// Game length suggested when the battle's duration is not known: the most common length among
/// the seventeen scenarios (seven of them last 10 Game-Turns).
pub const DEFAULT_GAME_LENGTH: u32 = 10;

/// The map a skeleton refers to.
pub const DEFAULT_MAP: &str = "rifle-and-saber";

/// Feature the side that deploys first is placed around in a skeleton: V4, the central village
/// where the three roads meet (11.0).
pub const SKELETON_DEFENDER_FEATURE: &str = "V4";

/// Feature the other side is placed around in a skeleton.
pub const SKELETON_ATTACKER_FEATURE: &str = "H26";

/// Words that mark the parts of a skeleton the designer must set.
pub const TO_BE_SET: &str = "to be set by the designer";

/// A historical battle (or a portion of one) with each side's strengths: the input of factoring.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "Rifle & Saber battle to factor (11.18)")]
pub struct Battle {
    /// File format: `saber-battle/1`; may be left out on the command line, but files kept among
    /// scenarios carry it so that `saberc check` knows what they are.
    #[serde(default)]
    #[schemars(regex(pattern = r"^saber-battle/[0-9]+$"))]
    pub format: Option<String>,
    /// Battle name (`Inkerman`).
    #[schemars(length(min = 1, max = 200))]
    pub name: String,
    /// Date as it should be printed (`5 November 1854`).
    #[serde(default)]
    #[schemars(length(max = 200))]
    pub date: String,
    /// Portion of the battle recreated, if not the whole (`The Sandbag Battery`).
    #[serde(default)]
    #[schemars(length(max = 200))]
    pub portion: Option<String>,
    /// How long the fighting (or the portion) lasted, in minutes.
    #[serde(default)]
    #[schemars(range(min = 1, max = 100000))]
    pub duration_minutes: Option<u32>,
    /// Where the figures come from.
    #[serde(default)]
    #[schemars(length(max = 4096))]
    pub source: String,
    /// Historical note, in our own words; goes into the scenario's notes.
    #[serde(default)]
    #[schemars(length(max = 65536))]
    pub notes: String,
    /// The two sides; the first deploys first in the skeleton, the second moves first.
    #[schemars(length(min = 2, max = 2))]
    pub sides: Vec<HistoricalSide>,
    /// Men and guns per unit and the overall reduction.
    #[serde(default)]
    pub scale: Scale,
    /// How far rounding may move proportions and the side ratio before a warning.
    #[serde(default)]
    pub thresholds: Thresholds,
}

/// One side's historical strengths.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HistoricalSide {
    /// Name as it should be printed (`British`).
    #[schemars(length(min = 1, max = 200))]
    pub name: String,
    /// Short identifier; made from the name when absent.
    #[serde(default)]
    #[schemars(regex(pattern = r"^[a-z][a-z0-9_-]{0,63}$"))]
    pub id: Option<String>,
    /// Counter colour; the first side is red and the second blue when absent.
    #[serde(default)]
    pub color: Option<CounterColor>,
    /// Morale level (10.1); normal when absent (11.0).
    #[serde(default)]
    pub morale: Morale,
    /// Men by arm and weapon: `{MZ: 1200, CY: 300}`.
    #[serde(default, deserialize_with = "crate::scenario::unique_keys")]
    pub men: BTreeMap<MenKind, u32>,
    /// Pieces by kind: `{MA: 12, MG: 2}`.
    #[serde(default, deserialize_with = "crate::scenario::unique_keys")]
    pub guns: BTreeMap<GunKind, u32>,
}

/// Troops counted in men: the infantry and mounted unit types (2.31).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub enum MenKind {
    /// Infantry with muzzle-loading rifles.
    MZ,
    /// Infantry with early breech-loading rifles.
    EB,
    /// Infantry with late breech-loading (magazine) rifles.
    LB,
    /// Cavalry.
    CY,
    /// Mounted rifles.
    MR,
}

/// Pieces counted in guns: the artillery types and machine guns (2.31).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub enum GunKind {
    /// Machine guns.
    MG,
    /// Muzzle-loading foot artillery.
    MA,
    /// Muzzle-loading horse artillery.
    MAh,
    /// Breech-loading foot artillery.
    BA,
    /// Breech-loading horse artillery.
    BAh,
}

impl MenKind {
    /// The unit type these men form.
    pub fn unit_kind(self) -> UnitKind {
        match self {
            MenKind::MZ => UnitKind::MZ,
            MenKind::EB => UnitKind::EB,
            MenKind::LB => UnitKind::LB,
            MenKind::CY => UnitKind::CY,
            MenKind::MR => UnitKind::MR,
        }
    }
}

impl GunKind {
    /// The unit type these pieces form.
    pub fn unit_kind(self) -> UnitKind {
        match self {
            GunKind::MG => UnitKind::MG,
            GunKind::MA => UnitKind::MA,
            GunKind::MAh => UnitKind::MAh,
            GunKind::BA => UnitKind::BA,
            GunKind::BAh => UnitKind::BAh,
        }
    }
}

/// How strengths become units.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Scale {
    /// Men per infantry or mounted unit; 1.1 and 11.18 say 100 to 150.
    #[schemars(range(min = 1, max = 100000))]
    pub men_per_unit: u32,
    /// Guns per artillery unit; 1.1 and 11.18 say four to six (11.18's example: 12 guns, 2 units).
    #[schemars(range(min = 1, max = 1000))]
    pub guns_per_unit: u32,
    /// Machine guns per machine-gun unit; the same as `guns_per_unit` when absent, since machine
    /// guns are "gun units" like artillery (5.1H).
    #[schemars(range(min = 1, max = 1000))]
    pub machine_guns_per_unit: Option<u32>,
    /// Overall reduction applied to every strength of both sides: `(num: 1, den: 3)` keeps a
    /// third (Worth "reduced by about two-thirds", 11.18).
    pub reduction: Ratio,
}

impl Default for Scale {
    fn default() -> Scale {
        Scale {
            men_per_unit: 100,
            guns_per_unit: 6,
            machine_guns_per_unit: None,
            reduction: Ratio::new(1, 1),
        }
    }
}

impl Scale {
    /// Men or pieces per unit of a type.
    pub fn per_unit(&self, kind: UnitKind) -> u32 {
        match kind {
            UnitKind::MG => self.machine_guns_per_unit.unwrap_or(self.guns_per_unit),
            k if k.is_gun() => self.guns_per_unit,
            _ => self.men_per_unit,
        }
    }

    /// One line for people: `100 men or 6 guns per unit, forces at 1/3`.
    pub fn describe(&self) -> String {
        let mg = match self.machine_guns_per_unit {
            Some(n) if n != self.guns_per_unit => format!(", {n} machine guns"),
            _ => String::new(),
        };
        let reduction = if self.reduction.num == self.reduction.den {
            "forces at full strength".to_string()
        } else {
            format!(
                "forces reduced to {}/{}",
                self.reduction.num, self.reduction.den
            )
        };
        format!(
            "{} men or {} guns{mg} per unit, {reduction}",
            self.men_per_unit, self.guns_per_unit
        )
    }
}

/// How far rounding may move things before a warning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Thresholds {
    /// Largest change, in percentage points, of an arm's share of its side's units.
    #[schemars(range(max = 100))]
    pub proportion_points: u32,
    /// Largest relative change, in percent, of the ratio between the sides in units.
    #[schemars(range(max = 1000))]
    pub ratio_percent: u32,
}

impl Default for Thresholds {
    fn default() -> Thresholds {
        Thresholds {
            proportion_points: 5,
            ratio_percent: 10,
        }
    }
}

/// The exact and rounded unit count of one strength.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, JsonSchema)]
pub struct Rounded {
    /// `strength × reduction ÷ per_unit`, before rounding.
    pub exact: f64,
    /// The nearest whole number, halves rounded up.
    pub nearest: u32,
    /// The count used: `nearest`, or 1 when the strength is positive and `nearest` is 0.
    pub count: u32,
}

impl Rounded {
    /// Was a positive strength raised from zero to one unit?
    pub fn raised_to_one(&self) -> bool {
        self.count != self.nearest
    }
}

/// Round one strength into units: half up, and never a positive strength to zero (see the
/// module documentation). Integer arithmetic decides ties exactly; counts past `u32::MAX`
/// saturate (they are far over [`limits::MAX_COUNT`] and warned about anyway).
pub fn round_units(strength: u32, per_unit: u32, reduction: Ratio) -> Rounded {
    let num = u128::from(strength) * u128::from(reduction.num);
    let den = u128::from(per_unit.max(1)) * u128::from(reduction.den.max(1));
    // floor(num/den + 1/2) = floor((2·num + den) / (2·den)).
    let nearest = (2 * num + den) / (2 * den);
    let nearest = u32::try_from(nearest).unwrap_or(u32::MAX);
    let count = if strength > 0 && reduction.num > 0 {
        nearest.max(1)
    } else {
        nearest
    };
    Rounded {
        exact: num as f64 / den as f64,
        nearest,
        count,
    }
}

/// One arm of one side, factored.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ArmRounding {
    /// The unit type.
    pub kind: UnitKind,
    /// Historical men (infantry, mounted) or pieces (guns, machine guns).
    pub strength: u32,
    /// Men or pieces per unit used.
    pub per_unit: u32,
    /// The rounding.
    pub rounded: Rounded,
    /// Share of the side's units before rounding (exact quotients), 0 to 1.
    pub share_before: f64,
    /// Share of the side's units after rounding, 0 to 1.
    pub share_after: f64,
}

/// One side, factored.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct FactoredSide {
    /// Side id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Counter colour.
    pub color: CounterColor,
    /// Morale level.
    pub morale: Morale,
    /// The order of battle: units per type, zero counts left out.
    pub order_of_battle: BTreeMap<UnitKind, u32>,
    /// Each arm with a strength, in the order of the Unit Identification Chart (2.31).
    pub arms: Vec<ArmRounding>,
    /// Historical men, all arms.
    pub men: u32,
    /// Historical guns and machine guns.
    pub guns: u32,
    /// Units before rounding (sum of exact quotients).
    pub exact_units: f64,
    /// Units after rounding.
    pub units: u32,
}

impl FactoredSide {
    /// The order of battle in the rules' notation: `12 MZ; 2 MA`.
    pub fn notation(&self) -> String {
        notation(&self.order_of_battle)
    }
}

/// Ratios of the first side to the second; `None` where the second side has none.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, JsonSchema)]
pub struct SideRatio {
    /// Men to men.
    pub men: Option<f64>,
    /// Guns and machine guns to guns and machine guns.
    pub guns: Option<f64>,
    /// Units before rounding.
    pub units_before: Option<f64>,
    /// Units after rounding.
    pub units_after: Option<f64>,
}

/// The suggested game length.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub struct GameLength {
    /// Game-Turns.
    pub turns: u32,
    /// The battle's duration in minutes, if known.
    pub minutes: Option<u32>,
    /// Turns the whole duration would need, before capping at the Turn Record Track.
    pub uncapped: Option<u32>,
}

/// Game-Turns for a duration: whole five-minute turns, rounded up so the whole action fits
/// (errata 1.1), at least one; capped at the 20 spaces of the Turn Record Track (15.0). Returns
/// (turns, uncapped turns).
pub fn turns_for_minutes(minutes: u32) -> (u32, u32) {
    let uncapped = minutes.div_ceil(MINUTES_PER_TURN).max(1);
    (uncapped.min(TURN_RECORD_TRACK), uncapped)
}

/// Something rounding or the scale distorts, or that the designer must decide.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub enum FactorWarning {
    /// An arm with troops rounded to nothing and was kept at one unit.
    RoundedUpToOne {
        /// Side name.
        side: String,
        /// Unit type.
        kind: UnitKind,
        /// Historical strength.
        strength: u32,
        /// Exact quotient (below one half).
        exact: f64,
    },
    /// An arm's share of its side's units moved by more than the threshold.
    ProportionShift {
        /// Side name.
        side: String,
        /// Unit type.
        kind: UnitKind,
        /// Share before rounding, 0 to 1.
        before: f64,
        /// Share after rounding, 0 to 1.
        after: f64,
    },
    /// The ratio between the sides in units moved by more than the threshold.
    RatioShift {
        /// First side to second, before rounding.
        before: f64,
        /// After rounding.
        after: f64,
    },
    /// More units of one type than a file may hold.
    OverCount {
        /// Side name.
        side: String,
        /// Unit type.
        kind: UnitKind,
        /// Units.
        count: u32,
    },
    /// More units on one side than a file may hold.
    OverSideUnits {
        /// Side name.
        side: String,
        /// Units.
        units: u32,
    },
    /// A scale outside the range of 1.1 and 11.18.
    OffScale {
        /// What is off.
        what: String,
    },
    /// The battle lasted longer than the Turn Record Track can show.
    LongerThanTrack {
        /// Duration in minutes.
        minutes: u32,
        /// Game-Turns it would need.
        turns: u32,
    },
    /// No duration was given, so the game length is a default.
    NoDuration,
}

impl FactorWarning {
    /// A short stable code.
    pub fn code(&self) -> &'static str {
        match self {
            FactorWarning::RoundedUpToOne { .. } => "rounded-up-to-one",
            FactorWarning::ProportionShift { .. } => "proportion-shift",
            FactorWarning::RatioShift { .. } => "ratio-shift",
            FactorWarning::OverCount { .. } => "over-count",
            FactorWarning::OverSideUnits { .. } => "over-side-units",
            FactorWarning::OffScale { .. } => "off-scale",
            FactorWarning::LongerThanTrack { .. } => "longer-than-track",
            FactorWarning::NoDuration => "no-duration",
        }
    }

    /// The rule section the warning is about.
    pub fn rule(&self) -> &'static str {
        match self {
            FactorWarning::LongerThanTrack { .. } => "15.0",
            FactorWarning::NoDuration => "1.1",
            FactorWarning::OffScale { .. } => "1.1",
            _ => "11.18",
        }
    }
}

impl fmt::Display for FactorWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FactorWarning::RoundedUpToOne {
                side,
                kind,
                strength,
                exact,
            } => write!(
                f,
                "{side}: {strength} {} {} make {exact:.2} units, which rounds to none; kept as 1 {} so the arm does not vanish (remove it if it should)",
                unit_word(*kind, *strength),
                kind.code(),
                kind.code()
            ),
            FactorWarning::ProportionShift {
                side,
                kind,
                before,
                after,
            } => write!(
                f,
                "{side}: {} is {:.1}% of the side's units after rounding but {:.1}% before",
                kind.code(),
                after * 100.0,
                before * 100.0
            ),
            FactorWarning::RatioShift { before, after } => write!(
                f,
                "the ratio between the sides in units is {after:.2} after rounding but {before:.2} before; try a smaller men- or guns-per-unit, or less reduction"
            ),
            FactorWarning::OverCount { side, kind, count } => write!(
                f,
                "{side}: {count} {} is more than the {} units of one type a group may hold; use a larger reduction",
                kind.code(),
                limits::MAX_COUNT
            ),
            FactorWarning::OverSideUnits { side, units } => write!(
                f,
                "{side}: {units} units is more than the {} a side may hold; use a larger reduction",
                limits::MAX_UNITS_PER_SIDE
            ),
            FactorWarning::OffScale { what } => write!(f, "{what}"),
            FactorWarning::LongerThanTrack { minutes, turns } => write!(
                f,
                "the battle lasted {minutes} minutes, {turns} Game-Turns of five minutes, but the Turn Record Track has {TURN_RECORD_TRACK} spaces; game length capped at {TURN_RECORD_TRACK}: recreate a portion of the battle"
            ),
            FactorWarning::NoDuration => write!(
                f,
                "no duration given; game length set to {DEFAULT_GAME_LENGTH} Game-Turns, {TO_BE_SET}"
            ),
        }
    }
}

/// The result of factoring a battle.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Factoring {
    /// Battle name.
    pub name: String,
    /// Date.
    pub date: String,
    /// Portion.
    pub portion: Option<String>,
    /// The scale used.
    pub scale: Scale,
    /// The two sides.
    pub sides: Vec<FactoredSide>,
    /// First side to second.
    pub ratio: SideRatio,
    /// Suggested game length.
    pub game_length: GameLength,
    /// What the designer should look at.
    pub warnings: Vec<FactorWarning>,
}

/// Why a battle cannot be factored, or `saberc factor` cannot run.
#[derive(Debug, thiserror::Error)]
pub enum FactorError {
    /// The arguments do not make sense together.
    #[error("{0}")]
    Usage(String),
    /// A `--side` argument does not follow the syntax.
    #[error("bad --side {arg:?}: {reason}")]
    SideSyntax {
        /// The argument.
        arg: String,
        /// What is wrong.
        reason: String,
    },
    /// The battle file cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The battle file cannot be parsed.
    #[error("{}: {message}", path.display())]
    Parse {
        /// The file.
        path: PathBuf,
        /// Parser message with line and column.
        message: String,
    },
    /// The battle is not one that can be factored.
    #[error("{0}")]
    Invalid(String),
    /// The skeleton cannot be written.
    #[error("cannot write the skeleton: {0}")]
    Write(String),
}

impl FactorError {
    /// True for a fault in the battle itself (a file that does not parse, a battle that cannot
    /// be factored): `saberc` exit code 1. Otherwise a usage or I/O failure: exit code 2.
    pub fn is_input_error(&self) -> bool {
        matches!(self, FactorError::Parse { .. } | FactorError::Invalid(_))
    }
}

/// The order of battle in the rules' notation, in the order of the Unit Identification Chart:
/// `12 MZ; 2 MA`. Zero counts are left out; an empty order of battle is `-`.
pub fn notation(units: &BTreeMap<UnitKind, u32>) -> String {
    let parts: Vec<String> = UnitKind::ALL
        .iter()
        .filter_map(|k| {
            units
                .get(k)
                .filter(|n| **n > 0)
                .map(|n| format!("{n} {}", k.code()))
        })
        .collect();
    if parts.is_empty() {
        "-".to_string()
    } else {
        parts.join("; ")
    }
}

fn unit_word(kind: UnitKind, n: u32) -> &'static str {
    match (kind.is_gun(), n == 1) {
        (true, true) => "gun",
        (true, false) => "guns",
        (false, true) => "man",
        (false, false) => "men",
    }
}

/// An identifier from a name: lower-case ASCII letters, digits and `-`, common accented letters
/// folded (`Königgrätz` → `koniggratz`), apostrophes dropped, at most 64 characters; empty when
/// nothing is left.
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for ch in name.chars().flat_map(char::to_lowercase) {
        let folded: &str = match ch {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => "a",
            'æ' => "ae",
            'ç' => "c",
            'è' | 'é' | 'ê' | 'ë' => "e",
            'ì' | 'í' | 'î' | 'ï' => "i",
            'ñ' => "n",
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' => "o",
            'ù' | 'ú' | 'û' | 'ü' => "u",
            'ý' | 'ÿ' => "y",
            'ß' => "ss",
            // Apostrophes join: "Burnside's" is `burnsides`.
            '\'' | '’' => continue,
            c if c.is_ascii_alphanumeric() => {
                out.push(c);
                continue;
            }
            _ => "-",
        };
        if folded == "-" {
            if !out.is_empty() && !out.ends_with('-') {
                out.push('-');
            }
        } else {
            out.push_str(folded);
        }
    }
    let mut s = out.trim_end_matches('-').to_string();
    s.truncate(64);
    s.trim_end_matches('-').to_string()
}

fn side_id(side: &HistoricalSide, index: usize) -> String {
    if let Some(id) = &side.id {
        return id.clone();
    }
    let s = slug(&side.name);
    match s.chars().next() {
        Some(c) if c.is_ascii_lowercase() => s,
        Some(_) => {
            let mut s = format!("side-{s}");
            s.truncate(64);
            s
        }
        None => format!("side-{}", index + 1),
    }
}

fn ratio(a: f64, b: f64) -> Option<f64> {
    (b > 0.0).then(|| a / b)
}

/// Check a battle before factoring it.
pub fn validate(battle: &Battle) -> Result<(), FactorError> {
    let invalid = |m: String| Err(FactorError::Invalid(m));
    if let Some(f) = &battle.format
        && f != BATTLE_FORMAT
    {
        return invalid(format!(
            "this is a {f:?} file; this saberc reads {BATTLE_FORMAT:?}"
        ));
    }
    if battle.name.trim().is_empty() {
        return invalid("the battle needs a name".into());
    }
    if battle.name.chars().count() > limits::MAX_NAME {
        return invalid(format!(
            "the battle name is longer than {} characters",
            limits::MAX_NAME
        ));
    }
    if battle.sides.len() != 2 {
        return invalid(format!(
            "a battle has two sides; this one has {}",
            battle.sides.len()
        ));
    }
    if battle.duration_minutes == Some(0) {
        return invalid("the duration must be at least one minute".into());
    }
    let s = &battle.scale;
    if s.men_per_unit == 0 || s.guns_per_unit == 0 || s.machine_guns_per_unit == Some(0) {
        return invalid("men and guns per unit must be at least 1".into());
    }
    if s.reduction.num == 0 || s.reduction.den == 0 {
        return invalid(format!(
            "the reduction {}/{} must have a positive numerator and denominator",
            s.reduction.num, s.reduction.den
        ));
    }
    let mut ids = Vec::new();
    for (i, side) in battle.sides.iter().enumerate() {
        if side.name.trim().is_empty() {
            return invalid(format!("side {} needs a name", i + 1));
        }
        if side.name.chars().count() > limits::MAX_NAME {
            return invalid(format!(
                "the name of side {} is longer than {} characters",
                i + 1,
                limits::MAX_NAME
            ));
        }
        if side.men.values().chain(side.guns.values()).all(|n| *n == 0) {
            return invalid(format!("{} has no men and no guns", side.name));
        }
        let id = side_id(side, i);
        if ids.contains(&id) {
            return invalid(format!(
                "both sides get the id {id:?}; give one of them an `id`"
            ));
        }
        ids.push(id);
    }
    if let [Some(a), Some(b)] = [battle.sides[0].color, battle.sides[1].color]
        && a == b
    {
        return invalid(format!(
            "both sides are {}; the game has one red and one blue side (2.3)",
            a.name()
        ));
    }
    Ok(())
}

/// Factor a battle into orders of battle (11.18), with the report and warnings described in the
/// module documentation.
pub fn factor(battle: &Battle) -> Result<Factoring, FactorError> {
    validate(battle)?;
    let scale = battle.scale;
    let mut warnings = Vec::new();
    warn_off_scale(&scale, &mut warnings);

    let colors = side_colors(battle);
    let mut sides = Vec::new();
    for (i, hs) in battle.sides.iter().enumerate() {
        let side = factor_side(hs, i, colors[i], &scale, &battle.thresholds, &mut warnings);
        sides.push(side);
    }

    let (a, b) = (&sides[0], &sides[1]);
    let side_ratio = SideRatio {
        men: ratio(f64::from(a.men), f64::from(b.men)),
        guns: ratio(f64::from(a.guns), f64::from(b.guns)),
        units_before: ratio(a.exact_units, b.exact_units),
        units_after: ratio(f64::from(a.units), f64::from(b.units)),
    };
    if let (Some(before), Some(after)) = (side_ratio.units_before, side_ratio.units_after) {
        let limit = f64::from(battle.thresholds.ratio_percent) / 100.0;
        if (after / before - 1.0).abs() > limit + 1e-9 {
            warnings.push(FactorWarning::RatioShift { before, after });
        }
    }

    let game_length = match battle.duration_minutes {
        Some(minutes) => {
            let (turns, uncapped) = turns_for_minutes(minutes);
            if uncapped > turns {
                warnings.push(FactorWarning::LongerThanTrack {
                    minutes,
                    turns: uncapped,
                });
            }
            GameLength {
                turns,
                minutes: Some(minutes),
                uncapped: Some(uncapped),
            }
        }
        None => {
            warnings.push(FactorWarning::NoDuration);
            GameLength {
                turns: DEFAULT_GAME_LENGTH,
                minutes: None,
                uncapped: None,
            }
        }
    };

    Ok(Factoring {
        name: battle.name.clone(),
        date: battle.date.clone(),
        portion: battle.portion.clone(),
        scale,
        sides,
        ratio: side_ratio,
        game_length,
        warnings,
    })
}

fn side_colors(battle: &Battle) -> [CounterColor; 2] {
    let other = |c: CounterColor| match c {
        CounterColor::Red => CounterColor::Blue,
        CounterColor::Blue => CounterColor::Red,
    };
    match (battle.sides[0].color, battle.sides[1].color) {
        (Some(a), Some(b)) => [a, b],
        (Some(a), None) => [a, other(a)],
        (None, Some(b)) => [other(b), b],
        (None, None) => [CounterColor::Red, CounterColor::Blue],
    }
}

fn warn_off_scale(scale: &Scale, warnings: &mut Vec<FactorWarning>) {
    if !(100..=150).contains(&scale.men_per_unit) {
        warnings.push(FactorWarning::OffScale {
            what: format!(
                "{} men per unit is outside the 100 to 150 of the game scale",
                scale.men_per_unit
            ),
        });
    }
    if !(4..=6).contains(&scale.guns_per_unit) {
        warnings.push(FactorWarning::OffScale {
            what: format!(
                "{} guns per unit is outside the four to six of the game scale",
                scale.guns_per_unit
            ),
        });
    }
}

fn factor_side(
    hs: &HistoricalSide,
    index: usize,
    color: CounterColor,
    scale: &Scale,
    thresholds: &Thresholds,
    warnings: &mut Vec<FactorWarning>,
) -> FactoredSide {
    let strengths: BTreeMap<UnitKind, u32> = hs
        .men
        .iter()
        .map(|(k, n)| (k.unit_kind(), *n))
        .chain(hs.guns.iter().map(|(k, n)| (k.unit_kind(), *n)))
        .filter(|(_, n)| *n > 0)
        .collect();
    let mut arms: Vec<ArmRounding> = UnitKind::ALL
        .iter()
        .filter_map(|k| strengths.get(k).map(|n| (*k, *n)))
        .map(|(kind, strength)| {
            let per_unit = scale.per_unit(kind);
            ArmRounding {
                kind,
                strength,
                per_unit,
                rounded: round_units(strength, per_unit, scale.reduction),
                share_before: 0.0,
                share_after: 0.0,
            }
        })
        .collect();
    let exact_units: f64 = arms.iter().map(|a| a.rounded.exact).sum();
    let units = arms
        .iter()
        .map(|a| a.rounded.count)
        .fold(0u32, u32::saturating_add);
    let limit = f64::from(thresholds.proportion_points) / 100.0;
    for arm in &mut arms {
        arm.share_before = ratio(arm.rounded.exact, exact_units).unwrap_or(0.0);
        arm.share_after = ratio(f64::from(arm.rounded.count), f64::from(units)).unwrap_or(0.0);
        if arm.rounded.raised_to_one() {
            warnings.push(FactorWarning::RoundedUpToOne {
                side: hs.name.clone(),
                kind: arm.kind,
                strength: arm.strength,
                exact: arm.rounded.exact,
            });
        }
        if (arm.share_after - arm.share_before).abs() > limit + 1e-9 {
            warnings.push(FactorWarning::ProportionShift {
                side: hs.name.clone(),
                kind: arm.kind,
                before: arm.share_before,
                after: arm.share_after,
            });
        }
        if arm.rounded.count > limits::MAX_COUNT {
            warnings.push(FactorWarning::OverCount {
                side: hs.name.clone(),
                kind: arm.kind,
                count: arm.rounded.count,
            });
        }
    }
    if units > limits::MAX_UNITS_PER_SIDE {
        warnings.push(FactorWarning::OverSideUnits {
            side: hs.name.clone(),
            units,
        });
    }
    let sum = |it: &mut dyn Iterator<Item = u32>| it.fold(0u32, u32::saturating_add);
    FactoredSide {
        id: side_id(hs, index),
        name: hs.name.clone(),
        color,
        morale: hs.morale,
        order_of_battle: arms.iter().map(|a| (a.kind, a.rounded.count)).collect(),
        men: sum(&mut arms.iter().filter(|a| !a.kind.is_gun()).map(|a| a.strength)),
        guns: sum(&mut arms.iter().filter(|a| a.kind.is_gun()).map(|a| a.strength)),
        arms,
        exact_units,
        units,
    }
}

/// The factoring as text: the orders of battle in the rules' notation first, then the rounding,
/// the proportions, the side ratio, the game length and the warnings.
pub fn report(f: &Factoring) -> String {
    let mut out = String::new();
    let portion = f
        .portion
        .as_ref()
        .map(|p| format!(": {p}"))
        .unwrap_or_default();
    let date = if f.date.is_empty() {
        String::new()
    } else {
        format!(" ({})", f.date)
    };
    let _ = writeln!(out, "{}{portion}{date}", f.name);
    for s in &f.sides {
        let _ = writeln!(
            out,
            "{} ({}): {}",
            s.name,
            capitalised(s.color.name()),
            s.notation()
        );
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "Scale (1.1, 11.18): {}.", f.scale.describe());
    let _ = writeln!(
        out,
        "Rounding: each arm to the nearest unit, halves up; an arm with troops keeps at least one unit."
    );
    let name_width = f
        .sides
        .iter()
        .map(|s| s.name.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let _ = writeln!(
        out,
        "  {:<name_width$}  {:<4} {:>12}  {:>9}  {:>5}  {:>6} -> {:>6}",
        "side", "type", "strength", "exact", "units", "share", "share"
    );
    for s in &f.sides {
        for a in &s.arms {
            let strength = format!("{} {}", a.strength, unit_word(a.kind, a.strength));
            let _ = writeln!(
                out,
                "  {:<name_width$}  {:<4} {:>12}  {:>9.2}  {:>5}  {:>5.1}% -> {:>5.1}%",
                s.name,
                a.kind.code(),
                strength,
                a.rounded.exact,
                a.rounded.count,
                a.share_before * 100.0,
                a.share_after * 100.0
            );
        }
    }
    let (a, b) = (&f.sides[0], &f.sides[1]);
    let fmt_ratio = |r: Option<f64>| r.map_or("-".to_string(), |r| format!("{r:.2}"));
    let _ = writeln!(out);
    let _ = writeln!(out, "Ratio {} : {} (11.18):", a.name, b.name);
    let _ = writeln!(
        out,
        "  men    {} : {} = {}",
        a.men,
        b.men,
        fmt_ratio(f.ratio.men)
    );
    let _ = writeln!(
        out,
        "  guns   {} : {} = {}",
        a.guns,
        b.guns,
        fmt_ratio(f.ratio.guns)
    );
    let _ = writeln!(
        out,
        "  units  {:.2} : {:.2} = {} before rounding, {} : {} = {} after",
        a.exact_units,
        b.exact_units,
        fmt_ratio(f.ratio.units_before),
        a.units,
        b.units,
        fmt_ratio(f.ratio.units_after)
    );
    let _ = writeln!(out);
    let _ = writeln!(out, "Game length: {}", game_length_text(&f.game_length));
    if !f.warnings.is_empty() {
        let _ = writeln!(out);
        for w in &f.warnings {
            let _ = writeln!(out, "warning[{}] [{}]: {w}", w.code(), w.rule());
        }
    }
    out
}

fn game_length_text(g: &GameLength) -> String {
    match (g.minutes, g.uncapped) {
        (Some(m), Some(u)) if u > g.turns => format!(
            "{} Game-Turns (the battle's {m} minutes would need {u} at five minutes a Game-Turn, errata 1.1; the Turn Record Track has {TURN_RECORD_TRACK}, 15.0)",
            g.turns
        ),
        (Some(m), _) => format!(
            "{} Game-Turns ({m} minutes at five minutes a Game-Turn, errata 1.1)",
            g.turns
        ),
        _ => format!("{} Game-Turns ({TO_BE_SET}: no duration given)", g.turns),
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// Smallest distance `d` such that the hexes within `d` of a single hex (1 + 3d(d+1)) can hold
/// the group at six stacking points a hex (7.0); at least 3, so a skeleton's zone leaves room.
fn placeholder_distance(units: &BTreeMap<UnitKind, u32>) -> u32 {
    let (mut two, mut three) = (0u32, 0u32);
    for (k, n) in units {
        if k.is_gun() {
            three = three.saturating_add(*n);
        } else {
            two = two.saturating_add(*n);
        }
    }
    let need = u64::from(min_hexes_for(two, three));
    let mut d = 3u32;
    while d < limits::MAX_DISTANCE && 1 + 3 * u64::from(d) * u64::from(d + 1) < need {
        d += 1;
    }
    d
}

/// A scenario skeleton from a factoring: both sides with their orders of battle in one group
/// each, game length from the duration, id, name and date from the battle. Deployment zones
/// (around V4 for the first side, H26 for the second), who deploys and moves first, and the
/// victory condition are starting points marked in `interpretations` as to be set by the designer.
pub fn skeleton(battle: &Battle, f: &Factoring) -> Scenario {
    let features = [SKELETON_DEFENDER_FEATURE, SKELETON_ATTACKER_FEATURE];
    let sides: Vec<Side> = f
        .sides
        .iter()
        .zip(features)
        .map(|(s, feature)| Side {
            id: s.id.clone(),
            name: s.name.clone(),
            color: s.color,
            morale: s.morale,
            groups: vec![Group {
                id: "a".into(),
                units: s.order_of_battle.clone(),
                markers: BTreeMap::new(),
                entry: Entry::Deploy {
                    zone: Zone::Within {
                        distance: placeholder_distance(&s.order_of_battle),
                        of: Box::new(Zone::Feature(feature.into())),
                    },
                    facing: None,
                },
            }],
        })
        .collect();
    let (first, second) = (&f.sides[0], &f.sides[1]);
    let victory = vec![VictoryCondition {
        side: second.id.clone(),
        goal: Goal::Hold {
            target: Zone::Feature(SKELETON_DEFENDER_FEATURE.into()),
            hexes: HoldHexes::Any,
            when: When::EndOfGame,
            no_enemy_within: None,
        },
        outcome: Outcome::Wins,
        printed: format!(
            "{} must hold {SKELETON_DEFENDER_FEATURE} at the end of the game ({TO_BE_SET}).",
            second.name
        ),
    }];

    let mut interpretations = vec![Interpretation {
        rule: "11.18".into(),
        text: format!(
            "Factored from historical strengths: {}. Scale: {}.",
            f.sides
                .iter()
                .map(|s| format!("{} {}", s.name, strengths_text(s)))
                .collect::<Vec<_>>()
                .join("; "),
            f.scale.describe()
        ),
        reading: format!(
            "Each arm rounded to the nearest unit, halves up, and an arm with troops kept at one unit at least: {}. Ratio {} : {} in units {} before rounding, {} after.",
            f.sides
                .iter()
                .map(|s| format!("{} {}", s.name, s.notation()))
                .collect::<Vec<_>>()
                .join("; "),
            first.name,
            second.name,
            f.ratio
                .units_before
                .map_or("-".into(), |r| format!("{r:.2}")),
            f.ratio
                .units_after
                .map_or("-".into(), |r| format!("{r:.2}")),
        ),
        explains: vec![],
    }];
    for w in &f.warnings {
        interpretations.push(Interpretation {
            rule: w.rule().into(),
            text: format!("Factoring warning ({})", w.code()),
            reading: w.to_string(),
            explains: vec![],
        });
    }
    interpretations.push(Interpretation {
        rule: "11.0".into(),
        text: "Deployment, sequence of play and victory conditions of a new scenario.".into(),
        reading: format!(
            "Starting points, {TO_BE_SET}: {} deploy within {} hexes of {SKELETON_DEFENDER_FEATURE} and deploy first; {} deploy within {} hexes of {SKELETON_ATTACKER_FEATURE} and move first; {} must hold {SKELETON_DEFENDER_FEATURE} at the end of the game. 11.18: victory conditions and game length should follow the events and duration of the battle.",
            first.name,
            placeholder_distance(&first.order_of_battle),
            second.name,
            placeholder_distance(&second.order_of_battle),
            second.name
        ),
        explains: vec![],
    });
    interpretations.push(Interpretation {
        rule: "1.1".into(),
        text: "Game length from the battle's duration.".into(),
        reading: game_length_text(&f.game_length),
        explains: vec![],
    });

    let mut notes = String::new();
    if !battle.notes.is_empty() {
        notes.push_str(battle.notes.trim());
        notes.push_str("\n\n");
    }
    notes.push_str("Factored per 11.18 from historical strengths");
    if !battle.source.is_empty() {
        let _ = write!(notes, "; figures: {}", battle.source.trim());
    }
    notes.push('.');

    Scenario {
        format: SCENARIO_FORMAT.into(),
        id: scenario_id(battle),
        rule: None,
        name: battle.name.clone(),
        date: battle.date.clone(),
        portion: battle.portion.clone(),
        map: DEFAULT_MAP.into(),
        sides,
        deploys_first: first.id.clone(),
        moves_first: second.id.clone(),
        game_length: f.game_length.turns,
        victory,
        special_rules: vec![],
        counter_values: BTreeMap::new(),
        setup: vec![],
        notes,
        interpretations,
    }
}

fn strengths_text(s: &FactoredSide) -> String {
    s.arms
        .iter()
        .map(|a| {
            format!(
                "{} {} {}",
                a.strength,
                a.kind.code(),
                unit_word(a.kind, a.strength)
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn scenario_id(battle: &Battle) -> String {
    let mut base = slug(&battle.name);
    if let Some(p) = &battle.portion {
        let p = slug(p);
        if !p.is_empty() {
            base = format!("{base}-{p}");
        }
    }
    let mut id = if base.is_empty() {
        "new-scenario".to_string()
    } else {
        base
    };
    id.truncate(64);
    id.trim_end_matches('-').to_string()
}

/// The skeleton in RON, with a comment header saying where it came from, what the designer
/// must set, and the factoring warnings.
pub fn skeleton_ron(battle: &Battle, f: &Factoring) -> Result<String, FactorError> {
    let scenario = skeleton(battle, f);
    // Unescaped strings keep notes readable: real line breaks, no `\'`.
    let config = ron::ser::PrettyConfig::default().escape_strings(false);
    let body = ron::ser::to_string_pretty(&scenario, config)
        .map_err(|e| FactorError::Write(e.to_string()))?;
    // Names and warnings come from the battle file: each comment line is made one printable
    // line, so that a name holding a line break cannot end the comment and inject RON.
    let mut out = String::new();
    let mut comment = |line: String| {
        out.push_str("// ");
        out.push_str(&comment_text(&line));
        out.push('\n');
    };
    comment(format!(
        "Scenario skeleton factored from {} by `saberc factor` (rule 11.18).",
        f.name
    ));
    for s in &f.sides {
        comment(format!(
            "{}: {} -> {}",
            s.name,
            strengths_text(s),
            s.notation()
        ));
    }
    comment(format!("Scale: {}.", f.scale.describe()));
    comment(format!(
        "Deployment zones, who deploys and moves first, and the victory condition are {TO_BE_SET}."
    ));
    for w in &f.warnings {
        comment(format!("warning[{}]: {w}", w.code()));
    }
    out.push_str(&body);
    out.push('\n');
    Ok(out)
}

/// Text for a `//` comment: line breaks (any of them: `\n`, `\r`, U+0085, U+2028, U+2029) and
/// every unprintable character are written as `\u{..}` escapes, so the comment stays one line.
fn comment_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            crate::diagnostic::push_printable(&mut out, c);
        }
    }
    out
}

/// `saberc check` on a battle file: parse, JSON Schema, then factoring. A battle that cannot be
/// factored is an error (`FAC001`); each factoring warning becomes a note (`FAC002`), since it
/// describes the source figures rather than a fault in the file.
pub fn check_battle(src: &Source) -> Vec<Diagnostic> {
    let battle: Battle = match parse(src) {
        Ok(b) => b,
        Err(d) => return vec![d],
    };
    let value = serde_json::to_value(&battle).expect("the model always serializes");
    let schema = json_schema::validate(DocKind::Battle, &value);
    if !schema.is_empty() {
        return schema;
    }
    match factor(&battle) {
        Err(e) => vec![Diagnostic::error(Code::BattleInvalid, e.to_string()).with_rule("11.18")],
        Ok(f) => f
            .warnings
            .iter()
            .map(|w| {
                let d = Diagnostic::note(Code::Factoring, w.to_string()).with_rule(w.rule());
                match warning_path(&battle, w) {
                    Some(p) => d.at_path(p),
                    None => d,
                }
            })
            .collect(),
    }
}

/// Where in a battle file a warning points.
fn warning_path(battle: &Battle, w: &FactorWarning) -> Option<Vec<PathSeg>> {
    let side_index = |name: &str| battle.sides.iter().position(|s| s.name == name);
    let arm = |name: &str, kind: UnitKind| {
        let i = side_index(name)?;
        let list = if kind.is_gun() { "guns" } else { "men" };
        Some(vec![
            PathSeg::key("sides"),
            PathSeg::Index(i),
            PathSeg::key(list),
            PathSeg::key(kind.code()),
        ])
    };
    match w {
        FactorWarning::RoundedUpToOne { side, kind, .. }
        | FactorWarning::ProportionShift { side, kind, .. }
        | FactorWarning::OverCount { side, kind, .. } => arm(side, *kind),
        FactorWarning::OverSideUnits { side, .. } => Some(vec![
            PathSeg::key("sides"),
            PathSeg::Index(side_index(side)?),
        ]),
        FactorWarning::RatioShift { .. } => Some(vec![PathSeg::key("sides")]),
        FactorWarning::OffScale { .. } => Some(vec![PathSeg::key("scale")]),
        FactorWarning::LongerThanTrack { .. } => Some(vec![PathSeg::key("duration_minutes")]),
        FactorWarning::NoDuration => None,
    }
}

/// What `saberc factor` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum FactorFormat {
    /// The orders of battle in the rules' notation with the rounding report and warnings.
    #[default]
    Notation,
    /// A scenario skeleton in RON.
    Ron,
    /// The full factoring as JSON, for programs.
    Json,
}

/// Arguments of `saberc factor`: a battle file, or the battle on the command line.
///
/// A side on the command line is `NAME [(Red|Blue)]: COUNT CODE[, COUNT CODE]...`, for example
/// `--side "British (Red): 1200 MZ, 12 MA"`. CODE is a unit type of 2.31 (MZ EB LB CY MR MG MA
/// MAh BA BAh, any case; `MzA` as 11.18 spells it is MA); COUNT is men for MZ EB LB CY MR and
/// guns for MG MA MAh BA BAh, and may be followed by the word `men` or `guns` as a check.
/// Items are separated by `,` or `;`.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct FactorArgs {
    /// Battle file (RON or JSON) with the sides' strengths; flags given too override its values.
    #[arg(value_name = "BATTLE")]
    pub battle: Option<PathBuf>,
    /// Battle name (needed without a battle file).
    #[arg(long)]
    pub name: Option<String>,
    /// Date as printed, e.g. "5 November 1854".
    #[arg(long)]
    pub date: Option<String>,
    /// Portion of the battle recreated.
    #[arg(long)]
    pub portion: Option<String>,
    /// How long the fighting lasted, in minutes (a Game-Turn is five minutes, errata 1.1).
    #[arg(long, value_name = "MINUTES")]
    pub duration: Option<u32>,
    /// A side: "NAME [(Red|Blue)]: COUNT CODE, ..."; give it twice, the side that deploys first
    /// first. Not with a battle file.
    #[arg(long = "side", value_name = "SIDE", value_parser = parse_side, conflicts_with = "battle")]
    pub sides: Vec<HistoricalSide>,
    /// Men per infantry or mounted unit (default 100; the rules say 100-150).
    #[arg(long, value_name = "MEN")]
    pub men_per_unit: Option<u32>,
    /// Guns per artillery unit (default 6; the rules say 4-6).
    #[arg(long, value_name = "GUNS")]
    pub guns_per_unit: Option<u32>,
    /// Machine guns per machine-gun unit (default: as guns per unit).
    #[arg(long = "mg-per-unit", value_name = "GUNS")]
    pub machine_guns_per_unit: Option<u32>,
    /// Overall reduction as a fraction kept: "1/3" keeps a third.
    #[arg(long, value_name = "FRACTION", value_parser = parse_fraction)]
    pub reduce: Option<Ratio>,
    /// Output: the order of battle in the rules' notation, a scenario skeleton in RON, or JSON.
    #[arg(long, value_enum, default_value_t)]
    pub format: FactorFormat,
}

/// Parse a fraction `N/D` or a whole number `N` (`1/3`, `2/3`, `1`).
pub fn parse_fraction(text: &str) -> Result<Ratio, String> {
    let t = text.trim();
    let (num, den) = match t.split_once('/') {
        Some((n, d)) => (n.trim(), d.trim()),
        None => (t, "1"),
    };
    let parse = |s: &str| {
        s.parse::<u32>()
            .map_err(|_| format!("{text:?} is not a fraction like 1/3"))
    };
    let (num, den) = (parse(num)?, parse(den)?);
    if num == 0 || den == 0 {
        return Err(format!(
            "{text:?}: both parts of the fraction must be positive"
        ));
    }
    Ok(Ratio::new(num, den))
}

/// Parse a `--side` argument (syntax in [`FactorArgs`]).
pub fn parse_side(text: &str) -> Result<HistoricalSide, String> {
    let (head, items) = text.split_once(':').ok_or_else(|| {
        "expected `NAME: COUNT CODE, ...`, e.g. `British: 1200 MZ, 12 MA`".to_string()
    })?;
    let head = head.trim();
    let (name, color) = match head.strip_suffix(')').and_then(|h| h.rsplit_once('(')) {
        Some((name, color)) => {
            let color = match color.trim().to_ascii_lowercase().as_str() {
                "red" => CounterColor::Red,
                "blue" => CounterColor::Blue,
                other => return Err(format!("unknown colour {other:?}; use Red or Blue")),
            };
            (name.trim(), Some(color))
        }
        None => (head, None),
    };
    if name.is_empty() {
        return Err("the side needs a name before the `:`".into());
    }
    let mut side = HistoricalSide {
        name: name.to_string(),
        id: None,
        color,
        morale: Morale::Normal,
        men: BTreeMap::new(),
        guns: BTreeMap::new(),
    };
    for item in items.split([',', ';']).map(str::trim) {
        if item.is_empty() {
            continue;
        }
        let words: Vec<&str> = item.split_whitespace().collect();
        let (count, code, word) = match words.as_slice() {
            [n, c] => (*n, *c, None),
            [n, c, w] => (*n, *c, Some(*w)),
            _ => return Err(format!("{item:?} is not `COUNT CODE`, e.g. `1200 MZ`")),
        };
        let count: u32 = count
            .parse()
            .map_err(|_| format!("{count:?} in {item:?} is not a whole number"))?;
        let kind = unit_code(code).ok_or_else(|| {
            format!("unknown unit type {code:?}; use one of MZ EB LB CY MR MG MA MAh BA BAh")
        })?;
        if let Some(w) = word {
            let expected = if kind.is_gun() { "guns" } else { "men" };
            let w = w.to_ascii_lowercase();
            if w.trim_end_matches('s') != expected.trim_end_matches('s') {
                return Err(format!(
                    "{item:?}: {} is counted in {expected}",
                    kind.code()
                ));
            }
        }
        let duplicate = match kind {
            UnitKind::MZ => side.men.insert(MenKind::MZ, count),
            UnitKind::EB => side.men.insert(MenKind::EB, count),
            UnitKind::LB => side.men.insert(MenKind::LB, count),
            UnitKind::CY => side.men.insert(MenKind::CY, count),
            UnitKind::MR => side.men.insert(MenKind::MR, count),
            UnitKind::MG => side.guns.insert(GunKind::MG, count),
            UnitKind::MA => side.guns.insert(GunKind::MA, count),
            UnitKind::MAh => side.guns.insert(GunKind::MAh, count),
            UnitKind::BA => side.guns.insert(GunKind::BA, count),
            UnitKind::BAh => side.guns.insert(GunKind::BAh, count),
        };
        if duplicate.is_some() {
            return Err(format!("{} is given twice", kind.code()));
        }
    }
    if side.men.is_empty() && side.guns.is_empty() {
        return Err("the side has no strengths after the `:`".into());
    }
    Ok(side)
}

fn unit_code(code: &str) -> Option<UnitKind> {
    if code.eq_ignore_ascii_case("MzA") {
        return Some(UnitKind::MA);
    }
    UnitKind::ALL
        .into_iter()
        .find(|k| k.code().eq_ignore_ascii_case(code))
}

/// Read a battle file: JSON when the name ends in `.json`, RON otherwise.
pub fn read_battle(path: &Path) -> Result<Battle, FactorError> {
    // Only a regular file, never a FIFO (which would wait for a writer forever), within the
    // size limit: the same read as every other input.
    let bytes = crate::source::read_regular(path).map_err(|d| match d.code {
        Code::Io => FactorError::Io {
            path: path.to_path_buf(),
            source: std::io::Error::other(
                d.message
                    .split_once(": ")
                    .map(|(_, why)| why.to_string())
                    .unwrap_or(d.message.clone()),
            ),
        },
        _ => FactorError::Invalid(d.message),
    })?;
    let text = String::from_utf8(bytes).map_err(|e| FactorError::Parse {
        path: path.to_path_buf(),
        message: format!(
            "the file is not UTF-8 text (byte {} is not part of a UTF-8 character)",
            e.utf8_error().valid_up_to()
        ),
    })?;
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(&text);
    let is_json = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"));
    let parsed = if is_json {
        serde_json::from_str(&text).map_err(|e| e.to_string())
    } else {
        ron::Options::default()
            .from_str(&text)
            .map_err(|e| e.to_string())
    };
    parsed.map_err(|message| FactorError::Parse {
        path: path.to_path_buf(),
        message,
    })
}

/// The battle the arguments describe: the file (if any) with the flags laid over it.
pub fn battle_from_args(args: &FactorArgs) -> Result<Battle, FactorError> {
    let mut battle = match &args.battle {
        Some(path) => {
            if !args.sides.is_empty() {
                return Err(FactorError::Usage(
                    "give the sides either in the battle file or with --side, not both".into(),
                ));
            }
            read_battle(path)?
        }
        None => {
            let name = args.name.clone().ok_or_else(|| {
                FactorError::Usage("give a battle file, or --name and two --side".into())
            })?;
            if args.sides.len() != 2 {
                return Err(FactorError::Usage(format!(
                    "give --side twice, once per side; got {}",
                    args.sides.len()
                )));
            }
            Battle {
                format: None,
                name,
                date: String::new(),
                portion: None,
                duration_minutes: None,
                source: String::new(),
                notes: String::new(),
                sides: args.sides.clone(),
                scale: Scale::default(),
                thresholds: Thresholds::default(),
            }
        }
    };
    if let Some(name) = &args.name {
        battle.name = name.clone();
    }
    if let Some(date) = &args.date {
        battle.date = date.clone();
    }
    if let Some(portion) = &args.portion {
        battle.portion = Some(portion.clone());
    }
    if let Some(d) = args.duration {
        battle.duration_minutes = Some(d);
    }
    if let Some(n) = args.men_per_unit {
        battle.scale.men_per_unit = n;
    }
    if let Some(n) = args.guns_per_unit {
        battle.scale.guns_per_unit = n;
    }
    if let Some(n) = args.machine_guns_per_unit {
        battle.scale.machine_guns_per_unit = Some(n);
    }
    if let Some(r) = args.reduce {
        battle.scale.reduction = r;
    }
    Ok(battle)
}

/// `saberc factor`: factor the battle the arguments describe and render it in the chosen format.
/// Warnings are part of the output (in the report, as comments and interpretation notes in the
/// skeleton, as a list in JSON); they are not failures.
pub fn run(args: &FactorArgs) -> Result<String, FactorError> {
    let battle = battle_from_args(args)?;
    let f = factor(&battle)?;
    match args.format {
        FactorFormat::Notation => Ok(report(&f)),
        FactorFormat::Ron => skeleton_ron(&battle, &f),
        FactorFormat::Json => serde_json::to_string_pretty(&f)
            .map(|mut s| {
                s.push('\n');
                s
            })
            .map_err(|e| FactorError::Write(e.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn side(name: &str, men: &[(MenKind, u32)], guns: &[(GunKind, u32)]) -> HistoricalSide {
        HistoricalSide {
            name: name.into(),
            id: None,
            color: None,
            morale: Morale::Normal,
            men: men.iter().copied().collect(),
            guns: guns.iter().copied().collect(),
        }
    }

    fn battle(a: HistoricalSide, b: HistoricalSide) -> Battle {
        Battle {
            format: None,
            name: "Test".into(),
            date: "1 January 1870".into(),
            portion: None,
            duration_minutes: Some(50),
            source: String::new(),
            notes: String::new(),
            sides: vec![a, b],
            scale: Scale::default(),
            thresholds: Thresholds::default(),
        }
    }

    fn codes(f: &Factoring) -> Vec<&'static str> {
        f.warnings.iter().map(FactorWarning::code).collect()
    }

    #[test]
    fn worked_example_of_11_18() {
        // "1,200 infantry equipped with muzzleloading rifles and 12 muzzle-loading cannon, you
        // merely need 12 Mz units and 2 MzA units."
        let b = battle(
            side("Union", &[(MenKind::MZ, 1200)], &[(GunKind::MA, 12)]),
            side("Confederates", &[(MenKind::MZ, 1200)], &[(GunKind::MA, 12)]),
        );
        let f = factor(&b).unwrap();
        let expected: BTreeMap<UnitKind, u32> = [(UnitKind::MZ, 12), (UnitKind::MA, 2)]
            .into_iter()
            .collect();
        assert_eq!(f.sides[0].order_of_battle, expected);
        assert_eq!(f.sides[0].notation(), "12 MZ; 2 MA");
        assert_eq!(f.sides[0].exact_units, 14.0);
        assert_eq!(f.sides[0].men, 1200);
        assert_eq!(f.sides[0].guns, 12);
        assert!(f.warnings.is_empty(), "{:?}", f.warnings);
        assert_eq!(f.game_length.turns, 10);
    }

    #[test]
    fn rounding_is_half_up_and_never_to_zero() {
        let one = Ratio::new(1, 1);
        assert_eq!(round_units(150, 100, one).count, 2);
        assert_eq!(round_units(149, 100, one).count, 1);
        assert_eq!(round_units(250, 100, one).count, 3);
        let half = round_units(50, 100, one);
        assert_eq!((half.nearest, half.count), (1, 1));
        assert!(!half.raised_to_one());
        let small = round_units(49, 100, one);
        assert_eq!((small.nearest, small.count), (0, 1));
        assert!(small.raised_to_one());
        assert_eq!(round_units(0, 100, one).count, 0);
        // Worth-style reduction to a third: 1,200 men are 4 units; 3 guns are a quarter.
        assert_eq!(round_units(1200, 100, Ratio::new(1, 3)).count, 4);
        let r = round_units(3, 6, Ratio::new(1, 2));
        assert_eq!((r.exact, r.nearest, r.count), (0.25, 0, 1));
        // Ties are decided exactly, not by floating point: 450 × 1/3 ÷ 100 = 1.5.
        assert_eq!(round_units(450, 100, Ratio::new(1, 3)).count, 2);
        assert_eq!(round_units(u32::MAX, 1, Ratio::new(2, 1)).count, u32::MAX);
    }

    #[test]
    fn an_arm_rounding_to_zero_is_kept_with_a_warning() {
        let b = battle(
            side("British", &[(MenKind::MZ, 1000), (MenKind::CY, 40)], &[]),
            side("Russians", &[(MenKind::MZ, 1000)], &[]),
        );
        let f = factor(&b).unwrap();
        assert_eq!(f.sides[0].notation(), "10 MZ; 1 CY");
        assert_eq!(
            codes(&f),
            vec!["proportion-shift", "rounded-up-to-one", "proportion-shift"]
        );
        let w = &f.warnings[1];
        assert_eq!(
            *w,
            FactorWarning::RoundedUpToOne {
                side: "British".into(),
                kind: UnitKind::CY,
                strength: 40,
                exact: 0.4
            }
        );
        assert_eq!(
            w.to_string(),
            "British: 40 men CY make 0.40 units, which rounds to none; kept as 1 CY so the arm does not vanish (remove it if it should)"
        );
        // 0.4 of 10.4 exact units is 3.8%; 1 of 11 is 9.1%: moved more than 5 points.
        assert_eq!(
            f.warnings[2].to_string(),
            "British: CY is 9.1% of the side's units after rounding but 3.8% before"
        );
    }

    #[test]
    fn proportion_and_ratio_shifts_are_warned() {
        let b = battle(
            side("A", &[(MenKind::MZ, 149)], &[]),
            side("B", &[(MenKind::MZ, 250)], &[]),
        );
        let f = factor(&b).unwrap();
        // 1.49 : 2.5 = 0.60 before, 1 : 3 = 0.33 after.
        assert_eq!(f.sides[0].units, 1);
        assert_eq!(f.sides[1].units, 3);
        assert_eq!(codes(&f), vec!["ratio-shift"]);
        let FactorWarning::RatioShift { before, after } = f.warnings[0] else {
            panic!("expected a ratio shift");
        };
        assert!((before - 0.596).abs() < 1e-9);
        assert!((after - 1.0 / 3.0).abs() < 1e-9);

        // Within the thresholds: no warnings.
        let b = battle(
            side("A", &[(MenKind::MZ, 1510)], &[(GunKind::BA, 10)]),
            side("B", &[(MenKind::EB, 2000)], &[(GunKind::BA, 12)]),
        );
        let f = factor(&b).unwrap();
        assert_eq!(f.sides[0].notation(), "15 MZ; 2 BA");
        assert!(f.warnings.is_empty(), "{:?}", f.warnings);

        // A loose threshold silences the ratio warning.
        let mut b = battle(
            side("A", &[(MenKind::MZ, 149)], &[]),
            side("B", &[(MenKind::MZ, 250)], &[]),
        );
        b.thresholds.ratio_percent = 50;
        assert!(factor(&b).unwrap().warnings.is_empty());
    }

    #[test]
    fn counts_over_the_limits_are_warned() {
        let b = battle(
            side(
                "Big",
                &[(MenKind::MZ, 120_000), (MenKind::EB, 120_000)],
                &[],
            ),
            side("Small", &[(MenKind::MZ, 100)], &[]),
        );
        let f = factor(&b).unwrap();
        assert_eq!(
            codes(&f),
            vec!["over-count", "over-count", "over-side-units"]
        );
        assert_eq!(
            f.warnings[2].to_string(),
            "Big: 2400 units is more than the 2000 a side may hold; use a larger reduction"
        );
        // A tenth fits.
        let mut b = b;
        b.scale.reduction = Ratio::new(1, 10);
        let f = factor(&b).unwrap();
        assert_eq!(f.sides[0].notation(), "120 MZ; 120 EB");
        assert!(!codes(&f).iter().any(|c| c.starts_with("over")));
    }

    #[test]
    fn game_length_follows_the_duration() {
        assert_eq!(turns_for_minutes(1), (1, 1));
        assert_eq!(turns_for_minutes(35), (7, 7));
        assert_eq!(turns_for_minutes(36), (8, 8));
        assert_eq!(turns_for_minutes(100), (20, 20));
        assert_eq!(turns_for_minutes(120), (20, 24));

        let mut b = battle(
            side("A", &[(MenKind::MZ, 1000)], &[]),
            side("B", &[(MenKind::MZ, 1000)], &[]),
        );
        b.duration_minutes = Some(120);
        let f = factor(&b).unwrap();
        assert_eq!(f.game_length.turns, 20);
        assert_eq!(
            f.warnings,
            vec![FactorWarning::LongerThanTrack {
                minutes: 120,
                turns: 24
            }]
        );
        b.duration_minutes = None;
        let f = factor(&b).unwrap();
        assert_eq!(f.game_length.turns, DEFAULT_GAME_LENGTH);
        assert_eq!(f.warnings, vec![FactorWarning::NoDuration]);
        b.duration_minutes = Some(0);
        assert!(matches!(factor(&b), Err(FactorError::Invalid(_))));
    }

    #[test]
    fn scale_outside_the_game_scale_is_warned() {
        let mut b = battle(
            side("A", &[(MenKind::MZ, 1000)], &[(GunKind::MA, 8)]),
            side("B", &[(MenKind::MZ, 1000)], &[(GunKind::MG, 2)]),
        );
        b.scale.men_per_unit = 200;
        b.scale.guns_per_unit = 4;
        b.scale.machine_guns_per_unit = Some(2);
        let f = factor(&b).unwrap();
        assert_eq!(f.sides[0].notation(), "5 MZ; 2 MA");
        assert_eq!(f.sides[1].notation(), "5 MZ; 1 MG");
        assert_eq!(codes(&f), vec!["off-scale"]);
        assert_eq!(
            f.warnings[0].to_string(),
            "200 men per unit is outside the 100 to 150 of the game scale"
        );
    }

    #[test]
    fn notation_follows_the_unit_identification_chart() {
        let units: BTreeMap<UnitKind, u32> = [
            (UnitKind::BAh, 1),
            (UnitKind::MZ, 3),
            (UnitKind::CY, 0),
            (UnitKind::MG, 2),
            (UnitKind::LB, 4),
        ]
        .into_iter()
        .collect();
        assert_eq!(notation(&units), "3 MZ; 4 LB; 2 MG; 1 BAh");
        assert_eq!(notation(&BTreeMap::new()), "-");
    }

    #[test]
    fn report_shows_rounding_ratio_and_warnings() {
        let mut b = battle(
            side("British", &[(MenKind::MZ, 1200)], &[(GunKind::MA, 12)]),
            side("Russians", &[(MenKind::MZ, 3000), (MenKind::CY, 30)], &[]),
        );
        b.sides[1].color = Some(CounterColor::Red);
        let text = report(&factor(&b).unwrap());
        let expected = "\
Test (1 January 1870)
British (Blue): 12 MZ; 2 MA
Russians (Red): 30 MZ; 1 CY

Scale (1.1, 11.18): 100 men or 6 guns per unit, forces at full strength.
Rounding: each arm to the nearest unit, halves up; an arm with troops keeps at least one unit.
  side      type     strength      exact  units   share ->  share
  British   MZ       1200 men      12.00     12   85.7% ->  85.7%
  British   MA        12 guns       2.00      2   14.3% ->  14.3%
  Russians  MZ       3000 men      30.00     30   99.0% ->  96.8%
  Russians  CY         30 men       0.30      1    1.0% ->   3.2%

Ratio British : Russians (11.18):
  men    1200 : 3030 = 0.40
  guns   12 : 0 = -
  units  14.00 : 30.30 = 0.46 before rounding, 14 : 31 = 0.45 after

Game length: 10 Game-Turns (50 minutes at five minutes a Game-Turn, errata 1.1)

warning[rounded-up-to-one] [11.18]: Russians: 30 men CY make 0.30 units, which rounds to none; kept as 1 CY so the arm does not vanish (remove it if it should)
";
        assert_eq!(text, expected);
    }

    #[test]
    fn side_syntax() {
        let s = parse_side("British (Red): 1200 MZ, 12 MA").unwrap();
        assert_eq!(s.name, "British");
        assert_eq!(s.color, Some(CounterColor::Red));
        assert_eq!(s.men, [(MenKind::MZ, 1200)].into_iter().collect());
        assert_eq!(s.guns, [(GunKind::MA, 12)].into_iter().collect());

        let s = parse_side("Union: 1200 mz men; 12 MzA guns; 2 mah; 1 MG gun").unwrap();
        assert_eq!(s.color, None);
        assert_eq!(
            s.guns,
            [(GunKind::MA, 12), (GunKind::MAh, 2), (GunKind::MG, 1)]
                .into_iter()
                .collect()
        );

        for (bad, why) in [
            ("British 1200 MZ", "expected `NAME: COUNT CODE"),
            ("British: 12 MZ guns", "MZ is counted in men"),
            ("British: 1200 MX", "unknown unit type \"MX\""),
            ("British: 1200 MZ, 10 MZ", "MZ is given twice"),
            ("British (Green): 1200 MZ", "unknown colour \"green\""),
            ("British: many MZ", "is not a whole number"),
            (": 12 MZ", "needs a name"),
            ("British:", "no strengths"),
            ("British: 1200", "is not `COUNT CODE`"),
        ] {
            let err = parse_side(bad).unwrap_err();
            assert!(err.contains(why), "{bad}: {err}");
        }
    }

    #[test]
    fn fraction_syntax() {
        assert_eq!(parse_fraction("1/3"), Ok(Ratio::new(1, 3)));
        assert_eq!(parse_fraction(" 2 / 3 "), Ok(Ratio::new(2, 3)));
        assert_eq!(parse_fraction("1"), Ok(Ratio::new(1, 1)));
        assert!(parse_fraction("0/3").is_err());
        assert!(parse_fraction("1/0").is_err());
        assert!(parse_fraction("0.33").is_err());
    }

    #[test]
    fn slugs_and_ids() {
        assert_eq!(slug("Königgrätz"), "koniggratz");
        assert_eq!(slug("Spicheren (Rote Berg)"), "spicheren-rote-berg");
        assert_eq!(slug("  --  "), "");
        assert_eq!(slug("Burnside's Bridge"), "burnsides-bridge");
        let b = battle(
            side("1st Division", &[(MenKind::MZ, 100)], &[]),
            side("中国", &[(MenKind::MZ, 100)], &[]),
        );
        let f = factor(&b).unwrap();
        assert_eq!(f.sides[0].id, "side-1st-division");
        assert_eq!(f.sides[1].id, "side-2");
    }

    #[test]
    fn invalid_battles_are_refused() {
        let ok = || {
            battle(
                side("A", &[(MenKind::MZ, 100)], &[]),
                side("B", &[(MenKind::MZ, 100)], &[]),
            )
        };
        let mut b = ok();
        b.sides.push(side("C", &[(MenKind::MZ, 100)], &[]));
        assert!(factor(&b).unwrap_err().to_string().contains("two sides"));
        let mut b = ok();
        b.sides[0].color = Some(CounterColor::Blue);
        b.sides[1].color = Some(CounterColor::Blue);
        assert!(
            factor(&b)
                .unwrap_err()
                .to_string()
                .contains("both sides are blue")
        );
        let mut b = ok();
        b.sides[1].men.insert(MenKind::MZ, 0);
        assert_eq!(
            factor(&b).unwrap_err().to_string(),
            "B has no men and no guns"
        );
        let mut b = ok();
        b.format = Some("saber-battle/2".into());
        assert!(
            factor(&b)
                .unwrap_err()
                .to_string()
                .contains("reads \"saber-battle/1\"")
        );
        b.format = Some(BATTLE_FORMAT.into());
        assert!(factor(&b).is_ok());
        let mut b = ok();
        b.scale.guns_per_unit = 0;
        assert!(factor(&b).is_err());
        let mut b = ok();
        b.scale.reduction = Ratio::new(0, 3);
        assert!(factor(&b).is_err());
        let mut b = ok();
        b.sides[1].name = "a".into();
        assert!(
            factor(&b)
                .unwrap_err()
                .to_string()
                .contains("give one of them an `id`")
        );
        // Only one colour given: the other side gets the other colour.
        let mut b = ok();
        b.sides[1].color = Some(CounterColor::Red);
        let f = factor(&b).unwrap();
        assert_eq!(f.sides[0].color, CounterColor::Blue);
    }

    #[test]
    fn skeleton_has_both_sides_and_marks_what_is_to_be_set() {
        let mut b = battle(
            side("British", &[(MenKind::MZ, 1200)], &[(GunKind::MA, 12)]),
            side("Russians", &[(MenKind::MZ, 6000)], &[(GunKind::MA, 24)]),
        );
        b.name = "Inkerman".into();
        b.portion = Some("The Sandbag Battery".into());
        b.source = "approximate".into();
        b.notes = "A \"quoted\" note\nover two lines, with Inkerman's apostrophe.".into();
        let f = factor(&b).unwrap();
        let s = skeleton(&b, &f);
        assert_eq!(s.id, "inkerman-the-sandbag-battery");
        assert_eq!(s.format, SCENARIO_FORMAT);
        assert_eq!(s.rule, None);
        assert_eq!(s.side_ids(), vec!["british", "russians"]);
        assert_eq!(s.deploys_first, "british");
        assert_eq!(s.moves_first, "russians");
        assert_eq!(s.game_length, 10);
        assert_eq!(s.sides[0].groups[0].notation(), "12 MZ; 2 MA");
        assert_eq!(s.sides[1].groups[0].notation(), "60 MZ; 4 MA");
        // 12 two-point units and 2 guns need 5 hexes: distance 3 is ample. 60 + 4 need 22.
        assert_eq!(
            s.sides[0].groups[0].deploy_zone(),
            Some(&Zone::Within {
                distance: 3,
                of: Box::new(Zone::Feature("V4".into()))
            })
        );
        assert_eq!(
            s.sides[1].groups[0].deploy_zone(),
            Some(&Zone::Within {
                distance: 3,
                of: Box::new(Zone::Feature("H26".into()))
            })
        );
        assert_eq!(s.victory.len(), 1);
        assert_eq!(s.victory[0].side, "russians");
        assert!(s.victory[0].printed.contains(TO_BE_SET));
        assert!(
            s.interpretations
                .iter()
                .any(|i| i.rule == "11.0" && i.reading.contains(TO_BE_SET))
        );
        assert!(
            s.notes
                .ends_with("Factored per 11.18 from historical strengths; figures: approximate.")
        );

        // The RON text parses back to the same scenario.
        let text = skeleton_ron(&b, &f).unwrap();
        assert!(text.starts_with("// Scenario skeleton factored from Inkerman"));
        assert!(text.contains("Inkerman's apostrophe"), "{text}");
        let back: Scenario = ron::Options::default().from_str(&text).unwrap();
        assert_eq!(back, s);
    }

    #[test]
    fn placeholder_zone_grows_with_the_force() {
        let units = |n| [(UnitKind::MZ, n)].into_iter().collect();
        assert_eq!(placeholder_distance(&units(3)), 3);
        // 37 hexes within 3: 111 two-point units fit, 112 do not.
        assert_eq!(placeholder_distance(&units(111)), 3);
        assert_eq!(placeholder_distance(&units(112)), 4);
    }

    #[derive(clap::Parser)]
    struct Cli {
        #[command(flatten)]
        factor: FactorArgs,
    }

    fn cli(args: &[&str]) -> Result<FactorArgs, clap::Error> {
        use clap::Parser;
        Cli::try_parse_from(std::iter::once("factor").chain(args.iter().copied())).map(|c| c.factor)
    }

    #[test]
    fn factor_args_are_a_valid_clap_definition() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }

    #[test]
    fn run_from_flags() {
        let args = cli(&[
            "--name",
            "Test",
            "--side",
            "Union (Blue): 1200 MZ, 12 MA",
            "--side",
            "Confederates: 3600 MZ, 24 MA",
            "--reduce",
            "1/3",
            "--duration",
            "40",
        ])
        .unwrap();
        let out = run(&args).unwrap();
        assert!(
            out.starts_with("Test\nUnion (Blue): 4 MZ; 1 MA\nConfederates (Red): 12 MZ; 1 MA\n"),
            "{out}"
        );
        assert!(out.contains("forces reduced to 1/3"));
        assert!(out.contains("Game length: 8 Game-Turns"));
        // 4/3 guns round to 1: the guns ratio moves, and the report says so.
        assert!(out.contains("warning[proportion-shift]"), "{out}");

        let json = run(&FactorArgs {
            format: FactorFormat::Json,
            ..args.clone()
        })
        .unwrap();
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["sides"][1]["order_of_battle"]["MZ"], 12);

        let ron_text = run(&FactorArgs {
            format: FactorFormat::Ron,
            ..args
        })
        .unwrap();
        let s: Scenario = ron::Options::default().from_str(&ron_text).unwrap();
        assert_eq!(s.game_length, 8);
        assert_eq!(s.sides[0].color, CounterColor::Blue);
    }

    #[test]
    fn run_usage_errors() {
        assert!(cli(&["--side", "A: 100 MZ", "--format", "ron"]).is_ok());
        let e = run(&cli(&["--side", "A: 100 MZ"]).unwrap()).unwrap_err();
        assert!(matches!(e, FactorError::Usage(_)), "{e}");
        let e = run(&cli(&["--name", "X", "--side", "A: 100 MZ"]).unwrap()).unwrap_err();
        assert_eq!(e.to_string(), "give --side twice, once per side; got 1");
        assert!(cli(&["--side", "A 100 MZ"]).is_err());
        assert!(cli(&["--reduce", "third"]).is_err());
        assert!(cli(&["b.ron", "--side", "A: 100 MZ"]).is_err());
        let e = run(&cli(&["/nonexistent/battle.ron"]).unwrap()).unwrap_err();
        assert!(matches!(e, FactorError::Io { .. }));
        assert!(!e.is_input_error());
    }

    #[test]
    fn run_from_files() {
        let dir = tempfile::tempdir().unwrap();
        let ron_path = dir.path().join("b.ron");
        std::fs::write(
            &ron_path,
            r#"// comments are allowed
            (
                name: "Majuba Hill",
                date: "27 February 1881",
                duration_minutes: Some(30),
                sides: [
                    (name: "British", color: Some(Red), men: {LB: 400}),
                    (name: "Boers", men: {MR: 450}),
                ],
                scale: (men_per_unit: 100, reduction: (num: 1, den: 1)),
            )"#,
        )
        .unwrap();
        let args = FactorArgs {
            battle: Some(ron_path.clone()),
            men_per_unit: Some(150),
            ..FactorArgs::default()
        };
        let out = run(&args).unwrap();
        assert!(
            out.contains("British (Red): 3 LB\nBoers (Blue): 3 MR\n"),
            "{out}"
        );
        assert!(out.contains("150 men or 6 guns per unit"));

        let json_path = dir.path().join("b.json");
        std::fs::write(
            &json_path,
            r#"{"name": "J", "sides": [{"name": "A", "guns": {"BA": 12}}, {"name": "B", "men": {"EB": 500}}]}"#,
        )
        .unwrap();
        let out = run(&FactorArgs {
            battle: Some(json_path),
            ..FactorArgs::default()
        })
        .unwrap();
        assert!(out.contains("A (Red): 2 BA\nB (Blue): 5 EB\n"), "{out}");

        std::fs::write(&ron_path, "(name: \"X\", sides: [], bogus: 1)").unwrap();
        let e = run(&FactorArgs {
            battle: Some(ron_path),
            ..FactorArgs::default()
        })
        .unwrap_err();
        assert!(matches!(e, FactorError::Parse { .. }), "{e}");
        assert!(e.is_input_error());
        assert!(e.to_string().contains("bogus"), "{e}");
    }

    #[test]
    fn check_battle_reports_factoring_as_notes() {
        use crate::diagnostic::Severity;
        let src = Source::from_text(
            "b.ron",
            r#"(
                format: Some("saber-battle/1"),
                name: "Balaklava",
                duration_minutes: Some(120),
                sides: [
                    (name: "British", men: {CY: 670}),
                    (name: "Russians", men: {CY: 2000, MZ: 30}, guns: {MA: 8}),
                ],
            )"#,
        );
        let diags = check_battle(&src);
        let codes: Vec<(Severity, &str, Option<String>)> = diags
            .iter()
            .map(|d| {
                (
                    d.severity,
                    d.code.as_str(),
                    d.path.as_ref().map(|p| crate::diagnostic::pointer(p)),
                )
            })
            .collect();
        assert_eq!(
            codes,
            vec![
                (Severity::Note, "FAC002", Some("/sides/1/men/MZ".into())),
                (Severity::Note, "FAC002", Some("/duration_minutes".into())),
            ]
        );
        assert_eq!(diags[1].rule.as_deref(), Some("15.0"));

        let bad = Source::from_text(
            "b.ron",
            r#"(format: Some("saber-battle/1"), name: "X", sides: [(name: "A", men: {MZ: 1})])"#,
        );
        let diags = check_battle(&bad);
        assert_eq!(diags.len(), 1);
        assert_eq!(diags[0].code.as_str(), "SCH001");

        let same = Source::from_text(
            "b.ron",
            r#"(name: "X", sides: [(name: "A", color: Some(Red), men: {MZ: 100}),
                                   (name: "B", color: Some(Red), men: {MZ: 100})])"#,
        );
        let diags = check_battle(&same);
        assert_eq!(diags.len(), 1);
        assert_eq!(diags[0].severity, Severity::Error);
        assert_eq!(diags[0].code.as_str(), "FAC001");
        assert!(diags[0].message.contains("both sides are red"));

        let typo = Source::from_text("b.ron", r#"(format: Some("saber-battle/1"), nmae: "X")"#);
        assert_eq!(check_battle(&typo)[0].severity, Severity::Error);
    }

    fn arb_side() -> impl Strategy<Value = HistoricalSide> {
        (
            proptest::collection::btree_map(
                prop_oneof![
                    Just(MenKind::MZ),
                    Just(MenKind::EB),
                    Just(MenKind::LB),
                    Just(MenKind::CY),
                    Just(MenKind::MR)
                ],
                1u32..20_000,
                0..4,
            ),
            proptest::collection::btree_map(
                prop_oneof![
                    Just(GunKind::MG),
                    Just(GunKind::MA),
                    Just(GunKind::MAh),
                    Just(GunKind::BA),
                    Just(GunKind::BAh)
                ],
                1u32..80,
                0..3,
            ),
        )
            .prop_filter("a side has troops", |(m, g)| !m.is_empty() || !g.is_empty())
            .prop_map(|(men, guns)| HistoricalSide {
                name: "S".into(),
                id: None,
                color: None,
                morale: Morale::Normal,
                men,
                guns,
            })
    }

    fn arb_battle() -> impl Strategy<Value = Battle> {
        (
            arb_side(),
            arb_side(),
            100u32..=150,
            4u32..=6,
            1u32..=4,
            1u32..=6,
        )
            .prop_map(|(mut a, mut b, men, guns, num, den)| {
                a.name = "A".into();
                b.name = "B".into();
                let mut battle = battle(a, b);
                battle.scale.men_per_unit = men;
                battle.scale.guns_per_unit = guns;
                battle.scale.reduction = Ratio::new(num, den.max(num));
                battle
            })
    }

    /// Largest error rounding can put into a side's unit total: half a unit per arm, plus up to
    /// another half for each arm raised from below one half to one.
    fn rounding_slack(s: &FactoredSide) -> f64 {
        s.arms
            .iter()
            .map(|a| if a.rounded.raised_to_one() { 1.0 } else { 0.5 })
            .sum()
    }

    fn scaled(b: &Battle, k: u32) -> Battle {
        let mut b = b.clone();
        for s in &mut b.sides {
            s.men.values_mut().for_each(|n| *n *= k);
            s.guns.values_mut().for_each(|n| *n *= k);
        }
        b
    }

    proptest! {
        #[test]
        fn scaling_both_sides_keeps_their_ratio_within_rounding(b in arb_battle(), k in 1u32..=8) {
            let base = factor(&b).unwrap();
            let big = factor(&scaled(&b, k)).unwrap();
            // The exact ratio does not change with a common factor ...
            let (r0, r1) = (base.ratio.units_before.unwrap(), big.ratio.units_before.unwrap());
            prop_assert!((r0 - r1).abs() <= 1e-9 * r0.max(1.0));
            // ... and the rounded ratio stays within the rounding of each side.
            let (a, z) = (&big.sides[0], &big.sides[1]);
            for s in [a, z] {
                prop_assert!((f64::from(s.units) - s.exact_units).abs() <= rounding_slack(s) + 1e-9);
            }
            let after = big.ratio.units_after.unwrap();
            let low = (a.exact_units - rounding_slack(a)) / (z.exact_units + rounding_slack(z));
            prop_assert!(after >= low - 1e-9, "{after} < {low}");
            if z.exact_units > rounding_slack(z) {
                let high = (a.exact_units + rounding_slack(a)) / (z.exact_units - rounding_slack(z));
                prop_assert!(after <= high + 1e-9, "{after} > {high}");
            }
            // Scaling up by k and reducing by 1/k gives the same order of battle exactly.
            let mut undone = scaled(&b, k);
            let r = b.scale.reduction;
            undone.scale.reduction = Ratio::new(r.num, r.den * k);
            let undone = factor(&undone).unwrap();
            for (x, y) in base.sides.iter().zip(&undone.sides) {
                prop_assert_eq!(&x.order_of_battle, &y.order_of_battle);
            }
        }

        #[test]
        fn no_arm_with_troops_disappears_without_a_warning(b in arb_battle()) {
            let f = factor(&b).unwrap();
            for (hs, s) in b.sides.iter().zip(&f.sides) {
                let given = hs.men.keys().map(|k| k.unit_kind())
                    .chain(hs.guns.keys().map(|k| k.unit_kind()));
                for kind in given {
                    prop_assert!(s.order_of_battle.get(&kind).copied().unwrap_or(0) >= 1);
                }
                for a in &s.arms {
                    let warned = f.warnings.iter().any(|w| matches!(w,
                        FactorWarning::RoundedUpToOne { side, kind, .. }
                            if *side == s.name && *kind == a.kind));
                    prop_assert_eq!(warned, a.rounded.nearest == 0);
                }
            }
        }

        #[test]
        fn counts_are_monotone_in_strength(
            s1 in 0u32..100_000, extra in 0u32..100_000, per in 1u32..200,
            num in 1u32..5, den in 1u32..10,
        ) {
            let r = Ratio::new(num, den);
            prop_assert!(round_units(s1, per, r).count <= round_units(s1 + extra, per, r).count);
        }

        #[test]
        fn growing_one_arm_moves_only_that_arm(b in arb_battle(), extra in 1u32..5_000) {
            let mut grown = b.clone();
            let kind = {
                let s = &mut grown.sides[0];
                if let Some((k, n)) = s.men.iter_mut().next() {
                    *n += extra;
                    k.unit_kind()
                } else {
                    let (k, n) = s.guns.iter_mut().next().unwrap();
                    *n += extra;
                    k.unit_kind()
                }
            };
            let (f0, f1) = (factor(&b).unwrap(), factor(&grown).unwrap());
            for (x, y) in f0.sides.iter().zip(&f1.sides) {
                for k in UnitKind::ALL {
                    let (n0, n1) = (x.order_of_battle.get(&k), y.order_of_battle.get(&k));
                    if k == kind && x.id == f0.sides[0].id {
                        prop_assert!(n0 <= n1);
                    } else {
                        prop_assert_eq!(n0, n1);
                    }
                }
            }
        }
    }
}
