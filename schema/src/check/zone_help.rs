//! What to write to widen a deployment or arrival zone: why a zone is empty (ZON001's help,
//! the innermost part that is empty or the parts that share no hex) and which clause of one too
//! small to widen (DEP001's), with the `distance` to write as an edit, proven before it is shown.

use crate::diagnostic::{Diagnostic, PathSeg};
use crate::model::hex_set::HexSet;
use crate::model::map::Map;
use crate::model::zone::Zone;
use crate::path;
use crate::pipeline::zones::compiler::{ZoneCompiler, ZoneEnv};

impl Diagnostic {
    /// DEP001's edit: the least `distance` of the zone's narrowest `Within` clause (or of the
    /// zone, a `Within`) that gives it `need` hexes, proposed as the edit of that number.
    pub(super) fn wider(
        self,
        zone: Option<&Zone>,
        zone_path: &[PathSeg],
        need: u32,
        has: usize,
        map: &Map,
    ) -> Diagnostic {
        let Some(zone) = zone else { return self };
        let mut zc = ZoneCompiler::new(map, ZoneEnv::default());
        // The clause to widen: its path below the zone and its distance.
        let clause = match zone {
            Zone::Within { distance, .. } => Some((path!["Within", "distance"], *distance, None)),
            Zone::Intersection(parts) if parts.len() > 1 => parts
                .iter()
                .enumerate()
                .map(|(i, p)| (zc.compile(p, &[]).len(), i, p))
                .min_by_key(|(n, _, _)| *n)
                .and_then(|(_, i, p)| match p {
                    Zone::Within { distance, .. } => Some((
                        path!["Intersection", i, "Within", "distance"],
                        *distance,
                        Some(i),
                    )),
                    _ => None,
                }),
            _ => None,
        };
        let Some((rel, distance, part)) = clause else {
            return self;
        };
        let widened = |d: u32| -> Zone {
            let set = |z: &Zone| match z {
                Zone::Within { of, .. } => Zone::Within {
                    distance: d,
                    of: of.clone(),
                },
                z => z.clone(),
            };
            match (zone, part) {
                (Zone::Intersection(parts), Some(i)) => Zone::Intersection(
                    parts
                        .iter()
                        .enumerate()
                        .map(|(j, p)| if j == i { set(p) } else { p.clone() })
                        .collect(),
                ),
                (z, _) => set(z),
            }
        };
        // Past the map's width and height no distance adds a hex.
        let most = distance + map.grid.width.max(map.grid.height);
        let Some(enough) =
            (distance + 1..=most).find(|d| zc.compile(&widened(*d), &[]).len() as u32 >= need)
        else {
            return self;
        };
        let lack = (need as usize).saturating_sub(has);
        let hexes = if lack == 1 { "hex" } else { "hexes" };
        let what = match (zone, part) {
            (Zone::Intersection(parts), Some(i)) => {
                format!("its narrowest clause, {}", parts[i].describe())
            }
            (z, _) => short_zone(&z.describe()),
        };
        self.suggest_at(
            [zone_path.to_vec(), rel].concat(),
            enough.to_string(),
            format!(
                "the zone lacks {lack} {hexes}: widen {what}: write `distance: {enough}` in place of {distance}, which gives it {need} hexes or more"
            ),
        )
    }
}

/// The clause of a zone to widen first: of an intersection, the part with the fewest hexes
/// (the others hold more than the zone), with its count; else the zone itself.
pub(super) fn narrowest(zone: &Zone, map: &Map) -> String {
    let mut zc = ZoneCompiler::new(map, ZoneEnv::default());
    match zone {
        Zone::Intersection(parts) if parts.len() > 1 => parts
            .iter()
            .map(|p| (zc.compile(p, &[]).len(), p))
            .min_by_key(|(n, _)| *n)
            .map(|(n, p)| {
                let how = match p {
                    Zone::Within { distance, .. } => format!(": raise its `distance: {distance}`"),
                    Zone::Feature(code) => format!(
                        ": take the hexes around it, e.g. `Within(distance: 1, of: Feature(\"{code}\"))`"
                    ),
                    _ => String::new(),
                };
                format!("its narrowest clause, {} ({n} hexes){how}", p.describe())
            })
            .unwrap_or_else(|| zone.describe()),
        Zone::Feature(code) => format!(
            "`Feature(\"{code}\")` to the hexes around it, e.g. `Within(distance: 1, of: Feature(\"{code}\"))`"
        ),
        Zone::Within { distance, .. } => format!(
            "{} (raise `distance: {distance}`)",
            short_zone(&zone.describe())
        ),
        _ => short_zone(&zone.describe()),
    }
}

