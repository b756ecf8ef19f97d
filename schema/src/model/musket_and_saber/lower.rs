//! A Musket & Saber Quick Play map lowered into the engine's one [`Map`]: the grid with the
//! map's own numbering, the kinds of every hex and hexside and the chart as data
//! ([`KindTerrain`]), roads and labels. Nothing of the file is kept inside the map: what only
//! the game's own checks and drawings read (legend characters, track, sources) stays in the
//! [`MsMapFile`], which the pipeline keeps beside the map it resolves.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::{ChartOn, ChartRow, Cost, MsMapFile};
use crate::model::chart::{KindCost, KindRow, KindTerrain};
use crate::model::hex::SideKey;
use crate::model::map::{Map, Road, RoadKind};
use crate::ruleset::Game;
use crate::ruleset::musket_and_saber::{self as ms, ChartColumn};

impl MsMapFile {
    /// The engine's map of this file: the grid, roads and labels on it, and the chart and the
    /// kinds of every hex and hexside as [`Map::chart`] (what the queries and the drawings
    /// read). The map's `cells` and `ridges` stay empty of meaning (all clear, none): the chart
    /// is the terrain.
    pub fn lower(&self) -> Map {
        let grid = self.grid();
        let on_grid = self.in_grid();
        let mut map = Map::blank(&self.id, &self.name, grid.width, grid.height);
        map.grid = grid;
        map.notes = self.notes.clone();
        map.roads = on_grid
            .roads
            .iter()
            .map(|r| Road {
                name: r.name.clone(),
                kind: RoadKind::Minor,
                hexes: r.hexes.clone(),
            })
            .collect();
        map.labels = on_grid.labels;
        map.chart = Some(Arc::new(self.kind_terrain()));
        map.game = Some(Game::MusketAndSaberQuickPlay);
        map
    }

    /// The map's terrain in its chart's kinds, on the grid, as the engine's queries read it:
    /// the chart's rows (a cost column per class of [`ChartColumn::ALL`], sight, defence), the
    /// kinds of each hex by its legend character (none for an unknown one, MAP002's), and the
    /// kinds of each hexside. A kind the chart lacks (MAP001's) is left out.
    pub fn kind_terrain(&self) -> KindTerrain {
        let grid = self.grid();
        let lower = |c: Option<Cost>| match c {
            Some(Cost::Mp(n)) => Some(KindCost::Enter(n)),
            Some(Cost::Plus(n)) => Some(KindCost::Plus(n)),
            Some(Cost::Prohibited) => Some(KindCost::Prohibited),
            None => None,
        };
        let rows: Vec<KindRow> = self
            .chart
            .iter()
            .map(|r| KindRow {
                id: r.kind.clone(),
                on_hexside: r.on == ChartOn::Hexside,
                costs: ChartColumn::ALL.iter().map(|c| lower(r.cost(*c))).collect(),
                blocks_sight: r.blocks_sight,
                defence: r.defense,
                key: r.key_lines(),
            })
            .collect();
        let row_of =
            |kind: &str, on: ChartOn| self.chart.iter().position(|r| r.kind == kind && r.on == on);
        let legend: Vec<Vec<usize>> = self
            .legend
            .iter()
            .map(|e| {
                e.kinds
                    .iter()
                    .filter_map(|k| row_of(k, ChartOn::Hex))
                    .collect()
            })
            .collect();
        let mut cells = vec![Vec::new(); grid.len()];
        for (r, line) in self.terrain.iter().enumerate().take(grid.height as usize) {
            for (c, ch) in line.chars().enumerate().take(grid.width as usize) {
                let mut buf = [0u8; 4];
                let s = ch.encode_utf8(&mut buf);
                if let Some(e) = self.legend.iter().position(|e| e.char == *s) {
                    cells[r * grid.width as usize + c] = legend[e].clone();
                }
            }
        }
        let mut hexsides: BTreeMap<SideKey, Vec<usize>> = BTreeMap::new();
        for h in &self.in_grid().hexsides {
            if let (Some(other), Some(row)) = (
                grid.across(h.hex, h.side),
                row_of(&h.kind, ChartOn::Hexside),
            ) {
                let kinds = hexsides.entry(SideKey::new(h.hex, other)).or_default();
                if !kinds.contains(&row) {
                    kinds.push(row);
                }
            }
        }
        KindTerrain {
            classes: ChartColumn::ALL
                .iter()
                .map(|c| c.name().to_string())
                .collect(),
            rows,
            plain_cost: ms::CLEAR_COST,
            cells,
            hexsides,
            mixes: self
                .legend
                .iter()
                .filter(|e| e.kinds.len() > 1)
                .map(|e| {
                    e.kinds
                        .iter()
                        .filter_map(|k| row_of(k, ChartOn::Hex))
                        .collect()
                })
                .collect(),
        }
    }
}

impl ChartRow {
    /// The row in the map key's words: its kind, its movement costs per class (4.3), then its
    /// effects, wrapped to the legend's width (the drawing's key and the card's; an editor's
    /// legend may show the same lines).
    pub fn key_lines(&self) -> Vec<String> {
        let cost = |c: Option<Cost>| match c {
            None => "–".to_string(),
            Some(Cost::Mp(n)) => n.to_string(),
            Some(Cost::Plus(n)) => format!("+{n}"),
            Some(Cost::Prohibited) => "P".to_string(),
        };
        let mut lines = vec![
            self.kind.clone(),
            format!(
                "MP inf {}, cav {}, art {}",
                cost(self.infantry),
                cost(self.cavalry),
                cost(self.artillery)
            ),
        ];
        let mut effects: Vec<String> = Vec::new();
        if let Some(d) = self.defense {
            effects.push(format!("defense {d:+}"));
        }
        for (on, what) in [
            (self.halves_attacker, "attackers halved"),
            (self.no_advance, "no advance"),
            (self.blocks_sight, "blocks sight"),
            (self.blocks_zoc, "blocks ZOC"),
            (self.no_bombardment, "no bombardment"),
        ] {
            if on {
                effects.push(what.to_string());
            }
        }
        if let Some(b) = self.bombardment {
            effects.push(format!("bombardment {b:+}"));
        }
        if self.clear_for_charges {
            effects.push("clear for charges".to_string());
        }
        // About 30 characters fit a legend line.
        let mut line = String::new();
        for e in effects {
            if !line.is_empty() && line.len() + e.len() + 2 > 30 {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push_str(", ");
            }
            line.push_str(&e);
        }
        if !line.is_empty() {
            lines.push(line);
        }
        lines
    }
}
