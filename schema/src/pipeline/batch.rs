//! A batch check (`saberc check` of many files): each file read once. Map resolution looks at
//! the first 4 KiB of every `.ron` and `.json` file beside a scenario to find the maps among
//! them ([`MapRegistry`]); in a batch those siblings are mostly the batch's own files, which it
//! reads whole anyway. So the batch reads its files first, tells the registry what each one's
//! head holds ([`MapRegistry::know_heads`]), and checks each from the bytes it read. A sibling
//! the batch did not read (a hidden file, one not named, one past the memory budget) is opened
//! by map resolution as before: no verdict depends on which files are checked together.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

use crate::diagnostic::Diagnostic;
use crate::pipeline::maps::MapRegistry;
use crate::pipeline::read::{self, bytes_name_map_format};
use crate::pipeline::{FileReport, check_path, check_read};

/// Most bytes of file texts a batch holds between reading its files and checking them (each
/// thread may go one file past it, at most the size limit): past it, a file is read when it is
/// checked, as alone. About twice the 17 MB of the ratio benchmark's 2,040 scenarios; the texts
/// held are memory a batch of large files needs for their checks.
const MAX_HELD_BYTES: usize = 32 << 20;

/// A file's bytes as a batch read them, or why they could not be read; `None` when they were
/// not read ahead (past the budget).
type Held = Option<Result<Vec<u8>, Diagnostic>>;

/// Check `files` (in this order, their reports in the same order), each read once, on the
/// threads of a pool (one file on this thread); `done` is called after each file.
pub fn check_batch(
    files: &[PathBuf],
    registry: &mut MapRegistry,
    done: &(dyn Fn() + Sync),
) -> Vec<FileReport> {
    check_within(files, registry, done, MAX_HELD_BYTES)
}

/// [`check_batch`], holding at most about `budget` bytes of texts read ahead.
fn check_within(
    files: &[PathBuf],
    registry: &mut MapRegistry,
    done: &(dyn Fn() + Sync),
    budget: usize,
) -> Vec<FileReport> {
    // One file has no sibling in the batch to read for: checked on this thread, as every
    // other command checks its file (starting the pool's threads was a tenth of a one-file
    // check, profile of 29 November 2026).
    if let [one] = files {
        let report = check_path(one, registry);
        done();
        return vec![report];
    }
    let run = |registry: &mut MapRegistry| {
        let held_bytes = AtomicUsize::new(0);
        let held: Vec<Held> = files
            .par_iter()
            .map(|f| read_ahead(f, &held_bytes, budget))
            .collect();
        registry.know_heads(heads(files, &held));
        let registry = &*registry;
        files
            .par_iter()
            .zip(held)
            .map(|(f, held)| {
                let report = match held {
                    Some(read) => check_read(f, read, registry),
                    None => check_path(f, registry),
                };
                done();
                report
            })
            .collect()
    };
    // Parsing and zone compilation recurse once per nesting level (up to the limit of 64, a
    // few frames each): worker threads get the main thread's stack size, not rayon's 2 MiB.
    match rayon::ThreadPoolBuilder::new().stack_size(8 << 20).build() {
        Ok(pool) => pool.install(|| run(registry)),
        Err(_) => run(registry),
    }
}

/// A file read whole ahead of its check, while the texts held are within `budget`.
fn read_ahead(path: &Path, held_bytes: &AtomicUsize, budget: usize) -> Held {
    if held_bytes.load(Ordering::Relaxed) >= budget {
        return None;
    }
    let read = read::read_regular(path);
    if let Ok(bytes) = &read {
        held_bytes.fetch_add(bytes.len(), Ordering::Relaxed);
    }
    Some(read)
}

