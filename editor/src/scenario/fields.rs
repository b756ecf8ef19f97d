//! Small fields shared by both games' forms: side, turn, level and marker pickers, unit-type
//! and counter sets, the move/remove buttons of a list, named text fields and values typed as
//! text (hexes by their numbers, word lists); tables with their rows' names kept in view are
//! [`table`].
//!
//! Every field edits its value in place and only writes when the user acts, so showing a form
//! never changes the scenario (the app's undo compares the scenario before and after a frame).

use std::collections::BTreeMap;
use std::ops::RangeInclusive;

use egui::{Id, Response, RichText, Ui};
use saber_schema::model::counter::{Counter, CounterName, NoCounter};
use saber_schema::model::hex::{Coord, Grid};
use saber_schema::model::limits;
use saber_schema::model::scenario::Side;
use saber_schema::model::victory::{EITHER_SIDE, Level};
use saber_schema::ruleset::{MarkerKind, Ruleset, UnitKind};

pub mod table;

/// The five levels of victory, lowest first.
pub const LEVELS: [Level; 5] = [
    Level::Marginal,
    Level::Tactical,
    Level::Moderate,
    Level::Substantive,
    Level::Decisive,
];

/// The level's name as the scenarios print it.
pub fn level_name(level: Level) -> &'static str {
    match level {
        Level::Marginal => "Marginal",
        Level::Tactical => "Tactical",
        Level::Moderate => "Moderate",
        Level::Substantive => "Substantive",
        Level::Decisive => "Decisive",
    }
}

/// A combo box's width: egui's usual one, fitted to the row as [`fit`] does.
pub fn combo_width(ui: &Ui) -> f32 {
    fit(ui, ui.spacing().combo_width)
}

/// The tag of a table that scrolls sideways, whose cells keep their widths.
pub const TABLE: &str = "saber-table";

/// The least width a field is given beside others in a row; with less room left it starts
/// the next line (the forms' rows wrap) and has the whole line.
const FIELD_MIN: f32 = 80.0;

/// A field's width: `want`, or what is left of the row when that is less, so that a narrow
/// side panel (about 200 px in a window 640 px wide) never cuts a field (issue 37 §5). When
/// little is left, the field takes a line of its own in a wrapping row. In a [`TABLE`]'s cell,
/// `want`.
pub fn fit(ui: &Ui, want: f32) -> f32 {
    if ui.stack().iter().any(|n| n.tags().contains(TABLE)) {
        // A table's cell keeps its width: the table scrolls sideways (fitted to what each
        // cell had left, a column's fields came out of as many widths).
        return want;
    }
    // In a row that wraps, the gap before the field is taken from what is left too, and a
    // field with too little left starts the next line, where it has the whole line.
    let wraps = ui.layout().is_horizontal() && ui.layout().main_wrap();
    let gap = if wraps {
        ui.spacing().item_spacing.x
    } else {
        0.0
    };
    // A wrapping row's available width is its whole line's: what is left of it is measured
    // from the cursor.
    let left = ui.max_rect().right() - ui.cursor().left();
    let room = ui.available_width().min(left) - gap;
    if room >= want.min(FIELD_MIN) || !wraps {
        want.min(room)
    } else {
        want.min(ui.max_rect().width())
    }
    .max(24.0)
}

/// `n` pairs of a name and its count (`pair(ui, i)` adds the `i`th's two widgets) in a grid of
/// at most `most` pairs a row, fewer when the panel holds fewer: a pair is never split across
/// two lines, as a wrapping row split "IP" from its count.
pub fn pairs_grid(
    ui: &mut Ui,
    id: Id,
    n: usize,
    most: usize,
    mut pair: impl FnMut(&mut Ui, usize),
) {
    // A code and its count take about this much.
    const PAIR: f32 = 96.0;
    let per_row = ((ui.available_width() / PAIR) as usize).clamp(1, most.max(1));
    egui::Grid::new(id).num_columns(2 * per_row).show(ui, |ui| {
        for i in 0..n {
            pair(ui, i);
            if i % per_row == per_row - 1 {
                ui.end_row();
            }
        }
    });
}

