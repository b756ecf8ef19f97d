//! What a document is: one of each game's file kinds. The editor's mode, its checks, its save
//! and its history follow from this one value; which game it is, only `crate::games` asks
//! (issue 40 §5). A file of its own, below the document, its history and its files,
//! so that none of them reaches back to the others through it.

use saber_schema::diagnostic::Diagnostic;
use saber_schema::model::map::Map;
use saber_schema::model::musket_and_saber::{MsMapFile, MsScenario};
use saber_schema::model::scenario::Scenario;
use saber_schema::pipeline;

/// A document's content. The map it is drawn on is the document's map: for a Rifle & Saber
/// map that map is what is edited; for the others it is made from (a Musket & Saber map) or
/// found for (a scenario) the content.
#[derive(Debug, Clone, PartialEq)]
#[allow(clippy::large_enum_variant)] // one per open document; boxing buys nothing
pub enum Content {
    /// A Rifle & Saber map: the document's map itself.
    Map,
    /// A Rifle & Saber scenario; its map is shown, not edited.
    Scenario(Scenario),
    /// A Musket & Saber map file (its chart, track and terrain kinds).
    MsMap(MsMapFile),
    /// A Musket & Saber scenario (its map file is kept beside the document's map).
    MsScenario(MsScenario),
}

impl Content {
    /// Is it a scenario (of either game)?
    pub fn is_scenario(&self) -> bool {
        matches!(self, Content::Scenario(_) | Content::MsScenario(_))
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
            Content::MsMap(f) => &f.id,
            Content::MsScenario(s) => &s.id,
        }
    }

    /// Its name (`map` is the document's map).
    pub fn name<'a>(&'a self, map: &'a Map) -> &'a str {
        match self {
            Content::Map => &map.name,
            Content::Scenario(s) => &s.name,
            Content::MsMap(f) => &f.name,
            Content::MsScenario(s) => &s.name,
        }
    }

    /// A scenario's id, for changing (`None` for a map).
    pub fn scenario_id_mut(&mut self) -> Option<&mut String> {
        match self {
            Content::Scenario(s) => Some(&mut s.id),
            Content::MsScenario(s) => Some(&mut s.id),
            Content::Map | Content::MsMap(_) => None,
        }
    }

    /// What `saberc check` finds in a map (of either game), from the content as it is now;
    /// `None` for a scenario, whose check needs its resolved map (the builder's checker).
    pub fn map_check(&self, map: &Map) -> Option<Vec<Diagnostic>> {
        match self {
            Content::Map => Some(pipeline::check_map_model(map)),
            Content::MsMap(f) => Some(pipeline::musket_and_saber::check_map_model(f)),
            Content::Scenario(_) | Content::MsScenario(_) => None,
        }
    }

    /// The edit from `before` to `after`, in words for the History panel ("Union (a): MZ 30 →
    /// 31", "chart · woods · defense: 1 → 2"); `None` when nothing shows or the two are not the
    /// same kind of content.
    pub fn describe(before: &Content, after: &Content) -> Option<String> {
        match (before, after) {
            (Content::Scenario(a), Content::Scenario(b)) => crate::scenario::change::describe(a, b),
            (Content::MsMap(a), Content::MsMap(b)) => {
                crate::musket_and_saber::change::describe(a, b)
            }
            (Content::MsScenario(a), Content::MsScenario(b)) => {
                crate::musket_and_saber::change::describe(a, b)
            }
            _ => None,
        }
    }

    /// Is `other` the same kind of content (game and file kind)?
    pub fn same_kind(&self, other: &Content) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }
}
