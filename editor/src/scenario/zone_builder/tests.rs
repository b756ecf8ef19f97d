//! The zone builder driven headless as a user would: choosing clauses, typing, picking on the
//! built-in map; and the clause conversions on their own.

use egui::Id;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{By, Queryable};
use saber_schema::builtin::rifle_and_saber;
use saber_schema::model::hex::{Compass, Coord, Edge};
use saber_schema::model::hex_set::HexSet;
use saber_schema::model::map::Map;
use saber_schema::model::zone::Zone;
use saber_schema::pipeline::zones::compiler::{ZoneCompiler, ZoneEnv};
use saber_schema::ruleset::Terrain;

use super::kind::{self, Kind, KindExt};
use super::{ZoneCx, zone_ui};
use crate::scenario::pick::{PickKind, Picker};

/// What the harness edits: a zone field on the built-in map.
struct Form {
    zone: Zone,
    map: Map,
    picker: Picker,
}

fn field_id() -> Id {
    Id::unique("zone-field")
}

fn form(zone: Zone) -> Harness<'static, Form> {
    form_on(zone, rifle_and_saber())
}

/// A zone field on `map`.
fn form_on(zone: Zone, map: Map) -> Harness<'static, Form> {
    let state = Form {
        zone,
        map,
        picker: Picker::default(),
    };
    let mut h = Harness::builder()
        .with_size(egui::vec2(400.0, 1000.0))
        .build_ui_state(
            |ui, f: &mut Form| {
                let mut cx = ZoneCx {
                    map: &f.map,
                    picker: &mut f.picker,
                };
                zone_ui(ui, field_id(), &mut f.zone, &mut cx);
            },
            state,
        );
    h.run();
    h
}

fn feature(code: &str) -> Box<Zone> {
    Box::new(Zone::Feature(code.into()))
}

/// A hex of a feature of the built-in map.
fn hex_of(map: &Map, code: &str) -> Coord {
    map.feature(code).expect("the feature is on the map").hexes[0]
}

/// Open the clause chooser currently showing `shown` and choose `clause`.
fn choose(h: &mut Harness<'_, Form>, shown: &str, clause: &str) {
    h.get(By::new().role(Role::ComboBox).value(shown)).click();
    h.run();
    // The list scrolls: bring the clause into view first.
    h.get_by_label(clause).scroll_to_me();
    h.run();
    h.get_by_label(clause).click();
    h.run();
}

/// Compile on the built-in map (with an enemy deployment known) and return the hexes and the
/// diagnostics' messages.
fn compile(map: &Map, zone: &Zone) -> (HexSet, Vec<String>) {
    let enemy = HexSet::from_coords(map.grid, [Coord(1, 1)]);
    let env = ZoneEnv {
        enemy_deployment: Some(&enemy),
        enemy_units: Some(&enemy),
    };
    let mut zc = ZoneCompiler::new(map, env);
    let set = zc.compile(zone, &[]);
    let messages = std::mem::take(&mut zc.diagnostics)
        .into_vec()
        .iter()
        .map(|d| d.message.clone())
        .collect();
    (set, messages)
}

#[test]
fn within_2_of_v11_is_built_by_choosing_a_clause_and_picking_on_the_map() {
    let mut h = form(Zone::Everywhere);
    choose(&mut h, "Anywhere", "Within N hexes of…");
    assert_eq!(
        h.state().zone,
        Zone::Within {
            distance: 1,
            of: feature("V4"),
        },
        "distance 1 of the map's first feature"
    );

    h.get_by_role(Role::SpinButton).set_value_accesskit(2.0);
    h.run();
    h.get_by_label("Pick").click();
    h.run();
    let map = h.state().map.clone();
    assert!(h.state().picker.armed.is_some(), "the feature field waits");
    let msg = h.state_mut().picker.click(hex_of(&map, "V11"), &map);
    assert_eq!(msg.as_deref(), Some("Picked V11"));
    h.run();
    assert_eq!(
        h.state().zone,
        Zone::Within {
            distance: 2,
            of: feature("V11"),
        }
    );
    h.run();
    h.get_by_label("within 2 hexes of V11");
    assert!(h.state().picker.done.is_none(), "the pick was taken");
}