/// A section's title (a collapsing header's) wrapped to the panel's width: egui lays a
/// header's text out on one line, which a long side name ("Confederates — confederates")
/// pushed past a narrow panel's edge. Laid out here, as only a laid-out text keeps its wrap.
pub fn title(ui: &Ui, text: impl Into<RichText>) -> egui::WidgetText {
    let job = egui::WidgetText::from(text.into()).into_layout_job(
        ui.style(),
        egui::FontSelection::Style(egui::TextStyle::Button),
        egui::Align::Center,
    );
    let mut job = std::sync::Arc::unwrap_or_clone(job);
    // The header's icon and its padding stand before the text.
    job.wrap.max_width = (ui.available_width() - ui.spacing().indent - 8.0).max(40.0);
    egui::WidgetText::Galley(ui.fonts_mut(|f| f.layout_job(job)))
}

/// The least width of a panel whose forms put each name beside its field; a narrower one
/// puts the name above its field, which then has the whole width.
const BESIDE_MIN: f32 = 280.0;

/// A form's rows of a name and its field: a grid of two columns in a wide panel, each name
/// above its field in a narrow one (issue 37 §5). `rows` adds them with [`Rows::row`].
pub fn form_rows<R>(ui: &mut Ui, id: Id, rows: impl FnOnce(&mut Rows<'_>) -> R) -> R {
    if ui.available_width() >= BESIDE_MIN {
        egui::Grid::new(id)
            .num_columns(2)
            .show(ui, |ui| rows(&mut Rows { ui, beside: true }))
            .inner
    } else {
        rows(&mut Rows { ui, beside: false })
    }
}

/// The rows of [`form_rows`].
pub struct Rows<'u> {
    ui: &'u mut Ui,
    beside: bool,
}

impl Rows<'_> {
    /// A row: `name`, and what `field` adds (the field, and what it says below it: one cell).
    pub fn row<R>(&mut self, name: &str, field: impl FnOnce(&mut Ui) -> R) -> R {
        self.ui.label(name);
        if self.beside {
            let r = self.ui.vertical(field).inner;
            self.ui.end_row();
            r
        } else {
            field(self.ui)
        }
    }
}

/// A row of a two-column grid: `name`, and the field `field` adds, labelled by it (for screen
/// readers and tests).
pub fn labelled_row(ui: &mut Ui, name: &str, field: impl FnOnce(&mut Ui) -> Response) -> Response {
    let l = ui.label(name);
    let r = field(ui).labelled_by(l.id);
    ui.end_row();
    r
}

/// A side as the forms name it: its id and its name, whichever game's side it is.
pub trait SideName {
    /// The side's id.
    fn id(&self) -> &str;
    /// The side's name.
    fn name(&self) -> &str;
}

impl SideName for Side {
    fn id(&self) -> &str {
        &self.id
    }

    fn name(&self) -> &str {
        &self.name
    }
}

/// What the side combo shows for a side id: the side's name, "either side", or the unknown id.
pub fn side_label(sides: &[impl SideName], id: &str) -> String {
    if id == EITHER_SIDE {
        return "either side".into();
    }
    sides
        .iter()
        .find(|s| s.id() == id)
        .map(|s| s.name().to_string())
        .unwrap_or_else(|| format!("`{id}` (no such side)"))
}

/// A combo (`combo`: its id and size) choosing `value` among `choices`, each shown as `label`
/// says. Its response, to be named for screen readers or given a tooltip.
pub fn one_of<T: PartialEq, L: Into<egui::WidgetText>>(
    ui: &mut Ui,
    combo: egui::ComboBox,
    value: &mut T,
    choices: impl IntoIterator<Item = T>,
    label: impl Fn(&T) -> L,
) -> Response {
    combo
        .selected_text(label(value))
        .show_ui(ui, |ui| {
            for c in choices {
                let shown = label(&c);
                ui.selectable_value(value, c, shown);
            }
        })
        .response
}

/// A combo choosing a side by id; `either` adds the "either side" choice of victory
/// conditions (11.7: "Whoever holds …").
pub fn side_combo(
    ui: &mut Ui,
    id: Id,
    name: &str,
    value: &mut String,
    sides: &[impl SideName],
    either: bool,
) {
    egui::ComboBox::from_id_salt(id)
        .width(combo_width(ui))
        .selected_text(side_label(sides, value))
        .show_ui(ui, |ui| {
            for s in sides {
                ui.selectable_value(value, s.id().to_string(), s.name())
                    .on_hover_text(format!("side id `{}`", s.id()));
            }
            if either {
                ui.selectable_value(value, EITHER_SIDE.to_string(), "either side")
                    .on_hover_text("whichever side achieves it");
            }
        })
        .response
        .accessible_name(name);
}

