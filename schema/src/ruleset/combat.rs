//! Rifle & Saber's combat tables as the rules text prints them: the Combat Results Table (9.1),
//! the Range Effects Chart (10.4), and the numbers of shock combat (5.2, 4K), disruption (6.0)
//! and morale (10.1), each with the words it is printed in. The engine export carries them
//! (`model::export::RulesTables`); `tests/tests/export_tables.rs` reads the rules text and
//! compares every cell and number with these.
//!
//! Which copy of the CRT: `rifle-and-saber-rules.txt` holds 9.1 twice. The first (in the body,
//! after 5.2) lost its rows in the OCR: the die-roll numbers and most of the cells are gone or
//! run together ("RD RD RD RD • • RD RD RD E 3 • …", 20 results for 48 cells), so no cell can be
//! placed. The second, at the end after the errata and the Terrain Effects Chart, is a clean
//! tab-separated grid of six rows of eight, each row framed by its die roll; it is the one
//! used. Three of its `E`s are the Cyrillic capital `Е` (U+0415), read as `E`.

use super::{Morale, UnitKind};

/// A result of the Combat Results Table (9.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FireResult {
    /// "•": no effect.
    NoEffect,
    /// "RD": the defender retreats its full Movement Allowance, then is disrupted.
    RetreatDisrupted,
    /// "E": the defender is eliminated.
    Eliminated,
}

impl FireResult {
    /// As printed: `•`, `RD`, `E`.
    pub fn printed(self) -> &'static str {
        match self {
            FireResult::NoEffect => "•",
            FireResult::RetreatDisrupted => "RD",
            FireResult::Eliminated => "E",
        }
    }
}

/// The odds columns of 9.1, attacker to defender, as printed.
pub const CRT_ODDS: [(u32, u32); 8] = [
    (1, 3),
    (1, 2),
    (1, 1),
    (2, 1),
    (3, 1),
    (4, 1),
    (5, 1),
    (6, 1),
];

/// The Combat Results Table (9.1): die roll 1 to 6 down, [`CRT_ODDS`] across, from the second
/// copy in the rules text (the module's note says why).
pub const CRT: [[FireResult; 8]; 6] = {
    use FireResult::{Eliminated as E, NoEffect as N, RetreatDisrupted as R};
    [
        [N, N, N, N, N, N, R, E],
        [N, N, N, N, R, R, R, E],
        [N, N, N, N, R, R, R, E],
        [N, N, N, R, R, R, R, E],
        [N, N, R, R, R, E, E, E],
        [N, R, R, R, E, E, E, E],
    ]
};

/// Which copy of 9.1 [`CRT`] is read from, and why.
pub const CRT_SOURCE: &str = "The second copy of [9.1] in the rules text, after the errata and \
    the Terrain Effects Chart: a clean grid of six die-roll rows of eight odds columns. The \
    first copy, after 5.2, lost its die-roll numbers and most cells in the OCR, so no cell of it \
    can be placed. Three `E` cells of the second copy are the Cyrillic letter `Е`, read as `E`.";

/// What the CRT's edges and results mean, as printed (9.1, 5.1), each with its words.
pub const CRT_NOTES: [(&str, &str); 6] = [
    (
        "below",
        "Attacks at odds of less than 1-3 are treated as 1-3",
    ),
    (
        "above",
        "Attacks at odds greater than 6-1 are treated as 6-1",
    ),
    ("rounding", "rounding off in favor of the defender"),
    ("•", "= No Effect."),
    (
        "RD",
        "RD = Defending unit retreats its full Movement Allowance and is then disrupted. If an \"RD\" is obtained against a unit which is already disrupted, the unit is eliminated instead.",
    ),
    (
        "E",
        "E = Defending unit is eliminated (immediately removed from play). If Defending unit is an undisrupted gun unit, the \"E\"",
    ),
];

/// An effect of range on Fire Attack Strength (10.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RangeEffect {
    /// Unchanged.
    Normal,
    /// Times ½.
    Halved,
    /// Times ¼.
    Quartered,
    /// Times 2.
    Doubled,
}

impl RangeEffect {
    /// The word printed in the chart.
    pub fn printed(self) -> &'static str {
        match self {
            RangeEffect::Normal => "Normal",
            RangeEffect::Halved => "Halved",
            RangeEffect::Quartered => "Quartered",
            RangeEffect::Doubled => "Doubled",
        }
    }

    /// The multiplier on the Fire Attack Strength, as (numerator, denominator).
    pub fn multiplier(self) -> (u32, u32) {
        match self {
            RangeEffect::Normal => (1, 1),
            RangeEffect::Halved => (1, 2),
            RangeEffect::Quartered => (1, 4),
            RangeEffect::Doubled => (2, 1),
        }
    }
}

