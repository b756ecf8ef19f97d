//! Hex coordinates: offset `(col,row)` in files, `CCRR` labels for people, `hexx::Hex` (axial)
//! for geometry.
//!
//! Columns and rows are numbered from 1, as printed on SPI maps, so the hex in column 4, row 12
//! is `(4, 12)` in a file and `0412` on screen. Which columns (or rows) are shoved by half a hex
//! is declared per map by [`Grid`].

use std::fmt;

use hexx::{EdgeDirection, Hex, HexOrientation, OffsetHexMode};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A hex in offset coordinates `(col,row)`, 1-based, as written in map and scenario files;
/// files may also write the label printed on the map, `"CCRR"` (`"0412"` is `(4, 12)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Coord(pub i32, pub i32);

/// The form of a hex label in files: `CCRR`, or `COL.ROW` on maps over 99 columns or rows.
pub const LABEL_PATTERN: &str = r"^([0-9]{4}|[0-9]{1,4}\.[0-9]{1,4})$";

impl<'de> Deserialize<'de> for Coord {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Coord, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Coord;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a hex: `(col, row)` or its label `\"CCRR\"`")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Coord, A::Error> {
                use serde::de::Error;
                let col = seq
                    .next_element::<i32>()?
                    .ok_or_else(|| A::Error::invalid_length(0, &"two numbers, `(col, row)`"))?;
                let row = seq
                    .next_element::<i32>()?
                    .ok_or_else(|| A::Error::invalid_length(1, &"two numbers, `(col, row)`"))?;
                if seq.next_element::<serde::de::IgnoredAny>()?.is_some() {
                    return Err(A::Error::invalid_length(3, &"two numbers, `(col, row)`"));
                }
                Ok(Coord(col, row))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Coord, E> {
                // Exactly the schema's LABEL_PATTERN, so that saberc and the schema agree.
                let digits = |t: &str, n: std::ops::RangeInclusive<usize>| {
                    n.contains(&t.len()) && t.bytes().all(|b| b.is_ascii_digit())
                };
                let exact = match v.split_once('.') {
                    Some((c, r)) => digits(c, 1..=4) && digits(r, 1..=4),
                    None => digits(v, 4..=4),
                };
                if !exact {
                    return Err(E::custom(LabelError::Malformed(v.to_string())));
                }
                parse_label(v).map_err(E::custom)
            }
        }
        d.deserialize_any(V)
    }
}

/// A hex written as the label printed on the map (`"0812"`; `"101.12"` past 99 columns or
/// rows), for the files of a game that names its hexes so (Musket & Saber); a hex no label
/// can name (a negative column or row) is written `(col, row)`. Read back as any [`Coord`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Printed(pub Coord);

impl Serialize for Printed {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Coord(c, r) if (0..100).contains(&c) && (0..100).contains(&r) => {
                s.serialize_str(&format!("{c:02}{r:02}"))
            }
            Coord(c, r) if (0..10_000).contains(&c) && (0..10_000).contains(&r) => {
                s.serialize_str(&format!("{c}.{r}"))
            }
            c => c.serialize(s),
        }
    }
}

/// `serialize_with` for a hex written as its label ([`Printed`]).
pub fn serialize_printed<S: serde::Serializer>(c: &Coord, s: S) -> Result<S::Ok, S::Error> {
    Printed(*c).serialize(s)
}

/// `serialize_with` for a list of hexes written as their labels ([`Printed`]).
pub fn serialize_printed_list<S: serde::Serializer>(cs: &[Coord], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(cs.iter().map(|c| Printed(*c)))
}

impl JsonSchema for Coord {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Coord".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A hex: `[col, row]`, 1-based, or the label printed on the map, `\"CCRR\"` (`\"0412\"` is column 4, row 12).",
            "oneOf": [
                {
                    "title": "Column and row",
                    "description": "`[col, row]`, numbered from 1 as printed.",
                    "type": "array",
                    "prefixItems": [
                        {"title": "Column", "description": "Column, from 1.", "type": "integer", "minimum": i32::MIN, "maximum": i32::MAX},
                        {"title": "Row", "description": "Row, from 1.", "type": "integer", "minimum": i32::MIN, "maximum": i32::MAX}
                    ],
                    "items": false,
                    "minItems": 2,
                    "maxItems": 2
                },
                {
                    "title": "Label",
                    "description": "The hex label printed on the map: `CCRR`, or `COL.ROW` on maps over 99 columns or rows.",
                    "type": "string",
                    "pattern": LABEL_PATTERN,
                    "examples": ["0412"]
                }
            ],
            "examples": [[4, 12], "0412"]
        })
    }
}

