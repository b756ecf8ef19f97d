//! Maps built into the program, so that scenarios can name them by id and the editor can start
//! on the Rifle & Saber map without any file beside it.

use std::sync::{Arc, OnceLock};

use crate::model::map::{Map, MapFile};

/// (id, RON text) of each built-in map.
const BUILTIN: &[(&str, &str)] = &[(
    "rifle-and-saber",
    include_str!("../../maps/rifle-and-saber.ron"),
)];

/// Ids of the built-in maps.
pub fn ids() -> impl Iterator<Item = &'static str> {
    BUILTIN.iter().map(|(id, _)| *id)
}

/// The RON text of a built-in map.
pub fn map_text(id: &str) -> Option<&'static str> {
    BUILTIN.iter().find(|(i, _)| *i == id).map(|(_, t)| *t)
}

/// The built-in map whose own text is `text`, byte for byte (this repository's `maps/` holds
/// them): the map files found near a scenario that are such a copy need not be read again.
pub fn map_of_text(text: &str) -> Option<Map> {
    BUILTIN
        .iter()
        .find(|(_, t)| *t == text)
        .and_then(|(id, _)| map(id))
}

/// The Rifle & Saber map, on which every historical scenario is played.
pub fn rifle_and_saber() -> Map {
    map("rifle-and-saber").expect("the built-in Rifle & Saber map parses (checked by its test)")
}

/// A built-in map by id. Built-in maps are checked by the test suite, so they parse cleanly.
/// Each is parsed once per process: a batch of scenarios naming it shares the result.
pub fn map(id: &str) -> Option<Map> {
    shared_map(id).map(Arc::unwrap_or_clone)
}

/// Each built-in map by its id, parsed (`None` when its text does not parse).
type Parsed = Vec<(&'static str, Option<Arc<Map>>)>;

/// [`map`], shared: the process's one copy (a batch of scenarios on a built-in map shares it
/// rather than copying it per scenario).
pub fn shared_map(id: &str) -> Option<Arc<Map>> {
    static PARSED: OnceLock<Parsed> = OnceLock::new();
    let parsed = PARSED.get_or_init(|| {
        BUILTIN
            .iter()
            .map(|(id, text)| {
                let file: Option<MapFile> = ron::from_str(text).ok();
                (*id, file.map(|f| Arc::new(Map::from_file(&f).0)))
            })
            .collect()
    });
    parsed
        .iter()
        .find(|(i, _)| *i == id)
        .and_then(|(_, m)| m.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::check_source;
    use crate::pipeline::maps::MapRegistry;
    use crate::pipeline::read::Source;

    #[test]
    fn builtin_maps_compile_clean() {
        for id in ids() {
            let src = Source::from_text(format!("{id}.ron"), map_text(id).unwrap());
            let report = check_source(&src, &MapRegistry::new());
            assert!(
                report.diagnostics.is_empty(),
                "{id}: {:#?}",
                report.diagnostics
            );
            assert_eq!(map(id).unwrap().id, id);
        }
        assert_eq!(rifle_and_saber().grid.width, 47);
    }
}
