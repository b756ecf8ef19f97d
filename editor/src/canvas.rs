//! The map canvas: the view transform (pan, zoom, fit), turning screen points into hexes and
//! hexsides, and painting. Hexes are painted as ONE `egui::Mesh` per frame covering only the
//! visible hexes; when hexes get smaller than a few pixels the map is drawn from an overview
//! texture (one texel per hex) instead, which is also what the minimap shows.

use egui::epaint::{Mesh, Vertex, WHITE_UV};
use egui::{
    Align2, Color32, ColorImage, FontId, Painter, Pos2, Rect, Shape, Stroke, TextureHandle,
    TextureOptions, Vec2, pos2, vec2,
};
use saber_schema::model::hex::{Coord, Grid};
use saber_schema::model::map::{Cell, Map, RoadKind, SideKey};
use saber_schema::output::palette;
use saber_schema::ruleset::Terrain;

/// Pixels per hex step at 100 % zoom.
pub const ZOOM_100: f32 = 48.0;
/// Largest zoom: 800 %.
pub const MAX_ZOOM: f32 = ZOOM_100 * 8.0;
/// Smallest zoom, in pixels per hex (a 1000-hex map fits in a few hundred pixels).
pub const MIN_ZOOM: f32 = 0.1;
/// Below this many pixels per hex the overview texture replaces the per-hex mesh.
pub const TEXTURE_BELOW: f32 = 5.0;
/// Hex labels (`CCRR`) are drawn from this zoom on.
const HEX_LABELS_FROM: f32 = 40.0;
/// Feature labels are drawn from this zoom on.
const FEATURE_LABELS_FROM: f32 = 9.0;

/// Where the camera is: the world point at the centre of the canvas and the zoom.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct View {
    /// Pixels per hex step (distance between neighbouring hex centres).
    pub zoom: f32,
    /// World point shown at the centre of the canvas.
    pub center: Pos2,
}

impl Default for View {
    fn default() -> Self {
        View {
            zoom: ZOOM_100,
            center: Pos2::ZERO,
        }
    }
}

impl View {
    /// World → screen.
    pub fn to_screen(&self, rect: Rect, world: Pos2) -> Pos2 {
        rect.center() + (world - self.center) * self.zoom
    }

    /// Screen → world.
    pub fn to_world(&self, rect: Rect, screen: Pos2) -> Pos2 {
        self.center + (screen - rect.center()) / self.zoom
    }

    /// The world rectangle the canvas shows.
    pub fn world_rect(&self, rect: Rect) -> Rect {
        Rect::from_min_max(self.to_world(rect, rect.min), self.to_world(rect, rect.max))
    }

    /// Show all of `bounds` with a small margin.
    pub fn fit(&mut self, rect: Rect, bounds: Rect) {
        let margin = 12.0;
        let zx = (rect.width() - 2.0 * margin).max(1.0) / bounds.width().max(1e-3);
        let zy = (rect.height() - 2.0 * margin).max(1.0) / bounds.height().max(1e-3);
        self.zoom = zx.min(zy).clamp(MIN_ZOOM, MAX_ZOOM);
        self.center = bounds.center();
    }

    /// Zoom by `factor`, keeping the world point under `anchor` (screen) in place.
    pub fn zoom_at(&mut self, rect: Rect, anchor: Pos2, factor: f32) {
        let before = self.to_world(rect, anchor);
        self.zoom = (self.zoom * factor).clamp(MIN_ZOOM, MAX_ZOOM);
        let after = self.to_world(rect, anchor);
        self.center += before - after;
    }

    /// Zoom as a percentage of [`ZOOM_100`].
    pub fn percent(&self) -> f32 {
        self.zoom / ZOOM_100 * 100.0
    }
}

/// Screen geometry of a grid, derived from [`Grid::center`] and [`Grid::corners`].
#[derive(Debug, Clone, Copy)]
pub struct Layout {
    /// The grid.
    pub grid: Grid,
    origin: Pos2,
    col_step: f32,
    row_step: f32,
    /// Corner offsets from a hex centre, in world units.
    corners: [Vec2; 6],
    /// World bounds of the whole map.
    pub bounds: Rect,
}

fn p(xy: (f64, f64)) -> Pos2 {
    pos2(xy.0 as f32, xy.1 as f32)
}

