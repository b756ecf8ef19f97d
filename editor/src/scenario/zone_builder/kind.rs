//! The clause kinds the zone builder offers, and switching a zone from one kind to another
//! while keeping what carries over (the reference zone, distances, road names, edges).

use saber_schema::model::hex::{Compass, Corner, Edge};
use saber_schema::model::map::Map;
use saber_schema::model::zone::{TerrainName, Zone, ZoneDialect};

use super::ZoneWords;

/// One clause of the zone language, as offered in the clause chooser: the model's own list
/// (`ZoneKind::ALL`, most used first, with its labels), so a clause added to the model is
/// offered here without a second list.
pub use saber_schema::model::zone::ZoneKind as Kind;

/// The four corners, in the order the builder lists them.
pub const CORNERS: [Corner; 4] = [
    Corner::NorthWest,
    Corner::NorthEast,
    Corner::SouthWest,
    Corner::SouthEast,
];

/// Lower-case name of a corner ("north-east").
pub fn corner_name(c: Corner) -> &'static str {
    match c {
        Corner::NorthEast => "north-east",
        Corner::NorthWest => "north-west",
        Corner::SouthEast => "south-east",
        Corner::SouthWest => "south-west",
    }
}

/// What the zone builder asks of a clause kind beyond the model's list.
pub trait KindExt {
    /// What the clause chooser shows for `zone` on `map`.
    fn shown<T: TerrainName>(zone: &Zone<T>, map: &Map) -> String;
    /// The kind's name on `map`: a feature's examples are the map's own codes.
    fn label_on(self, map: &Map) -> String;
    /// For the kinds holding a list of zones: the fewest and most entries.
    fn list_bounds(self) -> Option<(usize, usize)>;
    /// Kinds measured from one reference zone (distance or direction).
    fn measured(self) -> bool;
    /// Is the kind offered in the game whose zones name `T`? Not a clause its dialect is
    /// without (Musket & Saber: no slopes, river banks or numbered features).
    fn offered_in<T: ZoneDialect>(self) -> bool;
}

impl KindExt for Kind {
    /// What the clause chooser shows for `zone`: its kind's name, with the direction the zone
    /// really has ("Sector (to the south-west of…)", never a fixed example direction).
    fn shown<T: TerrainName>(zone: &Zone<T>, map: &Map) -> String {
        match zone {
            Zone::Sector { toward, .. } => format!("Sector (to the {} of…)", toward.name()),
            Zone::Beyond { toward, .. } => format!("Beyond ({} of…)", toward.name()),
            _ => zone.kind().label_on(map),
        }
    }

    /// The model's name, but a feature's examples are two of the map's own feature codes
    /// (the model's "V4, H26" are the Rifle & Saber map's: a custom map may have neither,
    /// issue 37 §17).
    fn label_on(self, map: &Map) -> String {
        if self != Kind::Feature {
            return self.label().to_string();
        }
        let codes: Vec<&str> = map
            .features
            .iter()
            .take(2)
            .map(|f| f.code.as_str())
            .collect();
        match codes.as_slice() {
            [] => "Feature (the map has none)".to_string(),
            [one] => format!("Feature ({one})"),
            _ if map.features.len() == 2 => format!("Feature ({})", codes.join(", ")),
            _ => format!("Feature ({}…)", codes.join(", ")),
        }
    }

    fn offered_in<T: ZoneDialect>(self) -> bool {
        !T::WITHOUT.iter().any(|w| w.kind == self)
    }

    /// For the kinds holding a list of zones: the fewest and most entries the schema allows.
    /// An empty union is allowed by the schema but useless, so the builder keeps one.
    fn list_bounds(self) -> Option<(usize, usize)> {
        match self {
            Kind::Line | Kind::Area | Kind::Between => Some((2, 100)),
            Kind::OneOf | Kind::Intersection => Some((1, 100)),
            Kind::Union => Some((1, 1000)),
            _ => None,
        }
    }

    /// Kinds measured from one reference zone (distance or direction).
    fn measured(self) -> bool {
        matches!(
            self,
            Kind::Within | Kind::AtLeast | Kind::Sector | Kind::Beyond
        )
    }
}

/// A feature zone for a new entry: the first of the map's features not yet named in `used`,
/// or the first feature when all are; anywhere on a map without features.
pub fn fresh_feature<T: ZoneWords>(map: &Map, used: &[&Zone<T>]) -> Zone<T> {
    let taken: Vec<&str> = used.iter().flat_map(|z| z.features()).collect();
    let codes = map.feature_codes();
    codes
        .iter()
        .find(|c| !taken.contains(c))
        .or(codes.first())
        .map_or(Zone::Everywhere, |c| Zone::Feature((*c).to_string()))
}

