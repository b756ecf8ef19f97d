//! Writes N varied scenario files, as RON and as the same documents in JSON, for the batch
//! benchmark (tests/bench/batch.sh): `cargo run -p saber-tests --example gen_batch -- N OUT`.
//! Each file is one of the scenarios in scenarios/ with its id, name, notes and unit counts
//! changed, so that no two files are alike but all exercise the full rules. With a SEED
//! (`gen_batch N OUT SEED`, tests/bench/ratio.sh), each variant's forces and the distances of
//! its `Within` zones are also moved by -1, 0 or +1 at random from that seed, so that some
//! variants deploy where they may not (DEP001) as a designer's slip would.

use std::path::{Path, PathBuf};

use saber_schema::pipeline::load_scenario;
use saber_schema::pipeline::read::Source;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (count, out, seed) = match args.as_slice() {
        [_, n, out] => (
            n.parse::<usize>().expect("N is a number"),
            PathBuf::from(out),
            None,
        ),
        [_, n, out, seed] => (
            n.parse::<usize>().expect("N is a number"),
            PathBuf::from(out),
            Some(seed.parse::<u64>().expect("SEED is a number")),
        ),
        _ => {
            eprintln!("usage: gen_batch N OUT_DIR [SEED]");
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
    let mut rng = Rng(seed.unwrap_or(0) | 1);
    for i in 0..count {
        let mut s = bases[i % bases.len()].clone();
        if seed.is_some() {
            s = perturbed(&s, &mut rng);
        }
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

/// A small seeded generator (xorshift64): the same seed gives the same corpus.
struct Rng(u64);

impl Rng {
    /// -1, 0 or +1.
    fn step(&mut self) -> i64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % 3) as i64 - 1
    }
}

/// `s` with each unit count and each `Within` distance moved by -1, 0 or +1 (a count stays at
/// least 1, a distance at least 0).
fn perturbed(
    s: &saber_schema::model::scenario::Scenario,
    rng: &mut Rng,
) -> saber_schema::model::scenario::Scenario {
    fn walk(v: &mut serde_json::Value, rng: &mut Rng, in_units: bool) {
        match v {
            serde_json::Value::Object(m) => {
                for (k, x) in m.iter_mut() {
                    match (k.as_str(), x.as_u64()) {
                        ("distance", Some(d)) => *x = (d as i64 + rng.step()).max(0).into(),
                        (_, Some(n)) if in_units => *x = (n as i64 + rng.step()).max(1).into(),
                        _ => walk(x, rng, k == "units"),
                    }
                }
            }
            serde_json::Value::Array(a) => a.iter_mut().for_each(|x| walk(x, rng, false)),
            _ => {}
        }
    }
    let mut v = serde_json::to_value(s).expect("a scenario serializes");
    walk(&mut v, rng, false);
    serde_json::from_value(v).expect("a perturbed scenario reads back")
}