#[test]
fn a_feature_is_chosen_from_the_list_or_typed_and_an_unknown_one_shows() {
    let mut h = form(Zone::Feature("V4".into()));
    h.get(By::new().role(Role::ComboBox).value("V4 (village)"))
        .click();
    h.run();
    h.get_by_label("H26 (hill)").click();
    h.run();
    assert_eq!(h.state().zone, Zone::Feature("H26".into()));

    h.get(By::new().role(Role::TextInput).value("H26"))
        .set_text_value_accesskit("v99");
    h.run();
    h.run();
    assert_eq!(h.state().zone, Zone::Feature("V99".into()), "upper-cased");
    h.get_by_label("V99 is not a feature of this map");
}

#[test]
fn switching_clauses_wraps_the_zone_and_unwraps_it_again() {
    let mut h = form(Zone::Feature("V5".into()));
    choose(&mut h, "Feature (R1, R3…)", "Within N hexes of…");
    assert_eq!(
        h.state().zone,
        Zone::Within {
            distance: 1,
            of: feature("V5"),
        }
    );
    choose(&mut h, "Within N hexes of…", "Feature (R1, R3…)");
    assert_eq!(h.state().zone, Zone::Feature("V5".into()));
}

#[test]
fn conversions_keep_the_reference_distances_and_names() {
    let map = rifle_and_saber();
    let within = Zone::Within {
        distance: 3,
        of: feature("V5"),
    };
    assert_eq!(
        kind::switch(&within, Kind::AtLeast, &map),
        Zone::AtLeast {
            distance: 3,
            from: feature("V5"),
        }
    );
    assert_eq!(
        kind::switch(&within, Kind::Sector, &map),
        Zone::Sector {
            toward: Compass::NE,
            of: feature("V5"),
            within: Some(3),
            at_least: None,
            half_angle: 45,
        }
    );
    assert_eq!(
        kind::switch(&within, Kind::Union, &map),
        Zone::Union(vec![within.clone()]),
        "a list wraps the zone as its first entry"
    );
    let pair: Zone = Zone::Union(vec![
        Zone::Feature("V5".into()),
        Zone::Feature("H26".into()),
    ]);
    assert_eq!(
        kind::switch(&pair, Kind::Between, &map),
        Zone::Between {
            chain: vec![Zone::Feature("V5".into()), Zone::Feature("H26".into())],
            include_ends: true,
            slack: 0,
        }
    );
    assert_eq!(
        kind::switch(&Zone::<Terrain>::Feature("V5".into()), Kind::Line, &map),
        Zone::Line(vec![Zone::Feature("V5".into()), Zone::Feature("V4".into())]),
        "padded with a feature not yet named"
    );
    assert_eq!(
        kind::switch(&within, Kind::Difference, &map),
        Zone::Difference(Box::new(within.clone()), feature("V4"))
    );
    assert_eq!(
        kind::switch(
            &Zone::<Terrain>::Road("South".into()),
            Kind::RoadEntry,
            &map
        ),
        Zone::RoadEntry("South".into())
    );
    assert_eq!(
        kind::switch(&Zone::<Terrain>::Edge(Edge::West), Kind::RiverSide, &map),
        Zone::RiverSide(Edge::West)
    );
    let v5 = map.feature("V5").unwrap().hexes.clone();
    assert_eq!(
        kind::switch(&within, Kind::Hexes, &map),
        Zone::Hexes(v5),
        "listing the hexes of the feature inside"
    );
    assert_eq!(
        kind::switch(&within, Kind::Everywhere, &map),
        Zone::Everywhere
    );
}

