//! Victory conditions (11.0): goals a side must achieve, and the outcome when it does (or, for
//! graded conditions such as Shiloh's, by which Game-Turn it does).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::diagnostic::PathSeg;
use crate::model::counter::{Counter, CounterName};
use crate::model::limits;
use crate::model::zone::{TerrainName, Zone, ZoneDialect};
use crate::ruleset::Terrain;

/// The side id that stands for "whichever side achieves it" (11.7: "Whoever holds …").
pub const EITHER_SIDE: &str = "either";

/// One victory condition.
// In a game's words: `T` what its `Terrain` zones name, `C` what its exits count (Rifle &
// Saber's by default; see `Goal`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[serde(bound(
    deserialize = "T: Deserialize<'de>, C: Deserialize<'de>",
    serialize = "T: Serialize + ZoneDialect, C: Serialize"
))]
#[schemars(
    rename = "VictoryCondition",
    bound = "T: JsonSchema + ZoneDialect, C: JsonSchema"
)]
pub struct VictoryCondition<T = Terrain, C = Counter> {
    /// Id of the side that must achieve the goal, or `either`.
    #[schemars(length(max = limits::MAX_ID))]
    pub side: String,
    /// What must be achieved.
    pub goal: Goal<T, C>,
    /// What achieving it (or failing to) means.
    #[serde(default)]
    pub outcome: Outcome,
    /// The condition as printed in the rules, for reference.
    #[serde(default)]
    #[schemars(length(max = limits::MAX_PARAGRAPH))]
    pub printed: String,
}

