//! Export for a game engine: one self-contained, deterministic JSON document per scenario. The
//! map with effective terrain after special rules, the Terrain Effects Chart, every zone as an
//! explicit list of hexes in run-length rows, one record per counter with its stats and its
//! set-up hex, arrivals, victory conditions and special rules in normalised form. Its schema is
//! `export.schema.json`.
//!
//! `saber-export/2` changed from `/1` (the migration note is in the README and the schema):
//! hexes are `[col, row]` pairs and zones run-length rows instead of label strings; the map's
//! terrain is one string per row as in map files; counters carry their set-up hex; zones their
//! arrival turn and facing; the Terrain Effects Chart is included; labels are described by
//! their digit counts.
//!
//! The document's types are in [`crate::model::export`] (re-exported here, as the model of a
//! file format); this module builds and writes it.

use serde::Serialize;
use std::io::Write as _;

use crate::diagnostic::{Code, Diagnostic};
use crate::model::counter::{Counter, CounterName};
use crate::model::hex::Coord;
use crate::model::hex_set::HexSet;
use crate::model::map::{Cell, Map};
use crate::model::scenario::{Entry, Scenario};
use crate::model::special_rule::Effect;
use crate::model::victory::{Goal, VictoryCondition};
use crate::model::zone::{TerrainName, Zone};
use crate::pipeline::zones::Resolved;
use crate::queries::effective_terrain::{Cleared, EffectiveTerrain};
use crate::queries::movement::terrain_cost;
use crate::ruleset::{MarkerKind, Printed, Ratio, Ruleset, UnitKind};

pub use crate::model::export::*;

mod tables;

/// Build the export of a checked scenario under its game's `rules`; refused (LIM003) past
/// [`MAX_EXPORT_RUNS`] runs of hexes, counted over every list the document holds (zones, their
/// alternatives, the lists per enemy choice, victory areas, special rules).
pub fn export(
    rules: &Ruleset,
    s: &Scenario,
    map: &Map,
    r: &Resolved,
) -> Result<Export, Diagnostic> {
    export_within(rules, s, map, r, MAX_EXPORT_RUNS)
}

