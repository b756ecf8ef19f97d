//! The zone builder: edits a zone expression (scenario::Zone) of any clause.
//!
//! Interface used by the other forms: [`zone_ui`] edits a zone in place; features and hexes are
//! picked on the map through the shared [`Picker`]. The zone is shown as a tree of clauses, each
//! chosen from a list and phrased the way the rules phrase it ("within \[3\] hexes of \[V5\]");
//! power users can edit the RON text instead.

mod kind;
#[cfg(test)]
mod tests;

use crate::scenario::fields::{fit, one_of};
use egui::{Button, ComboBox, DragValue, Id, RichText, TextEdit, Ui};
use saber_schema::model::hex::{Compass, Coord, Edge};
use saber_schema::model::limits::{self, MAX_DISTANCE};
use saber_schema::model::map::{Map, parse_feature_code};
use saber_schema::model::zone::{KindName, TerrainName, Zone, ZoneDialect};
use saber_schema::ruleset::Terrain;

use crate::scenario::pick::{PickKind, Picked, Picker};
use kind::{CORNERS, Kind, KindExt, corner_name};

/// What the zone builder needs besides the zone: the map (feature and road names) and the
/// picker (features picked by clicking the map).
pub struct ZoneCx<'a> {
    /// The scenario's map.
    pub map: &'a Map,
    /// The shared picker.
    pub picker: &'a mut Picker,
}

/// A game's words for a `Terrain` clause: the terrains it offers on the map, and the one a new
/// clause starts with.
pub trait ZoneWords:
    Clone + PartialEq + TerrainName + ZoneDialect + serde::Serialize + serde::de::DeserializeOwned
{
    /// The terrains offered on `map`.
    fn terrains(map: &Map) -> Vec<Self>;
    /// The terrain a new `Terrain` clause names.
    fn first(map: &Map) -> Self;
}

/// Rifle & Saber: the terrain types of the Terrain Effects Chart (9.2).
impl ZoneWords for Terrain {
    fn terrains(_: &Map) -> Vec<Terrain> {
        Terrain::ALL.to_vec()
    }
    fn first(_: &Map) -> Terrain {
        Terrain::Woods
    }
}

/// A map with its own chart (Musket & Saber Quick Play 2.2): the chart's hex kinds.
impl ZoneWords for KindName {
    fn terrains(map: &Map) -> Vec<KindName> {
        map.chart
            .iter()
            .flat_map(|c| c.rows.iter())
            .filter(|r| !r.on_hexside)
            .map(|r| KindName(r.id.clone()))
            .collect()
    }
    fn first(map: &Map) -> KindName {
        KindName::terrains(map)
            .into_iter()
            .next()
            .unwrap_or(KindName(String::new()))
    }
}

/// Width of the clause chooser: fits the longest clause name in a ~360 px side panel.
const CLAUSE_WIDTH: f32 = 160.0;
/// Width of the smaller choosers (compass, edge, road, terrain).
const SMALL_WIDTH: f32 = 90.0;

/// A zone in words, its hexes said as the map prints them (the forms hold them on the grid;
/// a map numbered from 0100 prints `0804` for the grid's 8th column, 5th row).
pub fn printed<T: ZoneWords>(zone: &Zone<T>, map: &Map) -> String {
    let mut shown = zone.clone();
    shown.map_hexes(&mut |c| map.grid.numbering.to_printed(c));
    shown.describe()
}

/// Edit `zone` in place. `id` must be unique per zone field (it keys the picker and the
/// widgets' state).
pub fn zone_ui<T: ZoneWords>(ui: &mut Ui, id: Id, zone: &mut Zone<T>, cx: &mut ZoneCx<'_>) {
    ui.push_id(id, |ui| {
        ui.label(RichText::new(printed(zone, cx.map)).italics());
        let mode = id.with("as-text");
        let mut as_text = ui.data(|d| d.get_temp::<bool>(mode)).unwrap_or(false);
        ui.toggle_value(&mut as_text, "Edit as text (RON)")
            .on_hover_text("Edit the zone expression as RON text, as in a scenario file");
        ui.data_mut(|d| d.insert_temp(mode, as_text));
        if as_text {
            text_ui(ui, id, zone);
        } else {
            node_ui(ui, id.with("root"), zone, cx);
        }
    });
}