impl Coord {
    /// The column (1-based).
    pub fn col(self) -> i32 {
        self.0
    }
    /// The row (1-based).
    pub fn row(self) -> i32 {
        self.1
    }
}

/// Hex orientation of a map grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema)]
pub enum Orientation {
    /// Flat-topped hexes in vertical columns (the usual SPI layout).
    #[default]
    Flat,
    /// Pointy-topped hexes in horizontal rows.
    Pointy,
}

/// Which columns (flat) or rows (pointy) are shoved half a hex down (or right).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema)]
pub enum Parity {
    /// Even-numbered columns (or rows) are shoved.
    #[default]
    EvenShoved,
    /// Odd-numbered columns (or rows) are shoved.
    OddShoved,
}

/// The eight compass directions used by deployment clauses ("to the northeast of V9").
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub enum Compass {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Compass {
    /// All eight directions, clockwise from north.
    pub const ALL: [Compass; 8] = [
        Compass::N,
        Compass::NE,
        Compass::E,
        Compass::SE,
        Compass::S,
        Compass::SW,
        Compass::W,
        Compass::NW,
    ];

    /// Unit vector in screen space (x right, y down).
    pub fn vector(self) -> (f64, f64) {
        let d = std::f64::consts::FRAC_1_SQRT_2;
        match self {
            Compass::N => (0.0, -1.0),
            Compass::NE => (d, -d),
            Compass::E => (1.0, 0.0),
            Compass::SE => (d, d),
            Compass::S => (0.0, 1.0),
            Compass::SW => (-d, d),
            Compass::W => (-1.0, 0.0),
            Compass::NW => (-d, -d),
        }
    }

    /// Lower-case English name ("north-east").
    pub fn name(self) -> &'static str {
        match self {
            Compass::N => "north",
            Compass::NE => "north-east",
            Compass::E => "east",
            Compass::SE => "south-east",
            Compass::S => "south",
            Compass::SW => "south-west",
            Compass::W => "west",
            Compass::NW => "north-west",
        }
    }
}

/// One of the four map edges.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub enum Edge {
    North,
    East,
    South,
    West,
}

impl Edge {
    /// All four edges.
    pub const ALL: [Edge; 4] = [Edge::North, Edge::East, Edge::South, Edge::West];

    /// Lower-case name ("south").
    pub fn name(self) -> &'static str {
        match self {
            Edge::North => "north",
            Edge::East => "east",
            Edge::South => "south",
            Edge::West => "west",
        }
    }
}

/// One of the four map corners.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub enum Corner {
    NorthEast,
    NorthWest,
    SouthEast,
    SouthWest,
}

/// How a map numbers its hexes for people: the label format every label and every label read
/// of a grid goes through ([`Grid::label`], [`Grid::parse_label`]). Hexes in memory are always
/// column and row from 1; only the printed number differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Numbering {
    /// Column then row, both from 01: `CCRR` (`0412`), dotted `C.R` past 99 (Rifle & Saber,
    /// and a Musket & Saber map numbered from 0101).
    #[default]
    FromOne,
    /// Four digits, column then row, from the numbers the first (westmost) column and the
    /// first (northmost) row print (Musket & Saber 2.2: "Each hex has a four-digit number"; a
    /// map whose first hex is `0100` has `first_row: 0`).
    FourDigitsFrom {
        /// The number printed on the first column.
        first_column: i32,
        /// The number printed on the first row.
        first_row: i32,
    },
}

impl Numbering {
    /// The numbers of the first column and the first row.
    pub fn first(self) -> (i32, i32) {
        match self {
            Numbering::FromOne => (1, 1),
            Numbering::FourDigitsFrom {
                first_column,
                first_row,
            } => (first_column, first_row),
        }
    }

