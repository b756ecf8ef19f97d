//! The rules' tables in Rifle & Saber's engine export, from its ruleset's data
//! (`ruleset::combat`).
//! `tests/tests/export_tables.rs` compares every cell and number with the rules text.

use crate::model::export::{
    CombatResultsTable, FireCombatResult, MoraleLevelEffect, MoraleTable, PrintedNumber,
    PrintedWords, RangeBand, RangeEffectsChart, RangeEffectsRow, RulesTables,
};
use crate::model::scenario::Interpretation;
use crate::ruleset::combat::{self, FireResult};
use crate::ruleset::{Morale, Ratio};

/// Rifle & Saber's tables; morale's only when a side's morale is not normal (`morale`).
pub fn rules_tables(morale: impl IntoIterator<Item = Morale>) -> RulesTables {
    let uses_morale = morale.into_iter().any(|m| m != Morale::Normal);
    RulesTables {
        combat_results: combat_results(),
        range_effects: range_effects(),
        shock_combat: numbers(&combat::SHOCK_NUMBERS),
        disruption: numbers(&combat::DISRUPTION_NUMBERS),
        morale: uses_morale.then(|| MoraleTable {
            rule: "10.1".into(),
            levels: combat::MORALE_LEVELS
                .iter()
                .map(|l| MoraleLevelEffect {
                    level: l.level,
                    words: l.words.iter().map(|w| w.to_string()).collect(),
                })
                .collect(),
            changes: numbers(&combat::MORALE_NUMBERS),
        }),
    }
}

fn combat_results() -> CombatResultsTable {
    CombatResultsTable {
        rule: "9.1".into(),
        source: combat::CRT_SOURCE.into(),
        odds: combat::CRT_ODDS.iter().map(|&(a, d)| [a, d]).collect(),
        results: combat::CRT
            .iter()
            .map(|row| {
                row.iter()
                    .map(|r| match r {
                        FireResult::NoEffect => FireCombatResult::NoEffect,
                        FireResult::RetreatDisrupted => FireCombatResult::RD,
                        FireResult::Eliminated => FireCombatResult::E,
                    })
                    .collect()
            })
            .collect(),
        notes: words(&combat::CRT_NOTES),
    }
}

fn range_effects() -> RangeEffectsChart {
    let mut interpretations = Vec::new();
    for (r, row) in combat::RANGE_EFFECTS.iter().enumerate() {
        for band in 0..combat::RANGE_BANDS.len() {
            interpretations.push(Interpretation {
                rule: "10.4".into(),
                text: format!(
                    "The chart's row \"{}\", range band {}: \"{}\".",
                    row.label,
                    band + 1,
                    row.effects[band].printed()
                ),
                reading: combat::range_cell_reading(r, band),
                explains: Vec::new(),
            });
        }
    }
    RangeEffectsChart {
        rule: "10.4".into(),
        bands: combat::RANGE_BANDS
            .iter()
            .map(|&(from, to)| RangeBand { from, to })
            .collect(),
        rows: combat::RANGE_EFFECTS
            .iter()
            .map(|row| RangeEffectsRow {
                label: row.label.into(),
                fire: row.fire.into(),
                units: row.units.iter().map(|u| u.code().to_string()).collect(),
                printed: row
                    .effects
                    .iter()
                    .map(|e| e.printed().to_string())
                    .collect(),
                multipliers: row
                    .effects
                    .iter()
                    .map(|e| {
                        let (n, d) = e.multiplier();
                        Ratio::new(n, d)
                    })
                    .collect(),
            })
            .collect(),
        interpretations,
    }
}

fn numbers(list: &[combat::PrintedNumber]) -> Vec<PrintedNumber> {
    list.iter()
        .map(|n| PrintedNumber {
            name: n.name.into(),
            value: Ratio::new(n.num, n.den),
            rule: n.rule.into(),
            words: n.words.into(),
        })
        .collect()
}

fn words(list: &[(&str, &str)]) -> Vec<PrintedWords> {
    list.iter()
        .map(|(key, words)| PrintedWords {
            key: key.to_string(),
            words: words.to_string(),
        })
        .collect()
}
