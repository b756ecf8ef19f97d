//! The rules' tables in the engine exports (issue 38 §3) against the rules texts
//! (`shared/rules/`, beside the repository), cell by cell: every value here is read from the
//! text by this test, never copied from the tables it checks. The exports are `saberc export`'s
//! of a historical scenario (11.2 Varese, where the Garibaldini have high morale, so morale's
//! table is in it) and of the Musket & Saber example.
//!
//! The rules texts are the project's shared folder, not part of the repository: a checkout
//! without `shared/` beside it (a fresh clone on a CI machine) says so on stderr and compares
//! nothing, as `ms_rule_texts.rs` does; every checkout of the project's own has them.

use std::path::PathBuf;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_saberc");

/// The rules text `name`, from the first `shared/rules/` found beside the repository or one of
/// its parents; `None` (and a message) without one.
fn rules(name: &str) -> Option<String> {
    let root = saber_tests::root();
    let found = root
        .ancestors()
        .map(|a| a.join("shared/rules").join(name))
        .find(|p| p.is_file());
    match found {
        Some(p) => Some(std::fs::read_to_string(p).unwrap()),
        None => {
            eprintln!("skipped: no shared/rules/{name} beside {}", root.display());
            None
        }
    }
}

/// `saberc export` of `scenario` (from the repository root), as JSON.
fn export(scenario: &str, file: &str) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let out = saber_tests::saberc(
        BIN,
        &["export", scenario, "-o", dir.path().to_str().unwrap()],
    );
    assert!(out.status.success(), "{out:?}");
    let path: PathBuf = dir.path().join(file);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Whitespace collapsed, the text's bold marks (`**`) left out.
