//! Every form of both games fits the left panel (issue 37 §5, §6): at a window 640 or 680 px
//! wide (half a laptop screen, the panel about 200 px) as at 1280 px, no widget of any tab is
//! cut by the panel's edge. A table scrolls sideways beneath its headers; its cells may lie
//! past its view, its rows' names may not.

use std::path::{Path, PathBuf};

use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};

use crate::app::{Action, App};
use crate::files;
use crate::games::musket_and_saber::MsTab;
use crate::scenario::fields::table::TABLE_VIEWS;
use crate::scenario::panel::Tab;
use crate::tools::ToolKind;

/// The workspace's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The editor on `file` (the built-in map when `None`) in a window of `w` × `h` points.
fn opened(file: Option<PathBuf>, w: f32, h: f32) -> Harness<'static, App> {
    let mut harness = crate::ui_tests::sized(App::new(files::default_map(), None), w, h);
    if let Some(f) = file {
        harness.state_mut().request(Action::Open(Some(f)));
    }
    for _ in 0..3 {
        harness.run();
    }
    assert_eq!(harness.state().error(), None);
    harness
}

/// Click the left panel's tab (or tool) named `name`.
fn open_tab(h: &mut Harness<'static, App>, name: &str) {
    let panel = h.state().canvas_rect();
    let tab = h
        .query_all_by_label(name)
        .find(|n| {
            let r = n.rect();
            r.max.x <= panel.min.x && r.min.y >= panel.min.y
        })
        .unwrap_or_else(|| panic!("no tab {name} in the left panel"));
    tab.click();
    // Long enough for every form's widths to settle (a grid measures its columns in its
    // first frame).
    for _ in 0..4 {
        h.run();
    }
    forget_table_views(&h.ctx);
    h.run();
}

/// The views of the tables drawn since [`forget_table_views`] (where their parts that scroll
/// sideways are).
fn table_views(ctx: &egui::Context) -> Vec<egui::Rect> {
    ctx.data(|d| d.get_temp::<Vec<egui::Rect>>(egui::Id::unique(TABLE_VIEWS)))
        .unwrap_or_default()
}

/// Forget the tables drawn so far (the next frame's are then its own).
fn forget_table_views(ctx: &egui::Context) {
    ctx.data_mut(|d| d.remove::<Vec<egui::Rect>>(egui::Id::unique(TABLE_VIEWS)));
}

/// Every widget of the left panel (and every part of it narrower than the panel) that is not
/// wholly in the panel across: cut by its edge, or drawn past it (whether or not scrolled
/// into view downwards). A table's cell in the part that scrolls sideways is not cut when
/// that part itself ends inside the panel.
fn cut_widgets(h: &Harness<'static, App>, what: &str) -> Vec<String> {
    let canvas = h.state().canvas_rect();
    let edge = canvas.min.x;
    let tables = table_views(&h.ctx);
    // Each widget's role and name, as a screen reader has them.
    let names: std::collections::HashMap<_, _> = h
        .query_all(By::new())
        .map(|n| {
            let node = n.accesskit_node();
            let name = node.label().or(node.value()).unwrap_or_default();
            (
                (u128::from(node.id()) >> 64) as u64,
                format!("{:?} {name:?}", node.role()),
            )
        })
        .collect();
    let mut cut = Vec::new();
    for view in &tables {
        if view.max.x > edge + 0.5 {
            cut.push(format!(
                "{what}: a table's view {view:?} past the edge {edge}"
            ));
        }
    }
    h.ctx.viewport(|v| {
        let widgets = &v.this_pass.widgets;
        for (_, layer) in widgets.layers() {
            for w in layer {
                let (r, seen) = (w.rect, w.interact_rect);
                // Every widget, and every part of the panel narrower than it (a space of the
                // Turn Record Track, a row); not the panels and window themselves.
                if !w.visible || (!w.sense.interactive() && r.width() > edge) {
                    continue;
                }
                // The left panel's: below the menu, its visible part starting in the panel, or
                // none of it visible across, clipped off at the panel's edge; or (scrolled out
                // of view up or down) drawn from the panel's inside.
                let ours = if seen.height() <= 0.0 {
                    r.min.x < edge - 0.5 && r.max.y > canvas.min.y
                } else if seen.width() > 0.0 {
                    seen.min.x < edge - 0.5 && canvas.y_range().contains(seen.center().y)
                } else {
                    seen.max.x <= edge + 0.5
                        && seen.max.x > 0.0
                        && canvas.y_range().contains(seen.center().y)
                };
                if !ours {
                    continue;
                }
                let scrolled = tables
                    .iter()
                    .any(|t| t.y_range().contains(r.center().y) && r.min.x >= t.min.x - 0.5);
                if scrolled {
                    continue;
                }
                // The panel's own edge, which a drag widens or narrows.
                let handle = r.width() < 10.0 && (r.center().x - edge).abs() < 2.0;
                if !handle && (r.min.x < -0.5 || r.max.x > edge + 0.5) {
                    let name = names
                        .get(&w.id.accesskit_id().0)
                        .cloned()
                        .unwrap_or_default();
                    cut.push(format!(
                        "{what}: {name} at x {:.0}..{:.0}, the panel ends at {edge:.0}",
                        r.min.x, r.max.x
                    ));
                }
            }
        }
    });
    cut
}