/// The first named road of the map, preferring one that reaches a map edge (so that it can be
/// arrived on).
fn first_road(map: &Map) -> String {
    let named = || map.roads.iter().filter(|r| r.name.is_some());
    named()
        .find(|r| !map.road_edges(r).is_empty())
        .or_else(|| named().next())
        .and_then(|r| r.name.clone())
        .unwrap_or_default()
}

/// The first node of the tree (the root included) satisfying `f`.
fn find<'z, T: ZoneWords, R>(zone: &'z Zone<T>, f: impl Fn(&'z Zone<T>) -> Option<R>) -> Option<R> {
    let mut out = None;
    zone.visit(&mut |z| {
        if out.is_none() {
            out = f(z);
        }
    });
    out
}

/// A road name named anywhere in the zone.
fn road_in<T: ZoneWords>(zone: &Zone<T>) -> Option<String> {
    find(zone, |z| match z {
        Zone::Road(n) | Zone::RoadEntry(n) | Zone::RoadStretch { road: n, .. } => Some(n.clone()),
        _ => None,
    })
}

/// An edge named anywhere in the zone (a map edge or a side of the river).
fn edge_in<T: ZoneWords>(zone: &Zone<T>) -> Option<Edge> {
    find(zone, |z| match z {
        Zone::Edge(e) | Zone::RiverSide(e) => Some(*e),
        _ => None,
    })
}

/// The zone's direct sub-zones, in order.
fn subs<T: ZoneWords>(zone: &Zone<T>) -> Vec<Zone<T>> {
    match zone {
        Zone::Line(zs)
        | Zone::Area(zs)
        | Zone::OneOf(zs)
        | Zone::Union(zs)
        | Zone::Intersection(zs)
        | Zone::Between { chain: zs, .. } => zs.clone(),
        Zone::Within { of, .. } | Zone::Sector { of, .. } | Zone::Beyond { of, .. } => {
            vec![(**of).clone()]
        }
        Zone::AtLeast { from, .. } => vec![(**from).clone()],
        Zone::RoadStretch { from, to, .. } => vec![(**from).clone(), (**to).clone()],
        Zone::Difference(a, b) => vec![(**a).clone(), (**b).clone()],
        _ => Vec::new(),
    }
}

/// What a measured clause (within, at least, sector, beyond) keeps when it becomes another.
struct Measure<T> {
    of: Zone<T>,
    within: Option<u32>,
    at_least: Option<u32>,
    toward: Option<Compass>,
}

fn measure_of<T: ZoneWords>(zone: &Zone<T>, map: &Map) -> Measure<T> {
    let mut m = Measure {
        of: zone.clone(),
        within: None,
        at_least: None,
        toward: None,
    };
    match zone {
        Zone::Within { distance, of } => {
            m.of = (**of).clone();
            m.within = Some(*distance);
        }
        Zone::AtLeast { distance, from } => {
            m.of = (**from).clone();
            m.at_least = Some(*distance);
        }
        Zone::Sector {
            toward,
            of,
            within,
            at_least,
            ..
        } => {
            m.of = (**of).clone();
            m.within = *within;
            m.at_least = *at_least;
            m.toward = Some(*toward);
        }
        Zone::Beyond { toward, of, .. } => {
            m.of = (**of).clone();
            m.toward = Some(*toward);
        }
        // Measuring from the whole map means nothing: start from a feature instead.
        Zone::Everywhere => m.of = fresh_feature(map, &[]),
        _ => {}
    }
    m
}