impl Layout {
    /// The layout of a grid.
    pub fn new(grid: Grid) -> Layout {
        let origin = p(grid.center(Coord(1, 1)));
        let col_step = p(grid.center(Coord(2, 1))).x - origin.x;
        let row_step = p(grid.center(Coord(1, 2))).y - origin.y;
        let corners = grid.corners(Coord(1, 1)).map(|c| p(c) - origin);
        let (w, h) = (grid.width as i32, grid.height as i32);
        let mut bounds = Rect::NOTHING;
        for c in [1, 2, w - 1, w] {
            for r in [1, 2, h - 1, h] {
                let c = Coord(c.clamp(1, w), r.clamp(1, h));
                for corner in grid.corners(c) {
                    bounds.extend_with(p(corner));
                }
            }
        }
        Layout {
            grid,
            origin,
            col_step,
            row_step,
            corners,
            bounds,
        }
    }

    /// Centre of a hex in world units.
    pub fn center(&self, c: Coord) -> Pos2 {
        p(self.grid.center(c))
    }

    /// The corners of a hex in world units.
    pub fn corners(&self, c: Coord) -> [Pos2; 6] {
        let center = self.center(c);
        self.corners.map(|o| center + o)
    }

    /// The hex whose centre is nearest to a world point (may be off the map).
    pub fn hex_at(&self, world: Pos2) -> Coord {
        let col = ((world.x - self.origin.x) / self.col_step).round() as i32 + 1;
        let row = ((world.y - self.origin.y) / self.row_step).round() as i32 + 1;
        let mut best = Coord(col, row);
        let mut best_d = f32::INFINITY;
        for dc in -1..=1 {
            for dr in -1..=1 {
                let c = Coord(col + dc, row + dr);
                let d = self.center(c).distance_sq(world);
                if d < best_d {
                    best_d = d;
                    best = c;
                }
            }
        }
        best
    }

    /// The on-map column and row ranges that intersect a world rectangle.
    pub fn visible(
        &self,
        world: Rect,
    ) -> (std::ops::RangeInclusive<i32>, std::ops::RangeInclusive<i32>) {
        let (w, h) = (self.grid.width as i32, self.grid.height as i32);
        let cols = |x: f32| (x - self.origin.x) / self.col_step + 1.0;
        let rows = |y: f32| (y - self.origin.y) / self.row_step + 1.0;
        let c0 = (cols(world.min.x).floor() as i32 - 1).clamp(1, w);
        let c1 = (cols(world.max.x).ceil() as i32 + 1).clamp(1, w);
        let r0 = (rows(world.min.y).floor() as i32 - 1).clamp(1, h);
        let r1 = (rows(world.max.y).ceil() as i32 + 1).clamp(1, h);
        (c0..=c1, r0..=r1)
    }

    /// The two corners shared by neighbouring hexes: the hexside between them.
    pub fn side_segment(&self, a: Coord, b: Coord) -> Option<[Pos2; 2]> {
        let cb = self.corners(b);
        let shared: Vec<Pos2> = self
            .corners(a)
            .into_iter()
            .filter(|x| cb.iter().any(|y| x.distance_sq(*y) < 1e-6))
            .collect();
        (shared.len() == 2).then(|| [shared[0], shared[1]])
    }

    /// The hexside nearest to a world point: the hex under it, its neighbour across the side,
    /// and how far the point is from the side (world units).
    pub fn nearest_side(&self, world: Pos2) -> (Coord, Coord, f32) {
        let a = self.hex_at(world);
        let ca = self.center(a);
        let mut best = (a, a, f32::INFINITY);
        for side in self.grid.side_names() {
            let Some(b) = self.grid.across(a, side) else {
                continue;
            };
            let cb = self.center(b);
            let axis = (cb - ca).normalized();
            // The side lies half a step from the centre along the axis.
            let d = (0.5 - (world - ca).dot(axis)).abs();
            if d < best.2 {
                best = (a, b, d);
            }
        }
        best
    }
}

/// The fill colour of a hex, from the one palette: the terrain's fill, tinted on a slope as the
/// renderer tints it. A bridge shows its deck colour, since the editor draws no deck over it.
pub fn cell_color(cell: Cell) -> Color32 {
    let [r, g, b] = match (cell.terrain, cell.slope) {
        (Terrain::Bridge, _) => palette::rgb(palette::BRIDGE_DECK),
        (t, true) => palette::slope_fill(t),
        (t, false) => palette::rgb(palette::terrain_fill(t)),
    };
    Color32::from_rgb(r, g, b)
}

