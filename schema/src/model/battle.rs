//! Historical battles (11.18): each side's strengths in men and guns, and the scale that turns
//! them into units. The input of factoring ([`crate::factor`]).

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::limits;
use crate::model::scenario::CounterColor;
use crate::ruleset::{Morale, Ratio, UnitKind};

/// The `format` value of a battle file this version reads and writes.
pub const BATTLE_FORMAT: &str = "saber-battle/1";

/// A historical battle (or a portion of one) with each side's strengths: the input of factoring.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "Rifle & Saber battle to factor (11.18)")]
pub struct Battle {
    /// The JSON Schema this file follows (`"$schema": "https://rifle-and-saber.invalid/schema/battle.schema.json"`
    /// or a path to the copy in `schema/`), for editors' completion and hover. JSON files only;
    /// saberc does not read it.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = limits::MAX_MAP_REF))]
    pub schema: Option<String>,
    /// File format: `saber-battle/1`; may be left out on the command line, but files kept among
    /// scenarios carry it so that `saberc check` knows what they are.
    #[serde(default)]
    #[schemars(regex(pattern = r"^saber-battle/[0-9]+$"))]
    pub format: Option<String>,
    /// Battle name (`Inkerman`).
    #[schemars(length(min = 1, max = limits::MAX_NAME))]
    pub name: String,
    /// Date as it should be printed (`5 November 1854`).
    #[serde(default)]
    #[schemars(length(max = limits::MAX_NAME))]
    pub date: String,
    /// Portion of the battle recreated, if not the whole (`The Sandbag Battery`).
    #[serde(default)]
    #[schemars(length(max = limits::MAX_NAME))]
    pub portion: Option<String>,
    /// How long the fighting (or the portion) lasted, in minutes.
    #[serde(default)]
    #[schemars(range(min = 1, max = limits::MAX_BATTLE_MINUTES))]
    pub duration_minutes: Option<u32>,
    /// Where the figures come from.
    #[serde(default)]
    #[schemars(length(max = limits::MAX_PARAGRAPH))]
    pub source: String,
    /// Historical note, in our own words; goes into the scenario's notes.
    #[serde(default)]
    #[schemars(length(max = limits::MAX_TEXT))]
    pub notes: String,
    /// The two sides; the first deploys first in the skeleton, the second moves first.
    #[schemars(length(min = limits::SIDES, max = limits::SIDES))]
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
    #[schemars(length(min = 1, max = limits::MAX_NAME))]
    pub name: String,
    /// Short identifier; made from the name when absent.
    #[serde(default)]
    #[schemars(regex(pattern = limits::SIDE_ID_PATTERN))]
    pub id: Option<String>,
    /// Counter colour; the first side is red and the second blue when absent.
    #[serde(default)]
    pub color: Option<CounterColor>,
    /// Morale level (10.1); normal when absent (11.0).
    #[serde(default)]
    pub morale: Morale,
    /// Men by arm and weapon: `{MZ: 1200, CY: 300}`.
    #[serde(default, deserialize_with = "crate::model::scenario::unique_keys")]
    #[schemars(schema_with = "men_schema")]
    pub men: BTreeMap<MenKind, u32>,
    /// Pieces by kind: `{MA: 12, MG: 2}`.
    #[serde(default, deserialize_with = "crate::model::scenario::unique_keys")]
    #[schemars(schema_with = "guns_schema")]
    pub guns: BTreeMap<GunKind, u32>,
}

fn strength_schema() -> schemars::Schema {
    schemars::json_schema!({"type": "integer", "minimum": 0, "maximum": u32::MAX})
}

fn men_schema(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
    crate::model::scenario::keyed_schema::<MenKind>(g, strength_schema())
}

fn guns_schema(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
    crate::model::scenario::keyed_schema::<GunKind>(g, strength_schema())
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
    #[schemars(range(min = 1, max = limits::MAX_MEN_PER_UNIT))]
    pub men_per_unit: u32,
    /// Guns per artillery unit; 1.1 and 11.18 say four to six (11.18's example: 12 guns, 2 units).
    #[schemars(range(min = 1, max = limits::MAX_GUNS_PER_UNIT))]
    pub guns_per_unit: u32,
    /// Machine guns per machine-gun unit; the same as `guns_per_unit` when absent, since machine
    /// guns are "gun units" like artillery (5.1H).
    #[schemars(range(min = 1, max = limits::MAX_GUNS_PER_UNIT))]
    pub machine_guns_per_unit: Option<u32>,
    /// Overall reduction applied to every strength of both sides: `(num: 1, den: 3)` keeps a
    /// third (Worth "reduced by about two-thirds", 11.18).
    #[schemars(schema_with = "reduction_schema")]
    pub reduction: Ratio,
}

/// `reduction`'s schema: a [`Ratio`] whose numerator is at least 1 as well, since a reduction
/// to nothing leaves no unit and factoring refuses it (the export's ratios may be 0).
fn reduction_schema(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let mut schema = <Ratio as JsonSchema>::json_schema(g);
    if let Some(num) = schema
        .get_mut("properties")
        .and_then(|p| p.get_mut("num"))
        .and_then(|n| n.as_object_mut())
    {
        num.insert("minimum".into(), 1.into());
        num.insert("description".into(), "Numerator, at least 1.".into());
    }
    schema
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
    #[schemars(range(max = limits::MAX_PROPORTION_POINTS))]
    pub proportion_points: u32,
    /// Largest relative change, in percent, of the ratio between the sides in units.
    #[schemars(range(max = limits::MAX_RATIO_PERCENT))]
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
