//! The wizard "New scenario from a historical battle" (11.18): the battle, its two sides'
//! historical strengths, the scale, then a review of the factoring before a scenario skeleton
//! is made.
//!
//! The wizard edits a [`Battle`] in place and leaves all arithmetic to `saber_schema::factor`:
//! [`factor::validate`] decides what blocks Next, [`factor::factor`] and [`factor::report`] give
//! the review, and [`factor::skeleton`] the scenario. So the wizard and `saberc factor` always
//! agree.

use std::collections::BTreeMap;

use egui::{Id, RichText, Ui};
use saber_schema::factor::{self, Anchor, DEFAULT_GAME_LENGTH, DEFAULT_MAP};
use saber_schema::model::battle::{
    BATTLE_FORMAT, Battle, GunKind, HistoricalSide, MenKind, Scale, Thresholds,
};
use saber_schema::model::limits;
use saber_schema::model::map::Map;
use saber_schema::model::scenario::{CounterColor, Scenario};
use saber_schema::ruleset::Morale;

use crate::scenario::fields::{self, labelled_row, one_of};

/// Troops counted in men, in the order of the Unit Identification Chart (2.31).
const MEN: [MenKind; 5] = [
    MenKind::MZ,
    MenKind::EB,
    MenKind::LB,
    MenKind::CY,
    MenKind::MR,
];

/// Pieces counted in guns, in the order of the Unit Identification Chart (2.31).
const GUNS: [GunKind; 5] = [
    GunKind::MG,
    GunKind::MA,
    GunKind::MAh,
    GunKind::BA,
    GunKind::BAh,
];

/// Width of the wizard's content: the factoring report's table rows fit on one line each.
const WIDTH: f32 = 620.0;

/// Height of the wizard's pages (less on a small screen, where they scroll).
const HEIGHT: f32 = 600.0;

/// The wizard's pages, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Step {
    #[default]
    Battle,
    Sides,
    Scale,
    Review,
}

impl Step {
    const ALL: [Step; 4] = [Step::Battle, Step::Sides, Step::Scale, Step::Review];

    fn index(self) -> usize {
        Step::ALL.iter().position(|s| *s == self).unwrap_or(0)
    }

    fn title(self) -> &'static str {
        match self {
            Step::Battle => "The battle",
            Step::Sides => "The sides",
            Step::Scale => "Scale and map",
            Step::Review => "Review",
        }
    }

    fn next(self) -> Step {
        Step::ALL[(self.index() + 1).min(Step::ALL.len() - 1)]
    }

    fn back(self) -> Step {
        Step::ALL[self.index().saturating_sub(1)]
    }
}

/// Where a validation error is shown: beside the fields it is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Spot {
    /// The battle's own fields (name, duration).
    Battle,
    /// One side's fields.
    Side(usize),
    /// Both sides together (same colour, same id).
    Sides,
    /// The scale.
    Scale,
}

/// A side typed as one line of `saberc factor --side`; `from` is the line the side had when the
/// text was last in step with it, so an edit elsewhere (the structured fields) replaces the text.
#[derive(Debug, Clone, Default)]
struct SideText {
    from: String,
    text: String,
    error: Option<String>,
}

/// The wizard's state; kept between frames by the app.
#[derive(Debug)]
pub struct Wizard {
    /// Is the wizard showing?
    pub open: bool,
    step: Step,
    battle: Battle,
    side_text: [SideText; 2],
    /// Chosen map id; empty or unknown means the first map offered.
    map: String,
    /// Game length chosen on the review page.
    game_length: u32,
    /// Next was pressed with errors on this page: show them at their fields.
    show_errors: bool,
}

impl Default for Wizard {
    fn default() -> Wizard {
        Wizard {
            open: false,
            step: Step::default(),
            battle: new_battle(),
            side_text: Default::default(),
            map: String::new(),
            game_length: DEFAULT_GAME_LENGTH,
            show_errors: false,
        }
    }
}

fn new_side(color: CounterColor) -> HistoricalSide {
    HistoricalSide {
        name: String::new(),
        id: None,
        color: Some(color),
        morale: Morale::Normal,
        men: BTreeMap::new(),
        guns: BTreeMap::new(),
    }
}

