use super::*;

fn grid() -> Grid {
    Grid {
        width: 45,
        height: 33,
        orientation: Orientation::Flat,
        parity: Parity::EvenShoved,
        numbering: Default::default(),
    }
}

#[test]
fn neighbour_indices_agree_with_hexx() {
    for orientation in [Orientation::Flat, Orientation::Pointy] {
        for parity in [Parity::EvenShoved, Parity::OddShoved] {
            let g = Grid {
                width: 7,
                height: 6,
                orientation,
                parity,
                numbering: Default::default(),
            };
            for i in 0..g.len() {
                let mut fast: Vec<usize> = g.neighbor_indices(i).collect();
                let mut slow: Vec<usize> = g
                    .neighbors(g.coord_at(i))
                    .map(|n| g.index(n).unwrap())
                    .collect();
                fast.sort();
                slow.sort();
                assert_eq!(fast, slow, "{orientation:?} {parity:?} hex {i}");
            }
        }
    }
}

#[test]
fn labels_are_ccrr() {
    assert_eq!(grid().label(Coord(4, 12)), "0412");
    assert_eq!(parse_label("0412"), Ok(Coord(4, 12)));
    assert!(parse_label("412").is_err());
    let big = Grid {
        width: 1000,
        height: 1000,
        ..grid()
    };
    assert_eq!(big.label(Coord(7, 1000)), "0007.1000");
    // The undotted form printed before still reads.
    assert_eq!(big.parse_label("00071000"), Ok(Coord(7, 1000)));
    assert_eq!(parse_label("0007.1000"), Ok(Coord(7, 1000)));
    // The label width grows with each side of the map on its own, and a wide map's label
    // has a dot between its parts, as files write it.
    let wide = Grid {
        width: 110,
        height: 33,
        ..grid()
    };
    assert_eq!(wide.label(Coord(110, 5)), "110.05");
    assert_eq!(wide.label(Coord(7, 5)), "007.05");
    assert_eq!(wide.parse_label("110.05"), Ok(Coord(110, 5)));
    // The undotted form printed before still reads.
    assert_eq!(wide.parse_label("11005"), Ok(Coord(110, 5)));
    assert_eq!(wide.parse_label("0412"), Ok(Coord(4, 12)));
}

/// Every label saberc prints is read back by a file's hex (`Coord`'s deserializer, and so
/// the schema's `LABEL_PATTERN`) as the same hex: one spelling both ways.
#[test]
fn printed_labels_read_back_as_hexes() {
    for (width, height) in [(47, 33), (99, 99), (110, 33), (33, 110), (1000, 1000)] {
        let g = Grid {
            width,
            height,
            ..grid()
        };
        for c in [Coord(1, 1), Coord(width as i32, height as i32), Coord(7, 5)] {
            let label = g.label(c);
            let read: Coord = serde_json::from_value(serde_json::Value::String(label.clone()))
                .unwrap_or_else(|e| panic!("{width}x{height}: `{label}`: {e}"));
            assert_eq!(read, c, "{width}x{height}: `{label}`");
        }
    }
}

#[test]
fn printed_hexes_are_written_as_their_labels_and_read_back() {
    for (c, text) in [
        (Coord(8, 12), "\"0812\""),
        (Coord(101, 12), "\"101.12\""),
        (Coord(0, 1), "\"0001\""),
        (Coord(-1, 3), "[-1,3]"),
    ] {
        let written = serde_json::to_string(&Printed(c)).expect("writes");
        assert_eq!(written, text);
        assert_eq!(serde_json::from_str::<Coord>(&written).expect("reads"), c);
    }
}

#[test]
fn neighbours_of_flat_grid() {
    let g = grid();
    // Column 4 is shoved down: its north-east neighbour is (5, 12).
    assert_eq!(g.across(Coord(4, 12), Compass::NE), Some(Coord(5, 12)));
    assert_eq!(g.across(Coord(4, 12), Compass::N), Some(Coord(4, 11)));
    assert_eq!(g.across(Coord(5, 12), Compass::SE), Some(Coord(6, 12)));
    assert_eq!(g.across(Coord(5, 12), Compass::NE), Some(Coord(6, 11)));
    assert_eq!(g.across(Coord(5, 12), Compass::E), None);
    assert_eq!(
        g.side_towards(Coord(5, 12), Coord(6, 11)),
        Some(Compass::NE)
    );
    assert_eq!(g.neighbors(Coord(1, 1)).count(), 2);
    assert_eq!(g.distance(Coord(1, 1), Coord(3, 1)), 2);
}