/// A Game-Turn on the game's Turn Record Track (R&S: 1 to 20, 15.0), with a hint when it falls
/// after the game's last turn.
pub fn turn_drag(ui: &mut Ui, rules: &Ruleset, value: &mut u32, game_length: u32) {
    turn_on_track(ui, rules.turn_record_track, "15.0", value, game_length);
}

/// A turn from 1 to `track` (the spaces a game's turns may take, `rule` the section saying
/// so), with a hint when it falls after the game's last turn.
pub fn turn_on_track(ui: &mut Ui, track: u32, rule: &str, value: &mut u32, game_length: u32) {
    number(ui, value, 1..=track, "Game-Turn").on_hover_text(format!(
        "Game-Turn, 1 to {track} (the Turn Record Track, {rule})"
    ));
    beyond_hint(ui, *value, game_length);
}

/// A warning beside a turn that the game never reaches.
pub fn beyond_hint(ui: &mut Ui, turn: u32, game_length: u32) {
    if turn > game_length {
        warn(ui, format!("after the last Game-Turn ({game_length})"));
    }
}

/// A warning, in the theme's warning colour.
pub fn warn(ui: &mut Ui, text: impl Into<RichText>) {
    ui.colored_label(ui.visuals().warn_fg_color, text);
}

/// A whole number within `range`, named `name` for screen readers. An out-of-range value
/// read from a file is shown as it is, not clamped, so that showing the form changes nothing.
pub fn number(ui: &mut Ui, value: &mut u32, range: RangeInclusive<u32>, name: &str) -> Response {
    ui.add(
        egui::DragValue::new(value)
            .range(range)
            .clamp_existing_to_range(false),
    )
    .accessible_name(name)
}

/// A number of hexes or points, 0 to the scenario format's largest allowance (a Movement or
/// Range Allowance, a distance), named `name`.
pub fn allowance(ui: &mut Ui, value: &mut u32, name: &str) -> Response {
    number(ui, value, 0..=limits::MAX_ALLOWANCE, name)
}

/// A count kept in `counts` under `key`, none kept for 0: a number up to `most`, dragged at
/// `speed` (`(most, speed)`), named by the label `name`.
pub fn count_in<K: Ord + Copy>(
    ui: &mut Ui,
    counts: &mut BTreeMap<K, u32>,
    key: K,
    (most, speed): (u32, f64),
    name: Id,
) -> Response {
    let mut n = counts.get(&key).copied().unwrap_or(0);
    let drag = egui::DragValue::new(&mut n).range(0..=most).speed(speed);
    let r = ui.add(drag).labelled_by(name);
    if r.changed() {
        if n == 0 {
            counts.remove(&key);
        } else {
            counts.insert(key, n);
        }
    }
    r
}

/// A combo choosing one of the five levels of victory.
pub fn level_combo(ui: &mut Ui, id: Id, name: &str, level: &mut Level) {
    let combo = egui::ComboBox::from_id_salt(id);
    one_of(ui, combo, level, LEVELS, |l| level_name(*l)).accessible_name(name);
}

/// A combo choosing a marker (Trench 10.3, IP 10.2, Limber 4J).
pub fn marker_combo(ui: &mut Ui, id: Id, marker: &mut MarkerKind) {
    egui::ComboBox::from_id_salt(id)
        .selected_text(marker.code())
        .show_ui(ui, |ui| {
            for m in MarkerKind::ALL {
                ui.selectable_value(marker, m, m.code())
                    .on_hover_text(format!("defined in {}", m.rule()));
            }
        })
        .response
        .accessible_name("Marker");
}

/// Tick boxes for a set of unit types, kept in the order they were ticked.
pub fn kinds_ui(ui: &mut Ui, kinds: &mut Vec<UnitKind>) {
    ui.horizontal_wrapped(|ui| {
        for k in UnitKind::ALL {
            let mut on = kinds.contains(&k);
            if ui
                .checkbox(&mut on, k.code())
                .on_hover_text(k.name())
                .changed()
            {
                if on {
                    kinds.push(k);
                } else {
                    kinds.retain(|x| *x != k);
                }
            }
        }
    });
}

