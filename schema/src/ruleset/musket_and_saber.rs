//! Musket & Saber Quick Play (Decision Games, 2021): the *system* rules as data, from the rules
//! text alone (`musket-and-saber-quick-play.txt`, cited by section).
//!
//! The rules text is the system only: it holds no map, no Terrain Effects Chart (2.2 puts it in
//! "the Scenario Rules for each game"), no Turn Record Track (3.3 puts it "on the map"), no
//! scenario and no counter value (the counter pictured in 2.3 is absent). Everything a game
//! adds is typed by the user into a map and a scenario file from their own copy, each value
//! with its source ([`crate::model::musket_and_saber`]); nothing here is data of a published
//! game.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The game id a Musket & Saber Quick Play map or scenario file names in its `game` field.
pub const GAME_ID: &str = "musket-and-saber-quick-play";

/// The game's name.
pub const NAME: &str = "Musket & Saber Quick Play";

/// The five unit types of the system (2.4: "There are five types of units in the M&S system").
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub enum MsClass {
    /// Brigade- or regiment-sized infantry: two steps, full and reduced (2.4).
    Brigade,
    /// Battalion-sized infantry: one step, effective and ineffective (2.4).
    Battalion,
    /// Cavalry: one step (2.4, 9.1(1)); a Charge Factor (2.4, 9.1(3)).
    Cavalry,
    /// Artillery: one step (2.4, 8.1(2)); a Range (2.4, 8.3).
    Artillery,
    /// A leader: one step; movement, combat and morale factors (2.4, 10.0); no stacking (10.0).
    Leader,
}

/// What the two faces of a counter are (2.4, 11.0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub enum Faces {
    /// Full strength, and reduced strength with a colour band (2.4).
    FullReduced,
    /// Effective, and ineffective (2.4, 11.2).
    EffectiveIneffective,
}

/// The values a class's counters print beside ID and Formation (2.3, 2.4, 8.1, 9.1, 10.0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub struct ClassValues {
    /// Combat Factor, Morale Rating and Movement Allowance (2.3).
    pub combat: bool,
    /// Range (2.4 "Artillery units include a Range", 8.3).
    pub range: bool,
    /// Charge Factor (2.4 "Cavalry units include a Charge Factor", 9.1(3)).
    pub charge: bool,
    /// Movement, combat and morale factors (10.0 (1), (3), (4)).
    pub leader: bool,
}

/// Everything the rules text says about one class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub struct ClassInfo {
    /// The class.
    pub class: MsClass,
    /// Its name in the rules text.
    pub name: &'static str,
    /// Steps (2.4): 2 for brigades and regiments, 1 for every other class.
    pub steps: u32,
    /// The sections that state the steps.
    pub steps_rule: &'static str,
    /// The two faces.
    pub faces: Faces,
    /// The values printed on it.
    pub values: ClassValues,
    /// The sections that state the values.
    pub values_rule: &'static str,
}

/// The five classes in the order of 2.4.
pub const CLASSES: [ClassInfo; 5] = [
    ClassInfo {
        class: MsClass::Brigade,
        name: "brigade- or regiment-sized infantry",
        steps: 2,
        steps_rule: "2.4",
        faces: Faces::FullReduced,
        values: ClassValues {
            combat: true,
            range: false,
            charge: false,
            leader: false,
        },
        values_rule: "2.3",
    },
    ClassInfo {
        class: MsClass::Battalion,
        name: "battalion-sized infantry",
        steps: 1,
        steps_rule: "2.4",
        faces: Faces::EffectiveIneffective,
        values: ClassValues {
            combat: true,
            range: false,
            charge: false,
            leader: false,
        },
        values_rule: "2.3",
    },
    ClassInfo {
        class: MsClass::Cavalry,
        name: "cavalry",
        steps: 1,
        steps_rule: "9.1",
        faces: Faces::EffectiveIneffective,
        values: ClassValues {
            combat: true,
            range: false,
            charge: true,
            leader: false,
        },
        values_rule: "2.4",
    },
    ClassInfo {
        class: MsClass::Artillery,
        name: "artillery",
        steps: 1,
        steps_rule: "8.1",
        faces: Faces::EffectiveIneffective,
        values: ClassValues {
            combat: true,
            range: true,
            charge: false,
            leader: false,
        },
        values_rule: "2.4",
    },
    ClassInfo {
        class: MsClass::Leader,
        name: "leader",
        steps: 1,
        steps_rule: "2.4",
        faces: Faces::EffectiveIneffective,
        values: ClassValues {
            combat: false,
            range: false,
            charge: false,
            leader: true,
        },
        values_rule: "10.0",
    },
];

