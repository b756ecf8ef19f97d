//! Writes N varied scenario files, as RON and as the same documents in JSON, for the batch
//! benchmark (tests/bench/batch.sh): `cargo run -p saber-tests --example gen_batch -- N OUT`.
//! Each file is one of the scenarios in scenarios/ with its id, name, notes and unit counts
//! changed, so that no two files are alike but all exercise the full rules.

use std::path::{Path, PathBuf};

use saber_schema::pipeline::load_scenario;
use saber_schema::pipeline::read::Source;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (count, out) = match args.as_slice() {
        [_, n, out] => (
            n.parse::<usize>().expect("N is a number"),
            PathBuf::from(out),
        ),
        _ => {
            eprintln!("usage: gen_batch N OUT_DIR");
            std::process::exit(2);
        }
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("scenarios/ exists")
        .map(|e| e.expect("readable directory").path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    paths.sort();
    let bases: Vec<_> = paths
        .iter()
        .map(|p| {
            let src = Source::read(p).expect("readable scenario");
            load_scenario(&src).unwrap_or_else(|d| panic!("{} does not load: {d:?}", p.display()))
        })
        .collect();
    let (ron_dir, json_dir) = (out.join("ron"), out.join("json"));
    std::fs::create_dir_all(&ron_dir).expect("output directory");
    std::fs::create_dir_all(&json_dir).expect("output directory");
    for i in 0..count {
        let mut s = bases[i % bases.len()].clone();
        let round = (i / bases.len()) as u32;
        s.id = format!("{}-{i:05}", s.id);
        s.name = format!("{} (variant {i})", s.name);
        s.notes = format!("{}\n\nBatch variant {i}.", s.notes);
        // Shift unit counts by -1, 0 or +1 in turn: some variants break a count or a stacking
        // limit, which the rule checks must then find.
        for side in &mut s.sides {
            for group in &mut side.groups {
                for n in group.units.values_mut() {
                    *n = (*n + round % 3).saturating_sub(1).max(1);
                }
            }
        }
        let name = format!("{i:05}-{}", s.id);
        let ron = ron::ser::to_string_pretty(&s, ron::ser::PrettyConfig::default())
            .expect("a scenario serializes");
        let json = serde_json::to_string_pretty(&s).expect("a scenario serializes");
        std::fs::write(ron_dir.join(format!("{name}.ron")), ron).expect("write");
        std::fs::write(json_dir.join(format!("{name}.json")), json).expect("write");
    }
    eprintln!(
        "wrote {count} scenarios as RON and JSON under {}",
        out.display()
    );
}