/// Tick boxes for a set of counters: the ten unit types and the three markers.
pub fn counters_ui<C: CounterWords>(ui: &mut Ui, counters: &mut Vec<C>, none_means: &str) {
    let all = C::choices();
    ui.horizontal_wrapped(|ui| {
        for (c, code, hover) in all {
            let mut on = counters.contains(&c);
            if ui.checkbox(&mut on, code).on_hover_text(hover).changed() {
                if on {
                    counters.push(c);
                } else {
                    counters.retain(|x| *x != c);
                }
            }
        }
    });
    if counters.is_empty() {
        ui.weak(none_means);
    }
}

/// A game's counters an exit goal may name, each with its code and what it is; none for a
/// game whose exits count any unit (Musket & Saber Quick Play 3.4).
pub trait CounterWords: Clone + PartialEq + CounterName {
    /// Every counter offered.
    fn choices() -> Vec<(Self, &'static str, &'static str)>;
}

/// Rifle & Saber: the unit types, then the markers.
impl CounterWords for Counter {
    fn choices() -> Vec<(Counter, &'static str, &'static str)> {
        UnitKind::ALL
            .into_iter()
            .map(|k| (Counter::Unit(k), k.code(), k.name()))
            .chain(
                MarkerKind::ALL
                    .into_iter()
                    .map(|m| (Counter::Marker(m), m.code(), "marker")),
            )
            .collect()
    }
}

impl CounterWords for NoCounter {
    fn choices() -> Vec<(NoCounter, &'static str, &'static str)> {
        Vec::new()
    }
}

/// A multi-line text field as wide as the panel.
pub fn text_area(ui: &mut Ui, text: &mut String, hint: &str) {
    ui.add(
        egui::TextEdit::multiline(text)
            .hint_text(hint)
            .desired_rows(2)
            .desired_width(f32::INFINITY),
    );
}

/// A change to a list asked for by its buttons, applied after the list is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListOp {
    /// Move item `i` one place up.
    Up(usize),
    /// Move item `i` one place down.
    Down(usize),
    /// Remove item `i`.
    Remove(usize),
}

impl ListOp {
    /// Apply to `items`.
    pub fn apply<T>(self, items: &mut Vec<T>) {
        match self {
            ListOp::Up(i) if i > 0 && i < items.len() => items.swap(i - 1, i),
            ListOp::Down(i) if i + 1 < items.len() => items.swap(i, i + 1),
            ListOp::Remove(i) if i < items.len() => {
                items.remove(i);
            }
            _ => {}
        }
    }
}

/// A list edited in place, one numbered section an item ("2. " and what `title` says of it):
/// its fields (`item`, given the item's id) and its up, down and remove buttons; then a button
/// `add` that appends `new()`.
pub fn sections<T>(
    ui: &mut Ui,
    id: Id,
    items: &mut Vec<T>,
    title: impl Fn(&T) -> String,
    mut item: impl FnMut(&mut Ui, Id, &mut T),
    add: &str,
    new: impl FnOnce() -> T,
) {
    let mut op = None;
    let len = items.len();
    for (i, it) in items.iter_mut().enumerate() {
        let iid = id.with(i);
        let text = format!("{}. {}", i + 1, title(it));
        egui::CollapsingHeader::new(self::title(ui, text))
            .id_salt(iid)
            .default_open(true)
            .show(ui, |ui| {
                item(ui, iid, it);
                ui.horizontal_wrapped(|ui| list_buttons(ui, i, len, 0, &mut op));
            });
    }
    if let Some(op) = op {
        op.apply(items);
    }
    if ui.button(add).clicked() {
        items.push(new());
    }
}

/// Up, down and remove buttons for item `i` of `len`; `min` items must stay.
pub fn list_buttons(ui: &mut Ui, i: usize, len: usize, min: usize, op: &mut Option<ListOp>) {
    if ui
        .add_enabled(i > 0, egui::Button::new("Up").small())
        .clicked()
    {
        *op = Some(ListOp::Up(i));
    }
    if ui
        .add_enabled(i + 1 < len, egui::Button::new("Down").small())
        .clicked()
    {
        *op = Some(ListOp::Down(i));
    }
    remove_button(ui, i, len > min, op);
}