impl MsClass {
    /// All five, in the order of 2.4.
    pub const ALL: [MsClass; 5] = [
        MsClass::Brigade,
        MsClass::Battalion,
        MsClass::Cavalry,
        MsClass::Artillery,
        MsClass::Leader,
    ];

    /// What the rules text says about the class.
    pub fn info(self) -> &'static ClassInfo {
        &CLASSES[self as usize]
    }

    /// Steps (2.4).
    pub fn steps(self) -> u32 {
        self.info().steps
    }

    /// The name in the rules text.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The word used in files (`Brigade`).
    pub fn code(self) -> &'static str {
        match self {
            MsClass::Brigade => "Brigade",
            MsClass::Battalion => "Battalion",
            MsClass::Cavalry => "Cavalry",
            MsClass::Artillery => "Artillery",
            MsClass::Leader => "Leader",
        }
    }

    /// A combat unit (every class but leaders): exerts a ZOC (6.1, 10.0) and counts for
    /// stacking (5.0, 10.0).
    pub fn is_combat(self) -> bool {
        self != MsClass::Leader
    }
}

/// Why a hex's counters break 5.0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StackProblem {
    /// More than four combat units: one battalion-or-artillery place and three places for any.
    TooMany {
        /// Combat units in the hex.
        units: u32,
    },
    /// More than three units that only the three "any" places take (brigades, regiments,
    /// cavalry): the fourth place takes a battalion or artillery only.
    TooManyLarge {
        /// Brigades, regiments and cavalry in the hex.
        large: u32,
    },
}

impl std::fmt::Display for StackProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StackProblem::TooMany { units } => write!(
                f,
                "{units} combat units, but a hex holds one battalion or artillery unit plus any three units"
            ),
            StackProblem::TooManyLarge { large } => write!(
                f,
                "{large} brigades, regiments or cavalry units, but only the three \"any\" places take them: the fourth takes a battalion or artillery unit only"
            ),
        }
    }
}

/// The 5.0 predicate on the counters of one side in one hex: "Stacking is limited to one
/// battalion or artillery unit, plus any three units (infantry, cavalry, artillery), plus any
/// number of leaders." With `s` battalions and artillery and `l` brigades, regiments and
/// cavalry (leaders free, 10.0 "Leaders do not count for stacking"), the hex is legal iff
/// `s + l ≤ 4` and `l ≤ 3`. A bare count of four would pass four brigades; the place of the
/// battalion or artillery unit is why it does not.
pub fn stack_problem(classes: impl IntoIterator<Item = MsClass>) -> Option<StackProblem> {
    let (mut small, mut large) = (0u32, 0u32);
    for c in classes {
        match c {
            MsClass::Battalion | MsClass::Artillery => small = small.saturating_add(1),
            MsClass::Brigade | MsClass::Cavalry => large = large.saturating_add(1),
            MsClass::Leader => {}
        }
    }
    let units = small.saturating_add(large);
    if units > 4 {
        Some(StackProblem::TooMany { units })
    } else if large > 3 {
        Some(StackProblem::TooManyLarge { large })
    } else {
        None
    }
}

