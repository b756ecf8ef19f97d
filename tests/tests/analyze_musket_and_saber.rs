//! `saberc analyze` on the invented Musket & Saber example (`scenarios/examples/musket-and-saber/
//! millbrook.ron` on `maps/millbrook-invented.ron`), every expected value counted by hand from
//! the two files and the Quick Play rules text, never by another call of the same code:
//!
//! - 4.3: "Entering a clear hex across a clear hexside costs 1 MP. Other terrain may require
//!   more MP to enter; those costs are listed on the TEC" — the map's chart, by class
//!   (infantry / cavalry / artillery): clear 1/1/1, hill 2/2/3, woods 2/3/prohibited, village
//!   1/2/1; a hex of woods and hill (`b`, the wooded hill 0706 0806) pays the dearer, 2/3/
//!   prohibited; "A unit may always move one hex even if lacking the necessary MP".
//! - 4.4: "½ MP per hex entered if it starts and ends on a road hex" (the Mill Road, row 8).
//! - 4.5: "The identified entry hex is the first hex of movement for that unit": it is paid.
//! - 8.2: "blocked if any intervening hex or hex side has blocking terrain" (woods and village
//!   rows say `blocks_sight: true`; the hill row does not); "Terrain in the firing and target
//!   hexes does not block the LOS".
//!
//! The map (flat hexes, even columns half a hex lower; `w` woods, `h` hill, `b` woods and hill,
//! `v` village, `.` clear):
//!
//! ```text
//!          0000000001111111
//!          1234567890123456
//! row 1    ................
//! row 2    ....ww..........
//! row 3    ...www....v.....
//! row 4    ....w.....vv....
//! row 5    ......hh........
//! row 6    .....hbbh.......
//! row 7    ......hh........
//! row 8    ................   the Mill Road, 0108 to 1608
//! row 9    ..v.......ww....
//! row 10   ..vv......www...
//! row 11   ................
//! row 12   ................
//! ```
//!
//! The North must hold a hex of 0706/0806 (the wooded hill); the South both 1103 and 1104 (the
//! village). North sets up 1st Bde and Rifles (infantry) at 0504, and 2nd and 3rd Bde
//! (infantry) with 1st Btty (artillery) at 0604 w/1; Horse Guards (cavalry, MA 8) enter at 0801
//! on 1000, the track's third label. The South sets up 2nd Div (4th and 5th Bde, Grenadiers:
//! infantry; 2nd Btty: artillery) at 0909 w/1; Lancers (cavalry, MA 8) enter at 1612 on 1100,
//! the fourth label.

use saber_tests::{repo, saberc};
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_saberc");
const EXAMPLE: &str = "scenarios/examples/musket-and-saber/millbrook.ron";

/// `saberc analyze --format json` of the example, checked against the committed schema.
fn analysis() -> Value {
    let out = saberc(BIN, &["analyze", "--format", "json", EXAMPLE]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(repo("schema/analysis.schema.json")).unwrap(),
    )
    .unwrap();
    let validator = jsonschema::validator_for(&schema).expect("the analysis schema compiles");
    let errors: Vec<String> = validator
        .iter_errors(&report)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    report
}

/// The by-class row of a side's only target.
fn class<'a>(report: &'a Value, side: usize, class: &str) -> &'a Value {
    report["sides"][side]["targets"][0]["by_class"]
        .as_array()
        .expect("by_class")
        .iter()
        .find(|c| c["class"] == class)
        .unwrap_or_else(|| panic!("no {class} row"))
}

/// A cost in halves of a Movement Point, as the report writes it.
fn halves(cost: &Value) -> Option<u64> {
    assert!(
        cost.get("thirds").is_none(),
        "M&S costs are never in thirds"
    );
    cost["halves"].as_u64()
}

#[test]
fn the_example_is_analysed_in_its_own_game_with_costs_in_halves() {
    let a = analysis();
    assert_eq!(a["game"], "musket-and-saber-quick-play");
    assert_eq!(a["scenario"]["moves_first"], "north");
    assert_eq!(a["scenario"]["game_length"], 6);
    // 5.0 counts no stacking points; the report says none rather than a 0.
    for side in a["sides"].as_array().unwrap() {
        assert!(side["forces"].get("stacking_points").is_none());
    }
    assert!(a["ratio"].get("stacking_points").is_none());
}

