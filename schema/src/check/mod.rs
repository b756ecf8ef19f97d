//! Rule checks, one file per rule family. Each check cites the rule section it enforces.

pub mod deployment;
mod map_features;
mod markers;
pub mod musket_and_saber;
mod playability;
mod references;
mod special_rules;
pub mod stacking;
mod texts;
mod turns;
mod victory;
mod zone_help;

use crate::diagnostic::{Code, Diagnostic, PathSeg};
use crate::model::hex_set::HexSet;
use crate::model::map::Map;
use crate::model::scenario::Scenario;
use crate::pipeline::zones::shared::SharedZones;
use crate::pipeline::zones::{Resolved, resolve};
use crate::queries::playable::Playable;
use crate::ruleset::{Citation, Game, Ruleset};

/// Every check of a map on its own, under its game's rules: feature codes and numbers (11.0),
/// roads, terrain of features.
pub fn check_map(map: &Map, rules: &Ruleset) -> Vec<Diagnostic> {
    check_map_unread(map, rules, &HexSet::empty(map.grid))
}

/// [`check_map`] of a map built from a file whose `unread` hexes had a terrain character the
/// legend does not know (MAP002, reported already): nothing is said about their terrain.
pub fn check_map_unread(map: &Map, rules: &Ruleset, unread: &HexSet) -> Vec<Diagnostic> {
    cited(rules, map_features::check(map, rules, unread))
}

/// Every check of a scenario on its map under the scenario's game's `rules`, with the zones
/// `shared` by the other files of a run on the same map, if any (see
/// [`crate::pipeline::zones::shared`]). Returns the resolved zones too, for export and the
/// editor. A map of another game than the scenario's is the one finding: nothing else can be
/// judged on it.
pub fn check_scenario(
    s: &Scenario,
    map: &Map,
    rules: &Ruleset,
    shared: Option<&SharedZones>,
) -> (Resolved, Vec<Diagnostic>) {
    let (resolved, diags, _) = check_scenario_searched(s, map, rules, shared);
    (resolved, diags)
}

/// [`check_scenario`], also returning the movement searches its playability findings were
/// judged on: [`crate::queries::playable::playable`]'s answer with no allowances given, or
/// `None` when no search was made. `saberc analyze` shows them rather than searching again.
pub fn check_scenario_searched(
    s: &Scenario,
    map: &Map,
    rules: &Ruleset,
    shared: Option<&SharedZones>,
) -> (Resolved, Vec<Diagnostic>, Option<Playable>) {
    if let Some(d) = map_of_other_game(s, map) {
        return (Resolved::default(), vec![d], None);
    }
    let mut out = references::check(s, rules);
    let (resolved, mut zone_diags) = resolve(s, map, shared);
    out.append(&mut zone_diags);
    out.extend(deployment::check(s, map, rules, &resolved));
    out.extend(stacking::check(s, map, rules, &resolved));
    out.extend(turns::check(s, map, rules, &resolved));
    out.extend(victory::check(s, map, rules, &resolved));
    out.extend(markers::check(s, map, rules, &resolved));
    out.extend(special_rules::check(s, map, rules, &resolved));
    out.extend(texts::check(s, rules));
    let (found, searched) = playability::check(s, map, rules, &resolved, shared);
    out.extend(found);
    if resolved.incomplete {
        // Zones past the work budget were not computed: findings judged on them (the
        // registry's `zones` column) are not findings.
        out.retain(|d| !d.code.info().zones.needs_computed_zones());
    }
    (
        resolved,
        cited(
            rules,
            explained(&s.interpretations, without_consequences(out)),
        ),
        searched,
    )
}

/// REF008: the scenario names a map of another game (the `game` fields differ; absent is
/// Rifle & Saber). Said at the scenario's `game` field, or at its `map` when it has none.
pub fn map_of_other_game(s: &Scenario, map: &Map) -> Option<Diagnostic> {
    let (ours, theirs) = (s.game.unwrap_or_default(), map.game.unwrap_or_default());
    if ours == theirs {
        return None;
    }
    let at = if s.game.is_some() { "game" } else { "map" };
    Some(
        other_game_map(ours, theirs, &map.id)
            .at_path(vec![PathSeg::key(at)])
            .with_hint(format!(
                "name a map for {} in `map:`, or write `game: \"{}\"` if the scenario is for {}",
                s.rules().name,
                theirs.id(),
                map.rules().name
            )),
    )
}