/// A goal.
// In a game's words: `T` what its `Terrain` zones name (`Zone`), `C` what its exits count
// (Rifle & Saber's unit types and markers, `Counter`; none in Musket & Saber Quick Play,
// `NoCounter`), so that each game's schema refuses the other's names. (Doc comments here are
// the published schemas' descriptions.)
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[serde(bound(
    deserialize = "T: Deserialize<'de>, C: Deserialize<'de>",
    serialize = "T: Serialize + ZoneDialect, C: Serialize"
))]
#[schemars(rename = "Goal", bound = "T: JsonSchema + ZoneDialect, C: JsonSchema")]
pub enum Goal<T = Terrain, C = Counter> {
    /// Hold a place: "for one side to hold a hex, a Friendly unit must be in the hex on the
    /// specified Game-Turn" (11.0).
    Hold {
        /// Where.
        target: Zone<T>,
        /// Any hex of it, or all of its hexes.
        #[serde(default)]
        hexes: HoldHexes,
        /// When.
        when: When,
        /// And no enemy unit within this many hexes of the held hex(es) (11.3).
        #[serde(default)]
        #[schemars(range(max = limits::MAX_ALLOWANCE))]
        no_enemy_within: Option<u32>,
    },
    /// Destroy all units of the other side.
    DestroyAll,
    /// Move units off the map.
    Exit {
        /// How many.
        count: ExitCount,
        /// Which counters count (empty: any unit).
        #[serde(default)]
        #[schemars(extend("default" = []))]
        counters: Vec<C>,
        /// Through which hexes they leave (edge hexes, a road's exit).
        via: Zone<T>,
        /// Counters that have left by the end of this Game-Turn count: exits accumulate, so
        /// "by the end of Game-Turn N" and "on or before Game-Turn N" are the same here.
        #[schemars(range(min = 1, max = crate::ruleset::LONGEST_TURN_RECORD_TRACK))]
        by_turn: u32,
    },
    /// Control (hold) the position the enemy chose at set-up (11.14, 11.15).
    ControlEnemySetup {
        /// When it must be controlled: `ByEndOfTurn(N)` for "by the end of Game-Turn N".
        when: When,
    },
    /// Lose no more units than the other side (11.9, 11.17).
    LossesNoMoreThanEnemy,
    /// Every goal.
    All(#[schemars(length(min = 1, max = limits::MAX_SUBGOALS))] Vec<Goal<T, C>>),
    /// Any goal.
    Any(#[schemars(length(min = 1, max = limits::MAX_SUBGOALS))] Vec<Goal<T, C>>),
    /// A goal the vocabulary cannot say; `why` says what is missing.
    Text {
        /// The goal.
        #[schemars(length(max = limits::MAX_PARAGRAPH))]
        text: String,
        /// Why it is not structured.
        #[schemars(length(max = limits::MAX_PARAGRAPH))]
        why: String,
    },
}

kinds! {
    /// The kinds of goal, in the order an editor offers them.
    pub enum GoalKind {
        /// [`Goal::Hold`].
        Hold => "Hold",
        /// [`Goal::DestroyAll`].
        DestroyAll => "Destroy all enemy units",
        /// [`Goal::Exit`].
        Exit => "Exit units off the map",
        /// [`Goal::ControlEnemySetup`].
        ControlEnemySetup => "Control the enemy's set-up position",
        /// [`Goal::LossesNoMoreThanEnemy`].
        LossesNoMoreThanEnemy => "Lose no more units than the enemy",
        /// [`Goal::All`].
        All => "All of these goals",
        /// [`Goal::Any`].
        Any => "Any of these goals",
        /// [`Goal::Text`].
        Text => "Free text",
    }
}

/// Which hexes of a target must be held.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
pub enum HoldHexes {
    /// At least one hex ("hold V12").
    #[default]
    Any,
    /// Every hex ("hold all of H26").
    All,
}

/// When a place must be held.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum When {
    /// At the end of the last Game-Turn.
    EndOfGame,
    /// At the end of the given Game-Turn, and only then ("at the end of Game-Turn 8", 11.13).
    EndOfTurn(#[schemars(range(min = 1, max = crate::ruleset::LONGEST_TURN_RECORD_TRACK))] u32),
    /// At the end of any one Game-Turn up to and including the given one ("by the end of
    /// Game-Turn 10", 11.16): achieved as soon as it holds at the end of a Game-Turn.
    ByEndOfTurn(#[schemars(range(min = 1, max = crate::ruleset::LONGEST_TURN_RECORD_TRACK))] u32),
    /// At the end of any one Game-Turn before the game ends.
    AnyTurn,
    /// For this many consecutive Game-Turns.
    ConsecutiveTurns(
        #[schemars(range(min = 1, max = crate::ruleset::LONGEST_TURN_RECORD_TRACK))] u32,
    ),
}

/// How many units must exit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub enum ExitCount {
    /// At least this many ("10 MZ or more").
    AtLeast(#[schemars(range(min = 1, max = limits::MAX_UNITS_PER_SIDE))] u32),
    /// At least this fraction of the side's units ("one-third or more").
    Fraction {
        /// Numerator.
        #[schemars(range(min = 1, max = limits::MAX_FRACTION_TERM))]
        num: u32,
        /// Denominator.
        #[schemars(range(min = 1, max = limits::MAX_FRACTION_TERM))]
        den: u32,
    },
    /// Every one of them still on the map: counters eliminated before they leave do not fail
    /// the goal ("retreat off the east edge", 11.9, beside a separate count of losses).
    EverySurvivor,
    /// Every one of them, without exception: losing one fails the goal ("get all four limbers
    /// off the map", 11.17).
    EveryCounter,
}

/// The levels of victory used by the scenarios, lowest first.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
pub enum Level {
    Marginal,
    Tactical,
    Moderate,
    Substantive,
    Decisive,
}

/// What a victory condition decides.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub enum Outcome {
    /// The side wins if it achieves the goal, otherwise the other side wins.
    #[default]
    Wins,
    /// Graded by the Game-Turn by which the goal is achieved (11.6).
    Graded {
        /// In order of turn: achieved by the end of `by_turn` gives this result.
        #[schemars(length(min = 1, max = crate::ruleset::LONGEST_TURN_RECORD_TRACK as usize))]
        by_turn: Vec<GradedResult>,
        /// The result if the goal is never achieved.
        otherwise: Result,
    },
}

/// One rung of a graded outcome.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GradedResult {
    /// Achieved by the end of this Game-Turn.
    #[schemars(range(min = 1, max = crate::ruleset::LONGEST_TURN_RECORD_TRACK))]
    pub turn: u32,
    /// Who wins, and how well.
    pub result: Result,
}

/// A winner and a level.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Result {
    /// The winning side's id.
    #[schemars(length(max = limits::MAX_ID))]
    pub winner: String,
    /// The level.
    pub level: Level,
}

impl<T, C> Goal<T, C> {
    /// Visit this goal and its sub-goals.
    pub fn visit<'a>(&'a self, f: &mut dyn FnMut(&'a Goal<T, C>)) {
        f(self);
        if let Goal::All(gs) | Goal::Any(gs) = self {
            gs.iter().for_each(|g| g.visit(f));
        }
    }