/// Colour of the gaps between hexes (the grid lines) and of the map's background.
pub const GRID_COLOR: Color32 = Color32::from_rgb(96, 92, 80);
const RIDGE_COLOR: Color32 = Color32::from_rgb(120, 60, 20);
const MAIN_ROAD_COLOR: Color32 = Color32::from_rgb(150, 40, 30);
const MINOR_ROAD_COLOR: Color32 = Color32::from_rgb(70, 60, 50);
const HIGHLIGHT: Color32 = Color32::from_rgba_premultiplied(120, 110, 0, 110);

/// The overview texture (one texel per hex), rebuilt when the map changes.
#[derive(Default)]
pub struct Overview {
    texture: Option<TextureHandle>,
    revision: Option<u64>,
}

impl std::fmt::Debug for Overview {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Overview")
            .field("revision", &self.revision)
            .finish()
    }
}

impl Overview {
    /// The texture for the map at `revision`, rebuilding it if needed. With `may_lag` an
    /// existing texture is kept (the minimap during a stroke on a big map: rebuilding a
    /// million texels per frame would make painting stutter).
    pub fn texture(
        &mut self,
        ctx: &egui::Context,
        map: &Map,
        revision: u64,
        may_lag: bool,
    ) -> &TextureHandle {
        let stale = self.revision != Some(revision) && !may_lag;
        if stale || self.texture.is_none() {
            let size = [map.grid.width as usize, map.grid.height as usize];
            let pixels = map.cells.iter().map(|c| cell_color(*c)).collect();
            let image = ColorImage::new(size, pixels);
            match &mut self.texture {
                Some(t) if t.size() == size => t.set(image, TextureOptions::NEAREST),
                _ => {
                    self.texture =
                        Some(ctx.load_texture("map-overview", image, TextureOptions::NEAREST));
                }
            }
            self.revision = Some(revision);
        }
        self.texture.as_ref().expect("texture was just created")
    }
}

/// What a tool wants drawn on top of the map.
#[derive(Debug, Default, Clone)]
pub struct Overlay {
    /// Hexes outlined (the brush footprint).
    pub outline: Vec<Coord>,
    /// Hexes tinted (the selected feature).
    pub highlight: Vec<Coord>,
    /// A path being drawn through hex centres.
    pub path: Vec<Coord>,
    /// A hexside under the pointer.
    pub side: Option<SideKey>,
    /// Hexes tinted in a colour (scenario zones), under roads and labels.
    pub tints: Vec<(Coord, Color32)>,
    /// Zone borders: the hexside between two hexes, in a colour and width (px).
    pub borders: Vec<(Coord, Coord, Color32, f32)>,
    /// Hexes outlined in a colour (the placement target: green if legal, red if not).
    pub marks: Vec<(Coord, Color32)>,
    /// Counter stacks placed at set-up.
    pub stacks: Vec<Stack>,
}

/// A stack of counters on a hex.
#[derive(Debug, Clone, PartialEq)]
pub struct Stack {
    /// Where.
    pub hex: Coord,
    /// The side's colour.
    pub color: Color32,
    /// The counters, top last ("MZ", "MZ", "MA").
    pub counters: Vec<String>,
    /// Stacking points in the hex (7.0).
    pub points: u32,
    /// Something is wrong with it (over-stacked, outside its zone, …).
    pub bad: bool,
}

/// Everything [`paint`] needs.
#[derive(Debug)]
pub struct Scene<'a> {
    /// The map.
    pub map: &'a Map,
    /// Its layout.
    pub layout: &'a Layout,
    /// The camera.
    pub view: &'a View,
    /// The canvas rectangle on screen.
    pub rect: Rect,
    /// The hex under the pointer.
    pub hover: Option<Coord>,
    /// The tool's overlay.
    pub overlay: &'a Overlay,
}

