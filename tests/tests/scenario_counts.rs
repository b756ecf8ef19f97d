//! The orders of battle of the seventeen historical scenarios match the rules text and errata.
//!
//! The table below is written from `rifle-and-saber-rules.txt` (11.1–11.17, with the errata's
//! Worth group (b)), not read from the scenario files: each row is one printed group in the
//! rules' own notation. The test parses every file and compares, per side, the count of each
//! unit type and marker, and per group the same; all mismatches are reported together.

use std::collections::BTreeMap;
use std::path::PathBuf;

use saber_schema::model::scenario::Scenario;
use saber_schema::ruleset::{MarkerKind, UnitKind};

/// (file, side id, group id, order of battle as printed).
const ORDERS_OF_BATTLE: &[(&str, &str, &str, &str)] = &[
    // 11.1 Sepoys (Blue): 27 MZ; 3 CY; 2 MAh  British (Red): 15 MZ; 1 CY; 3 MA
    ("01-fatehpur.ron", "sepoys", "a", "27 MZ; 3 CY; 2 MAh"),
    ("01-fatehpur.ron", "british", "a", "15 MZ; 1 CY; 3 MA"),
    // 11.2 Austrians (Blue): 33 MZ; 2 CY; 2 MA  Garibaldini (Red): 30 MZ; 2 EB; 1 MR; 3 Trenches
    ("02-varese.ron", "austrians", "a", "33 MZ; 2 CY; 2 MA"),
    (
        "02-varese.ron",
        "garibaldini",
        "a",
        "30 MZ; 2 EB; 1 MR; 3 Trench",
    ),
    // 11.3 Allies (Red): 30 MZ; 2 CY; 2 MA  Austrians (Blue): 15 MZ; 2 CY; 3 MA
    ("03-palestro.ron", "allies", "a", "30 MZ; 2 CY; 2 MA"),
    ("03-palestro.ron", "austrians", "a", "15 MZ; 2 CY; 3 MA"),
    // 11.4 French (Red): (a) 12 MZ; 1 MA (b) 15 MZ; 3 CY; 2 MA
    //      Austrians (Blue): (a) 8 MZ; 1 MAh (b) 10 MZ; 5 CY; 1 MA
    ("04-magenta.ron", "french", "a", "12 MZ; 1 MA"),
    ("04-magenta.ron", "french", "b", "15 MZ; 3 CY; 2 MA"),
    ("04-magenta.ron", "austrians", "a", "8 MZ; 1 MAh"),
    ("04-magenta.ron", "austrians", "b", "10 MZ; 5 CY; 1 MA"),
    // 11.5 Union (Blue): (a) 20 MZ; 2 MA (b) 10 MZ; 2 MA  Confederates (Red): 15 MZ; 3 CY; 3 MA
    ("05-first-bull-run.ron", "union", "a", "20 MZ; 2 MA"),
    ("05-first-bull-run.ron", "union", "b", "10 MZ; 2 MA"),
    (
        "05-first-bull-run.ron",
        "confederates",
        "a",
        "15 MZ; 3 CY; 3 MA",
    ),
    // 11.6 Confederates (Red): 30 MZ; 5 MA; 2 MAh  Union (Blue): 16 MZ; 2 MA
    ("06-shiloh.ron", "confederates", "a", "30 MZ; 5 MA; 2 MAh"),
    ("06-shiloh.ron", "union", "a", "16 MZ; 2 MA"),
    // 11.7 Union (Blue): 30 MZ; 1 MA  Confederates (Red): 25 MZ; 2 MA
    (
        "07-gettysburg-little-round-top.ron",
        "union",
        "a",
        "30 MZ; 1 MA",
    ),
    (
        "07-gettysburg-little-round-top.ron",
        "confederates",
        "a",
        "25 MZ; 2 MA",
    ),
    // 11.8 Confederates (Red): 30 MZ; 4 MA; 2 MAh  Union (Blue): 25 MZ; 5 MA
    // (improved positions "as desired": no fixed allotment)
    (
        "08-gettysburg-picketts-charge.ron",
        "confederates",
        "a",
        "30 MZ; 4 MA; 2 MAh",
    ),
    (
        "08-gettysburg-picketts-charge.ron",
        "union",
        "a",
        "25 MZ; 5 MA",
    ),
    // 11.9 Hanoverians (Blue): 20 MZ; 15 CY; 4 MA; 2 MAh  Prussians (Red): 12 EB; 2 CY; 2 MA
    (
        "09-langensalza.ron",
        "hanoverians",
        "a",
        "20 MZ; 15 CY; 4 MA; 2 MAh",
    ),
    ("09-langensalza.ron", "prussians", "a", "12 EB; 2 CY; 2 MA"),
    // 11.10 Prussians (Blue): (a) 17 EB; 2 BA, and by the errata (b) 10 EB; 2 BA
    //       French (Red): 17 EB; 12 CY; 2 MA; 2 MG
    ("10-worth.ron", "prussians", "a", "17 EB; 2 BA"),
    ("10-worth.ron", "prussians", "b", "10 EB; 2 BA"),
    ("10-worth.ron", "french", "a", "17 EB; 12 CY; 2 MA; 2 MG"),
    // 11.11 French (Red): 10 EB; 15 CY; 1 MA; 1 MG  Germans (Blue): 10 EB; 9 CY; 3 BA
    (
        "11-mars-la-tour.ron",
        "french",
        "a",
        "10 EB; 15 CY; 1 MA; 1 MG",
    ),
    ("11-mars-la-tour.ron", "germans", "a", "10 EB; 9 CY; 3 BA"),
    // 11.12 Russians (Blue): 35 EB; 6 CY; 5 BA  Turks (Red): 14 EB; 2 BA; 2 MG; 16 Trenches
    (
        "12-plevna-grivitza.ron",
        "russians",
        "a",
        "35 EB; 6 CY; 5 BA",
    ),
    (
        "12-plevna-grivitza.ron",
        "turks",
        "a",
        "14 EB; 2 BA; 2 MG; 16 Trench",
    ),
    // 11.13 Russians (Blue): 35 EB; 4 CY; 4 BA; 4 BAh
    //       Turks (Red): 15 EB; 2 BA; 2 MG; 8 Improved Positions; 6 Trenches
    (
        "13-plevna-green-hills.ron",
        "russians",
        "a",
        "35 EB; 4 CY; 4 BA; 4 BAh",
    ),
    (
        "13-plevna-green-hills.ron",
        "turks",
        "a",
        "15 EB; 2 BA; 2 MG; 8 IP; 6 Trench",
    ),
    // 11.14 Peruvians (Blue): 30 EB  Chileans (Red): 20 EB; 2 CY; 1 BA
    ("14-tarapaca.ron", "peruvians", "a", "30 EB"),
    ("14-tarapaca.ron", "chileans", "a", "20 EB; 2 CY; 1 BA"),
    // 11.15 Americans (Blue): 30 EB; 1 MR  Spanish (Red): 5 LB; 5 Trenches
    ("15-el-caney.ron", "americans", "a", "30 EB; 1 MR"),
    ("15-el-caney.ron", "spanish", "a", "5 LB; 5 Trench"),
    // 11.16 Boers (Red): 20 LB; 2 BAh  British (Blue): 35 LB; 3 CY; 2 BA; 2 MG
    ("16-modder-river.ron", "boers", "a", "20 LB; 2 BAh"),
    (
        "16-modder-river.ron",
        "british",
        "a",
        "35 LB; 3 CY; 2 BA; 2 MG",
    ),
    // 11.17 British (Red): 6 LB; 4 CY; 1 BAh; 4 Limber Markers without cannon
    //       Boers (Blue): 6 MR; 1 BAh
    (
        "17-south-africa.ron",
        "british",
        "a",
        "6 LB; 4 CY; 1 BAh; 4 Limber",
    ),
    ("17-south-africa.ron", "boers", "a", "6 MR; 1 BAh"),
];