/// One clause: its chooser, then its fields.
fn node_ui<T: ZoneWords>(ui: &mut Ui, id: Id, zone: &mut Zone<T>, cx: &mut ZoneCx<'_>) {
    ui.push_id(id, |ui| {
        clause_combo(ui, id, zone, cx);
        fields_ui(ui, id, zone, cx);
    });
}

/// A sub-zone, indented under the words that introduce it.
fn sub_ui<T: ZoneWords>(ui: &mut Ui, id: Id, zone: &mut Zone<T>, cx: &mut ZoneCx<'_>) {
    ui.indent(id, |ui| node_ui(ui, id, zone, cx));
}

/// The clause chooser; choosing another clause converts the zone, keeping what carries over.
fn clause_combo<T: ZoneWords>(ui: &mut Ui, id: Id, zone: &mut Zone<T>, cx: &mut ZoneCx<'_>) {
    let current = zone.kind();
    let mut chosen = current;
    ComboBox::from_id_salt(id.with("clause"))
        .selected_text(Kind::shown(zone, cx.map))
        .width(fit(ui, CLAUSE_WIDTH))
        .height(420.0)
        .show_ui(ui, |ui| {
            for k in Kind::ALL.into_iter().filter(|k| k.offered_in::<T>()) {
                ui.selectable_value(&mut chosen, k, k.label_on(cx.map));
            }
        })
        .response
        .accessible_name("Kind of clause")
        .on_hover_text("The kind of clause");
    if chosen != current {
        // Pick ids are positional: a pick armed inside the old clause would land elsewhere.
        cx.picker.cancel();
        *zone = kind::switch(zone, chosen, cx.map);
    }
}

