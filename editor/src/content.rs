//! What a document is: the engine's own map or scenario (Rifle & Saber's files), or a document
//! of a game whose files are its own types ([`GameDoc`], which the game implements in its own
//! folder). The editor's mode, its checks, its save and its history follow from this one value;
//! which game it is, only `crate::games` asks (issue 40 §5). A file of its own, below the
//! document, its history and its files, so that none of them reaches back to the others
//! through it.

use std::any::Any;
use std::fmt::Debug;
use std::path::{Path, PathBuf};

use saber_schema::diagnostic::Diagnostic;
use saber_schema::model::hex::Grid;
use saber_schema::model::map::Map;
use saber_schema::model::scenario::Scenario;
use saber_schema::pipeline;
use saber_schema::pipeline::read::Syntax;
use saber_schema::ruleset::Game;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::change::FieldWords;

/// A document's content. The map it is drawn on is the document's map: for a Rifle & Saber
/// map that map is what is edited; for the others it is made from (a game's own map) or
/// found for (a scenario) the content.
#[derive(Debug, Clone, PartialEq)]
#[allow(clippy::large_enum_variant)] // one per open document; boxing buys nothing
pub enum Content {
    /// A Rifle & Saber map: the document's map itself.
    Map,
    /// A Rifle & Saber scenario; its map is shown, not edited.
    Scenario(Scenario),
    /// A map or scenario of a game whose files are types of its own.
    Own(OwnDoc),
}

/// What a document holds beside its content, which a game's own document reads.
#[derive(Debug, Clone, Copy)]
pub struct Beside<'a> {
    /// The document's own file (`None`: untitled).
    pub path: Option<&'a Path>,
    /// The map drawn (a scenario's map as found).
    pub map: &'a Map,
    /// A scenario's map as its game's own document.
    pub map_doc: Option<&'a OwnDoc>,
    /// The file of a scenario's map (`None`: built in, or a map document).
    pub map_file: Option<&'a Path>,
    /// What resolving a scenario's map noted (REF005).
    pub map_notes: &'a [Diagnostic],
}

/// A map or scenario of a game whose files are its own types: what the shared editor asks of
/// it (its game implements this beside its forms).
pub trait GameDoc: DocValue {
    /// Its game.
    fn game(&self) -> Game;

    /// Is it a scenario?
    fn is_scenario(&self) -> bool;

    /// Its id.
    fn id(&self) -> &str;

    /// Its name.
    fn name(&self) -> &str;

    /// Its id, for changing.
    fn id_mut(&mut self) -> &mut String;

    /// A map document's map as drawn (the engine's map, lowered from the file); `None` for a
    /// scenario, drawn on its map as found.
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

