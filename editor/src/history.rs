//! Undo and redo. An edit of a map the document holds itself (`GameDoc::holds_map`) is
//! recorded as the difference it made to the map, captured by comparing the map before and
//! after: tools mutate the map freely between [`History::begin`] and [`History::commit`], so no
//! edit can forget to record itself, and a whole brush stroke becomes one step. Other edits
//! come from forms that change the document's content in place every frame; they are recorded
//! whole (a scenario or a map file is small), and the edits
//! of one gesture (typing into one field while it keeps the focus, one drag) are merged into
//! one step, however slowly they come.

use std::collections::BTreeSet;

use saber_schema::model::hex::Grid;
use saber_schema::model::map::{Cell, Feature, Label, Map, Road, SideKey};

use crate::content::Content;

/// Most steps kept; the oldest are dropped beyond this.
const MAX_STEPS: usize = 500;

/// Everything of a map except its grid and cells: small enough to keep whole per step.
#[derive(Debug, Clone, PartialEq)]
struct MapRest {
    id: String,
    name: String,
    notes: String,
    ridges: BTreeSet<SideKey>,
    roads: Vec<Road>,
    features: Vec<Feature>,
    labels: Vec<Label>,
}

impl MapRest {
    fn of(map: &Map) -> MapRest {
        MapRest {
            id: map.id.clone(),
            name: map.name.clone(),
            notes: map.notes.clone(),
            ridges: map.ridges.clone(),
            roads: map.roads.clone(),
            features: map.features.clone(),
            labels: map.labels.clone(),
        }
    }

    fn restore(&self, map: &mut Map) {
        map.id.clone_from(&self.id);
        map.name.clone_from(&self.name);
        map.notes.clone_from(&self.notes);
        map.ridges.clone_from(&self.ridges);
        map.roads.clone_from(&self.roads);
        map.features.clone_from(&self.features);
        map.labels.clone_from(&self.labels);
    }
}

/// One changed cell: its index, the cell before and after.
type CellChange = (usize, Cell, Cell);

/// What one step changed.
#[derive(Debug, Clone)]
enum Change {
    /// Same grid: the changed cells and, if it changed, the rest before and after.
    Diff {
        cells: Vec<CellChange>,
        rest: Option<Box<(MapRest, MapRest)>>,
    },
    /// The grid changed (resize, orientation): the whole map before and after.
    Whole(Box<(Map, Map)>),
    /// The document's content before and after (recorded whole: it is small).
    Content(Box<(Content, Content)>),
}

/// One undoable step.
#[derive(Debug, Clone)]
pub struct Step {
    /// Unique id; the document's state is the id of the last applied step.
    pub id: u64,
    /// What the user did ("Paint woods", "Create V13").
    pub label: String,
    change: Change,
    /// The gesture it came from (one focus of the widget typed into, one drag), if any.
    gesture: Option<u64>,
    /// The form it came from ("Edit forces"): steps merge only within one form.
    topic: String,
}

/// The map as it was when an edit began.
#[derive(Debug)]
struct Pending {
    label: String,
    grid: Grid,
    cells: Vec<Cell>,
    rest: MapRest,
}

/// The undo and redo stacks.
#[derive(Debug, Default)]
pub struct History {
    undo: Vec<Step>,
    redo: Vec<Step>,
    pending: Option<Pending>,
    next_id: u64,
}

impl History {
    /// Start recording an edit. A begin while one is open keeps the open one (a stroke may
    /// call it on every frame).
    pub fn begin(&mut self, label: &str, map: &Map) {
        if self.pending.is_none() {
            self.pending = Some(Pending {
                label: label.to_string(),
                grid: map.grid,
                cells: map.cells.clone(),
                rest: MapRest::of(map),
            });
        }
    }

    /// Is an edit being recorded?
    pub fn is_recording(&self) -> bool {
        self.pending.is_some()
    }

