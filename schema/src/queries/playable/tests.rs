//! The searches of a group answer as its counters searched one by one would.

use super::*;
use crate::model::map::{Cell, Road, RoadKind, SideKey};
use proptest::prelude::*;

/// A random 8 × 6 map for the searches' property tests: each cell's terrain and slope drawn
/// (no slope on a river), ridges on drawn hexsides, and a minor road from 0103 along drawn
/// steps (it stops where it would turn back on itself). `check::playability`'s tests use it too.
pub(crate) fn random_map(cells: &[(u8, bool)], ridges: &[(u8, u8)], road: &[u8]) -> Map {
    let mut m = Map::blank("t", "T", 8, 6);
    for (i, (t, slope)) in cells.iter().enumerate() {
        let terrain = Terrain::ALL[*t as usize % Terrain::ALL.len()];
        m.cells[i] = Cell {
            terrain,
            slope: *slope && !terrain.is_river(),
        };
    }
    let g = m.grid;
    for (a, k) in ridges {
        let a = g.coord_at(*a as usize);
        if let Some(b) = g.neighbors(a).nth(*k as usize % 6) {
            m.ridges.insert(SideKey::new(a, b));
        }
    }
    let mut at = Coord(1, 3);
    let mut hexes = vec![at];
    for k in road {
        match g
            .neighbors(at)
            .nth(*k as usize % 6)
            .filter(|n| !hexes.contains(n))
        {
            Some(n) => {
                hexes.push(n);
                at = n;
            }
            None => break,
        }
    }
    m.roads.push(Road {
        name: None,
        kind: RoadKind::Minor,
        hexes,
    });
    m
}

/// The kinds of unit a group may hold here: foot, two mounted (4K), a gun.
const KINDS: [UnitKind; 4] = [UnitKind::MZ, UnitKind::MR, UnitKind::CY, UnitKind::LB];

