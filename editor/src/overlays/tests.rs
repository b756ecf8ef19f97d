//! Headless tests of the analysis overlays (egui_kittest): each is toggled by its key and from
//! the Analysis menu, and what it draws is the library's answer for the same question.

use std::collections::{BTreeSet, HashMap};

use egui::{Event, Key, Pos2, Shape};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use saber_schema::model::counter::Counter;
use saber_schema::model::hex::Coord;
use saber_schema::queries::effective_terrain::{Cleared, EffectiveTerrain};
use saber_schema::queries::movement::{Movement, Mp};
use saber_schema::queries::playable;
use saber_schema::queries::reach::CostTable;
use saber_schema::queries::sight::{self, SIGHT_RADIUS, line_of_sight};
use saber_schema::ruleset::UnitKind;

use crate::app::App;
use crate::canvas::{Layout, cell_color};
use crate::document::Document;
use crate::files;
use crate::overlays::Overlays;
use crate::overlays::movement::Start;
use crate::scenario::historical::HISTORICAL;
use crate::ui_tests::{click, harness, hex_center};

/// The editor on a historical scenario, checked inline.
fn on_scenario(file: &str) -> Harness<'static, App> {
    let h = HISTORICAL
        .iter()
        .find(|h| h.file == file)
        .expect("a historical scenario");
    let s = h.scenario().expect("parses");
    let mut app = App::for_document(Document::for_scenario(s, files::default_map(), None));
    app.check_inline();
    let mut h = harness(app);
    for _ in 0..4 {
        h.run();
    }
    h
}

const GETTYSBURG: &str = "07-gettysburg-little-round-top.ron";

fn press(h: &mut Harness<'static, App>, key: Key) {
    h.key_press(key);
    h.run();
}

fn hover(h: &mut Harness<'static, App>, c: Coord) {
    let p = hex_center(h, c);
    h.event(Event::PointerMoved(p));
    h.run();
    h.run();
}

fn click_hex(h: &mut Harness<'static, App>, c: Coord) {
    let p = hex_center(h, c);
    click(h, p);
}

fn menu(h: &mut Harness<'static, App>, item: &str) {
    h.get_by_label("Analysis").click();
    h.run();
    h.get_by_label(item).click();
    h.run();
    // Close the menu.
    h.key_press(Key::Escape);
    h.run();
}

