//! Playability on Musket & Saber Quick Play scenarios (PLY001, PLY005), worked out by hand on a
//! strip of 6 × 3 hexes whose third column is marsh, which its chart prohibits to every class
//! (2.2):
//!
//! ```text
//! row 1  ..m...
//! row 2  ..m...   Red's brigade sets up at 0102 and must hold 0502, beyond the marsh
//! row 3  ..m...
//! ```
//!
//! No path crosses the marsh, so the goal is impossible in every game: PLY001. With a road
//! through it (0102 to 0502 along row 2) a path exists only if a road lifts the chart's
//! prohibition of its hexes (4.4 says nothing of prohibited terrain), which `saberc analyze`
//! does not read: a note, PLY005, naming that reading.

use saber_tests::saberc;

const BIN: &str = env!("CARGO_BIN_EXE_saberc");

fn map(road: bool) -> String {
    let roads = if road {
        r#"roads: [(name: Some("Causeway"), hexes: ["0102", "0202", "0302", "0402", "0502"])],"#
    } else {
        ""
    };
    format!(
        r#"(
    format: "saber-map/1",
    game: "musket-and-saber-quick-play",
    id: "strip",
    name: "Strip (invented)",
    source: "invented for the test",
    numbering: ColumnRowFrom0101,
    width: 6,
    height: 3,
    legend: [(char: ".", kinds: ["clear"]), (char: "m", kinds: ["marsh"])],
    terrain: ["..m...", "..m...", "..m..."],
    {roads}
    chart: [
        (kind: "clear", on: Hex, infantry: Some(Mp(1)), cavalry: Some(Mp(1)), artillery: Some(Mp(1)), clear_for_charges: true, source: "4.3 (the rules text)"),
        (kind: "marsh", on: Hex, infantry: Some(Prohibited), cavalry: Some(Prohibited), artillery: Some(Prohibited), source: "invented for the test"),
    ],
    track: (labels: ["1", "2", "3", "4"], source: "invented for the test"),
)"#
    )
}

/// Red's brigade (and a leader when `leader`) at 0102 must hold 0502; Blue holds where it
/// stands.
fn scenario(leader: bool) -> String {
    let (counter, unit) = if leader {
        (
            r#"(id: "Gen Z", formation: "9 Div", class: Leader, steps: 1, front: (leader: Some((movement: 1, combat: 1, morale: 1))), back: (leader: Some((movement: 0, combat: 0, morale: 1))), source: "invented"),"#,
            r#", "Gen Z""#,
        )
    } else {
        ("", "")
    };
    format!(
        r#"(
    format: "saber-scenario/1",
    game: "musket-and-saber-quick-play",
    id: "strip-test",
    name: "Strip test (invented)",
    source: "invented for the test",
    map: "strip",
    sides: [
        (id: "blue", name: "Blue", counters: [
            (id: "1 Bde", formation: "1 Div", class: Brigade, steps: 2, front: (cf: Some(One(4)), mr: Some(4), ma: Some(4)), back: (cf: Some(One(2)), mr: Some(3)), source: "invented"),
        ], entry_hexes: ["0601"], replacement_steps: Some(0)),
        (id: "red", name: "Red", counters: [
            (id: "9 Bde", formation: "9 Div", class: Brigade, steps: 2, front: (cf: Some(One(4)), mr: Some(4), ma: Some(4)), back: (cf: Some(One(2)), mr: Some(3)), source: "invented"),
            {counter}
        ], entry_hexes: ["0101"], replacement_steps: Some(0)),
    ],
    first_player: "red",
    game_length: 4,
    setup: [
        (side: "blue", units: ["1 Bde"], at: "0601"),
        (side: "red", units: ["9 Bde"{unit}], at: "0102"),
    ],
    victory: [
        (side: "blue", goal: Hold(target: Hexes(["0601"]), when: EndOfGame)),
        (side: "red", goal: Hold(target: Hexes(["0502"]), when: EndOfGame)),
    ],
)"#
    )
}

/// The findings of the playability family (code, severity, message) of `saberc check`.
fn playability(road: bool, leader: bool) -> Vec<(String, String, String)> {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("strip.ron"), map(road)).unwrap();
    let file = dir.path().join("strip-test.ron");
    std::fs::write(&file, scenario(leader)).unwrap();
    let maps = dir.path().to_str().unwrap();
    let out = saberc(
        BIN,
        &[
            "check",
            "--maps",
            maps,
            "--format",
            "json",
            file.to_str().unwrap(),
        ],
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let all: Vec<(String, String, String)> = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let s = |k: &str| d[k].as_str().unwrap_or("").to_string();
            (s("code"), s("severity"), s("message"))
        })
        .collect();
    let others: Vec<_> = all.iter().filter(|d| !d.0.starts_with("PLY")).collect();
    assert!(
        others.is_empty(),
        "the strip has no other finding: {others:?}"
    );
    all.into_iter().filter(|d| d.0.starts_with("PLY")).collect()
}

#[test]
fn a_place_beyond_terrain_prohibited_to_every_class_is_out_of_reach_in_every_reading() {
    for leader in [false, true] {
        let found = playability(false, leader);
        assert_eq!(found.len(), 1, "{found:?}");
        let (code, severity, message) = &found[0];
        assert_eq!((code.as_str(), severity.as_str()), ("PLY001", "error"));
        assert!(
            message.contains("no unit of Red can reach the place to hold of victory condition 2"),
            "{message}"
        );
    }
}

#[test]
fn a_road_through_prohibited_terrain_reaches_it_only_under_a_reading() {
    for leader in [false, true] {
        let found = playability(true, leader);
        assert_eq!(found.len(), 1, "{found:?}");
        let (code, severity, message) = &found[0];
        assert_eq!((code.as_str(), severity.as_str()), ("PLY005", "note"));
        assert!(
            message.contains(
                "a road lifting the chart's prohibition of the hexes it runs through (4.4)"
            ),
            "{message}"
        );
        // The leader alone, stopped by the marsh as every class is, opens no path.
        assert!(!message.contains("leader"), "{message}");
    }
}