/// Fewest hexes that hold `small` battalions and artillery and `large` brigades, regiments and
/// cavalry under 5.0: `max(⌈large/3⌉, ⌈(small+large)/4⌉)` (h hexes hold at most 3h large
/// units and 4h in all, and any split within both bounds packs).
pub fn min_hexes(small: u32, large: u32) -> u32 {
    large
        .div_ceil(3)
        .max(small.saturating_add(large).div_ceil(4))
}

/// A set-up line's `w/1` (3.2): "the unit may be placed within 1 hex (i.e. adjacent to) the
/// specified hex" — read as distance 0 or 1 (the permissive "within"), recorded in the README.
pub const WITHIN_ONE: u32 = 1;

/// "a die-cut sheet of 40 playing pieces" (2.1).
pub const COUNTER_SHEET: u32 = 40;

/// The hex numbers' digits (2.2: "Each hex has a four-digit number"): two for the column,
/// two for the row, so at most 99 columns and 99 rows.
pub const MAX_SIDE: u32 = 99;

/// The M&S rule section a code shared with Rifle & Saber enforces in an M&S file, by code
/// string (the registry is not below the ruleset); codes not listed cite their registry row.
pub const CITATIONS: &[(&str, &str)] = &[
    // 5.0, and 10.0 "Leaders do not count for stacking".
    ("STK001", "5.0"),
    // 4.5 "occupied by an enemy unit", 7.7 "enemy-occupied hexes".
    ("STK002", "4.5"),
    // 3.2 "w/1 … within 1 hex", and the hex number of a set-up line.
    ("DEP003", "3.2"),
    // 3.3 "The number of turns in a game and the First Player are specified".
    ("TRN001", "3.3"),
    ("REF003", "3.3"),
    // 3.2 "listed by turn", 4.5 "the turn indicated in the set up".
    ("TRN002", "3.2"),
    // 4.5 "the next hex along that map edge".
    ("TRN003", "4.5"),
    // 4.4 "across a hexside containing the same path".
    ("MAP004", "4.4"),
    // 2.2 "Each hex has a four-digit number".
    ("MAP007", "2.2"),
    // 3.2 "identified by ID and/or Formation".
    ("REF005", "3.2"),
    // 3.4 "The specific victory conditions for each player".
    ("VIC002", "3.4"),
    ("VIC004", "3.4"),
];

/// The codes only Musket & Saber files get: their registry rows cite M&S sections.
pub const OWN_CODES: [&str; 12] = [
    "MAP010", "MAP011", "DEP012", "DEP013", "ROS001", "ROS002", "ROS003", "ROS004", "ROS005",
    "ROS006", "ROS007", "ROS008",
];

/// The M&S section(s) a finding of `code` may cite in an M&S file: its registry row's for the
/// M&S codes ([`OWN_CODES`], `row` given), the [`CITATIONS`] entry for a shared code, none for a
/// shared code M&S has no section for.
pub fn sections<'a>(code: &str, row: Option<&'a str>) -> Option<&'a str> {
    if OWN_CODES.contains(&code) {
        row
    } else {
        citation(code)
    }
}

/// The M&S section of a shared code ([`CITATIONS`]).
pub fn citation(code: &str) -> Option<&'static str> {
    CITATIONS.iter().find(|(c, _)| *c == code).map(|(_, r)| *r)
}

/// One column of the M&S Quick Play Revised CRT (the table after 11.4): the lowest and highest
/// differential it covers (`None`: open).
pub type CrtColumn = (Option<i32>, Option<i32>);

/// The CRT's differential columns, as printed.
pub const CRT_COLUMNS: [CrtColumn; 9] = [
    (None, Some(-6)),
    (Some(-5), Some(-4)),
    (Some(-3), Some(-2)),
    (Some(-1), Some(0)),
    (Some(1), Some(2)),
    (Some(3), Some(4)),
    (Some(5), Some(6)),
    (Some(7), Some(9)),
    (Some(10), None),
];