/// The fields of a clause, phrased like the rules.
fn fields_ui<T: ZoneWords>(ui: &mut Ui, id: Id, zone: &mut Zone<T>, cx: &mut ZoneCx<'_>) {
    match zone {
        Zone::Everywhere => hint(ui, "the whole map"),
        Zone::Feature(code) => feature_ui(ui, id, code, cx),
        Zone::Hexes(list) => hexes_ui(ui, id, list, cx),
        Zone::Corner(corner) => {
            ui.horizontal_wrapped(|ui| {
                ui.label("the hex in the");
                let combo = ComboBox::from_id_salt(id.with("corner")).width(fit(ui, SMALL_WIDTH));
                one_of(ui, combo, corner, CORNERS, |c| corner_name(*c)).on_hover_text("Corner");
                ui.label("corner");
            });
        }
        Zone::Edge(edge) => {
            ui.horizontal_wrapped(|ui| {
                ui.label("the hexes along the");
                edge_combo(ui, id.with("edge"), edge);
                ui.label("edge");
            });
        }
        Zone::Road(name) => {
            ui.horizontal_wrapped(|ui| {
                ui.label("every hex of the");
                road_combo(ui, id.with("road"), name, cx.map);
                ui.label("road");
            });
            road_problem(ui, name, cx.map, false);
        }
        Zone::RoadEntry(name) => {
            ui.horizontal_wrapped(|ui| {
                ui.label("arrives on the");
                road_combo(ui, id.with("road"), name, cx.map);
                ui.label("road");
            });
            road_problem(ui, name, cx.map, true);
        }
        Zone::AnyRoad => hint(ui, "every road hex of the map"),
        Zone::Terrain(terrain) => {
            ui.horizontal_wrapped(|ui| {
                ui.label("all");
                let combo = ComboBox::from_id_salt(id.with("terrain")).width(fit(ui, SMALL_WIDTH));
                one_of(ui, combo, terrain, T::terrains(cx.map), |t| {
                    t.name().to_string()
                })
                .on_hover_text("Terrain");
                ui.label("hexes");
            });
        }
        Zone::Slopes => hint(ui, "every slope hex"),
        Zone::Line(items) => {
            ui.label("the line through the centres of, in order:");
            list_ui(ui, id, items, Kind::Line, cx);
        }
        Zone::Within { distance, of } => {
            ui.horizontal_wrapped(|ui| {
                ui.label("within");
                distance_drag(
                    ui,
                    distance,
                    "Hexes; 0: in the zone, 1: on or adjacent to it",
                );
                ui.label(hexes(*distance, "of"));
            });
            sub_ui(ui, id.with("of"), of, cx);
        }
        Zone::AtLeast { distance, from } => {
            ui.horizontal_wrapped(|ui| {
                distance_drag(ui, distance, "Hexes");
                ui.label(hexes(*distance, "or more from"));
            });
            sub_ui(ui, id.with("from"), from, cx);
        }
        Zone::Sector {
            toward,
            of,
            within,
            at_least,
            half_angle,
        } => {
            ui.horizontal_wrapped(|ui| {
                ui.label("to the");
                compass_combo(ui, id.with("toward"), toward);
                ui.label("of");
            });
            sub_ui(ui, id.with("of"), of, cx);
            optional_distance(ui, within, "within", "");
            optional_distance(ui, at_least, "at least", "away");
            ui.horizontal_wrapped(|ui| {
                ui.label("half-angle");
                ui.add(
                    DragValue::new(half_angle)
                        .range(1..=limits::MAX_HALF_ANGLE)
                        .suffix("°"),
                )
                .on_hover_text("Half the sector's opening: 45° makes a quarter-plane");
            });
            if let (Some(max), Some(min)) = (*within, *at_least)
                && min > max
            {
                error(
                    ui,
                    format!("no hex is at least {min} but at most {max} hexes away"),
                );
            }
        }
        Zone::Beyond {
            toward,
            of,
            inclusive,
        } => {
            ui.horizontal_wrapped(|ui| {
                ui.checkbox(inclusive, "on or")
                    .on_hover_text("Also the zone itself and the hexes level with it");
                compass_combo(ui, id.with("toward"), toward);
                ui.label("of");
            });
            sub_ui(ui, id.with("of"), of, cx);
        }
        Zone::Between {
            chain,
            include_ends,
            slack,
        } => {
            ui.checkbox(include_ends, "on the ends too (\"on and between\")")
                .on_hover_text("Unticked: \"between (but not on)\"");
            ui.horizontal_wrapped(|ui| {
                ui.label("widened by");
                ui.add(DragValue::new(slack).range(0..=limits::MAX_SLACK))
                    .on_hover_text("0: only hexes on a shortest path");
                ui.label(hexes(*slack, "of detour"));
            });
            ui.label("between, in order:");
            list_ui(ui, id, chain, Kind::Between, cx);
        }
        Zone::Area(items) => {
            ui.label("the area spanned by:");
            list_ui(ui, id, items, Kind::Area, cx);
        }
        Zone::RiverSide(edge) => {
            ui.horizontal_wrapped(|ui| {
                ui.label("the");
                edge_combo(ui, id.with("edge"), edge);
                ui.label("side of the river");
            });
        }
        Zone::RoadStretch { road, from, to } => {
            ui.horizontal_wrapped(|ui| {
                ui.label("on the");
                road_combo(ui, id.with("road"), road, cx.map);
                ui.label("road between");
            });
            road_problem(ui, road, cx.map, false);
            sub_ui(ui, id.with("from"), from, cx);
            ui.label("and");
            sub_ui(ui, id.with("to"), to, cx);
        }
        Zone::EnemyDeployment => hint(
            ui,
            "where the other side deploys (that side must deploy first)",
        ),
        Zone::EnemyUnits => hint(
            ui,
            "where the other side's units stand once set up, e.g. \"13 hexes or more away from \
             the Spanish\" (that side must deploy first)",
        ),
        Zone::OneOf(items) => {
            ui.label("any one of (chosen at set-up):");
            list_ui(ui, id, items, Kind::OneOf, cx);
        }
        Zone::Union(items) => {
            ui.label("hexes in any of:");
            list_ui(ui, id, items, Kind::Union, cx);
        }
        Zone::Intersection(items) => {
            ui.label("hexes in all of:");
            list_ui(ui, id, items, Kind::Intersection, cx);
        }
        Zone::Difference(these, except) => {
            ui.label("these hexes");
            sub_ui(ui, id.with("these"), these, cx);
            ui.label("except");
            sub_ui(ui, id.with("except"), except, cx);
        }
    }
}