/// Paint the map: hexes (one mesh), hexsides, roads, labels, then the overlay.
pub fn paint(painter: &Painter, scene: &Scene<'_>, overview: &TextureHandle) {
    let Scene {
        map,
        layout,
        view,
        rect,
        ..
    } = *scene;
    let painter = painter.with_clip_rect(rect);
    painter.rect_filled(rect, 0.0, Color32::from_gray(40));
    let world = view.world_rect(rect);
    let (cols, rows) = layout.visible(world);
    let to_screen = |w: Pos2| view.to_screen(rect, w);

    // Map background: shows through the gaps between hexes as grid lines.
    let map_rect = Rect::from_min_max(to_screen(layout.bounds.min), to_screen(layout.bounds.max));
    painter.rect_filled(map_rect, 0.0, GRID_COLOR);

    let highlighted: std::collections::HashSet<Coord> =
        scene.overlay.highlight.iter().copied().collect();
    let mut mesh = Mesh::default();
    if view.zoom < TEXTURE_BELOW {
        // Texels are hexes: columns and rows cover the map's bounds.
        mesh = Mesh::with_texture(overview.id());
        mesh.add_rect_with_uv(
            map_rect,
            Rect::from_min_max(Pos2::ZERO, pos2(1.0, 1.0)),
            Color32::WHITE,
        );
    } else {
        let count = cols.clone().count() * rows.clone().count();
        mesh.reserve_vertices(count * 6);
        mesh.reserve_triangles(count * 4);
        // Inset each hex so that the background forms the grid lines.
        // About 1.5 px of grid line, whatever the zoom.
        let gap = (1.5 / (view.zoom * 0.577)).min(0.12);
        let offsets = layout.corners.map(|o| o * (1.0 - gap) * view.zoom);
        for r in rows.clone() {
            for c in cols.clone() {
                let coord = Coord(c, r);
                let i = (r - 1) as usize * map.grid.width as usize + (c - 1) as usize;
                let cell = map.cells[i];
                let center = to_screen(layout.center(coord));
                add_hex(&mut mesh, center, &offsets, cell_color(cell));
                if cell.terrain == Terrain::Village && view.zoom >= 12.0 {
                    let s = view.zoom * 0.12;
                    mesh.add_colored_rect(
                        Rect::from_center_size(center, vec2(s, s)),
                        Color32::from_rgb(90, 40, 30),
                    );
                }
                if highlighted.contains(&coord) {
                    add_hex(&mut mesh, center, &offsets, HIGHLIGHT);
                }
            }
        }
    }
    painter.add(Shape::mesh(mesh));
    paint_tints(&painter, scene, &cols, &rows);

    let in_view = |c: Coord| cols.contains(&c.0) && rows.contains(&c.1);

    // Ridges, once hexsides are big enough to tell apart.
    let ridge = Stroke::new((view.zoom * 0.14).clamp(1.5, 8.0), RIDGE_COLOR);
    let ridges = map.ridges.iter().filter(|_| view.zoom >= TEXTURE_BELOW);
    for SideKey(a, b) in ridges {
        if !(in_view(*a) || in_view(*b)) {
            continue;
        }
        if let Some([x, y]) = layout.side_segment(*a, *b) {
            painter.line_segment([to_screen(x), to_screen(y)], ridge);
        }
    }

    // Roads: runs of segments with at least one end in view.
    for road in &map.roads {
        let width = match road.kind {
            RoadKind::Main => (view.zoom * 0.12).clamp(1.5, 6.0),
            RoadKind::Minor => (view.zoom * 0.07).clamp(1.0, 4.0),
        };
        let color = match road.kind {
            RoadKind::Main => MAIN_ROAD_COLOR,
            RoadKind::Minor => MINOR_ROAD_COLOR,
        };
        let mut run: Vec<Pos2> = Vec::new();
        for w in road.hexes.windows(2) {
            if in_view(w[0]) || in_view(w[1]) {
                if run.is_empty() {
                    run.push(to_screen(layout.center(w[0])));
                }
                let next = to_screen(layout.center(w[1]));
                // Zoomed far out, points closer than 3 px add nothing but tessellation work.
                if run.len() >= 2 && run[run.len() - 1].distance(run[run.len() - 2]) < 3.0 {
                    run.pop();
                }
                run.push(next);
            } else if !run.is_empty() {
                painter.add(Shape::line(
                    std::mem::take(&mut run),
                    Stroke::new(width, color),
                ));
            }
        }
        if run.len() >= 2 {
            painter.add(Shape::line(run, Stroke::new(width, color)));
        }
    }

    // Hex labels.
    if view.zoom >= HEX_LABELS_FROM {
        let font = FontId::proportional((view.zoom * 0.17).min(16.0));
        for r in rows.clone() {
            for c in cols.clone() {
                let coord = Coord(c, r);
                let top = to_screen(layout.center(coord)) - vec2(0.0, view.zoom * 0.36);
                painter.text(
                    top,
                    Align2::CENTER_CENTER,
                    map.grid.label(coord),
                    font.clone(),
                    Color32::from_black_alpha(150),
                );
            }
        }
    }

    // Feature labels.
    if view.zoom >= FEATURE_LABELS_FROM {
        let font = FontId::proportional((view.zoom * 0.34).clamp(9.0, 22.0));
        for f in &map.features {
            let Some(at) = f.label.or_else(|| f.hexes.first().copied()) else {
                continue;
            };
            if !in_view(at) {
                continue;
            }
            let text = match (&f.name, view.zoom >= 36.0) {
                (Some(name), true) => format!("{} {name}", f.code),
                _ => f.code.clone(),
            };
            let galley = painter.layout_no_wrap(text, font.clone(), Color32::BLACK);
            let center = to_screen(layout.center(at));
            let r = Rect::from_center_size(center, galley.size()).expand(2.0);
            painter.rect_filled(r, 3.0, Color32::from_white_alpha(210));
            painter.galley(r.min + vec2(2.0, 2.0), galley, Color32::BLACK);
        }
    }

    paint_stacks(&painter, scene);
    paint_overlay(&painter, scene);
}