    /// Its kind.
    pub fn kind(&self) -> GoalKind {
        match self {
            Goal::Hold { .. } => GoalKind::Hold,
            Goal::DestroyAll => GoalKind::DestroyAll,
            Goal::Exit { .. } => GoalKind::Exit,
            Goal::ControlEnemySetup { .. } => GoalKind::ControlEnemySetup,
            Goal::LossesNoMoreThanEnemy => GoalKind::LossesNoMoreThanEnemy,
            Goal::All(_) => GoalKind::All,
            Goal::Any(_) => GoalKind::Any,
            Goal::Text { .. } => GoalKind::Text,
        }
    }

    /// Every hex its places name (its sub-goals' too) replaced by `f` of it (a map's numbers
    /// read on its grid).
    pub fn map_hexes(
        &mut self,
        f: &mut dyn FnMut(crate::model::hex::Coord) -> crate::model::hex::Coord,
    ) {
        match self {
            Goal::Hold { target, .. } => target.map_hexes(f),
            Goal::Exit { via, .. } => via.map_hexes(f),
            Goal::All(gs) | Goal::Any(gs) => gs.iter_mut().for_each(|g| g.map_hexes(f)),
            Goal::DestroyAll
            | Goal::ControlEnemySetup { .. }
            | Goal::LossesNoMoreThanEnemy
            | Goal::Text { .. } => {}
        }
    }

    /// The one walk of a goal tree with field paths: `f` gets this goal at `path` and every
    /// sub-goal at its own (`[…, "All", i]`, `[…, "Any", i]`), parents before their sub-goals,
    /// in file order. The checks, the playability query and the zone stage all walk goals
    /// through it, so they agree on every path.
    pub fn walk<'a>(&'a self, path: Vec<PathSeg>, f: &mut dyn FnMut(&'a Goal<T, C>, Vec<PathSeg>)) {
        let (Goal::All(gs) | Goal::Any(gs)) = self else {
            // No sub-goal: its path is this goal's alone, not copied.
            return f(self, path);
        };
        f(self, path.clone());
        let variant = if matches!(self, Goal::All(_)) {
            "All"
        } else {
            "Any"
        };
        for (i, g) in gs.iter().enumerate() {
            let mut p = path.clone();
            p.extend([PathSeg::key(variant), PathSeg::Index(i)]);
            g.walk(p, f);
        }
    }

    /// The place this goal itself (not a sub-goal) names, and the path of its field below the
    /// goal: a `Hold`'s target (`Hold.target`) or an `Exit`'s way off the map (`Exit.via`).
    pub fn place(&self) -> Option<(&Zone<T>, [PathSeg; 2])> {
        match self {
            Goal::Hold { target, .. } => {
                Some((target, [PathSeg::key("Hold"), PathSeg::key("target")]))
            }
            Goal::Exit { via, .. } => Some((via, [PathSeg::key("Exit"), PathSeg::key("via")])),
            Goal::DestroyAll
            | Goal::ControlEnemySetup { .. }
            | Goal::LossesNoMoreThanEnemy
            | Goal::All(_)
            | Goal::Any(_)
            | Goal::Text { .. } => None,
        }
    }
}

impl<T: TerrainName, C: CounterName> Goal<T, C> {
    /// A plain-English rendering.
    pub fn describe(&self) -> String {
        match self {
            Goal::Hold {
                target,
                hexes,
                when,
                no_enemy_within,
            } => {
                let all = if *hexes == HoldHexes::All {
                    "all of "
                } else {
                    ""
                };
                let when = when.describe();
                let near = no_enemy_within
                    .map(|d| format!(" with no enemy within {d} hexes"))
                    .unwrap_or_default();
                format!("hold {all}{} {when}{near}", target.describe())
            }
            Goal::DestroyAll => "destroy all enemy units".into(),
            Goal::Exit {
                count,
                counters,
                via,
                by_turn,
            } => {
                let n = match count {
                    ExitCount::AtLeast(n) => format!("{n} or more"),
                    ExitCount::Fraction { num, den } => format!("{num}/{den} or more"),
                    ExitCount::EverySurvivor => "all surviving".into(),
                    ExitCount::EveryCounter => "every one of the".into(),
                };
                let what = if counters.is_empty() {
                    "units".to_string()
                } else {
                    counters
                        .iter()
                        .map(|c| c.describe())
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                format!(
                    "exit {n} {what} via {} by Game-Turn {by_turn}",
                    via.describe()
                )
            }
            Goal::ControlEnemySetup { when } => {
                format!("control the enemy's set-up position {}", when.describe())
            }
            Goal::LossesNoMoreThanEnemy => "lose no more units than the enemy".into(),
            Goal::All(gs) => gs
                .iter()
                .map(|g| g.describe())
                .collect::<Vec<_>>()
                .join(", and "),
            Goal::Any(gs) => gs
                .iter()
                .map(|g| g.describe())
                .collect::<Vec<_>>()
                .join(", or "),
            Goal::Text { text, .. } => text.clone(),
        }
    }
}

impl When {
    /// The Game-Turn named, if any (`EndOfTurn(8)`, `ByEndOfTurn(8)`: 8; for consecutive turns,
    /// their number, which cannot exceed the game either).
    pub fn turn(&self) -> Option<u32> {
        match self {
            When::EndOfTurn(t) | When::ByEndOfTurn(t) | When::ConsecutiveTurns(t) => Some(*t),
            When::EndOfGame | When::AnyTurn => None,
        }
    }

