//! The counters on the map: a stack as a small counter in its side's colour, its code and
//! what it says fitted inside it.

use egui::{Color32, FontId, Painter, Rect, Stroke, Vec2, pos2, vec2};

use super::Scene;

/// Counter stacks: a small counter in the side's colour with the top counter's type, the
/// number of counters and the stacking points; a red frame when something is wrong.
pub(super) fn paint_stacks(painter: &Painter, scene: &Scene<'_>) {
    let Scene {
        layout, view, rect, ..
    } = *scene;
    for st in &scene.overlay.stacks {
        let center = view.to_screen(rect, layout.center(st.hex));
        if !rect.contains(center) {
            continue;
        }
        let bad = Color32::from_rgb(255, 30, 30);
        if view.zoom < 16.0 {
            let r = (view.zoom * 0.3).max(2.5);
            painter.circle_filled(center, r, st.color);
            if st.bad {
                painter.circle_stroke(center, r + 1.5, Stroke::new(2.0, bad));
            }
            continue;
        }
        let size = view.zoom * 0.62;
        let n = st.counters.len();
        // Counters below the top one peek out, up to three.
        for k in (0..n.min(3)).rev() {
            let off = vec2(k as f32, k as f32) * (size * 0.08);
            let r = Rect::from_center_size(center + off, vec2(size, size));
            painter.rect_filled(r, size * 0.08, st.color);
            painter.rect_stroke(
                r,
                size * 0.08,
                Stroke::new(1.0, Color32::from_black_alpha(160)),
                egui::StrokeKind::Inside,
            );
        }
        let top = Rect::from_center_size(center, vec2(size, size));
        let code = st.counters.last().cloned().unwrap_or_default();
        let room = code_room(top);
        if let Some(g) = info_galley(painter, code, room.size(), (size * 0.32).clamp(7.0, 18.0)) {
            painter.galley(room.center() - g.size() / 2.0, g, Color32::WHITE);
        }
        // The stacking figure the document's game gives (`scenario::placement::stacks`); a
        // count alone when it gives none.
        let info = match &st.info {
            Some(info) => info.clone(),
            None if n > 1 => format!("{n}· {}", st.points),
            None => st.points.to_string(),
        };
        let room = info_room(top);
        if let Some(g) = info_galley(painter, info, room.size(), (size * 0.24).clamp(6.0, 14.0)) {
            let at = room.center() - g.size() / 2.0;
            painter.galley(at, g, Color32::WHITE);
        }
        if st.bad {
            painter.rect_stroke(
                top.expand(2.0),
                size * 0.1,
                Stroke::new(3.0, bad),
                egui::StrokeKind::Outside,
            );
        }
    }
}

/// The room for a counter's code (its ID, "Col. Barrow"): the upper part of the counter,
/// inside its edges.
fn code_room(top: Rect) -> Rect {
    let size = top.width();
    Rect::from_min_max(
        pos2(top.left() + size * 0.06, top.top() + size * 0.06),
        pos2(top.right() - size * 0.06, top.center().y + size * 0.04),
    )
}

/// The room under a counter's code for what its stack says: the lower part of the counter,
/// inside its edges.
fn info_room(top: Rect) -> Rect {
    let size = top.width();
    Rect::from_min_max(
        pos2(top.left() + size * 0.06, top.center().y + size * 0.06),
        pos2(top.right() - size * 0.06, top.bottom() - size * 0.04),
    )
}

/// The smallest size a counter's words are written at.
const INFO_MIN_FONT: f32 = 6.0;

/// What a counter or its stack says, laid out to fit `room` on the counter: wrapped to its width and made
/// smaller down to [`INFO_MIN_FONT`], then cut short with "…" ("1 unit w/1, not yet placed"
/// ran past a counter's edges); `None` when not one line fits.
fn info_galley(
    painter: &Painter,
    text: String,
    room: Vec2,
    font: f32,
) -> Option<std::sync::Arc<egui::Galley>> {
    let mut size = font.max(INFO_MIN_FONT);
    loop {
        let smallest = size <= INFO_MIN_FONT;
        let mut job = egui::text::LayoutJob::simple(
            text.clone(),
            FontId::proportional(size),
            Color32::WHITE,
            room.x,
        );
        if smallest {
            let row = painter.fonts_mut(|f| f.row_height(&FontId::proportional(size)));
            let rows = (room.y / row).floor() as usize;
            if rows == 0 {
                return None;
            }
            job.wrap.max_rows = rows;
            job.wrap.break_anywhere = true;
            job.wrap.overflow_character = Some('…');
        }
        let g = painter.layout_job(job);
        if smallest || (g.size().x <= room.x + 0.5 && g.size().y <= room.y + 0.5) {
            return Some(g);
        }
        size = (size * 0.85).max(INFO_MIN_FONT);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stack's words and its counter's code stay on the counter at every zoom that draws
    /// counters: "1 unit w/1, not yet placed" and "Col. Barrow" ran past a counter's edges
    /// (issue 37).
    #[test]
    fn a_stacks_words_stay_on_its_counter() {
        let ctx = egui::Context::default();
        let mut out = ctx.run_ui(Default::default(), |ui| {
            for zoom in [16.0_f32, 24.0, 40.0, 80.0] {
                let size = zoom * 0.62;
                let top = Rect::from_center_size(pos2(100.0, 100.0), vec2(size, size));
                for (room, text, font) in [
                    (info_room(top), "1 unit w/1, not yet placed", size * 0.24),
                    (info_room(top), "12 units w/1, not yet placed", size * 0.24),
                    (info_room(top), "3· 12", size * 0.24),
                    (code_room(top), "Col. Barrow", size * 0.32),
                    (code_room(top), "Horse Guards", size * 0.32),
                ] {
                    assert!(top.contains_rect(room));
                    if let Some(g) = info_galley(ui.painter(), text.into(), room.size(), font) {
                        let s = g.size();
                        assert!(
                            s.x <= room.width() + 0.5 && s.y <= room.height() + 0.5,
                            "{text:?} at zoom {zoom}: {s:?} in {:?}",
                            room.size()
                        );
                    }
                }
            }
        });
        out.textures_delta.clear();
    }
}
