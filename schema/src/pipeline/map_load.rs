//! The map stages, below map resolution and the pipeline's API alike: a map file parsed,
//! held to its game's JSON Schema, built into the engine's map ([`LoadedMap`], what its game
//! keeps of the file beside it) and checked. [`crate::pipeline::maps`] loads the maps it
//! resolves through them, and [`crate::pipeline`] the maps it is given.

use std::any::Any;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::builtin;
use crate::check::check_map_unread;
use crate::diagnostic::{Code, Diagnostic};
use crate::model::map::{Map, MapFile};
use crate::path;
use crate::pipeline::parse::DocKind;
use crate::pipeline::parse::other_game::DocWords;
use crate::pipeline::schema;
use crate::pipeline::zones::shared::SharedZones;

/// What a game keeps of one of its files beside what the engine reads of it (a Musket & Saber
/// map's own file; a document its front end opened): only that game's own code reads it back,
/// as its own type (`downcast_ref`).
pub type GameOwned = Arc<dyn Any + Send + Sync>;

/// A map file as loaded: the engine's map, and beside it what only its own game's checks and
/// drawings read of the file, when the game keeps any (a Musket & Saber map's legend
/// characters, Turn Record Track and sources). A Rifle & Saber map file is the map whole.
#[derive(Debug, Clone)]
pub struct LoadedMap {
    /// The map, as every shared stage, query and drawing reads it.
    pub map: Map,
    /// What the map's game keeps of its file beside the map, when it keeps any.
    pub game_file: Option<GameOwned>,
}

impl LoadedMap {
    /// A map whose file is the map whole (Rifle & Saber).
    pub fn engine_only(map: Map) -> LoadedMap {
        LoadedMap {
            map,
            game_file: None,
        }
    }
}

/// Where scenarios find their maps, as the games' front ends ask it
/// ([`crate::pipeline::maps::MapRegistry`] answers).
pub trait Resolve: Sync {
    /// The map a scenario at `from` names by `reference` (a path or an id), or why none.
    fn resolve(&self, reference: &str, from: &Path) -> Result<ResolvedMap, Diagnostic>;

    /// Every game's words for its documents of a kind, to tell a file of one game read as
    /// another ([`crate::pipeline::parse::other_game::reconsider`]).
    fn words(&self, kind: DocKind) -> Vec<&'static DocWords>;
}

/// Which map a scenario was checked against.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MapOrigin {
    /// A built-in map, by id.
    BuiltIn(String),
    /// A map file.
    File(PathBuf),
}

impl fmt::Display for MapOrigin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MapOrigin::BuiltIn(id) => write!(f, "built-in map `{id}`"),
            MapOrigin::File(p) => write!(f, "{}", p.display()),
        }
    }
}

/// A scenario's map, and where it came from.
#[derive(Debug, Clone)]
pub struct ResolvedMap {
    /// The map (shared: a built-in map or one found by id is the same for every scenario).
    pub map: Arc<Map>,
    /// What the map's game keeps of its file beside it ([`LoadedMap::game_file`]).
    pub game_file: Option<GameOwned>,
    /// Where it came from (say it in reports and the editor's title).
    pub origin: MapOrigin,
    /// Findings about the choice (a map file near the scenario that claims a built-in id).
    pub notes: Vec<Diagnostic>,
    /// The zones computed on this map by the run so far, when the registry knows the map
    /// (a built-in map or one found by id), shared by the scenarios that use it.
    pub zones: Option<Arc<SharedZones>>,
}

/// The map stages after parsing: JSON Schema on what was written, then building the map and the
/// map checks.
pub(crate) fn map_stages(
    file: &MapFile,
    written: &serde_json::Value,
) -> (Option<Map>, Vec<Diagnostic>) {
    let (blocking, deferred) = schema::validate_deferring(DocKind::Map, written);
    if !blocking.is_empty() {
        return (None, [blocking, deferred].concat());
    }
    let (map, mut diags) = Map::from_file(file);
    diags.extend(check_map_unread(
        &map,
        map.rules(),
        &file.unread_hexes(map.grid),
    ));
    diags.extend(builtin_id_claimed(&map));
    diags.extend(keep_unexplained(deferred, &diags));
    (Some(map), diags)
}

/// The deferred schema findings that no rule check reported an error for at the same place:
/// a rule-level message replaces the schema's, but a value is never let through.
pub(crate) fn keep_unexplained(deferred: Vec<Diagnostic>, found: &[Diagnostic]) -> Vec<Diagnostic> {
    deferred
        .into_iter()
        .filter(|d| !found.iter().any(|f| f.is_error() && f.path == d.path))
        .collect()
}

/// If `map` claims the id of a built-in map but differs from it, the finding that says so
/// (REF005): such a file never replaces the built-in map.
pub fn builtin_id_claimed(map: &Map) -> Option<Diagnostic> {
    let builtin = builtin::map(&map.id)?;
    (builtin != *map).then(|| {
        Diagnostic::new(
            Code::DuplicateId,
            format!(
                "the id `{}` is the built-in map's, and this map differs from it",
                map.id
            ),
        )
        .at_path(path!["id"])
        .with_hint(format!(
            "give this map its own id and name (`id: \"{}-edited\"`); scenarios naming `{}` always get the built-in map",
            map.id, map.id
        ))
    })
}