#[test]
fn each_overlay_toggles_by_its_key_and_from_the_analysis_menu() {
    let mut h = on_scenario(GETTYSBURG);
    fn movement(o: &Overlays) -> bool {
        o.movement
    }
    fn sight(o: &Overlays) -> bool {
        o.sight
    }
    fn as_played(o: &Overlays) -> bool {
        o.as_played
    }
    type Case = (Key, &'static str, fn(&Overlays) -> bool);
    let cases: [Case; 3] = [
        (Key::F5, "Movement (F5)", movement),
        (Key::F6, "Line of sight (F6)", sight),
        (Key::F7, "Terrain as played (F7)", as_played),
    ];
    for (key, item, on) in cases {
        assert!(!on(h.state().overlays()), "{item} starts off");
        press(&mut h, key);
        assert!(on(h.state().overlays()), "{key:?} turns {item} on");
        press(&mut h, key);
        assert!(!on(h.state().overlays()), "{key:?} turns {item} off");
        menu(&mut h, item);
        assert!(on(h.state().overlays()), "the menu turns {item} on");
        menu(&mut h, item);
        assert!(!on(h.state().overlays()), "the menu turns {item} off");
    }
}

/// The fewest Movement Phases of group `(side, group)` of the open scenario at `ma`, from
/// the library directly: how many hexes are reached.
fn library_reach(
    app: &App,
    side: usize,
    group: usize,
    counter: Counter,
    ma: u32,
) -> Vec<(Coord, u32)> {
    let doc = app.doc();
    let s = doc.scenario().expect("a scenario");
    let map = doc.map();
    let r = &app.builder().checker.resolved;
    let cleared = Cleared::of(s, map, r);
    let terrain = EffectiveTerrain::for_scenario(map, &cleared);
    let banned = playable::prohibited(s, map, r, &terrain, side, counter);
    let mv = Movement::over(terrain, s.rules()).with_prohibited(&banned);
    let table = CostTable::new(&mv);
    let starts = playable::group_starts(&table, &mv, &r.groups[side][group].hexes, false);
    let pf = table.phases(&starts, Mp::whole(ma));
    map.grid
        .coords()
        .filter_map(|c| pf.phases(c).map(|k| (c, k)))
        .collect()
}

#[test]
fn the_movement_bands_are_the_library_reach_of_the_group() {
    let mut h = on_scenario(GETTYSBURG);
    press(&mut h, Key::F5);
    // No allowance is printed: nothing is banded until one is typed.
    assert!(h.state().overlays().drawn.bands.is_empty());
    h.get_by_label_contains("The rules print no Movement Allowance");
    h.state_mut()
        .overlays_mut()
        .choice
        .typed
        .insert(UnitKind::MZ, 4);
    h.run();
    h.run();
    let o = h.state().overlays();
    assert_eq!(o.choice.start, Start::Group { side: 0, group: 0 });
    let s = h.state().doc().scenario().expect("scenario");
    let counter = playable::movers(s, 0, 0, &[])[0];
    assert_eq!(counter, Counter::Unit(UnitKind::MZ));
    let want = library_reach(h.state(), 0, 0, counter, 4);
    let mut got = o.drawn.bands.clone();
    got.sort();
    let mut want_sorted = want.clone();
    want_sorted.sort();
    assert!(want.len() > 100, "the group gets somewhere: {}", want.len());
    assert_eq!(
        got.len(),
        want.len(),
        "as many banded hexes as the library reaches"
    );
    assert_eq!(
        got, want_sorted,
        "each hex in the band of its Movement Phase"
    );
    // Several bands: 1, 2, 3… phases.
    let bands: BTreeSet<u32> = got.iter().map(|(_, k)| *k).collect();
    assert!(bands.len() >= 4, "{bands:?}");

    // The best path to the hex pointed at, with its cost and phases.
    let far = got
        .iter()
        .find(|(_, k)| *k == 3)
        .expect("a hex three phases away")
        .0;
    hover(&mut h, far);
    let (path, label) = h
        .state()
        .overlays()
        .drawn
        .path
        .clone()
        .expect("a path drawn");
    assert_eq!(path.last(), Some(&far));
    let grid = h.state().doc().map().grid;
    assert!(
        label.starts_with(&format!("{}: ", grid.label(far))),
        "{label}"
    );
    assert!(label.ends_with("3 phases"), "{label}");
    // A click keeps it while the pointer moves on; Esc lets it go.
    click_hex(&mut h, far);
    hover(&mut h, path[0]);
    assert_eq!(
        h.state()
            .overlays()
            .drawn
            .path
            .as_ref()
            .and_then(|p| p.0.last().copied()),
        Some(far)
    );
    press(&mut h, Key::Escape);
    hover(&mut h, path[1]);
    assert_eq!(
        h.state()
            .overlays()
            .drawn
            .path
            .as_ref()
            .and_then(|p| p.0.last().copied()),
        Some(path[1])
    );
}

/// What the library says hex `from` sees on the open scenario's terrain as played.
fn library_fan(app: &App, from: Coord) -> Vec<Coord> {
    let doc = app.doc();
    let s = doc.scenario().expect("a scenario");
    let map = doc.map();
    let cleared = Cleared::of(s, map, &app.builder().checker.resolved);
    let terrain = EffectiveTerrain::for_scenario(map, &cleared);
    let occupied = sight::occupied(s, map.grid);
    let mut out: Vec<Coord> = map
        .grid
        .coords()
        .filter(|c| map.grid.distance(*c, from) <= SIGHT_RADIUS)
        .filter(|c| line_of_sight(s.rules(), &terrain, &occupied, from, *c).is_open())
        .collect();
    out.sort();
    out
}

#[test]
fn the_sight_fan_is_line_of_sight_and_a_click_pins_it() {
    let mut h = on_scenario(GETTYSBURG);
    press(&mut h, Key::F6);
    let a = Coord(20, 12);
    hover(&mut h, a);
    let crate::overlays::DrawnFan {
        from,
        mut seen,
        blocking,
        ridges,
    } = h.state().overlays().drawn.fan.clone().expect("a fan drawn");
    assert_eq!(from, a);
    seen.sort();
    let want = library_fan(h.state(), a);
    assert_eq!(seen, want, "the tinted hexes are those in line of sight");
    assert!(want.len() > 10 && want.len() < 2000, "{}", want.len());
    assert!(
        !blocking.is_empty() || !ridges.is_empty(),
        "something blocks a line from {a:?}"
    );
    // A click pins the fan; the pointer moving on leaves it.
    click_hex(&mut h, a);
    let b = Coord(30, 20);
    hover(&mut h, b);
    assert_eq!(
        h.state().overlays().drawn.fan.as_ref().map(|f| f.from),
        Some(a)
    );
    // A click elsewhere moves the pin.
    click_hex(&mut h, b);
    hover(&mut h, Coord(5, 5));
    let fan = h.state().overlays().drawn.fan.clone().expect("a fan");
    assert_eq!(fan.from, b);
    let mut seen = fan.seen;
    seen.sort();
    assert_eq!(seen, library_fan(h.state(), b));
    // Esc unpins: the fan follows the pointer again.
    press(&mut h, Key::Escape);
    hover(&mut h, Coord(6, 6));
    assert_eq!(
        h.state().overlays().drawn.fan.as_ref().map(|f| f.from),
        Some(Coord(6, 6))
    );
    // The map is not painted on while the overlay takes the clicks.
    assert!(!h.state().doc().is_dirty());
}

/// The fill painted for every hex: the colour of the canvas mesh's vertex at the hex's first
/// corner (drawn inset by the grid gap, as `canvas::paint` draws it).
fn painted_fills(h: &Harness<'static, App>) -> HashMap<Coord, egui::Color32> {
    let app = h.state();
    let layout = Layout::new(app.doc().map().grid);
    let zoom = app.zoom();
    let gap = (1.5 / (zoom * 0.577)).min(0.12);
    let mut vertices: HashMap<(i64, i64), egui::Color32> = HashMap::new();
    fn walk(s: &Shape, f: &mut dyn FnMut(&egui::epaint::Mesh)) {
        match s {
            Shape::Mesh(m) => f(m),
            Shape::Vec(v) => v.iter().for_each(|s| walk(s, f)),
            _ => {}
        }
    }
    let mut first = true;
    for clipped in &h.output().shapes {
        walk(&clipped.shape, &mut |m| {
            // The first mesh is the map's hexes; tints come after it.
            if first && m.vertices.len() > 1000 {
                first = false;
                for v in &m.vertices {
                    let key = (
                        (v.pos.x * 8.0).round() as i64,
                        (v.pos.y * 8.0).round() as i64,
                    );
                    vertices.entry(key).or_insert(v.color);
                }
            }
        });
    }
    let mut out = HashMap::new();
    for c in app.doc().map().grid.coords() {
        let centre = layout.center(c);
        let corner = layout.corners(c)[0];
        let world = centre + (corner - centre) * (1.0 - gap);
        let p: Pos2 = app.screen_pos(world);
        let key = ((p.x * 8.0).round() as i64, (p.y * 8.0).round() as i64);
        let found = (-1..=1)
            .flat_map(|dx| (-1..=1).map(move |dy| (key.0 + dx, key.1 + dy)))
            .find_map(|k| vertices.get(&k).copied());
        if let Some(color) = found {
            out.insert(c, color);
        }
    }
    out
}

#[test]
fn terrain_as_played_differs_from_the_map_exactly_where_effective_terrain_says() {
    let mut h = on_scenario(GETTYSBURG);
    let printed = painted_fills(&h);
    let n = h.state().doc().map().grid.len();
    assert_eq!(printed.len(), n, "every hex's fill is found");
    press(&mut h, Key::F7);
    h.run();
    assert!(h.state().overlays().drawn.as_played);
    let played = painted_fills(&h);
    assert_eq!(played.len(), n);
    let changed: BTreeSet<Coord> = printed
        .iter()
        .filter(|(c, col)| played.get(c) != Some(col))
        .map(|(c, _)| *c)
        .collect();
    let app = h.state();
    let doc = app.doc();
    let map = doc.map();
    let s = doc.scenario().expect("scenario");
    let cleared = Cleared::of(s, map, &app.builder().checker.resolved);
    let terrain = EffectiveTerrain::for_scenario(map, &cleared);
    let want: BTreeSet<Coord> = map
        .grid
        .coords()
        .filter(|c| terrain.cell(*c).map(cell_color) != map.cell(*c).map(cell_color))
        .collect();
    assert!(
        want.len() > 5,
        "11.7 clears R3, H27 and more: {}",
        want.len()
    );
    assert_eq!(changed, want);
    // The status bar describes the hex as drawn: a river hex of R3 is clear as played.
    let river = *want
        .iter()
        .find(|c| {
            map.cell(**c)
                .is_some_and(|x| x.terrain == saber_schema::ruleset::Terrain::River)
        })
        .expect("R3 has river hexes");
    let label = format!("{} · ", map.grid.label(river));
    hover(&mut h, river);
    let status = crate::ui_tests::painted_texts(&h)
        .into_iter()
        .find(|t| t.starts_with(&label))
        .expect("the status bar describes the hex");
    assert!(
        status.contains("clear") && !status.contains("river"),
        "{status}"
    );
}

/// On a map there is nothing to play (the map stays as printed); the fan is the map's, and the
/// movement starts from a clicked hex.
#[test]
fn a_map_has_no_terrain_as_played_and_its_overlays_use_the_map_as_printed() {
    let mut h = harness(App::new(files::default_map(), None));
    h.run();
    press(&mut h, Key::F7);
    assert!(!h.state().overlays().drawn.as_played);
    press(&mut h, Key::F6);
    let a = Coord(10, 10);
    hover(&mut h, a);
    let map = h.state().doc().map().clone();
    let mut seen = h.state().overlays().drawn.fan.clone().expect("a fan").seen;
    seen.sort();
    assert_eq!(seen, seen_by_the_rules(&map, a));
    // The movement overlay starts from a clicked hex.
    press(&mut h, Key::F6);
    press(&mut h, Key::F5);
    click_hex(&mut h, a);
    assert_eq!(h.state().overlays().choice.start, Start::Hex(Some(a)));
    assert!(!h.state().doc().is_dirty(), "the click did not paint");
    // Nor does a right click (the brush's clear paint) on a hex that is not clear.
    let woods = map
        .grid
        .coords()
        .find(|c| {
            map.cell(*c)
                .is_some_and(|x| x.terrain != saber_schema::ruleset::Terrain::Clear)
        })
        .expect("the map has other terrain than clear");
    let p = hex_center(&h, woods);
    crate::ui_tests::drag(&mut h, &[p], egui::PointerButton::Secondary);
    assert!(!h.state().doc().is_dirty(), "the right click did not paint");
}

/// Zoomed out on a large map, the bands are one texture: a coloured texel for every hex the
/// library's phase field reaches.
#[test]
fn a_zoomed_out_map_gets_its_bands_as_one_texel_a_hex() {
    let mut map = saber_schema::model::map::Map::blank("big", "Big", 400, 300);
    // A river across part of the map: at an allowance of 2 its hexes (3 MP) are never
    // entered (4H), the rest is reached round it.
    for r in 1..=200 {
        map.set_cell(
            Coord(150, r),
            saber_schema::model::map::Cell {
                terrain: saber_schema::ruleset::Terrain::River,
                slope: false,
            },
        );
    }
    let mut h = harness(App::new(map.clone(), None));
    h.run();
    assert!(h.state().zoom() < crate::canvas::TEXTURE_BELOW);
    press(&mut h, Key::F5);
    let start = Coord(100, 100);
    h.state_mut().overlays_mut().choice.start = Start::Hex(Some(start));
    h.state_mut()
        .overlays_mut()
        .choice
        .typed
        .insert(UnitKind::MZ, 2);
    h.run();
    h.run();
    let mv = Movement::new(&map, map.rules());
    let table = CostTable::new(&mv);
    let pf = table.phases(&[(start, Mp::ZERO)], Mp::whole(2));
    let want = map
        .grid
        .coords()
        .filter(|c| pf.phases(*c).is_some())
        .count();
    assert_eq!(want, map.grid.len() - 200, "all but the river");
    assert_eq!(h.state().overlays().drawn.band_texels, Some(want));
    assert!(
        h.state().overlays().drawn.bands.is_empty(),
        "no hex drawn one by one"
    );
}

/// A Musket & Saber document (the invented example) takes the overlays without harm: the
/// sight fan is its map's line of sight under its ruleset, and nothing is painted.
#[test]
fn a_musket_and_saber_scenario_takes_the_overlays() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../scenarios/examples/musket-and-saber/millbrook.ron");
    let mut h = harness(App::new(files::default_map(), None));
    h.run();
    h.state_mut().request(crate::app::Action::Open(Some(path)));
    for _ in 0..3 {
        h.run();
    }
    assert!(h.state().error().is_none(), "{:?}", h.state().error());
    press(&mut h, Key::F5);
    press(&mut h, Key::F6);
    press(&mut h, Key::F7);
    let a = Coord(5, 5);
    hover(&mut h, a);
    click_hex(&mut h, a);
    hover(&mut h, Coord(8, 6));
    let map = h.state().doc().map().clone();
    let fan = h.state().overlays().drawn.fan.clone().expect("a fan");
    assert_eq!(fan.from, a);
    let mut seen = fan.seen;
    seen.sort();
    assert_eq!(seen, seen_by_the_rules(&map, a));
    // By 8.2, worked by hand on the map file: 0505 sees none of 0501-0503 behind the woods of
    // 0504, nor 0402 behind the woods of 0403; it sees 0403 and 0603, whose lines run along a
    // hexside of 0504 (woods) with a clear hex on its other side, and 0504 itself (a target's
    // terrain never blocks). The all-clear stand-in saw them all.
    for behind in [Coord(5, 1), Coord(5, 2), Coord(5, 3), Coord(4, 2)] {
        assert!(!seen.contains(&behind), "{behind:?} is behind the woods");
    }
    for open in [Coord(4, 3), Coord(6, 3), Coord(5, 4)] {
        assert!(seen.contains(&open), "{open:?} is in sight by 8.2");
    }
    assert!(fan.blocking.contains(&Coord(5, 4)));
    assert!(!h.state().overlays().drawn.as_played);
    assert!(!h.state().doc().is_dirty());
}

