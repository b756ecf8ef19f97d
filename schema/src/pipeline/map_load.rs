//! The map stages, below map resolution and the pipeline's API alike: a map file parsed,
//! held to its game's JSON Schema, built into the engine's map ([`LoadedMap`], a Musket &
//! Saber map's own file beside it) and checked. [`crate::pipeline::maps`] loads the maps it
//! resolves through them, and [`crate::pipeline`] the maps it is given.

use std::sync::Arc;

use crate::builtin;
use crate::check::check_map_unread;
use crate::check::musket_and_saber::check_map;
use crate::diagnostic::{Code, Diagnostic};
use crate::model::map::{Map, MapFile};
use crate::model::musket_and_saber::MsMapFile;
use crate::path;
use crate::pipeline::migrate;
use crate::pipeline::parse::{self, DocKind, parse_game_document};
use crate::pipeline::read::Source;
use crate::pipeline::schema::{self, validate_musket_and_saber};
use crate::ruleset::Game;

/// A map file as loaded: the engine's map, and beside it what only its own game's checks and
/// drawings read of the file, when the game keeps any (a Musket & Saber map's legend
/// characters, Turn Record Track and sources). A Rifle & Saber map file is the map whole.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadedMap {
    /// The map, as every shared stage, query and drawing reads it.
    pub map: Map,
    /// A Musket & Saber map's own file.
    pub ms_file: Option<Arc<MsMapFile>>,
}

impl LoadedMap {
    /// A map whose file is the map whole (Rifle & Saber).
    pub fn engine_only(map: Map) -> LoadedMap {
        LoadedMap { map, ms_file: None }
    }
}

/// Parse, schema-check and build a map (with its game's own file beside it, when the game
/// keeps one); diagnostics are not yet located.
pub fn load_map(src: &Source) -> (Option<LoadedMap>, Vec<Diagnostic>) {
    if parse::names_musket_and_saber(src) {
        return load_ms_map(src);
    }
    match parse_game_document::<MapFile>(src, DocKind::Map, Game::RifleAndSaber) {
        Ok((f, written)) => {
            let (map, diags) = map_stages(&f, &written);
            (map.map(LoadedMap::engine_only), diags)
        }
        Err(d) => (None, d),
    }
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

/// Parse, schema-check and check an M&S map: the engine's map, its file beside it.
/// Diagnostics are not yet located.
pub(crate) fn load_ms_map(src: &Source) -> (Option<LoadedMap>, Vec<Diagnostic>) {
    let (file, written, notes) = match parse_ms_map(src) {
        Ok(f) => f,
        Err(d) => return (None, d),
    };
    let (map, diags) = ms_map_stages(&file, &written);
    (map, [notes, diags].concat())
}

/// Parse an M&S map file: read as its rewritten form when it has old spellings
/// ([`migrate::of_source`]: a clear row the old skeleton wrote), the findings of that form
/// moved back to the file's own text, with the notes (FMT005) on the old spellings.
pub(crate) fn parse_ms_map(
    src: &Source,
) -> Result<(MsMapFile, serde_json::Value, Vec<Diagnostic>), Vec<Diagnostic>> {
    let parse = |src: &Source| {
        parse_game_document::<MsMapFile>(src, DocKind::Map, Game::MusketAndSaberQuickPlay)
    };
    let old = migrate::of_source(src);
    if old.is_empty() {
        return parse(src).map(|(f, w)| (f, w, Vec::new()));
    }
    let rewritten = Source {
        text: migrate::rewrite(&src.text, &old),
        ..src.clone()
    };
    let notes = old.iter().map(|o| o.note(&src.text)).collect();
    parse(&rewritten)
        .map(|(f, w)| (f, w, notes))
        .map_err(|diags| {
            diags
                .into_iter()
                .map(|mut d| {
                    d.location = d
                        .location
                        .map(|l| migrate::original_location(&src.text, &old, l));
                    d
                })
                .collect()
        })
}

/// The stages after parsing on an M&S map file (`written`: what the file said, for the JSON
/// Schema): the engine's map (the file lowered, the file beside it) when the schema holds, and
/// the findings, not yet located.
pub(crate) fn ms_map_stages(
    file: &MsMapFile,
    written: &serde_json::Value,
) -> (Option<LoadedMap>, Vec<Diagnostic>) {
    let schema = validate_musket_and_saber(DocKind::Map, written);
    if !schema.is_empty() {
        return (None, schema);
    }
    let map = file.lower();
    let mut diags = check_map(file);
    diags.extend(builtin_id_claimed(&map));
    let ms_file = Some(std::sync::Arc::new(file.clone()));
    (Some(LoadedMap { map, ms_file }), diags)
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
