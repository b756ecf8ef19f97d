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
    let t = terrain_effects();
    assert_eq!(t.hexes.len(), 11, "one row per map character");
    let clear = &t.hexes[0];
    assert_eq!(
        (clear.char.as_str(), clear.movement_cost),
        (".", Ratio::new(1, 1))
    );
    let woods = t.hexes.iter().find(|r| r.char == "w").expect("woods");
    assert!(woods.blocks_sight);
    assert_eq!(woods.movement_cost, Ratio::new(2, 1));
    assert_eq!(t.road_cost, RIFLE_AND_SABER.road_cost);
}