/// Counts of unit types and markers.
#[derive(Debug, Default, PartialEq)]
struct Counts {
    units: BTreeMap<UnitKind, u32>,
    markers: BTreeMap<MarkerKind, u32>,
}

impl Counts {
    /// Parse the notation `12 MZ; 2 MA; 3 Trench`.
    fn parse(notation: &str) -> Counts {
        let mut c = Counts::default();
        for part in notation.split(';') {
            let (n, code) = part
                .trim()
                .split_once(' ')
                .unwrap_or_else(|| panic!("bad entry `{part}`"));
            let n: u32 = n.parse().unwrap_or_else(|_| panic!("bad count `{n}`"));
            if let Some(k) = UnitKind::from_code(code) {
                *c.units.entry(k).or_default() += n;
            } else if let Some(m) = MarkerKind::ALL.into_iter().find(|m| m.code() == code) {
                *c.markers.entry(m).or_default() += n;
            } else {
                panic!("unknown code `{code}`");
            }
        }
        c
    }

    fn add(&mut self, other: &Counts) {
        for (k, n) in &other.units {
            *self.units.entry(*k).or_default() += n;
        }
        for (m, n) in &other.markers {
            *self.markers.entry(*m).or_default() += n;
        }
    }

    /// Drop zero entries so that `{MZ: 0}` equals an absent MZ.
    fn normalised(mut self) -> Counts {
        self.units.retain(|_, n| *n > 0);
        self.markers.retain(|_, n| *n > 0);
        self
    }
}

