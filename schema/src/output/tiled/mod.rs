//! Tiled interop: maps and scenarios written as Tiled maps (`.tmj` + a `.tsj` tileset and its
//! PNG), and hexagonal Tiled maps (`.tmj` or `.tmx`) read back as our maps.
//!
//! The layout of an exported map (the README documents it for engine developers):
//! - a `hexagonal` map, one Tiled cell per hex: our `(col, row)` (from 1, as printed) is Tiled's
//!   `(col - 1, row - 1)`; see [`TiledGrid`] for the stagger;
//! - `terrain`: a tile layer, one tile per terrain and slope variant ([`tileset`]);
//! - `features`, `roads`, `ridges`, `labels`: object layers;
//! - for a scenario, a group layer per side with a tile layer per group (its deployment zone or
//!   arrival hexes), a `victory hexes` group, and the scenario's facts as map properties.
//!
//! No maintained crate fits the import side: the `tiled` crate reads TMX but not the JSON
//! format, and it reads tilesets and decompresses layer data without limits. So [`tmj`] is a
//! serde model of the documented JSON format, [`tmx`] reads the XML format into the same model
//! (roxmltree, with a node limit and no DTDs), and [`import`] maps it onto ours.

pub mod by_game;
pub mod export;
pub mod import;
pub mod tileset;
pub mod tmj;
pub mod tmx;

use crate::model::hex::{Coord, Grid, Orientation, Parity};

/// The `format` map property of an exported map: our layout of Tiled layers and properties.
pub const LAYOUT: &str = "saber-tiled/1";

/// The flat side of a tile: hex circumradius in pixels (hexes are `2 × 30` by `52` pixels,
/// regular to within 0.1 %).
pub const HEX_SIDE_PX: u32 = 30;
/// The distance between the flat sides of a hex, in pixels (`√3 × 30`, rounded).
pub const HEX_ACROSS_PX: u32 = 52;

/// Which axis Tiled staggers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StaggerAxis {
    /// Columns are staggered: flat-topped hexes.
    X,
    /// Rows are staggered: pointy-topped hexes.
    Y,
}

/// Which of Tiled's 0-based columns (rows) are shoved half a hex down (right).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StaggerIndex {
    /// Tiled's odd columns 1, 3, 5 …: our even columns 2, 4, 6 …
    Odd,
    /// Tiled's even columns 0, 2, 4 …: our odd columns 1, 3, 5 …
    Even,
}

impl StaggerAxis {
    /// The value of `staggeraxis`.
    pub fn name(self) -> &'static str {
        match self {
            StaggerAxis::X => "x",
            StaggerAxis::Y => "y",
        }
    }
}

impl StaggerIndex {
    /// The value of `staggerindex`.
    pub fn name(self) -> &'static str {
        match self {
            StaggerIndex::Odd => "odd",
            StaggerIndex::Even => "even",
        }
    }
}

/// A hexagonal Tiled grid and where each of our hexes sits in its pixel space.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TiledGrid {
    /// Our grid.
    pub grid: Grid,
    /// `tilewidth`.
    pub tile_width: u32,
    /// `tileheight`.
    pub tile_height: u32,
    /// `hexsidelength`.
    pub side: u32,
}

impl TiledGrid {
    /// The Tiled grid of our grid, at the export's tile size.
    pub fn of(grid: Grid) -> TiledGrid {
        let (w, h) = tileset::tile_size(grid.orientation);
        TiledGrid {
            grid,
            tile_width: w,
            tile_height: h,
            side: HEX_SIDE_PX,
        }
    }

    /// `staggeraxis`: flat-topped hexes stand in staggered columns.
    pub fn axis(&self) -> StaggerAxis {
        axis_of(self.grid.orientation)
    }

    /// `staggerindex`. Our columns count from 1 and Tiled's from 0, so our even columns are
    /// Tiled's odd ones.
    pub fn index(&self) -> StaggerIndex {
        index_of(self.grid.parity)
    }

    /// Tiled's cell `(x, y)` of our hex.
    pub fn cell(c: Coord) -> (i64, i64) {
        (i64::from(c.0) - 1, i64::from(c.1) - 1)
    }