    /// In words: "at the end of Game-Turn 5".
    pub fn describe(&self) -> String {
        match self {
            When::EndOfGame => "at the end of the last Game-Turn".to_string(),
            When::EndOfTurn(t) => format!("at the end of Game-Turn {t}"),
            When::ByEndOfTurn(t) => format!("by the end of Game-Turn {t}"),
            When::AnyTurn => "for any one Game-Turn".to_string(),
            When::ConsecutiveTurns(n) => format!("for {n} consecutive Game-Turns"),
        }
    }
}

impl Level {
    /// The level as the rules print it (`Substantive`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Marginal => "Marginal",
            Level::Tactical => "Tactical",
            Level::Moderate => "Moderate",
            Level::Substantive => "Substantive",
            Level::Decisive => "Decisive",
        }
    }
}

impl Result {
    /// In words: "Decisive victory to Union"; `name` turns a side id into its name.
    pub fn describe(&self, name: &dyn Fn(&str) -> String) -> String {
        format!("{} victory to {}", self.level.name(), name(&self.winner))
    }
}

impl Outcome {
    /// What achieving the goal means, in words. `achiever` is the id of the side (or
    /// [`EITHER_SIDE`]) that must achieve it, `other` the id of the side that wins if it does
    /// not, if there is one; `name` turns a side id into its name.
    pub fn describe(
        &self,
        achiever: &str,
        other: Option<&str>,
        name: &dyn Fn(&str) -> String,
    ) -> String {
        match self {
            Outcome::Wins if achiever == EITHER_SIDE => {
                "victory to whichever side achieves it".into()
            }
            Outcome::Wins => match other {
                Some(o) => format!(
                    "victory to {} if achieved, otherwise to {}",
                    name(achiever),
                    name(o)
                ),
                None => format!("victory to {} if achieved", name(achiever)),
            },
            Outcome::Graded { by_turn, otherwise } => {
                let mut parts: Vec<String> = by_turn
                    .iter()
                    .map(|g| format!("by Game-Turn {}, {}", g.turn, g.result.describe(name)))
                    .collect();
                parts.push(format!("otherwise {}", otherwise.describe(name)));
                parts.join("; ")
            }
        }
    }
}

impl<T: TerrainName, C: CounterName> VictoryCondition<T, C> {
    /// The whole condition in words: who must do what, and what it decides. `name` turns a
    /// side id into its name; `other` is the id of the opposing side, if there is one.
    pub fn describe(&self, other: Option<&str>, name: &dyn Fn(&str) -> String) -> String {
        let who = if self.side == EITHER_SIDE {
            "Either side".to_string()
        } else {
            name(&self.side)
        };
        format!(
            "{who} must {}: {}.",
            self.goal.describe(),
            self.outcome.describe(&self.side, other, name)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::MarkerKind;

    fn name(id: &str) -> String {
        match id {
            "union" => "Union".into(),
            "confederates" => "Confederates".into(),
            other => other.into(),
        }
    }

    #[test]
    fn every_goal_variant_has_its_kind_once() {
        let listed: Vec<&str> = GoalKind::ALL.iter().map(|k| k.variant()).collect();
        let mut sorted = listed.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), listed.len(), "a kind listed twice");
        let mut read = crate::model::serde_variants::<Goal>().to_vec();
        read.sort();
        assert_eq!(sorted, read);
        assert_eq!(Goal::<Terrain>::DestroyAll.kind().variant(), "DestroyAll");
    }

