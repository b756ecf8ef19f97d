//! `saberc render` draws maps and scenarios as SVG and PNG.

use saber_tests::saberc;

const BIN: &str = env!("CARGO_BIN_EXE_saberc");

#[test]
fn renders_a_map_and_a_scenario() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("map.svg");
    let out = saberc(
        BIN,
        &[
            "render",
            "tests/fixtures/maps/skirmish.ron",
            "-o",
            svg.to_str().unwrap(),
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") || text.starts_with("<?xml"));
    assert!(
        text.contains(">V1<") && text.contains(">H2<"),
        "feature labels are drawn"
    );

    let png = dir.path().join("scenario.png");
    let out = saberc(
        BIN,
        &[
            "render",
            "tests/fixtures/good/skirmish-at-the-bridge.ron",
            "--maps",
            "tests/fixtures/maps",
            "--width",
            "600",
            "-o",
            png.to_str().unwrap(),
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
}

#[test]
fn render_refuses_other_extensions() {
    let out = saberc(
        BIN,
        &[
            "render",
            "tests/fixtures/maps/skirmish.ron",
            "-o",
            "map.gif",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
}

/// Render `args` (`-o` added) to an SVG in a temporary folder and return its text.
fn render_svg(args: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("out.svg");
    let mut all = vec!["render"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["-o", svg.to_str().unwrap()]);
    let out = saberc(BIN, &all);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read_to_string(&svg).unwrap()
}

/// The set-up placements are drawn on the map and on the card: a counter in the group's
/// colour on its hex, titled with the hex and what stands there (the skirmish places one MZ
/// and an Improved Position on 0302).
#[test]
fn render_and_card_draw_the_set_up_placements() {
    use saber_schema::output::overlays::scenario_overlays;
    use saber_schema::output::palette;
    let args = [
        "tests/fixtures/good/markers-as-desired.ron",
        "--maps",
        "tests/fixtures/maps",
    ];
    let counter = |svg: &str| {
        svg.lines()
            .filter(|l| l.starts_with("<rect") && l.contains("<title>0302: MZ, IP</title>"))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    // The group's colour: its side's (one group, so no lighter shade).
    let src = saber_schema::pipeline::read::Source::read(&saber_tests::repo(args[0])).unwrap();
    let mut reg = saber_schema::pipeline::maps::MapRegistry::new();
    reg.add_root(&saber_tests::repo("tests/fixtures/maps"))
        .unwrap();
    let (c, d) = saber_schema::pipeline::compile_scenario(&src, &reg);
    let c = c.unwrap_or_else(|| panic!("compiles: {d:?}"));
    let north = c.scenario.sides.iter().find(|s| s.id == "north").unwrap();
    let fill = palette::hex(palette::rgb(palette::side_color(north.color)));
    assert_eq!(
        scenario_overlays(&c)
            .iter()
            .map(|o| o.counters.len())
            .sum::<usize>(),
        1,
        "one hex holds placed counters"
    );
    let map = render_svg(&args);
    let drawn = counter(&map);
    assert_eq!(drawn.len(), 1, "one counter drawn on the map: {drawn:?}");
    assert!(
        drawn[0].contains(&format!(r#"fill="{fill}""#)),
        "{}",
        drawn[0]
    );
    let mut card = args.to_vec();
    card.push("--card");
    let card = render_svg(&card);
    let drawn = counter(&card);
    assert_eq!(drawn.len(), 1, "one counter drawn on the card: {drawn:?}");
    assert!(
        drawn[0].contains(&format!(r#"fill="{fill}""#)),
        "{}",
        drawn[0]
    );
}

/// `--as-played` draws the map after the scenario's special rules: exactly the map
/// `effective_terrain` makes (11.7 treats R3, H27 and more as clear), on the map and on the
/// card; without it the map is drawn as printed.
#[test]
fn as_played_draws_the_effective_terrain_on_the_map_and_the_card() {
    use saber_schema::output::card::card_svg;
    use saber_schema::output::overlays::scenario_overlays;
    use saber_schema::output::render::{MapStyle, map_svg_styled};
    use saber_schema::queries::effective_terrain::{Cleared, EffectiveTerrain};
    let file = "scenarios/07-gettysburg-little-round-top.ron";
    let src = saber_schema::pipeline::read::Source::read(&saber_tests::repo(file)).unwrap();
    let (c, d) = saber_schema::pipeline::compile_scenario(
        &src,
        &saber_schema::pipeline::maps::MapRegistry::new(),
    );
    let c = c.unwrap_or_else(|| panic!("compiles: {d:?}"));
    let cleared = Cleared::of(&c.scenario, &c.map, &c.resolved);
    let played = EffectiveTerrain::for_scenario(&c.map, &cleared).played_map();
    let differ = c
        .map
        .cells
        .iter()
        .zip(&played.cells)
        .filter(|(a, b)| a != b)
        .count();
    assert!(differ > 5, "11.7 clears hexes: {differ}");
    let s = &c.scenario;
    let title = format!(
        "{} {}: {} ({})",
        s.rule.clone().unwrap_or_default(),
        s.name,
        s.portion.clone().unwrap_or_default(),
        s.date
    );
    let overlays = scenario_overlays(&c);
    let printed = map_svg_styled(&c.map, c.rules, &overlays, &title, MapStyle::default());
    let as_played = map_svg_styled(
        &played,
        c.rules,
        &overlays,
        &format!("{title}, terrain as played"),
        MapStyle::default(),
    );
    // Compared whole, reported short (an SVG of the map is half a megabyte).
    let same = |got: String, want: &str, what: &str| {
        assert!(
            got == want,
            "{what}: the SVG differs from the library's drawing"
        );
    };
    assert!(printed != as_played);
    same(render_svg(&[file]), &printed, "render");
    same(
        render_svg(&[file, "--as-played"]),
        &as_played,
        "render --as-played",
    );

    let card_printed = card_svg(&c);
    let mut c_played = c.clone();
    c_played.map = played.into();
    let card_played = card_svg(&c_played);
    assert!(card_printed != card_played);
    same(
        render_svg(&[file, "--card"]),
        &card_printed,
        "render --card",
    );
    same(
        render_svg(&[file, "--card", "--as-played"]),
        &card_played,
        "render --card --as-played",
    );
}
