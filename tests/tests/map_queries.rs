//! Map queries and rendering over the real Rifle & Saber map: movement along its roads (4M, 9.2
//! note *), sight across its villages and ridges (5.1G), and the drawing of every feature.

use saber_schema::builtin::rifle_and_saber;
use saber_schema::model::hex::Coord;
use saber_schema::model::hex_set::HexSet;
use saber_schema::model::map::Map;
use saber_schema::output::overlays::{Overlay, overlay_color};
use saber_schema::output::render::{MapStyle, map_png_styled, map_svg};
use saber_schema::queries::effective_terrain::EffectiveTerrain;
use saber_schema::queries::movement::{Movement, Mp, entry_cost};
use saber_schema::queries::sight::{Blocker, HexBlock, Sight, can_see, line_of_sight};
use saber_schema::ruleset::Terrain;

/// The hex of a one-hex feature.
fn hex_of(map: &Map, code: &str) -> Coord {
    let f = map
        .feature(code)
        .unwrap_or_else(|| panic!("{code} is on the map"));
    f.hexes[0]
}

/// 11.17 "Limbers must cross the river at B14": along the South Road the bridge costs ⅓ MP
/// (4M, 9.2 note *); stepping onto it from the river bank costs 3 (10.5D).
#[test]
fn south_road_crosses_b14_at_the_road_rate() {
    let map = rifle_and_saber();
    let b14 = hex_of(&map, "B14");
    assert_eq!(map.cell(b14).map(|c| c.terrain), Some(Terrain::Bridge));
    let road = map.road("South").expect("South Road");
    let i = road
        .hexes
        .iter()
        .position(|h| *h == b14)
        .expect("B14 on the South Road");
    let (before, after) = (road.hexes[i - 1], road.hexes[i + 1]);
    assert_eq!(
        entry_cost(&map, map.rules(), before, b14),
        Some(Mp::thirds(1))
    );
    assert_eq!(
        entry_cost(&map, map.rules(), after, b14),
        Some(Mp::thirds(1))
    );
    let off_road = map
        .grid
        .neighbors(b14)
        .find(|n| *n != before && *n != after)
        .expect("a neighbour off the road");
    assert_eq!(
        entry_cost(&map, map.rules(), off_road, b14),
        Some(Mp::whole(3))
    );
    // The whole South Road from V4 to the south edge, at the road rate.
    let mv = Movement::new(&map, map.rules());
    let whole = mv.path_cost(&road.hexes).expect("a path of neighbours");
    assert_eq!(whole, Mp::thirds(road.hexes.len() as u32 - 1));
}

/// 5.1G: the village V4 in the centre of the map blocks sight through it, along the column of
/// its crossroads hex; a line beside the village is open.
#[test]
fn v4_blocks_sight_across_it() {
    let map = rifle_and_saber();
    let v4 = map.feature("V4").expect("V4");
    let centre = v4.label.unwrap_or(v4.hexes[0]);
    let (north, south) = (Coord(centre.0, centre.1 - 3), Coord(centre.0, centre.1 + 2));
    assert!(!v4.hexes.contains(&north) && !v4.hexes.contains(&south));
    let terrain = EffectiveTerrain::new(&map);
    let nobody = HexSet::empty(map.grid);
    match line_of_sight(map.rules(), &terrain, &nobody, north, south) {
        Sight::Blocked(Blocker::Hex { hex, why }) => {
            assert!(v4.hexes.contains(&hex), "{hex}");
            assert_eq!(why, HexBlock::Terrain(Terrain::Village));
        }
        other => panic!("expected V4 to block, got {other:?}"),
    }
    // Four columns east, the same line runs over open ground (2814 to 2819: clear, no
    // ridges): open, until units stand in the way (5.1G).
    let (from, to) = (Coord(28, 14), Coord(28, 19));
    assert!(can_see(&map, map.rules(), from, to));
    let units = HexSet::from_coords(map.grid, [Coord(28, 16)]);
    assert_eq!(
        line_of_sight(map.rules(), &terrain, &units, from, to),
        Sight::Blocked(Blocker::Hex {
            hex: Coord(28, 16),
            why: HexBlock::Occupied
        })
    );
}

/// 5.1G: wherever the map has a ridge hexside, the two hexes it separates cannot see each other.
#[test]
fn every_ridge_blocks_sight_between_its_hexes() {
    let map = rifle_and_saber();
    assert!(!map.ridges.is_empty());
    let terrain = EffectiveTerrain::new(&map);
    let nobody = HexSet::empty(map.grid);
    for side in &map.ridges {
        if map.grid.contains(side.0) && map.grid.contains(side.1) {
            assert_eq!(
                line_of_sight(map.rules(), &terrain, &nobody, side.0, side.1),
                Sight::Blocked(Blocker::Ridge(*side))
            );
        }
    }
}

/// The rendering names every feature, numbers every hex and draws the overlays.
#[test]
fn rendering_shows_every_feature_and_hex() {
    let map = rifle_and_saber();
    let zone = Overlay {
        name: "Within 3 of V4".into(),
        color: overlay_color(0),
        hexes: map.feature("V4").expect("V4").hexes.clone(),
        note: None,
        counters: Vec::new(),
    };
    let svg = map_svg(
        &map,
        map.rules(),
        std::slice::from_ref(&zone),
        "Rifle & Saber",
    );
    for f in &map.features {
        assert!(svg.contains(&format!(">{}<", f.code)), "{}", f.code);
    }
    for c in map.grid.coords() {
        assert!(svg.contains(&format!(">{}<", map.grid.label(c))), "{c}");
    }
    assert!(svg.contains(">Within 3 of V4 ("));
    let png = map_png_styled(
        &map,
        map.rules(),
        &[zone],
        "Rifle & Saber",
        MapStyle::default(),
        800,
    )
    .expect("png");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    // IHDR: width and height, big-endian, right after the chunk header.
    let width = u32::from_be_bytes([png[16], png[17], png[18], png[19]]);
    let height = u32::from_be_bytes([png[20], png[21], png[22], png[23]]);
    assert_eq!(width, 800);
    assert!(height > 400 && height < 800, "{height}");
}
