//! What a map of the game is made of: the letters of its numbered features (11.0) and the
//! legend of its terrain rows (one character per hex, for each terrain of the Terrain Effects
//! Chart, with or without a slope).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::Terrain;

/// The form of a feature code: a letter of [`FeatureLetter`] and a number (11.0). A constant
/// because the schema attributes name it; a test checks it against [`FeatureLetter::ALL`].
pub const FEATURE_PATTERN: &str = r"^[VHWRJFB][1-9][0-9]{0,3}$";

/// The highest feature number [`FEATURE_PATTERN`] allows (four digits).
pub const MAX_FEATURE_NUMBER: u32 = 9999;

/// The form of a terrain row: one character of the legend
/// ([`Ruleset::terrain_legend`](super::Ruleset::terrain_legend)) per hex. A constant because the
/// schema attributes name it; a test checks it against the legend.
pub const TERRAIN_ROW_PATTERN: &str = r"^[.^vVwWfF~=#]*$";

/// The terrain legend of map files: (character, terrain, slope). River, ford and bridge hexes
/// have no slope form.
pub(super) const TERRAIN_LEGEND: [(char, Terrain, bool); 11] = [
    ('.', Terrain::Clear, false),
    ('^', Terrain::Clear, true),
    ('v', Terrain::Village, false),
    ('V', Terrain::Village, true),
    ('w', Terrain::Woods, false),
    ('W', Terrain::Woods, true),
    ('f', Terrain::Forest, false),
    ('F', Terrain::Forest, true),
    ('~', Terrain::River, false),
    ('=', Terrain::Ford, false),
    ('#', Terrain::Bridge, false),
];

/// The letter codes of numbered features (11.0), plus B for bridges; ask
/// [`Ruleset::feature_letters`](super::Ruleset::feature_letters).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub enum FeatureLetter {
    /// Village.
    V,
    /// Hill.
    H,
    /// Woods.
    W,
    /// River.
    R,
    /// River junction.
    J,
    /// Ford.
    F,
    /// Bridge.
    B,
}

impl FeatureLetter {
    /// All letters, as offered by the editor.
    pub const ALL: [FeatureLetter; 7] = [
        FeatureLetter::V,
        FeatureLetter::H,
        FeatureLetter::W,
        FeatureLetter::R,
        FeatureLetter::J,
        FeatureLetter::F,
        FeatureLetter::B,
    ];

    /// The letter as a char.
    pub fn letter(self) -> char {
        match self {
            FeatureLetter::V => 'V',
            FeatureLetter::H => 'H',
            FeatureLetter::W => 'W',
            FeatureLetter::R => 'R',
            FeatureLetter::J => 'J',
            FeatureLetter::F => 'F',
            FeatureLetter::B => 'B',
        }
    }

    /// What the letter stands for.
    pub fn meaning(self) -> &'static str {
        match self {
            FeatureLetter::V => "village",
            FeatureLetter::H => "hill",
            FeatureLetter::W => "woods",
            FeatureLetter::R => "river",
            FeatureLetter::J => "river junction",
            FeatureLetter::F => "ford",
            FeatureLetter::B => "bridge",
        }
    }

    /// Does a hex of terrain `t` (with or without a slope) have the terrain this letter says
    /// (11.0: villages are village hexes, hills slope hexes, woods woods or forest, rivers and
    /// junctions river hexes, fords fords, bridges bridges)?
    pub fn fits(self, t: Terrain, slope: bool) -> bool {
        match self {
            FeatureLetter::V => t == Terrain::Village,
            FeatureLetter::H => slope,
            FeatureLetter::W => matches!(t, Terrain::Woods | Terrain::Forest),
            FeatureLetter::R | FeatureLetter::J => t.is_river(),
            FeatureLetter::F => t == Terrain::Ford,
            FeatureLetter::B => t == Terrain::Bridge,
        }
    }

    /// The terrain and slope a hex gets when painted with this letter's terrain: what already
    /// [fits](Self::fits) is kept, else the letter's own terrain (a hill adds the slope; river,
    /// ford and bridge hexes have none). `None` for a hill on a river, ford or bridge hex,
    /// which the legend cannot give a slope.
    pub fn painted(self, t: Terrain, slope: bool) -> Option<(Terrain, bool)> {
        if self.fits(t, slope) {
            return Some((t, slope));
        }
        let keep_slope = slope && !t.is_river();
        Some(match self {
            FeatureLetter::V => (Terrain::Village, keep_slope),
            FeatureLetter::H if t.is_river() => return None,
            FeatureLetter::H => (t, true),
            FeatureLetter::W => (Terrain::Woods, keep_slope),
            FeatureLetter::R | FeatureLetter::J => (Terrain::River, false),
            FeatureLetter::F => (Terrain::Ford, false),
            FeatureLetter::B => (Terrain::Bridge, false),
        })
    }

    /// The letter for a char.
    pub fn from_char(c: char) -> Option<FeatureLetter> {
        FeatureLetter::ALL.into_iter().find(|l| l.letter() == c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn painting_a_letters_terrain_makes_it_fit() {
        for l in FeatureLetter::ALL {
            for t in Terrain::ALL {
                for slope in [false, true] {
                    let in_legend =
                        |t, s| TERRAIN_LEGEND.iter().any(|&(_, lt, ls)| (lt, ls) == (t, s));
                    if !in_legend(t, slope) {
                        continue;
                    }
                    let Some((pt, ps)) = l.painted(t, slope) else {
                        assert!(l == FeatureLetter::H && t.is_river(), "{l:?} on {t:?}");
                        continue;
                    };
                    assert!(l.fits(pt, ps), "{l:?} on {t:?}/{slope}");
                    assert!(in_legend(pt, ps), "{l:?} on {t:?}/{slope}");
                    if l.fits(t, slope) {
                        assert_eq!((pt, ps), (t, slope), "what fits is kept");
                    }
                }
            }
        }
    }

    #[test]
    fn the_patterns_say_what_the_tables_say() {
        let letters: String = FeatureLetter::ALL.iter().map(|l| l.letter()).collect();
        assert!(FEATURE_PATTERN.starts_with(&format!("^[{letters}]")));
        let chars: String = TERRAIN_LEGEND.iter().map(|(c, _, _)| *c).collect();
        assert_eq!(TERRAIN_ROW_PATTERN, format!("^[{chars}]*$"));
    }

    #[test]
    fn every_terrain_has_a_character() {
        for t in Terrain::ALL {
            assert!(
                TERRAIN_LEGEND
                    .iter()
                    .any(|(_, lt, slope)| *lt == t && !slope)
            );
        }
    }
}
