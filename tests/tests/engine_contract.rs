//! An engine that reads only `saberc export`'s JSON (here: `serde_json::Value`, no library
//! type) reproduces `saberc check`'s verdict on where units may set up in a zone measured from
//! the enemy (11.15, 11.17), following the contract the export schema documents on `Export`,
//! `ExportZone::hexes` and `ExportEnemyRelative`:
//!
//! - a unit counter set up on a hex is legal when the hex is in its zone's `hexes`;
//! - those `hexes` are the zone evaluated from where the enemy's unit counters are or may
//!   still be (markers are not units), which the engine re-derives from the document's map
//!   geometry, the zone as written and the enemy's `setup` and zones;
//! - with no enemy placed, `hexes` is the intersection of `per_enemy_choice`.
//!
//! For each set-up of the first deployer, the scenario with those placements is exported; then
//! placements of the second side are judged by the engine from the JSON and by `saberc check`
//! on the file holding them, and the two verdicts must agree placement by placement.

use std::collections::BTreeSet;
use std::path::Path;

use saber_tests::{repo, saberc};
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_saberc");

/// A hex as `(col, row)`.
type Hex = (i64, i64);

/// One set-up placement, as the scenario file writes it.
#[derive(Debug, Clone)]
struct Placement {
    side: &'static str,
    group: &'static str,
    counter: &'static str,
    at: Hex,
}

impl Placement {
    fn ron(&self) -> String {
        format!(
            "(side: {:?}, group: {:?}, counter: {}, at: ({}, {}))",
            self.side, self.group, self.counter, self.at.0, self.at.1
        )
    }
}

/// The scenario text with a `setup` list of these placements, before its `notes`.
fn with_setup(text: &str, placements: &[Placement]) -> String {
    let list: Vec<String> = placements
        .iter()
        .map(|p| format!("        {},\n", p.ron()))
        .collect();
    let at = text
        .find("\n    notes: ")
        .expect("a top-level `notes` field");
    format!(
        "{}\n    setup: [\n{}    ],{}",
        &text[..at],
        list.concat(),
        &text[at..]
    )
}

/// `saberc export` of the scenario text, as JSON.
fn export(dir: &Path, name: &str, text: &str) -> Value {
    let file = dir.join(format!("{name}.ron"));
    std::fs::write(&file, text).unwrap();
    let out_dir = dir.join(format!("{name}-export"));
    let out = saberc(
        BIN,
        &[
            "export",
            file.to_str().unwrap(),
            "-o",
            out_dir.to_str().unwrap(),
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{name}: export failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written = std::fs::read_dir(&out_dir)
        .unwrap()
        .next()
        .expect("one file written")
        .unwrap()
        .path();
    serde_json::from_str(&std::fs::read_to_string(written).unwrap()).unwrap()
}

/// `saberc check` of the scenario text: the indices of the set-up placements it finds outside
/// their zone (DEP003), and every finding as `CODE path`.
fn check(dir: &Path, name: &str, text: &str) -> (BTreeSet<usize>, Vec<String>) {
    let file = dir.join(format!("{name}.ron"));
    std::fs::write(&file, text).unwrap();
    let out = saberc(BIN, &["check", "--format", "json", file.to_str().unwrap()]);
    let report: Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    let mut outside = BTreeSet::new();
    let mut all = Vec::new();
    for d in report["diagnostics"].as_array().unwrap() {
        let path = d["path"].as_str().unwrap_or("");
        all.push(format!("{} {path}", d["code"].as_str().unwrap()));
        if d["code"] == "DEP003"
            && let Some(i) = path
                .strip_prefix("/setup/")
                .and_then(|p| p.strip_suffix("/at"))
        {
            outside.insert(i.parse().unwrap());
        }
    }
    (outside, all)
}

// ---------------------------------------------------------------------------------------------
// The engine: JSON in, nothing else.
// ---------------------------------------------------------------------------------------------

/// The hexes of an `{count, runs}` list.
fn hexes_of(list: &Value) -> BTreeSet<Hex> {
    let mut out = BTreeSet::new();
    for run in list["runs"].as_array().unwrap() {
        let [row, a, b] = [0, 1, 2].map(|i| run[i].as_i64().unwrap());
        out.extend((a..=b).map(|col| (col, row)));
    }
    assert_eq!(out.len() as u64, list["count"].as_u64().unwrap());
    out
}

fn zone<'a>(doc: &'a Value, id: &str) -> &'a Value {
    doc["zones"]
        .as_array()
        .unwrap()
        .iter()
        .find(|z| z["id"] == id)
        .unwrap_or_else(|| panic!("no zone {id}"))
}