fn new_battle() -> Battle {
    Battle {
        schema: None,
        format: Some(BATTLE_FORMAT.into()),
        name: String::new(),
        date: String::new(),
        portion: None,
        duration_minutes: None,
        source: String::new(),
        notes: String::new(),
        sides: vec![new_side(CounterColor::Red), new_side(CounterColor::Blue)],
        // 11.18's defaults: 100 men or six guns a unit (within "100 to 150 men, or four to six
        // guns"), forces at full strength.
        scale: Scale::default(),
        thresholds: Thresholds::default(),
    }
}

/// A valid side standing in for one the check is not about, with an id that cannot clash with
/// `other`'s (ids are made from names, 11.18's factoring refuses two sides with one id).
fn stand_in(index: usize, other: &HistoricalSide) -> HistoricalSide {
    let other_id = other
        .id
        .clone()
        .unwrap_or_else(|| factor::slug(&other.name));
    let id = [format!("stand-in-{index}"), format!("stand-in-{index}-b")]
        .into_iter()
        .find(|c| *c != other_id)
        .unwrap_or_default();
    HistoricalSide {
        name: format!("Side {}", index + 1),
        id: Some(id),
        color: None,
        morale: Morale::Normal,
        men: [(MenKind::MZ, 100)].into_iter().collect(),
        guns: BTreeMap::new(),
    }
}

/// One side as a `saberc factor --side` line: `British (Red): 1200 MZ, 12 MA`.
fn side_line(side: &HistoricalSide) -> String {
    // An empty side is an empty line, which shows the example as a hint.
    if side.name.is_empty() && side.men.is_empty() && side.guns.is_empty() {
        return String::new();
    }
    let color = side
        .color
        .map(|c| format!(" ({})", capitalised(c.name())))
        .unwrap_or_default();
    let items: Vec<String> = MEN
        .iter()
        .filter_map(|k| side.men.get(k).map(|n| (*n, k.unit_kind())))
        .chain(
            GUNS.iter()
                .filter_map(|k| side.guns.get(k).map(|n| (*n, k.unit_kind()))),
        )
        .filter(|(n, _)| *n > 0)
        .map(|(n, kind)| format!("{n} {}", kind.code()))
        .collect();
    format!("{}{color}: {}", side.name, items.join(", "))
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

fn men_description(kind: MenKind) -> &'static str {
    match kind {
        MenKind::MZ => "Men of infantry with muzzle-loading rifles (2.31)",
        MenKind::EB => "Men of infantry with early breech-loading rifles (2.31)",
        MenKind::LB => "Men of infantry with late breech-loading (magazine) rifles (2.31)",
        MenKind::CY => "Men of cavalry (2.31)",
        MenKind::MR => "Men of mounted rifles (2.31)",
    }
}

fn guns_description(kind: GunKind) -> &'static str {
    match kind {
        GunKind::MG => "Machine guns (2.31)",
        GunKind::MA => "Guns of muzzle-loading foot artillery (2.31)",
        GunKind::MAh => "Guns of muzzle-loading horse artillery (2.31)",
        GunKind::BA => "Guns of breech-loading foot artillery (2.31)",
        GunKind::BAh => "Guns of breech-loading horse artillery (2.31)",
    }
}

fn morale_name(m: Morale) -> &'static str {
    match m {
        Morale::High => "High",
        Morale::Normal => "Normal",
        Morale::Demoralized => "Demoralized",
    }
}

fn error_label(ui: &mut Ui, message: &str) {
    ui.colored_label(ui.visuals().error_fg_color, message);
}

/// A map the wizard offers: its id and name, and where a skeleton on it places the sides (only
/// features the map has).
#[derive(Debug, Clone)]
pub struct MapOffer {
    /// The map's id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Where the sides start ([`Anchor::on`]).
    pub anchors: [Anchor; 2],
}

impl MapOffer {
    /// The offer of `map`.
    pub fn of(map: &Map) -> MapOffer {
        MapOffer {
            id: map.id.clone(),
            name: map.name.clone(),
            anchors: Anchor::on(map),
        }
    }
}

