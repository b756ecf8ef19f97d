//! The seam between the shared pipeline and each game: what a game's front end does
//! ([`GameFrontEnd`]: its documents' schemas and words, reading, lowering and checking its map and
//! scenario files), and what the pipeline builds through it ([`Built`], [`Compiled`],
//! [`Opened`]). The games themselves are listed by [`crate::pipeline::games`], the one place
//! that dispatches on the game; shared code asks a front end, never which game it is.

use std::sync::Arc;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::diagnostic::Diagnostic;
use crate::model::map::Map;
use crate::model::scenario::Scenario;
use crate::pipeline::map_load::{GameOwned, LoadedMap, MapOrigin, Resolve};
use crate::pipeline::migrate::OldSpelling;
use crate::pipeline::parse::DocKind;
use crate::pipeline::parse::other_game::{DocWords, fields_of};
use crate::pipeline::read::Source;
use crate::pipeline::schema::SchemaFn;
use crate::pipeline::zones::Resolved;
use crate::queries::playable::Playable;
use crate::ruleset::{Game, Ruleset};

/// A game's front end: everything the shared pipeline asks of a game's files. One value per
/// game, registered once ([`crate::pipeline::games::register`] for a game defined outside the
/// library); its rules (movement, sight, stacking, citations) are the [`Ruleset`] it gives.
pub trait GameFrontEnd: Sync {
    /// The game's rules; their `game` is the id its files write.
    fn rules(&self) -> &'static Ruleset;

    /// The game.
    fn game(&self) -> Game {
        self.rules().game
    }

    /// The published JSON Schema of the game's documents of a kind (map or scenario): what the
    /// JSON Schema stage, `saberc schema` and the language server hold its files to.
    fn schema(&self, kind: DocKind) -> Value;

    /// The files `saberc schema -o DIR` writes of the game's schemas, with their generators;
    /// none by default.
    fn schema_files(&self) -> Vec<(&'static str, SchemaFn)> {
        Vec::new()
    }

    /// What the game names a field of its documents that another game names otherwise: pairs
    /// of (what it is, the field's name). A file of another game read as this one is told the
    /// field's name here.
    fn same_things(&self) -> &'static [(&'static str, &'static str)] {
        &[]
    }

    /// The game's words for its documents of a kind (their fields, from the schema, and
    /// [`GameFrontEnd::same_things`]).
    fn words(&self, kind: DocKind) -> DocWords {
        DocWords {
            game: self.game(),
            fields: fields_of(&self.schema(kind)),
            same: self.same_things(),
        }
    }

    /// A map file parsed, held to its schema, lowered into the engine's [`Map`] (with the
    /// game's own file beside it, when the game keeps one) and checked; findings not yet
    /// located.
    /// `words` are every game's words for maps, to tell a map of another game read as this one.
    fn load_map(&self, src: &Source, words: &[&DocWords]) -> (Option<LoadedMap>, Vec<Diagnostic>);

    /// A map or scenario file read for `saberc check` and the editor: every stage run, and
    /// what was built (the document as parsed even when it breaks its schema, to be repaired).
    /// `kind` is what [`crate::pipeline::parse::detect`] found `src` to be (the caller asked).
    fn open(&self, src: &Source, kind: DocKind, maps: &dyn Resolve) -> Opened;

    /// A scenario compiled on its map (an engine [`Compiled`] scenario when the game's
    /// scenarios lower into one), the findings (not yet located), and which map was used with
    /// what resolving it noted.
    fn compile_scenario(
        &self,
        src: &Source,
        maps: &dyn Resolve,
    ) -> (Option<Compiled>, Vec<Diagnostic>, Option<MapFound>);

    /// The old spellings of a published format version in one of the game's files, which
    /// `check` reads as their new ones and `saberc migrate` rewrites
    /// ([`crate::pipeline::migrate`]); none when its files have had no renamed spellings.
    fn old_spellings(&self, _src: &Source) -> Vec<OldSpelling> {
        Vec::new()
    }

    /// An engine export of this game found among the source files, held to its schema.
    fn check_export(&self, src: &Source) -> Vec<Diagnostic>;

    /// A map or scenario read as the game's model of it, written back as JSON: what `saberc
    /// fmt` compares before and after and `saberc convert` writes ([`model_value_of`]).
    fn model_value(&self, src: &Source, kind: DocKind) -> Result<Value, Diagnostic>;

    /// A map or scenario given as JSON ([`GameFrontEnd::model_value`]) written as RON by the
    /// game's model, which names its structures and variants ([`model_ron_of`]).
    fn model_ron(&self, value: Value, kind: DocKind) -> Result<String, Diagnostic>;
}

