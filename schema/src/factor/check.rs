//! `saberc check` on a battle file: parse, JSON Schema, then factoring.

use crate::diagnostic::{Code, Diagnostic, PathSeg};
use crate::model::battle::Battle;
use crate::pipeline::parse::{DocKind, parse};
use crate::pipeline::read::Source;
use crate::pipeline::schema;
use crate::ruleset::UnitKind;

use super::*;

/// `saberc check` on a battle file: parse, JSON Schema, then factoring. A battle that cannot be
/// factored is an error (`FAC001`); each factoring warning becomes a note (`FAC002`), since it
/// describes the source figures rather than a fault in the file.
pub fn check_battle(src: &Source) -> Vec<Diagnostic> {
    let battle: Battle = match parse(src) {
        Ok(b) => b,
        Err(d) => return vec![d],
    };
    let value = serde_json::to_value(&battle).expect("the model always serializes");
    let schema = schema::validate(DocKind::Battle, &value);
    if !schema.is_empty() {
        return schema;
    }
    match factor(&battle) {
        // The whole battle is at fault: point at the document.
        Err(e) => vec![Diagnostic::new(Code::BattleInvalid, e.to_string()).at_path(Vec::new())],
        Ok(f) => f
            .warnings
            .iter()
            .map(|w| {
                let d = Diagnostic::new(Code::Factoring, w.to_string()).citing(w.rule());
                d.at_path(warning_path(&battle, w).unwrap_or_default())
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