/// Zone tints as one more mesh over the visible hexes, then the zones' borders.
fn paint_tints(
    painter: &Painter,
    scene: &Scene<'_>,
    cols: &std::ops::RangeInclusive<i32>,
    rows: &std::ops::RangeInclusive<i32>,
) {
    let Scene {
        layout, view, rect, ..
    } = *scene;
    let in_view = |c: Coord| cols.contains(&c.0) && rows.contains(&c.1);
    let offsets = layout.corners.map(|o| o * view.zoom);
    let mut mesh = Mesh::default();
    for (c, color) in &scene.overlay.tints {
        if in_view(*c) {
            add_hex(
                &mut mesh,
                view.to_screen(rect, layout.center(*c)),
                &offsets,
                *color,
            );
        }
    }
    painter.add(Shape::mesh(mesh));
    for (a, b, color, width) in &scene.overlay.borders {
        if (in_view(*a) || in_view(*b))
            && let Some([x, y]) = layout.side_segment(*a, *b)
        {
            painter.line_segment(
                [view.to_screen(rect, x), view.to_screen(rect, y)],
                Stroke::new(*width, *color),
            );
        }
    }
}

/// Counter stacks: a small counter in the side's colour with the top counter's type, the
/// number of counters and the stacking points; a red frame when something is wrong.
fn paint_stacks(painter: &Painter, scene: &Scene<'_>) {
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
        let font = FontId::proportional((size * 0.32).clamp(7.0, 18.0));
        let code = st.counters.last().cloned().unwrap_or_default();
        painter.text(
            top.center() - vec2(0.0, size * 0.12),
            Align2::CENTER_CENTER,
            code,
            font.clone(),
            Color32::WHITE,
        );
        let small = FontId::proportional((size * 0.24).clamp(6.0, 14.0));
        let info = if n > 1 {
            format!("{n}· {}/6", st.points)
        } else {
            format!("{}/6", st.points)
        };
        painter.text(
            top.center() + vec2(0.0, size * 0.24),
            Align2::CENTER_CENTER,
            info,
            small,
            Color32::WHITE,
        );
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

fn add_hex(mesh: &mut Mesh, center: Pos2, offsets: &[Vec2; 6], color: Color32) {
    let base = mesh.vertices.len() as u32;
    for o in offsets {
        mesh.vertices.push(Vertex {
            pos: center + *o,
            uv: WHITE_UV,
            color,
        });
    }
    for k in 1..5 {
        mesh.add_triangle(base, base + k, base + k + 1);
    }
}

fn outline(painter: &Painter, scene: &Scene<'_>, c: Coord, stroke: Stroke) {
    let pts: Vec<Pos2> = scene
        .layout
        .corners(c)
        .into_iter()
        .map(|w| scene.view.to_screen(scene.rect, w))
        .collect();
    painter.add(Shape::closed_line(pts, stroke));
}

fn paint_overlay(painter: &Painter, scene: &Scene<'_>) {
    let to_screen = |w: Pos2| scene.view.to_screen(scene.rect, w);
    let thin = Stroke::new(1.5, Color32::from_rgb(30, 30, 200));
    for c in &scene.overlay.outline {
        if scene.map.grid.contains(*c) {
            outline(painter, scene, *c, thin);
        }
    }
    if scene.overlay.path.len() >= 2 {
        let pts = scene
            .overlay
            .path
            .iter()
            .map(|c| to_screen(scene.layout.center(*c)))
            .collect();
        painter.add(Shape::line(
            pts,
            Stroke::new(3.0, Color32::from_rgba_unmultiplied(200, 30, 30, 180)),
        ));
    }
    if let Some(SideKey(a, b)) = scene.overlay.side
        && let Some([x, y]) = scene.layout.side_segment(a, b)
    {
        painter.line_segment(
            [to_screen(x), to_screen(y)],
            Stroke::new(4.0, Color32::from_rgba_unmultiplied(255, 200, 0, 200)),
        );
    }
    for (c, color) in &scene.overlay.marks {
        if scene.map.grid.contains(*c) {
            outline(painter, scene, *c, Stroke::new(3.5, *color));
        }
    }
    if let Some(h) = scene.hover
        && scene.map.grid.contains(h)
    {
        outline(painter, scene, h, Stroke::new(2.0, Color32::WHITE));
    }
}

/// Size of the minimap for a canvas.
pub fn minimap_rect(canvas: Rect, layout: &Layout) -> Rect {
    let max = vec2(200.0, 150.0).min(canvas.size() * 0.3);
    let aspect = layout.bounds.width() / layout.bounds.height().max(1e-3);
    let size = if max.x / max.y > aspect {
        vec2(max.y * aspect, max.y)
    } else {
        vec2(max.x, max.x / aspect)
    };
    Rect::from_min_size(canvas.max - size - vec2(8.0, 8.0), size)
}

/// Paint the minimap: the overview texture and the part of the map in view.
pub fn paint_minimap(
    painter: &Painter,
    mini: Rect,
    canvas: Rect,
    layout: &Layout,
    view: &View,
    overview: &TextureHandle,
) {
    painter.rect_filled(mini.expand(3.0), 3.0, Color32::from_black_alpha(180));
    let mut mesh = Mesh::with_texture(overview.id());
    mesh.add_rect_with_uv(
        mini,
        Rect::from_min_max(Pos2::ZERO, pos2(1.0, 1.0)),
        Color32::WHITE,
    );
    painter.add(Shape::mesh(mesh));
    let world = view.world_rect(canvas);
    let to_mini = |w: Pos2| {
        let t = (w - layout.bounds.min) / layout.bounds.size();
        mini.min + t * mini.size()
    };
    let shown = Rect::from_min_max(to_mini(world.min), to_mini(world.max)).intersect(mini);
    painter.rect_stroke(
        shown,
        0.0,
        Stroke::new(1.5, Color32::from_rgb(255, 60, 60)),
        egui::StrokeKind::Middle,
    );
}

/// The world point under a point of the minimap.
pub fn minimap_to_world(mini: Rect, layout: &Layout, pos: Pos2) -> Pos2 {
    let t = (pos - mini.min) / mini.size();
    layout.bounds.min + t * layout.bounds.size()
}

#[cfg(test)]
mod tests {
    use super::*;
    use saber_schema::model::hex::{Orientation, Parity};

    fn grid(orientation: Orientation) -> Grid {
        Grid {
            width: 45,
            height: 33,
            orientation,
            parity: Parity::EvenShoved,
        }
    }

    #[test]
    fn hex_at_finds_every_centre() {
        for o in [Orientation::Flat, Orientation::Pointy] {
            let l = Layout::new(grid(o));
            for c in [Coord(1, 1), Coord(4, 12), Coord(5, 12), Coord(45, 33)] {
                assert_eq!(l.hex_at(l.center(c)), c);
                // A point a third of the way to a corner is still in the hex.
                let k = l.corners(c)[2];
                assert_eq!(l.hex_at(l.center(c) + (k - l.center(c)) * 0.66), c);
            }
        }
    }

    #[test]
    fn nearest_side_is_the_shared_edge() {
        let l = Layout::new(grid(Orientation::Flat));
        let (a, b) = (Coord(4, 12), Coord(4, 11));
        let [x, y] = l.side_segment(a, b).expect("neighbours share a side");
        let mid = x + (y - x) * 0.5;
        let (p, q, d) = l.nearest_side(mid + (l.center(a) - mid) * 0.1);
        assert_eq!(SideKey::new(p, q), SideKey::new(a, b));
        assert!(d < 0.1);
    }

    #[test]
    fn visible_range_covers_the_view() {
        let l = Layout::new(grid(Orientation::Flat));
        let (cols, rows) = l.visible(l.bounds);
        assert_eq!((cols, rows), (1..=45, 1..=33));
    }

    #[test]
    fn fit_shows_the_whole_map() {
        let l = Layout::new(grid(Orientation::Flat));
        let rect = Rect::from_min_size(Pos2::ZERO, vec2(1280.0, 800.0));
        let mut v = View::default();
        v.fit(rect, l.bounds);
        let shown = v.world_rect(rect);
        assert!(shown.contains_rect(l.bounds));
    }
}