    /// Our hex of Tiled's cell `(x, y)`.
    pub fn coord(x: i64, y: i64) -> Coord {
        let clamp = |v: i64| (v + 1).clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
        Coord(clamp(x), clamp(y))
    }

    fn shoved(&self, n: i64) -> bool {
        let odd = n.rem_euclid(2) == 1;
        match self.index() {
            StaggerIndex::Odd => odd,
            StaggerIndex::Even => !odd,
        }
    }

    /// Distance between neighbouring columns (flat) or rows (pointy), in pixels.
    fn stride(&self) -> f64 {
        match self.axis() {
            StaggerAxis::X => f64::from(self.tile_width + self.side) / 2.0,
            StaggerAxis::Y => f64::from(self.tile_height + self.side) / 2.0,
        }
    }

    /// The pixel centre of a hex, as Tiled's hexagonal renderer places it (and its objects).
    pub fn center(&self, c: Coord) -> (f64, f64) {
        let (x, y) = Self::cell(c);
        let (w, h) = (f64::from(self.tile_width), f64::from(self.tile_height));
        match self.axis() {
            StaggerAxis::X => {
                let shove = if self.shoved(x) { h / 2.0 } else { 0.0 };
                (
                    x as f64 * self.stride() + w / 2.0,
                    y as f64 * h + shove + h / 2.0,
                )
            }
            StaggerAxis::Y => {
                let shove = if self.shoved(y) { w / 2.0 } else { 0.0 };
                (
                    x as f64 * w + shove + w / 2.0,
                    y as f64 * self.stride() + h / 2.0,
                )
            }
        }
    }

    /// Pixels from a hex centre to a neighbour's (the hex step).
    pub fn step(&self) -> f64 {
        match self.axis() {
            StaggerAxis::X => f64::from(self.tile_height),
            StaggerAxis::Y => f64::from(self.tile_width),
        }
    }

    /// Grid space of [`Grid::center`] (neighbours one unit apart) → pixels.
    pub fn to_px(&self, p: (f64, f64)) -> (f64, f64) {
        // Anchor on hex (1, 1): both spaces agree on it, then scale by the step on each axis.
        let (gx, gy) = self.grid.center(Coord(1, 1));
        let (px, py) = self.center(Coord(1, 1));
        let (sx, sy) = self.scale();
        (px + (p.0 - gx) * sx, py + (p.1 - gy) * sy)
    }

    /// Pixels → grid space (the inverse of [`Self::to_px`]).
    pub fn from_px(&self, p: (f64, f64)) -> (f64, f64) {
        let (gx, gy) = self.grid.center(Coord(1, 1));
        let (px, py) = self.center(Coord(1, 1));
        let (sx, sy) = self.scale();
        (gx + (p.0 - px) / sx, gy + (p.1 - py) / sy)
    }

    /// Pixels per grid unit on each axis: the tile is regular only to within rounding.
    fn scale(&self) -> (f64, f64) {
        let across = 3f64.sqrt() / 2.0;
        match self.axis() {
            StaggerAxis::X => (self.stride() / across, f64::from(self.tile_height)),
            StaggerAxis::Y => (f64::from(self.tile_width), self.stride() / across),
        }
    }

    /// The hex whose centre is nearest a pixel position, if it is within `tolerance` hex steps
    /// of that centre (on the map or not).
    pub fn hex_at(&self, p: (f64, f64), tolerance: f64) -> Option<Coord> {
        let g = self.from_px(p);
        let guess = self.guess(g);
        let mut best: Option<(f64, Coord)> = None;
        for dc in -1..=1 {
            for dr in -1..=1 {
                let c = Coord(guess.0.saturating_add(dc), guess.1.saturating_add(dr));
                let (x, y) = self.grid.center(c);
                let d = ((x - g.0).powi(2) + (y - g.1).powi(2)).sqrt();
                if best.is_none_or(|(b, _)| d < b) {
                    best = Some((d, c));
                }
            }
        }
        best.filter(|(d, _)| *d <= tolerance).map(|(_, c)| c)
    }