    #[test]
    fn walk_gives_every_goal_its_path_parents_first() {
        let hold = |f: &str| Goal::<Terrain>::Hold {
            target: Zone::Feature(f.into()),
            hexes: HoldHexes::Any,
            when: When::EndOfGame,
            no_enemy_within: None,
        };
        let g = Goal::All(vec![
            hold("V4"),
            Goal::Any(vec![Goal::DestroyAll, hold("V12")]),
        ]);
        let mut seen = Vec::new();
        g.walk(vec![PathSeg::key("goal")], &mut |goal, p| {
            let place = goal.place().map(|(z, tail)| (z.describe(), tail.to_vec()));
            seen.push((p, place));
        });
        let key = PathSeg::key;
        let at = |segs: &[PathSeg]| [vec![key("goal")], segs.to_vec()].concat();
        let target = || vec![key("Hold"), key("target")];
        assert_eq!(
            seen,
            vec![
                (at(&[]), None),
                (
                    at(&[key("All"), PathSeg::Index(0)]),
                    Some(("V4".into(), target()))
                ),
                (at(&[key("All"), PathSeg::Index(1)]), None),
                (
                    at(&[key("All"), PathSeg::Index(1), key("Any"), PathSeg::Index(0)]),
                    None
                ),
                (
                    at(&[key("All"), PathSeg::Index(1), key("Any"), PathSeg::Index(1)]),
                    Some(("V12".into(), target()))
                ),
            ]
        );
    }

    #[test]
    fn exit_goals_name_counters_in_words() {
        let g: Goal = Goal::Exit {
            count: ExitCount::EveryCounter,
            counters: vec![Counter::Marker(MarkerKind::Limber)],
            via: Zone::Feature("B14".into()),
            by_turn: 7,
        };
        assert_eq!(
            g.describe(),
            "exit every one of the Limber markers via B14 by Game-Turn 7"
        );
        let g: Goal = Goal::Exit {
            count: ExitCount::EverySurvivor,
            counters: vec![],
            via: Zone::RoadEntry("East".into()),
            by_turn: 8,
        };
        assert_eq!(
            g.describe(),
            "exit all surviving units via where the East road enters the map by Game-Turn 8"
        );
    }

    #[test]
    fn by_and_at_the_end_of_a_turn_read_differently() {
        assert_eq!(When::EndOfTurn(8).describe(), "at the end of Game-Turn 8");
        assert_eq!(When::ByEndOfTurn(8).describe(), "by the end of Game-Turn 8");
        assert_ne!(When::EndOfTurn(8), When::ByEndOfTurn(8));
        let g = Goal::ControlEnemySetup {
            when: When::ByEndOfTurn(7),
        };
        assert_eq!(
            g.describe(),
            "control the enemy's set-up position by the end of Game-Turn 7"
        );
        let parsed: Goal = ron::from_str("ControlEnemySetup(when: ByEndOfTurn(7))").unwrap();
        assert_eq!(parsed, g);
    }

    #[test]
    fn a_plain_win_names_both_sides() {
        let v: VictoryCondition = VictoryCondition {
            side: "union".into(),
            goal: Goal::Hold {
                target: Zone::Feature("H26".into()),
                hexes: HoldHexes::All,
                when: When::ConsecutiveTurns(2),
                no_enemy_within: None,
            },
            outcome: Outcome::Wins,
            printed: String::new(),
        };
        assert_eq!(
            v.describe(Some("confederates"), &name),
            "Union must hold all of H26 for 2 consecutive Game-Turns: victory to Union if \
             achieved, otherwise to Confederates."
        );
        let either = VictoryCondition {
            side: EITHER_SIDE.into(),
            ..v
        };
        assert!(
            either
                .describe(None, &name)
                .ends_with(": victory to whichever side achieves it.")
        );
    }

    #[test]
    fn graded_outcomes_list_every_rung() {
        let r = |winner: &str, level| Result {
            winner: winner.into(),
            level,
        };
        let o = Outcome::Graded {
            by_turn: vec![
                GradedResult {
                    turn: 5,
                    result: r("confederates", Level::Substantive),
                },
                GradedResult {
                    turn: 8,
                    result: r("union", Level::Marginal),
                },
            ],
            otherwise: r("union", Level::Decisive),
        };
        assert_eq!(
            o.describe("confederates", Some("union"), &name),
            "by Game-Turn 5, Substantive victory to Confederates; by Game-Turn 8, Marginal \
             victory to Union; otherwise Decisive victory to Union"
        );
    }
}