impl Wizard {
    /// Show the wizard if open. `maps` are the maps a scenario can use, the one chosen by
    /// default first. Returns the scenario skeleton when "Create scenario" is pressed; the
    /// wizard then closes and starts afresh next time.
    pub fn show(&mut self, ctx: &egui::Context, maps: &[MapOffer]) -> Option<Scenario> {
        if !self.open {
            return None;
        }
        let id = Id::unique("scenario-wizard");
        let mut created = None;
        // The app's other dialogs close only through their buttons; so does this one, so that a
        // stray click beside it does not lose a battle typed in.
        egui::Modal::new(id).show(ctx, |ui| {
            // Narrower only in a window too small for it.
            ui.set_width(WIDTH.min(ctx.content_rect().width() - 60.0).max(300.0));
            ui.heading("New scenario from a historical battle");
            ui.label(
                RichText::new(format!(
                    "Step {} of {}: {}",
                    self.step.index() + 1,
                    Step::ALL.len(),
                    self.step.title()
                ))
                .strong(),
            );
            ui.separator();
            let errors = if self.show_errors {
                self.errors()
            } else {
                Vec::new()
            };
            // One height for every page, so that the buttons stay where they are.
            let height = (ctx.content_rect().height() - 160.0).clamp(200.0, HEIGHT);
            egui::ScrollArea::vertical()
                .id_salt(id.with("scroll"))
                .auto_shrink(false)
                .min_scrolled_height(height)
                .max_height(height)
                .show(ui, |ui| match self.step {
                    Step::Battle => self.battle_ui(ui, id.with("battle"), &errors),
                    Step::Sides => self.sides_ui(ui, id.with("sides"), &errors),
                    Step::Scale => self.scale_ui(ui, id.with("scale"), &errors, maps),
                    Step::Review => self.review_ui(ui, maps),
                });
            ui.separator();
            created = self.buttons_ui(ui, maps);
        });
        if created.is_some() {
            *self = Wizard::default();
        }
        created
    }

    /// The validation errors of the current page, each at its spot; the page's Next is blocked
    /// while there are any.
    fn errors(&self) -> Vec<(Spot, String)> {
        let at = |spot| self.check(spot).map(|e| (spot, e));
        match self.step {
            Step::Battle => at(Spot::Battle).into_iter().collect(),
            Step::Sides => {
                let each: Vec<_> = (0..2).filter_map(|i| at(Spot::Side(i))).collect();
                if each.is_empty() {
                    at(Spot::Sides).into_iter().collect()
                } else {
                    each
                }
            }
            Step::Scale => at(Spot::Scale).into_iter().collect(),
            Step::Review => match factor::validate(&self.battle) {
                Ok(()) => Vec::new(),
                Err(e) => vec![(Spot::Battle, e.to_string())],
            },
        }
    }

    /// [`factor::validate`] on the battle with everything but `spot` replaced by valid stand-ins,
    /// so that the error it gives belongs to `spot`.
    fn check(&self, spot: Spot) -> Option<String> {
        let mut b = self.battle.clone();
        if spot != Spot::Battle {
            b.format = None;
            b.name = "Battle".into();
            b.duration_minutes = None;
        }
        for i in 0..2 {
            let real = spot == Spot::Sides || spot == Spot::Side(i);
            if !real {
                b.sides[i] = stand_in(i, &self.battle.sides[1 - i]);
            }
        }
        if spot != Spot::Scale {
            b.scale = Scale::default();
        }
        let error = factor::validate(&b).err()?.to_string();
        // Ids are made from the names; the file format's remedy (an `id`) is not a field here.
        let slugs = b
            .sides
            .iter()
            .map(|s| factor::slug(&s.name))
            .collect::<Vec<_>>();
        if spot == Spot::Sides && !slugs[0].is_empty() && slugs[0] == slugs[1] {
            return Some(format!(
                "the sides need different names: both make the id {:?}",
                slugs[0]
            ));
        }
        Some(error)
    }

    fn error_at(ui: &mut Ui, errors: &[(Spot, String)], spot: Spot) {
        for (s, message) in errors {
            if *s == spot {
                error_label(ui, message);
            }
        }
    }