/// Hex distance on the document's grid (`map.orientation`, `map.parity`: the even- or
/// odd-numbered columns (flat) or rows (pointy) are shoved), through axial coordinates.
fn distance(doc: &Value, a: Hex, b: Hex) -> i64 {
    let even = doc["map"]["parity"] == "EvenShoved";
    let flat = doc["map"]["orientation"] == "Flat";
    let axial = |(col, row): Hex| -> (i64, i64) {
        let shove = |n: i64| {
            if even {
                (n + (n & 1)) / 2
            } else {
                (n - (n & 1)) / 2
            }
        };
        if flat {
            (col, row - shove(col))
        } else {
            (col - shove(row), row)
        }
    };
    let ((q1, r1), (q2, r2)) = (axial(a), axial(b));
    let (dq, dr) = (q1 - q2, r1 - r2);
    (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
}

fn every_hex(doc: &Value) -> impl Iterator<Item = Hex> {
    let (w, h) = (
        doc["map"]["width"].as_i64().unwrap(),
        doc["map"]["height"].as_i64().unwrap(),
    );
    (1..=h).flat_map(move |row| (1..=w).map(move |col| (col, row)))
}

/// Where the enemy's unit counters are or may still be, per the export: for each enemy zone,
/// the hexes its placed units occupy; where some of its units are unplaced, also every hex of
/// the alternatives holding all its placed units (the whole zone when none is placed). Markers
/// are not units.
fn enemy_unit_hexes(doc: &Value, enemy_zones: &[Value]) -> BTreeSet<Hex> {
    let mut out = BTreeSet::new();
    for id in enemy_zones {
        let z = zone(doc, id.as_str().unwrap());
        let units: Vec<&Value> = doc["sides"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|s| s["units"].as_array().unwrap())
            .filter(|u| u["zone"] == *id && u["marker"] == false)
            .collect();
        let placed: BTreeSet<Hex> = units
            .iter()
            .filter_map(|u| {
                let at = u["setup"].as_array()?;
                Some((at[0].as_i64().unwrap(), at[1].as_i64().unwrap()))
            })
            .collect();
        let unplaced = units.iter().any(|u| u["setup"].is_null());
        out.extend(&placed);
        if unplaced {
            let alternatives: Vec<BTreeSet<Hex>> = z["alternatives"]
                .as_array()
                .unwrap()
                .iter()
                .map(hexes_of)
                .filter(|a| placed.is_subset(a))
                .collect();
            if alternatives.is_empty() {
                out.extend(hexes_of(&z["hexes"]));
            }
            for a in alternatives {
                out.extend(a);
            }
        }
    }
    out
}

/// The engine's own evaluation of an `AtLeast(distance: d, from: EnemyUnits)` zone: the hexes
/// at least `d` from every hex the enemy's units are or may be.
fn at_least_from_enemy_units(doc: &Value, z: &Value) -> BTreeSet<Hex> {
    let rel = &z["enemy_relative"];
    let d = rel["zone"]["AtLeast"]["distance"].as_i64().unwrap();
    assert_eq!(
        rel["zone"]["AtLeast"]["from"], "EnemyUnits",
        "{}",
        rel["zone"]
    );
    let enemy = enemy_unit_hexes(doc, rel["enemy_zones"].as_array().unwrap());
    every_hex(doc)
        .filter(|h| enemy.iter().all(|e| distance(doc, *h, *e) >= d))
        .collect()
}

/// Is a unit of this zone legal on this hex? The contract: in the zone's `hexes`.
fn engine_legal(doc: &Value, zone_id: &str, at: Hex) -> bool {
    hexes_of(&zone(doc, zone_id)["hexes"]).contains(&at)
}

// ---------------------------------------------------------------------------------------------
// The cases.
// ---------------------------------------------------------------------------------------------

/// A scenario, the first deployer's placements, and the second side's zone and unit counter.
struct Case {
    name: &'static str,
    file: &'static str,
    first: Vec<Placement>,
    side: &'static str,
    counter: &'static str,
    /// How many counters of that kind the group has: placements are checked in batches of
    /// this size, so that no batch places more than the group has.
    batch: usize,
}

/// Hexes to try: a grid over the map, the enemy's own zones, hexes the enemy's choices
/// disagree on, and the hexes around every enemy counter placed (markers included).
fn candidates(doc: &Value, z: &Value) -> Vec<Hex> {
    let mut out: BTreeSet<Hex> = every_hex(doc)
        .filter(|(c, r)| c % 5 == 1 && r % 5 == 2)
        .collect();
    let rel = &z["enemy_relative"];
    for id in rel["enemy_zones"].as_array().unwrap() {
        out.extend(
            hexes_of(&zone(doc, id.as_str().unwrap())["hexes"])
                .into_iter()
                .step_by(3),
        );
    }
    let mut any_choice = BTreeSet::new();
    for c in rel["per_enemy_choice"].as_array().unwrap() {
        any_choice.extend(hexes_of(&c["hexes"]));
    }
    let own = hexes_of(&z["hexes"]);
    out.extend(any_choice.difference(&own).step_by(11));
    let placed: Vec<Hex> = doc["sides"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["units"].as_array().unwrap())
        .filter_map(|u| {
            let at = u["setup"].as_array()?;
            Some((at[0].as_i64().unwrap(), at[1].as_i64().unwrap()))
        })
        .collect();
    let near: BTreeSet<Hex> = every_hex(doc)
        .filter(|h| {
            placed
                .iter()
                .any(|p| (4..=6).contains(&distance(doc, *h, *p)))
        })
        .collect();
    out.extend(near.into_iter().step_by(5));
    out.into_iter().collect()
}

/// Two hex sets are equal; if not, say how many hexes each has that the other lacks, and some.
fn same_hexes(left: &BTreeSet<Hex>, right: &BTreeSet<Hex>, what: &str) {
    let only_left: Vec<&Hex> = left.difference(right).collect();
    let only_right: Vec<&Hex> = right.difference(left).collect();
    assert!(
        only_left.is_empty() && only_right.is_empty(),
        "{what}: {} hexes against {}; {} only in the first (e.g. {:?}), {} only in the second (e.g. {:?})",
        left.len(),
        right.len(),
        only_left.len(),
        &only_left[..only_left.len().min(8)],
        only_right.len(),
        &only_right[..only_right.len().min(8)],
    );
}

fn run(case: &Case) -> (usize, usize) {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(repo(case.file)).unwrap();
    let base = with_setup(&text, &case.first);
    let doc = export(dir.path(), &format!("{}-base", case.name), &base);
    let zone_id = format!("{}-a", case.side);
    let z = zone(&doc, &zone_id);

    // The engine re-derives the zone's list from the JSON alone.
    same_hexes(
        &at_least_from_enemy_units(&doc, z),
        &hexes_of(&z["hexes"]),
        &format!(
            "{}: the engine's zone against the exported hexes",
            case.name
        ),
    );
    let choices = z["enemy_relative"]["per_enemy_choice"].as_array().unwrap();
    if !choices.is_empty() {
        let mut all = hexes_of(&choices[0]["hexes"]);
        for c in &choices[1..] {
            all = all.intersection(&hexes_of(&c["hexes"])).copied().collect();
        }
        same_hexes(
            &all,
            &hexes_of(&z["hexes"]),
            &format!(
                "{}: the intersection of the choices against the hexes",
                case.name
            ),
        );
    }
    // The first deployer's own placements are legal by the engine and by the check.
    for p in &case.first {
        if p.counter.starts_with("Unit") {
            assert!(engine_legal(&doc, &format!("{}-{}", p.side, p.group), p.at));
        }
    }

    let tries = candidates(&doc, z);
    let (mut legal, mut illegal) = (0, 0);
    let mut disagreements = Vec::new();
    for (bi, batch) in tries.chunks(case.batch).enumerate() {
        let mut placements = case.first.clone();
        placements.extend(batch.iter().map(|at| Placement {
            side: case.side,
            group: "a",
            counter: case.counter,
            at: *at,
        }));
        let (outside, all) = check(
            dir.path(),
            &format!("{}-{bi}", case.name),
            &with_setup(&text, &placements),
        );
        for i in 0..case.first.len() {
            assert!(!outside.contains(&i), "{}: {all:?}", case.name);
        }
        for (k, at) in batch.iter().enumerate() {
            let engine = engine_legal(&doc, &zone_id, *at);
            let saberc = !outside.contains(&(case.first.len() + k));
            if engine {
                legal += 1;
            } else {
                illegal += 1;
            }
            if engine != saberc {
                disagreements.push(format!("{at:?}: engine {engine}, saberc check {saberc}"));
            }
        }
    }
    assert!(
        disagreements.is_empty(),
        "{}: {}",
        case.name,
        disagreements.join("\n")
    );
    (legal, illegal)
}

fn unit(side: &'static str, counter: &'static str, at: Hex) -> Placement {
    Placement {
        side,
        group: "a",
        counter,
        at,
    }
}

/// 11.15: the Spanish not placed, all five on H25, two of five on H26.
#[test]
fn an_engine_reproduces_the_american_zone_of_11_15_from_the_export() {
    let h25 = [(14, 18), (14, 17), (14, 19), (15, 18), (15, 19)];
    let cases = [
        ("none", vec![]),
        (
            "h25",
            h25.iter()
                .map(|h| unit("spanish", "Unit(LB)", *h))
                .collect(),
        ),
        (
            "partial-h26",
            vec![
                unit("spanish", "Unit(LB)", (13, 11)),
                unit("spanish", "Unit(LB)", (13, 10)),
            ],
        ),
    ];
    for (name, first) in cases {
        let case = Case {
            name,
            file: "scenarios/15-el-caney.ron",
            first,
            side: "americans",
            counter: "Unit(EB)",
            batch: 30,
        };
        let (legal, illegal) = run(&case);
        assert!(
            legal > 10 && illegal > 10,
            "{name}: {legal} legal, {illegal} not"
        );
    }
}

/// 11.17: the British not placed, all eleven units on the road with the four limbers apart
/// at its east end (markers: the Boers may come closer to them), four units only.
#[test]
fn an_engine_reproduces_the_boer_zone_of_11_17_from_the_export() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(repo("scenarios/17-south-africa.ron")).unwrap();
    let doc = export(dir.path(), "stretch", &text);
    // The road stretch, west to east.
    let mut stretch: Vec<Hex> = hexes_of(&zone(&doc, "british-a")["hexes"])
        .into_iter()
        .collect();
    stretch.sort();
    assert_eq!(stretch.len(), 15);
    let kinds = [
        "Unit(LB)",
        "Unit(LB)",
        "Unit(LB)",
        "Unit(LB)",
        "Unit(LB)",
        "Unit(LB)",
        "Unit(CY)",
        "Unit(CY)",
        "Unit(CY)",
        "Unit(CY)",
        "Unit(BAh)",
    ];
    let mut all: Vec<Placement> = kinds
        .iter()
        .zip(&stretch)
        .map(|(k, h)| unit("british", k, *h))
        .collect();
    let four = all[..4].to_vec();
    all.extend(
        stretch[11..]
            .iter()
            .map(|h| unit("british", "Marker(Limber)", *h)),
    );
    for (name, first) in [("none", vec![]), ("all", all), ("four", four)] {
        let case = Case {
            name,
            file: "scenarios/17-south-africa.ron",
            first,
            side: "boers",
            counter: "Unit(MR)",
            batch: 6,
        };
        let (legal, illegal) = run(&case);
        assert!(
            legal > 10 && illegal > 5,
            "{name}: {legal} legal, {illegal} not"
        );
    }
}

