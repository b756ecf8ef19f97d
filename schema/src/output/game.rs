//! The seam between the outputs and each game: what `saberc export`, `render` (the map and the
//! card), `export --format tiled`, `new`, `analyze` and the report ask of a game
//! ([`GameOutputs`]) and of one of its scenarios compiled ([`ScenarioOutputs`]). A game's front
//! end ([`GameFrontEnd`]) lives in the pipeline, below the outputs, so it cannot make them: a
//! game's outputs hold its front end and are registered with it, in one call
//! ([`crate::output::games::register`]). Shared code asks these, never which game a file is.

use crate::diagnostic::Diagnostic;
use crate::model::analysis::Analysis;
use crate::model::map::Map;
use crate::model::scenario::Interpretation;
use crate::output::overlays::Overlay;
use crate::output::render::RenderError;
use crate::output::skeleton::SkeletonError;
use crate::output::tiled::export::{OutputFile, export_any_map};
use crate::output::tiled::import::TiledImport;
use crate::pipeline::game::{Built, GameFrontEnd};
use crate::pipeline::map_load::{LoadedMap, MapOrigin, Resolve};
use crate::pipeline::read::Source;
use crate::queries::playable::GivenAllowances;
use crate::ruleset::{Game, Ruleset};

/// A game's outputs: what the shared commands make of its files. One value per game, holding
/// its front end.
pub trait GameOutputs: Sync {
    /// The game's front end, registered with its outputs.
    fn front_end(&self) -> &'static dyn GameFrontEnd;

    /// The game.
    fn game(&self) -> Game {
        self.front_end().game()
    }

    /// A scenario compiled for the outputs: every stage run as `saberc check` runs them.
    fn compile(&self, src: &Source, maps: &dyn Resolve) -> CompiledFor;

    /// `saberc new map`: a commented skeleton of `width` × `height` hexes to fill in.
    fn map_skeleton(&self, width: u32, height: u32, id: &str) -> Result<String, SkeletonError>;

    /// `saberc new scenario`: a commented skeleton on `map`, which the file names `reference`.
    /// `None` when `map` is not one of the game's.
    fn scenario_skeleton(&self, map: &LoadedMap, reference: &str, id: &str) -> Option<String>;

    /// One of its map files read as it stands, errors and all (a skeleton `saberc new map`
    /// wrote, still being filled in), for `saberc new scenario`; `None` when it does not parse.
    fn map_as_it_stands(&self, src: &Source) -> Option<LoadedMap>;

    /// `saberc export --format tiled` of one of its maps: the shared writer of the engine's map
    /// unless the game writes its own.
    fn tiled_map(&self, map: &LoadedMap) -> Result<Vec<OutputFile>, RenderError> {
        export_any_map(&map.map)
    }

    /// `saberc import` of a Tiled map whose `game` property names the game: the import that
    /// makes its map file, or `None` when it makes none of its maps from a Tiled map.
    fn tiled_import(&self) -> Option<TiledImport> {
        None
    }

    /// Why `saberc export --format tiled` writes none of its scenarios (said after the file's
    /// `game` field), when it writes none.
    fn tiled_scenarios_refused(&self) -> Option<&'static str> {
        None
    }

    /// Why `saberc analyze` takes no allowance given with `--ma` for its scenarios, when it
    /// takes none.
    fn allowances_refused(&self, _given: &GivenAllowances) -> Option<&'static str> {
        None
    }

    /// What the report's page says of one of its scenarios as opened (even with errors), from
    /// what its front end built of it; `None` when that is none of its scenarios.
    fn summary(&self, built: &Built) -> Option<Summary>;
}

/// A scenario compiled for the outputs ([`GameOutputs::compile`]).
pub struct CompiledFor {
    /// What was compiled, when the scenario and its map could be read.
    pub compiled: Option<Box<dyn ScenarioOutputs>>,
    /// The findings, not yet located.
    pub diags: Vec<Diagnostic>,
    /// The map it was compiled on, when found.
    pub map_used: Option<MapOrigin>,
}

/// One scenario of a game, compiled: what each output makes of it.
pub trait ScenarioOutputs {
    /// The scenario's id (the export's file name).
    fn id(&self) -> &str;

    /// The game's rules, for the outputs' words.
    fn rules(&self) -> &'static Ruleset;

    /// Its map's terrain as played, after its special rules (`saberc render --as-played`), or
    /// why its game has none to apply.
    fn play(&mut self) -> Result<(), &'static str>;

    /// Its engine export.
    fn export(&self) -> Result<Box<dyn ExportDocument>, Diagnostic>;

    /// Its printable card, one SVG page.
    fn card_svg(&self) -> String;

    /// Its map drawn with its set-up: what `saberc render` draws of it.
    fn drawing(self: Box<Self>) -> Drawing;

    /// Its Tiled map, when its game writes one.
    fn tiled(&self) -> Option<Result<Vec<OutputFile>, RenderError>> {
        None
    }

    /// `saberc analyze`: what each side can reach and see, and its forces.
    fn analysis(&self, given: &GivenAllowances) -> Analysis;
}

/// An engine export, held to its schema and written.
pub trait ExportDocument {
    /// The committed schema it is held to (its file name).
    fn schema_file(&self) -> &'static str;

    /// Where it breaks that schema (none, unless the export has a bug).
    fn schema_problems(&self) -> Vec<Diagnostic>;

    /// Write it, as `saberc export` does.
    fn write(&self, w: &mut dyn std::io::Write) -> std::io::Result<()>;

    /// The text [`ExportDocument::write`] writes.
    fn text(&self) -> String {
        let mut out = Vec::new();
        self.write(&mut out).expect("writing to memory never fails");
        String::from_utf8(out).expect("JSON is UTF-8")
    }
}

/// A scenario's map drawn with its set-up.
pub struct Drawing {
    /// The map (the terrain as played when asked).
    pub map: Map,
    /// The zones, set-up and entries drawn over it.
    pub overlays: Vec<Overlay>,
    /// The drawing's title.
    pub title: String,
}

/// What the report's page says of a scenario, from the scenario as opened.
pub struct Summary {
    /// The game's name.
    pub game: &'static str,
    /// The title: name (and portion).
    pub title: String,
    /// Rule number and date, as printed.
    pub when: String,
    /// Turns in the game.
    pub length: u32,
    /// Each side's name and forces in words.
    pub sides: Vec<(String, String)>,
    /// Victory conditions: printed text and typed reading.
    pub victory: Vec<(String, String)>,
    /// Special rules: printed text and typed reading.
    pub special: Vec<(String, String)>,
    /// Interpretation notes.
    pub interpretations: Vec<Interpretation>,
    /// The historical note.
    pub notes: String,
    /// The built-in map it was checked against, when it was one its page names.
    pub built_in_map: Option<String>,
}
