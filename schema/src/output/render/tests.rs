//! Tests of map drawing.

use super::*;

/// The rules the test maps are drawn under.
const R: &Ruleset = crate::ruleset::rules_without_game();
use crate::model::map::{Cell, Feature, Road, SideKey};
use crate::output::overlays::overlay_color;

/// A small map with every kind of terrain, a ridge, both kinds of road, a bridge and a ford.
fn sample() -> Map {
    let mut m = Map::blank("sample", "Sample & <test>", 8, 6);
    let put = |m: &mut Map, c: Coord, terrain: Terrain, slope: bool| {
        m.set_cell(c, Cell { terrain, slope });
    };
    put(&mut m, Coord(2, 2), Terrain::Village, false);
    put(&mut m, Coord(3, 2), Terrain::Woods, true);
    put(&mut m, Coord(3, 3), Terrain::Clear, true);
    put(&mut m, Coord(1, 5), Terrain::Forest, false);
    for r in 1..=6 {
        put(&mut m, Coord(6, r), Terrain::River, false);
    }
    put(&mut m, Coord(6, 3), Terrain::Bridge, false);
    put(&mut m, Coord(6, 5), Terrain::Ford, false);
    m.ridges.insert(SideKey::new(Coord(3, 3), Coord(3, 4)));
    m.roads.push(Road {
        name: Some("East".into()),
        kind: RoadKind::Main,
        hexes: vec![
            Coord(2, 2),
            Coord(3, 3),
            Coord(4, 2),
            Coord(5, 3),
            Coord(6, 3),
            Coord(7, 3),
            Coord(8, 2),
        ],
    });
    m.roads.push(Road {
        name: None,
        kind: RoadKind::Minor,
        hexes: vec![Coord(2, 2), Coord(2, 3), Coord(2, 4)],
    });
    m.features.push(Feature {
        code: "V4".into(),
        name: None,
        hexes: vec![Coord(2, 2)],
        label: None,
    });
    m.features.push(Feature {
        code: "H26".into(),
        name: Some("Cemetery Hill".into()),
        hexes: vec![Coord(3, 2), Coord(3, 3)],
        label: Some(Coord(3, 3)),
    });
    m.features.push(Feature {
        code: "B14".into(),
        name: None,
        hexes: vec![Coord(6, 3)],
        label: None,
    });
    m
}

