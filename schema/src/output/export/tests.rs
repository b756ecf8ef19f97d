//! Tests of the engine export.

use super::*;
use crate::model::hex::{Grid, Orientation, Parity};

#[test]
fn hexes_are_run_length_rows() {
    let grid = Grid {
        width: 10,
        height: 4,
        orientation: Orientation::Flat,
        parity: Parity::EvenShoved,
        numbering: Default::default(),
    };
    let mut h = HexSet::empty(grid);
    for c in [
        Coord(2, 1),
        Coord(3, 1),
        Coord(4, 1),
        Coord(9, 1),
        Coord(1, 3),
    ] {
        h.insert(c);
    }
    let e = ExportHexes::of(&h);
    assert_eq!(e.count, 5);
    assert_eq!(e.runs, vec![[1, 2, 4], [1, 9, 9], [3, 1, 1]]);
    let back: Vec<HexPair> = e.hexes().collect();
    assert_eq!(back, vec![[2, 1], [3, 1], [4, 1], [9, 1], [1, 3]]);
}

#[test]
fn arrays_in_arrays_stay_on_one_line() {
    let v = serde_json::json!({"a": [[1, 2], [3, 4]], "b": {"c": []}, "d": [{"e": 1}]});
    let mut out = Vec::new();
    let mut ser = serde_json::Serializer::with_formatter(&mut out, ExportFormatter::default());
    v.serialize(&mut ser).expect("serializes");
    let text = String::from_utf8(out).expect("utf-8");
    assert_eq!(
        text,
        "{\n  \"a\": [\n    [1, 2],\n    [3, 4]\n  ],\n  \"b\": {\n    \"c\": []\n  },\n  \"d\": [\n    {\n      \"e\": 1\n    }\n  ]\n}"
    );
    let back: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    assert_eq!(back, v);
}

#[test]
fn the_chart_comes_from_the_ruleset() {
    let t = terrain_effects(crate::ruleset::for_game(None));
    assert_eq!(t.hexes.len(), 11, "one row per map character");
    let clear = &t.hexes[0];
    assert_eq!(
        (clear.char.as_str(), clear.movement_cost),
        (".", Ratio::new(1, 1))
    );
    let woods = t.hexes.iter().find(|r| r.char == "w").expect("woods");
    assert!(woods.blocks_sight);
    assert_eq!(woods.movement_cost, Ratio::new(2, 1));
    assert_eq!(t.road_cost, Ratio::new(1, 3));
}

/// The run limit and the read limit agree: an export holding [`MAX_EXPORT_RUNS`] runs of
/// four-digit hexes, nested where runs are deepest in the document (a zone's alternatives per
/// enemy choice), beside the largest map's two terrain grids (1000 × 1000), is smaller than
/// the 16 MiB `saberc check` reads back. Measured in the export's own layout.
#[test]
fn an_export_at_the_run_limit_is_under_the_read_limit() {
    let row = "w".repeat(1000);
    let runs: Vec<[i32; 3]> = vec![[1000, 1000, 1000]; MAX_EXPORT_RUNS];
    let doc = serde_json::json!({
        "map": {"terrain": vec![row.clone(); 1000], "effective_terrain": vec![row; 1000]},
        "zones": [{"enemy_relative": {"per_enemy_choice": [
            {"alternatives": [{"count": 1_000_000, "runs": runs}]}
        ]}}],
    });
    let mut out = Vec::new();
    let mut ser = serde_json::Serializer::with_formatter(&mut out, ExportFormatter::default());
    doc.serialize(&mut ser).expect("serialized");
    let bytes = out.len() as u64;
    println!("{bytes} bytes at {MAX_EXPORT_RUNS} runs");
    // Room to spare for everything else (sides, units, victory, special rules).
    assert!(
        bytes + 2 * 1024 * 1024 < crate::model::limits::MAX_FILE_BYTES,
        "{bytes} bytes"
    );
}

/// The budget takes [`MAX_EXPORT_RUNS`] runs and refuses one more (LIM003).
#[test]
fn the_run_budget_refuses_one_run_past_the_limit() {
    let grid = Grid {
        width: 4,
        height: 1,
        orientation: Orientation::Flat,
        parity: Parity::EvenShoved,
        numbering: Default::default(),
    };
    let one = HexSet::from_coords(grid, [Coord(1, 1)]);
    let mut budget = Budget {
        runs: MAX_EXPORT_RUNS - 1,
        limit: MAX_EXPORT_RUNS,
    };
    budget.take(&one).expect("the last run allowed");
    let e = budget.take(&one).expect_err("one run past the limit");
    assert_eq!(e.code, Code::LimitExceeded);
    assert!(e.message.contains("250,000 runs"), "{}", e.message);
}

/// Every run of hexes in an export, wherever it stands: zones and their alternatives, the lists
/// per enemy choice and their alternatives, victory areas, special rules.
fn runs_in(doc: &Export) -> usize {
    fn count(v: &serde_json::Value) -> usize {
        match v {
            serde_json::Value::Object(m) => {
                let here = match (m.get("count"), m.get("runs")) {
                    (Some(_), Some(serde_json::Value::Array(runs))) => runs.len(),
                    _ => 0,
                };
                here + m.values().map(count).sum::<usize>()
            }
            serde_json::Value::Array(a) => a.iter().map(count).sum(),
            _ => 0,
        }
    }
    count(&serde_json::to_value(doc).expect("serializes"))
}

/// The run limit counts the lists per enemy choice too (11.15's American zone has one per
/// Spanish choice): 11.15 exports at exactly its own count of runs and is refused one below.
#[test]
fn the_run_limit_counts_the_lists_per_enemy_choice() {
    let src = crate::pipeline::read::Source::from_text(
        "scenarios/15-el-caney.ron",
        include_str!("../../../../scenarios/15-el-caney.ron"),
    );
    let (c, diags) =
        crate::pipeline::compile_scenario(&src, &crate::pipeline::maps::MapRegistry::new());
    let c = c.unwrap_or_else(|| panic!("11.15 compiles: {diags:?}"));
    let doc = export(c.rules, &c.scenario, &c.map, &c.resolved).expect("exports");
    let per_choice: usize = doc
        .zones
        .iter()
        .filter_map(|z| z.enemy_relative.as_ref())
        .flat_map(|e| &e.per_enemy_choice)
        .map(|p| p.hexes.runs.len() + p.alternatives.iter().map(|a| a.runs.len()).sum::<usize>())
        .sum();
    assert!(per_choice > 0, "11.15 has lists per enemy choice");
    let total = runs_in(&doc);
    // (Compared, not printed: a failure would print two whole documents.)
    assert!(
        export_within(c.rules, &c.scenario, &c.map, &c.resolved, total).is_ok_and(|d| d == doc),
        "11.15 exports the same at its own count ({total} runs)"
    );
    let Err(e) = export_within(c.rules, &c.scenario, &c.map, &c.resolved, total - 1) else {
        panic!(
            "11.15 is refused at {} runs, one under its count",
            total - 1
        );
    };
    assert_eq!(e.code, Code::LimitExceeded);
}
