//! Victory conditions (11.0): goals a side must achieve, and the outcome when it does (or, for
//! graded conditions such as Shiloh's, by which Game-Turn it does).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::Counter;
use crate::zone::Zone;

/// The side id that stands for "whichever side achieves it" (11.7: "Whoever holds …").
pub const EITHER_SIDE: &str = "either";

/// One victory condition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VictoryCondition {
    /// Id of the side that must achieve the goal, or `either`.
    #[schemars(length(max = 64))]
    pub side: String,
    /// What must be achieved.
    pub goal: Goal,
    /// What achieving it (or failing to) means.
    #[serde(default)]
    pub outcome: Outcome,
    /// The condition as printed in the rules, for reference.
    #[serde(default)]
    #[schemars(length(max = 4096))]
    pub printed: String,
}

/// A goal.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum Goal {
    /// Hold a place: "for one side to hold a hex, a Friendly unit must be in the hex on the
    /// specified Game-Turn" (11.0).
    Hold {
        /// Where.
        target: Zone,
        /// Any hex of it, or all of its hexes.
        #[serde(default)]
        hexes: HoldHexes,
        /// When.
        when: When,
        /// And no enemy unit within this many hexes of the held hex(es) (11.3).
        #[serde(default)]
        #[schemars(range(max = 100))]
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
        counters: Vec<Counter>,
        /// Through which hexes they leave (edge hexes, a road's exit).
        via: Zone,
        /// By the end of this Game-Turn.
        #[schemars(range(min = 1, max = 20))]
        by_turn: u32,
    },
    /// Control (hold) the position the enemy chose at set-up (11.14, 11.15).
    ControlEnemySetup {
        /// By the end of this Game-Turn.
        #[schemars(range(min = 1, max = 20))]
        by_turn: u32,
    },
    /// Lose no more units than the other side (11.9, 11.17).
    LossesNoMoreThanEnemy,
    /// Every goal.
    All(#[schemars(length(min = 1, max = 20))] Vec<Goal>),
    /// Any goal.
    Any(#[schemars(length(min = 1, max = 20))] Vec<Goal>),
    /// A goal the vocabulary cannot say; `why` says what is missing.
    Text {
        /// The goal.
        #[schemars(length(max = 4096))]
        text: String,
        /// Why it is not structured.
        #[schemars(length(max = 4096))]
        why: String,
    },
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
    /// At the end of the given Game-Turn.
    EndOfTurn(#[schemars(range(min = 1, max = 20))] u32),
    /// At the end of any one Game-Turn before the game ends.
    AnyTurn,
    /// For this many consecutive Game-Turns.
    ConsecutiveTurns(#[schemars(range(min = 1, max = 20))] u32),
}

/// How many units must exit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum ExitCount {
    /// At least this many ("10 MZ or more").
    AtLeast(#[schemars(range(min = 1, max = 2000))] u32),
    /// At least this fraction of the side's units ("one-third or more").
    Fraction {
        /// Numerator.
        #[schemars(range(min = 1, max = 100))]
        num: u32,
        /// Denominator.
        #[schemars(range(min = 1, max = 100))]
        den: u32,
    },
    /// Every one of them ("all four limbers").
    All,
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
pub enum Outcome {
    /// The side wins if it achieves the goal, otherwise the other side wins.
    #[default]
    Wins,
    /// Graded by the Game-Turn by which the goal is achieved (11.6).
    Graded {
        /// In order of turn: achieved by the end of `by_turn` gives this result.
        #[schemars(length(min = 1, max = 20))]
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
    #[schemars(range(min = 1, max = 20))]
    pub turn: u32,
    /// Who wins, and how well.
    pub result: Result,
}

/// A winner and a level.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Result {
    /// The winning side's id.
    #[schemars(length(max = 64))]
    pub winner: String,
    /// The level.
    pub level: Level,
}

impl Goal {
    /// Visit this goal and its sub-goals.
    pub fn visit<'a>(&'a self, f: &mut dyn FnMut(&'a Goal)) {
        f(self);
        if let Goal::All(gs) | Goal::Any(gs) = self {
            gs.iter().for_each(|g| g.visit(f));
        }
    }

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
                let when = match when {
                    When::EndOfGame => "at the end of the last Game-Turn".to_string(),
                    When::EndOfTurn(t) => format!("at the end of Game-Turn {t}"),
                    When::AnyTurn => "for any one Game-Turn".to_string(),
                    When::ConsecutiveTurns(n) => format!("for {n} consecutive Game-Turns"),
                };
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
                    ExitCount::All => "all".into(),
                };
                let what = if counters.is_empty() {
                    "units".to_string()
                } else {
                    counters
                        .iter()
                        .map(|c| format!("{c:?}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                format!(
                    "exit {n} {what} via {} by Game-Turn {by_turn}",
                    via.describe()
                )
            }
            Goal::ControlEnemySetup { by_turn } => {
                format!("control the enemy's set-up position by Game-Turn {by_turn}")
            }
            Goal::LossesNoMoreThanEnemy => "lose no more units than the enemy".into(),
            Goal::All(gs) => gs
                .iter()
                .map(Goal::describe)
                .collect::<Vec<_>>()
                .join(", and "),
            Goal::Any(gs) => gs
                .iter()
                .map(Goal::describe)
                .collect::<Vec<_>>()
                .join(", or "),
            Goal::Text { text, .. } => text.clone(),
        }
    }
}