#[test]
fn a_list_gets_entries_added_moved_and_removed() {
    let mut h = form(Zone::Union(vec![Zone::Feature("V4".into())]));
    h.get_by_label("×").click();
    h.run();
    assert_eq!(
        h.state().zone,
        Zone::Union(vec![Zone::Feature("V4".into())]),
        "the last entry cannot be removed"
    );

    h.get_by_label("+ Add").click();
    h.run();
    assert_eq!(
        h.state().zone,
        Zone::Union(vec![Zone::Feature("V4".into()), Zone::Feature("V5".into())])
    );

    h.get_all_by_label("Down").next().unwrap().click();
    h.run();
    assert_eq!(
        h.state().zone,
        Zone::Union(vec![Zone::Feature("V5".into()), Zone::Feature("V4".into())])
    );

    h.get_all_by_label("×").next().unwrap().click();
    h.run();
    assert_eq!(
        h.state().zone,
        Zone::Union(vec![Zone::Feature("V4".into())])
    );
}

#[test]
fn listed_hexes_are_picked_several_at_a_time_typed_and_removed() {
    let mut h = form(Zone::Hexes(Vec::new()));
    let map = h.state().map.clone();
    h.get_by_label("Pick hexes").click();
    h.run();
    for hex in [Coord(4, 12), Coord(5, 12)] {
        assert_eq!(h.state().picker.armed.map(|(_, k)| k), Some(PickKind::Hex));
        h.state_mut().picker.click(hex, &map);
        h.run();
    }
    assert_eq!(
        h.state().zone,
        Zone::Hexes(vec![Coord(4, 12), Coord(5, 12)])
    );
    assert!(h.state().picker.armed.is_some(), "still picking");
    h.get_by_label("Pick hexes").click();
    h.run();
    assert!(h.state().picker.armed.is_none(), "stopped");

    let input = || By::new().role(Role::TextInput);
    h.get(input()).set_text_value_accesskit("0610");
    h.run();
    h.get_by_label("Add").click();
    h.run();
    assert_eq!(
        h.state().zone,
        Zone::Hexes(vec![Coord(4, 12), Coord(5, 12), Coord(6, 10)])
    );

    h.get(input()).set_text_value_accesskit("9999");
    h.run();
    h.get_by_label("Add").click();
    h.run();
    h.get_by_label("9999 is off the map");
    h.get(input()).set_text_value_accesskit("x1");
    h.run();
    h.get_by_label("Add").click();
    h.run();
    h.get_by_label_contains("is not a hex label");
    assert_eq!(
        h.state().zone,
        Zone::Hexes(vec![Coord(4, 12), Coord(5, 12), Coord(6, 10)])
    );

    h.get_by_label("0512 ×").click();
    h.run();
    assert_eq!(
        h.state().zone,
        Zone::Hexes(vec![Coord(4, 12), Coord(6, 10)])
    );
}

#[test]
fn invalid_text_keeps_the_zone_and_shows_the_error_until_fixed() {
    let start = Zone::Within {
        distance: 2,
        of: feature("V11"),
    };
    let mut h = form(start.clone());
    h.get_by_label("Edit as text (RON)").click();
    h.run();
    let text = || By::new().role(Role::MultilineTextInput);
    h.get(text())
        .set_text_value_accesskit("Within(distance: 2, of: Feature(\"V11\"");
    h.run();
    h.run();
    h.run();
    assert_eq!(h.state().zone, start, "kept while the text is invalid");
    h.get_by_label_contains("Not a zone yet");

    h.get(text())
        .set_text_value_accesskit("AtLeast(distance: 4, from: Feature(\"V11\"))");
    h.run();
    h.run();
    assert_eq!(
        h.state().zone,
        Zone::AtLeast {
            distance: 4,
            from: feature("V11"),
        }
    );
    assert!(h.query_by_label_contains("Not a zone yet").is_none());
}

#[test]
fn every_clause_can_be_chosen_and_its_defaults_compile_on_the_builtin_map() {
    let mut h = form(Zone::Everywhere);
    let map = h.state().map.clone();
    for k in Kind::ALL {
        h.state_mut().zone = Zone::Everywhere;
        h.run();
        choose(&mut h, "Anywhere", &k.label_on(&map));
        let zone = h.state().zone.clone();
        assert_eq!(zone.kind(), k, "{zone:?}");
        let (set, problems) = compile(&map, &zone);
        assert!(problems.is_empty(), "{}: {problems:?}", k.label());
        // Listed hexes start empty, to be picked; every other default names some hexes.
        assert_eq!(set.is_empty(), k == Kind::Hexes, "{}: {zone:?}", k.label());
    }
}

