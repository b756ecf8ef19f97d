//! The zone language: deployment zones, arrival entries and victory targets as expressions that
//! compile to sets of hexes on a map.
//!
//! Every deployment clause of the seventeen scenarios is one of these forms or a combination:
//!
//! | clause in the rules | zone |
//! |---|---|
//! | "on or adjacent to V4", "within four hexes of V4" | `Within(distance: 1, of: Feature("V4"))` |
//! | "five hexes or more from H26", "not closer than 6 hexes to …" | `AtLeast(distance: 5, from: …)` |
//! | "within 5 hexes to the northeast of V9", "12 hexes or more southwest of H26" | `Sector(toward: NE, of: …, within: Some(5))` |
//! | "on or north of H26" | `Beyond(toward: N, of: Feature("H26"), inclusive: true)` |
//! | "on and between H32 and H26", "between (but not on) V5 and V4", "H24-H25-H26" | `Between(chain: [..], include_ends: true)` |
//! | "the area H26-B14-V4", "V6, V5 and the north-east corner" | `Area([Feature("H26"), Feature("B14"), Feature("V4")])` |
//! | "on the north side of the river" | `RiverSide(North)` |
//! | "on the road between V6 and the eastern edge" | `RoadStretch(road: "East", from: Feature("V6"), to: Edge(East))` |
//! | "south edge west of R3" | `Intersection([Edge(South), Beyond(toward: W, of: Feature("R3"))])` |
//! | "arrives on the South Road" | `RoadEntry("South")` |
//! | "not closer than 6 hexes to the line R1-J34-R3" | `AtLeast(distance: 6, from: Line([..]))` |
//! | "13 hexes or more away from the Spanish" | `AtLeast(distance: 13, from: EnemyUnits)` |
//! | "the area … but not where the enemy may deploy" | `Difference(.., EnemyDeployment)` |
//! | "any one of H24, H25 or H26" | `OneOf([..])` |
//! | and, or, but not | `Intersection`, `Union`, `Difference` |
//!
//! Geometry: distances are hex counts (5.1A counts the target hex, not the firing hex, which is
//! the hex distance). Directions are measured between hex centres on the printed sheet (north up),
//! from the centroid of the reference zone.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::hex::{Compass, Coord, Corner, Edge};
use crate::model::limits;
use crate::ruleset::Terrain;