/// A scenario on an 8 × 6 map: the reds' one group holds one unit of each of `group`,
/// deploys on `start` and must hold `target` by Game-Turn 3; each of `units` has its
/// allowance by special rule (none when 0); `crossing`, the MZ may cross rivers only there.
fn scenario(
    group: &[UnitKind],
    units: &[(UnitKind, u32)],
    start: Coord,
    target: Coord,
    crossing: Option<Coord>,
) -> Scenario {
    let list: Vec<String> = group.iter().map(|k| format!("{}: 1", k.code())).collect();
    let mut rules: Vec<String> = units
        .iter()
        .filter(|(_, ma)| *ma > 0)
        .map(|(k, ma)| {
            format!(
                r#"(printed: "M.", effect: Movement(side: "red", kinds: [{}], movement: {ma}))"#,
                k.code()
            )
        })
        .collect();
    if let Some(c) = crossing {
        rules.push(format!(
            r#"(printed: "C.", effect: RiverCrossing(side: "red", counters: [Unit(MZ)], at: Hexes([({}, {})])))"#,
            c.0, c.1
        ));
    }
    let text = format!(
        r#"(
    format: "saber-scenario/1", id: "t", name: "T", date: "1 June 1866", map: "t",
    sides: [
        (id: "red", name: "Reds", color: Red, groups: [(id: "a", units: {{{units}}}, entry: Deploy(zone: Hexes([({sc}, {sr})])))]),
        (id: "blue", name: "Blues", color: Blue, groups: [(id: "a", units: {{MZ: 1}}, entry: Deploy(zone: Everywhere))]),
    ],
    deploys_first: "blue", moves_first: "red", game_length: 3,
    victory: [(side: "red", goal: Hold(target: Hexes([({tc}, {tr})]), when: EndOfTurn(3)), printed: "Hold it.")],
    special_rules: [{rules}],
    notes: "",
)"#,
        units = list.join(", "),
        rules = rules.join(", "),
        sc = start.0,
        sr = start.1,
        tc = target.0,
        tr = target.1,
    );
    crate::pipeline::parse::ron_options()
        .from_str(&text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The red group's reach of its one target, under `readings`.
fn reach(s: &Scenario, m: &Map, readings: Readings) -> GroupReach {
    let (r, _) = crate::pipeline::zones::resolve(s, m, None);
    let p = playable_under(s, m, &r, m.rules(), &GivenAllowances::new(), readings);
    let (t, reaches) = p.targets.into_iter().next().expect("one target");
    assert_eq!(t.side, 0);
    reaches.into_iter().next().expect("one group")
}

/// Does an arrival come strictly before another (none never does)?
fn sooner(x: &Option<Arrival>, y: &Option<Arrival>) -> bool {
    let when = |a: &Option<Arrival>| a.as_ref().map(|a| (a.turn, a.phases));
    before(when(x), when(y))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]
    /// A group of several counters reaches its target as its counters do one at a time, the
    /// first to do best kept: the least cost and its path, the fastest arrival, the charge
    /// (4K) that beats its own counter's normal arrival and every charge before it, the
    /// counters of unknown allowance. Counters moving alike are worked out once; these may
    /// share a table, a crossing rule, an allowance, or differ in any of them.
    #[test]
    fn a_group_reaches_a_place_as_its_counters_one_by_one(
        cells in proptest::collection::vec((0u8..7, any::<bool>()), 48),
        ridges in proptest::collection::vec((0u8..48, 0u8..6), 0..12),
        road in proptest::collection::vec(0u8..6, 1..8),
        kinds in proptest::collection::vec((0usize..4, 0u32..8), 1..5),
        start in 0u8..48,
        target in 0u8..48,
        crossing in proptest::option::of(0u8..48),
        strict: bool,
    ) {
        let m = random_map(&cells, &ridges, &road);
        let g = m.grid;
        // One unit of each kind drawn (a group's units are a map: the first allowance drawn).
        let mut units: Vec<(UnitKind, u32)> = Vec::new();
        for (k, ma) in kinds {
            if !units.iter().any(|(u, _)| *u == KINDS[k]) {
                units.push((KINDS[k], ma));
            }
        }
        let (start, target) = (g.coord_at(start as usize), g.coord_at(target as usize));
        let crossing = crossing.map(|c| g.coord_at(c as usize));
        let readings = if strict { Readings::STRICT } else { Readings::LENIENT };
        let all: Vec<UnitKind> = units.iter().map(|(k, _)| *k).collect();
        let s = scenario(&all, &units, start, target, crossing);
        let whole = reach(&s, &m, readings);
        // Each counter alone, in the order the group's counters are searched.
        let mut want: Option<GroupReach> = None;
        for counter in movers(&s, 0, 0, &[]) {
            let Counter::Unit(k) = counter else { unreachable!("units only") };
            let one = reach(&scenario(&[k], &units, start, target, crossing), &m, readings);
            let Some(w) = &mut want else {
                want = Some(one);
                continue;
            };
            if let Some((cost, _)) = &one.least
                && w.least.as_ref().is_none_or(|(c, _)| cost < c)
            {
                w.least = one.least.clone();
            }
            if sooner(&one.fastest, &w.fastest) {
                w.fastest = one.fastest.clone();
            }
            // Alone, a charge is kept only when it beats its counter's normal arrival.
            if sooner(&one.charging, &w.charging) {
                w.charging = one.charging.clone();
            }
            w.unknown.extend(one.unknown.iter().copied());
            w.starts |= one.starts;
        }
        let want = want.expect("a unit");
        prop_assert_eq!(format!("{whole:?}"), format!("{want:?}"));
        // The searches a check judges by costs and turns alone walk back no path, and answer
        // as the searches with paths do in every other way.
        let (r, _) = crate::pipeline::zones::resolve(&s, &m, None);
        let ts = targets(&s, &r);
        let found = |paths| reaches_sharing_over(&ts, &s, &m, &r, m.rules(), readings, None, paths);
        let (with, without) = (found(true), found(false));
        let with: Vec<GroupReach> = with.reaches.into_iter().flatten().map(pathless).collect();
        let without: Vec<GroupReach> = without.reaches.into_iter().flatten().collect();
        prop_assert_eq!(format!("{with:?}"), format!("{without:?}"));
    }
}

/// A search's answer, to compare.
fn answer(p: &Playable) -> String {
    format!(
        "{:?} {:?}",
        p.incomplete,
        p.targets.iter().map(|t| &t.1).collect::<Vec<_>>()
    )
}

/// A field a file kept in the run's store, searched only as far as that file's places, is
/// searched again for a file that starts there and goes farther: each gets its own answer.
#[test]
fn a_field_kept_short_of_a_files_places_is_searched_again() {
    let m = Map::blank("t", "T", 8, 6);
    let units = [(UnitKind::MZ, 4)];
    let shared = SharedSearches::default();
    let (near, far) = (Coord(2, 1), Coord(8, 6));
    for target in [near, far, near, far] {
        let s = scenario(&[UnitKind::MZ], &units, Coord(1, 1), target, None);
        let (r, _) = crate::pipeline::zones::resolve(&s, &m, None);
        let given = GivenAllowances::new();
        let own = playable_under(&s, &m, &r, m.rules(), &given, Readings::LENIENT);
        let kept = playable_sharing(
            &s,
            &m,
            &r,
            m.rules(),
            &given,
            Readings::LENIENT,
            Some(&shared),
        );
        assert_eq!(answer(&kept), answer(&own), "{target:?}");
        assert!(own.targets[0].1[0].least.is_some());
    }
}

/// `g` with its paths left out.
fn pathless(mut g: GroupReach) -> GroupReach {
    if let Some(least) = &mut g.least {
        least.1.clear();
    }
    for a in [&mut g.fastest, &mut g.charging].into_iter().flatten() {
        a.path.clear();
    }
    g
}