    fn battle_ui(&mut self, ui: &mut Ui, id: Id, errors: &[(Spot, String)]) {
        ui.weak(
            "11.18: recreate a historical battle, or a portion of it, from each side's strengths.",
        );
        let b = &mut self.battle;
        egui::Grid::new(id.with("grid"))
            .num_columns(2)
            .spacing([8.0, 6.0])
            .show(ui, |ui| {
                let l = ui.label("Name");
                ui.vertical(|ui| {
                    line(ui, &mut b.name, "Antietam").labelled_by(l.id);
                    Wizard::error_at(ui, errors, Spot::Battle);
                });
                ui.end_row();

                labelled_row(ui, "Date", |ui| line(ui, &mut b.date, "17 September 1862"));

                let l = ui.label("Portion").on_hover_text(
                    "The part of the battle recreated, if not the whole; leave empty for the whole battle",
                );
                let mut portion = b.portion.clone().unwrap_or_default();
                let r = line(ui, &mut portion, "optional: Burnside's Bridge").labelled_by(l.id);
                if r.changed() {
                    b.portion = (!portion.trim().is_empty()).then_some(portion);
                }
                ui.end_row();

                let l = ui.label("Duration").on_hover_text(
                    "How long the fighting lasted; a Game-Turn is five minutes (errata 1.1)",
                );
                ui.horizontal(|ui| {
                    let mut known = b.duration_minutes.is_some();
                    let mut minutes = b.duration_minutes.unwrap_or(60);
                    ui.checkbox(&mut known, "known");
                    ui.add_enabled(
                        known,
                        egui::DragValue::new(&mut minutes)
                            .range(1..=limits::MAX_BATTLE_MINUTES)
                            .suffix(" minutes"),
                    )
                    .labelled_by(l.id);
                    b.duration_minutes = known.then_some(minutes);
                });
                ui.end_row();

                labelled_row(ui, "Source", |ui| {
                    line(ui, &mut b.source, "where the figures come from")
                });
            });
        let l = ui.label("Notes").on_hover_text(
            "A historical note in your own words; it goes into the scenario's notes",
        );
        ui.add(
            egui::TextEdit::multiline(&mut b.notes)
                .desired_rows(4)
                .desired_width(f32::INFINITY),
        )
        .labelled_by(l.id);
    }

    fn sides_ui(&mut self, ui: &mut Ui, id: Id, errors: &[(Spot, String)]) {
        ui.weak(
            "Historical strengths by unit type (2.31): men for infantry and mounted troops, \
             pieces for guns. The first side deploys first and the second moves first; both can \
             be changed in the scenario builder.",
        );
        let sides = &mut self.battle.sides;
        egui::Grid::new(id.with("grid"))
            .num_columns(3)
            .spacing([8.0, 4.0])
            .show(ui, |ui| {
                ui.label("");
                ui.label(RichText::new("First side").strong())
                    .on_hover_text("Deploys first in the new scenario");
                ui.label(RichText::new("Second side").strong())
                    .on_hover_text("Moves first in the new scenario");
                ui.end_row();

                let l = ui.label("Name");
                for side in sides.iter_mut() {
                    ui.add(egui::TextEdit::singleline(&mut side.name).desired_width(150.0))
                        .labelled_by(l.id);
                }
                ui.end_row();

                let l = ui
                    .label("Colour")
                    .on_hover_text("Counter colour: one side red, one blue (2.3)");
                for (i, side) in sides.iter_mut().enumerate() {
                    let combo = egui::ComboBox::from_id_salt(id.with(("color", i))).width(140.0);
                    let colors = [Some(CounterColor::Red), Some(CounterColor::Blue)];
                    let shown = |c: &Option<CounterColor>| {
                        c.map_or("(automatic)".to_string(), |c| capitalised(c.name()))
                    };
                    one_of(ui, combo, &mut side.color, colors, shown).labelled_by(l.id);
                }
                ui.end_row();

                let l = ui.label("Morale").on_hover_text("Morale level (10.1)");
                for (i, side) in sides.iter_mut().enumerate() {
                    let combo = egui::ComboBox::from_id_salt(id.with(("morale", i))).width(140.0);
                    let all = [Morale::High, Morale::Normal, Morale::Demoralized];
                    one_of(ui, combo, &mut side.morale, all, |m| morale_name(*m)).labelled_by(l.id);
                }
                ui.end_row();

                for kind in MEN {
                    let l = ui
                        .label(format!("{} men", kind.unit_kind().code()))
                        .on_hover_text(men_description(kind));
                    for side in sides.iter_mut() {
                        fields::count_in(ui, &mut side.men, kind, (u32::MAX, 10.0), l.id);
                    }
                    ui.end_row();
                }
                for kind in GUNS {
                    let l = ui
                        .label(format!("{} guns", kind.unit_kind().code()))
                        .on_hover_text(guns_description(kind));
                    for side in sides.iter_mut() {
                        fields::count_in(ui, &mut side.guns, kind, (u32::MAX, 1.0), l.id);
                    }
                    ui.end_row();
                }

                if errors.iter().any(|(s, _)| matches!(s, Spot::Side(_))) {
                    ui.label("");
                    for i in 0..2 {
                        ui.vertical(|ui| {
                            ui.set_max_width(160.0);
                            Wizard::error_at(ui, errors, Spot::Side(i));
                        });
                    }
                    ui.end_row();
                }
            });
        Wizard::error_at(ui, errors, Spot::Sides);

        ui.add_space(6.0);
        ui.weak(
            "Or type a side as `saberc factor --side` takes it: NAME (Red|Blue): COUNT CODE, …",
        );
        for i in 0..2 {
            let l = ui.label(if i == 0 {
                "First side as text"
            } else {
                "Second side as text"
            });
            self.side_text_ui(ui, id.with(("side-text", i)), i, l.id);
        }
    }