/// The words after a distance: "hex of" for 1, "hexes of" for any other.
fn hexes(distance: u32, then: &str) -> String {
    let noun = if distance == 1 { "hex" } else { "hexes" };
    format!("{noun} {then}")
}

/// A weak explanatory line.
fn hint(ui: &mut Ui, text: &str) {
    ui.weak(text);
}

/// A problem the compiler will also report, shown in the error colour.
fn error(ui: &mut Ui, text: impl Into<String>) {
    ui.colored_label(ui.visuals().error_fg_color, text.into());
}

/// A distance in hexes, within the compiler's limit.
fn distance_drag(ui: &mut Ui, distance: &mut u32, hover: &str) {
    ui.add(DragValue::new(distance).range(0..=MAX_DISTANCE).speed(0.1))
        .on_hover_text(hover);
}

/// An optional limit: a checkbox, and the distance when ticked ("[x] within [3] hexes",
/// "[x] at least [1] hex away"; `after` follows the noun).
fn optional_distance(ui: &mut Ui, value: &mut Option<u32>, before: &str, after: &str) {
    ui.horizontal_wrapped(|ui| {
        let mut on = value.is_some();
        if ui.checkbox(&mut on, before).changed() {
            *value = on.then_some(value.unwrap_or(1));
        }
        if let Some(d) = value {
            distance_drag(ui, d, "Hexes from the zone");
            ui.label(hexes(*d, after).trim_end());
        }
    });
}

fn compass_combo(ui: &mut Ui, id: Id, toward: &mut Compass) {
    let combo = ComboBox::from_id_salt(id).width(fit(ui, SMALL_WIDTH));
    one_of(ui, combo, toward, Compass::ALL, |c| c.name())
        .on_hover_text("Direction, north up on the printed map");
}

fn edge_combo(ui: &mut Ui, id: Id, edge: &mut Edge) {
    let combo = ComboBox::from_id_salt(id).width(fit(ui, SMALL_WIDTH));
    one_of(ui, combo, edge, Edge::ALL, |e| e.name()).on_hover_text("Map edge");
}

/// The map's named roads; a name the map lacks is shown in the error colour.
fn road_combo(ui: &mut Ui, id: Id, name: &mut String, map: &Map) {
    let known = map.road(name).is_some();
    let mut shown = RichText::new(if name.is_empty() { "?" } else { name.as_str() });
    if !known {
        shown = shown.color(ui.visuals().error_fg_color);
    }
    ComboBox::from_id_salt(id)
        .selected_text(shown)
        .width(fit(ui, SMALL_WIDTH))
        .show_ui(ui, |ui| {
            for road in map.roads.iter().filter_map(|r| r.name.as_deref()) {
                ui.selectable_value(name, road.to_string(), road);
            }
        })
        .response
        .on_hover_text("Road");
}

/// Why a road name will not compile: unknown, or (for an arrival) not reaching an edge (11.0).
fn road_problem(ui: &mut Ui, name: &str, map: &Map, must_reach_edge: bool) {
    match map.road(name) {
        None if map.roads.iter().all(|r| r.name.is_none()) => {
            error(ui, "the map has no named roads")
        }
        None => error(ui, format!("the map has no road named \"{name}\"")),
        Some(r) if must_reach_edge && map.road_edges(r).is_empty() => {
            error(ui, format!("the {name} road does not reach a map edge"))
        }
        Some(_) => {}
    }
}

/// How a feature is listed: its code and proper name, or what its letter stands for.
fn feature_label(map: &Map, code: &str) -> String {
    match map.feature(code).and_then(|f| f.name.as_deref()) {
        Some(name) => format!("{code} {name}"),
        None => match parse_feature_code(code) {
            Some((letter, _)) => format!("{code} ({})", letter.meaning()),
            None => code.to_string(),
        },
    }
}