/// The range bands of 10.4, in hexes: "1...3", "4...7", "8 or more" (`None`: no upper end).
pub const RANGE_BANDS: [(u32, Option<u32>); 3] = [(1, Some(3)), (4, Some(7)), (8, None)];

/// One row of the Range Effects Chart: who fires, and the effect in each of [`RANGE_BANDS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RangeRow {
    /// The row's label, as printed.
    pub label: &'static str,
    /// What fires by this row.
    pub fire: &'static str,
    /// The unit types that fire by it.
    pub units: &'static [UnitKind],
    /// The effect in each band.
    pub effects: [RangeEffect; 3],
}

/// The artillery types (2.31).
const ARTILLERY: [UnitKind; 4] = [UnitKind::MA, UnitKind::MAh, UnitKind::BA, UnitKind::BAh];

/// The Range Effects Chart (10.4), read as [`RANGE_READING`] says.
pub const RANGE_EFFECTS: [RangeRow; 4] = {
    use RangeEffect::{Doubled as D, Halved as H, Normal as N, Quartered as Q};
    [
        RangeRow {
            label: "MZ.EB.LB.CY.MR",
            fire: "small arms",
            units: &[
                UnitKind::MZ,
                UnitKind::EB,
                UnitKind::LB,
                UnitKind::CY,
                UnitKind::MR,
            ],
            effects: [N, H, Q],
        },
        RangeRow {
            label: "MACHINE GUN",
            fire: "machine gun",
            units: &[UnitKind::MG],
            effects: [N, H, H],
        },
        RangeRow {
            label: "ARTILLERY:",
            fire: "artillery firing Shot",
            units: &ARTILLERY,
            effects: [D, N, H],
        },
        RangeRow {
            label: "Cannister",
            fire: "artillery firing Cannister",
            units: &ARTILLERY,
            effects: [N, N, H],
        },
    ]
};

/// How the garbled chart is read, for every cell.
pub const RANGE_READING: &str = "The OCR of the Range Effects Chart prints its row labels \
    (\"MZ.EB.LB.CY.MR\", \"MACHINE GUN\", \"ARTILLERY:\", \"Cannister\"), its ranges (\"1...3 \
    4...7 8 or more\") and then its twelve cells as one run of words. Read three words to a row, \
    the rows in the order of their labels: only this order gives the worked example of 10.4, an \
    LB unit's 9 reduced to 2¼ at eleven hexes (small arms at 8 or more: Quartered); read four \
    words to a range band instead, small arms at 8 or more would be Halved (4½). The row \
    \"ARTILLERY:\" is read as artillery firing Shot, the ammunition 5.1F names beside \
    Cannister; its label is the one the chart prints before \"Cannister\". Another reading, \
    not taken: the artillery rows in the other order (Cannister Doubled at 1 to 3 hexes, which \
    the designer's notes, \"Only the cannister shooting was still devastating\", would suit); \
    the printed order of the labels is followed.";

/// The cell's reading: the word of the run it is, and [`RANGE_READING`].
pub fn range_cell_reading(row: usize, band: usize) -> String {
    let r = &RANGE_EFFECTS[row];
    let (from, to) = RANGE_BANDS[band];
    let hexes = match to {
        Some(to) => format!("{from} to {to} hexes"),
        None => format!("{from} hexes or more"),
    };
    format!(
        "Word {} of the twelve, \"{}\": {} at {hexes}. {RANGE_READING}",
        row * 3 + band + 1,
        r.effects[band].printed(),
        r.fire
    )
}

/// A number the rules print: its name, value (a fraction), section and the words it is
/// printed in, a passage of the rules text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PrintedNumber {
    /// A stable name (`disrupted_defense`).
    pub name: &'static str,
    /// The value, numerator.
    pub num: u32,
    /// The value, denominator.
    pub den: u32,
    /// The rule section.
    pub rule: &'static str,
    /// The words of the rules text that print it.
    pub words: &'static str,
}

/// A whole number the rules print.
const fn whole(
    name: &'static str,
    value: u32,
    rule: &'static str,
    words: &'static str,
) -> PrintedNumber {
    PrintedNumber {
        name,
        num: value,
        den: 1,
        rule,
        words,
    }
}