/// `zone` turned into a zone of kind `to`, keeping what carries over: a measured clause keeps
/// its reference zone and distance; a list keeps its entries; other zones are wrapped as the
/// reference or first entry; a simple clause is unwrapped from the first of its kind inside
/// the zone (so "within 3 of V5" becomes V5). What cannot be kept gets a default that compiles
/// on `map`: its first feature, distance 1, the first named road.
pub fn switch<T: ZoneWords>(zone: &Zone<T>, to: Kind, map: &Map) -> Zone<T> {
    if zone.kind() == to {
        return zone.clone();
    }
    let boxed = Box::new;
    if to.measured() {
        let m = measure_of(zone, map);
        let of = boxed(m.of);
        return match to {
            Kind::Within => Zone::Within {
                distance: m.within.or(m.at_least).unwrap_or(1),
                of,
            },
            Kind::AtLeast => Zone::AtLeast {
                distance: m.at_least.or(m.within).unwrap_or(1),
                from: of,
            },
            Kind::Sector => Zone::Sector {
                toward: m.toward.unwrap_or(Compass::NE),
                of,
                within: m.within,
                at_least: m.at_least,
                half_angle: 45,
            },
            _ => Zone::Beyond {
                toward: m.toward.unwrap_or(Compass::N),
                of,
                inclusive: false,
            },
        };
    }
    if let Some((min, _)) = to.list_bounds() {
        let mut items = match zone.kind().list_bounds() {
            Some(_) => subs(zone),
            None if matches!(zone, Zone::Difference(..) | Zone::RoadStretch { .. }) => subs(zone),
            None if *zone == Zone::Everywhere => Vec::new(),
            None => vec![zone.clone()],
        };
        while items.len() < min {
            let used: Vec<&Zone<T>> = items.iter().collect();
            let next = fresh_feature(map, &used);
            items.push(next);
        }
        return match to {
            Kind::Line => Zone::Line(items),
            Kind::Area => Zone::Area(items),
            Kind::OneOf => Zone::OneOf(items),
            Kind::Union => Zone::Union(items),
            Kind::Intersection => Zone::Intersection(items),
            _ => Zone::Between {
                chain: items,
                include_ends: true,
                slack: 0,
            },
        };
    }
    match to {
        Kind::Difference => {
            let except = fresh_feature(map, &[zone]);
            Zone::Difference(boxed(zone.clone()), boxed(except))
        }
        Kind::RoadStretch => road_stretch(zone, map),
        _ => unwrap_to(zone, to, map),
    }
}

/// A road stretch made from `zone`: its road if it names one, its two first sub-zones as ends,
/// else from a feature on the road to the edge where the road leaves the map.
fn road_stretch<T: ZoneWords>(zone: &Zone<T>, map: &Map) -> Zone<T> {
    let road = road_in(zone).unwrap_or_else(|| first_road(map));
    let hexes = map.road(&road).map(|r| r.hexes.clone()).unwrap_or_default();
    let mut ends = subs(zone).into_iter();
    let from = match ends.next() {
        Some(z) => z,
        None if !matches!(
            zone,
            Zone::Everywhere | Zone::Road(_) | Zone::RoadEntry(_) | Zone::AnyRoad
        ) =>
        {
            zone.clone()
        }
        None => map
            .features
            .iter()
            .filter(|f| !f.code.starts_with('R') && f.hexes.iter().any(|h| hexes.contains(h)))
            .map(|f| Zone::Feature(f.code.clone()))
            .next()
            .unwrap_or_else(|| fresh_feature(map, &[])),
    };
    let to = ends.next().unwrap_or_else(|| {
        let edge = map
            .road(&road)
            .and_then(|r| map.road_edges(r).first().copied());
        edge.map_or_else(|| fresh_feature(map, &[&from]), Zone::Edge)
    });
    Zone::RoadStretch {
        road,
        from: Box::new(from),
        to: Box::new(to),
    }
}

/// A simple clause of kind `to`: the first such clause inside `zone`, else one made from what
/// `zone` names (a feature's hexes, a road's name, an edge), else the default.
fn unwrap_to<T: ZoneWords>(zone: &Zone<T>, to: Kind, map: &Map) -> Zone<T> {
    if let Some(inner) = find(zone, |z| (z.kind() == to).then(|| z.clone())) {
        return inner;
    }
    match to {
        Kind::Feature => Zone::Feature(
            map.feature_codes()
                .first()
                .map(|c| c.to_string())
                .unwrap_or_default(),
        ),
        Kind::Hexes => {
            let hexes = find(zone, |z| match z {
                Zone::Feature(c) => map.feature(c).map(|f| f.hexes.clone()),
                Zone::Corner(c) => Some(vec![map.grid.corner(*c)]),
                _ => None,
            });
            Zone::Hexes(hexes.unwrap_or_default())
        }
        Kind::Corner => Zone::Corner(Corner::NorthWest),
        Kind::Edge => Zone::Edge(edge_in(zone).unwrap_or(Edge::North)),
        Kind::RiverSide => Zone::RiverSide(edge_in(zone).unwrap_or(Edge::North)),
        Kind::Road => Zone::Road(road_in(zone).unwrap_or_else(|| first_road(map))),
        Kind::RoadEntry => Zone::RoadEntry(road_in(zone).unwrap_or_else(|| first_road(map))),
        Kind::Terrain => Zone::Terrain(T::first(map)),
        Kind::AnyRoad => Zone::AnyRoad,
        Kind::Slopes => Zone::Slopes,
        Kind::EnemyDeployment => Zone::EnemyDeployment,
        Kind::EnemyUnits => Zone::EnemyUnits,
        _ => Zone::Everywhere,
    }
}