/// [`export`] with another run limit (the tests hold a scenario to its own count).
fn export_within(
    rules: &Ruleset,
    s: &Scenario,
    map: &Map,
    r: &Resolved,
    limit: usize,
) -> Result<Export, Diagnostic> {
    let g = map.grid;
    let pair = |c: Coord| [c.0, c.1];
    let cleared = Cleared::of(s, map, r);
    let played = EffectiveTerrain::for_scenario(map, &cleared);
    let rows = |cell: &dyn Fn(Coord) -> Cell| -> Vec<String> {
        (1..=g.height as i32)
            .map(|row| {
                (1..=g.width as i32)
                    .map(|col| cell(Coord(col, row)).to_char(rules))
                    .collect()
            })
            .collect()
    };
    let export_map = ExportMap {
        id: map.id.clone(),
        name: map.name.clone(),
        width: g.width,
        height: g.height,
        orientation: g.orientation,
        parity: g.parity,
        labels: LabelFormat::of(&g),
        terrain: rows(&|c| map.cell(c).unwrap_or_default()),
        effective_terrain: rows(&|c| played.cell(c).unwrap_or_default()),
        ridges: map.ridges.iter().map(|k| [pair(k.0), pair(k.1)]).collect(),
        roads: map
            .roads
            .iter()
            .map(|rd| ExportRoad {
                name: rd.name.clone(),
                kind: rd.kind,
                hexes: rd.hexes.iter().copied().map(pair).collect(),
            })
            .collect(),
        features: map
            .features
            .iter()
            .map(|f| ExportFeature {
                code: f.code.clone(),
                name: f.name.clone(),
                hexes: f.hexes.iter().copied().map(pair).collect(),
            })
            .collect(),
    };

    let mut runs = Budget::new(limit);
    let mut zones = Vec::new();
    let mut sides = Vec::new();
    for (si, side) in s.sides.iter().enumerate() {
        let mut units = Vec::new();
        for (gi, group) in side.groups.iter().enumerate() {
            let zone_id = format!("{}-{}", side.id, group.id);
            let gh = &r.groups[si][gi];
            let (kind, description, facing, zone) = match &group.entry {
                Entry::Deploy { zone, facing } => ("deploy", zone.describe(), *facing, zone),
                Entry::Arrive { turn, at } => (
                    "arrive",
                    format!("Game-Turn {turn}: {}", at.describe()),
                    None,
                    at,
                ),
            };
            zones.push(ExportZone {
                id: zone_id.clone(),
                side: side.id.clone(),
                group: group.id.clone(),
                kind: kind.into(),
                description,
                arrival_turn: gh.arrival_turn,
                facing,
                hexes: runs.take(&gh.hexes)?,
                alternatives: if gh.alternatives.len() > 1 {
                    gh.alternatives
                        .iter()
                        .map(|h| runs.take(h))
                        .collect::<Result<_, _>>()?
                } else {
                    vec![]
                },
                enemy_relative: enemy_relative(s, r, zone, gh, &mut runs)?,
            });
            // Set-up placements of this group, by counter, in file order.
            let placed = |counter: Counter| -> Vec<HexPair> {
                s.setup
                    .iter()
                    .filter(|p| p.side == side.id && p.group == group.id && p.counter == counter)
                    .map(|p| pair(p.at))
                    .collect()
            };
            for &kind in rules.units {
                let n = group.units.get(&kind).copied().unwrap_or(0);
                let mut at = placed(Counter::Unit(kind)).into_iter();
                for i in 1..=n {
                    let mut u = unit_record(
                        rules,
                        s,
                        side.id.as_str(),
                        &group.id,
                        kind,
                        i,
                        &zone_id,
                        gh.arrival_turn,
                    );
                    u.setup = at.next();
                    units.push(u);
                }
            }
            for &m in rules.markers {
                let n = group.markers.get(&m).copied().unwrap_or(0);
                let mut at = placed(Counter::Marker(m)).into_iter();
                for i in 1..=n {
                    units.push(ExportUnit {
                        id: format!("{}-{}-{}-{i:02}", side.id, group.id, m.code()),
                        kind: m.code().into(),
                        marker: true,
                        group: group.id.clone(),
                        stacking_points: rules.marker_stacking_points(m),
                        shock_strength: None,
                        fire_attack: None,
                        fire_defense: None,
                        movement: limber_value(s, &side.id, m, true),
                        range: None,
                        zone: zone_id.clone(),
                        arrival_turn: gh.arrival_turn,
                        setup: at.next(),
                    });
                }
            }
        }
        sides.push(ExportSide {
            id: side.id.clone(),
            name: side.name.clone(),
            color: side.color,
            morale: side.morale,
            units,
        });
    }

    let victory = export_victory(
        &s.victory,
        r.victory_zones.iter().map(|(_, h)| h),
        &mut runs,
    )?;
    let mut special_rules = Vec::new();
    for (ri, rule) in s.special_rules.iter().enumerate() {
        special_rules.push(ExportSpecialRule {
            printed: rule.printed.clone(),
            effect: rule.effect.clone(),
            hexes: match r.rule_hexes(ri) {
                Some(h) => runs.take(&h)?,
                None => ExportHexes::default(),
            },
        });
    }

    Ok(Export {
        format: EXPORT_FORMAT.into(),
        scenario: ExportScenario {
            id: s.id.clone(),
            rule: s.rule.clone(),
            name: s.name.clone(),
            date: s.date.clone(),
            portion: s.portion.clone(),
            game_length: s.game_length,
            deploys_first: s.deploys_first.clone(),
            moves_first: s.moves_first.clone(),
            notes: s.notes.clone(),
            interpretations: s.interpretations.clone(),
        },
        map: export_map,
        terrain_effects: terrain_effects(rules),
        sides,
        zones,
        victory,
        special_rules,
        tables: Some(tables::rules_tables(s.sides.iter().map(|side| side.morale))),
    })
}

/// Runs written so far, against the limit ([`MAX_EXPORT_RUNS`]).
pub(crate) struct Budget {
    runs: usize,
    limit: usize,
}

impl Budget {
    /// None written yet, of `limit`.
    pub(crate) fn new(limit: usize) -> Budget {
        Budget { runs: 0, limit }
    }