/// The clause chooser shows the direction a sector or a "beyond" really has (never the fixed
/// example "NE" of its kind's name), and a zone within 0 hexes of an edge reads "on the east
/// edge", not "in the east edge".
#[test]
fn the_clause_chooser_and_the_reading_say_what_the_zone_is() {
    let h = form(Zone::Sector {
        toward: Compass::SW,
        of: feature("V4"),
        within: None,
        at_least: None,
        half_angle: 45,
    });
    h.get(
        By::new()
            .role(Role::ComboBox)
            .value("Sector (to the south-west of…)"),
    );
    assert!(h.query_by_label_contains("NE").is_none());
    let h = form(Zone::Beyond {
        toward: Compass::S,
        of: feature("V4"),
        inclusive: false,
    });
    h.get(By::new().role(Role::ComboBox).value("Beyond (south of…)"));
    let h = form(Zone::Within {
        distance: 0,
        of: Box::new(Zone::Edge(Edge::East)),
    });
    h.get_by_label("on the east edge");
    assert!(h.query_by_label_contains("in the east edge").is_none());
}

/// The words around a distance agree with it: "within [1] hex of", "[1] hex or more from",
/// "within [2] hexes of".
#[test]
fn the_words_around_a_distance_agree_with_it() {
    let texts = |h: &Harness<'_, Form>| -> Vec<String> {
        fn walk(shape: &egui::Shape, out: &mut Vec<String>) {
            match shape {
                egui::Shape::Text(t) => out.push(t.galley.text().to_string()),
                egui::Shape::Vec(v) => v.iter().for_each(|s| walk(s, out)),
                _ => {}
            }
        }
        let mut out = Vec::new();
        for s in &h.output().shapes {
            walk(&s.shape, &mut out);
        }
        out
    };
    let mut h = form(Zone::Within {
        distance: 1,
        of: feature("V4"),
    });
    let shown = texts(&h);
    assert!(shown.iter().any(|t| t == "hex of"), "{shown:?}");
    assert!(!shown.iter().any(|t| t == "hexes of"), "{shown:?}");
    h.get_by_role(Role::SpinButton).set_value_accesskit(2.0);
    h.run();
    assert!(texts(&h).iter().any(|t| t == "hexes of"));

    let h = form(Zone::AtLeast {
        distance: 1,
        from: feature("V4"),
    });
    let shown = texts(&h);
    assert!(shown.iter().any(|t| t == "hex or more from"), "{shown:?}");

    let h = form(Zone::Between {
        chain: vec![Zone::Feature("V4".into()), Zone::Feature("V5".into())],
        include_ends: true,
        slack: 1,
    });
    let shown = texts(&h);
    assert!(shown.iter().any(|t| t == "hex of detour"), "{shown:?}");
}

/// The feature clause's examples are the map's own codes, not the Rifle & Saber map's "V4,
/// H26" (issue 37 §17: shown on custom maps that have neither).
#[test]
fn the_feature_clause_names_the_maps_own_codes() {
    let mut map = crate::files::new_map();
    let none = form_on(Zone::Feature("V1".into()), map.clone());
    none.get(
        By::new()
            .role(Role::ComboBox)
            .value("Feature (the map has none)"),
    );
    for (code, at) in [
        ("V1", Coord(2, 2)),
        ("W2", Coord(3, 3)),
        ("H3", Coord(4, 4)),
    ] {
        map.features.push(saber_schema::model::map::Feature {
            code: code.into(),
            name: None,
            hexes: vec![at],
            label: None,
        });
    }
    assert_eq!(Kind::Feature.label_on(&map), "Feature (V1, W2…)");
    let mut h = form_on(Zone::Feature("V1".into()), map);
    choose(&mut h, "Feature (V1, W2…)", "Within N hexes of…");
    h.get(By::new().role(Role::ComboBox).value("Within N hexes of…"))
        .click();
    h.run();
    h.get_by_label("Feature (V1, W2…)");
    assert!(h.query_by_label_contains("V4, H26").is_none());
}
