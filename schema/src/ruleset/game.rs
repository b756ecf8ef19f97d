//! Which game a file belongs to: the `game` field of maps and scenarios, and the one place that
//! maps it to the game's rules ([`for_game`]).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{MUSKET_AND_SABER_QUICK_PLAY, RIFLE_AND_SABER, Ruleset};

/// A game whose files saberc reads. A file without a `game` field is Rifle & Saber's, so every
/// file written before the field existed keeps its meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, JsonSchema)]
pub enum Game {
    /// Rifle & Saber (SPI, 1973): the game of every file without a `game` field.
    #[default]
    #[serde(rename = "rifle-and-saber")]
    RifleAndSaber,
    /// Musket & Saber Quick Play (Decision Games): the system rules of a series of games.
    #[serde(rename = "musket-and-saber-quick-play")]
    MusketAndSaberQuickPlay,
}

// Written as a string in RON as in JSON: derived, RON would write a bare name, which no
// hyphenated id can be.
impl Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Game {
    /// The game's id as a string (`"musket-and-saber-quick-play"`), in RON as in JSON: the ids
    /// have hyphens, which a bare RON name cannot hold. An unknown id is an unknown variant,
    /// which the readers report with the nearest ids.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        let s: std::borrow::Cow<'de, str> = Deserialize::deserialize(d)?;
        Game::from_id(&s).ok_or_else(|| {
            serde::de::Error::unknown_variant(
                &s,
                &["rifle-and-saber", "musket-and-saber-quick-play"],
            )
        })
    }
}

impl Game {
    /// Every game, in the order `saberc` lists them.
    pub const ALL: [Game; 2] = [Game::RifleAndSaber, Game::MusketAndSaberQuickPlay];

    /// The spelling files use (`"rifle-and-saber"`); never changes once released.
    pub fn id(self) -> &'static str {
        match self {
            Game::RifleAndSaber => "rifle-and-saber",
            Game::MusketAndSaberQuickPlay => "musket-and-saber-quick-play",
        }
    }

    /// The game of this exact spelling.
    pub fn from_id(id: &str) -> Option<Game> {
        Game::ALL.into_iter().find(|g| g.id() == id)
    }

    /// The game's rules.
    pub fn ruleset(self) -> &'static Ruleset {
        for_game(Some(self))
    }
}

/// The rules of a file's game: the one place that maps a `game` field (absent: Rifle & Saber)
/// to its ruleset. The pipeline asks it once per document and hands the result to every check,
/// query and output.
pub const fn for_game(game: Option<Game>) -> &'static Ruleset {
    match game {
        None | Some(Game::RifleAndSaber) => &RIFLE_AND_SABER,
        Some(Game::MusketAndSaberQuickPlay) => &MUSKET_AND_SABER_QUICK_PLAY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_round_trip_and_absent_is_rifle_and_saber() {
        for g in Game::ALL {
            assert_eq!(Game::from_id(g.id()), Some(g));
            let json = serde_json::to_string(&g).unwrap();
            assert_eq!(json, format!("\"{}\"", g.id()));
            assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), g);
            // RON writes it as a string too, never as a bare name.
            assert_eq!(ron::to_string(&g).unwrap(), json);
            assert_eq!(ron::from_str::<Game>(&json).unwrap(), g);
            assert_eq!(for_game(Some(g)).game, g);
        }
        assert_eq!(for_game(None).game, Game::RifleAndSaber);
    }
}