    /// The side as one line of text; a line that parses replaces the side's name, colour (when
    /// given) and strengths, keeping its morale. The field has an id of its own (`field`): an
    /// error shown or hidden above it (the side becoming valid as its line is typed) must not
    /// change its id, or the field loses the keyboard in the middle of the line.
    fn side_text_ui(&mut self, ui: &mut Ui, field: Id, i: usize, label: Id) {
        let side = &mut self.battle.sides[i];
        let st = &mut self.side_text[i];
        let current = side_line(side);
        if st.from != current {
            st.text = current.clone();
            st.from = current;
            st.error = None;
        }
        let r = ui
            .add(
                egui::TextEdit::singleline(&mut st.text)
                    .id(field)
                    .hint_text("British (Red): 1200 MZ, 12 MA")
                    .desired_width(f32::INFINITY),
            )
            .labelled_by(label);
        if r.changed() {
            match factor::parse_side(&st.text) {
                Ok(parsed) => {
                    side.name = parsed.name;
                    if parsed.color.is_some() {
                        side.color = parsed.color;
                    }
                    side.men = parsed.men;
                    side.guns = parsed.guns;
                    st.from = side_line(side);
                    st.error = None;
                }
                Err(e) => st.error = Some(e),
            }
        }
        if let Some(e) = &st.error {
            error_label(ui, &format!("Not read yet: {e}"));
        }
    }

