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
    map_of(&["..m...", "..m...", "..m..."], road)
}

/// A map of these rows (`.` clear, `m` marsh, prohibited to every class; `w` woods, prohibited
/// to artillery), with the causeway along row 2 when `road`.
fn map_of(rows: &[&str], road: bool) -> String {
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
    width: {width},
    height: {height},
    legend: [(char: ".", kinds: ["clear"]), (char: "m", kinds: ["marsh"]), (char: "w", kinds: ["woods"])],
    terrain: [{terrain}],
    {roads}
    chart: [
        (kind: "clear", on: Hex, infantry: Some(Mp(1)), cavalry: Some(Mp(1)), artillery: Some(Mp(1)), clear_for_charges: true, source: "4.3 (the rules text)"),
        (kind: "marsh", on: Hex, infantry: Some(Prohibited), cavalry: Some(Prohibited), artillery: Some(Prohibited), source: "invented for the test"),
        (kind: "woods", on: Hex, infantry: Some(Mp(2)), cavalry: Some(Mp(3)), artillery: Some(Prohibited), source: "invented for the test"),
    ],
    track: (labels: ["1", "2", "3", "4"], source: "invented for the test"),
)"#,
        width = rows[0].len(),
        height = rows.len(),
        terrain = rows
            .iter()
            .map(|r| format!("{r:?}"))
            .collect::<Vec<_>>()
            .join(", "),
    )
}

/// Red's brigade (and a leader when `leader`) at 0102 must hold 0502; Blue holds where it
/// stands.
fn scenario(leader: bool) -> String {
    scenario_of("0102", "0502", "0601", leader)
}

/// Red's brigade (and a leader when `leader`) at `red` must hold `target`; Blue's brigade holds
/// `blue`, where it stands.
fn scenario_of(red: &str, target: &str, blue: &str, leader: bool) -> String {
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
        (side: "blue", units: ["1 Bde"], at: "{blue}"),
        (side: "red", units: ["9 Bde"{unit}], at: "{red}"),
    ],
    victory: [
        (side: "blue", goal: Hold(target: Hexes(["{blue}"]), when: EndOfGame)),
        (side: "red", goal: Hold(target: Hexes(["{target}"]), when: EndOfGame)),
    ],
)"#
    )
}

/// The findings of the playability family (code, severity, message) of `saberc check`; the
/// strip has no other.
fn playability(road: bool, leader: bool) -> Vec<(String, String, String)> {
    let all = findings(&map(road), &scenario(leader));
    let others: Vec<_> = all.iter().filter(|d| !d.0.starts_with("PLY")).collect();
    assert!(
        others.is_empty(),
        "the strip has no other finding: {others:?}"
    );
    all.into_iter().filter(|d| d.0.starts_with("PLY")).collect()
}

/// Every finding (code, severity, message) of `saberc check` on a scenario on a map.
fn findings(map: &str, scenario: &str) -> Vec<(String, String, String)> {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("strip.ron"), map).unwrap();
    let file = dir.path().join("strip-test.ron");
    std::fs::write(&file, scenario).unwrap();
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
    report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let s = |k: &str| d[k].as_str().unwrap_or("").to_string();
            (s("code"), s("severity"), s("message"))
        })
        .collect()
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

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]
    /// A place reachable by construction (a walk over hexes an infantry brigade may enter, from
    /// its set-up hex, on a random map of clear, marsh and woods) never gets a playability
    /// finding, whatever lies around the walk.
    #[test]
    fn a_place_reachable_by_construction_gets_no_playability_finding(
        cells in proptest::collection::vec(0u8..3, 24),
        start in 0usize..24,
        steps in proptest::collection::vec(0usize..6, 0..12),
    ) {
        let (w, h) = (6i32, 4i32);
        let mut rows: Vec<Vec<u8>> = (0..h as usize)
            .map(|r| cells[r * 6..r * 6 + 6].iter().map(|c| b".mw"[*c as usize]).collect())
            .collect();
        let at = |i: usize| (i as i32 % w + 1, i as i32 / w + 1);
        let (mut c, mut r) = at(start);
        rows[(r - 1) as usize][(c - 1) as usize] = b'.';
        // Flat hexes, even columns half a hex lower (the map's default grid).
        let neighbours = |c: i32, r: i32| {
            let d = if c % 2 == 0 { 1 } else { -1 };
            [(0, -1), (0, 1), (-1, 0), (1, 0), (-1, d), (1, d)]
                .map(|(dc, dr)| (c + dc, r + dr))
                .into_iter()
                .filter(|(c, r)| (1..=w).contains(c) && (1..=h).contains(r))
                .collect::<Vec<_>>()
        };
        let red = (c, r);
        for k in &steps {
            let open: Vec<(i32, i32)> = neighbours(c, r)
                .into_iter()
                .filter(|(c, r)| rows[(*r - 1) as usize][(*c - 1) as usize] != b'm')
                .collect();
            if open.is_empty() {
                break;
            }
            (c, r) = open[k % open.len()];
        }
        let label = |(c, r): (i32, i32)| format!("{c:02}{r:02}");
        // Blue stands in the first clear hex that is neither Red's nor the target.
        let blue = (0..24).map(at).find(|(bc, br)| {
            (*bc, *br) != red && (*bc, *br) != (c, r) && rows[(*br - 1) as usize][(*bc - 1) as usize] == b'.'
        });
        proptest::prop_assume!(blue.is_some());
        let text: Vec<String> = rows.iter().map(|r| String::from_utf8(r.clone()).unwrap()).collect();
        let text: Vec<&str> = text.iter().map(String::as_str).collect();
        let found = findings(
            &map_of(&text, false),
            &scenario_of(&label(red), &label((c, r)), &label(blue.unwrap()), false),
        );
        let ply: Vec<_> = found.iter().filter(|d| d.0.starts_with("PLY")).collect();
        proptest::prop_assert!(ply.is_empty(), "{:?} → {:?} on {:?}: {:?}", red, (c, r), text, ply);
    }
}