/// A zone expression. See the module documentation for which clause each form expresses.
//
// `T` is what a `Terrain` zone names, and with it the game's dialect of the language
// (`ZoneDialect`): Rifle & Saber's `Terrain`, or a Musket & Saber map's kind of terrain,
// `KindName`. Each game's schema so holds only its own terrain names and its own clauses, and
// each game's files write hexes its way. (Doc comments here are the published schemas'
// descriptions.)
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[serde(bound(serialize = "T: Serialize + ZoneDialect"))]
#[schemars(rename = "Zone", bound = "T: JsonSchema + ZoneDialect")]
#[schemars(transform = without_clauses::<T>)]
pub enum Zone<T = Terrain> {
    /// The whole map ("anywhere").
    Everywhere,
    /// The hexes of a numbered feature: "in V4", "on H26".
    Feature(#[schemars(regex(pattern = crate::ruleset::FEATURE_PATTERN))] String),
    /// Listed hexes, as `(col, row)`.
    Hexes(
        #[schemars(length(max = limits::MAX_HEX_LIST))]
        #[serde(deserialize_with = "hex_list", serialize_with = "T::write_hexes")]
        Vec<Coord>,
    ),
    /// The hex in a corner of the map.
    Corner(Corner),
    /// The hexes along a map edge.
    Edge(Edge),
    /// Every hex of a named road (`"East"` or `"East Road"`).
    Road(#[schemars(length(max = limits::MAX_ROAD_NAME))] String),
    /// The hex where a named road leaves the map: "arrives on the South Road".
    RoadEntry(#[schemars(length(max = limits::MAX_ROAD_NAME))] String),
    /// Every road hex of the map.
    AnyRoad,
    /// Every hex of one terrain ("all woods hexes").
    // In the game's words (`T`): Rifle & Saber's terrain types (9.2), or a kind of the map's
    // own chart (Musket & Saber Quick Play 2.2).
    Terrain(T),
    /// Every slope hex.
    Slopes,
    /// A line through the given zones in order: every hex of each zone (11.0: "within four
    /// hexes of V4" means of any hex of the village) and the hexes on the straight segments
    /// joining consecutive zones' central hexes.
    Line(#[schemars(length(min = 2, max = limits::MAX_ZONE_OPERANDS))] Vec<Zone<T>>),
    /// Hexes within `distance` of the zone, the zone included: "within 3 hexes of V5";
    /// "on or adjacent to V4" is distance 1.
    Within {
        /// Largest distance in hexes.
        #[schemars(range(max = limits::MAX_DISTANCE))]
        distance: u32,
        /// The reference zone.
        of: Box<Zone<T>>,
    },
    /// Hexes at least `distance` from every hex of the zone: "5 hexes or more from H26",
    /// "not closer than 6 hexes to …".
    AtLeast {
        /// Smallest distance in hexes.
        #[schemars(range(max = limits::MAX_DISTANCE))]
        distance: u32,
        /// The reference zone.
        from: Box<Zone<T>>,
    },
    /// Hexes outside the zone that lie in a compass sector seen from the zone's centroid:
    /// "within 5 hexes to the northeast of V9", "12 hexes or more southwest of H26".
    Sector {
        /// Central bearing of the sector.
        toward: Compass,
        /// The reference zone.
        of: Box<Zone<T>>,
        /// Largest distance from the zone, if limited.
        #[serde(default)]
        #[schemars(range(max = limits::MAX_DISTANCE))]
        within: Option<u32>,
        /// Smallest distance from the zone, if limited.
        #[serde(default)]
        #[schemars(range(max = limits::MAX_DISTANCE))]
        at_least: Option<u32>,
        /// Half the opening angle of the sector in degrees (default 45: a quarter-plane).
        #[serde(default = "default_half_angle")]
        #[schemars(range(min = 1, max = limits::MAX_HALF_ANGLE))]
        half_angle: u32,
    },
    /// Hexes beyond a line through the zone's centroid, across it from the given direction:
    /// "north of H26"; `inclusive` also takes the zone itself and hexes level with the centroid
    /// ("on or north of H26").
    Beyond {
        /// Which way.
        toward: Compass,
        /// The reference zone.
        of: Box<Zone<T>>,
        /// Include the zone and the hexes level with it.
        #[serde(default)]
        inclusive: bool,
    },
    /// Hexes between consecutive zones of a chain: hexes on some shortest path from one to the
    /// next ("on and between H32 and H26", chains such as H24-H25-H26).
    Between {
        /// The zones, in order; at least two.
        #[schemars(length(min = 2, max = limits::MAX_ZONE_OPERANDS))]
        chain: Vec<Zone<T>>,
        /// Include the zones of the chain themselves ("on and between"); `false` for
        /// "between but not on".
        #[serde(default)]
        include_ends: bool,
        /// Extra hexes of detour allowed beyond a shortest path, widening the band.
        #[serde(default)]
        #[schemars(range(max = limits::MAX_SLACK))]
        slack: u32,
    },
    /// The area spanned by zones: hexes whose centres lie in the convex hull of all their hexes
    /// ("the area H26-B14-V4", "between V6, V5 and the north-east corner").
    Area(#[schemars(length(min = 2, max = limits::MAX_ZONE_OPERANDS))] Vec<Zone<T>>),
    /// One bank of the river: of the areas the river (river, ford and bridge hexes) divides the
    /// map into, the one that holds most of the given edge, so that it is one bank even where
    /// the river meets that edge.
    RiverSide(Edge),
    /// The road hexes between the points of a road nearest two zones, inclusive: "on the road
    /// between V6 and the eastern edge".
    RoadStretch {
        /// The road's name.
        #[schemars(length(max = limits::MAX_ROAD_NAME))]
        road: String,
        /// One end.
        from: Box<Zone<T>>,
        /// The other end.
        to: Box<Zone<T>>,
    },
    /// Where the enemy may deploy: the opposing side's deployment zones, the alternatives it
    /// chose where it has a choice (`OneOf`). Used to keep zones apart ("the area, but not the
    /// enemy's zone").
    EnemyDeployment,
    /// Where the enemy's units stand once set up ("13 hexes or more away from the Spanish",
    /// 11.15): measured from the alternatives the enemy chose and, when the scenario's set-up
    /// places its unit counters (markers are not units, 7.0A), from the hexes they occupy.
    /// Until then it is measured from every hex the enemy may occupy: the zone is what is
    /// legal whatever the enemy chooses (the intersection over its choices), and the export
    /// carries the zone under each choice beside it for an engine to apply after set-up.
    EnemyUnits,
    /// A choice: the side picks one of these at set-up ("on any one of H24, H25 or H26"). Drawn
    /// as the union; each alternative must hold the group on its own.
    OneOf(#[schemars(length(min = 1, max = limits::MAX_ZONE_OPERANDS))] Vec<Zone<T>>),
    /// Hexes in any of the zones.
    Union(#[schemars(length(max = limits::MAX_UNION_OPERANDS))] Vec<Zone<T>>),
    /// Hexes in all of the zones.
    Intersection(#[schemars(length(min = 1, max = limits::MAX_ZONE_OPERANDS))] Vec<Zone<T>>),
    /// Hexes of the first zone that are not in the second.
    Difference(Box<Zone<T>>, Box<Zone<T>>),
}

/// A `Hexes` list, refused past [`limits::MAX_HEX_LIST`] while it is read (as the schema's
/// `maxItems` does): the schema stage never meets a list that long inside the zone language.
fn hex_list<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Coord>, D::Error> {
    struct Bounded;
    impl<'de> serde::de::Visitor<'de> for Bounded {
        type Value = Vec<Coord>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            write!(f, "a list of at most {} hexes", limits::MAX_HEX_LIST)
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(
            self,
            mut seq: A,
        ) -> Result<Vec<Coord>, A::Error> {
            let mut out = Vec::new();
            while let Some(c) = seq.next_element()? {
                if out.len() == limits::MAX_HEX_LIST {
                    return Err(serde::de::Error::custom(format!(
                        "a `Hexes` zone lists at most {} hexes",
                        crate::diagnostic::grouped(limits::MAX_HEX_LIST)
                    )));
                }
                out.push(c);
            }
            Ok(out)
        }
    }
    d.deserialize_seq(Bounded)
}

/// "1 hex", "3 hexes".
fn hexes(n: u32) -> String {
    if n == 1 {
        "1 hex".into()
    } else {
        format!("{n} hexes")
    }
}

fn default_half_angle() -> u32 {
    45
}

/// What a `Terrain` zone names, said in words ("woods").
pub trait TerrainName {
    /// As a zone's description says it.
    fn name(&self) -> &str;
}

impl TerrainName for Terrain {
    fn name(&self) -> &str {
        Terrain::name(*self)
    }
}

/// A game's dialect of the zone language: the clauses its files may write and how they write a
/// hex. Rifle & Saber's is the whole language; a game names its dialect by the type its
/// `Terrain` clause names (`Zone<T>`).
pub trait ZoneDialect {
    /// The clauses its files may not write, each naming what only another game's maps hold:
    /// its schema has no such clause.
    const WITHOUT: &'static [Without] = &[];

    /// Write the hexes of a `Hexes` clause as the game's files write hexes (`(col, row)` by
    /// default).
    fn write_hexes<S: serde::Serializer>(hexes: &[Coord], s: S) -> Result<S::Ok, S::Error> {
        hexes.serialize(s)
    }
}

/// A clause a game's zones do not have, and why: what the user is told who writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Without {
    /// The clause.
    pub kind: ZoneKind,
    /// Why the game has none: what the clause names that the game's maps do not hold.
    pub why: &'static str,
    /// What to write instead.
    pub instead: &'static str,
}

/// Rifle & Saber: every clause; hexes written `(col, row)`, as its files have always been.
impl ZoneDialect for Terrain {}

/// Musket & Saber Quick Play: its rules text knows no slope hexes, no river and no numbered
/// features (an M&S map's terrain is only the kinds of its own chart, 2.2, and its hexes have
/// only "a four-digit number"); its files write a hex as the map prints it (`"0812"`, 2.2).
impl ZoneDialect for KindName {
    const WITHOUT: &'static [Without] = &[
        Without {
            kind: ZoneKind::Slopes,
            why: "slope hexes are Rifle & Saber's (9.2); a Musket & Saber map's terrain is the kinds of its own chart (2.2)",
            instead: "name a kind of the map's chart, `Terrain(\"…\")`, or list the hexes, `Hexes([\"0812\"])`",
        },
        Without {
            kind: ZoneKind::RiverSide,
            why: "the banks of the river (its river, ford and bridge hexes) are Rifle & Saber's; a Musket & Saber map's terrain is the kinds of its own chart (2.2)",
            instead: "say the bank by its hexes, `Hexes([\"0812\", \"0912\"])`, or by a direction, `Beyond(toward: N, of: Hexes([\"0812\"]))`",
        },
        Without {
            kind: ZoneKind::Feature,
            why: "numbered features (`V4`, `H26`) are Rifle & Saber's (11.0); a Musket & Saber hex has only its four-digit number (2.2)",
            instead: "list the hexes as the map prints them, `Hexes([\"0812\"])`",
        },
    ];

    fn write_hexes<S: serde::Serializer>(hexes: &[Coord], s: S) -> Result<S::Ok, S::Error> {
        crate::model::hex::serialize_printed_list(hexes, s)
    }
}

/// The clause of [`ZoneDialect::WITHOUT`] a written zone is, when it is one: a unit clause is a
/// string (`"Slopes"`), one with data an object of one key (`{"Feature": "V4"}`).
pub fn without_of<'w>(without: &'w [Without], written: &serde_json::Value) -> Option<&'w Without> {
    let name = match written {
        serde_json::Value::String(s) => s.as_str(),
        serde_json::Value::Object(m) if m.len() == 1 => m.keys().next()?.as_str(),
        _ => return None,
    };
    without.iter().find(|w| w.kind.variant() == name)
}

/// The schema of a game's zones: the language's clauses less those of [`ZoneDialect::WITHOUT`].
fn without_clauses<T: ZoneDialect>(schema: &mut schemars::Schema) {
    if T::WITHOUT.is_empty() {
        return;
    }
    let Some(serde_json::Value::Array(clauses)) = schema.get_mut("oneOf") else {
        return;
    };
    clauses.retain(|clause| {
        // A unit clause is `{"const": "Slopes"}`; one with data `{"required": ["Feature"], …}`.
        let name = clause.get("const").and_then(|c| c.as_str()).or_else(|| {
            clause
                .get("required")
                .and_then(|r| r.get(0))
                .and_then(|r| r.as_str())
        });
        !T::WITHOUT.iter().any(|w| Some(w.kind.variant()) == name)
    });
}

/// A kind of terrain of the map's own Terrain Effects Chart, by its id (`"woods"`, Musket &
/// Saber Quick Play 2.2): the map's data, so a schema cannot list them; the zone compiler finds
/// it on the map's chart. Rifle & Saber's terrain names (`Woods`) are not kinds: the schema
/// refuses them.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct KindName(pub String);

impl TerrainName for KindName {
    fn name(&self) -> &str {
        &self.0
    }
}

impl JsonSchema for KindName {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "KindName".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let rifle_and_saber: Vec<serde_json::Value> = Terrain::ALL
            .iter()
            .map(|t| serde_json::to_value(t).expect("a terrain serializes"))
            .collect();
        schemars::json_schema!({
            "title": "Kind of terrain",
            "description": "A kind of terrain of the map's own Terrain Effects Chart, by its id (`\"woods\"`, 2.2); not a Rifle & Saber terrain type (`Woods`).",
            "type": "string",
            "minLength": 1,
            "maxLength": limits::MAX_SHORT,
            "not": {"enum": rifle_and_saber}
        })
    }
}

kinds! {
    /// The clauses of the zone language, most used first (the order an editor offers them).
    pub enum ZoneKind {
        /// [`Zone::Feature`].
        Feature => "Feature (V4, H26…)",
        /// [`Zone::Within`].
        Within => "Within N hexes of…",
        /// [`Zone::AtLeast`].
        AtLeast => "At least N hexes from…",
        /// [`Zone::Sector`].
        Sector => "Sector (to the N, NE… of)",
        /// [`Zone::Beyond`].
        Beyond => "Beyond (north, south… of)",
        /// [`Zone::Between`].
        Between => "On and between…",
        /// [`Zone::Area`].
        Area => "Area spanned by…",
        /// [`Zone::RiverSide`].
        RiverSide => "Side of the river",
        /// [`Zone::RoadStretch`].
        RoadStretch => "Road stretch",
        /// [`Zone::RoadEntry`].
        RoadEntry => "Road entry (arrives on a road)",
        /// [`Zone::Edge`].
        Edge => "Map edge",
        /// [`Zone::Corner`].
        Corner => "Map corner",
        /// [`Zone::Hexes`].
        Hexes => "Listed hexes",
        /// [`Zone::Road`].
        Road => "Whole road",
        /// [`Zone::AnyRoad`].
        AnyRoad => "Any road",
        /// [`Zone::Terrain`].
        Terrain => "Terrain",
        /// [`Zone::Slopes`].
        Slopes => "Slopes",
        /// [`Zone::Line`].
        Line => "Line through…",
        /// [`Zone::EnemyDeployment`].
        EnemyDeployment => "Enemy deployment",
        /// [`Zone::EnemyUnits`].
        EnemyUnits => "Enemy units (as set up)",
        /// [`Zone::OneOf`].
        OneOf => "One of (choice)",
        /// [`Zone::Union`].
        Union => "Union",
        /// [`Zone::Intersection`].
        Intersection => "Intersection",
        /// [`Zone::Difference`].
        Difference => "Difference",
        /// [`Zone::Everywhere`].
        Everywhere => "Anywhere",
    }
}

impl<T> Zone<T> {
    /// Its kind (its clause).
    pub fn kind(&self) -> ZoneKind {
        match self {
            Zone::Everywhere => ZoneKind::Everywhere,
            Zone::Feature(_) => ZoneKind::Feature,
            Zone::Hexes(_) => ZoneKind::Hexes,
            Zone::Corner(_) => ZoneKind::Corner,
            Zone::Edge(_) => ZoneKind::Edge,
            Zone::Road(_) => ZoneKind::Road,
            Zone::RoadEntry(_) => ZoneKind::RoadEntry,
            Zone::AnyRoad => ZoneKind::AnyRoad,
            Zone::Terrain(_) => ZoneKind::Terrain,
            Zone::Slopes => ZoneKind::Slopes,
            Zone::Line(_) => ZoneKind::Line,
            Zone::Within { .. } => ZoneKind::Within,
            Zone::AtLeast { .. } => ZoneKind::AtLeast,
            Zone::Sector { .. } => ZoneKind::Sector,
            Zone::Beyond { .. } => ZoneKind::Beyond,
            Zone::Between { .. } => ZoneKind::Between,
            Zone::Area(_) => ZoneKind::Area,
            Zone::RiverSide(_) => ZoneKind::RiverSide,
            Zone::RoadStretch { .. } => ZoneKind::RoadStretch,
            Zone::EnemyDeployment => ZoneKind::EnemyDeployment,
            Zone::EnemyUnits => ZoneKind::EnemyUnits,
            Zone::OneOf(_) => ZoneKind::OneOf,
            Zone::Union(_) => ZoneKind::Union,
            Zone::Intersection(_) => ZoneKind::Intersection,
            Zone::Difference(..) => ZoneKind::Difference,
        }
    }

    /// Every hex it lists (in its sub-zones too) replaced by `f` of it (a map's numbers read
    /// on its grid).
    pub fn map_hexes(&mut self, f: &mut dyn FnMut(Coord) -> Coord) {
        if let Zone::Hexes(hs) = self {
            hs.iter_mut().for_each(|c| *c = f(*c));
        }
        for z in self.children_mut() {
            z.map_hexes(f);
        }
    }

    /// [`Zone::children`], to change (in the order of [`Zone::each_child`]).
    fn children_mut(&mut self) -> Vec<&mut Zone<T>> {
        match self {
            Zone::Line(zs)
            | Zone::Area(zs)
            | Zone::OneOf(zs)
            | Zone::Union(zs)
            | Zone::Intersection(zs) => zs.iter_mut().collect(),
            Zone::Between { chain, .. } => chain.iter_mut().collect(),
            Zone::Within { of, .. } | Zone::Sector { of, .. } | Zone::Beyond { of, .. } => {
                vec![of]
            }
            Zone::AtLeast { from, .. } => vec![from],
            Zone::RoadStretch { from, to, .. } => vec![from, to],
            Zone::Difference(a, b) => vec![a, b],
            Zone::Everywhere
            | Zone::Feature(_)
            | Zone::Hexes(_)
            | Zone::Corner(_)
            | Zone::Edge(_)
            | Zone::Road(_)
            | Zone::RoadEntry(_)
            | Zone::AnyRoad
            | Zone::Terrain(_)
            | Zone::Slopes
            | Zone::RiverSide(_)
            | Zone::EnemyDeployment
            | Zone::EnemyUnits => Vec::new(),
        }
    }
}

impl<T: TerrainName> Zone<T> {
    /// A plain-English rendering, for the editor and exports.
    pub fn describe(&self) -> String {
        let list = |zs: &[Zone<T>], sep: &str| {
            zs.iter()
                .map(|z| z.describe())
                .collect::<Vec<_>>()
                .join(sep)
        };
        match self {
            Zone::Everywhere => "anywhere".into(),
            Zone::Feature(c) => c.clone(),
            Zone::Hexes(h) => {
                let labels: Vec<String> = h.iter().take(6).map(|c| c.to_string()).collect();
                let more = if h.len() > 6 {
                    format!(" and {} more", h.len() - 6)
                } else {
                    String::new()
                };
                format!("hexes {}{more}", labels.join(", "))
            }
            Zone::Corner(c) => format!("the {c:?} corner"),
            Zone::Edge(e) => format!("the {} edge", e.name()),
            Zone::Road(r) => format!("the {r} road"),
            Zone::RoadEntry(r) => format!("where the {r} road enters the map"),
            Zone::AnyRoad => "any road hex".into(),
            Zone::Terrain(t) => format!("all {} hexes", t.name()),
            Zone::Slopes => "all slope hexes".into(),
            Zone::Line(zs) => format!("the line {}", list(zs, "-")),
            // "on the east edge", "on the Pike road", but "in V4".
            Zone::Within { distance: 0, of } => match **of {
                Zone::Edge(_) | Zone::Corner(_) | Zone::Road(_) | Zone::AnyRoad | Zone::Line(_) => {
                    format!("on {}", of.describe())
                }
                Zone::RoadStretch { .. } => of.describe(),
                _ => format!("in {}", of.describe()),
            },
            Zone::Within { distance: 1, of } => format!("on or adjacent to {}", of.describe()),
            Zone::Within { distance, of } => {
                format!("within {} of {}", hexes(*distance), of.describe())
            }
            Zone::AtLeast { distance, from } => {
                format!("{} or more from {}", hexes(*distance), from.describe())
            }
            Zone::Sector {
                toward,
                of,
                within,
                at_least,
                ..
            } => {
                let mut s = String::new();
                if let Some(w) = within {
                    s.push_str(&format!("within {} ", hexes(*w)));
                }
                if let Some(a) = at_least {
                    s.push_str(&format!("{} or more ", hexes(*a)));
                }
                format!("{s}to the {} of {}", toward.name(), of.describe())
            }
            Zone::Beyond {
                toward,
                of,
                inclusive,
            } => {
                format!(
                    "{}{} of {}",
                    if *inclusive { "on or " } else { "" },
                    toward.name(),
                    of.describe()
                )
            }
            Zone::Between {
                chain,
                include_ends,
                ..
            } => {
                if *include_ends {
                    format!("on and between {}", list(chain, " and "))
                } else {
                    format!("between (but not on) {}", list(chain, " and "))
                }
            }
            Zone::Area(zs) => format!("the area {}", list(zs, "-")),
            Zone::RiverSide(e) => format!(
                "the bank of the river that holds most of the {} edge",
                e.name()
            ),
            Zone::RoadStretch { road, from, to } => {
                format!(
                    "on the {road} road between {} and {}",
                    from.describe(),
                    to.describe()
                )
            }
            Zone::EnemyDeployment => "the enemy's deployment".into(),
            Zone::EnemyUnits => "the enemy's units".into(),
            Zone::OneOf(zs) => format!("any one of {}", list(zs, ", ")),
            Zone::Union(zs) => list(zs, " or "),
            Zone::Intersection(zs) => list(zs, " and "),
            Zone::Difference(a, b) => format!("{} but not {}", a.describe(), b.describe()),
        }
    }
}

impl<T> Zone<T> {
    /// Feature codes named anywhere in the expression.
    pub fn features(&self) -> Vec<&str> {
        let mut out = Vec::new();
        self.visit(&mut |z| {
            if let Zone::Feature(c) = z {
                out.push(c.as_str());
            }
        });
        out
    }

    /// Does the expression refer to the enemy's deployment?
    pub fn refers_to_enemy(&self) -> bool {
        let mut found = false;
        self.visit(&mut |z| found |= matches!(z, Zone::EnemyDeployment | Zone::EnemyUnits));
        found
    }

    /// Visit every node, depth first.
    pub fn visit<'s>(&'s self, f: &mut dyn FnMut(&'s Zone<T>)) {
        f(self);
        for child in self.each_child() {
            child.visit(f);
        }
    }

    /// The zones this one is made of, in the order they are written (and compiled).
    pub fn children(&self) -> Vec<&Zone<T>> {
        self.each_child().collect()
    }

    /// [`Zone::children`], one at a time (no list made: the zone compiler walks every node).
    pub fn each_child(&self) -> impl Iterator<Item = &Zone<T>> {
        let (list, pair): (&[Zone<T>], [Option<&Zone<T>>; 2]) = match self {
            Zone::Line(zs)
            | Zone::Area(zs)
            | Zone::OneOf(zs)
            | Zone::Union(zs)
            | Zone::Intersection(zs) => (zs, [None, None]),
            Zone::Between { chain, .. } => (chain, [None, None]),
            Zone::Within { of, .. } | Zone::Sector { of, .. } | Zone::Beyond { of, .. } => {
                (&[], [Some(of), None])
            }
            Zone::AtLeast { from, .. } => (&[], [Some(from), None]),
            Zone::RoadStretch { from, to, .. } => (&[], [Some(from), Some(to)]),
            Zone::Difference(a, b) => (&[], [Some(a), Some(b)]),
            Zone::Everywhere
            | Zone::Feature(_)
            | Zone::Hexes(_)
            | Zone::Corner(_)
            | Zone::Edge(_)
            | Zone::Road(_)
            | Zone::RoadEntry(_)
            | Zone::AnyRoad
            | Zone::Terrain(_)
            | Zone::Slopes
            | Zone::RiverSide(_)
            | Zone::EnemyDeployment
            | Zone::EnemyUnits => (&[], [None, None]),
        };
        list.iter().chain(pair.into_iter().flatten())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_zone_variant_has_its_kind_once() {
        let listed: Vec<&str> = ZoneKind::ALL.iter().map(|k| k.variant()).collect();
        let mut sorted = listed.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), listed.len(), "a kind listed twice");
        let mut read = crate::model::serde_variants::<Zone>().to_vec();
        read.sort();
        assert_eq!(sorted, read);
        assert_eq!(Zone::<Terrain>::AnyRoad.kind().variant(), "AnyRoad");
    }
}