#[test]
fn svg_has_one_hexagon_per_hex_and_the_labels() {
    let m = sample();
    let overlay = Overlay {
        name: "French (a)".into(),
        color: [200, 30, 30],
        hexes: vec![Coord(1, 1), Coord(1, 2)],
        note: None,
        counters: Vec::new(),
    };
    let svg = map_svg(&m, R, &[overlay], "Test map");
    for code in [
        "V4",
        "H26",
        "B14",
        "Cemetery Hill",
        "Test map",
        "French (a) (2 hexes)",
    ] {
        assert!(svg.contains(&format!(">{code}<")), "{code}");
    }
    // The map name is escaped.
    assert!(svg.contains("Sample &amp; &lt;test&gt;"));
    // The hex grid path has one closed hexagon per hex.
    let grid = svg
        .lines()
        .find(|l| l.contains(&format!(r#"stroke="{GRID_LINE}" stroke-opacity"#)))
        .expect("grid path");
    assert_eq!(grid.matches('Z').count(), 8 * 6);
    // Every hex has its coordinate.
    assert!(svg.contains(">0101<") && svg.contains(">0806<"));
    let coordinates = svg
        .lines()
        .filter_map(|l| l.strip_suffix("</text>")?.rsplit_once('>'))
        .filter(|(_, t)| t.len() == 4 && t.bytes().all(|b| b.is_ascii_digit()))
        .count();
    assert_eq!(coordinates, 8 * 6);
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
}

#[test]
fn map_body_is_the_map_alone_at_the_origin() {
    let m = sample();
    let full = map_body(&m, &[], MapStyle::default());
    assert!(!full.svg.contains("<svg") && !full.svg.contains("Legend"));
    assert!(full.svg.contains(">0101<") && full.svg.contains(">V4<"));
    // The map starts at the origin: no point of the drawing lies left of or above it.
    let lay = Layout::new(m.grid, (0.0, 0.0));
    let (x, y) = lay.corners(Coord(1, 1))[0];
    assert!(x >= -1e-9 && y >= -1e-9 && x < full.width && y < full.height);
    // The same map as the document draws, shifted.
    let doc = map_svg(&m, R, &[], "T");
    let shifted = Layout::new(m.grid, (MARGIN, TITLE_BAND));
    assert!((shifted.size.0 - full.width).abs() < 1e-9);
    assert!(doc.contains(&format!("M{:.1} {:.1}", x + MARGIN, y + TITLE_BAND)));
    // Without coordinates, with labels half as big again.
    let print = map_body(
        &m,
        &[],
        MapStyle {
            coordinates: false,
            label_scale: 1.5,
            labels: true,
        },
    );
    assert!(!print.svg.contains(">0101<") && print.svg.contains(">V4<"));
    let size = |svg: &str| -> f64 {
        let line = svg.lines().find(|l| l.contains(">V4<")).expect("V4 label");
        let at = line.find("font-size=\"").expect("size") + 11;
        line[at..]
            .split('"')
            .next()
            .expect("value")
            .parse()
            .expect("number")
    };
    assert!((size(&print.svg) / size(&full.svg) - 1.5).abs() < 0.01);
}

#[test]
fn a_map_can_be_drawn_without_text_in_the_same_place() {
    let mut m = sample();
    m.labels.push(crate::model::map::Label {
        text: "South Road".into(),
        at: Coord(2, 2),
    });
    let full = map_svg(&m, R, &[], "T");
    let bare = map_svg_styled(&m, R, &[], "T", MapStyle::without_text());
    assert!(full.contains(">V4<") && full.contains(">South Road<") && full.contains(">0101<"));
    assert!(!bare.contains(">V4<") && !bare.contains(">South Road<") && !bare.contains(">0101<"));
    // The title stays, and every hex is where it was.
    assert!(bare.contains(">T<"));
    let hexes = |svg: &str| {
        svg.lines()
            .find(|l| l.contains("stroke-opacity=\"0.45\""))
            .map(str::to_owned)
    };
    assert_eq!(hexes(&full), hexes(&bare));
}

#[test]
fn png_decodes_and_is_drawn() {
    let png = map_png_styled(&sample(), R, &[], "Test map", MapStyle::default(), 600).expect("png");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let pixmap = tiny_skia::Pixmap::decode_png(&png).expect("decodes");
    assert_eq!(pixmap.width(), 600);
    assert!(pixmap.height() > 100);
    let first = pixmap.pixels()[0];
    assert!(pixmap.pixels().iter().any(|p| *p != first));
    // Terrain colours are present: some pixel is river blue.
    assert!(
        pixmap
            .pixels()
            .iter()
            .any(|p| (p.red(), p.green(), p.blue()) == (0x5d, 0x9f, 0xd6))
    );
}

#[test]
fn text_renders_with_the_embedded_fonts() {
    let db = fonts();
    let families: Vec<String> = db
        .faces()
        .flat_map(|f| f.families.iter().map(|(n, _)| n.clone()))
        .collect();
    assert!(families.iter().any(|f| f == SANS), "{families:?}");
    assert!(families.iter().any(|f| f == MONO), "{families:?}");
    // A text-only SVG draws ink.
    let svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><text x="10" y="40" font-family="{MONO}" font-size="30">V4 H26</text></svg>"#
    );
    let png = svg_to_png(&svg, 200).expect("png");
    let pixmap = tiny_skia::Pixmap::decode_png(&png).expect("decodes");
    assert!(pixmap.pixels().iter().any(|p| p.red() < 128));
}

#[test]
fn big_maps_drop_small_details() {
    let mut m = Map::blank("big", "Big", 300, 300);
    for r in 1..=300 {
        m.set_cell(
            Coord(150, r),
            Cell {
                terrain: Terrain::River,
                slope: false,
            },
        );
    }
    let svg = map_svg(&m, R, &[], "Big");
    // No coordinates, no grid, terrain in column strips.
    assert!(!svg.contains(">0101<") && !svg.contains(">001.001<"));
    assert!(!svg.contains("stroke-opacity=\"0.45\""));
    assert!(svg.len() < 200_000, "{}", svg.len());
}

#[test]
fn png_size_is_capped() {
    assert_eq!(png_size(100.0, 50.0, 200), (200, 100, 2.0));
    // Too tall: the height cap wins.
    let (w, h, _) = png_size(10.0, 1000.0, 100_000);
    assert_eq!((w, h), (120, MAX_PNG_SIDE));
    // Too many pixels: scaled down to the pixel cap.
    let (w, h, _) = png_size(1000.0, 1000.0, 100_000);
    assert!(w <= MAX_PNG_SIDE && h <= MAX_PNG_SIDE);
    assert!(u64::from(w) * u64::from(h) <= MAX_PNG_PIXELS);
    assert!(u64::from(w) * u64::from(h) > MAX_PNG_PIXELS * 99 / 100);
    // A tiny request still makes a pixel.
    assert_eq!(png_size(1000.0, 10.0, 1).0, 1);
}

#[test]
fn overlays_are_filled_outlined_and_listed() {
    let m = sample();
    let zone = Overlay {
        name: "Austrian <a>".into(),
        color: overlay_color(1),
        hexes: vec![Coord(1, 1), Coord(2, 1), Coord(9, 9)],
        note: None,
        counters: Vec::new(),
    };
    let svg = map_svg(&m, R, std::slice::from_ref(&zone), "Zones");
    let color = rgb(zone.color);
    assert_eq!(color, "#1f77b4");
    let fill = svg
        .lines()
        .find(|l| l.contains(&format!(r#"fill="{color}" fill-opacity="0.33""#)))
        .expect("overlay fill");
    // Two on-map hexes filled; the off-map one is dropped.
    assert_eq!(fill.matches('Z').count(), 2);
    let outline = svg
        .lines()
        .find(|l| l.contains(&format!(r#"fill="none" stroke="{color}""#)))
        .expect("overlay outline");
    // Two neighbouring hexes: 12 sides less the 2 shared ones (one per hex).
    assert_eq!(outline.matches('M').count(), 10);
    assert!(svg.contains(">Austrian &lt;a&gt; (3 hexes)<"));
}

#[test]
fn pointy_maps_render_too() {
    let mut m = sample();
    m.grid.orientation = Orientation::Pointy;
    let svg = map_svg(&m, R, &[], "Pointy");
    assert!(svg.contains("pointy-topped hexes"));
    let png = svg_to_png(&svg, 300).expect("png");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
}

#[test]
fn bad_svg_is_an_error() {
    assert!(matches!(svg_to_png("<svg", 100), Err(RenderError::Svg(_))));
}

/// XML 1.0 cannot hold NUL, BEL or ESC: a name with them still makes an SVG that parses (a
/// viewer refuses the file otherwise), the characters shown as visible `\u{..}` text.
#[test]
fn control_characters_in_names_make_valid_xml() {
    let hostile = "A\u{0}B\u{7}C\u{1b}]0;x\u{7}D\u{7f}\u{85}\u{FFFF}";
    let mut m = sample();
    m.name = hostile.into();
    m.features[1].name = Some(hostile.into());
    m.roads[0].name = Some(hostile.into());
    let overlay = Overlay {
        name: hostile.into(),
        hexes: vec![Coord(1, 1)],
        color: overlay_color(0),
        note: Some(hostile.into()),
        counters: Vec::new(),
    };
    for svg in [
        map_svg(&m, R, std::slice::from_ref(&overlay), hostile),
        map_svg_styled(
            &m,
            R,
            std::slice::from_ref(&overlay),
            hostile,
            MapStyle::without_text(),
        ),
    ] {
        let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("not XML: {e}"));
        let text: String = doc
            .descendants()
            .filter_map(|n| n.text())
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            !text
                .chars()
                .any(|c| c.is_control() && c != '\n' && c != '\t')
        );
        if text.contains('A') {
            assert!(text.contains("A\\u{0}B\\u{7}C\\u{1b}]0;x\\u{7}D"), "{text}");
        }
    }
}

/// A number attribute of an SVG element written on one line.
fn attr(line: &str, name: &str) -> f64 {
    let key = format!(" {name}=\"");
    let at = line.find(&key).expect("the attribute") + key.len();
    let rest = &line[at..];
    rest[..rest.find('"').expect("its end")]
        .parse()
        .expect("a number")
}

/// Grown counter plates never cover another counter: on the M&S card the plate of "1st Bde /
/// +3 more" covered its neighbour's, whose own plate then hid its second line (issue 37 §16).
/// Counters in five touching hexes, each too long to read on its square, are drawn with no two
/// plates sharing any area, and the first still says what stands there.
#[test]
fn counter_plates_never_overlap() {
    let m = Map::blank("crowded", "Crowded", 16, 12);
    let lay = Layout::new(m.grid, (0.0, 0.0));
    assert!(lay.step >= COORD_STEP, "text is written at this size");
    let hexes = [
        Coord(5, 4),
        Coord(6, 4),
        Coord(7, 4),
        Coord(6, 5),
        Coord(5, 5),
    ];
    let overlay = Overlay {
        name: "North".into(),
        color: [60, 120, 220],
        hexes: hexes.to_vec(),
        note: None,
        counters: (hexes.iter())
            .map(|c| (*c, "1st Bde, 2nd Bde, 3rd Bde, Rifles".to_string()))
            .collect(),
    };
    let mut out = String::new();
    draw_counters(&mut out, &lay, &[overlay]);
    let plates: Vec<Plate> = (out.lines())
        .filter(|l| l.starts_with("<rect"))
        .map(|l| {
            let (w, h) = (attr(l, "width"), attr(l, "height"));
            Plate {
                x: attr(l, "x") + w / 2.0,
                y: attr(l, "y") + h / 2.0,
                w,
                h,
            }
        })
        .collect();
    assert_eq!(plates.len(), hexes.len());
    for (i, a) in plates.iter().enumerate() {
        for b in &plates[i + 1..] {
            assert!(!a.overlaps(b), "{a:?} covers {b:?}\n{out}");
        }
    }
    assert!(
        out.contains(">1st Bde<") && out.contains(">+3 more<"),
        "{out}"
    );
}

/// A plate grown to hold its text stays inside the map: "1100: Lancers" on an entry hex of the
/// last column was cut by the card's frame (issue 37). Long texts on the hexes of every edge
/// and corner are drawn with each plate, and the text on it, within the map area.
#[test]
fn counter_plates_stay_inside_the_map() {
    let m = Map::blank("edges", "Edges", 16, 12);
    let lay = Layout::new(m.grid, (0.0, 0.0));
    assert!(lay.step >= COORD_STEP, "text is written at this size");
    let hexes = [
        Coord(16, 6),
        Coord(1, 6),
        Coord(8, 1),
        Coord(8, 12),
        Coord(16, 12),
        Coord(1, 1),
    ];
    let overlay = Overlay {
        name: "Arrivals".into(),
        color: [60, 120, 220],
        hexes: hexes.to_vec(),
        note: None,
        counters: (hexes.iter())
            .map(|c| (*c, "1100: Lancers".to_string()))
            .collect(),
    };
    let mut out = String::new();
    draw_counters(&mut out, &lay, &[overlay]);
    let (w, h) = lay.size;
    let rects: Vec<&str> = out.lines().filter(|l| l.starts_with("<rect")).collect();
    assert_eq!(rects.len(), hexes.len());
    for l in rects {
        let (x, y) = (attr(l, "x"), attr(l, "y"));
        let (pw, ph) = (attr(l, "width"), attr(l, "height"));
        assert!(pw > lay.step * 0.62, "grown to hold its text: {l}");
        assert!(
            x >= -0.05 && y >= -0.05 && x + pw <= w + 0.05 && y + ph <= h + 0.05,
            "{l} leaves the map ({w:.1} × {h:.1})"
        );
    }
    for l in out.lines().filter(|l| l.starts_with("<text")) {
        let x = attr(l, "x");
        let size = attr(l, "font-size");
        let half = "1100: Lancers".len() as f64 * size * 0.29;
        assert!(x - half >= 0.0 && x + half <= w, "{l} is cut at the edge");
    }
    assert_eq!(out.matches(">1100: Lancers<").count(), hexes.len(), "{out}");
}

#[test]
fn a_wedge_is_written_at_the_precision_its_drawing_asks() {
    // The map and its key write hexes and wedges to 0.1, Tiled's tile image to 0.001.
    let k = [
        (1.0, 0.0),
        (0.5, 0.8660),
        (-0.5, 0.866),
        (-1.0, 0.0),
        (-0.5, -0.866),
        (0.5, -0.866),
    ];
    let w = wedges((0.0, 0.0), k);
    assert_eq!(
        w[5],
        [(0.0, 0.0), k[5], k[0]],
        "the last wedge closes the hex"
    );
    let (mut coarse, mut fine) = (String::new(), String::new());
    polygon(&mut coarse, &w[0], 1);
    polygon(&mut fine, &w[0], 3);
    assert_eq!(coarse, "M0.0 0.0L1.0 0.0L0.5 0.9Z");
    assert_eq!(fine, "M0.000 0.000L1.000 0.000L0.500 0.866Z");
    let mut road = String::new();
    polyline(&mut road, &[(1.25, 2.0), (3.0, 4.75)], 1);
    assert_eq!(road, "M1.2 2.0L3.0 4.8", "a line is not closed");
}
