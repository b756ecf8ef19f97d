//! A table whose rows' names stay in view while its other cells scroll sideways (the Musket
//! & Saber chart and rosters), with Tab going along a row.

use egui::{Id, RichText, Ui};

/// A table whose first column (each row's name) stays in view while the others scroll
/// sideways beneath their headers (issue 37 §6: a panel narrower than the table cut the names
/// off). `cells(ui, row, first)` draws a row's first cell, or the rest of its cells. The two
/// parts are two grids side by side, their rows of one height, so that they line up. Tab goes
/// along a row, then to the next row's first cell (the grids alone would take it down the
/// first column, so that text typed after a Tab landed in the next row's name).
pub fn frozen_table(
    ui: &mut Ui,
    id: impl std::hash::Hash + std::fmt::Debug + Copy,
    headers: &[&str],
    rows: usize,
    mut cells: impl FnMut(&mut Ui, usize, bool),
) {
    let Some((first, rest)) = headers.split_first() else {
        return;
    };
    let tab = Id::unique((id, "tab"));
    // A Shift+Tab's move, asked for in the last frame: egui gives focus back at the start of a
    // frame, after the table asked for it, so it is asked for again.
    if let Some(to) = ui.data(|d| d.get_temp::<Id>(tab)) {
        ui.data_mut(|d| d.remove::<Id>(tab));
        ui.memory_mut(|m| m.request_focus(to));
    }
    let focused = ui.memory(|m| m.focused());
    // Where each row's cells are among the layer's widgets: (first, past the last, row).
    let mut spans: Vec<(usize, usize, usize)> = Vec::with_capacity(2 * rows);
    // Every cell is one line of one widget: rows this high hold any of them.
    let row_height = ui.spacing().interact_size.y + 6.0;
    let table =
        egui::UiBuilder::new().ui_stack_info(egui::UiStackInfo::default().with_tag(super::TABLE));
    ui.scope_builder(table, |ui| {
        // Each row's cells of one part, noting where they are among the layer's widgets.
        let mut rows_of = |ui: &mut Ui, first: bool| {
            for r in 0..rows {
                let from = widget_count(ui);
                cells(ui, r, first);
                spans.push((from, widget_count(ui), r));
                ui.end_row();
            }
        };
        let whole = ui.horizontal_top(|ui| {
            egui::Grid::new((id, "first"))
                .striped(true)
                .num_columns(1)
                .min_row_height(row_height)
                .show(ui, |ui| {
                    ui.label(RichText::new(*first).strong());
                    ui.end_row();
                    rows_of(ui, true);
                });
            egui::ScrollArea::horizontal()
                .id_salt((id, "scroll"))
                .show(ui, |ui| {
                    egui::Grid::new((id, "rest"))
                        .striped(true)
                        .num_columns(rest.len())
                        .min_row_height(row_height)
                        .show(ui, |ui| {
                            for h in rest {
                                ui.label(RichText::new(*h).strong());
                            }
                            ui.end_row();
                            rows_of(ui, false);
                        });
                })
                .inner_rect
        });
        // Across, the part that scrolls as far as it shows; down, every row, shown or not.
        let view =
            egui::Rect::from_x_y_ranges(whole.inner.x_range(), whole.response.rect.y_range());
        note_table_view(ui, view);
    });
    // Tab from a cell: to the next cell of the row order. From the table's last cell (or
    // Shift+Tab from its first) egui's own order leaves the table, as it should.
    let (pressed, back) = ui.input(|i| (i.key_pressed(egui::Key::Tab), i.modifiers.shift));
    let order: Vec<Id> = if pressed {
        row_order(ui, &spans, rows)
    } else {
        Vec::new()
    };
    if let (true, Some(from)) = (pressed, focused)
        && let Some(k) = order.iter().position(|w| *w == from)
    {
        let to = if back { k.checked_sub(1) } else { Some(k + 1) };
        if let Some(&to) = to.and_then(|t| order.get(t)) {
            ui.memory_mut(|m| m.request_focus(to));
            if back {
                ui.data_mut(|d| d.insert_temp(tab, to));
            }
        }
    }
}

/// How many widgets the ui's layer has so far in this frame.
fn widget_count(ui: &Ui) -> usize {
    let layer = ui.layer_id();
    ui.ctx()
        .viewport(|v| v.this_pass.widgets.get_layer(layer).count())
}

/// The widgets that take the keyboard in `spans` (of the ui's layer, in the order they were
/// made), row by row: each row's first cell, then the rest of its cells. One pass over the
/// layer, whatever the number of rows.
fn row_order(ui: &Ui, spans: &[(usize, usize, usize)], rows: usize) -> Vec<Id> {
    let mut by_row: Vec<Vec<Id>> = vec![Vec::new(); rows];
    let layer = ui.layer_id();
    ui.ctx().viewport(|v| {
        let mut k = 0;
        for (i, w) in v.this_pass.widgets.get_layer(layer).enumerate() {
            while k < spans.len() && i >= spans[k].1 {
                k += 1;
            }
            let Some(&(from, _, row)) = spans.get(k) else {
                break;
            };
            if i >= from && w.enabled && w.sense.is_focusable() {
                by_row[row].push(w.id);
            }
        }
    });
    by_row.into_iter().flatten().collect()
}

/// Keep where a table's scrolling part is (across as it shows, down all its rows), for the
/// tests of a narrow panel.
fn note_table_view(_ui: &Ui, _view: egui::Rect) {
    #[cfg(test)]
    _ui.data_mut(|d| {
        d.get_temp_mut_or_default::<Vec<egui::Rect>>(Id::unique(TABLE_VIEWS))
            .push(_view);
    });
}

/// Where the tables drawn since the tests last forgot them keep their parts that scroll
/// sideways (`forms_tests.rs`).
#[cfg(test)]
pub(crate) const TABLE_VIEWS: &str = "table-views";