    /// Finish recording: store the difference as one step. Returns false when nothing
    /// changed.
    pub fn commit(&mut self, map: &Map) -> bool {
        let Some(p) = self.pending.take() else {
            return false;
        };
        let change = if p.grid != map.grid {
            let mut before = map.clone();
            before.grid = p.grid;
            before.cells = p.cells;
            p.rest.restore(&mut before);
            Change::Whole(Box::new((before, map.clone())))
        } else {
            let cells: Vec<CellChange> = p
                .cells
                .iter()
                .zip(&map.cells)
                .enumerate()
                .filter(|(_, (a, b))| a != b)
                .map(|(i, (a, b))| (i, *a, *b))
                .collect();
            let after = MapRest::of(map);
            let rest = (after != p.rest).then(|| Box::new((p.rest, after)));
            if cells.is_empty() && rest.is_none() {
                return false;
            }
            Change::Diff { cells, rest }
        };
        self.push(p.label, change);
        true
    }

    fn push(&mut self, label: String, change: Change) {
        self.next_id += 1;
        self.undo.push(Step {
            id: self.next_id,
            label,
            change,
            gesture: None,
            topic: String::new(),
        });
        if self.undo.len() > MAX_STEPS {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    /// Name the last step `label` (an edit named by what the user asked for, not by what
    /// the forms would call the change).
    pub fn name_last(&mut self, label: &str) {
        if let Some(last) = self.undo.last_mut() {
            last.label = label.to_string();
        }
    }

    /// Record an edit of the document's content made in the form `topic`,
    /// named by what it changed ("Union (a): MZ 30 → 31"; `topic` when nothing shows). An edit
    /// of the same gesture as the last step (typing into one field while it keeps the focus,
    /// one drag of one value), with nothing undone between, extends that step and renames it
    /// for the whole gesture (it gets a new id, so a save made in between still shows the
    /// document as changed): one typed value is one step, however long the typing pauses.
    /// Edits without a gesture (clicks) are steps of their own.
    pub fn record(&mut self, topic: &str, gesture: Option<u64>, before: Content, after: &Content) {
        let name = |a: &Content, b: &Content| b.describe(&**a).unwrap_or_else(|| topic.to_string());
        if let Some(last) = self.undo.last_mut()
            && self.redo.is_empty()
            && gesture.is_some()
            && last.gesture == gesture
            && last.topic == topic
            && let Change::Content(pair) = &mut last.change
            && pair.1 == before
        {
            pair.1 = after.clone();
            last.label = name(&pair.0, &pair.1);
            self.next_id += 1;
            last.id = self.next_id;
            return;
        }
        let label = name(&before, after);
        self.push(label, Change::Content(Box::new((before, after.clone()))));
        if let Some(last) = self.undo.last_mut() {
            last.gesture = gesture;
            last.topic = topic.to_string();
        }
    }

    /// Undo the last step; returns its label.
    pub fn undo(&mut self, map: &mut Map, content: &mut Content) -> Option<String> {
        let step = self.undo.pop()?;
        apply(&step.change, map, content, false);
        let label = step.label.clone();
        self.redo.push(step);
        Some(label)
    }

    /// Redo the last undone step; returns its label.
    pub fn redo(&mut self, map: &mut Map, content: &mut Content) -> Option<String> {
        let step = self.redo.pop()?;
        apply(&step.change, map, content, true);
        let label = step.label.clone();
        self.undo.push(step);
        Some(label)
    }

    /// The id of the state the map is in: the last applied step, 0 at the start.
    pub fn state(&self) -> u64 {
        self.undo.last().map_or(0, |s| s.id)
    }

    /// Steps that can be undone, oldest first.
    pub fn done(&self) -> &[Step] {
        &self.undo
    }

    /// Steps that can be redone, next first.
    pub fn undone(&self) -> impl Iterator<Item = &Step> {
        self.redo.iter().rev()
    }

    /// Forget everything (a new document).
    pub fn clear(&mut self) {
        self.undo.clear();
        self.redo.clear();
        self.pending = None;
    }
}

fn apply(change: &Change, map: &mut Map, content: &mut Content, forward: bool) {
    match change {
        Change::Diff { cells, rest } => {
            for (i, before, after) in cells {
                map.cells[*i] = if forward { *after } else { *before };
            }
            if let Some(r) = rest {
                if forward { &r.1 } else { &r.0 }.restore(map);
            }
        }
        Change::Whole(maps) => {
            *map = if forward { &maps.1 } else { &maps.0 }.clone();
        }
        Change::Content(pair) => {
            *content = if forward { &pair.1 } else { &pair.0 }.clone();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use saber_schema::model::hex::Coord;
    use saber_schema::model::scenario::Scenario;
    use saber_schema::ruleset::Terrain;

    fn woods() -> Cell {
        Cell {
            terrain: Terrain::Woods,
            slope: false,
        }
    }

    #[test]
    fn a_stroke_is_one_step() {
        let mut map = Map::blank("t", "T", 5, 5);
        let start = map.clone();
        let mut h = History::default();
        h.begin("Paint", &map);
        map.set_cell(Coord(1, 1), woods());
        h.begin("Paint", &map);
        map.set_cell(Coord(2, 1), woods());
        assert!(h.commit(&map));
        assert_eq!(h.done().len(), 1);
        h.undo(
            &mut map,
            &mut Content::new(crate::games::rifle_and_saber::RsMap),
        );
        assert_eq!(map, start);
        h.redo(
            &mut map,
            &mut Content::new(crate::games::rifle_and_saber::RsMap),
        );
        assert_eq!(map.cell(Coord(2, 1)), Some(woods()));
    }

    #[test]
    fn nothing_changed_records_nothing() {
        let map = Map::blank("t", "T", 5, 5);
        let mut h = History::default();
        h.begin("Nothing", &map);
        assert!(!h.commit(&map));
        assert_eq!(h.state(), 0);
    }

    #[test]
    fn resize_is_undone_whole() {
        let mut map = Map::blank("t", "T", 5, 5);
        let start = map.clone();
        let mut h = History::default();
        h.begin("Resize", &map);
        map = Map::blank("t", "T", 7, 3);
        h.commit(&map);
        h.undo(
            &mut map,
            &mut Content::new(crate::games::rifle_and_saber::RsMap),
        );
        assert_eq!(map, start);
    }

    fn sc(s: Scenario) -> Content {
        Content::new(s)
    }

    fn scenario() -> Scenario {
        let text = include_str!("../../scenarios/07-gettysburg-little-round-top.ron");
        ron::from_str(text).expect("scenario parses")
    }

    #[test]
    fn typing_into_one_field_is_one_step_and_undo_restores_the_scenario() {
        let map = Map::blank("t", "T", 5, 5);
        let mut h = History::default();
        let start = scenario();
        let mut s = start.clone();
        for ch in ["X", "Y", "Z"] {
            let before = s.clone();
            s.name.push_str(ch);
            h.record("Edit name", Some(7), sc(before), &sc(s.clone()));
        }
        assert_eq!(h.done().len(), 1, "typing merged");
        let id = h.state();
        let before = s.clone();
        s.game_length = 5;
        h.record("Edit game length", Some(8), sc(before), &sc(s.clone()));
        let before = s.clone();
        s.game_length = 6;
        h.record("Edit game length", None, sc(before), &sc(s.clone()));
        assert_eq!(h.done().len(), 3, "a click is a step of its own");
        // Each step says what it did, the merged one for the whole gesture.
        assert!(
            h.done()[0].label.starts_with("Name: “") && h.done()[0].label.ends_with("XYZ”"),
            "{}",
            h.done()[0].label
        );
        assert_eq!(h.done()[1].label, "Game length 20 → 5");
        assert_eq!(h.done()[2].label, "Game length 5 → 6");
        let (mut m, mut cur) = (map.clone(), sc(s.clone()));
        h.undo(&mut m, &mut cur);
        s.game_length = 5;
        assert_eq!(h.done().len(), 2);
        assert_ne!(h.state(), id);
        let (mut m, mut cur) = (map.clone(), sc(s.clone()));
        h.undo(&mut m, &mut cur);
        assert!(matches!(cur.own::<Scenario>(), Some(c) if c.game_length == 20));
        h.undo(&mut m, &mut cur);
        assert_eq!(cur, sc(start));
        h.redo(&mut m, &mut cur);
        assert!(matches!(cur.own::<Scenario>(), Some(c) if c.name == "GettysburgXYZ"));
    }

    /// Typing into the same field again after it lost the focus (another gesture) is a new
    /// step, and so is an edit after an undo.
    #[test]
    fn another_gesture_starts_a_new_step() {
        let mut h = History::default();
        let mut s = scenario();
        for (gesture, ch) in [(1, "X"), (1, "Y"), (2, "Z")] {
            let before = s.clone();
            s.name.push_str(ch);
            h.record("Edit name", Some(gesture), sc(before), &sc(s.clone()));
        }
        assert_eq!(
            h.done().len(),
            2,
            "X and Y merged, Z typed after coming back"
        );
    }
}