/// A zone's description cut to a hint's length.
fn short_zone(text: &str) -> String {
    crate::diagnostic::truncate_chars(text, 120)
}

/// Why a zone has no hexes on `map`, in the designer's own terms (ZON001's help): the
/// innermost part that is empty, or the two parts that share no hex; and, where a value to
/// write can be worked out, that value as an edit of the zone's `distance` (its path below the
/// zone's, the number, the help that says it), proven before it is shown. `None` when no part
/// can be blamed.
pub(crate) struct WhyEmpty {
    /// The cause, shown when no edit is proven.
    cause: String,
    /// A `distance` to write: its path below the zone, the number, and the help saying it.
    edit: Option<(Vec<PathSeg>, u32, String)>,
}

impl WhyEmpty {
    fn cause(cause: String) -> WhyEmpty {
        WhyEmpty { cause, edit: None }
    }

    /// The same, for a part of a zone at `step` below it.
    fn under(mut self, step: Vec<PathSeg>) -> WhyEmpty {
        if let Some((p, _, _)) = self.edit.as_mut() {
            *p = [step, std::mem::take(p)].concat();
        }
        self
    }
}

impl Diagnostic {
    /// Why `zone` (at `zone_path`) has no hexes on `map`, said by this finding: the cause, and
    /// the distance to write as a proven edit where one can be worked out — one that gives
    /// the zone at least `need` hexes, so that the edit does not trade an empty zone for one
    /// too small; `otherwise` when no part can be blamed.
    pub(crate) fn why_empty(
        self,
        zone: Option<&Zone>,
        zone_path: &[PathSeg],
        need: u32,
        map: &Map,
        otherwise: impl FnOnce() -> String,
    ) -> Diagnostic {
        let mut zc = ZoneCompiler::new(map, ZoneEnv::default());
        let Some(zone) = zone else {
            return self.with_hint(otherwise());
        };
        match empty_part(zone, &mut zc) {
            Some(WhyEmpty { cause, edit }) => {
                let d = self.with_hint(cause);
                let Some((p, n, help)) = edit else { return d };
                match enough_distance(zone, &p, n, need.max(1), map, &mut zc) {
                    Some(m) if m == n => {
                        d.suggest_at([zone_path.to_vec(), p].concat(), n.to_string(), help)
                    }
                    Some(m) => {
                        let help = format!(
                            "{}: write `distance: {m}`, which gives it the {need} hexes it needs",
                            d.hint.clone().unwrap_or_default()
                        );
                        d.suggest_at([zone_path.to_vec(), p].concat(), m.to_string(), help)
                    }
                    None => d,
                }
            }
            None => self.with_hint(otherwise()),
        }
    }
}

/// The distance nearest `from` to write at `rel` (a `distance` below `zone`) that gives the
/// zone at least `need` hexes: smaller for `AtLeast`, larger for `Within`. `None` when none does.
fn enough_distance(
    zone: &Zone,
    rel: &[PathSeg],
    from: u32,
    need: u32,
    map: &Map,
    zc: &mut ZoneCompiler,
) -> Option<u32> {
    let at_least = rel
        .iter()
        .rev()
        .nth(1)
        .is_some_and(|s| *s == PathSeg::key("AtLeast"));
    let pointer = crate::diagnostic::pointer(rel);
    let value = serde_json::to_value(zone).ok()?;
    let mut holds = |d: u32| {
        let mut v = value.clone();
        let Some(slot) = v.pointer_mut(&pointer) else {
            return false;
        };
        *slot = d.into();
        serde_json::from_value::<Zone>(v).is_ok_and(|z| zc.compile(&z, &[]).len() as u32 >= need)
    };
    if at_least {
        (1..=from).rev().find(|d| holds(*d))
    } else {
        (from..=from + map.grid.width.max(map.grid.height)).find(|d| holds(*d))
    }
}