    fn scale_ui(&mut self, ui: &mut Ui, id: Id, errors: &[(Spot, String)], maps: &[MapOffer]) {
        ui.weak(
            "11.18: \"Each unit type normally represents 100 to 150 men, or four to six guns. \
             Larger forces can be recreated in scale\": the proportion among the arms and the \
             ratio between the sides matter more than the exact numbers.",
        );
        let chosen = self.map_id(maps);
        let mut picked = chosen.clone();
        let scale = &mut self.battle.scale;
        egui::Grid::new(id.with("grid"))
            .num_columns(2)
            .spacing([8.0, 6.0])
            .show(ui, |ui| {
                // A count per unit, from 1 to `most`, and what 11.18 says it normally is.
                let per_unit = |ui: &mut Ui, name: &str, n: &mut u32, most: u32, usual: &str| {
                    let l = ui.label(name);
                    ui.horizontal(|ui| {
                        ui.add(egui::DragValue::new(n).range(1..=most))
                            .labelled_by(l.id);
                        ui.weak(usual);
                    });
                    ui.end_row();
                };
                let (men, most) = (&mut scale.men_per_unit, limits::MAX_MEN_PER_UNIT);
                per_unit(ui, "Men per unit", men, most, "100 to 150 (11.18)");
                let (guns, most) = (&mut scale.guns_per_unit, limits::MAX_GUNS_PER_UNIT);
                per_unit(ui, "Guns per unit", guns, most, "four to six (11.18)");

                let l = ui.label("Machine guns per unit").on_hover_text(
                    "Machine guns are gun units like artillery (5.1H): as guns unless set apart",
                );
                ui.horizontal(|ui| {
                    let mut as_guns = scale.machine_guns_per_unit.is_none();
                    let mut n = scale.machine_guns_per_unit.unwrap_or(scale.guns_per_unit);
                    ui.checkbox(&mut as_guns, "as guns");
                    ui.add_enabled(
                        !as_guns,
                        egui::DragValue::new(&mut n).range(1..=limits::MAX_GUNS_PER_UNIT),
                    )
                    .labelled_by(l.id);
                    scale.machine_guns_per_unit = (!as_guns).then_some(n);
                });
                ui.end_row();

                let l = ui.label("Reduction").on_hover_text(
                    "Fraction of every strength of both sides kept: 1/3 keeps a third (11.18)",
                );
                ui.horizontal(|ui| {
                    ui.label("keep");
                    ui.add(egui::DragValue::new(&mut scale.reduction.num).range(1..=1000))
                        .labelled_by(l.id)
                        .on_hover_text("Numerator");
                    ui.label("/");
                    ui.add(egui::DragValue::new(&mut scale.reduction.den).range(1..=1000))
                        .labelled_by(l.id)
                        .on_hover_text("Denominator");
                    ui.label("of every strength");
                });
                ui.end_row();

                let l = ui.label("Map");
                let name = |map: &String| {
                    let offer = maps.iter().find(|o| o.id == *map);
                    offer.map_or(map.clone(), |o| o.name.clone())
                };
                let combo = egui::ComboBox::from_id_salt(id.with("map")).width(240.0);
                let ids = maps.iter().map(|o| o.id.clone());
                one_of(ui, combo, &mut picked, ids, name).labelled_by(l.id);
                ui.end_row();
            });
        if picked != chosen {
            self.map = picked;
        }
        Wizard::error_at(ui, errors, Spot::Scale);

        // What the scale gives, as the scale is edited; the review explains it.
        if let Ok(f) = factor::factor(&self.battle) {
            ui.add_space(6.0);
            ui.label(RichText::new("At this scale").strong());
            for s in &f.sides {
                ui.label(RichText::new(format!("{}: {}", s.name, s.notation())).monospace());
            }
        }
    }

    fn review_ui(&mut self, ui: &mut Ui, maps: &[MapOffer]) {
        let f = match factor::factor(&self.battle) {
            Ok(f) => f,
            Err(e) => {
                error_label(ui, &e.to_string());
                return;
            }
        };
        ui.label(RichText::new("Orders of battle (11.18)").strong());
        for s in &f.sides {
            ui.label(
                RichText::new(format!(
                    "{} ({}): {}",
                    s.name,
                    capitalised(s.color.name()),
                    s.notation()
                ))
                .monospace()
                .strong(),
            );
        }

        ui.add_space(6.0);
        if f.warnings.is_empty() {
            ui.label("No warnings: rounding keeps the proportions among the arms and the ratio between the sides (11.18).");
        } else {
            ui.label(RichText::new(format!("Warnings ({})", f.warnings.len())).strong());
            let color = ui.visuals().warn_fg_color;
            for w in &f.warnings {
                ui.colored_label(color, format!("• {w} ({}, {})", w.code(), w.rule()));
            }
        }

        ui.add_space(6.0);
        egui::CollapsingHeader::new("Factoring report: rounding, proportions, ratio")
            .id_salt("scenario-wizard-report")
            .default_open(true)
            .show(ui, |ui| {
                // The warnings are listed above, highlighted.
                let report = factor::report(&f);
                let text: Vec<&str> = report
                    .lines()
                    .filter(|l| !l.starts_with("warning["))
                    .collect();
                // Wrapped to the dialog's width: nothing is cut off at its edge.
                ui.add(
                    egui::Label::new(RichText::new(text.join("\n").trim_end()).monospace())
                        .wrap_mode(egui::TextWrapMode::Wrap),
                );
            });

        ui.add_space(6.0);
        ui.horizontal(|ui| {
            let l = ui.label("Game length");
            ui.add(
                egui::DragValue::new(&mut self.game_length)
                    .range(1..=saber_schema::factor::RULES.turn_record_track)
                    .suffix(" Game-Turns"),
            )
            .labelled_by(l.id);
        });
        let g = f.game_length;
        match (g.minutes, g.uncapped) {
            (Some(m), Some(u)) if u > g.turns => {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    format!(
                        "The battle lasted {m} minutes, {u} Game-Turns at five minutes each (errata 1.1), \
                         but the Turn Record Track has {track} spaces (15.0): the game is \
                         capped at {track}. Consider recreating a portion of the battle.",
                        track = saber_schema::factor::RULES.turn_record_track
                    ),
                );
            }
            (Some(m), _) => {
                ui.label(format!(
                    "Suggested: {} Game-Turns for {m} minutes at five minutes a Game-Turn (errata 1.1).",
                    g.turns
                ));
            }
            _ => {
                ui.label(format!(
                    "No duration given: {} Game-Turns suggested; set it from the course of the battle (11.18).",
                    g.turns
                ));
            }
        }