/// A feature: typed, chosen from the map's features, or picked on the map.
fn feature_ui(ui: &mut Ui, id: Id, code: &mut String, cx: &mut ZoneCx<'_>) {
    let pick = id.with("pick");
    if let Some(Picked::Feature(picked)) = cx.picker.take(pick) {
        *code = picked;
    }
    let known = cx.map.feature(code).is_some();
    let bad = ui.visuals().error_fg_color;
    ui.horizontal_wrapped(|ui| {
        let typed = ui
            .add(
                TextEdit::singleline(code)
                    .id(id.with("code"))
                    .desired_width(fit(ui, 44.0))
                    .text_color_opt((!known).then_some(bad)),
            )
            .on_hover_text("The feature's code, e.g. V4 or H26");
        if typed.changed() {
            *code = code.trim().to_uppercase();
        }
        let shown = if known {
            feature_label(cx.map, code)
        } else {
            "choose…".to_string()
        };
        ComboBox::from_id_salt(id.with("features"))
            .selected_text(shown)
            .width(fit(ui, SMALL_WIDTH + 20.0))
            .height(400.0)
            .show_ui(ui, |ui| {
                for c in cx.map.feature_codes() {
                    ui.selectable_value(code, c.to_string(), feature_label(cx.map, c));
                }
            })
            .response
            .on_hover_text("The map's features");
        let armed = cx.picker.is_armed(pick);
        if ui
            .selectable_label(armed, "Pick")
            .on_hover_text("Then click the feature on the map")
            .clicked()
        {
            cx.picker.arm(pick, PickKind::Feature);
        }
    });
    if !known {
        if code.is_empty() {
            error(ui, "choose a feature");
        } else {
            error(ui, format!("{code} is not a feature of this map"));
        }
    }
}

/// Listed hexes: picked on the map (the picker stays armed to pick several; picking a listed
/// hex again drops it) or typed as `CCRR` labels; each can be removed.
fn hexes_ui(ui: &mut Ui, id: Id, list: &mut Vec<Coord>, cx: &mut ZoneCx<'_>) {
    let grid = cx.map.grid;
    let pick = id.with("pick-hex");
    if let Some(Picked::Hex(c)) = cx.picker.take(pick) {
        match list.iter().position(|h| *h == c) {
            Some(i) => {
                list.remove(i);
            }
            None => list.push(c),
        }
        if cx.picker.armed.is_none() {
            cx.picker.arm(pick, PickKind::Hex);
        }
    }
    if list.is_empty() {
        hint(ui, "no hexes yet: pick them on the map or type a label");
    }
    let mut remove = None;
    ui.horizontal_wrapped(|ui| {
        for (i, c) in list.iter().enumerate() {
            let mut text = RichText::new(format!("{} ×", grid.label(*c)));
            if !grid.contains(*c) {
                text = text.color(ui.visuals().error_fg_color);
            }
            if ui.small_button(text).on_hover_text("Remove").clicked() {
                remove = Some(i);
            }
        }
    });
    if let Some(i) = remove {
        list.remove(i);
    }
    let off_map = list.iter().filter(|c| !grid.contains(**c)).count();
    if off_map > 0 {
        error(
            ui,
            format!(
                "{off_map} hex(es) off the {} × {} map",
                grid.width, grid.height
            ),
        );
    }

    // The label being typed and why it was refused, kept between frames.
    let key = id.with("typed");
    let (mut typed, mut problem) = ui
        .data(|d| d.get_temp::<(String, Option<String>)>(key))
        .unwrap_or_default();
    ui.horizontal_wrapped(|ui| {
        let r = ui.add(
            TextEdit::singleline(&mut typed)
                .id(id.with("label"))
                .hint_text("0412")
                .desired_width(fit(ui, 52.0)),
        );
        if r.changed() {
            problem = None;
        }
        let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if ui.small_button("Add").clicked() || enter {
            // Read in the map's own numbers, as its labels are shown.
            match grid.parse_label(&typed) {
                Ok(c) if !grid.contains(c) => {
                    problem = Some(format!("{} is off the map", grid.label(c)));
                }
                Ok(c) => {
                    if !list.contains(&c) {
                        list.push(c);
                    }
                    typed.clear();
                }
                Err(e) => problem = Some(e.to_string()),
            }
        }
        let armed = cx.picker.is_armed(pick);
        if ui
            .selectable_label(armed, "Pick hexes")
            .on_hover_text(
                "Click hexes on the map to add them (again to drop one); click here to stop",
            )
            .clicked()
        {
            cx.picker.arm(pick, PickKind::Hex);
        }
    });
    if let Some(p) = &problem {
        error(ui, p.clone());
    }
    ui.data_mut(|d| d.insert_temp(key, (typed, problem)));
}