/// A remove button for item `i`.
pub fn remove_button(ui: &mut Ui, i: usize, enabled: bool, op: &mut Option<ListOp>) {
    if ui
        .add_enabled(enabled, egui::Button::new("Remove").small())
        .clicked()
    {
        *op = Some(ListOp::Remove(i));
    }
}

/// A one-line text field named `name` (for screen readers and tests).
pub fn text(ui: &mut Ui, value: &mut String, name: &str, width: f32) -> Response {
    let width = fit(ui, width);
    ui.add(
        egui::TextEdit::singleline(value)
            .desired_width(width)
            .min_size(egui::vec2(width, 0.0)),
    )
    .accessible_name(name)
}

/// A text whose typed form is kept while it does not read as a value (then shown in red with
/// why), and is made anew from the value otherwise.
pub fn typed<T>(
    ui: &mut Ui,
    id: Id,
    name: &str,
    width: f32,
    value: &mut T,
    show: impl Fn(&T) -> String,
    read: impl Fn(&str) -> Result<T, String>,
) {
    let width = fit(ui, width);
    let key = id.with("typed");
    let mut text: String = ui
        .data(|d| d.get_temp::<String>(key))
        .unwrap_or_else(|| show(value));
    let r = ui.add(
        egui::TextEdit::singleline(&mut text)
            .desired_width(width)
            .min_size(egui::vec2(width, 0.0)),
    );
    let r = r.accessible_name(name);
    let mut why = None;
    if r.changed() {
        match read(&text) {
            Ok(v) => *value = v,
            Err(e) => why = Some(e),
        }
    }
    let stale = read(&text).map_or(true, |v| show(&v) != show(value));
    if r.has_focus() || (why.is_some() && stale) {
        ui.data_mut(|d| d.insert_temp(key, text.clone()));
    } else {
        ui.data_mut(|d| d.remove::<String>(key));
    }
    if let Err(e) = read(&text) {
        ui.label(RichText::new(e).color(ui.visuals().error_fg_color));
    }
}

/// Words typed separated by spaces or commas (`0800 0900`, `0800, 0900`): what is typed is
/// kept as typed while the field has focus, so a space typed between two words stays (issue 37
/// §2: the field was made anew from the list each frame, and a trailing space was dropped).
pub fn word_list(ui: &mut Ui, id: Id, name: &str, width: f32, words: &mut Vec<String>) {
    typed(
        ui,
        id,
        name,
        width,
        words,
        |ws| ws.join(" "),
        |t| {
            Ok(t.split(|c: char| c == ',' || c.is_whitespace())
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect())
        },
    );
}

/// Hexes typed as the map's hex numbers, separated by spaces or commas (`0801 1601`).
pub fn hex_list(ui: &mut Ui, id: Id, name: &str, grid: Grid, hexes: &mut Vec<Coord>) {
    typed(
        ui,
        id,
        name,
        160.0,
        hexes,
        |hs| {
            hs.iter()
                .map(|c| grid.label(*c))
                .collect::<Vec<_>>()
                .join(" ")
        },
        |t| {
            t.split(|c: char| c == ',' || c.is_whitespace())
                .filter(|s| !s.is_empty())
                .map(|s| grid.parse_label(s).map_err(|e| format!("`{s}`: {e}")))
                .collect()
        },
    );
}

/// One hex typed as the map's hex number.
pub fn hex(ui: &mut Ui, id: Id, name: &str, grid: Grid, at: &mut Coord) {
    typed(
        ui,
        id,
        name,
        50.0,
        at,
        |c| grid.label(*c),
        |t| {
            grid.parse_label(t.trim())
                .map_err(|e| format!("`{}`: {e}", t.trim()))
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_ops_move_and_remove_within_bounds() {
        let mut v = vec![1, 2, 3];
        ListOp::Up(0).apply(&mut v);
        assert_eq!(v, [1, 2, 3], "the first cannot go up");
        ListOp::Down(0).apply(&mut v);
        assert_eq!(v, [2, 1, 3]);
        ListOp::Up(2).apply(&mut v);
        assert_eq!(v, [2, 3, 1]);
        ListOp::Down(2).apply(&mut v);
        assert_eq!(v, [2, 3, 1], "the last cannot go down");
        ListOp::Remove(1).apply(&mut v);
        assert_eq!(v, [2, 1]);
        ListOp::Remove(5).apply(&mut v);
        assert_eq!(v, [2, 1]);
    }
}