/// REF008 of any game: a scenario for `ours` whose map, named `reference`, is for `theirs`.
pub fn other_game_map(ours: Game, theirs: Game, reference: &str) -> Diagnostic {
    Diagnostic::new(
        Code::MapOfOtherGame,
        format!(
            "this scenario is for {} (`{}`), but its map `{}` is for {} (`{}`)",
            ours.ruleset().name,
            ours.id(),
            crate::diagnostic::printable(reference, 60),
            theirs.ruleset().name,
            theirs.id()
        ),
    )
}

/// The rule section each game's files cite for a code, game by game: a code only one game's
/// files get (`Ruleset::own_codes`) cites its registry row for that game alone; any other code
/// cites the registry row (Rifle & Saber's sections) where [`Ruleset::citation`] says so, and
/// the game's own section where it names one. A game whose files cite no section for the code
/// is left out. `saberc explain` and SARIF's rule descriptions print these.
pub fn sections_by_game(code: crate::diagnostic::Code) -> Vec<(&'static Ruleset, &'static str)> {
    let info = code.info();
    let rulesets = crate::ruleset::rulesets();
    if let Some(owner) = rulesets
        .iter()
        .find(|r| r.own_codes().contains(&code.as_str()))
    {
        return info.rule.map(|s| vec![(*owner, s)]).unwrap_or_default();
    }
    rulesets
        .iter()
        .filter_map(|r| match r.citation(code.as_str()) {
            Citation::Registry => info.rule.map(|s| (*r, s)),
            Citation::Own(section) => section.map(|s| (*r, s)),
        })
        .collect()
}

/// What a code means in each game's files, with its section (as [`sections_by_game`]): the
/// registry's explanation for Rifle & Saber, the game's own words where its ruleset has them
/// (`Ruleset::rule_texts`). `saberc explain` prints each; SARIF gives another game's finding
/// its game's.
pub fn texts_by_game(
    code: crate::diagnostic::Code,
) -> Vec<(&'static Ruleset, &'static str, &'static str)> {
    sections_by_game(code)
        .into_iter()
        .map(|(r, s)| {
            (
                r,
                s,
                r.rule_text(code.as_str())
                    .unwrap_or(code.info().explanation),
            )
        })
        .collect()
}

/// Each finding with the rule section its code cites in this game's files (a second game's
/// sections come from its ruleset; Rifle & Saber's are the registry's).
pub fn cited(rules: &Ruleset, mut diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    for d in &mut diags {
        if let Citation::Own(section) = rules.citation(d.code.as_str()) {
            d.rule = section.map(String::from);
        }
    }
    diags
}

/// Drop findings that only follow from an error inside the same zone (an empty zone because it
/// names an unknown feature), so that each mistake is reported once. Linear in the findings:
/// a set holds every path that lies above a cause, so a consequence is looked up, not compared
/// with each cause (100,000 off-map hexes in one list are 100,000 causes).
fn without_consequences(diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    use crate::diagnostic::PathSeg;
    use crate::diagnostic::codes::ZoneRole;
    let causes: Vec<Vec<PathSeg>> = diags
        .iter()
        .filter(|d| d.is_error() && d.code.info().zones == ZoneRole::Cause)
        .filter_map(|d| d.path.clone())
        .collect();
    let mut above_a_cause: std::collections::HashSet<&[PathSeg]> = Default::default();
    for c in &causes {
        // Longest first: once a path is in the set, so are all the paths above it.
        for len in (0..c.len()).rev() {
            if !above_a_cause.insert(&c[..len]) {
                break;
            }
        }
    }
    diags
        .into_iter()
        .filter(|d| {
            let consequence = d.code.info().zones == ZoneRole::Consequence;
            let caused = || d.path.as_deref().is_some_and(|p| above_a_cause.contains(p));
            !(consequence && caused())
        })
        .collect()
}

/// A warning whose code an interpretation note lists in `explains` is expected: it becomes a
/// note that points to the explanation, so that `saberc check` stays quiet about known readings.
/// A note that explains the code a warning was split from (`DEP009` for `DEP011`) explains it
/// too: files written before the split keep their meaning.
pub(crate) fn explained(
    interpretations: &[crate::model::scenario::Interpretation],
    diags: Vec<Diagnostic>,
) -> Vec<Diagnostic> {
    use crate::diagnostic::Severity;
    diags
        .into_iter()
        .map(|mut d| {
            if d.severity == Severity::Warning
                && let Some(i) = interpretations.iter().find(|i| {
                    i.explains
                        .iter()
                        .any(|e| *e == d.code || d.code.info().split_from == Some(e.as_str()))
                })
            {
                d.severity = Severity::Note;
                d.hint = Some(format!(
                    "expected: explained by the interpretation note on {}",
                    i.rule
                ));
            }
            d
        })
        .collect()
}
