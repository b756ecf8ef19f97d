//! Property tests: coordinate round trips (offset ↔ axial ↔ label) and the zone algebra
//! (union, intersection and difference laws; "within N" grows with N).

use proptest::prelude::*;
use saber_schema::model::hex::{Coord, Grid, Orientation, Parity};
use saber_schema::model::hex_set::HexSet;
use saber_schema::model::map::{Feature, Map};
use saber_schema::model::zone::Zone;
use saber_schema::pipeline::zones::compiler::{ZoneCompiler, ZoneEnv};

fn grid(w: u32, h: u32, pointy: bool, odd: bool) -> Grid {
    Grid {
        width: w,
        height: h,
        orientation: if pointy {
            Orientation::Pointy
        } else {
            Orientation::Flat
        },
        parity: if odd {
            Parity::OddShoved
        } else {
            Parity::EvenShoved
        },
        numbering: Default::default(),
    }
}

proptest! {
    #[test]
    fn offset_axial_label_round_trip(w in 1u32..=1000, h in 1u32..=1000, pointy: bool, odd: bool, c in 1i32..=1000, r in 1i32..=1000) {
        let g = grid(w, h, pointy, odd);
        let coord = Coord(c.min(w as i32), r.min(h as i32));
        prop_assert_eq!(g.to_coord(g.to_hex(coord)), coord);
        prop_assert_eq!(g.parse_label(&g.label(coord)).unwrap(), coord);
        prop_assert!(g.neighbors(coord).all(|n| g.distance(coord, n) == 1));
    }
}

fn test_map() -> Map {
    let mut m = Map::blank("p", "Property map", 16, 12);
    let spots = [(3, 3), (12, 2), (8, 7), (2, 10), (14, 10)];
    for (i, (c, r)) in spots.iter().enumerate() {
        m.features.push(Feature {
            code: format!("V{}", i + 1),
            name: None,
            hexes: vec![Coord(*c, *r), Coord(*c + 1, *r)],
            label: None,
        });
    }
    m
}

fn leaf() -> impl Strategy<Value = Zone> {
    prop_oneof![
        (1usize..=5).prop_map(|i| Zone::Feature(format!("V{i}"))),
        (0u32..6, 1usize..=5).prop_map(|(d, i)| Zone::Within {
            distance: d,
            of: Box::new(Zone::Feature(format!("V{i}")))
        }),
        (1u32..8, 1usize..=5).prop_map(|(d, i)| Zone::AtLeast {
            distance: d,
            from: Box::new(Zone::Feature(format!("V{i}")))
        }),
        Just(Zone::Edge(saber_schema::model::hex::Edge::North)),
    ]
}

fn compile(m: &Map, z: &Zone) -> HexSet {
    let mut zc = ZoneCompiler::new(m, ZoneEnv::default());
    let s = zc.compile(z, &[]);
    assert!(zc.diagnostics.is_empty(), "{:?}", zc.diagnostics);
    s
}

proptest! {
    #[test]
    fn zone_algebra_laws(a in leaf(), b in leaf(), c in leaf()) {
        let m = test_map();
        let (sa, sb, sc) = (compile(&m, &a), compile(&m, &b), compile(&m, &c));
        let u = compile(&m, &Zone::Union(vec![a.clone(), b.clone()]));
        let i = compile(&m, &Zone::Intersection(vec![a.clone(), b.clone()]));
        let d = compile(&m, &Zone::Difference(Box::new(a.clone()), Box::new(b.clone())));
        // Commutativity.
        prop_assert_eq!(&u, &compile(&m, &Zone::Union(vec![b.clone(), a.clone()])));
        prop_assert_eq!(&i, &compile(&m, &Zone::Intersection(vec![b.clone(), a.clone()])));
        // Membership.
        for coord in m.grid.coords() {
            prop_assert_eq!(u.contains(coord), sa.contains(coord) || sb.contains(coord));
            prop_assert_eq!(i.contains(coord), sa.contains(coord) && sb.contains(coord));
            prop_assert_eq!(d.contains(coord), sa.contains(coord) && !sb.contains(coord));
        }
        // Distributivity: a ∩ (b ∪ c) = (a ∩ b) ∪ (a ∩ c).
        let left = compile(&m, &Zone::Intersection(vec![a.clone(), Zone::Union(vec![b.clone(), c.clone()])]));
        let right = compile(&m, &Zone::Union(vec![
            Zone::Intersection(vec![a.clone(), b.clone()]),
            Zone::Intersection(vec![a.clone(), c.clone()]),
        ]));
        prop_assert_eq!(left, right);
        // (a \ b) ∪ (a ∩ b) = a.
        let mut back = d.clone();
        back.union_with(&i);
        prop_assert_eq!(back, sa);
        let _ = sc;
    }

    #[test]
    fn within_grows_with_distance(n in 0u32..10, extra in 0u32..5, i in 1usize..=5) {
        let m = test_map();
        let of = Box::new(Zone::Feature(format!("V{i}")));
        let small = compile(&m, &Zone::Within { distance: n, of: of.clone() });
        let large = compile(&m, &Zone::Within { distance: n + extra, of });
        prop_assert!(small.is_subset(&large));
    }

    #[test]
    fn at_least_is_the_complement_of_within(n in 1u32..10, i in 1usize..=5) {
        let m = test_map();
        let of = Box::new(Zone::Feature(format!("V{i}")));
        let near = compile(&m, &Zone::Within { distance: n - 1, of: of.clone() });
        let far = compile(&m, &Zone::AtLeast { distance: n, from: of });
        prop_assert!(!near.intersects(&far));
        prop_assert_eq!(near.len() + far.len(), m.grid.len());
    }
}