    /// The grid hex (column and row from 1) of a hex as the map numbers it.
    pub fn to_grid(self, printed: Coord) -> Coord {
        let (c, r) = self.first();
        Coord(
            printed.0.saturating_sub(c).saturating_add(1),
            printed.1.saturating_sub(r).saturating_add(1),
        )
    }

    /// The number the map prints on a grid hex, as a coordinate.
    pub fn to_printed(self, grid: Coord) -> Coord {
        let (c, r) = self.first();
        Coord(
            grid.0.saturating_add(c).saturating_sub(1),
            grid.1.saturating_add(r).saturating_sub(1),
        )
    }
}

/// A map's grid: size, orientation, parity and how its hexes are numbered. All coordinate
/// conversions and every label go through it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    /// Number of columns.
    pub width: u32,
    /// Number of rows.
    pub height: u32,
    /// Hex orientation.
    pub orientation: Orientation,
    /// Which columns (or rows) are shoved.
    pub parity: Parity,
    /// How the map numbers its hexes.
    pub numbering: Numbering,
}

/// The distance between neighbouring hex centres in [`Grid::center`] units.
pub const HEX_STEP: f64 = 1.0;

impl Grid {
    fn hexx_orientation(&self) -> HexOrientation {
        match self.orientation {
            Orientation::Flat => HexOrientation::Flat,
            Orientation::Pointy => HexOrientation::Pointy,
        }
    }

    fn hexx_mode(&self) -> OffsetHexMode {
        match self.parity {
            Parity::EvenShoved => OffsetHexMode::Even,
            Parity::OddShoved => OffsetHexMode::Odd,
        }
    }

    /// Is the coordinate on the map?
    pub fn contains(&self, c: Coord) -> bool {
        c.0 >= 1 && c.1 >= 1 && c.0 <= self.width as i32 && c.1 <= self.height as i32
    }

    /// Number of hexes on the map.
    pub fn len(&self) -> usize {
        self.width as usize * self.height as usize
    }

    /// True for a map without hexes.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Dense index of an on-map coordinate (row-major), for per-hex arrays.
    pub fn index(&self, c: Coord) -> Option<usize> {
        self.contains(c)
            .then(|| (c.1 - 1) as usize * self.width as usize + (c.0 - 1) as usize)
    }

    /// The coordinate at a dense index.
    pub fn coord_at(&self, index: usize) -> Coord {
        let w = self.width as usize;
        Coord((index % w) as i32 + 1, (index / w) as i32 + 1)
    }

