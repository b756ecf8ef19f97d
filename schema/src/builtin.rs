//! Maps built into the program, so that scenarios can name them by id and the editor can start
//! on the Rifle & Saber map without any file beside it.

use crate::map::{Map, MapFile};

/// (id, RON text) of each built-in map.
const BUILTIN: &[(&str, &str)] = &[];

/// Ids of the built-in maps.
pub fn ids() -> impl Iterator<Item = &'static str> {
    BUILTIN.iter().map(|(id, _)| *id)
}

/// The RON text of a built-in map.
pub fn map_text(id: &str) -> Option<&'static str> {
    BUILTIN.iter().find(|(i, _)| *i == id).map(|(_, t)| *t)
}

/// A built-in map by id. Built-in maps are checked by the test suite, so they parse cleanly.
pub fn map(id: &str) -> Option<Map> {
    let text = map_text(id)?;
    let file: MapFile = ron::from_str(text).ok()?;
    Some(Map::from_file(&file).0)
}