/// The numbers of 11.15 with no Spanish placed: the American list is the 693 hexes legal
/// whichever hill the Spanish take, beside 1,058, 952 and 1,034 under H24, H25 and H26.
#[test]
fn the_american_zone_of_11_15_is_the_safe_set() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(repo("scenarios/15-el-caney.ron")).unwrap();
    let doc = export(dir.path(), "el-caney", &text);
    let z = zone(&doc, "americans-a");
    assert_eq!(z["hexes"]["count"], 693);
    let per: Vec<u64> = z["enemy_relative"]["per_enemy_choice"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["hexes"]["count"].as_u64().unwrap())
        .collect();
    assert_eq!(per, [1058, 952, 1034]);
    // None of it on a hill the Spanish may hold.
    for hill in ["H24", "H25", "H26"] {
        let f = doc["map"]["features"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["code"] == hill)
            .unwrap();
        for h in f["hexes"].as_array().unwrap() {
            let at = (h[0].as_i64().unwrap(), h[1].as_i64().unwrap());
            assert!(!engine_legal(&doc, "americans-a", at), "{hill} {at:?}");
        }
    }
}

/// `saberc check` of the scenario text: its errors, as `CODE path`.
fn errors(dir: &Path, name: &str, text: &str) -> Vec<String> {
    let file = dir.join(format!("{name}.ron"));
    std::fs::write(&file, text).unwrap();
    let out = saberc(BIN, &["check", "--format", "json", file.to_str().unwrap()]);
    let report: Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["severity"] == "error")
        .map(|d| {
            format!(
                "{} {}",
                d["code"].as_str().unwrap(),
                d["path"].as_str().unwrap_or("")
            )
        })
        .collect()
}