fn norm(s: &str) -> String {
    s.replace("**", "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// `n/d` as a pair.
fn ratio(v: &Value) -> (u64, u64) {
    (v["num"].as_u64().unwrap(), v["den"].as_u64().unwrap())
}

/// The numbers a passage prints, as fractions: digits, `75%`, and the number words.
fn numbers_in(words: &str) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    for token in words.split(|c: char| c.is_whitespace() || c == ',' || c == '/') {
        let t: String = token
            .chars()
            .filter(|c| c.is_alphanumeric() || *c == '%')
            .collect::<String>()
            .to_lowercase();
        let value = match t.as_str() {
            "zero" => Some((0, 1)),
            "one" => Some((1, 1)),
            "two" => Some((2, 1)),
            "three" => Some((3, 1)),
            "twelve" => Some((12, 1)),
            "half" => Some((1, 2)),
            "double" | "doubled" => Some((2, 1)),
            t if t.ends_with('%') => t[..t.len() - 1].parse().ok().map(|n| (n, 100)),
            t => t.parse().ok().map(|n| (n, 1)),
        };
        out.extend(value);
    }
    out
}

/// Each number of `list` is printed in its words, and those words are in `text`.
fn numbers_are_printed(list: &Value, text: &str) -> usize {
    let text = norm(text);
    let mut checked = 0;
    for n in list.as_array().unwrap() {
        let words = n["words"].as_str().unwrap();
        assert!(
            text.contains(&norm(words)),
            "not in the rules text: {words}"
        );
        let (num, den) = ratio(&n["value"]);
        assert!(
            numbers_in(words).iter().any(|&(a, b)| a * den == num * b),
            "{}: {num}/{den} is not printed in {words:?}",
            n["name"]
        );
        checked += 1;
    }
    checked
}

/// The CRT of 9.1, read from its second copy, cell by cell against the export; the first
/// copy cannot be read as a grid.
#[test]
fn the_rifle_and_saber_crt_is_the_rules_text_cell_by_cell() {
    let Some(text) = rules("rifle-and-saber-rules.txt") else {
        return;
    };
    let e = export("scenarios/02-varese.ron", "varese.json");
    let crt = &e["tables"]["combat_results"];
    assert_eq!(crt["rule"], "9.1");

    // The first copy: no die-roll rows, and not 48 results in it.
    let first = text.find("[9.1] Combat Results Table").unwrap();
    let second = text.rfind("[9.1] Combat Results Table").unwrap();
    assert!(first < second, "the rules text has two copies of 9.1");
    let first_copy = &text[first..first + text[first..].find("Attacks at odds").unwrap()];
    let results = first_copy
        .split_whitespace()
        .filter(|t| ["•", "RD", "E"].contains(t))
        .count();
    assert_ne!(results, 48, "the first copy reads as a grid after all");
    assert!(!first_copy.lines().any(|l| l.starts_with("1\t")));

    // The second copy: a header of odds, then a row per die roll framed by its number.
    let copy: Vec<&str> = text[second..].lines().collect();
    let header = copy.iter().find(|l| l.starts_with("Roll\t")).unwrap();
    let odds: Vec<Value> = header
        .split('\t')
        .filter_map(|t| t.split_once('-'))
        .map(|(a, d)| serde_json::json!([a.parse::<u32>().unwrap(), d.parse::<u32>().unwrap()]))
        .collect();
    assert_eq!(crt["odds"], Value::Array(odds.clone()));
    let mut cells = 0;
    let mut cyrillic = 0;
    for die in 1..=6 {
        let row = copy
            .iter()
            .find(|l| l.starts_with(&format!("{die}\t")))
            .unwrap();
        let printed: Vec<&str> = row.split('\t').collect();
        assert_eq!(printed.len(), odds.len() + 2, "{row}");
        assert_eq!(printed[printed.len() - 1], die.to_string());
        for (col, cell) in printed[1..=odds.len()].iter().enumerate() {
            let want = match *cell {
                "•" => "NoEffect",
                "RD" => "RD",
                "E" => "E",
                "Е" => {
                    cyrillic += 1;
                    "E"
                }
                other => panic!("an unread cell {other:?} at die {die}, column {col}"),
            };
            assert_eq!(
                crt["results"][die - 1][col],
                want,
                "die {die}, {:?}",
                odds[col]
            );
            cells += 1;
        }
    }
    assert_eq!(cells, 48);
    assert_eq!(crt["results"].as_array().unwrap().len(), 6);
    // The source note says how many `E`s were Cyrillic.
    let names = ["", "One", "Two", "Three", "Four", "Five"];
    assert!(
        crt["source"]
            .as_str()
            .unwrap()
            .contains(&format!("{} `E` cells", names[cyrillic])),
        "{cyrillic} Cyrillic cells"
    );

    // 5.1's example: "the odds would be 7-2", rounded in the defender's favour to 3-1, and
    // "if a "6" were rolled in the above attack, the result would be "E"".
    let flat = norm(&text);
    let at = flat.find("the odds would be ").unwrap() + "the odds would be ".len();
    let (a, d) = flat[at..]
        .split_once(',')
        .unwrap()
        .0
        .split_once('-')
        .unwrap();
    let rounded = a.parse::<u32>().unwrap() / d.parse::<u32>().unwrap();
    assert!(flat.contains("rounding off in favor of the defender"));
    let col = odds
        .iter()
        .position(|o| o == &serde_json::json!([rounded, 1]))
        .unwrap();
    assert!(flat.contains("if a \"6\" were rolled in the above attack, the result would be \"E\""));
    assert_eq!(crt["results"][5][col], "E");

    // The notes are the text's words.
    for note in crt["notes"].as_array().unwrap() {
        assert!(
            flat.contains(&norm(note["words"].as_str().unwrap())),
            "{note}"
        );
    }
}

/// The Range Effects Chart of 10.4: its twelve words in the order printed, read a row of
/// three per label (the reading the worked example of 10.4 confirms and the other refutes).
#[test]
fn the_range_effects_chart_is_the_rules_text_cell_by_cell() {
    let Some(text) = rules("rifle-and-saber-rules.txt") else {
        return;
    };
    let e = export("scenarios/02-varese.ron", "varese.json");
    let chart = &e["tables"]["range_effects"];
    assert_eq!(chart["rule"], "10.4");

    let start = text.find("RANGE EFFECTS CHART").unwrap();
    let block = &text[start..start + text[start..].find("[11.0]").unwrap()];
    let labels = ["MZ.EB.LB.CY.MR", "MACHINE GUN", "ARTILLERY:", "Cannister"];
    let at: Vec<usize> = labels.iter().map(|l| block.find(l).unwrap()).collect();
    assert!(
        at.windows(2).all(|w| w[0] < w[1]),
        "the labels in this order"
    );
    let words: Vec<&str> = block
        .split_whitespace()
        .filter(|w| ["Normal", "Halved", "Quartered", "Doubled"].contains(w))
        .collect();
    assert_eq!(words.len(), 12);
    let meaning = |w: &str| match w {
        "Normal" => (1, 1),
        "Halved" => (1, 2),
        "Quartered" => (1, 4),
        "Doubled" => (2, 1),
        _ => unreachable!(),
    };

    // The bands: "1...3 4...7 8 or more".
    let bands = norm(&block[block.find("1...3").unwrap()..]);
    assert!(bands.starts_with("1...3 4...7 8 or more"));
    assert_eq!(
        chart["bands"],
        serde_json::json!([{"from": 1, "to": 3}, {"from": 4, "to": 7}, {"from": 8, "to": null}])
    );

    // The worked example: "an LB unit (9) would be reduced to 21/4 Strength Points when firing
    // at a target eleven hexes distant" (21/4: the OCR of 2¼).
    let flat = norm(&text);
    let example = &flat[flat
        .find("For example, the Fire Attack Strength of an LB unit")
        .unwrap()..];
    let strength: u64 = example[example.find('(').unwrap() + 1..example.find(')').unwrap()]
        .parse()
        .unwrap();
    let reduced = &example[example.find("reduced to ").unwrap() + "reduced to ".len()..];
    let reduced = reduced.split_whitespace().next().unwrap();
    let (whole, frac) = reduced.split_at(1);
    let (fn_, fd) = frac.split_once('/').unwrap();
    let (n, d): (u64, u64) = (fn_.parse().unwrap(), fd.parse().unwrap());
    let reduced = (whole.parse::<u64>().unwrap() * d + n, d);
    assert!(example.contains("eleven hexes distant"));
    let band = 2; // eleven hexes: "8 or more"
    let row = labels
        .iter()
        .position(|l| l.split('.').any(|u| u == "LB"))
        .unwrap();
    let by_rows = meaning(words[row * 3 + band]);
    let by_bands = meaning(words[band * 4 + row]);
    assert_eq!(
        (strength * by_rows.0, by_rows.1),
        reduced,
        "a row of three per label"
    );
    assert_ne!(
        (strength * by_bands.0, by_bands.1),
        reduced,
        "not a band of four"
    );

    let rows = chart["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    let mut cells = 0;
    for (r, label) in labels.iter().enumerate() {
        assert_eq!(rows[r]["label"], *label);
        for b in 0..3 {
            let word = words[r * 3 + b];
            assert_eq!(rows[r]["printed"][b], word, "{label}, band {b}");
            assert_eq!(
                ratio(&rows[r]["multipliers"][b]),
                meaning(word),
                "{label}, band {b}"
            );
            let note = &chart["interpretations"][r * 3 + b];
            assert_eq!(note["rule"], "10.4");
            assert!(
                note["text"]
                    .as_str()
                    .unwrap()
                    .contains(&format!("\"{word}\""))
            );
            assert!(
                note["reading"]
                    .as_str()
                    .unwrap()
                    .starts_with(&format!("Word {} of the twelve, \"{word}\"", r * 3 + b + 1))
            );
            cells += 1;
        }
    }
    assert_eq!(cells, 12);
    assert_eq!(chart["interpretations"].as_array().unwrap().len(), 12);
    // The small-arms row's units are its label's.
    let units: Vec<&str> = labels[0].split('.').collect();
    assert_eq!(rows[0]["units"], serde_json::json!(units));
}

/// Shock combat, disruption and morale: every number is in the words quoted, and the words
/// are the rules text's; the morale levels are printed in their order.
#[test]
fn shock_disruption_and_morale_numbers_are_printed() {
    let Some(text) = rules("rifle-and-saber-rules.txt") else {
        return;
    };
    let e = export("scenarios/02-varese.ron", "varese.json");
    let t = &e["tables"];
    let mut checked = numbers_are_printed(&t["shock_combat"], &text);
    checked += numbers_are_printed(&t["disruption"], &text);
    checked += numbers_are_printed(&t["morale"]["changes"], &text);
    assert_eq!(checked, 10);

    // The levels, in the text's order: High's effect (its heading lost in the OCR) before
    // NORMAL, Normal's before DEMORALIZED, Demoralized's after it; its errata in the errata.
    let flat = norm(&text);
    let levels = t["morale"]["levels"].as_array().unwrap();
    let at = |s: &str| {
        flat.find(&norm(s))
            .unwrap_or_else(|| panic!("not printed: {s}"))
    };
    let word = |l: usize, i: usize| levels[l]["words"][i].as_str().unwrap();
    assert_eq!(levels[0]["level"], "High");
    assert!(at(word(0, 0)) < at("NORMAL All basic combat rules apply."));
    assert!(at(word(1, 0)) < at("DEMORALIZED Units may not"));
    assert!(at("DEMORALIZED") < at(word(2, 0)));
    assert!(at(word(2, 1)) > at("Rifle & Saber Errata"));

    // A scenario whose sides are all of normal morale has no morale table.
    let fatehpur = export("scenarios/01-fatehpur.ron", "fatehpur.json");
    assert!(fatehpur["tables"].get("morale").is_none());
    assert!(fatehpur["tables"]["combat_results"].is_object());
}

/// Musket & Saber Quick Play's Revised CRT, cell by cell, its key, the combat and bombardment
/// results point by point, and its numbers.
#[test]
fn the_musket_and_saber_tables_are_the_rules_text() {
    let Some(text) = rules("musket-and-saber-quick-play.txt") else {
        return;
    };
    let e = export(
        "scenarios/examples/musket-and-saber/millbrook.ron",
        "millbrook-invented.json",
    );
    let t = &e["tables"];
    let crt = &t["crt"];

    let start = text.find("M&S QUICK PLAY REVISED CRT").unwrap();
    let lines: Vec<&str> = text[start..].lines().collect();
    let header = lines.iter().find(|l| l.starts_with('\t')).unwrap();
    let bound = |s: &str| Some(s.trim_start_matches('+').parse::<i64>().unwrap());
    let columns: Vec<Value> = header
        .split('\t')
        .skip(1)
        .map(|c| {
            let (min, max) = if let Some(n) = c.strip_suffix(" or less") {
                (None, bound(n))
            } else if let Some(n) = c.strip_suffix(" or more") {
                (bound(n), None)
            } else {
                let (a, b) = c.split_once(" to ").unwrap();
                (bound(a), bound(b))
            };
            serde_json::json!({"min": min, "max": max})
        })
        .collect();
    assert_eq!(columns.len(), 9);
    assert_eq!(crt["columns"], Value::Array(columns.clone()));
    let mut cells = 0;
    for die in 1..=6 {
        let row = lines
            .iter()
            .find(|l| l.starts_with(&format!("{die}\t")))
            .unwrap();
        let printed: Vec<&str> = row.split('\t').collect();
        assert_eq!(printed.len(), columns.len() + 1, "{row}");
        for (col, cell) in printed[1..].iter().enumerate() {
            assert_eq!(
                crt["results"][die - 1][col],
                *cell,
                "die {die}, column {col}"
            );
            cells += 1;
        }
    }
    assert_eq!(cells, 54);
    let flat = norm(&text);
    for key in crt["key"].as_array().unwrap() {
        assert!(
            flat.contains(&norm(key["words"].as_str().unwrap())),
            "{key}"
        );
    }
    assert!(flat.contains(&norm(t["bombardment_note"].as_str().unwrap())));

    // The results: `RESULT\t<ul …> • point • point \t<ul …> • point`.
    let points = |cell: &str| -> Vec<String> {
        let cell = cell.replace("<ul style=\"list-style-type: none\">", "");
        cell.split('•')
            .map(|p| norm(p.trim()))
            .filter(|p| !p.is_empty())
            .collect()
    };
    let mut rows_checked = 0;
    for (table, heading) in [
        ("combat_results", "COMBAT RESULTS"),
        ("bombardment_results", "BOMBARDMENT RESULTS"),
    ] {
        let at = text.find(&format!("\n{heading}\n")).unwrap();
        let section = &text[at..];
        for row in t[table].as_array().unwrap() {
            let result = row["result"].as_str().unwrap();
            let line = section
                .lines()
                .find(|l| l.starts_with(&format!("{result}\t")))
                .unwrap_or_else(|| panic!("{heading}: no row {result}"));
            let cells: Vec<&str> = line.split('\t').collect();
            assert_eq!(cells.len(), 3, "{line}");
            let want = |i: usize| Value::from(points(cells[i]));
            assert_eq!(row["passes"], want(1), "{heading} {result}");
            assert_eq!(row["fails"], want(2), "{heading} {result}");
            rows_checked += 1;
        }
    }
    assert_eq!(rows_checked, 8);
    // Every CRT result's second letter has its combat row (`Am`: `M`), and every `D` result
    // its bombardment row.
    let has = |table: &str, result: &str| {
        t[table]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["result"] == result)
    };
    for r in crt["results"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r.as_array().unwrap())
    {
        let r = r.as_str().unwrap();
        if let Some(letter) = r.get(1..) {
            assert!(has("combat_results", &letter.to_uppercase()), "{r}");
        }
        if r.starts_with('D') {
            assert!(has("bombardment_results", r), "{r}");
        }
    }

    assert_eq!(numbers_are_printed(&t["numbers"], &text), 19);
}