#[test]
fn a_hexside_is_said_from_its_hex_on_the_map() {
    let g = grid();
    // Both on the map: from the first of the pair, whichever order the key holds.
    let key = SideKey::new(Coord(4, 12), Coord(5, 12));
    assert_eq!(g.side_on_map(key), Some((Coord(4, 12), Compass::NE)));
    // The first off the map (row 0): from the second, looking back.
    let edge = SideKey::new(Coord(4, 0), Coord(4, 1));
    assert_eq!(g.side_on_map(edge), Some((Coord(4, 1), Compass::N)));
    assert_eq!(g.side_on_map(SideKey::new(Coord(1, 1), Coord(3, 1))), None);
}

#[test]
fn a_hex_off_the_map_is_said_in_the_maps_own_numbers() {
    // Numbered from 0100 (M&S 2.2): the rows print 00 to 07.
    let g = Grid {
        width: 10,
        height: 8,
        numbering: Numbering::FourDigitsFrom {
            first_column: 1,
            first_row: 0,
        },
        ..grid()
    };
    // Printed 0508, one past the last row, 07.
    assert_eq!(
        g.off_map_hint(Coord(5, 9), true),
        "row 8 is one past the last row, 7: the hex on the map's edge there is 0507; or, read column and row swapped, labels are column first (CCRR): 0805 is on the map"
    );
    assert_eq!(
        g.off_map_hint(Coord(12, 3), true),
        "columns run from 1 to 10 and rows from 0 to 7: this map's labels run from 0100 to 1007"
    );
    // Printed 0109 swapped is 0901, grid (9, 2), on the map.
    assert_eq!(g.swapped(Coord(1, 10)), Coord(9, 2));
    assert_eq!(g.off_map_fix(Coord(1, 10)), Some(Coord(9, 2)));
}

#[test]
fn centres_are_one_step_apart() {
    let g = grid();
    for c in [Coord(4, 12), Coord(5, 12), Coord(1, 1)] {
        let (x, y) = g.center(c);
        for n in g.neighbors(c) {
            let (nx, ny) = g.center(n);
            let d = ((nx - x).powi(2) + (ny - y).powi(2)).sqrt();
            assert!((d - HEX_STEP).abs() < 1e-9, "{c} to {n}: {d}");
        }
    }
}

#[test]
fn pointy_grid_has_east_and_west() {
    let g = Grid {
        orientation: Orientation::Pointy,
        ..grid()
    };
    assert_eq!(g.across(Coord(4, 12), Compass::E), Some(Coord(5, 12)));
    assert_eq!(g.across(Coord(4, 12), Compass::N), None);
    for c in [Coord(4, 12), Coord(5, 13)] {
        let (x, y) = g.center(c);
        for n in g.neighbors(c) {
            let (nx, ny) = g.center(n);
            let d = ((nx - x).powi(2) + (ny - y).powi(2)).sqrt();
            assert!((d - 1.0).abs() < 1e-9);
        }
    }
}

/// The screen-space step from a hex centre to its neighbour across the named side, as a
/// drawing of each orientation shows it: the test's own geometry, not the library's.
fn side_vector(o: Orientation, side: Compass) -> Option<(f64, f64)> {
    let h = 3f64.sqrt() / 2.0;
    match (o, side) {
        (Orientation::Flat, Compass::N) => Some((0.0, -1.0)),
        (Orientation::Flat, Compass::S) => Some((0.0, 1.0)),
        (Orientation::Flat, Compass::NE) => Some((h, -0.5)),
        (Orientation::Flat, Compass::SE) => Some((h, 0.5)),
        (Orientation::Flat, Compass::SW) => Some((-h, 0.5)),
        (Orientation::Flat, Compass::NW) => Some((-h, -0.5)),
        (Orientation::Pointy, Compass::E) => Some((1.0, 0.0)),
        (Orientation::Pointy, Compass::W) => Some((-1.0, 0.0)),
        (Orientation::Pointy, Compass::NE) => Some((0.5, -h)),
        (Orientation::Pointy, Compass::SE) => Some((0.5, h)),
        (Orientation::Pointy, Compass::SW) => Some((-0.5, h)),
        (Orientation::Pointy, Compass::NW) => Some((-0.5, -h)),
        _ => None,
    }
}