/// The forces, counted from the rosters (2.4: brigades two steps, every other class one;
/// leaders are no units, 10.0): North 1st, 2nd, 3rd Bde (6 steps), Rifles, 1st Btty, Horse
/// Guards (3): 6 units, 9 steps, 1 artillery, 2 leaders (Ashford, Barrow). South 4th and 5th
/// Bde (4), Grenadiers, 2nd Btty, Lancers (3): 5 units, 7 steps, 1 artillery, 1 leader.
#[test]
fn the_forces_are_the_rosters_counted_by_class() {
    let a = analysis();
    let f = |s: usize, k: &str| a["sides"][s]["forces"][k].as_u64();
    assert_eq!(
        [f(0, "units"), f(0, "steps"), f(0, "guns"), f(0, "leaders")],
        [Some(6), Some(9), Some(1), Some(2)]
    );
    assert_eq!(
        [f(1, "units"), f(1, "steps"), f(1, "guns"), f(1, "leaders")],
        [Some(5), Some(7), Some(1), Some(1)]
    );
    assert_eq!(a["ratio"]["units"], "6:5 (1.20)");
    assert_eq!(a["ratio"]["steps"], "9:7 (1.29)");
    // The lines: 0604 w/1 is the hex and its six neighbours (3.2); an entry hex is one hex.
    let groups = &a["sides"][0]["groups"];
    assert_eq!(groups[1]["zone_hexes"], 7);
    assert_eq!(groups[2]["zone_hexes"], 1);
    assert_eq!(groups[2]["arrival_turn"], 3);
    assert_eq!(a["sides"][1]["groups"][2]["arrival_turn"], 4);
}

/// The North to the wooded hill (0706 or 0806), by class:
/// - infantry 2 MP: 0705 (hill) is in 0604's w/1 and next to 0706, whose wooded hill costs
///   infantry 2 (woods 2, hill 2); entering any hex of the place costs 2, so none is less. One
///   phase (MA 4), turn 1. From 0504 alone it is 4 MP: 0604 (1), 0605 (1), 0706 (2), and 0504
///   is three hexes from 0706.
/// - artillery: no path, both hexes are woods, prohibited to artillery.
/// - cavalry 9 MP: Horse Guards pay 1 for 0801 (4.5), and 0706 and 0806 cost cavalry 3. Both
///   are five hexes from 0801, and every five-hex path enters 0705 or 0805 (hill, 2) just
///   before them: 1 + 1 + 1 + 1 + 2 + 3 = 9; a longer path enters at least five hexes of 1
///   and the 3: 9 again. MA 8: two phases, from turn 3: turn 4.
#[test]
fn the_north_reaches_the_wooded_hill_by_the_chart_s_classes() {
    let a = analysis();
    let inf = class(&a, 0, "infantry");
    assert_eq!(halves(&inf["least_cost"]), Some(4));
    assert_eq!(inf["least_cost"]["text"], "2 MP");
    assert_eq!(inf["least_phases"], 1);
    assert_eq!(inf["earliest_turn"], 1);
    let art = class(&a, 0, "artillery");
    assert_eq!(art["least_cost"], Value::Null);
    assert_eq!(art["least_phases"], Value::Null);
    let cav = class(&a, 0, "cavalry");
    assert_eq!(halves(&cav["least_cost"]), Some(18));
    assert_eq!(
        (&cav["least_phases"], &cav["earliest_turn"]),
        (&2.into(), &4.into())
    );
    assert_eq!(cav["counter"], "Horse Guards");
    // Per line: 0504's infantry pay 4 MP, first hex 0504, last a hex of the place.
    let groups = a["sides"][0]["targets"][0]["groups"].as_array().unwrap();
    let first = groups
        .iter()
        .find(|g| g["group"] == "set-up 1" && g["class"] == "infantry")
        .expect("set-up 1's infantry");
    assert_eq!(halves(&first["least_cost"]), Some(8));
    let path = first["path"].as_array().unwrap();
    assert_eq!(path.len(), 4);
    assert_eq!(path[0], "0504");
    assert!(path[3] == "0706" || path[3] == "0806");
    // Leaders move by no column of the chart (10.0): no line of theirs has a row.
    assert!(groups.iter().all(|g| g["class"] != Value::Null));
}

/// The South to the village (1103, 1104), by class:
/// - infantry 4½ MP: from 1008 (in 0909's w/1, a road hex), along the road to 1108 (½, 4.4),
///   then 1107, 1106, 1105 (clear, 1 each) and 1104 (village, 1). 1008 is five hexes from
///   1104, so off the road it is 5; 1208 by the road is no nearer. MA 4: two phases, turn 2.
/// - artillery the same 4½ (village 1 for artillery); MA 3: two phases, turn 2.
/// - cavalry 12½ MP: Lancers pay 1 for 1612 (4.5), 1611, 1610, 1609 (3), 1608 (1: onto the
///   road from off it, 4.4), 1508 to 1108 along the road (5 × ½), 1107, 1106, 1105 (3), and
///   1104 (village, 2 for cavalry). MA 8: two phases from turn 4: turn 5.
#[test]
fn the_south_reaches_the_village_and_the_road_costs_half() {
    let a = analysis();
    let inf = class(&a, 1, "infantry");
    assert_eq!(halves(&inf["least_cost"]), Some(9));
    assert_eq!(inf["least_cost"]["text"], "4½ MP");
    assert_eq!(
        (&inf["least_phases"], &inf["earliest_turn"]),
        (&2.into(), &2.into())
    );
    let art = class(&a, 1, "artillery");
    assert_eq!(halves(&art["least_cost"]), Some(9));
    assert_eq!(
        (&art["least_phases"], &art["earliest_turn"]),
        (&2.into(), &2.into())
    );
    let cav = class(&a, 1, "cavalry");
    assert_eq!(halves(&cav["least_cost"]), Some(25));
    assert_eq!(cav["least_cost"]["text"], "12½ MP");
    assert_eq!(
        (&cav["least_phases"], &cav["earliest_turn"]),
        (&2.into(), &5.into())
    );
    assert_eq!(cav["counter"], "Lancers");
    // The target's own answer is the best class's.
    let t = &a["sides"][1]["targets"][0];
    assert_eq!(halves(&t["least_cost"]), Some(9));
    assert_eq!(t["earliest_turn"], 2);
}