/// What a list row asked for.
enum ListOp {
    Up(usize),
    Down(usize),
    Remove(usize),
}

/// The entries of a list clause, each with its own clause chooser and buttons to move or
/// remove it, and a button to add one (within the schema's bounds for `kind`).
fn list_ui<T: ZoneWords>(
    ui: &mut Ui,
    id: Id,
    items: &mut Vec<Zone<T>>,
    kind: Kind,
    cx: &mut ZoneCx<'_>,
) {
    let (min, max) = kind.list_bounds().unwrap_or((0, usize::MAX));
    let n = items.len();
    let mut op = None;
    for (i, item) in items.iter_mut().enumerate() {
        let item_id = id.with(("item", i));
        ui.push_id(item_id, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label(format!("{}.", i + 1));
                clause_combo(ui, item_id, item, cx);
                if ui
                    .add_enabled(i > 0, Button::new("Up").small())
                    .on_hover_text("Move up")
                    .clicked()
                {
                    op = Some(ListOp::Up(i));
                }
                if ui
                    .add_enabled(i + 1 < n, Button::new("Down").small())
                    .on_hover_text("Move down")
                    .clicked()
                {
                    op = Some(ListOp::Down(i));
                }
                if ui
                    .add_enabled(n > min, Button::new("×").small())
                    .on_hover_text("Remove")
                    .clicked()
                {
                    op = Some(ListOp::Remove(i));
                }
            });
            ui.indent(item_id, |ui| fields_ui(ui, item_id, item, cx));
        });
    }
    if let Some(op) = op {
        // Entries change place, and with them the ids their picks were armed under.
        cx.picker.cancel();
        match op {
            ListOp::Up(i) => items.swap(i - 1, i),
            ListOp::Down(i) => items.swap(i, i + 1),
            ListOp::Remove(i) => {
                items.remove(i);
            }
        }
    }
    if n < min {
        error(ui, format!("needs at least {min} entries"));
    }
    if ui
        .add_enabled(items.len() < max, Button::new("+ Add").small())
        .on_hover_text("Add an entry")
        .clicked()
    {
        let used: Vec<&Zone<T>> = items.iter().collect();
        let next = kind::fresh_feature(cx.map, &used);
        items.push(next);
    }
}

/// The zone as RON text, editable. While the text does not parse, the zone is kept and the
/// error stays shown.
fn text_ui<T: ZoneWords>(ui: &mut Ui, id: Id, zone: &mut Zone<T>) {
    let current = ron::to_string(zone).unwrap_or_default();
    let key = id.with("text");
    // (the zone's text when editing began, the text being edited); a zone changed elsewhere
    // (undo, the structured builder) restarts from its own text.
    let (mut from, mut text) = ui
        .data(|d| d.get_temp::<(String, String)>(key))
        .filter(|(from, _)| *from == current)
        .unwrap_or_else(|| (current.clone(), current.clone()));
    ui.add(
        TextEdit::multiline(&mut text)
            .id(id.with("text-edit"))
            .code_editor()
            .desired_rows(2)
            .desired_width(f32::INFINITY),
    )
    .on_hover_text("The zone in RON, as written in scenario files");
    if text != from {
        match ron::from_str::<Zone<T>>(&text) {
            Ok(z) => {
                if z != *zone {
                    *zone = z;
                }
                from = ron::to_string(zone).unwrap_or_default();
            }
            Err(e) => error(ui, format!("Not a zone yet (the zone is kept): {e}")),
        }
    }
    ui.data_mut(|d| d.insert_temp(key, (from, text)));
}