    /// Its fields as its game's rules print them, for [`Self::describe`] (`("cf", "CF")`).
    fn field_words(&self) -> &'static FieldWords {
        &[]
    }

    /// What `saberc check` finds in it, as it is now.
    fn check(&self, at: Beside<'_>) -> Vec<Diagnostic>;

    /// Why it cannot be exported now (its errors), or `None`.
    fn export_refusal(&self, at: Beside<'_>) -> Option<String>;

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
}

/// Why a map has no engine export or card (the menus offer them for scenarios only).
pub const NO_MAP_EXPORT: &str = "A map has no engine export or card: export a scenario on it";

/// What a [`GameDoc`] is as a value and as a file's model (given to every one that is
/// `Clone + PartialEq` and serde's).
pub trait DocValue: Any + Debug + Send + Sync {
    /// The whole file in `saberc fmt`'s layout.
    fn whole_text(&self, syntax: Syntax) -> Result<String, String>;
    /// `old` (its file's text) edited where the document differs from it.
    fn edit_text(&self, old: &str, syntax: Syntax) -> Result<String, String>;
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
    fn whole_text(&self, syntax: Syntax) -> Result<String, String> {
        saber_schema::output::format::model_text(self, syntax).map_err(|e| e.to_string())
    }
    fn edit_text(&self, old: &str, syntax: Syntax) -> Result<String, String> {
        saber_schema::syntax::edit::edit_text(old, syntax, self).map_err(|e| e.to_string())
    }
    fn describe_fields(&self, before: &dyn GameDoc) -> Option<String> {
        let before = before.as_any().downcast_ref::<T>()?;
        crate::change::describe(before, self, self.field_words())
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

/// A game's own document, as a value.
#[derive(Debug)]
pub struct OwnDoc(Box<dyn GameDoc>);

impl OwnDoc {
    /// Hold `doc`.
    pub fn new(doc: impl GameDoc) -> OwnDoc {
        OwnDoc(Box::new(doc))
    }

    /// It, when it is a `T`.
    pub fn get<T: 'static>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref()
    }

    /// It for changing, when it is a `T`.
    pub fn get_mut<T: 'static>(&mut self) -> Option<&mut T> {
        self.0.as_any_mut().downcast_mut()
    }
}

impl std::ops::Deref for OwnDoc {
    type Target = dyn GameDoc;
    fn deref(&self) -> &(dyn GameDoc + 'static) {
        &*self.0
    }
}

impl std::ops::DerefMut for OwnDoc {
    fn deref_mut(&mut self) -> &mut (dyn GameDoc + 'static) {
        &mut *self.0
    }
}

impl Clone for OwnDoc {
    fn clone(&self) -> OwnDoc {
        OwnDoc(self.0.clone_doc())
    }
}

impl PartialEq for OwnDoc {
    fn eq(&self, other: &OwnDoc) -> bool {
        self.0.same_doc(&*other.0)
    }
}

impl Content {
    /// Is it a scenario (of any game)?
    pub fn is_scenario(&self) -> bool {
        match self {
            Content::Map => false,
            Content::Scenario(_) => true,
            Content::Own(d) => d.is_scenario(),
        }
    }

    /// "map" or "scenario", for titles and messages.
    pub fn kind(&self) -> &'static str {
        if self.is_scenario() {
            "scenario"
        } else {
            "map"
        }
    }

    /// Its id (`map` is the document's map).
    pub fn id<'a>(&'a self, map: &'a Map) -> &'a str {
        match self {
            Content::Map => &map.id,
            Content::Scenario(s) => &s.id,
            Content::Own(d) => d.id(),
        }
    }

    /// Its name (`map` is the document's map).
    pub fn name<'a>(&'a self, map: &'a Map) -> &'a str {
        match self {
            Content::Map => &map.name,
            Content::Scenario(s) => &s.name,
            Content::Own(d) => d.name(),
        }
    }

    /// A game's own document, when it is one of type `T`.
    pub fn own<T: 'static>(&self) -> Option<&T> {
        match self {
            Content::Own(d) => d.get(),
            _ => None,
        }
    }

    /// A game's own document of type `T`, for changing.
    pub fn own_mut<T: 'static>(&mut self) -> Option<&mut T> {
        match self {
            Content::Own(d) => d.get_mut(),
            _ => None,
        }
    }

    /// A scenario's id, for changing (`None` for a map).
    pub fn scenario_id_mut(&mut self) -> Option<&mut String> {
        match self {
            Content::Scenario(s) => Some(&mut s.id),
            Content::Own(d) if d.is_scenario() => Some(d.id_mut()),
            _ => None,
        }
    }

    /// What `saberc check` finds in a map (of any game), from the content as it is now;
    /// `None` for a Rifle & Saber scenario, whose check needs its resolved map (the builder's
    /// checker).
    pub fn check(&self, at: Beside<'_>) -> Option<Vec<Diagnostic>> {
        match self {
            Content::Map => Some(pipeline::check_map_model(at.map)),
            Content::Own(d) => Some(d.check(at)),
            Content::Scenario(_) => None,
        }
    }

    /// Why it has no Tiled export, when it has none.
    pub fn no_tiled(&self) -> Option<&'static str> {
        match self {
            Content::Own(d) => d.no_tiled(),
            Content::Map | Content::Scenario(_) => None,
        }
    }

    /// The edit from `before` to `after`, in words for the History panel ("Union (a): MZ 30 →
    /// 31", "chart · woods · defense: 1 → 2"); `None` when nothing shows or the two are not the
    /// same kind of content.
    pub fn describe(before: &Content, after: &Content) -> Option<String> {
        match (before, after) {
            (Content::Scenario(a), Content::Scenario(b)) => crate::scenario::change::describe(a, b),
            (Content::Own(a), Content::Own(b)) => b.describe(&**a),
            _ => None,
        }
    }

    /// Is `other` the same kind of content (game and file kind)?
    pub fn same_kind(&self, other: &Content) -> bool {
        match (self, other) {
            (Content::Own(a), Content::Own(b)) => a.as_any().type_id() == b.as_any().type_id(),
            _ => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }
}