/// The movement overlay on a Musket & Saber map moves a class of its own chart (4.3): from
/// 0505, infantry pays 2 MP into the woods of 0504 and cavalry 3; artillery may not enter it;
/// the path's cost is the library's, and a typed allowance gives the phases (4.3: always one
/// hex).
#[test]
fn a_musket_and_saber_map_moves_by_its_chart_s_classes() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../scenarios/examples/musket-and-saber/maps/millbrook-invented.ron");
    let mut h = harness(App::new(files::default_map(), None));
    h.run();
    h.state_mut().request(crate::app::Action::Open(Some(path)));
    for _ in 0..3 {
        h.run();
    }
    assert!(h.state().error().is_none(), "{:?}", h.state().error());
    press(&mut h, Key::F5);
    let (start, woods) = (Coord(5, 5), Coord(5, 4));
    click_hex(&mut h, start);
    hover(&mut h, woods);
    let drawn = |h: &Harness<'static, App>| h.state().overlays().drawn.path.clone();
    let (p, label) = drawn(&h).expect("a path drawn for infantry");
    assert_eq!(p, vec![start, woods]);
    assert!(label.ends_with(": 2 MP"), "{label}");
    let map = h.state().doc().map().clone();
    let library = Movement::new(&map, map.rules()).with_class(1);
    assert_eq!(library.entry_cost(start, woods), Some(Mp::whole(3)));
    h.state_mut().overlays_mut().choice.class = 1;
    hover(&mut h, Coord(5, 6));
    hover(&mut h, woods);
    let (_, label) = drawn(&h).expect("a path drawn for cavalry");
    assert!(label.ends_with(": 3 MP"), "{label}");
    h.state_mut().overlays_mut().choice.class = 2;
    hover(&mut h, Coord(5, 6));
    hover(&mut h, woods);
    assert_eq!(drawn(&h), None, "woods are prohibited to artillery");
    // Artillery with 1 MP typed enters the hill 0705 (3 MP) in one phase from 0704 (4.3).
    h.state_mut().overlays_mut().choice.class_typed.insert(2, 1);
    click_hex(&mut h, Coord(7, 4));
    hover(&mut h, Coord(7, 5));
    let (_, label) = drawn(&h).expect("a path drawn to the hill");
    assert!(label.ends_with(": 3 MP, 1 phase"), "{label}");
    assert!(!h.state().doc().is_dirty());
}