fn empty_part(zone: &Zone, zc: &mut ZoneCompiler) -> Option<WhyEmpty> {
    match zone {
        Zone::Intersection(parts) => {
            let sets: Vec<HexSet> = parts.iter().map(|p| zc.compile(p, &[])).collect();
            // `AtLeast` past the map's farthest hex: the distance that gives it hexes is the
            // fix only if those hexes meet the other parts; else the cause is that they share
            // none, whatever the distance.
            if let Some(i) = sets.iter().position(HexSet::is_empty)
                && let Zone::AtLeast { distance, from } = &parts[i]
                && let Some(farthest) = zc
                    .compile(from, &[])
                    .distance_field()
                    .iter()
                    .copied()
                    .filter(|d| *d != u32::MAX)
                    .max()
            {
                let widest = Zone::AtLeast {
                    distance: farthest,
                    from: from.clone(),
                };
                let mut meet = zc.compile(&widest, &[]);
                for (j, set) in sets.iter().enumerate() {
                    if j != i {
                        meet.intersect_with(set);
                    }
                }
                let others: Vec<String> = parts
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .map(|(_, p)| p.describe())
                    .collect();
                return Some(if meet.is_empty() {
                    WhyEmpty::cause(format!(
                        "no hex is {distance} or more hexes from {} (the farthest is {farthest} away), and at any distance its hexes share none with {}: the clauses share no hex; measure from another place, or widen the other clause",
                        from.describe(),
                        others.join(" and ")
                    ))
                } else {
                    // The zone shrinks as the distance grows: the largest distance that still
                    // meets the other parts, by bisection.
                    let ds: Vec<u32> = (1..=farthest).collect();
                    let meets = ds.partition_point(|d| {
                        let mut m = zc.compile(
                            &Zone::AtLeast {
                                distance: *d,
                                from: from.clone(),
                            },
                            &[],
                        );
                        for (j, set) in sets.iter().enumerate() {
                            if j != i {
                                m.intersect_with(set);
                            }
                        }
                        !m.is_empty()
                    });
                    let fits = ds.get(meets.saturating_sub(1)).copied().unwrap_or(farthest);
                    let cause = format!(
                        "no hex of the map is {distance} or more hexes from {}: the farthest that also lies in {} is {fits} away",
                        from.describe(),
                        others.join(" and ")
                    );
                    WhyEmpty {
                        edit: Some((
                            path!["Intersection", i, "AtLeast", "distance"],
                            fits,
                            format!("{cause}; write `distance: {fits}` or less"),
                        )),
                        cause,
                    }
                });
            }
            if let Some(i) = sets.iter().position(HexSet::is_empty) {
                return empty_part(&parts[i], zc)
                    .map(|w| w.under(path!["Intersection", i]))
                    .or_else(|| {
                        Some(WhyEmpty::cause(format!(
                            "{} has no hexes on this map",
                            parts[i].describe()
                        )))
                    });
            }
            let mut acc = sets[0].clone();
            for (i, set) in sets.iter().enumerate().skip(1) {
                let mut next = acc.clone();
                next.intersect_with(set);
                if next.is_empty() {
                    let before = if i == 1 {
                        parts[0].describe()
                    } else {
                        "the parts before it".to_string()
                    };
                    let cause = format!(
                        "{before} ({} hexes) and {} ({} hexes) share no hex",
                        acc.len(),
                        parts[i].describe(),
                        set.len()
                    );
                    return Some(match reach_edge(&parts[..=i], zc) {
                        Some((advice, Some((j, need)))) => WhyEmpty {
                            edit: Some((
                                path!["Intersection", j, "Within", "distance"],
                                need,
                                format!("{cause}: {advice}"),
                            )),
                            cause: format!("{cause}: widen one of them, or leave one out"),
                        },
                        Some((advice, None)) => WhyEmpty::cause(format!("{cause}: {advice}")),
                        None => {
                            WhyEmpty::cause(format!("{cause}: widen one of them, or leave one out"))
                        }
                    });
                }
                acc = next;
            }
            None
        }
        Zone::Union(parts) | Zone::OneOf(parts) => {
            let variant = if matches!(zone, Zone::Union(_)) {
                "Union"
            } else {
                "OneOf"
            };
            parts
                .iter()
                .enumerate()
                .find_map(|(i, p)| Some(empty_part(p, zc)?.under(path![variant, i])))
        }
        Zone::Within { of, .. } | Zone::Sector { of, .. } | Zone::Beyond { of, .. }
            if zc.compile(of, &[]).is_empty() =>
        {
            let variant = match zone {
                Zone::Within { .. } => "Within",
                Zone::Sector { .. } => "Sector",
                _ => "Beyond",
            };
            Some(empty_part(of, zc)?.under(path![variant, "of"]))
        }
        Zone::AtLeast { from, .. } if zc.compile(from, &[]).is_empty() => {
            Some(empty_part(from, zc)?.under(path!["AtLeast", "from"]))
        }
        Zone::AtLeast { distance, from } => {
            let field = zc.compile(from, &[]).distance_field();
            let farthest = field.iter().copied().filter(|d| *d != u32::MAX).max()?;
            let cause = format!(
                "no hex of the map is {distance} or more hexes from {}: the farthest is {farthest} away",
                from.describe()
            );
            Some(WhyEmpty {
                edit: Some((
                    path!["AtLeast", "distance"],
                    farthest,
                    format!("{cause}; write `distance: {farthest}` or less"),
                )),
                cause,
            })
        }
        Zone::Beyond {
            toward,
            of,
            inclusive: false,
        } => Some(WhyEmpty::cause(format!(
            "nothing lies beyond {} toward {toward:?}: it reaches the map's edge that way; write `inclusive: true` to take its own hexes, or look another way",
            of.describe()
        ))),
        Zone::Difference(a, b) => {
            let kept = zc.compile(a, &[]);
            if kept.is_empty() {
                return Some(empty_part(a, zc)?.under(path!["Difference", 0]));
            }
            Some(WhyEmpty::cause(format!(
                "{} takes away every hex of {} ({} hexes): take away less",
                b.describe(),
                a.describe(),
                kept.len()
            )))
        }
        Zone::Hexes(list) if list.is_empty() => Some(WhyEmpty::cause(
            "the list names no hex: write the hexes, e.g. `Hexes([(5, 5), (5, 6)])`".to_string(),
        )),
        Zone::Terrain(t) => Some(WhyEmpty::cause(format!("this map has no {t:?} hexes"))),
        _ => None,
    }
}