/// Shock combat's numbers (5.2; the Cavalry Charge that leads to it, 4K).
pub const SHOCK_NUMBERS: [PrintedNumber; 3] = [
    whole(
        "gun_shock_strength",
        0,
        "5.2",
        "Artillery and Machine Gun units have a Shock Combat Strength of \"zero.\"",
    ),
    whole(
        "other_shock_strength",
        1,
        "5.2",
        "All other units have a Shock Combatt Strength of \"one.\"",
    ),
    whole(
        "charge_movement_allowance",
        12,
        "4K",
        "may increase their Movement Allowance to twelve Movement Points",
    ),
];

/// Disruption's numbers (6.0).
pub const DISRUPTION_NUMBERS: [PrintedNumber; 3] = [
    whole(
        "disrupted_movement_hexes",
        1,
        "6.0",
        "only move one hex per Friendly Movement Phase",
    ),
    PrintedNumber {
        name: "disrupted_defense",
        num: 1,
        den: 2,
        rule: "6.0",
        words: "Disruption units have their defensive value cut in half with respect to both Fire Combat and Shock Combat.",
    },
    whole(
        "retreat_at_least_hexes",
        1,
        "6.0",
        "A unit must always retreat at least one hex",
    ),
];

/// One morale level (10.1) and its effect, as printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoraleLevel {
    /// The level.
    pub level: Morale,
    /// Its effect, the rules text's words (the errata's too, for Demoralized).
    pub words: &'static [&'static str],
}

/// The three levels of 10.1. The OCR lost the heading "HIGH": the effect printed before
/// "NORMAL" and "DEMORALIZED" is read as High's (a level above normal that "counts as two").
pub const MORALE_LEVELS: [MoraleLevel; 3] = [
    MoraleLevel {
        level: Morale::High,
        words: &[
            "Each unit counts as two in Shock Combat and does not get disrupted if retreated over by retreating Friendly disrupted units.",
        ],
    },
    MoraleLevel {
        level: Morale::Normal,
        words: &["All basic combat rules apply."],
    },
    MoraleLevel {
        level: Morale::Demoralized,
        words: &[
            "Units may not engage in Shock Attacks and, if Disrupted, remain disrupted for the remainder of the game.",
            "Disrupted units in a demoralized force are returned to an undisrupted state after the normal interval as detailed under [10.1] (B) Duration, if their force is subsequently raised to a normal or high Morale level.",
        ],
    },
];

/// How morale rises and falls (10.1).
pub const MORALE_NUMBERS: [PrintedNumber; 4] = [
    whole(
        "high_morale_shock_count",
        2,
        "10.1",
        "Each unit counts as two in Shock Combat",
    ),
    whole(
        "rise_at_loss_ratio",
        3,
        "10.1",
        "They rise one level if at any point total Enemy losses in Fire Attack Strength Points reach three times total Friendly losses.",
    ),
    PrintedNumber {
        name: "fall_one_level_below",
        num: 75,
        den: 100,
        rule: "10.1",
        words: "They fall one level if the force falls below 75% of their total starting Fire Attack Strength through unit elimination",
    },
    PrintedNumber {
        name: "fall_another_level_below",
        num: 50,
        den: 100,
        rule: "10.1",
        words: "They fall an additional level if the force falls below 50% of the total starting Fire Attack Strength through unit elimination.",
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    /// 5.1's example: 3 + 4 against 2 is 7-2, rounded in the defender's favour to 3-1; a roll
    /// of 6 there is "E".
    #[test]
    fn the_worked_example_of_5_1() {
        let column = CRT_ODDS.iter().position(|&o| o == (3, 1)).unwrap();
        assert_eq!(CRT[5][column], FireResult::Eliminated);
    }

    /// 10.4's example: an LB unit's 9 at eleven hexes is 2¼.
    #[test]
    fn the_worked_example_of_10_4() {
        let row = RANGE_EFFECTS
            .iter()
            .find(|r| r.units.contains(&UnitKind::LB))
            .unwrap();
        let band = RANGE_BANDS
            .iter()
            .position(|&(from, to)| 11 >= from && to.is_none_or(|t| 11 <= t))
            .unwrap();
        let (n, d) = row.effects[band].multiplier();
        assert_eq!((9 * n, d), (9, 4));
        assert!(range_cell_reading(0, 2).starts_with("Word 3 of the twelve, \"Quartered\""));
    }
}