/// Which hexes see each place (8.2), hand-counted along whole columns, where the line runs
/// through the centre of every hex between (so each is an intervening hex):
/// - the wooded hill from columns 7 and 8: between are only clear and hill hexes (0702–0705,
///   0707–0711; 0802–0805, 0807–0811), so every hex of both columns sees it.
/// - the village from column 11: 1101 and 1102 above it (1102 clear), 1105 to 1109 below it
///   (clear, and 1109's own woods never block) see it; 1110, 1111 and 1112 do not, their lines
///   passing through the woods of 1109 (and 1110).
/// - 0601 does not see the wooded hill: its lines to 0706 and 0806 both run down through 0602
///   (woods), the hex below it: at the height of 0602's centre they are a third and three
///   fifths of a hex-width right of it, inside the hex (0706 is 1½ columns right and 7.8
///   units down, 0806 3 right and 8.7 down, for 1.7 down to 0602's centre; a hex is 1 from
///   centre to corner).
#[test]
fn the_hexes_that_see_each_place_are_8_2_s() {
    let a = analysis();
    let seen = |i: usize| -> Vec<String> {
        a["objectives_in_sight"][i]["hexes"]
            .as_array()
            .expect("the hexes")
            .iter()
            .map(|h| h.as_str().unwrap().to_string())
            .collect()
    };
    let hill = seen(0);
    for row in (1..=12).filter(|r| *r != 6) {
        for col in [7, 8] {
            let h = format!("{col:02}{row:02}");
            assert!(hill.contains(&h), "{h} sees the wooded hill");
        }
    }
    assert!(!hill.contains(&"0601".to_string()));
    assert!(
        !hill.iter().any(|h| h == "0706" || h == "0806"),
        "the place itself"
    );
    let village = seen(1);
    for row in [1, 2, 5, 6, 7, 8, 9] {
        assert!(village.contains(&format!("11{row:02}")), "11{row:02}");
    }
    for row in [10, 11, 12] {
        assert!(!village.contains(&format!("11{row:02}")), "11{row:02}");
    }
    // The count is the list's, and each side's share is the list's hexes in its set-up
    // hexes: North 0504 and 0604 w/1 (0603 0605 0504 0505 0704 0705), South 0909 w/1 (0908
    // 0910 0808 0809 1008 1009).
    let zones = [
        ["0504", "0604", "0603", "0605", "0505", "0704", "0705"],
        ["0909", "0908", "0910", "0808", "0809", "1008", "1009"],
    ];
    for (i, list) in [hill, village].iter().enumerate() {
        let ob = &a["objectives_in_sight"][i];
        assert_eq!(ob["seen_from"].as_u64(), Some(list.len() as u64));
        for (s, zone) in zones.iter().enumerate() {
            let n = zone
                .iter()
                .filter(|h| list.contains(&h.to_string()))
                .count();
            assert_eq!(ob["in_zone"][s]["hexes"].as_u64(), Some(n as u64));
        }
    }
}

/// The human form names 8.2 and the classes; `--ma`, for Rifle & Saber unit types, is refused
/// with what to do.
#[test]
fn the_tables_cite_8_2_and_ma_is_refused() {
    let out = saberc(BIN, &["analyze", EXAMPLE]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("line of sight (8.2)"), "{text}");
    assert!(text.contains("(reinforcement 1) cavalry"), "{text}");
    assert!(
        text.contains("#2 by class: infantry 4½ MP, 2 phases, turn 2"),
        "{text}"
    );
    let out = saberc(BIN, &["analyze", "--ma", "MZ=4", EXAMPLE]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("prints its own Movement Allowance (2.3)"),
        "{err}"
    );
}

/// As for Rifle & Saber, a file whose only errors are playability findings (PLY001) is
/// analysed, its errors said on standard error, exit 1: the least costs by class show which
/// class is cut off.
#[test]
fn a_scenario_whose_only_errors_are_playability_findings_is_analysed() {
    let fixture = "tests/fixtures/bad/ms-goal-out-of-reach.ron";
    let out = saberc(BIN, &["analyze", "--maps", "tests/fixtures/maps", fixture]);
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("PLY001"), "{stderr}");
    assert!(!stderr.contains("not analysed"), "{stderr}");
    assert!(stdout.contains("least cost"), "{stdout}");
}
