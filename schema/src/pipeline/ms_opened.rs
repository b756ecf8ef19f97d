//! What the editor opens of a Musket & Saber Quick Play file ([`MsOpened`]), which the
//! pipeline's [`crate::pipeline::game::Built`] carries.

use crate::diagnostic::Diagnostic;
use crate::model::map::Map;
use crate::model::musket_and_saber::{MsMapFile, MsScenario};
use crate::pipeline::map_load::MapOrigin;

/// What the editor opens of an M&S file: the document as parsed (even when it breaks the JSON
/// Schema, so that it can be repaired) and, for a scenario, its map when found.
#[derive(Debug, Clone)]
#[allow(clippy::large_enum_variant)] // one per file opened; boxing buys nothing
pub enum MsOpened {
    /// A map file.
    Map(MsMapFile),
    /// A scenario file.
    Scenario {
        /// The scenario.
        scenario: MsScenario,
        /// Its map and where it came from, when it could be found (it may be of another game:
        /// REF008 says so).
        map: Option<(Map, MapOrigin)>,
        /// That map's own file, when it is a Musket & Saber map.
        map_file: Option<std::sync::Arc<MsMapFile>>,
        /// What resolving the map noted (REF005), reported by every later check.
        map_notes: Vec<Diagnostic>,
    },
}