    /// The hexes `h` as runs, counted against the limit (LIM003 past it).
    pub(crate) fn take(&mut self, h: &HexSet) -> Result<ExportHexes, Diagnostic> {
        let hexes = ExportHexes::of(h);
        self.runs += hexes.runs.len();
        if self.runs > self.limit {
            return Err(Diagnostic::new(
                Code::LimitExceeded,
                format!(
                    "the export would hold more than {} runs of hexes in its zones, over the export limit",
                    crate::diagnostic::grouped(self.limit)
                ),
            )
            .with_hint(
                "zones this fragmented on a map this large are not a playable scenario: draw the zones as fewer, solid areas",
            ));
        }
        Ok(hexes)
    }
}

/// The Terrain Effects Chart rows for every terrain character, from the game's ruleset.
pub fn terrain_effects(rules: &Ruleset) -> TerrainEffects {
    let mut hexes = Vec::new();
    // One row per character of the map legend.
    for &(char, terrain, slope) in rules.terrain_legend {
        let row = rules.terrain_effect(terrain);
        let defense = match (row.defense, slope) {
            (d, false) => d,
            (None, true) => rules.slope_effect.defense,
            (Some(d), true) => Some(
                rules
                    .slope_effect
                    .defense
                    .filter(|s| s.value() > d.value())
                    .unwrap_or(d),
            ),
        };
        hexes.push(TerrainRow {
            char: char.to_string(),
            terrain,
            slope,
            movement_cost: terrain_cost(rules, terrain, slope)
                .map_or(row.movement_cost.unwrap_or(Ratio::new(0, 1)), |mp| {
                    mp.to_ratio()
                }),
            defense,
            blocks_sight: row.blocks_fire,
        });
    }
    TerrainEffects {
        hexes,
        ridge_extra_cost: rules
            .ridge_effect
            .movement_extra
            .unwrap_or(Ratio::new(0, 1)),
        ridge_blocks_sight: rules.ridge_effect.blocks_fire,
        road_cost: rules.road_cost,
        occupied_blocks_sight: rules.sight.units_block,
    }
}

/// How a zone measured from the enemy depends on the enemy's set-up: present when it names
/// `EnemyUnits` (where the enemy's units stand is known only after set-up) or when the enemy
/// chooses among alternatives.
fn enemy_relative(
    s: &Scenario,
    r: &Resolved,
    zone: &Zone,
    gh: &crate::pipeline::zones::GroupHexes,
    runs: &mut Budget,
) -> Result<Option<ExportEnemyRelative>, Diagnostic> {
    let grid = gh.hexes.grid();
    let mut names_units = false;
    zone.visit(&mut |z| names_units |= matches!(z, Zone::EnemyUnits));
    if !zone.refers_to_enemy() || !(names_units || gh.depends_on_enemy()) {
        return Ok(None);
    }
    let Some(enemy) = s.sides.get(r.first) else {
        return Ok(None);
    };
    let deploying = |g: &crate::model::scenario::Group| matches!(g.entry, Entry::Deploy { .. });
    let enemy_zones = enemy
        .groups
        .iter()
        .filter(|g| deploying(g))
        .map(|g| format!("{}-{}", enemy.id, g.id))
        .collect();
    let per_enemy_choice = if gh.from_setup {
        Vec::new()
    } else {
        r.enemy_choices
            .iter()
            .zip(&gh.per_enemy_choice)
            .map(|(c, alts)| {
                let hexes = alts.iter().fold(HexSet::empty(grid), |mut a, h| {
                    a.union_with(h);
                    a
                });
                Ok(ExportEnemyChoice {
                    enemy_picks: enemy
                        .groups
                        .iter()
                        .zip(&c.picks)
                        .zip(&r.groups[r.first])
                        .filter(|(_, g)| g.alternatives.len() > 1)
                        .filter_map(|((group, pick), _)| {
                            pick.map(|alternative| ExportPick {
                                zone: format!("{}-{}", enemy.id, group.id),
                                alternative,
                            })
                        })
                        .collect(),
                    hexes: runs.take(&hexes)?,
                    alternatives: if alts.len() > 1 {
                        alts.iter()
                            .map(|h| runs.take(h))
                            .collect::<Result<_, _>>()?
                    } else {
                        vec![]
                    },
                })
            })
            .collect::<Result<_, Diagnostic>>()?
    };
    Ok(Some(ExportEnemyRelative {
        enemy_zones,
        zone: zone.clone(),
        from_setup: gh.from_setup,
        per_enemy_choice,
    }))
}

