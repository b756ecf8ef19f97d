//! What a document is: a map or scenario of one game ([`GameDoc`], which each game implements
//! in its own folder, Rifle & Saber's in `games/rifle_and_saber/doc.rs`). The editor's mode, its
//! checks, its save and its history follow from this one value; which game it is, only
//! `crate::games` asks (issue 40 §5). A file of its own, below the document, its history and
//! its files, so that none of them reaches back to the others through it.

use std::any::Any;
use std::fmt::Debug;
use std::path::{Path, PathBuf};

use saber_schema::diagnostic::Diagnostic;
use saber_schema::model::hex::Grid;
use saber_schema::model::map::Map;
use saber_schema::pipeline::read::Syntax;
use saber_schema::ruleset::Game;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::change::Words;

/// What a document holds beside its content, which its game reads.
#[derive(Debug, Clone, Copy)]
pub struct Beside<'a> {
    /// The document's own file (`None`: untitled).
    pub path: Option<&'a Path>,
    /// The map drawn (a scenario's map as found).
    pub map: &'a Map,
    /// A scenario's map as its game's document.
    pub map_doc: Option<&'a Content>,
    /// The file of a scenario's map (`None`: built in, or a map document).
    pub map_file: Option<&'a Path>,
    /// Why a scenario's map was not found (the map drawn is then a blank stand-in).
    pub map_problem: Option<&'a Diagnostic>,
    /// What resolving a scenario's map noted (REF005).
    pub map_notes: &'a [Diagnostic],
}

/// A map or scenario of a game: what the shared editor asks of it (its game implements this
/// beside its forms).
pub trait GameDoc: DocValue {
    /// Its game.
    fn game(&self) -> Game;

    /// Is it a scenario?
    fn is_scenario(&self) -> bool;

    /// "map" or "scenario", for titles and messages.
    fn kind(&self) -> &'static str {
        if self.is_scenario() {
            "scenario"
        } else {
            "map"
        }
    }

    /// Its id (`map`: the document's map).
    fn id<'a>(&'a self, map: &'a Map) -> &'a str;

    /// Its name (`map`: the document's map).
    fn name<'a>(&'a self, map: &'a Map) -> &'a str;

    /// A scenario's id, for changing (`None` for a map).
    fn scenario_id_mut(&mut self) -> Option<&mut String> {
        None
    }

    /// Is the document's map itself what it holds (the map tools edit it, undone hex by hex)?
    fn holds_map(&self) -> bool {
        false
    }

    /// A map document's map as drawn, made from its file (kept in step with it); `None`
    /// when the document's map is found for it or is its own ([`Self::holds_map`]).
    fn drawn(&self) -> Option<Map> {
        None
    }

    /// After a form changed it from `before` on `grid`: what the game keeps in step.
    fn settle(&mut self, _before: &dyn GameDoc, _grid: Grid) {}

    /// The edit from `before` to it, in words for the History panel (`None`: the form's
    /// topic says it): each field changed, as its file names it ([`crate::change::describe`]).
    fn describe(&self, before: &dyn GameDoc) -> Option<String> {
        self.describe_fields(before)
    }

    /// Its fields and values as its game's rules print them, for [`Self::describe`].
    fn words(&self) -> &'static Words {
        &Words::NONE
    }

    /// What `saberc check` finds in it, as it is now.
    fn check(&self, at: Beside<'_>) -> Vec<Diagnostic>;

    /// Why it cannot be exported now (its errors, as the Diagnostics panel lists them), or
    /// `None`.
    fn export_refusal(&self, at: Beside<'_>) -> Option<String> {
        crate::export::refusal(self.kind(), &self.check(at))
    }

    /// Write a scenario's engine export to `path`, never over one of the `inputs` (a map has
    /// none).
    fn write_engine(&self, _at: Beside<'_>, _path: &Path, _inputs: &[&Path]) -> Result<(), String> {
        Err(NO_MAP_EXPORT.into())
    }

    /// Write a scenario's card to `path` (SVG for `.svg`, else PNG `width` pixels wide; a map
    /// has none).
    fn write_card(&self, _: Beside<'_>, _: &Path, _: u32, _: &[&Path]) -> Result<(), String> {
        Err(NO_MAP_EXPORT.into())
    }

    /// Why it has no Tiled export, when it has none.
    fn no_tiled(&self) -> Option<&'static str> {
        None
    }

    /// Write its Tiled map into `dir`; returns the `.tmj`'s path.
    fn write_tiled(&self, at: Beside<'_>, dir: &Path, inputs: &[&Path]) -> Result<PathBuf, String>;

    /// The whole file in `saberc fmt`'s layout (`map`: the document's map).
    fn whole_text(&self, _map: &Map, syntax: Syntax) -> Result<String, String> {
        self.model_text(syntax)
    }

    /// `old` (its file's text) edited where the document differs from it.
    fn edit_text(&self, _map: &Map, old: &str, syntax: Syntax) -> Result<String, String> {
        self.model_edit(old, syntax)
    }
}