/// Every hex within `SIGHT_RADIUS` of `a` that `a` sees by the library's rule, sorted: what a
/// fan must hold.
fn seen_by_the_rules(map: &saber_schema::model::map::Map, a: Coord) -> Vec<Coord> {
    let mut want: Vec<Coord> = map
        .grid
        .coords()
        .filter(|c| map.grid.distance(*c, a) <= SIGHT_RADIUS)
        .filter(|c| saber_schema::queries::sight::can_see(map, map.rules(), a, *c))
        .collect();
    want.sort();
    want
}

/// The three overlays on the invented Musket & Saber example agree with `saberc analyze` of it
/// (the library's analysis, which `saberc analyze` prints): the terrain as played is the map
/// as printed, as the analysis clears nothing; from the first hex of each path the analysis
/// gives a set-up line, the movement overlay of the same chart class prices the path's last hex
/// at the analysis's least cost, and with the counter's allowance typed reaches it in the
/// analysis's phases (a path of fewest phases may cost more: the overlay then prices that
/// path); it draws none where the analysis finds no path; and a hex's sight fan holds a hex of a place to hold exactly when the analysis
/// lists it among the hexes that see the place (8.2), for every hex of the map.
#[test]
fn the_overlays_on_the_musket_and_saber_example_agree_with_analyze() {
    use saber_schema::analysis::musket_and_saber::analyse;
    use saber_schema::pipeline::maps::MapRegistry;
    use saber_schema::pipeline::musket_and_saber::compile_scenario;
    use saber_schema::pipeline::read::Source;

    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../scenarios/examples/musket-and-saber/millbrook.ron");
    let src = Source::read(&path).expect("the example reads");
    let (c, diags) = compile_scenario(&src, &MapRegistry::new());
    let c = c.unwrap_or_else(|| panic!("compiles: {diags:?}"));
    let report = analyse(&c.scenario, &c.map, &c.map.lower());

    let mut h = harness(App::new(files::default_map(), None));
    h.run();
    h.state_mut().request(crate::app::Action::Open(Some(path)));
    for _ in 0..3 {
        h.run();
    }
    assert!(h.state().error().is_none(), "{:?}", h.state().error());
    let map = h.state().doc().map().clone();
    let grid = map.grid;
    let hex = |label: &str| grid.parse_label(label).expect("a label of the map");

    // F7: nothing cleared, in the analysis and on the canvas.
    let printed = painted_fills(&h);
    assert!(!printed.is_empty());
    press(&mut h, Key::F7);
    assert!(h.state().overlays().as_played);
    assert_eq!(painted_fills(&h), printed);
    assert!(report.terrain_as_played.cleared.is_empty());
    assert!(report.terrain_as_played.cover_cleared.is_empty());
    press(&mut h, Key::F7);

    // F5: each set-up line's path, from its first hex, by its class at its counter's MA.
    press(&mut h, Key::F5);
    let chart = map.chart.clone().expect("the map's own chart");
    let mut compared = 0;
    for side in &report.sides {
        for t in &side.targets {
            for g in t.groups.iter().filter(|g| g.group.starts_with("set-up")) {
                let class = chart
                    .class(g.class.as_deref().expect("a class"))
                    .expect("a class of the chart");
                let o = h.state_mut().overlays_mut();
                o.choice.class = class;
                o.choice.target = None;
                // No path (the artillery to the wooded hill): checked below.
                let Some(cost) = &g.least_cost else {
                    continue;
                };
                let arrival = g.arrival.as_ref().expect("the counters print their MA");
                o.choice.class_typed.clear();
                let (first, last) = (hex(&g.path[0]), hex(g.path.last().unwrap()));
                click_hex(&mut h, first);
                hover(&mut h, last);
                // No allowance typed: the least cost, as the analysis's.
                let drawn = |h: &Harness<'static, App>| {
                    h.state()
                        .overlays()
                        .drawn
                        .path
                        .clone()
                        .expect("a path drawn")
                };
                let (path, label) = drawn(&h);
                assert_eq!((path.first(), path.last()), (Some(&first), Some(&last)));
                assert!(
                    label.ends_with(&format!(": {}", cost.text)),
                    "{}: {label} against {}",
                    g.group,
                    cost.text
                );
                // The counter's allowance typed: the fewest phases, as the analysis's.
                let o = h.state_mut().overlays_mut();
                o.choice.class_typed.insert(class, arrival.allowance);
                hover(&mut h, first);
                hover(&mut h, last);
                let (_, label) = drawn(&h);
                let phases = arrival.phases;
                let want = format!(", {phases} phase{}", if phases == 1 { "" } else { "s" });
                assert!(
                    label.ends_with(&want),
                    "{}: {label} against {want}",
                    g.group
                );
                let band = h
                    .state()
                    .overlays()
                    .drawn
                    .bands
                    .iter()
                    .find(|b| b.0 == last);
                assert_eq!(band.map(|b| b.1), Some(phases));
                compared += 1;
            }
        }
    }
    assert!(compared >= 3, "{compared}");
    // The North's artillery has no path to the wooded hill (woods are prohibited to it): from
    // its set-up hex, the overlay draws none either.
    let north = &report.sides[0].targets[0];
    let art = north
        .by_class
        .as_ref()
        .and_then(|b| b.iter().find(|c| c.class == "artillery"))
        .expect("artillery");
    assert!(art.least_cost.is_none());
    h.state_mut().overlays_mut().choice.class = chart.class("artillery").unwrap();
    click_hex(&mut h, hex("0605"));
    hover(&mut h, hex("0706"));
    assert_eq!(h.state().overlays().drawn.path, None);

    // F6: every hex's fan against the analysis's hexes in sight of each place.
    press(&mut h, Key::F5);
    press(&mut h, Key::F6);
    let places: Vec<(Vec<Coord>, Vec<Coord>)> = c
        .scenario
        .victory
        .iter()
        .zip(&report.objectives_in_sight)
        .map(|(v, ob)| {
            let mut target = Vec::new();
            v.goal.visit(&mut |g| {
                if let saber_schema::model::victory::Goal::Hold {
                    target: saber_schema::model::zone::Zone::Hexes(hs),
                    ..
                } = g
                {
                    target.extend(hs.iter().copied());
                }
            });
            let seen = ob.hexes.as_ref().expect("the hexes").iter().map(|l| hex(l));
            (target, seen.collect())
        })
        .collect();
    assert_eq!(places.len(), 2);
    for from in grid.coords() {
        hover(&mut h, from);
        let fan = h.state().overlays().drawn.fan.clone().expect("a fan");
        assert_eq!(fan.from, from);
        for (target, seen) in &places {
            if target.contains(&from) {
                continue;
            }
            let sees = target.iter().any(|t| fan.seen.contains(t));
            assert_eq!(
                sees,
                seen.contains(&from),
                "{} and {target:?}",
                grid.label(from)
            );
        }
    }
    assert!(!h.state().doc().is_dirty());
}
