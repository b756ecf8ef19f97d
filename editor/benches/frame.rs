//! Frame-time benchmark (run with `cargo bench -p saber-editor --bench frame`): CPU time per
//! frame for egui layout and tessellation, headless, of the whole editor window at 1280 × 800:
//! the default map fitted, a generated 1000 × 1000 map at 100 % and fitted; every historical
//! scenario open in the builder (zones drawn) and the live check of each; then the time to
//! save and open that map. Prints each number with its ratio to the target.

use std::time::{Duration, Instant};

use egui::{Pos2, RawInput, Rect, vec2};
use saber_editor::App;
use saber_editor::canvas::ZOOM_100;
use saber_editor::files;
use saber_schema::model::hex::Coord;
use saber_schema::model::map::{Cell, Feature, Map, Road, RoadKind, SideKey};
use saber_schema::ruleset::Terrain;

const FRAMES: u32 = 60;

fn input() -> RawInput {
    RawInput {
        screen_rect: Some(Rect::from_min_size(Pos2::ZERO, vec2(1280.0, 800.0))),
        ..Default::default()
    }
}

fn frame(ctx: &egui::Context, app: &mut App) {
    let out = ctx.run_ui(input(), |ui| app.show(ui));
    let prims = ctx.tessellate(out.shapes, out.pixels_per_point);
    std::hint::black_box(prims);
}

/// Mean CPU time of one frame after warm-up; `setup` runs after the warm-up frames.
fn per_frame(app: &mut App, setup: impl FnOnce(&mut App)) -> Duration {
    let ctx = egui::Context::default();
    for _ in 0..3 {
        frame(&ctx, app);
    }
    setup(app);
    for _ in 0..3 {
        frame(&ctx, app);
    }
    let t = Instant::now();
    for _ in 0..FRAMES {
        frame(&ctx, app);
    }
    t.elapsed() / FRAMES
}

/// A 1000 × 1000 map with varied terrain, ridges, roads and features.
fn big_map() -> Map {
    let mut m = Map::blank("big", "Generated 1000 × 1000", 1000, 1000);
    let mut seed: u64 = 0x5eed;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as u32
    };
    for i in 0..m.cells.len() {
        let terrain = Terrain::ALL[(next() % 7) as usize];
        m.cells[i] = Cell {
            terrain,
            slope: !terrain.is_river() && next() % 5 == 0,
        };
    }
    for _ in 0..20_000 {
        let c = Coord((next() % 1000) as i32 + 1, (next() % 999) as i32 + 1);
        m.ridges.insert(SideKey::new(c, Coord(c.0, c.1 + 1)));
    }
    for r in 0..50 {
        let row = r * 20 + 1;
        m.roads.push(Road {
            name: None,
            kind: RoadKind::Minor,
            hexes: m.grid.line(Coord(1, row), Coord(1000, row)),
        });
    }
    for n in 1..=500u32 {
        let c = Coord((next() % 1000) as i32 + 1, (next() % 1000) as i32 + 1);
        m.features.push(Feature {
            code: format!("V{n}"),
            name: None,
            hexes: vec![c],
            label: None,
        });
    }
    m
}

/// Runs of each whole-map search: their median is printed (a shared machine's neighbours slow
/// single runs by a quarter and more).
const RUNS: usize = 9;

/// The median time of `runs` calls of `f` (what `f` returns is dropped outside the time).
fn median<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            let out = f();
            let took = t.elapsed();
            drop(std::hint::black_box(out));
            took
        })
        .collect();
    times.sort();
    times[runs / 2]
}

fn report(what: &str, took: Duration, target: Duration) {
    println!(
        "{what:<44} {:>9.3} ms   target {:>6.0} ms   ratio {:.2}",
        took.as_secs_f64() * 1e3,
        target.as_secs_f64() * 1e3,
        took.as_secs_f64() / target.as_secs_f64()
    );
}