/// The CRT's results, combat die 1 to 6 down, the columns of [`CRT_COLUMNS`] across, as
/// printed ("–" is no effect).
pub const CRT: [[&str; 9]; 6] = [
    ["Am", "Am", "Ax", "Ar", "Ar", "Ac", "–", "Dr", "Dx"],
    ["Am", "Ax", "Ar", "Ac", "Ac", "–", "Dc", "Dr", "Dx"],
    ["Am", "Ax", "Ar", "Ac", "–", "Dc", "Dr", "Dx", "Dm"],
    ["Ax", "Ac", "Ac", "–", "Dc", "Dr", "Dr", "Dx", "Dm"],
    ["Ax", "Ac", "–", "Dc", "Dc", "Dr", "Dr", "Dm", "Dm"],
    ["Ac", "–", "Dc", "Dr", "Dr", "Dr", "Dx", "Dm", "Dm"],
];

/// Markers the rules text names (none is allotted by a scenario): the turn marker (3.3), the
/// Disruption marker "D" (2.4, 11.0) and the square marker (9.3).
pub const MARKERS: [(&str, &str); 3] = [("Turn", "3.3"), ("Disrupted", "11.0"), ("Square", "9.3")];

#[cfg(test)]
mod tests {
    use super::*;
    use MsClass::*;

    #[test]
    fn classes_follow_2_4() {
        assert_eq!(Brigade.steps(), 2);
        for c in [Battalion, Cavalry, Artillery, Leader] {
            assert_eq!(c.steps(), 1, "{c:?}");
            assert_eq!(c.info().faces, Faces::EffectiveIneffective);
        }
        assert_eq!(Brigade.info().faces, Faces::FullReduced);
        assert!(Artillery.info().values.range && !Cavalry.info().values.range);
        assert!(Cavalry.info().values.charge && Leader.info().values.leader);
        assert!(!Leader.info().values.combat && !Leader.is_combat());
        for (i, c) in MsClass::ALL.iter().enumerate() {
            assert_eq!(CLASSES[i].class, *c);
        }
    }

    /// Every row of the design study's table of readings of 5.0 (slot reading).
    #[test]
    fn stacking_is_the_slot_reading_of_5_0() {
        assert_eq!(
            stack_problem([Brigade; 4]),
            Some(StackProblem::TooManyLarge { large: 4 })
        );
        assert_eq!(
            stack_problem([Brigade, Brigade, Cavalry, Cavalry]),
            Some(StackProblem::TooManyLarge { large: 4 })
        );
        assert_eq!(
            stack_problem([Battalion, Battalion, Artillery, Artillery]),
            None
        );
        assert_eq!(
            stack_problem([Battalion, Brigade, Brigade, Brigade, Artillery]),
            Some(StackProblem::TooMany { units: 5 })
        );
        let mut legal = vec![Battalion, Brigade, Brigade, Brigade];
        legal.extend([Leader; 4]);
        assert_eq!(stack_problem(legal), None);
        assert_eq!(stack_problem([Leader; 12]), None);
        assert_eq!(stack_problem([Artillery, Cavalry, Cavalry, Cavalry]), None);
    }

    #[test]
    fn min_hexes_packs_under_5_0() {
        assert_eq!(min_hexes(0, 0), 0);
        assert_eq!(min_hexes(1, 3), 1);
        assert_eq!(min_hexes(0, 4), 2);
        assert_eq!(min_hexes(4, 0), 1);
        assert_eq!(min_hexes(5, 3), 2);
        assert_eq!(min_hexes(2, 6), 2);
        assert_eq!(min_hexes(0, 7), 3);
    }

    #[test]
    fn the_crt_is_as_printed() {
        assert_eq!(CRT[0][0], "Am");
        assert_eq!(CRT[5][8], "Dm");
        assert_eq!(CRT[3][3], "–");
    }
}