/// Every tab of both games' documents, in windows of 640 × 480, 680 × 800 and 1280 × 800:
/// no widget of the left panel is cut by its edge.
#[test]
fn every_form_of_both_games_fits_the_left_panel() {
    let ms = root().join("scenarios/examples/musket-and-saber");
    let documents: [(&str, Option<PathBuf>, Vec<&str>); 4] = [
        (
            "R&S map",
            None,
            ToolKind::ALL.iter().map(|t| t.name()).collect(),
        ),
        (
            "R&S scenario 11.7",
            Some(root().join("scenarios/07-gettysburg-little-round-top.ron")),
            Tab::ALL.iter().map(|t| t.name()).collect(),
        ),
        (
            "M&S map",
            Some(ms.join("maps/millbrook-invented.ron")),
            MsTab::MAP.iter().map(|t| t.name()).collect(),
        ),
        (
            "M&S scenario",
            Some(ms.join("millbrook.ron")),
            MsTab::SCENARIO.iter().map(|t| t.name()).collect(),
        ),
    ];
    let mut cut = Vec::new();
    for (w, hgt) in [(640.0, 480.0), (680.0, 800.0), (1280.0, 800.0)] {
        for (doc, file, tabs) in &documents {
            let mut h = opened(file.clone(), w, hgt);
            for tab in tabs {
                open_tab(&mut h, tab);
                cut.extend(cut_widgets(&h, &format!("{doc}, {tab}, {w}×{hgt}")));
            }
        }
    }
    assert!(cut.is_empty(), "{} cut:\n{}", cut.len(), cut.join("\n"));
}

/// The node named `name` has the keyboard's focus.
fn focused(h: &Harness<'static, App>, name: &str) -> bool {
    h.get_by_label(name).is_focused()
}

/// In the M&S roster, Tab goes along a counter's row (ID, formation, class, …) and from its
/// last cell to the next counter's ID; Shift+Tab comes back; what is typed after a Tab lands
/// in the cell the Tab went to (issue 37: it went down the ID column, so a formation typed
/// after a Tab renamed the next counter).
#[test]
fn tab_goes_along_a_roster_row() {
    let ms = root().join("scenarios/examples/musket-and-saber/millbrook.ron");
    let mut h = opened(Some(ms), 1280.0, 800.0);
    open_tab(&mut h, "Sides & roster");
    let id2 = h
        .get_by_label("Side 1 counter 2 ID")
        .value()
        .unwrap_or_default();
    h.get_by_label("Side 1 counter 1 ID").click();
    h.run();
    assert!(focused(&h, "Side 1 counter 1 ID"));
    let step = |h: &mut Harness<'static, App>, back: bool| {
        if back {
            h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Tab);
        } else {
            h.key_press(egui::Key::Tab);
        }
        h.run();
        h.run();
    };
    step(&mut h, false);
    assert!(focused(&h, "Side 1 counter 1 formation"));
    h.event(egui::Event::Text("Z".into()));
    h.run();
    h.run();
    let formation = h
        .get_by_label("Side 1 counter 1 formation")
        .value()
        .unwrap_or_default();
    assert!(formation.ends_with('Z'), "{formation:?}");
    assert_eq!(
        h.get_by_label("Side 1 counter 2 ID")
            .value()
            .unwrap_or_default(),
        id2,
        "the next counter's ID is left alone"
    );
    step(&mut h, true);
    assert!(focused(&h, "Side 1 counter 1 ID"), "Shift+Tab comes back");
    step(&mut h, false);
    for next in ["class", "steps", "front", "back", "source"] {
        step(&mut h, false);
        assert!(
            focused(&h, &format!("Side 1 counter 1 {next}")),
            "Tab to {next}"
        );
    }
    // The row's Remove button, then the next counter's ID.
    step(&mut h, false);
    step(&mut h, false);
    assert!(focused(&h, "Side 1 counter 2 ID"), "Tab from a row's end");
}