/// The designer overlays' queries on the 1000 × 1000 map, as the overlays compute them
/// (`saber_editor::overlays`): the cost tables (made once per document revision and mover,
/// kept while neither changes), then from one hex over the whole map the overlay's search —
/// the fewest Movement Phases at an allowance of 4 (its bands), or the least cost when no
/// allowance is known (the median of [`RUNS`] runs each) — and a line-of-sight fan (every hex within `SIGHT_RADIUS`, over the
/// sight index the overlay also keeps per revision).
fn movement_and_sight(big: &Map) {
    use saber_editor::overlays::{movement::Reach, sight};
    use saber_schema::model::hex_set::HexSet;
    use saber_schema::queries::effective_terrain::EffectiveTerrain;
    use saber_schema::queries::movement::{Movement, Mp};
    use saber_schema::queries::reach::CostTable;
    use saber_schema::queries::sight::{SIGHT_RADIUS, SightIndex};
    let ms = Duration::from_millis;
    let mv = Movement::new(big, big.rules());
    let table = CostTable::new(&mv);
    report(
        "cost tables of the 1000 × 1000 map (once)",
        median(3, || std::hint::black_box(CostTable::new(&mv))),
        ms(50),
    );
    let start = [(Coord(500, 500), Mp::ZERO)];
    report(
        "movement field (least cost), whole 1000 × 1000 map",
        median(RUNS, || Reach::compute(&table, &start, None)),
        ms(50),
    );
    report(
        "movement bands (phases at MA 4), whole map",
        median(RUNS, || Reach::compute(&table, &start, Some(4))),
        ms(50),
    );
    let f = Reach::compute(&table, &start, None);
    let reached = big.grid.coords().filter(|c| f.reaches(*c)).count();
    let terrain = EffectiveTerrain::new(big);
    let none = HexSet::empty(big.grid);
    let t = Instant::now();
    let index = SightIndex::new(big.rules(), &terrain, &none);
    report(
        "sight index of the 1000 × 1000 map (once)",
        t.elapsed(),
        ms(50),
    );
    let runs = 20;
    let mut fans = Vec::new();
    let t = Instant::now();
    for k in 0..runs {
        // Hexes in open and in blocked country alike.
        let from = Coord(400 + 10 * k, 500 + 7 * k);
        fans.push(sight::compute(big.rules(), &terrain, &none, &index, from));
    }
    report(
        &format!("LOS fan, radius {SIGHT_RADIUS} (2,791 hexes)"),
        t.elapsed() / runs as u32,
        ms(5),
    );
    let open: usize = fans.iter().map(|f| f.visible.len()).sum();
    println!(
        "(field reached {reached} hexes; fans saw {:.0} hexes each on average)",
        open as f64 / fans.len() as f64
    );
}

fn main() {
    let ms = Duration::from_millis;
    // `cargo bench -p saber-editor --bench frame -- overlays` runs only the overlays' queries.
    if std::env::args().any(|a| a == "overlays") {
        movement_and_sight(&big_map());
        return;
    }
    let mut app = App::new(files::default_map(), None);
    let name = app.doc().map().name.clone();
    let t = per_frame(&mut app, |_| {});
    report(&format!("{name} map fitted, per frame"), t, ms(2));

    // The scenario builder: each historical scenario with its zones drawn on the Forces tab,
    // and the compiler's live check (inline below one frame, on the worker thread above).
    let mut worst_frame = (Duration::ZERO, "");
    let mut worst_check = (Duration::ZERO, "");
    for h in saber_editor::scenario::historical::HISTORICAL {
        let s = h.scenario().expect("parses");
        let mut app = App::for_document(saber_editor::document::Document::for_scenario(
            s.clone(),
            files::default_map(),
            None,
        ));
        app.check_inline();
        app.open_tab(saber_editor::scenario::panel::Tab::Sides);
        let t = per_frame(&mut app, |_| {});
        if t > worst_frame.0 {
            worst_frame = (t, h.file);
        }
        let map = std::sync::Arc::new(files::default_map());
        let mut checker = saber_editor::scenario::checker::Checker::default();
        checker.synchronous = true;
        let t = Instant::now();
        for rev in 0..10 {
            checker.update(rev, &s, &map);
        }
        let t = t.elapsed() / 10;
        if t > worst_check.0 {
            worst_check = (t, h.file);
        }
    }
    report(
        &format!("scenario open, zones drawn ({}), per frame", worst_frame.1),
        worst_frame.0,
        ms(16),
    );
    report(
        &format!("live check, slowest ({})", worst_check.1),
        worst_check.0,
        ms(16),
    );

    let big = big_map();
    movement_and_sight(&big);
    let mut app = App::new(big.clone(), None);
    let t = per_frame(&mut app, |a| a.look_at(egui::pos2(433.0, 500.0), ZOOM_100));
    report("1000 × 1000 map at 100 %, per frame", t, ms(8));

    let mut app = App::new(big.clone(), None);
    let t = per_frame(&mut app, |_| {});
    report("1000 × 1000 map fitted, per frame", t, ms(8));

    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("big.ron");
    let t = Instant::now();
    files::save_model(&big.to_file(), &path).expect("saved");
    report(
        "save the 1000 × 1000 map (RON, atomic)",
        t.elapsed(),
        ms(1000),
    );
    let bytes = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    let t = Instant::now();
    let loaded = saber_editor::games::read_any(&path).expect("read");
    report("open the 1000 × 1000 map", t.elapsed(), ms(1000));
    assert_eq!(loaded.map, big, "the map survives the round trip");
    // Where opening spends its time.
    let text = std::fs::read_to_string(&path).expect("read");
    let t = Instant::now();
    let file: saber_schema::model::map::MapFile = ron::from_str(&text).expect("parses");
    report("  of which: plain RON parse", t.elapsed(), ms(1000));
    let src = saber_schema::pipeline::read::Source::from_text(&path, text);
    let t = Instant::now();
    let _: saber_schema::model::map::MapFile =
        saber_schema::pipeline::parse::parse(&src).expect("parses");
    report(
        "  of which: compiler's parse (paths, limits)",
        t.elapsed(),
        ms(1000),
    );
    let t = Instant::now();
    let (map, _) = Map::from_file(&file);
    report("  of which: Map::from_file", t.elapsed(), ms(1000));
    let t = Instant::now();
    let _ = saber_schema::check::check_map(&map, map.rules());
    report("  of which: check_map", t.elapsed(), ms(1000));
    println!("(file size {:.1} MB)", bytes as f64 / 1e6);
}