// A record's parts, each named; a struct for them would only be built here.
#[allow(clippy::too_many_arguments)]
fn unit_record(
    rules: &Ruleset,
    s: &Scenario,
    side: &str,
    group: &str,
    kind: UnitKind,
    i: u32,
    zone: &str,
    turn: Option<u32>,
) -> ExportUnit {
    let profile = kind.profile();
    let user = s.counter_values.get(&kind);
    let pick = |rules: Option<Printed>, user: Option<&Option<Printed>>| {
        rules.or_else(|| user.and_then(|u| u.clone()))
    };
    let mut range = pick(profile.range, user.map(|u| &u.range));
    let mut movement = pick(profile.movement, user.map(|u| &u.movement));
    for (ri, rule) in s.special_rules.iter().enumerate() {
        let by_rule = |value: &u32| {
            let of = s.rule.as_deref().unwrap_or(&s.id);
            Some(Printed {
                value: *value,
                source: format!("special rule {} of {of}", ri + 1),
            })
        };
        match &rule.effect {
            Effect::Range {
                side: sd,
                kinds,
                range: v,
            } if sd == side && kinds.contains(&kind) => range = by_rule(v),
            Effect::Movement {
                side: sd,
                kinds,
                movement: v,
            } if sd == side && kinds.contains(&kind) => movement = by_rule(v),
            _ => {}
        }
    }
    ExportUnit {
        id: format!("{side}-{group}-{}-{i:02}", kind.code()),
        kind: kind.code().into(),
        marker: false,
        group: group.into(),
        stacking_points: rules.stacking_points(kind),
        shock_strength: Some(profile.shock_strength),
        fire_attack: pick(profile.fire_attack, user.map(|u| &u.fire_attack)),
        fire_defense: pick(profile.fire_defense, user.map(|u| &u.fire_defense)),
        movement,
        range,
        zone: zone.into(),
        arrival_turn: turn,
        setup: None,
    }
}

/// Limber counters of a special rule carry their own movement allowance (11.17).
fn limber_value(s: &Scenario, side: &str, m: MarkerKind, movement: bool) -> Option<Printed> {
    if m != MarkerKind::Limber || !movement {
        return None;
    }
    s.special_rules
        .iter()
        .enumerate()
        .find_map(|(ri, r)| match &r.effect {
            Effect::LimberCounters {
                side: sd, movement, ..
            } if sd == side => Some(Printed {
                value: *movement,
                source: format!(
                    "special rule {} of {}",
                    ri + 1,
                    s.rule.as_deref().unwrap_or(&s.id)
                ),
            }),
            _ => None,
        })
}

type NextZone<'a> = dyn FnMut() -> Result<ExportHexes, Diagnostic> + 'a;

/// The victory conditions with their targets' hexes, `zones` the targets' hexes in the order
/// `collect_goal_zones` visits them (both games' exports).
pub(crate) fn export_victory<'a, T: TerrainName, C: CounterName>(
    victory: &[VictoryCondition<T, C>],
    mut zones: impl Iterator<Item = &'a HexSet>,
    runs: &mut Budget,
) -> Result<Vec<ExportVictory>, Diagnostic> {
    let mut out = Vec::new();
    for v in victory {
        let goal = export_goal(&v.goal, &mut || match zones.next() {
            Some(h) => runs.take(h),
            None => Ok(ExportHexes::default()),
        })?;
        out.push(ExportVictory {
            side: v.side.clone(),
            printed: v.printed.clone(),
            description: v.goal.describe(),
            goal,
            outcome: v.outcome.clone(),
        });
    }
    Ok(out)
}

