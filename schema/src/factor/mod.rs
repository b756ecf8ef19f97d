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
//! [`skeleton`] makes a [`Scenario`](crate::model::scenario::Scenario) from the result; `saberc factor` runs it.
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

mod check;
mod input;
mod report;
mod skeleton;
#[cfg(test)]
mod tests;

pub use check::check_battle;
pub use input::{parse_fraction, parse_side, read_battle};
pub(crate) use report::capitalised;
pub use report::report;

pub use skeleton::{Anchor, skeleton, skeleton_on, strengths_text};

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;

use schemars::JsonSchema;
use serde::Serialize;

use crate::model::battle::{BATTLE_FORMAT, Battle, HistoricalSide, Scale, Thresholds};
use crate::model::limits;
use crate::model::scenario::CounterColor;
use crate::ruleset::{Morale, Ratio, Ruleset, UnitKind};

/// Minutes in a Game-Turn (errata 1.1: "Each Game-Turn represents five minutes").
pub const MINUTES_PER_TURN: u32 = 5;

/// The rules factoring follows: 11.18 is a Rifle & Saber procedure, and a battle file (which
/// names no map and no game) is factored into a scenario of the game of a file without a
/// `game`, Rifle & Saber.
pub const RULES: &Ruleset = crate::ruleset::rules_without_game();

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
    let track = RULES.turn_record_track;
    (uncapped.min(track), uncapped)
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
                "the battle lasted {minutes} minutes, {turns} Game-Turns of five minutes, but the Turn Record Track has {track} spaces; game length capped at {track}: recreate a portion of the battle",
                track = RULES.turn_record_track
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
