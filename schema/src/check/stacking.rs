//! Stacking (7.0): "Units totalling no more than six Stacking Points may be stacked in the same
//! hex … Enemy and Friendly units may never occupy the same hex." Checked on set-up placements;
//! also, no more counters placed than the order of battle holds.

use std::collections::BTreeMap;

use crate::diagnostic::{Code, Diagnostic};
use crate::model::counter::Counter;
use crate::model::hex::Coord;
use crate::model::map::Map;
use crate::model::scenario::Scenario;
use crate::path;
use crate::pipeline::zones::Resolved;
use crate::ruleset::MAX_STACKING_POINTS;

pub(super) fn check(s: &Scenario, map: &Map, _r: &Resolved) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut points: BTreeMap<Coord, (u32, usize)> = BTreeMap::new();
    let mut owner: BTreeMap<Coord, (&str, usize)> = BTreeMap::new();
    let mut placed: BTreeMap<(&str, &str, Counter), (u32, usize)> = BTreeMap::new();
    for (pi, p) in s.setup.iter().enumerate() {
        let e = placed
            .entry((p.side.as_str(), p.group.as_str(), p.counter))
            .or_insert((0, pi));
        e.0 += 1;
        e.1 = pi;
        let Counter::Unit(kind) = p.counter else {
            continue;
        };
        let e = points.entry(p.at).or_insert((0, pi));
        e.0 += kind.stacking_points();
        if e.0 > MAX_STACKING_POINTS && e.0 - kind.stacking_points() <= MAX_STACKING_POINTS {
            out.push(
                Diagnostic::error(
                    Code::OverStacked,
                    format!(
                        "hex {} holds more than {MAX_STACKING_POINTS} stacking points",
                        map.grid.label(p.at)
                    ),
                )
                .at_path(path!["setup", pi])
                .with_hex(map.grid.label(p.at))
                .with_hint("guns count 3 points, other units 2: move a unit to a neighbouring hex")
                .with_rule("7.0"),
            );
        }
        match owner.get(&p.at) {
            Some((side, _)) if *side != p.side => out.push(
                Diagnostic::error(
                    Code::EnemiesShareHex,
                    format!(
                        "{} and {} both have units in hex {}",
                        side,
                        p.side,
                        map.grid.label(p.at)
                    ),
                )
                .at_path(path!["setup", pi, "at"])
                .with_hex(map.grid.label(p.at))
                .with_hint(
                    "enemy and friendly units may never occupy the same hex: move one of them",
                )
                .with_rule("7.0"),
            ),
            Some(_) => {}
            None => {
                owner.insert(p.at, (p.side.as_str(), pi));
            }
        }
    }
    for ((side, group, counter), (n, last)) in placed {
        let Some(g) = s
            .side(side)
            .and_then(|sd| sd.groups.iter().find(|g| g.id == group))
        else {
            continue;
        };
        let have = match counter {
            Counter::Unit(k) => g.units.get(&k).copied().unwrap_or(0),
            Counter::Marker(m) => g.markers.get(&m).copied().unwrap_or(0),
        };
        if n > have {
            let what = match counter {
                Counter::Unit(k) => k.code(),
                Counter::Marker(m) => m.code(),
            };
            out.push(
                Diagnostic::error(
                    Code::PlacedMoreThanAllotted,
                    format!("{n} {what} placed for group ({group}) of {side}, which has {have}"),
                )
                .at_path(path!["setup", last])
                .with_hint("remove the extra placements or raise the group's count")
                .with_rule("11.0"),
            );
        }
    }
    out
}
