//! What the families of a Musket & Saber scenario's checks share: how a counter enters play,
//! where the set-up puts it, and the findings more than one family makes (a side no side has).

use crate::diagnostic::{Code, Diagnostic, Findings, PathSeg, suggestions, ticked};
use crate::model::hex::Coord;
use crate::model::musket_and_saber::MsScenario;
use std::collections::BTreeMap;

/// REF003 if `id` names no side.
pub(super) fn unknown_side(s: &MsScenario, id: &str, at: Vec<PathSeg>, out: &mut Findings) -> bool {
    if s.side_index(id).is_some() {
        return false;
    }
    let ids = s.side_ids();
    out.push_with(Code::UnknownSide, || {
        Diagnostic::new(Code::UnknownSide, format!("no side has the id `{id}`"))
            .at_path(at)
            .spelling(
                &suggestions(id, ids.iter().copied()),
                format!("the sides are {}", ids.join(" and ")),
            )
    });
    true
}

/// How a counter enters play: set up by a line (its index), or arriving by one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Enters {
    SetUp(usize),
    Arrives(usize),
}

/// A counter of a side (its index) and where the file puts it.
pub(super) type Placed = (usize, Vec<PathSeg>);

/// Where the set-up puts each counter, when it says: (side, counter) → (hex, the field that
/// says it: a line without `w/1`, `setup[i].at`, or a placement, `placements[i].at`).
pub(super) type Positions = BTreeMap<(usize, usize), (Coord, Vec<PathSeg>)>;

/// Is this position fixed by a set-up line (rather than chosen by a `w/1` placement)?
pub(super) fn by_line(p: &[PathSeg]) -> bool {
    p.first() == Some(&PathSeg::key("setup"))
}

/// Up to eight names, backquoted and sorted, for a help that lists what may be written
/// ("…, and 4 more").
pub(super) fn some<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    let mut all: Vec<&str> = names.into_iter().collect();
    all.sort_unstable();
    all.dedup();
    let mut s = ticked(all.iter().take(8));
    if all.len() > 8 {
        s.push_str(&format!(", and {} more", all.len() - 8));
    }
    s
}
