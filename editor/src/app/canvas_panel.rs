//! The central panel: the map canvas. Navigation (wheel, drag, keys, the minimap), strokes
//! handed to the current [`Mode`], and painting.

use egui::{Key, Modifiers, PointerButton, Pos2, Rect, Sense, Ui};

use crate::app::workspace::{Mode, Workspace};
use crate::canvas::{self, Overview, Scene};
use crate::overlays::Overlays;
use crate::tools::{Button, Phase, Pointer, pressed};

/// The canvas's own state between frames.
#[derive(Debug)]
pub struct CanvasPanel {
    overview: Overview,
    /// Fit the map to the canvas on the next frame.
    pub fit_pending: bool,
    /// The canvas and the view of the last fit, while the user has not moved the view since:
    /// when the panels around the canvas settle (a scenario's builder opening beside it, a
    /// window resized), the map is fitted to the new canvas again.
    fitted: Option<(Rect, f32, Pos2)>,
    stroke: Option<Button>,
    last_pointer: Option<Pos2>,
    /// Where the canvas was drawn last frame.
    pub rect: Rect,
    /// Show the minimap when part of the map is out of view.
    pub show_minimap: bool,
    /// The designer's analysis overlays (movement, line of sight, terrain as played).
    pub overlays: Overlays,
}

impl Default for CanvasPanel {
    fn default() -> Self {
        CanvasPanel {
            overview: Overview::default(),
            fit_pending: true,
            fitted: None,
            stroke: None,
            last_pointer: None,
            rect: Rect::NOTHING,
            show_minimap: true,
            overlays: Overlays::default(),
        }
    }
}

impl CanvasPanel {
    /// Forget the stroke in progress (undo, a new document).
    pub fn cancel_stroke(&mut self) {
        self.stroke = None;
    }