/// Why a map has no engine export or card (the menus offer them for scenarios only).
pub const NO_MAP_EXPORT: &str = "A map has no engine export or card: export a scenario on it";

/// What a [`GameDoc`] is as a value and as a file's model (given to every one that is
/// `Clone + PartialEq` and serde's).
pub trait DocValue: Any + Debug + Send + Sync {
    /// It whole, as a file in `saberc fmt`'s layout.
    fn model_text(&self, syntax: Syntax) -> Result<String, String>;
    /// `old` edited where it differs from it.
    fn model_edit(&self, old: &str, syntax: Syntax) -> Result<String, String>;
    /// The edit from `before` (of its type) to it, field by field.
    fn describe_fields(&self, before: &dyn GameDoc) -> Option<String>;
    /// A copy.
    fn clone_doc(&self) -> Box<dyn GameDoc>;
    /// The same document?
    fn same_doc(&self, other: &dyn GameDoc) -> bool;
    /// As `Any`, to be read as its own type.
    fn as_any(&self) -> &dyn Any;
    /// As `Any`, to be changed as its own type.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<T: GameDoc + Clone + PartialEq + Serialize + DeserializeOwned> DocValue for T {
    fn model_text(&self, syntax: Syntax) -> Result<String, String> {
        saber_schema::output::format::model_text(self, syntax).map_err(|e| e.to_string())
    }
    fn model_edit(&self, old: &str, syntax: Syntax) -> Result<String, String> {
        saber_schema::syntax::edit::edit_text(old, syntax, self).map_err(|e| e.to_string())
    }
    fn describe_fields(&self, before: &dyn GameDoc) -> Option<String> {
        let before = before.as_any().downcast_ref::<T>()?;
        crate::change::describe(before, self, self.words())
    }
    fn clone_doc(&self) -> Box<dyn GameDoc> {
        Box::new(self.clone())
    }
    fn same_doc(&self, other: &dyn GameDoc) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// A document's content: a map or scenario of one game, as a value.
#[derive(Debug)]
pub struct Content(Box<dyn GameDoc>);

impl Content {
    /// Hold `doc`.
    pub fn new(doc: impl GameDoc) -> Content {
        Content(Box::new(doc))
    }

    /// It, when it is a `T`.
    pub fn own<T: 'static>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref()
    }

    /// It for changing, when it is a `T`.
    pub fn own_mut<T: 'static>(&mut self) -> Option<&mut T> {
        self.0.as_any_mut().downcast_mut()
    }

    /// Is it a map with a built-in map's id (`map`: the document's map)? A save never writes
    /// one (scenarios beside the file would take it for the built-in map): Save As asks for a
    /// new id first.
    pub fn has_builtin_id(&self, map: &Map) -> bool {
        !self.is_scenario() && saber_schema::builtin::map(&map.id).is_some()
    }

    /// Is `other` the same kind of content (game and file kind)?
    pub fn same_kind(&self, other: &Content) -> bool {
        self.as_any().type_id() == other.as_any().type_id()
    }
}

impl std::ops::Deref for Content {
    type Target = dyn GameDoc;
    fn deref(&self) -> &(dyn GameDoc + 'static) {
        &*self.0
    }
}

impl std::ops::DerefMut for Content {
    fn deref_mut(&mut self) -> &mut (dyn GameDoc + 'static) {
        &mut *self.0
    }
}

impl Clone for Content {
    fn clone(&self) -> Content {
        Content(self.0.clone_doc())
    }
}

impl PartialEq for Content {
    fn eq(&self, other: &Content) -> bool {
        self.0.same_doc(&*other.0)
    }
}
