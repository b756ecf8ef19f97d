//! The stages for Musket & Saber Quick Play files: a file whose `game` names that game
//! ([`parse::names_musket_and_saber`]) is parsed as its own document type, held to its own JSON
//! Schema, its scenario's map resolved as every map is ([`MapRegistry::resolve`]), and checked
//! by [`crate::check::musket_and_saber`].

use crate::check::musket_and_saber::{check_map, check_scenario};
use crate::diagnostic::{Code, Diagnostic};
use crate::model::map::Map;
use crate::model::musket_and_saber::{MsMapFile, MsScenario};
use crate::path;
use crate::pipeline::maps::{MapOrigin, MapRegistry, builtin_id_claimed};
use crate::pipeline::parse::{self, DocKind, parse_document_all};
use crate::pipeline::read::Source;
use crate::pipeline::schema::validate_musket_and_saber;
use crate::ruleset::Game;

/// An M&S scenario compiled on its map.
#[derive(Debug, Clone)]
pub struct MsCompiled {
    /// The scenario.
    pub scenario: MsScenario,
    /// Its map file (the chart, track and terrain kinds).
    pub map: MsMapFile,
    /// Where the map came from.
    pub origin: MapOrigin,
}

/// Parse, schema-check and check an M&S map; the in-memory map carries the file
/// ([`Map::musket_and_saber`]). Diagnostics are not yet located.
pub fn load_map(src: &Source) -> (Option<Map>, Vec<Diagnostic>) {
    let (file, written) = match parse_document_all::<MsMapFile>(src) {
        Ok(f) => f,
        Err(d) => return (None, d),
    };
    let schema = validate_musket_and_saber(DocKind::Map, &written);
    if !schema.is_empty() {
        return (None, schema);
    }
    let map = file.to_map();
    let mut diags = check_map(&file);
    diags.extend(builtin_id_claimed(&map));
    (Some(map), diags)
}

/// REF008: a Musket & Saber scenario whose map is of another game (said as
/// [`crate::check::map_of_other_game`] says it of a Rifle & Saber scenario).
pub fn other_game(reference: &str, map: &Map) -> Diagnostic {
    let ours = Game::MusketAndSaberQuickPlay;
    let theirs = map.game.unwrap_or_default();
    Diagnostic::new(
        Code::MapOfOtherGame,
        format!(
            "this scenario is for {} (`{}`), but its map `{}` is for {} (`{}`)",
            ours.ruleset().name,
            ours.id(),
            crate::diagnostic::printable(reference, 60),
            theirs.ruleset().name,
            theirs.id()
        ),
    )
    .at_path(path!["game"])
    .with_hint(format!(
        "name a map for {} in `map:` (`saberc new map --game {}` starts one)",
        ours.ruleset().name,
        ours.id()
    ))
}

/// Run every stage on an M&S scenario: what was compiled (when the scenario and its map could
/// be read) and the findings, not yet located.
pub fn compile_scenario(
    src: &Source,
    registry: &MapRegistry,
) -> (Option<MsCompiled>, Vec<Diagnostic>) {
    // A map where a scenario is expected is said in one line (FMT004), as for Rifle & Saber.
    match parse::detect(src) {
        Ok((DocKind::Scenario, _)) => {}
        Ok((kind, _)) => return (None, vec![super::not_a_scenario(src, kind)]),
        Err(d) => return (None, vec![d]),
    }
    let (scenario, written) = match parse_document_all::<MsScenario>(src) {
        Ok(s) => s,
        Err(d) => return (None, d),
    };
    let schema = validate_musket_and_saber(DocKind::Scenario, &written);
    if !schema.is_empty() {
        return (None, schema);
    }
    let found = match registry.resolve(&scenario.map, &src.path) {
        Ok(m) => m,
        Err(d) => return (None, vec![d]),
    };
    let Some(file) = found.map.musket_and_saber.clone() else {
        return (None, vec![other_game(&scenario.map, &found.map)]);
    };
    let mut diags = check_scenario(&scenario, &file, &found.map);
    diags.extend(found.notes);
    (
        Some(MsCompiled {
            scenario,
            map: (*file).clone(),
            origin: found.origin,
        }),
        diags,
    )
}

/// Is this source a Musket & Saber Quick Play file?
pub fn is_musket_and_saber(src: &Source) -> bool {
    parse::names_musket_and_saber(src)
}
