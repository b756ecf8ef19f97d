//! The engine export of a Musket & Saber Quick Play scenario ([`MsExport`], its schema
//! `export.musket-and-saber-quick-play.schema.json`): the map with its terrain kinds, hexsides,
//! roads, chart and track; each side's counters with both faces, and how each enters play (its
//! set-up hex, `w/1` resolved by the scenario's `placements`, or its reinforcement turn and
//! entry hex); victory conditions with explicit hexes; special rules. `saberc export` and the
//! editor's export both call [`export`] and [`export_text`], so their files are the same bytes.

use crate::diagnostic::{Code, Diagnostic};
use crate::model::export::{PrintedNumber, PrintedWords};
use crate::model::hex::Coord;
use crate::model::musket_and_saber::MsScenario;
use crate::output::export::{
    Budget, EXPORT_FORMAT, LabelFormat, MAX_EXPORT_RUNS, export_text, export_victory,
};
use crate::pipeline::musket_and_saber::MsCompiled;
use crate::queries::musket_and_saber::victory_zones;
use crate::ruleset::musket_and_saber as ms;
use crate::ruleset::{Game, Ratio};

pub use crate::model::musket_and_saber_export::*;

/// Build the export of a checked M&S scenario (one [`crate::pipeline::compile_scenario`] found
/// no error in); refused (LIM003) past [`MAX_EXPORT_RUNS`] runs of hexes in its victory
/// targets, as the Rifle & Saber export is.
pub fn export(c: &MsCompiled) -> Result<MsExport, Diagnostic> {
    let s = &c.scenario;
    // Hexes in the export are on the grid (column and row from 1), as the scenario's are.
    let f = &c.map.in_grid();
    let g = f.grid();
    let pair = |c: Coord| [c.0, c.1];
    let map = MsExportMap {
        id: f.id.clone(),
        name: f.name.clone(),
        source: f.source.clone(),
        width: g.width,
        height: g.height,
        orientation: g.orientation,
        parity: g.parity,
        labels: LabelFormat::of(&g),
        numbering: f.numbering,
        legend: f.legend.clone(),
        terrain: f.terrain.clone(),
        hexsides: f
            .hexsides
            .iter()
            .map(|h| MsExportHexside {
                kind: h.kind.clone(),
                hex: pair(h.hex),
                side: h.side,
                // The map check holds every side to the map's orientation (a name it lacks is
                // an error), so a checked map's hexside always has a hex across it.
                across: pair(g.across(h.hex, h.side).unwrap_or(h.hex)),
            })
            .collect(),
        roads: f
            .roads
            .iter()
            .map(|r| MsExportRoad {
                name: r.name.clone(),
                hexes: r.hexes.iter().copied().map(pair).collect(),
            })
            .collect(),
        chart: f.chart.clone(),
        track: f.track.clone(),
    };

    let turns = game_turns(c);
    let sides = sides(c, &turns)?;

    // Victory targets compiled on the map as `check` compiles them (zones are the shared
    // language), each in the order `collect_goal_zones` visits them, as `export_goal` asks.
    let zones = victory_zones(s, &c.map.lower());
    let mut runs = Budget::new(MAX_EXPORT_RUNS);
    let victory = export_victory(&s.victory, zones.iter().map(|(_, h)| h), &mut runs)?;

    Ok(MsExport {
        format: EXPORT_FORMAT.into(),
        game: Game::MusketAndSaberQuickPlay.id().into(),
        scenario: MsExportScenario {
            id: s.id.clone(),
            name: s.name.clone(),
            date: s.date.clone(),
            source: s.source.clone(),
            first_player: s.first_player.clone(),
            game_length: s.game_length,
            turns,
            notes: s.notes.clone(),
            interpretations: s.interpretations.clone(),
        },
        map,
        sides,
        victory,
        special_rules: s.special_rules.clone(),
        tables: Some(ms_tables()),
    })
}

/// The hex the scenario's `placements` give a unit of a side.
fn placement(s: &MsScenario, side: &str, unit: &str) -> Option<Coord> {
    s.placements
        .iter()
        .find(|p| p.side == side && p.unit == unit)
        .map(|p| p.at)
}

/// The export of a checked M&S scenario as the text `saberc export` writes: the one function
/// the editor's export calls, so both write the same bytes.
pub fn export_json(c: &MsCompiled) -> Result<String, Diagnostic> {
    export(c).map(|e| export_text(&e))
}

/// The track labels of the game's turns, first turn first: `game_length` of them from the
/// scenario's first turn (the track's first space when it names none).
pub fn game_turns(c: &MsCompiled) -> Vec<String> {
    c.scenario.game_turns(&c.map)
}