/// When one of `parts` is a map edge and another is measured from something (`Within`), the
/// distance that reaches the edge: "write `distance: 9`", with that part's index and the
/// distance as the edit.
fn reach_edge(parts: &[Zone], zc: &mut ZoneCompiler) -> Option<(String, Option<(usize, u32)>)> {
    let edge = parts.iter().find_map(|p| match p {
        Zone::Edge(e) => Some(*e),
        _ => None,
    })?;
    let edge_hexes = zc.compile(&Zone::Edge(edge), &[]);
    parts.iter().enumerate().find_map(|(j, p)| match p {
        Zone::Within { distance, of } => {
            let need = zc.compile(of, &[]).distance_to(&edge_hexes)?;
            (need > *distance).then(|| {
                (format!(
                    "{} is {need} hexes from the {} edge; write `distance: {need}` to reach it, or arrive at the whole edge (`Edge({edge:?})`)",
                    of.describe(),
                    edge.name()
                ), Some((j, need)))
            })
        }
        Zone::Feature(code) => {
            let need = zc.compile(p, &[]).distance_to(&edge_hexes)?;
            Some((format!(
                "{code} is {need} hexes from the {} edge: write `Within(distance: {need}, of: Feature(\"{code}\"))` in its place, or arrive at the whole edge (`Edge({edge:?})`)",
                edge.name()
            ), None))
        }
        _ => None,
    }).or_else(|| {
        Some((format!(
            "widen the other part to reach the {} edge, or take the whole edge (`Edge({edge:?})`)",
            edge.name()
        ), None))
    })
}