    /// The hex nearest a grid-space point by its column and row alone.
    fn guess(&self, (x, y): (f64, f64)) -> Coord {
        let across = 3f64.sqrt() / 2.0;
        let clamp = |v: f64| v.round().clamp(-1e6, 1e6) as i32;
        match self.grid.orientation {
            Orientation::Flat => {
                let col = clamp(x / across);
                let shove = if self.grid.center(Coord(col, 1)).1 > 1.0 {
                    0.5
                } else {
                    0.0
                };
                Coord(col, clamp(y - shove))
            }
            Orientation::Pointy => {
                let row = clamp(y / across);
                let shove = if self.grid.center(Coord(1, row)).0 > 1.0 {
                    0.5
                } else {
                    0.0
                };
                Coord(clamp(x - shove), row)
            }
        }
    }

    /// The size of the whole map in pixels, as Tiled computes it.
    pub fn pixel_size(&self) -> (f64, f64) {
        let (w, h) = (f64::from(self.tile_width), f64::from(self.tile_height));
        let (cols, rows) = (f64::from(self.grid.width), f64::from(self.grid.height));
        match self.axis() {
            StaggerAxis::X => (
                cols * self.stride() + (w - self.stride()),
                rows * h + if self.grid.width > 1 { h / 2.0 } else { 0.0 },
            ),
            StaggerAxis::Y => (
                cols * w + if self.grid.height > 1 { w / 2.0 } else { 0.0 },
                rows * self.stride() + (h - self.stride()),
            ),
        }
    }
}

/// The stagger axis of an orientation.
pub fn axis_of(o: Orientation) -> StaggerAxis {
    match o {
        Orientation::Flat => StaggerAxis::X,
        Orientation::Pointy => StaggerAxis::Y,
    }
}

/// The stagger index of a parity (our columns count from 1, Tiled's from 0).
pub fn index_of(p: Parity) -> StaggerIndex {
    match p {
        Parity::EvenShoved => StaggerIndex::Odd,
        Parity::OddShoved => StaggerIndex::Even,
    }
}

/// The orientation and parity of a Tiled stagger axis and index.
pub fn grid_of(axis: StaggerAxis, index: StaggerIndex) -> (Orientation, Parity) {
    let o = match axis {
        StaggerAxis::X => Orientation::Flat,
        StaggerAxis::Y => Orientation::Pointy,
    };
    let p = match index {
        StaggerIndex::Odd => Parity::EvenShoved,
        StaggerIndex::Even => Parity::OddShoved,
    };
    (o, p)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(orientation: Orientation, parity: Parity) -> Grid {
        Grid {
            width: 9,
            height: 7,
            orientation,
            parity,
            numbering: Default::default(),
        }
    }

    /// Every hex lands where our own geometry puts it, scaled: the stagger mapping is right for
    /// both orientations and both parities (the off-by-one between 1-based and 0-based columns).
    #[test]
    fn tiled_centres_follow_our_geometry() {
        for o in [Orientation::Flat, Orientation::Pointy] {
            for p in [Parity::EvenShoved, Parity::OddShoved] {
                let g = grid(o, p);
                let t = TiledGrid::of(g);
                for c in g.coords() {
                    let ours = t.to_px(g.center(c));
                    let theirs = t.center(c);
                    assert!(
                        (ours.0 - theirs.0).abs() < 1e-6 && (ours.1 - theirs.1).abs() < 1e-6,
                        "{o:?} {p:?} {c:?}: {ours:?} vs {theirs:?}"
                    );
                    assert_eq!(t.hex_at(theirs, 0.1), Some(c));
                }
            }
        }
    }

    #[test]
    fn our_even_columns_are_tiled_odd_ones() {
        assert_eq!(index_of(Parity::EvenShoved), StaggerIndex::Odd);
        assert_eq!(
            grid_of(StaggerAxis::X, StaggerIndex::Odd),
            (Orientation::Flat, Parity::EvenShoved)
        );
        assert_eq!(
            grid_of(StaggerAxis::Y, StaggerIndex::Even),
            (Orientation::Pointy, Parity::OddShoved)
        );
    }
}