/// Each side with its counters and how each enters play (set-up hex, `w/1` resolved by the
/// `placements`, or reinforcement turn and hex): the export's reading of the set-up, which the
/// drawing and the card show. `turns` is [`game_turns`]; a reinforcement on a label outside the
/// game (which `check` reports, TRN002) is refused.
pub fn sides(c: &MsCompiled, turns: &[String]) -> Result<Vec<MsExportSide>, Diagnostic> {
    let (s, f) = (&c.scenario, &c.map);
    let g = f.grid();
    let pair = |c: Coord| [c.0, c.1];
    let named = s.named_by_id();
    let mut sides = Vec::new();
    for side in &s.sides {
        let mut counters: Vec<MsExportCounter> = side
            .counters
            .iter()
            .map(|k| MsExportCounter {
                id: k.id.clone(),
                formation: k.formation.clone(),
                class: k.class,
                steps: k.steps,
                front: k.front.clone(),
                back: k.back.clone(),
                source: k.source.clone(),
                setup: None,
                arrival: None,
            })
            .collect();
        // The lines in file order; a checked scenario names each counter in one line (3.2).
        for (li, l) in s
            .setup
            .iter()
            .enumerate()
            .filter(|(_, l)| l.side == side.id)
        {
            for ci in s.line_units(&side.id, &l.units, l.formation.as_deref(), &named) {
                let k = &mut counters[ci];
                if k.setup.is_some() || k.arrival.is_some() {
                    continue;
                }
                let mut allowed = vec![pair(l.at)];
                if l.w1 {
                    let mut around: Vec<_> = g.neighbors(l.at).map(pair).collect();
                    around.sort_unstable();
                    allowed.extend(around);
                }
                let hex = if l.w1 {
                    placement(s, &side.id, &k.id).map(pair)
                } else {
                    Some(pair(l.at))
                };
                k.setup = Some(MsExportSetup {
                    line: li as u32 + 1,
                    printed: l.printed.clone(),
                    at: pair(l.at),
                    w1: l.w1,
                    hex,
                    allowed,
                });
            }
        }
        for (li, l) in s
            .reinforcements
            .iter()
            .enumerate()
            .filter(|(_, l)| l.side == side.id)
        {
            let Some(n) = turns.iter().position(|t| *t == l.turn) else {
                return Err(Diagnostic::new(
                    Code::ArrivalTurn,
                    format!(
                        "reinforcement line {} arrives at `{}`, which is not a turn of the game",
                        li + 1,
                        l.turn
                    ),
                )
                .with_hint(
                    "check the scenario first: `saberc check` says which turns the game has",
                ));
            };
            for ci in s.line_units(&side.id, &l.units, l.formation.as_deref(), &named) {
                let k = &mut counters[ci];
                if k.setup.is_some() || k.arrival.is_some() {
                    continue;
                }
                k.arrival = Some(MsExportArrival {
                    line: li as u32 + 1,
                    printed: l.printed.clone(),
                    turn: l.turn.clone(),
                    turn_number: n as u32 + 1,
                    at: pair(l.at),
                });
            }
        }
        sides.push(MsExportSide {
            id: side.id.clone(),
            name: side.name.clone(),
            colour: side.colour.clone(),
            entry_hexes: side.entry_hexes.iter().copied().map(pair).collect(),
            replacement_steps: side.replacement_steps,
            reentry_hexes: side.reentry_hexes.iter().copied().map(pair).collect(),
            counters,
        });
    }

    Ok(sides)
}

/// Musket & Saber Quick Play's tables.
fn ms_tables() -> MsTables {
    let rows = |list: &[ms::ResultRow]| -> Vec<MsResultRow> {
        list.iter()
            .map(|r| MsResultRow {
                result: r.result.into(),
                passes: r.passes.iter().map(|p| p.to_string()).collect(),
                fails: r.fails.iter().map(|p| p.to_string()).collect(),
            })
            .collect()
    };
    MsTables {
        crt: MsCrt {
            rule: ms::CRT_RULE.into(),
            columns: ms::CRT_COLUMNS
                .iter()
                .map(|&(min, max)| MsCrtColumn { min, max })
                .collect(),
            results: ms::CRT
                .iter()
                .map(|row| row.iter().map(|c| c.to_string()).collect())
                .collect(),
            key: ms::CRT_KEY
                .iter()
                .map(|w| PrintedWords {
                    key: "key".into(),
                    words: w.to_string(),
                })
                .collect(),
        },
        combat_results: rows(&ms::COMBAT_RESULTS),
        bombardment_results: rows(&ms::BOMBARDMENT_RESULTS),
        bombardment_note: ms::BOMBARDMENT_NOTE.into(),
        numbers: ms::NUMBERS
            .iter()
            .map(|&(name, num, den, rule, words)| PrintedNumber {
                name: name.into(),
                value: Ratio::new(num, den),
                rule: rule.into(),
                words: words.into(),
            })
            .collect(),
    }
}