fn near(a: (f64, f64), b: (f64, f64), eps: f64) -> bool {
    (a.0 - b.0).abs() < eps && (a.1 - b.1).abs() < eps
}

fn any_grid() -> impl Strategy<Value = Grid> {
    (
        1u32..60,
        1u32..60,
        prop_oneof![Just(Orientation::Flat), Just(Orientation::Pointy)],
        prop_oneof![Just(Parity::EvenShoved), Just(Parity::OddShoved)],
    )
        .prop_map(|(width, height, orientation, parity)| Grid {
            width,
            height,
            orientation,
            parity,
            numbering: Default::default(),
        })
}

use proptest::prelude::*;

proptest! {
    /// On any grid, for any hex (on the map, on its border or past it): the hexside between
    /// two neighbours is the same seen from either side, `across` undoes itself from the far
    /// side, each named side leads where a drawing of the grid puts it and where hexx's own
    /// layout (the editor's) puts it, and hexx's direction between the two is the side's.
    #[test]
    fn hexsides_agree_from_both_sides_and_with_hexx(
        g in any_grid(),
        col in -3i32..64,
        row in -3i32..64,
    ) {
        let c = Coord(col, row);
        let hexx_orientation = match g.orientation {
            Orientation::Flat => HexOrientation::Flat,
            Orientation::Pointy => HexOrientation::Pointy,
        };
        let layout = hexx::HexLayout::new(hexx_orientation).with_hex_size(1.0 / 3f32.sqrt());
        let names = g.side_names();
        let sides = g.side_neighbors(c);
        let corners = g.corners(c);
        let (cx, cy) = g.center(c);
        for (i, n) in sides.into_iter().enumerate() {
            let side = g.side_towards(c, n).expect("a side's neighbour is a neighbour");
            prop_assert!(names.contains(&side));
            prop_assert_eq!(g.across(c, side), Some(n));
            prop_assert_eq!(g.side_index(c, n), Some(i));
            // Seen from the neighbour, the same hexside: the opposite name, back to `c`,
            // between the same two corner points.
            let back = g.side_towards(n, c).expect("neighbours both ways");
            prop_assert_eq!(g.across(n, back), Some(c));
            let opposite = side_vector(g.orientation, back).expect("a side of the grid");
            let there = side_vector(g.orientation, side).expect("a side of the grid");
            prop_assert!(near(opposite, (-there.0, -there.1), 1e-12));
            prop_assert_eq!(SideKey::new(c, n), SideKey::new(n, c));
            let [a, b] = g.side_corners(c, n).expect("neighbours");
            let [p, q] = g.side_corners(n, c).expect("neighbours");
            prop_assert!(near(a, q, 1e-9) && near(b, p, 1e-9), "{:?} {:?}", (a, b), (p, q));
            prop_assert_eq!([a, b], [corners[i], corners[(i + 1) % 6]]);
            // Where a drawing puts it: the neighbour's centre one step across the side, the
            // side's midpoint halfway between the centres.
            let (nx, ny) = g.center(n);
            prop_assert!(near((nx - cx, ny - cy), there, 1e-9), "{:?} {:?} {:?}", g, c, side);
            prop_assert!(near(((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0), ((cx + nx) / 2.0, (cy + ny) / 2.0), 1e-9));
            // hexx: the direction between the two is the side's, and its layout puts the
            // neighbour the same step away.
            let (h, hn) = (g.to_hex(c), g.to_hex(n));
            let d = h.neighbor_direction(hn).expect("hexx neighbours");
            prop_assert_eq!(hn.neighbor_direction(h), Some(-d));
            prop_assert_eq!(h.neighbor(d), hn);
            let step = layout.hex_to_world_pos(hn) - layout.hex_to_world_pos(h);
            prop_assert!(near((f64::from(step.x), f64::from(step.y)), there, 1e-5), "{:?} {:?}", step, there);
        }
        // Every name that is not a side of this orientation leads nowhere.
        for name in Compass::ALL {
            prop_assert_eq!(g.across(c, name).is_some(), names.contains(&name));
        }
        // A hex is not its own neighbour, nor is a hex two steps away.
        prop_assert_eq!(g.side_towards(c, c), None);
        let far = g.across(sides[0], g.side_towards(c, sides[0]).expect("side"));
        prop_assert_eq!(far.and_then(|f| g.side_towards(c, f)), None);
    }
}
