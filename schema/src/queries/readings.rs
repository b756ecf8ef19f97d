//! Where the rules text reads two ways for the movement a playability finding depends on. Each
//! [`Ambiguity`] has a lenient reading (the one that lets the moving side do more: what
//! `saberc analyze` counts) and a strict one. A playability error fires only when a goal is
//! impossible under the lenient readings, so under every reading; a goal that only the strict
//! readings make impossible is a note naming them (README, "Playability readings").

use crate::model::map::Map;
use crate::model::scenario::{Entry, Scenario};
use crate::model::special_rule::Effect;

/// A point of the rules text that reads two ways.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ambiguity {
    /// A road that runs off the map: is its edge hex entered along the road (4M, ⅓ MP), or from
    /// a hex beyond the edge that is no road hex (9.2 note *: the other terrain of the hex)?
    RoadOffMap,
    /// A ridge hexside crossed along a road: 4M states the road cost outright (⅓ MP), the Chart
    /// prints "Ridge Hexside +1 MP" (9.2).
    RidgeOnRoad,
    /// "May cross the river only at X" (a `RiverCrossing` rule): a restriction on crossing from
    /// one bank to the other, or on entering any other river hex at all.
    CrossingRule,
    /// A Cavalry Charge (4K: "every hex that the unit moves into or through … must be a Clear
    /// Terrain hex") into a clear hex across a ridge hexside: allowed (a hexside is no hex), or
    /// not (the ridge is terrain).
    ChargeOverRidge,
}

impl Ambiguity {
    /// Every ambiguity, in the order the README lists them.
    pub const ALL: [Ambiguity; 4] = [
        Ambiguity::RoadOffMap,
        Ambiguity::RidgeOnRoad,
        Ambiguity::CrossingRule,
        Ambiguity::ChargeOverRidge,
    ];

    /// Can the strict reading change any search of scenario `s` on `map`? When it cannot, the
    /// strict search is the lenient one, hex for hex, and need not be made. Each answer is
    /// `true` whenever the map and scenario hold what the reading is about (conservative): a
    /// road leaving the map matters only to a group arriving from off it; a ridge crossed along
    /// a road, and a charge across a ridge, only on a map with ridges; a crossing rule only
    /// where a special rule makes one.
    pub fn bears_on(self, s: &Scenario, map: &Map) -> bool {
        let ridges = !map.ridges.is_empty();
        match self {
            Ambiguity::RoadOffMap => {
                !map.roads.is_empty()
                    && s.sides.iter().any(|sd| {
                        sd.groups
                            .iter()
                            .any(|g| matches!(g.entry, Entry::Arrive { .. }))
                    })
            }
            Ambiguity::RidgeOnRoad => ridges && !map.roads.is_empty(),
            Ambiguity::CrossingRule => s
                .special_rules
                .iter()
                .any(|r| matches!(r.effect, Effect::RiverCrossing { .. })),
            Ambiguity::ChargeOverRidge => ridges,
        }
    }

    /// The strict reading, in words (what a note says makes the goal impossible).
    pub fn strict_reading(self) -> &'static str {
        match self {
            Ambiguity::RoadOffMap => {
                "a road's edge hex entered from off the map pays its other terrain (9.2 note *), not the Road Movement Rate (4M)"
            }
            Ambiguity::RidgeOnRoad => {
                "a ridge hexside crossed along a road adds 1 MP to the Road Movement Rate (9.2 \"Ridge Hexside +1 MP\")"
            }
            Ambiguity::CrossingRule => {
                "a `RiverCrossing` rule forbids entering any other river hex, not only crossing there"
            }
            Ambiguity::ChargeOverRidge => {
                "a Cavalry Charge may not cross a ridge hexside (4K: only Clear Terrain)"
            }
        }
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// Which reading of each [`Ambiguity`] a search follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Readings {
    strict: u8,
}

impl Readings {
    /// Every ambiguity read leniently (what `saberc analyze` counts).
    pub const LENIENT: Readings = Readings { strict: 0 };
    /// Every ambiguity read strictly.
    pub const STRICT: Readings = Readings { strict: 0b1111 };

    /// One ambiguity read strictly, the others leniently.
    pub fn only(a: Ambiguity) -> Readings {
        Readings { strict: a.bit() }
    }

    /// Is this ambiguity read strictly?
    pub fn is_strict(self, a: Ambiguity) -> bool {
        self.strict & a.bit() != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lenient_strict_and_one_at_a_time() {
        for a in Ambiguity::ALL {
            assert!(!Readings::LENIENT.is_strict(a));
            assert!(Readings::STRICT.is_strict(a));
            assert!(Readings::only(a).is_strict(a));
            for b in Ambiguity::ALL.into_iter().filter(|b| *b != a) {
                assert!(!Readings::only(a).is_strict(b));
            }
            assert!(!a.strict_reading().is_empty());
        }
    }
}