/// Whether the head of each file read names a map format, by the path map resolution lists it
/// under: its directory canonical, then its name (files that could not be read are left out,
/// for map resolution to open as it would alone).
fn heads(files: &[PathBuf], held: &[Held]) -> HashMap<PathBuf, bool> {
    let mut dirs: HashMap<&Path, Option<PathBuf>> = HashMap::new();
    let mut out = HashMap::new();
    for (file, held) in files.iter().zip(held) {
        let (Some(Ok(bytes)), Some(name)) = (held, file.file_name()) else {
            continue;
        };
        let dir = match file.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let canonical = dirs.entry(dir).or_insert_with(|| dir.canonicalize().ok());
        if let Some(canonical) = canonical {
            out.insert(canonical.join(name), bytes_name_map_format(bytes));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Code;
    use crate::pipeline::maps::MapOrigin;

    fn fixture(path: &str) -> String {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
        std::fs::read_to_string(dir.join(path)).expect("fixture")
    }

    /// The test map with id `id`.
    fn map(id: &str) -> String {
        fixture("maps/skirmish.ron").replacen("id: \"skirmish\"", &format!("id: \"{id}\""), 1)
    }

    /// The good test scenario on the map `id`.
    fn scenario(id: &str) -> String {
        fixture("good/skirmish-at-the-bridge.ron").replacen(
            "map: \"skirmish\"",
            &format!("map: \"{id}\""),
            1,
        )
    }

    /// A folder where every scenario's map depends on its siblings' heads: two folders whose
    /// files have the same names, one a map in one and a scenario in the other; a hidden map
    /// (never in a batch); a map claiming a built-in id (REF007); two maps of one id (REF005);
    /// a map with errors; a file that cannot be read as text.
    fn folder() -> (tempfile::TempDir, Vec<PathBuf>) {
        let dir = tempfile::tempdir().expect("temp dir");
        let files: &[(&str, String)] = &[
            ("one/m.ron", scenario("valley")),
            ("one/n.ron", map("valley")),
            ("one/s.ron", scenario("valley")),
            ("two/m.ron", map("valley")),
            ("two/n.ron", scenario("valley")),
            ("two/h.ron", scenario("hill")),
            ("two/.hill.ron", map("hill")),
            ("three/rifle-and-saber.ron", map("rifle-and-saber")),
            ("three/s.ron", scenario("rifle-and-saber")),
            ("four/a.ron", map("twice")),
            ("four/b.ron", map("twice")),
            ("four/s.ron", scenario("twice")),
            (
                "five/broken.ron",
                map("broken").replacen("width", "widht", 1),
            ),
            ("five/s.ron", scenario("broken")),
            (
                "five/latin1.ron",
                "(format: \"saber-map/1\", id: \"caf\u{e9}\")".into(),
            ),
        ];
        let mut paths = Vec::new();
        for (name, text) in files {
            let p = dir.path().join(name);
            std::fs::create_dir_all(p.parent().expect("dir")).expect("mkdir");
            std::fs::write(&p, text).expect("write");
            paths.push(p);
        }
        // Not UTF-8: its bytes, read once, still say what its head holds.
        let latin1 = dir.path().join("five/latin1.ron");
        let mut bytes = std::fs::read(&latin1).expect("read");
        bytes.retain(|b| *b != 0xc3);
        std::fs::write(&latin1, bytes).expect("write");
        (dir, paths)
    }

    /// What a report says of a file (a `Diagnostic` compares in full).
    fn verdict(r: &FileReport) -> (Vec<Diagnostic>, Option<MapOrigin>, Option<String>) {
        (r.diagnostics.clone(), r.map.clone(), r.map_id.clone())
    }

    /// Each file of any batch (all, the scenarios only, every other file, one file, any
    /// budget of texts held) gets the verdict it gets checked alone.
    #[test]
    fn a_file_gets_the_same_verdict_in_any_batch() {
        let (_dir, all) = folder();
        let alone: HashMap<PathBuf, _> = all
            .iter()
            .map(|f| (f.clone(), verdict(&check_path(f, &MapRegistry::new()))))
            .collect();
        // The folder exercises what it should.
        let of = |name: &str| &alone[&all.iter().find(|p| p.ends_with(name)).unwrap().clone()];
        for s in ["one/s.ron", "one/m.ron", "two/n.ron", "two/h.ron"] {
            assert!(
                !of(s).0.iter().any(Diagnostic::is_error),
                "{s}: {:?}",
                of(s).0
            );
        }
        let codes = |name| of(name).0.iter().map(|d| d.code).collect::<Vec<_>>();
        assert!(codes("three/s.ron").contains(&Code::MapIdShadowed));
        assert!(codes("four/s.ron").contains(&Code::DuplicateId));
        assert!(codes("five/s.ron").contains(&Code::UnknownMap));
        let scenarios: Vec<PathBuf> = all
            .iter()
            .filter(|p| p.ends_with("s.ron") || p.ends_with("h.ron"))
            .cloned()
            .collect();
        let every_other: Vec<PathBuf> = all.iter().step_by(2).cloned().collect();
        let one = vec![all[2].clone()];
        for batch in [&all, &scenarios, &every_other, &one] {
            for budget in [MAX_HELD_BYTES, 3_000, 0] {
                let mut registry = MapRegistry::new();
                let reports = check_within(batch, &mut registry, &|| {}, budget);
                assert_eq!(reports.len(), batch.len());
                for (f, r) in batch.iter().zip(&reports) {
                    assert_eq!(r.path, *f);
                    assert_eq!(verdict(r), alone[f], "{} (budget {budget})", f.display());
                }
            }
        }
    }

    /// Map resolution takes the heads a batch read, and opens only the files it did not read:
    /// told that a map's head names no map, it does not find that map.
    #[test]
    fn map_resolution_takes_the_heads_the_batch_read() {
        let (_dir, all) = folder();
        let s = all.iter().find(|p| p.ends_with("one/s.ron")).unwrap();
        let n = all.iter().find(|p| p.ends_with("one/n.ron")).unwrap();
        let mut registry = MapRegistry::new();
        let canonical = n.canonicalize().unwrap();
        registry.know_heads(HashMap::from([(canonical, false)]));
        let codes: Vec<Code> = check_path(s, &registry)
            .diagnostics
            .iter()
            .map(|d| d.code)
            .collect();
        assert!(codes.contains(&Code::UnknownMap), "{codes:?}");
        // And the heads it is given are those of the files as map resolution lists them.
        let held: Vec<Held> = all.iter().map(|f| Some(read::read_regular(f))).collect();
        let heads = heads(&all, &held);
        assert_eq!(heads.get(&n.canonicalize().unwrap()), Some(&true));
        assert_eq!(heads.get(&s.canonicalize().unwrap()), Some(&false));
    }
}