        ui.add_space(6.0);
        let map = self.map_id(maps);
        let offer = maps.iter().find(|o| o.id == map);
        ui.label(format!(
            "Map: {}",
            offer.map_or(map.as_str(), |o| o.name.as_str())
        ));
        let placement = offer.map_or(String::new(), |o| {
            format!(
                " The sides start around {} and {} of this map.",
                o.anchors[0].name, o.anchors[1].name
            )
        });
        ui.label(format!(
            "The scenario opens in the builder: set the deployment zones, who deploys and \
             moves first, and the victory conditions there (11.0).{placement}"
        ));
    }

    fn buttons_ui(&mut self, ui: &mut Ui, maps: &[MapOffer]) -> Option<Scenario> {
        let mut created = None;
        ui.horizontal(|ui| {
            if ui.button("Cancel").clicked() {
                *self = Wizard::default();
                return;
            }
            if self.step != Step::Battle && ui.button("Back").clicked() {
                self.step = self.step.back();
                self.show_errors = false;
            }
            let last = self.step == Step::Review;
            let label = if last { "Create scenario" } else { "Next" };
            if ui.button(label).clicked() {
                if !self.errors().is_empty() {
                    self.show_errors = true;
                } else if last {
                    created = self.create(maps);
                } else {
                    if self.step == Step::Scale {
                        self.game_length = factor::factor(&self.battle)
                            .map_or(DEFAULT_GAME_LENGTH, |f| f.game_length.turns);
                    }
                    self.step = self.step.next();
                    self.show_errors = false;
                }
            }
        });
        created
    }

    /// The map chosen, or the first offered (the open custom map, else the built-in one) when
    /// none is.
    fn map_id(&self, maps: &[MapOffer]) -> String {
        if maps.iter().any(|o| o.id == self.map) {
            return self.map.clone();
        }
        maps.first()
            .map_or(DEFAULT_MAP.to_string(), |o| o.id.clone())
    }

    /// The skeleton of the factored battle, on the chosen map with the chosen game length.
    fn create(&self, maps: &[MapOffer]) -> Option<Scenario> {
        let f = factor::factor(&self.battle).ok()?;
        let map = self.map_id(maps);
        // The sides start around features of the chosen map (never the built-in map's V4 and
        // H26 on a map that has none).
        let mut s = match maps.iter().find(|o| o.id == map) {
            Some(o) => factor::skeleton_on(&self.battle, &f, &map, &o.anchors),
            None => factor::skeleton(&self.battle, &f),
        };
        if self.game_length != f.game_length.turns {
            // The skeleton explains the suggested length; say that the designer chose another.
            if let Some(i) = s
                .interpretations
                .iter_mut()
                .find(|i| i.rule == "1.1" && i.text.starts_with("Game length"))
            {
                i.reading.push_str(&format!(
                    "; the designer chose {} Game-Turns",
                    self.game_length
                ));
            }
        }
        s.game_length = self.game_length;
        Some(s)
    }
}

/// One of the battle's lines of text, `hint` in it while it is empty.
fn line(ui: &mut Ui, text: &mut String, hint: &str) -> egui::Response {
    ui.add(
        egui::TextEdit::singleline(text)
            .hint_text(hint)
            .desired_width(300.0),
    )
}

#[cfg(test)]
mod tests;
