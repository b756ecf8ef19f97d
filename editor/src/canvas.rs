//! The map canvas: the view transform (pan, zoom, fit), turning screen points into hexes and
//! hexsides, and painting. Hexes are painted as ONE `egui::Mesh` per frame covering only the
//! visible hexes; when hexes get smaller than a few pixels the map is drawn from an overview
//! texture (one texel per hex) instead, which is also what the minimap shows.

use egui::epaint::{Mesh, Vertex, WHITE_UV};
use egui::{
    Align2, Color32, ColorImage, FontId, Painter, Pos2, Rect, Shape, Stroke, TextureHandle,
    TextureOptions, Vec2, pos2, vec2,
};
use hexx::{GridEdge, HexLayout, HexOrientation};
use saber_schema::model::hex::{Coord, Grid, Orientation};
use saber_schema::model::map::{Cell, Map, RoadKind, SideKey};
use saber_schema::output::palette;
use saber_schema::ruleset::Terrain;

mod stacks;

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
    /// Smallest zoom allowed now: the whole map fitted in the canvas (set by the canvas each
    /// frame), so that zooming out never shrinks the map to a dot.
    #[serde(skip)]
    pub floor: f32,
}

impl Default for View {
    fn default() -> Self {
        View {
            zoom: ZOOM_100,
            center: Pos2::ZERO,
            floor: MIN_ZOOM,
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

    /// The zoom that shows all of `bounds` with a small margin.
    pub fn fit_zoom(&self, rect: Rect, bounds: Rect) -> f32 {
        let margin = 12.0;
        let zx = (rect.width() - 2.0 * margin).max(1.0) / bounds.width().max(1e-3);
        let zy = (rect.height() - 2.0 * margin).max(1.0) / bounds.height().max(1e-3);
        zx.min(zy).clamp(MIN_ZOOM, MAX_ZOOM)
    }

    /// Show all of `bounds` with a small margin.
    pub fn fit(&mut self, rect: Rect, bounds: Rect) {
        self.zoom = self.fit_zoom(rect, bounds);
        self.center = bounds.center();
    }

    /// Zoom by `factor`, keeping the world point under `anchor` (screen) in place; never
    /// below [`Self::floor`].
    pub fn zoom_at(&mut self, rect: Rect, anchor: Pos2, factor: f32) {
        let before = self.to_world(rect, anchor);
        let floor = self.floor.clamp(MIN_ZOOM, MAX_ZOOM);
        self.zoom = (self.zoom * factor).clamp(floor, MAX_ZOOM);
        let after = self.to_world(rect, anchor);
        self.center += before - after;
    }

    /// Zoom as a percentage of [`ZOOM_100`].
    pub fn percent(&self) -> f32 {
        self.zoom / ZOOM_100 * 100.0
    }

    /// The zoom as the status bar shows it ("125 %").
    pub fn percent_text(&self) -> String {
        format!("{:.0} %", self.percent())
    }
}

/// Screen geometry of a grid through hexx's [`HexLayout`]: hex centres and corners, the hex under
/// a point, and hexsides as [`GridEdge`]s. World units put neighbouring hex centres one unit
/// apart, with y pointing down as on screen; [`Grid::center`] is the same geometry for the
/// compiler's renderer (a test checks that both agree).
#[derive(Debug, Clone)]
pub struct Layout {
    /// The grid.
    pub grid: Grid,
    hexx: HexLayout,
    /// Corner offsets from a hex centre, in world units.
    corners: [Vec2; 6],
    /// World bounds of the whole map.
    pub bounds: Rect,
}

fn pos(v: hexx::Vec2) -> Pos2 {
    pos2(v.x, v.y)
}

fn vec(p: Pos2) -> hexx::Vec2 {
    hexx::Vec2::new(p.x, p.y)
}

impl Layout {
    /// The layout of a grid.
    pub fn new(grid: Grid) -> Layout {
        let orientation = match grid.orientation {
            Orientation::Flat => HexOrientation::Flat,
            Orientation::Pointy => HexOrientation::Pointy,
        };
        // Circumradius for centres one unit apart. hexx's axial `y` grows with the offset row,
        // as the screen's y grows down the rows: no axis is inverted (inverting y would draw
        // the map upside down against the compiler's renderer).
        let mut hexx = HexLayout::new(orientation).with_hex_size(1.0 / 3f32.sqrt());
        // Place hex 0101 where the compiler's renderer puts it.
        let (x, y) = grid.center(Coord(1, 1));
        hexx.origin = hexx::Vec2::new(x as f32, y as f32)
            - hexx.hex_to_world_pos(grid.to_hex(Coord(1, 1)))
            + hexx.origin;
        let corners = hexx.center_aligned_hex_corners().map(|c| vec2(c.x, c.y));
        let mut layout = Layout {
            grid,
            hexx,
            corners,
            bounds: Rect::NOTHING,
        };
        let (w, h) = (grid.width as i32, grid.height as i32);
        let mut bounds = Rect::NOTHING;
        for c in [1, 2, w - 1, w] {
            for r in [1, 2, h - 1, h] {
                let c = Coord(c.clamp(1, w.max(1)), r.clamp(1, h.max(1)));
                for corner in layout.corners(c) {
                    bounds.extend_with(corner);
                }
            }
        }
        layout.bounds = bounds;
        layout
    }

    /// Centre of a hex in world units.
    pub fn center(&self, c: Coord) -> Pos2 {
        pos(self.hexx.hex_to_world_pos(self.grid.to_hex(c)))
    }

    /// The corners of a hex in world units.
    pub fn corners(&self, c: Coord) -> [Pos2; 6] {
        let center = self.center(c);
        self.corners.map(|o| center + o)
    }

    /// The hex under a world point (may be off the map).
    pub fn hex_at(&self, world: Pos2) -> Coord {
        self.grid.to_coord(self.hexx.world_pos_to_hex(vec(world)))
    }

    /// The on-map column and row ranges that intersect a world rectangle.
    pub fn visible(
        &self,
        world: Rect,
    ) -> (std::ops::RangeInclusive<i32>, std::ops::RangeInclusive<i32>) {
        let (w, h) = (self.grid.width as i32, self.grid.height as i32);
        let hexes = [
            world.left_top(),
            world.right_top(),
            world.left_bottom(),
            world.right_bottom(),
        ]
        .map(|p| self.hex_at(p));
        let min_col = hexes.iter().map(|c| c.0).min().unwrap_or(1);
        let max_col = hexes.iter().map(|c| c.0).max().unwrap_or(w);
        let min_row = hexes.iter().map(|c| c.1).min().unwrap_or(1);
        let max_row = hexes.iter().map(|c| c.1).max().unwrap_or(h);
        // One hex of slack: a hex whose centre is outside still shows its edge.
        (
            (min_col - 1).clamp(1, w)..=(max_col + 1).clamp(1, w),
            (min_row - 1).clamp(1, h)..=(max_row + 1).clamp(1, h),
        )
    }

    /// The hexside between two neighbouring hexes, as hexx names it.
    pub fn edge(&self, a: Coord, b: Coord) -> Option<GridEdge> {
        let origin = self.grid.to_hex(a);
        let direction = origin.neighbor_direction(self.grid.to_hex(b))?;
        Some(GridEdge { origin, direction })
    }

    /// The two corners shared by neighbouring hexes: the hexside between them.
    pub fn side_segment(&self, a: Coord, b: Coord) -> Option<[Pos2; 2]> {
        self.edge(a, b)
            .map(|e| self.hexx.edge_coordinates(e).map(pos))
    }

    /// The hexside nearest to a world point: the hex under it, its neighbour across the side,
    /// and how far the point is from the side (world units).
    pub fn nearest_side(&self, world: Pos2) -> (Coord, Coord, f32) {
        let origin = self.hexx.world_pos_to_hex(vec(world));
        let from_center = vec(world) - self.hexx.hex_to_world_pos(origin);
        let mut best = (origin, origin, f32::INFINITY);
        for edge in origin.all_edges() {
            // The side lies half a step from the centre along the direction's axis.
            let axis = edge
                .direction
                .world_unit_vector(&self.hexx)
                .normalize_or_zero();
            let d = (0.5 - from_center.dot(axis)).abs();
            if d < best.2 {
                best = (origin, edge.destination(), d);
            }
        }
        (
            self.grid.to_coord(best.0),
            self.grid.to_coord(best.1),
            best.2,
        )
    }
}

/// A colour of the one palette (`#rrggbb`) on screen.
pub fn palette_color(hex: &str) -> Color32 {
    let [r, g, b] = palette::rgb(hex);
    Color32::from_rgb(r, g, b)
}

/// The fill colour of a hex, from the one palette: the terrain's fill, tinted on a slope as the
/// renderer tints it. A bridge shows its deck colour, since the editor draws no deck over it.
pub fn cell_color(cell: Cell) -> Color32 {
    // Worked out once, not for every hex of every frame.
    static COLORS: std::sync::LazyLock<[[Color32; 2]; Terrain::ALL.len()]> =
        std::sync::LazyLock::new(|| {
            Terrain::ALL.map(|t| {
                [false, true].map(|slope| {
                    let [r, g, b] = match (t, slope) {
                        (Terrain::Bridge, _) => palette::rgb(palette::BRIDGE_DECK),
                        (t, true) => palette::slope_fill(t),
                        (t, false) => palette::rgb(palette::terrain_fill(t)),
                    };
                    Color32::from_rgb(r, g, b)
                })
            })
        });
    let row = Terrain::ALL
        .iter()
        .position(|t| *t == cell.terrain)
        .unwrap_or(0);
    COLORS[row][usize::from(cell.slope)]
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
    /// million texels per frame would make painting stutter). `fills` colour hexes in place
    /// of their cells, as [`Overlay::fills`] does on the canvas.
    pub fn texture(
        &mut self,
        ctx: &egui::Context,
        map: &Map,
        revision: u64,
        may_lag: bool,
        fills: &[(Coord, Color32)],
    ) -> &TextureHandle {
        let stale = self.revision != Some(revision) && !may_lag;
        if stale || self.texture.is_none() {
            let size = [map.grid.width as usize, map.grid.height as usize];
            let mut pixels: Vec<Color32> = map.cells.iter().map(|c| cell_color(*c)).collect();
            // The overlay's fills stand for the cells' colours (Overlay::fills).
            for (c, color) in fills {
                if let Some(i) = map.grid.index(*c) {
                    pixels[i] = *color;
                }
            }
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
    /// Hexes filled in a colour in place of their cell's (a game whose hexes are kinds of
    /// terrain the map file declares, Musket & Saber 2.2), with the grid lines between them.
    pub fills: Vec<(Coord, Color32)>,
    /// Zone borders: the hexside between two hexes, in a colour and width (px).
    pub borders: Vec<(Coord, Coord, Color32, f32)>,
    /// Hexes outlined in a colour (the placement target: green if legal, red if not).
    pub marks: Vec<(Coord, Color32)>,
    /// Counter stacks placed at set-up.
    pub stacks: Vec<Stack>,
    /// The colour of `path` (`None`: the tools' red).
    pub path_color: Option<Color32>,
    /// Words shown beside a hex (the movement overlay's cost of the path to it).
    pub labels: Vec<(Coord, String)>,
    /// A texture of one texel a hex laid over the whole map, drawn instead of `tints` when
    /// hexes are smaller than [`TEXTURE_BELOW`] (the movement bands of a large map).
    pub texture: Option<egui::TextureId>,
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
    /// What to print under the top counter instead of the points (a game that counts no
    /// points, Musket & Saber 5.0).
    pub info: Option<String>,
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

/// A texture's whole area, to lay it over a rectangle.
const WHOLE_TEXTURE: Rect = Rect::from_min_max(Pos2::ZERO, pos2(1.0, 1.0));

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
    let fills: std::collections::HashMap<Coord, Color32> =
        scene.overlay.fills.iter().copied().collect();
    if view.zoom < TEXTURE_BELOW {
        // Texels are hexes: columns and rows cover the map's bounds.
        painter.image(overview.id(), map_rect, WHOLE_TEXTURE, Color32::WHITE);
    } else {
        let mut mesh = Mesh::default();
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
                let fill = fills.get(&coord).copied();
                add_hex(
                    &mut mesh,
                    center,
                    &offsets,
                    fill.unwrap_or_else(|| cell_color(cell)),
                );
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
        painter.add(Shape::mesh(mesh));
    }
    match scene.overlay.texture {
        Some(id) if view.zoom < TEXTURE_BELOW => {
            painter.image(id, map_rect, WHOLE_TEXTURE, Color32::WHITE);
        }
        _ => paint_tints(&painter, scene, &cols, &rows),
    }

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

    stacks::paint_stacks(&painter, scene);
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
        let color = scene
            .overlay
            .path_color
            .unwrap_or(Color32::from_rgba_unmultiplied(200, 30, 30, 180));
        painter.add(Shape::line(pts, Stroke::new(3.0, color)));
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
    let font = FontId::proportional(14.0);
    for (c, text) in &scene.overlay.labels {
        let at = to_screen(scene.layout.center(*c)) + vec2(0.0, -scene.view.zoom * 0.5 - 12.0);
        let galley = painter.layout_no_wrap(text.clone(), font.clone(), Color32::WHITE);
        let r = Rect::from_center_size(at, galley.size()).expand(3.0);
        painter.rect_filled(r, 3.0, Color32::from_black_alpha(200));
        painter.galley(r.min + vec2(3.0, 3.0), galley, Color32::WHITE);
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
    painter.image(overview.id(), mini, WHOLE_TEXTURE, Color32::WHITE);
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

    use saber_schema::model::hex::Parity;

    fn grid(orientation: Orientation) -> Grid {
        Grid {
            width: 45,
            height: 33,
            orientation,
            parity: Parity::EvenShoved,
            numbering: Default::default(),
        }
    }

    fn grids() -> Vec<Grid> {
        let mut out = Vec::new();
        for orientation in [Orientation::Flat, Orientation::Pointy] {
            for parity in [Parity::EvenShoved, Parity::OddShoved] {
                out.push(Grid {
                    width: 45,
                    height: 33,
                    orientation,
                    parity,
                    numbering: Default::default(),
                });
            }
        }
        out
    }

    #[test]
    fn hexx_places_hexes_where_the_compiler_renders_them() {
        for g in grids() {
            let l = Layout::new(g);
            for c in g.coords() {
                let (x, y) = g.center(c);
                assert!(
                    l.center(c).distance(pos2(x as f32, y as f32)) < 1e-3,
                    "{g:?} {c:?}"
                );
                let mut ours = l.corners(c).map(|p| (p.x, p.y));
                let mut theirs = g.corners(c).map(|(x, y)| (x as f32, y as f32));
                let key = |p: &(f32, f32)| ((p.0 * 1e3).round() as i64, (p.1 * 1e3).round() as i64);
                ours.sort_by_key(key);
                theirs.sort_by_key(key);
                for (a, b) in ours.iter().zip(&theirs) {
                    assert!(
                        (a.0 - b.0).abs() < 1e-3 && (a.1 - b.1).abs() < 1e-3,
                        "{g:?} {c:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn hex_at_finds_every_centre_and_corner_region() {
        for g in grids() {
            let l = Layout::new(g);
            for c in g.coords() {
                assert_eq!(l.hex_at(l.center(c)), c);
                for k in l.corners(c) {
                    // Just inside each corner is still the hex.
                    assert_eq!(l.hex_at(l.center(c) + (k - l.center(c)) * 0.9), c);
                }
            }
        }
    }

    proptest::proptest! {
        /// Any point inside a hex (closer to its centre than the inscribed radius) picks it.
        #[test]
        fn picking_round_trips(col in 1i32..=45, row in 1i32..=33, angle in 0f32..std::f32::consts::TAU,
                               t in 0f32..0.999, grid in 0usize..4) {
            let g = grids()[grid];
            let l = Layout::new(g);
            let c = Coord(col, row);
            let p = l.center(c) + vec2(angle.cos(), angle.sin()) * (0.5 * t);
            proptest::prop_assert_eq!(l.hex_at(p), c);
        }

        /// A point near the middle of any hexside, inside one hex, finds that hexside.
        #[test]
        fn nearest_side_round_trips(col in 2i32..=44, row in 2i32..=32, side in 0usize..6,
                                    inset in 0.01f32..0.3, grid in 0usize..4) {
            let g = grids()[grid];
            let l = Layout::new(g);
            let a = Coord(col, row);
            let b = g.side_neighbors(a)[side];
            let [x, y] = l.side_segment(a, b).expect("neighbours share a side");
            let mid = x + (y - x) * 0.5;
            let (p, q, d) = l.nearest_side(mid + (l.center(a) - mid) * inset);
            proptest::prop_assert_eq!(SideKey::new(p, q), SideKey::new(a, b));
            proptest::prop_assert!((d - inset * 0.5).abs() < 1e-3);
        }
    }

    #[test]
    fn a_side_segment_is_the_two_shared_corners() {
        for g in grids() {
            let l = Layout::new(g);
            let a = Coord(20, 15);
            for b in g.side_neighbors(a) {
                let seg = l.side_segment(a, b).expect("neighbours");
                for end in seg {
                    for h in [a, b] {
                        assert!(l.corners(h).iter().any(|k| k.distance(end) < 1e-4));
                    }
                }
            }
            assert!(l.side_segment(a, Coord(25, 15)).is_none());
        }
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