/// The hexes of a map feature (`H24`), from the export.
fn feature_hexes(doc: &Value, code: &str) -> Vec<Hex> {
    doc["map"]["features"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["code"] == code)
        .unwrap_or_else(|| panic!("{code} on the map"))["hexes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h[0].as_i64().unwrap(), h[1].as_i64().unwrap()))
        .collect()
}

/// Issue 26's set-ups of 11.15 on the scenario as shipped (special rules and all), judged by
/// `saberc check` and by an engine from the export alone: the Spanish deploy on any one of
/// three hills, so two Spanish units on H24 and H26 are an error (on one hill, not); an
/// American on H24 with no Spanish placed is an error (legal only if the Spanish take H26),
/// and one in the exported list is not.
#[test]
fn the_split_spanish_and_an_american_on_h24_are_errors_in_11_15() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(repo("scenarios/15-el-caney.ron")).unwrap();
    let doc = export(dir.path(), "el-caney", &text);
    let (h24, h26) = (feature_hexes(&doc, "H24"), feature_hexes(&doc, "H26"));

    // The engine: the Spanish set-up is legal when every unit stands in one and the same
    // alternative of their zone.
    let alternatives: Vec<BTreeSet<Hex>> = zone(&doc, "spanish-a")["alternatives"]
        .as_array()
        .unwrap()
        .iter()
        .map(hexes_of)
        .collect();
    assert_eq!(alternatives.len(), 3, "any one of three hills");
    let one_alternative = |placed: &[Hex]| {
        alternatives
            .iter()
            .any(|a| placed.iter().all(|h| a.contains(h)))
    };
    let spanish = |at: &[Hex]| -> Vec<Placement> {
        at.iter().map(|h| unit("spanish", "Unit(LB)", *h)).collect()
    };
    let split = [h24[0], h26[0]];
    assert!(!one_alternative(&split), "the engine refuses the split");
    let found = errors(dir.path(), "split", &with_setup(&text, &spanish(&split)));
    assert!(
        found.iter().any(|e| e.starts_with("DEP003 /setup/")),
        "saberc check refuses the split: {found:?}"
    );
    let together = [h24[0], h24[1]];
    assert!(one_alternative(&together));
    let found = errors(
        dir.path(),
        "together",
        &with_setup(&text, &spanish(&together)),
    );
    assert!(found.is_empty(), "both on H24: {found:?}");

    // An American on H24, no Spanish placed.
    let american = |at: Hex| vec![unit("americans", "Unit(EB)", at)];
    for at in [h24[0], *h24.last().unwrap()] {
        assert!(!engine_legal(&doc, "americans-a", at), "{at:?}");
        let found = errors(
            dir.path(),
            "american-on-h24",
            &with_setup(&text, &american(at)),
        );
        assert_eq!(found, ["DEP003 /setup/0/at"], "{at:?}");
    }
    let safe = *hexes_of(&zone(&doc, "americans-a")["hexes"])
        .iter()
        .next()
        .unwrap();
    assert!(engine_legal(&doc, "americans-a", safe));
    let found = errors(
        dir.path(),
        "american-safe",
        &with_setup(&text, &american(safe)),
    );
    assert!(found.is_empty(), "{safe:?}: {found:?}");
}
