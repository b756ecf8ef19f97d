//! Picking things on the map for a form field: a field arms the picker, the next click on the
//! canvas completes the pick, and the field takes the result on the following frame. This is
//! how zones name features "by clicking them on the map".

use egui::Id;
use saber_schema::model::hex::Coord;
use saber_schema::model::map::Map;

/// What a field wants from a click on the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PickKind {
    /// A numbered feature (`V11`): the click must land on one of its hexes.
    Feature,
    /// Any hex of the map.
    Hex,
}

/// What a click on the map gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Picked {
    /// A feature's code.
    Feature(String),
    /// A hex.
    Hex(Coord),
}

/// The picker shared by every form field of the scenario side.
#[derive(Debug, Default)]
pub struct Picker {
    /// The field waiting for a click on the map, and what it wants.
    pub armed: Option<(Id, PickKind)>,
    /// A pick made on the map, waiting for its field to take it.
    pub done: Option<(Id, Picked)>,
}

/// Which feature a click on `hex` means: villages, hills, woods, fords, junctions and bridges
/// before roads, since a road runs through the others.
pub fn feature_at(map: &Map, hex: Coord) -> Option<&str> {
    let rank = |code: &str| usize::from(code.starts_with('R'));
    map.features
        .iter()
        .filter(|f| f.hexes.contains(&hex))
        .min_by_key(|f| rank(&f.code))
        .map(|f| f.code.as_str())
}

impl Picker {
    /// Make `id` wait for a click on the map (a second call for the same field cancels).
    pub fn arm(&mut self, id: Id, kind: PickKind) {
        if self.is_armed(id) {
            self.armed = None;
        } else {
            self.armed = Some((id, kind));
        }
    }

    /// Is `id` waiting for a click?
    pub fn is_armed(&self, id: Id) -> bool {
        self.armed.is_some_and(|(a, _)| a == id)
    }

    /// Stop waiting.
    pub fn cancel(&mut self) {
        self.armed = None;
    }

    /// The pick made for `id`, if any (taken once).
    pub fn take(&mut self, id: Id) -> Option<Picked> {
        if self.done.as_ref().is_some_and(|(d, _)| *d == id) {
            self.done.take().map(|(_, p)| p)
        } else {
            None
        }
    }

    /// The canvas was clicked on `hex`. Completes the armed pick; returns a message for the
    /// status bar (what was picked, or why nothing was), or `None` when nothing was armed.
    pub fn click(&mut self, hex: Coord, map: &Map) -> Option<String> {
        let (id, kind) = self.armed?;
        if !map.grid.contains(hex) {
            return Some("Click a hex of the map".into());
        }
        match kind {
            PickKind::Hex => {
                self.done = Some((id, Picked::Hex(hex)));
                self.armed = None;
                Some(format!("Picked {}", map.grid.label(hex)))
            }
            PickKind::Feature => match feature_at(map, hex) {
                Some(code) => {
                    let msg = format!("Picked {code}");
                    self.done = Some((id, Picked::Feature(code.to_string())));
                    self.armed = None;
                    Some(msg)
                }
                None => Some(format!(
                    "{} is not part of a numbered feature: click a village, hill, wood, road…",
                    map.grid.label(hex)
                )),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_click_on_v11_picks_v11_for_the_armed_field() {
        let map = saber_schema::builtin::rifle_and_saber();
        let v11 = map.features.iter().find(|f| f.code == "V11").unwrap();
        let hex = v11.hexes[0];
        let mut p = Picker::default();
        let id = Id::unique("zone");
        assert_eq!(p.click(hex, &map), None, "nothing armed");
        p.arm(id, PickKind::Feature);
        assert!(p.click(hex, &map).unwrap().contains("V11"));
        assert!(p.armed.is_none());
        assert_eq!(p.take(Id::unique("other")), None);
        assert_eq!(p.take(id), Some(Picked::Feature("V11".into())));
        assert_eq!(p.take(id), None);
    }

    #[test]
    fn a_click_off_any_feature_keeps_waiting() {
        let map = saber_schema::builtin::rifle_and_saber();
        let empty = (1..=map.grid.height as i32)
            .flat_map(|r| (1..=map.grid.width as i32).map(move |c| Coord(c, r)))
            .find(|c| feature_at(&map, *c).is_none())
            .unwrap();
        let mut p = Picker::default();
        let id = Id::unique("zone");
        p.arm(id, PickKind::Feature);
        assert!(p.click(empty, &map).unwrap().contains("not part of"));
        assert!(p.is_armed(id));
        p.arm(id, PickKind::Feature);
        assert!(!p.is_armed(id), "arming again cancels");
    }
}
