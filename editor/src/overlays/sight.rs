//! The line-of-sight overlay: what the hex under the pointer (or the pinned hex) sees, from
//! the library's `queries::sight` (5.1G) over the terrain as played, the set-up's occupied
//! hexes blocking as `saberc analyze` has them block.

use saber_schema::model::hex::Coord;
use saber_schema::model::hex_set::HexSet;
use saber_schema::queries::effective_terrain::EffectiveTerrain;
use saber_schema::queries::sight::{Fan, SIGHT_RADIUS, SightIndex};
use saber_schema::ruleset::Ruleset;

/// The overlay's fan of `from`: every hex within [`SIGHT_RADIUS`], over the sight index of
/// the document's revision (what the frame bench measures).
pub fn compute(
    rules: &Ruleset,
    terrain: &EffectiveTerrain,
    occupied: &HexSet,
    index: &SightIndex,
    from: Coord,
) -> Fan {
    index.fan(rules, terrain, occupied, from, SIGHT_RADIUS)
}

/// The pinned hex and the last fan, kept while the hex and the document are the same.
#[derive(Debug, Default)]
pub struct Sight {
    /// The hex whose fan stays shown (a click pins it; Esc or the toggle unpins).
    pub pinned: Option<Coord>,
    /// The last fan and the revision it was made at.
    pub computed: Option<(u64, Fan)>,
    /// Which hexes may block a line, at a revision (one pass over the map, made once).
    index: Option<(u64, SightIndex)>,
}

impl Sight {
    /// The fan from `from` at `revision`, made only when either changed.
    pub fn get(
        &mut self,
        revision: u64,
        rules: &Ruleset,
        terrain: &EffectiveTerrain,
        occupied: &HexSet,
        from: Coord,
    ) -> &Fan {
        let fresh = self
            .computed
            .as_ref()
            .is_some_and(|(r, f)| *r == revision && f.from == from);
        if !fresh {
            if self.index.as_ref().is_none_or(|(r, _)| *r != revision) {
                self.index = Some((revision, SightIndex::new(rules, terrain, occupied)));
            }
            let (_, index) = self.index.as_ref().expect("just made");
            self.computed = Some((revision, compute(rules, terrain, occupied, index, from)));
        }
        &self.computed.as_ref().expect("just made").1
    }
}