    /// Every hex of the map, row by row.
    pub fn coords(&self) -> impl Iterator<Item = Coord> + '_ {
        (0..self.len()).map(|i| self.coord_at(i))
    }

    /// Offset → axial.
    pub fn to_hex(&self, c: Coord) -> Hex {
        Hex::from_offset_coordinates([c.0, c.1], self.hexx_mode(), self.hexx_orientation())
    }

    /// Axial → offset.
    pub fn to_coord(&self, h: Hex) -> Coord {
        let [c, r] = h.to_offset_coordinates(self.hexx_mode(), self.hexx_orientation());
        Coord(c, r)
    }

    /// Hex distance between two coordinates.
    pub fn distance(&self, a: Coord, b: Coord) -> u32 {
        self.to_hex(a).unsigned_distance_to(self.to_hex(b))
    }

    /// The on-map neighbours of a hex.
    pub fn neighbors(&self, c: Coord) -> impl Iterator<Item = Coord> + '_ {
        self.to_hex(c)
            .all_neighbors()
            .into_iter()
            .map(|h| self.to_coord(h))
            .filter(|n| self.contains(*n))
    }

    /// Dense indices of the on-map neighbours of the hex at dense index `i` (what
    /// [`Grid::neighbors`] gives, by index arithmetic: breadth-first searches over a whole map
    /// call this once per hex).
    pub fn neighbor_indices(&self, i: usize) -> impl Iterator<Item = usize> + use<> {
        self.neighbor_slots(i).into_iter().flatten()
    }

    /// The six neighbours of the hex at dense index `i`, in the order of
    /// [`Grid::neighbor_steps`] (`None`: off the map). Searches keep one value per slot per hex.
    pub fn neighbor_slots(&self, i: usize) -> [Option<usize>; 6] {
        let w = self.width as usize;
        let (col, row) = (i % w + 1, i / w + 1);
        let (w, h) = (w as isize, self.height as isize);
        self.neighbor_steps(col, row).map(|(dc, dr)| {
            let (c, r) = (col as isize + dc, row as isize + dr);
            (c >= 1 && r >= 1 && c <= w && r <= h).then(|| ((r - 1) * w + (c - 1)) as usize)
        })
    }

    /// The (column, row) steps from the hex at (`col`, `row`) to its six neighbours: along the
    /// line first, then the two level with it in the next lines, then the other two. Only the
    /// parity of the shoved axis matters: along it, the neighbours in the next line over are
    /// level with this hex and one step "down" when this line is shoved, one step "up"
    /// otherwise. The same hexes as hexx's neighbours (a test holds them to it), in an order of
    /// their own: it decides which of two equally cheap paths a search prints, and hexx's order
    /// of directions changes printed paths (two `analyze` outputs, measured 29 November).
    pub fn neighbor_steps(&self, col: usize, row: usize) -> [(isize, isize); 6] {
        match self.orientation {
            Orientation::Flat => {
                let d = if self.is_shoved(col as i32) { 1 } else { -1 };
                [(0, -1), (0, 1), (-1, 0), (1, 0), (-1, d), (1, d)]
            }
            Orientation::Pointy => {
                let d = if self.is_shoved(row as i32) { 1 } else { -1 };
                [(-1, 0), (1, 0), (0, -1), (0, 1), (d, -1), (d, 1)]
            }
        }
    }

    /// True when two hexes share a hexside.
    pub fn adjacent(&self, a: Coord, b: Coord) -> bool {
        self.distance(a, b) == 1
    }

    /// The hexes on the straight line between two hex centres (both ends included).
    pub fn line(&self, a: Coord, b: Coord) -> Vec<Coord> {
        self.to_hex(a)
            .line_to(self.to_hex(b))
            .map(|h| self.to_coord(h))
            .collect()
    }

    /// Centre of a hex in screen space (x right, y down), neighbouring centres [`HEX_STEP`] apart.
    pub fn center(&self, c: Coord) -> (f64, f64) {
        let s3 = 3f64.sqrt();
        // Offset layout: centres are one step apart, columns (flat) 0.866 apart.
        match self.orientation {
            Orientation::Flat => {
                let shoved = self.is_shoved(c.0);
                (
                    c.0 as f64 * s3 / 2.0,
                    c.1 as f64 + if shoved { 0.5 } else { 0.0 },
                )
            }
            Orientation::Pointy => {
                let shoved = self.is_shoved(c.1);
                (
                    c.0 as f64 + if shoved { 0.5 } else { 0.0 },
                    c.1 as f64 * s3 / 2.0,
                )
            }
        }
    }

    /// Is this column (flat) or row (pointy) shoved by half a hex?
    fn is_shoved(&self, n: i32) -> bool {
        let even = n.rem_euclid(2) == 0;
        match self.parity {
            Parity::EvenShoved => even,
            Parity::OddShoved => !even,
        }
    }

    /// The six corner points of a hex in screen space, clockwise from the first corner.
    pub fn corners(&self, c: Coord) -> [(f64, f64); 6] {
        let (cx, cy) = self.center(c);
        // Circumradius for centres one step apart.
        let r = 1.0 / 3f64.sqrt();
        let start = match self.orientation {
            Orientation::Flat => 0.0f64,
            Orientation::Pointy => 30.0f64,
        };
        std::array::from_fn(|i| {
            let a = (start + 60.0 * i as f64).to_radians();
            (cx + r * a.cos(), cy + r * a.sin())
        })
    }

    /// The six hexsides of this orientation, clockwise from the south-east one: the compass
    /// name of each and hexx's direction across it. Side `i` runs from corner `i` to corner
    /// `i + 1` of [`Self::corners`] (both orientations' corner 0 is the south-east side's first).
    fn sides(&self) -> [(Compass, EdgeDirection); 6] {
        match self.orientation {
            Orientation::Flat => [
                (Compass::SE, EdgeDirection::FLAT_SOUTH_EAST),
                (Compass::S, EdgeDirection::FLAT_SOUTH),
                (Compass::SW, EdgeDirection::FLAT_SOUTH_WEST),
                (Compass::NW, EdgeDirection::FLAT_NORTH_WEST),
                (Compass::N, EdgeDirection::FLAT_NORTH),
                (Compass::NE, EdgeDirection::FLAT_NORTH_EAST),
            ],
            Orientation::Pointy => [
                (Compass::SE, EdgeDirection::POINTY_SOUTH_EAST),
                (Compass::SW, EdgeDirection::POINTY_SOUTH_WEST),
                (Compass::W, EdgeDirection::POINTY_WEST),
                (Compass::NW, EdgeDirection::POINTY_NORTH_WEST),
                (Compass::NE, EdgeDirection::POINTY_NORTH_EAST),
                (Compass::E, EdgeDirection::POINTY_EAST),
            ],
        }
    }

    /// The neighbour across each side of a hex, on the map or not: side `i` runs from corner `i`
    /// to corner `i + 1` of [`Self::corners`].
    pub fn side_neighbors(&self, c: Coord) -> [Coord; 6] {
        let h = self.to_hex(c);
        self.sides().map(|(_, d)| self.to_coord(h.neighbor(d)))
    }

    /// Which side of `a` (its index in [`Self::side_neighbors`]) it shares with `b`; `None`
    /// when they are not neighbours.
    pub fn side_index(&self, a: Coord, b: Coord) -> Option<usize> {
        let d = self.to_hex(a).neighbor_direction(self.to_hex(b))?;
        self.sides().iter().position(|(_, s)| *s == d)
    }

    /// The two end points of the hexside between `a` and its neighbour `b`, as `a`'s corners
    /// ([`Self::corners`]) in clockwise order; `None` when they are not neighbours.
    pub fn side_corners(&self, a: Coord, b: Coord) -> Option<[(f64, f64); 2]> {
        let i = self.side_index(a, b)?;
        let k = self.corners(a);
        Some([k[i], k[(i + 1) % 6]])
    }

    /// The hexside direction names for this orientation, clockwise from the northmost.
    pub fn side_names(&self) -> [Compass; 6] {
        let sides = self.sides();
        std::array::from_fn(|i| sides[(i + 4) % 6].0)
    }

    /// The neighbour across the named hexside, if the name is a hexside of this orientation.
    pub fn across(&self, c: Coord, side: Compass) -> Option<Coord> {
        let (_, d) = self.sides().into_iter().find(|(s, _)| *s == side)?;
        Some(self.to_coord(self.to_hex(c).neighbor(d)))
    }

    /// The hexside direction from `a` towards its neighbour `b`.
    pub fn side_towards(&self, a: Coord, b: Coord) -> Option<Compass> {
        self.side_index(a, b).map(|i| self.sides()[i].0)
    }

    /// A hexside as the files say it: from its hex on the map (the first of the pair when both
    /// are), across the side named; `None` when the two are not neighbours.
    pub fn side_on_map(&self, SideKey(a, b): SideKey) -> Option<(Coord, Compass)> {
        let (hex, other) = if self.contains(a) { (a, b) } else { (b, a) };
        Some((hex, self.side_towards(hex, other)?))
    }

    /// Whether a hex lies on the given map edge.
    pub fn on_edge(&self, c: Coord, edge: Edge) -> bool {
        self.contains(c)
            && match edge {
                Edge::North => c.1 == 1,
                Edge::South => c.1 == self.height as i32,
                Edge::West => c.0 == 1,
                Edge::East => c.0 == self.width as i32,
            }
    }

    /// Whether a hex is on the map, on one of its edges.
    pub fn on_any_edge(&self, c: Coord) -> bool {
        Edge::ALL.iter().any(|e| self.on_edge(c, *e))
    }

    /// The hex at a map corner.
    pub fn corner(&self, corner: Corner) -> Coord {
        let (w, h) = (self.width as i32, self.height as i32);
        match corner {
            Corner::NorthWest => Coord(1, 1),
            Corner::NorthEast => Coord(w, 1),
            Corner::SouthWest => Coord(1, h),
            Corner::SouthEast => Coord(w, h),
        }
    }

    /// What to do about a hex off the map: when it would be on the map with column and row
    /// swapped, say so (files write `(col, row)` and labels `CCRR`, column first); when it is one
    /// past the last row or column (or 0), the edge hex beside it; otherwise the map's ranges.
    /// In pairs both readings are said, the swap first; `as_label`, for a file that writes its
    /// hexes as labels (`"0711"`), in labels, the edge first: a label says column first, so one
    /// past the edge is the likelier slip.
    pub fn off_map_hint(&self, c: Coord, as_label: bool) -> String {
        let swapped = self.swapped(c);
        let edge = self.off_by_one(c).map(|edge| {
            let hex = if as_label {
                self.label(edge)
            } else {
                format!("({}, {}), label {}", edge.0, edge.1, self.label(edge))
            };
            let words = self.off_by_one_words(c);
            format!("{words}: the hex on the map's edge there is {hex}")
        });
        let swap = self.contains(swapped).then(|| {
            let label = self.label(swapped);
            match as_label {
                true => format!("labels are column first (CCRR): {label} is on the map"),
                false => format!(
                    "({}, {}) would be on the map: hexes are written (column, row), column first, as in the label {label}",
                    swapped.0, swapped.1
                ),
            }
        });
        let (w, h) = (self.width, self.height);
        let (first, last) = (
            self.numbering.first(),
            self.printed(self.corner(Corner::SouthEast)),
        );
        let ranges = format!(
            "columns run from {} to {} and rows from {} to {}",
            first.0, last.0, first.1, last.1
        );
        match (edge, swap) {
            (Some(edge), Some(swap)) if as_label => {
                format!("{edge}; or, read column and row swapped, {swap}")
            }
            (Some(edge), Some(swap)) => format!("{swap}; or {edge}"),
            (edge, swap) => edge.or(swap).unwrap_or_else(|| match as_label {
                true => format!(
                    "{ranges}: this map's labels run from {} to {}",
                    self.label(Coord(1, 1)),
                    self.label(Coord(w as i32, h as i32))
                ),
                false => ranges,
            }),
        }
    }

    /// The hex on the map a hex off it most likely means, as [`Grid::off_map_hint`] says first:
    /// column and row swapped, else the edge hex beside it.
    pub fn off_map_fix(&self, c: Coord) -> Option<Coord> {
        let swapped = self.swapped(c);
        if self.contains(swapped) {
            Some(swapped)
        } else {
            self.off_by_one(c)
        }
    }

    /// The hex on the map a hex one row or column past its edge (or at 0) most likely means: the
    /// edge hex beside it.
    pub fn off_by_one(&self, c: Coord) -> Option<Coord> {
        let (w, h) = (self.width as i32, self.height as i32);
        let near = |v: i32, last: i32| match v {
            0 => 1,
            v if v == last + 1 => last,
            v => v,
        };
        let edge = Coord(near(c.0, w), near(c.1, h));
        (edge != c && self.contains(edge)).then_some(edge)
    }

    /// Which of a hex's column and row is one past the map (as [`Grid::off_by_one`] reads it).
    /// In the map's own numbers ([`Grid::numbering`]).
    pub fn off_by_one_words(&self, c: Coord) -> String {
        let (w, h) = (self.width as i32, self.height as i32);
        let (p, first) = (self.printed(c), self.numbering.first());
        let last = self.printed(Coord(w, h));
        let mut parts = Vec::new();
        if c.0 == w + 1 {
            parts.push(format!(
                "column {} is one past the last column, {}",
                p.0, last.0
            ));
        } else if c.0 == 0 {
            parts.push(format!("columns count from {}", first.0));
        }
        if c.1 == h + 1 {
            parts.push(format!("row {} is one past the last row, {}", p.1, last.1));
        } else if c.1 == 0 {
            parts.push(format!("rows count from {}", first.1));
        }
        parts.join(" and ")
    }

    /// A hex's column and row as the map prints them ([`Grid::numbering`]).
    fn printed(&self, c: Coord) -> Coord {
        match self.numbering {
            Numbering::FromOne => c,
            n => n.to_printed(c),
        }
    }

    /// The hex whose printed column and row are `c`'s swapped (the slip of writing the row
    /// first).
    pub fn swapped(&self, c: Coord) -> Coord {
        let p = self.printed(c);
        match self.numbering {
            Numbering::FromOne => Coord(p.1, p.0),
            n => n.to_grid(Coord(p.1, p.0)),
        }
    }

    /// The label of a hex as the map numbers it ([`Grid::numbering`]). From one: the column,
    /// then the row, each zero-padded to the digits of [`Grid::label_digits`] (`0412`); on a
    /// map over 99 columns or rows the two parts are separated by a dot (`110.05` on a map of
    /// 110 columns and 33 rows), the spelling files accept (`LABEL_PATTERN`): a label saberc
    /// prints can be copied into a file. From another first number: the four digits the map
    /// prints (`0100`).
    pub fn label(&self, c: Coord) -> String {
        if let Numbering::FourDigitsFrom { .. } = self.numbering {
            let p = self.numbering.to_printed(c);
            return format!("{:02}{:02}", p.0, p.1);
        }
        let (cw, rw) = self.label_digits();
        label_with_widths(c, cw, rw)
    }

    /// Digits of the column and of the row part of labels: 2 each, more on a map numbered from
    /// one that is wider or higher than 99 hexes (a label width that grows with the map).
    pub fn label_digits(&self) -> (usize, usize) {
        match self.numbering {
            Numbering::FromOne => (label_width(self.width), label_width(self.height)),
            Numbering::FourDigitsFrom { .. } => (2, 2),
        }
    }

    /// Read a label of this map as a grid hex: any form [`parse_label`] reads, or the undotted
    /// digits of [`Grid::label_digits`] that labels of wide maps had before (`11005`); on a map
    /// numbered from another first number, its four printed digits.
    pub fn parse_label(&self, text: &str) -> Result<Coord, LabelError> {
        let t = text.trim();
        if let Numbering::FourDigitsFrom { .. } = self.numbering {
            return parse_label(t).map(|p| self.numbering.to_grid(p));
        }
        let (cw, rw) = self.label_digits();
        if t.len() == cw + rw && t.bytes().all(|b| b.is_ascii_digit()) {
            let col = t[..cw]
                .parse::<i32>()
                .map_err(|_| LabelError::Malformed(t.into()))?;
            let row = t[cw..]
                .parse::<i32>()
                .map_err(|_| LabelError::Malformed(t.into()))?;
            return Ok(Coord(col, row));
        }
        parse_label(t)
    }
}