fn export_goal<T, C: CounterName>(
    goal: &Goal<T, C>,
    next_zone: &mut NextZone,
) -> Result<ExportGoal, Diagnostic> {
    Ok(match goal {
        Goal::Hold {
            hexes,
            when,
            no_enemy_within,
            ..
        } => ExportGoal::Hold {
            hexes: next_zone()?,
            hold: *hexes,
            when: when.clone(),
            no_enemy_within: *no_enemy_within,
        },
        Goal::DestroyAll => ExportGoal::DestroyAll,
        Goal::Exit {
            count,
            counters,
            by_turn,
            ..
        } => ExportGoal::Exit {
            count: count.clone(),
            kinds: counters.iter().map(|c| c.code().to_string()).collect(),
            hexes: next_zone()?,
            by_turn: *by_turn,
        },
        Goal::ControlEnemySetup { when } => ExportGoal::ControlEnemySetup { when: when.clone() },
        Goal::LossesNoMoreThanEnemy => ExportGoal::LossesNoMoreThanEnemy,
        Goal::All(gs) => ExportGoal::All(
            gs.iter()
                .map(|g| export_goal(g, next_zone))
                .collect::<Result<_, _>>()?,
        ),
        Goal::Any(gs) => ExportGoal::Any(
            gs.iter()
                .map(|g| export_goal(g, next_zone))
                .collect::<Result<_, _>>()?,
        ),
        Goal::Text { text, .. } => ExportGoal::Text { text: text.clone() },
    })
}

/// Write an export (either game's document) as JSON to `w`, streamed: two spaces a level like
/// pretty JSON, but an array inside an array (a `[col, row]` pair, a run) on one line.
pub fn write_export(e: &impl Serialize, w: impl std::io::Write) -> std::io::Result<()> {
    let mut w = std::io::BufWriter::new(w);
    let mut ser = serde_json::Serializer::with_formatter(&mut w, ExportFormatter::default());
    e.serialize(&mut ser).map_err(std::io::Error::other)?;
    w.write_all(b"\n")?;
    w.flush()
}

/// The export as the text written to disk (what `saberc export` writes, byte for byte).
pub fn export_text(e: &impl Serialize) -> String {
    let mut out = Vec::new();
    write_export(e, &mut out).expect("writing to memory does not fail");
    String::from_utf8(out).expect("JSON is UTF-8")
}

/// serde_json's pretty layout, except that arrays inside arrays stay on one line.
#[derive(Default)]
struct ExportFormatter {
    indent: usize,
    /// Per open container: is it an array, does it have a value yet, is it on one line.
    stack: Vec<(bool, bool, bool)>,
}

impl ExportFormatter {
    fn inline(&self) -> bool {
        self.stack.last().is_some_and(|c| c.2)
    }

    fn newline<W: ?Sized + std::io::Write>(&self, w: &mut W) -> std::io::Result<()> {
        w.write_all(b"\n")?;
        for _ in 0..self.indent {
            w.write_all(b"  ")?;
        }
        Ok(())
    }

    fn open<W: ?Sized + std::io::Write>(&mut self, w: &mut W, array: bool) -> std::io::Result<()> {
        let parent_array = self.stack.last().is_some_and(|c| c.0);
        let inline = self.inline() || (array && parent_array);
        self.stack.push((array, false, inline));
        self.indent += 1;
        w.write_all(if array { b"[" } else { b"{" })
    }

    fn close<W: ?Sized + std::io::Write>(&mut self, w: &mut W, array: bool) -> std::io::Result<()> {
        self.indent -= 1;
        let (_, had_value, inline) = self.stack.pop().unwrap_or((array, false, false));
        if had_value && !inline {
            self.newline(w)?;
        }
        w.write_all(if array { b"]" } else { b"}" })
    }

    fn element<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        if !first {
            w.write_all(b",")?;
        }
        if let Some(top) = self.stack.last_mut() {
            top.1 = true;
        }
        if self.inline() {
            if !first {
                w.write_all(b" ")?;
            }
            Ok(())
        } else {
            self.newline(w)
        }
    }
}

impl serde_json::ser::Formatter for ExportFormatter {
    fn begin_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.open(w, true)
    }
    fn end_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.close(w, true)
    }
    fn begin_array_value<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.element(w, first)
    }
    fn end_array_value<W: ?Sized + std::io::Write>(&mut self, _w: &mut W) -> std::io::Result<()> {
        Ok(())
    }
    fn begin_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.open(w, false)
    }
    fn end_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.close(w, false)
    }
    fn begin_object_key<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.element(w, first)
    }
    fn begin_object_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        w.write_all(b": ")
    }
    fn end_object_value<W: ?Sized + std::io::Write>(&mut self, _w: &mut W) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests;