/// The M&S chart's source fields are all one width, in a wide window and a narrow one (they
/// differed: each took what its cell had left).
#[test]
fn the_charts_source_fields_are_one_width() {
    let map = root().join("scenarios/examples/musket-and-saber/maps/millbrook-invented.ron");
    for (w, hgt) in [(1280.0, 800.0), (680.0, 800.0)] {
        let mut h = opened(Some(map.clone()), w, hgt);
        open_tab(&mut h, "Chart & track");
        let widths: Vec<f32> = h
            .query_all_by_label_contains("source")
            .filter(|n| {
                n.accesskit_node()
                    .label()
                    .is_some_and(|l| l.starts_with("Chart ") && l.ends_with(" source"))
            })
            .map(|n| n.rect().width())
            .collect();
        assert!(widths.len() >= 3, "{widths:?}");
        assert!(
            widths.iter().all(|x| (x - widths[0]).abs() < 0.5),
            "at {w}: {widths:?}"
        );
    }
}

/// A window narrowed to 680 px and widened again gives the panels their widths back: egui
/// keeps a panel's last width, and the left panel stayed 200 px wide in a window of 1280.
#[test]
fn panels_grow_back_when_the_window_widens() {
    let ms = root().join("scenarios/examples/musket-and-saber/millbrook.ron");
    let mut h = opened(Some(ms), 680.0, 800.0);
    let narrow = h.state().canvas_rect();
    h.set_size(egui::vec2(1280.0, 800.0));
    for _ in 0..4 {
        h.run();
    }
    let wide = h.state().canvas_rect();
    assert!(narrow.min.x < 220.0, "{narrow:?}");
    assert!(wide.min.x > 300.0, "the left panel at 1280: {wide:?}");
    assert!(
        1280.0 - wide.max.x > 300.0,
        "the right panel at 1280: {wide:?}"
    );
}

/// eframe's storage, in memory: what one run of the editor saves for the next.
#[derive(Default)]
struct Session(std::collections::HashMap<String, String>);

impl eframe::Storage for Session {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }

    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_string(), value);
    }

    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }

    fn flush(&mut self) {}
}

/// The editor started on `session` in a window of `w` points, with egui's `memory` (its
/// panels' widths, which eframe keeps with the session) when given.
fn started(session: &Session, memory: Option<egui::Memory>, w: f32) -> Harness<'static, App> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(w, 800.0))
        .with_context_setup(move |ctx| {
            if let Some(m) = memory {
                ctx.memory_mut(|now| *now = m);
            }
        })
        .build_ui_state(
            |ui, app: &mut App| app.show(ui),
            App::start(Some(session), None),
        );
    for _ in 0..4 {
        h.run();
    }
    h
}

/// Side panels held narrow by a narrow window in one run get their widths back in the next
/// run's wider window: the widths kept with the session were the window's room, not the
/// user's (they stayed narrow).
#[test]
fn panels_held_narrow_in_the_last_run_grow_back_at_start() {
    let mut session = Session::default();
    let mut first = started(&session, None, 680.0);
    assert!(first.state().canvas_rect().min.x < 220.0);
    eframe::App::save(first.state_mut(), &mut session);
    let memory = first.ctx.memory(|m| m.clone());
    let second = started(&session, Some(memory), 1280.0);
    let fresh = started(&Session::default(), None, 1280.0);
    assert_eq!(
        second.state().canvas_rect(),
        fresh.state().canvas_rect(),
        "both panels at their own widths, as in a first run at 1280"
    );
}