/// [`GameFrontEnd::model_value`] of a document type `T`.
pub fn model_value_of<T: DeserializeOwned + Serialize>(src: &Source) -> Result<Value, Diagnostic> {
    let model: T = crate::pipeline::parse::parse(src)?;
    Ok(serde_json::to_value(&model).expect("the model always serializes"))
}

/// [`GameFrontEnd::model_ron`] of a document type `T`.
pub fn model_ron_of<T: DeserializeOwned + Serialize>(value: Value) -> Result<String, Diagnostic> {
    let cannot = |e: String| {
        Diagnostic::new(
            crate::diagnostic::Code::Syntax,
            format!("cannot write RON: {e}"),
        )
    };
    let model: T = serde_json::from_value(value).map_err(|e| cannot(e.to_string()))?;
    ron::ser::to_string(&model).map_err(|e| cannot(e.to_string()))
}

/// Which map a scenario was checked against, with what resolving it noted (REF005) and the
/// notes on its old spellings (FMT005).
pub type MapFound = (MapOrigin, Vec<Diagnostic>);

/// What a front end built of a map or scenario file ([`GameFrontEnd::open`]).
#[derive(Debug, Clone)]
pub struct Opened {
    /// The findings, not yet located.
    pub diags: Vec<Diagnostic>,
    /// What was built, for the editor.
    pub built: Built,
    /// For a map, its id (to find ids used twice in a batch).
    pub map_id: Option<String>,
    /// For a scenario, the map it was checked against.
    pub map_used: Option<MapOrigin>,
}

/// A scenario compiled on its map.
#[derive(Debug, Clone)]
pub struct Compiled {
    /// The rules of the scenario's game (and its map's), for every output.
    pub rules: &'static Ruleset,
    /// The scenario.
    pub scenario: Scenario,
    /// Its map (shared with the run's other scenarios on it).
    pub map: Arc<Map>,
    /// Its zones as hexes.
    pub resolved: Resolved,
    /// The movement searches the check made (under the lenient readings, no allowances given),
    /// when it made them: `saberc analyze` shows these rather than searching again.
    pub searched: Option<Playable>,
}

/// What the pipeline built from a file, for the editor to open.
#[derive(Debug, Clone)]
#[allow(clippy::large_enum_variant)] // one per opened file; boxing buys nothing
pub enum Built {
    /// Nothing could be built (unreadable, syntax error, unknown kind, a battle).
    Nothing,
    /// A map: built even when the JSON Schema stage failed, so that it can be repaired.
    Map(Map),
    /// A scenario as parsed (even when the JSON Schema stage failed), and its map when found.
    Scenario {
        /// The scenario.
        scenario: Scenario,
        /// Its map and where it came from, when it could be found.
        map: Option<(Arc<Map>, MapOrigin)>,
        /// What opening the file noted (REF005 on its map, FMT005 on old spellings), which every
        /// later check of the document reports too.
        map_notes: Vec<Diagnostic>,
    },
    /// A map or scenario of a game whose documents are its own types (not the engine's `Map`
    /// and `Scenario`), as its front end built it: only that game's code reads it
    /// ([`Built::own`]).
    Own(GameOwned),
}

impl Built {
    /// What a game's front end built of its own ([`Built::Own`]), when it is a `T`.
    pub fn own<T: 'static>(&self) -> Option<&T> {
        match self {
            Built::Own(own) => own.downcast_ref(),
            _ => None,
        }
    }
}

impl Opened {
    /// Nothing built, only findings.
    pub fn nothing(diags: Vec<Diagnostic>) -> Opened {
        Opened {
            diags,
            built: Built::Nothing,
            map_id: None,
            map_used: None,
        }
    }
}