fn scenario_path(file: &str) -> PathBuf {
    saber_tests::repo("scenarios").join(file)
}

fn load(file: &str) -> Result<Scenario, String> {
    let path = scenario_path(file);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{file}: {e}"))?;
    ron::from_str(&text).map_err(|e| format!("{file}: {e}"))
}

#[test]
fn orders_of_battle_match_the_rules_text() {
    let mut files: Vec<&str> = ORDERS_OF_BATTLE.iter().map(|r| r.0).collect();
    files.dedup();
    assert_eq!(files.len(), 17, "the table covers all seventeen scenarios");

    let mut mismatches = Vec::new();
    for file in files {
        let scenario = match load(file) {
            Ok(s) => s,
            Err(e) => {
                mismatches.push(e);
                continue;
            }
        };
        let rows: Vec<_> = ORDERS_OF_BATTLE.iter().filter(|r| r.0 == file).collect();

        // Per side: the totals of every unit type and marker.
        let mut want_sides: BTreeMap<&str, Counts> = BTreeMap::new();
        for row in &rows {
            want_sides
                .entry(row.1)
                .or_default()
                .add(&Counts::parse(row.3));
        }
        let got_ids: Vec<&str> = scenario.side_ids();
        let want_ids: Vec<&str> = want_sides.keys().copied().collect();
        let mut sorted_got = got_ids.clone();
        sorted_got.sort();
        if sorted_got != want_ids {
            mismatches.push(format!("{file}: sides {got_ids:?}, expected {want_ids:?}"));
        }
        for (side_id, want) in want_sides {
            let Some(side) = scenario.side(side_id) else {
                continue;
            };
            let mut got = Counts::default();
            for kind in UnitKind::ALL {
                got.units.insert(kind, side.count(kind));
            }
            for marker in MarkerKind::ALL {
                got.markers.insert(marker, side.markers(marker));
            }
            let got = got.normalised();
            if got != want {
                mismatches.push(format!(
                    "{file}: side {side_id} has {:?} {:?}, the rules give {:?} {:?}",
                    got.units, got.markers, want.units, want.markers
                ));
            }
        }

        // Per group: the same, group by group.
        for row in &rows {
            let want = Counts::parse(row.3);
            let group = scenario
                .side(row.1)
                .and_then(|s| s.groups.iter().find(|g| g.id == row.2));
            let Some(group) = group else {
                mismatches.push(format!("{file}: side {} has no group {}", row.1, row.2));
                continue;
            };
            let got = Counts {
                units: group.units.clone(),
                markers: group.markers.clone(),
            }
            .normalised();
            if got != want {
                mismatches.push(format!(
                    "{file}: group {}/{} is `{}`, the rules give `{}`",
                    row.1,
                    row.2,
                    group.notation(),
                    row.3
                ));
            }
        }
        let groups_in_file: usize = scenario.sides.iter().map(|s| s.groups.len()).sum();
        if groups_in_file != rows.len() {
            mismatches.push(format!(
                "{file}: {groups_in_file} groups, the rules print {}",
                rows.len()
            ));
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[test]
fn the_notation_parser_reads_units_and_markers() {
    let c = Counts::parse("15 EB; 2 BA; 2 MG; 8 IP; 6 Trench");
    assert_eq!(c.units[&UnitKind::EB], 15);
    assert_eq!(c.units[&UnitKind::MG], 2);
    assert_eq!(c.markers[&MarkerKind::IP], 8);
    assert_eq!(c.markers[&MarkerKind::Trench], 6);
    assert!(!c.units.contains_key(&UnitKind::MZ));
}