    /// Draw the canvas and handle its input; `keys` is whether the keyboard is the map's (no
    /// text field has it), `pointer` whether the pointer is (no modal dialog is up).
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        ws: &mut Workspace,
        mode: &mut dyn Mode,
        keys: bool,
        pointer: bool,
    ) {
        let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click_and_drag());
        let rect = response.rect;
        self.rect = rect;
        // The status bar, drawn before the canvas, shows this zoom.
        let shown = ws.view.percent_text();
        let layout = ws.layout();
        // Zooming out stops at the whole map in view.
        ws.view.floor = ws.view.fit_zoom(rect, layout.bounds);
        // A fitted view the user has not moved follows the canvas's size.
        let refit = self.fitted.is_some_and(|(r, zoom, center)| {
            r != rect && zoom == ws.view.zoom && center == ws.view.center
        });
        if (self.fit_pending || refit) && rect.width() > 1.0 {
            ws.view.fit(rect, layout.bounds);
            self.fit_pending = false;
            self.fitted = Some((rect, ws.view.zoom, ws.view.center));
        } else if self
            .fitted
            .is_some_and(|(_, zoom, center)| zoom != ws.view.zoom || center != ws.view.center)
        {
            self.fitted = None;
        }
        // The minimap helps only when part of the map is out of view.
        let whole_map_shown = ws.view.world_rect(rect).contains_rect(layout.bounds);
        let mini =
            (self.show_minimap && !whole_map_shown).then(|| canvas::minimap_rect(rect, &layout));
        let (pos, space) = ui.input(|i| (i.pointer.latest_pos(), keys && i.key_down(Key::Space)));
        let over_canvas = pointer && response.contains_pointer();
        let over_mini = over_canvas && mini.zip(pos).is_some_and(|(m, p)| m.contains(p));

        // Navigation.
        if over_canvas {
            let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta().y, i.zoom_delta()));
            let factor = zoom * (scroll / 400.0).exp();
            if (factor - 1.0).abs() > 1e-4
                && let Some(p) = pos
            {
                ws.view.zoom_at(rect, p, factor);
            }
        }
        if response.dragged_by(PointerButton::Middle)
            || (space && response.dragged_by(PointerButton::Primary))
        {
            ws.view.center -= response.drag_delta() / ws.view.zoom;
        }
        if let (Some(m), Some(p), true) = (
            mini,
            pos,
            over_mini && ui.input(|i| i.pointer.primary_down()),
        ) {
            ws.view.center = canvas::minimap_to_world(m, &layout, p);
        }
        if keys && !ui.ctx().egui_wants_keyboard_input() {
            self.keys(ui, ws, rect, layout.bounds);
        }

        // Tool strokes.
        if let Some(p) = pos.filter(|_| over_canvas) {
            self.last_pointer = Some(p);
        }
        let world = self.last_pointer.map(|p| ws.view.to_world(rect, p));
        ws.hover = world
            .filter(|_| over_canvas && !over_mini)
            .map(|w| layout.hex_at(w))
            .filter(|c| layout.grid.contains(*c));
        for (button, phase) in self.phases(ui, over_canvas && !over_mini && !space) {
            if let Some(w) = world {
                // The analysis overlays take the clicks (and no button paints under them).
                if self.overlays.takes_clicks() {
                    if button == Button::Primary && phase == Phase::Press {
                        let shift = ui.input(|i| i.modifiers.shift);
                        self.overlays.click(layout.hex_at(w), shift, &ws.doc);
                    }
                    continue;
                }
                let p = Pointer {
                    world: w,
                    hex: layout.hex_at(w),
                    phase,
                    button,
                    modifiers: ui.input(|i| i.modifiers),
                };
                mode.pointer(&p, ws, &layout);
            }
        }

        // Painting.
        let mut overlay = mode.overlay(ws, world.filter(|_| over_canvas && !over_mini), &layout);
        let in_view = layout.visible(ws.view.world_rect(rect));
        let played = self.overlays.texture(ui.ctx(), &ws.doc);
        let zoomed_out = (ws.view.zoom < canvas::TEXTURE_BELOW).then(|| ui.ctx());
        self.overlays
            .draw(&ws.doc, ws.hover, &in_view, zoomed_out, &mut overlay);
        let texture = match played {
            Some(t) => t,
            None => self
                .overview
                .texture(
                    ui.ctx(),
                    ws.doc.map(),
                    ws.doc.revision(),
                    ws.doc.is_editing() && ws.view.zoom >= canvas::TEXTURE_BELOW,
                    &overlay.fills,
                )
                .clone(),
        };
        let scene = Scene {
            map: self.overlays.shown_map(&ws.doc),
            layout: &layout,
            view: &ws.view,
            rect,
            hover: ws.hover,
            overlay: &overlay,
        };
        canvas::paint(&painter, &scene, &texture);
        if let Some(m) = mini {
            canvas::paint_minimap(&painter, m, rect, &layout, &ws.view, &texture);
        }
        if ws.view.percent_text() != shown {
            // A refit (the window resized) or a zoom changed the view after the status bar
            // was drawn: lay the frame out again rather than show a stale zoom until the next
            // input (the next pass gets no input events, so nothing is applied twice).
            ui.ctx()
                .request_discard("the zoom changed after the status bar was drawn");
        }
    }

    /// Arrow keys pan, `+`/`-` zoom, Home fits.
    fn keys(&mut self, ui: &Ui, ws: &mut Workspace, rect: Rect, bounds: Rect) {
        let step = 80.0 / ws.view.zoom;
        for (k, d) in [
            (Key::ArrowLeft, egui::vec2(-step, 0.0)),
            (Key::ArrowRight, egui::vec2(step, 0.0)),
            (Key::ArrowUp, egui::vec2(0.0, -step)),
            (Key::ArrowDown, egui::vec2(0.0, step)),
        ] {
            if ui.input(|i| i.key_pressed(k)) {
                ws.view.center += d;
            }
        }
        let centre = rect.center();
        if ui.input_mut(|i| {
            i.consume_key(Modifiers::NONE, Key::Plus) || i.consume_key(Modifiers::NONE, Key::Equals)
        }) {
            ws.view.zoom_at(rect, centre, 1.25);
        }
        if ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Minus)) {
            ws.view.zoom_at(rect, centre, 0.8);
        }
        if pressed(ui, Key::Home) {
            ws.view.fit(rect, bounds);
        }
    }

    /// The stroke phases this frame: a press starts a stroke (when `may_start`), holding drags,
    /// letting go ends it.
    fn phases(&mut self, ui: &Ui, may_start: bool) -> Vec<(Button, Phase)> {
        let press = ui.input(|i| {
            let b = |b| {
                (
                    i.pointer.button_pressed(b),
                    i.pointer.button_down(b),
                    i.pointer.button_released(b),
                )
            };
            [b(PointerButton::Primary), b(PointerButton::Secondary)]
        });
        let mut phases = Vec::new();
        if self.stroke.is_none() && may_start {
            if press[0].0 {
                self.stroke = Some(Button::Primary);
            } else if press[1].0 {
                self.stroke = Some(Button::Secondary);
            }
            if let Some(b) = self.stroke {
                phases.push((b, Phase::Press));
            }
        }
        if let Some(b) = self.stroke {
            let k = usize::from(b == Button::Secondary);
            let (pressed_now, held, released) = press[k];
            if held && !pressed_now {
                phases.push((b, Phase::Drag));
            }
            if released || !held && !pressed_now {
                phases.push((b, Phase::Release));
                self.stroke = None;
            }
        }
        phases
    }
}