fn label_width(max: u32) -> usize {
    max.max(99).to_string().len()
}

/// A label of `cw` column and `rw` row digits: `CCRR`, or dotted past two digits, so that the
/// label of a wide map stays unambiguous.
fn label_with_widths(c: Coord, cw: usize, rw: usize) -> String {
    if cw == 2 && rw == 2 {
        format!("{:02}{:02}", c.0, c.1)
    } else {
        format!("{:0cw$}.{:0rw$}", c.0, c.1)
    }
}

/// Why a hex label could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LabelError {
    /// Not `CCRR` nor `C.R`.
    #[error("`{0}` is not a hex label: write four digits `CCRR` (e.g. 0412) or `COL.ROW`")]
    Malformed(String),
}

/// Read a hex label: `CCRR` (`0412`) or `COL.ROW` (`104.1000`).
pub fn parse_label(text: &str) -> Result<Coord, LabelError> {
    let bad = || LabelError::Malformed(text.to_string());
    let t = text.trim();
    if let Some((c, r)) = t.split_once('.') {
        let col = c.parse::<i32>().map_err(|_| bad())?;
        let row = r.parse::<i32>().map_err(|_| bad())?;
        return Ok(Coord(col, row));
    }
    if t.len() == 4 && t.bytes().all(|b| b.is_ascii_digit()) {
        let col = t[..2].parse::<i32>().map_err(|_| bad())?;
        let row = t[2..].parse::<i32>().map_err(|_| bad())?;
        return Ok(Coord(col, row));
    }
    Err(bad())
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let w = label_width(self.0.max(self.1).max(0) as u32);
        f.write_str(&label_with_widths(*self, w, w))
    }
}

/// An undirected hexside between two neighbouring hexes (one may be off the map).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SideKey(pub Coord, pub Coord);

impl SideKey {
    /// The key for the side between `a` and `b`, whatever their order.
    pub fn new(a: Coord, b: Coord) -> SideKey {
        if a <= b { SideKey(a, b) } else { SideKey(b, a) }
    }
}

#[cfg(test)]
mod tests;
