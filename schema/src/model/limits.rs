//! Limits on input, so that a hostile or broken file gets a clear diagnostic in bounded time
//! and memory instead of a panic or a hang. The README lists them.
//!
//! Each limit is defined here once: the model's schemars attributes name these constants (so
//! the published JSON Schemas carry them as `maximum`, `maxLength`, `maxItems`), and the rule
//! checks and the editor compare against the same constants.

/// Largest file read, in bytes (the 1000 × 1000 map is about 1 MB).
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// Deepest nesting of lists, structs and zones the parsers accept.
pub const MAX_NESTING: usize = 64;

/// Most columns or rows on a map (also the most terrain rows).
pub const MAX_MAP_SIDE: u32 = 1000;

/// Most units of one type in one group, and most markers of one kind.
pub const MAX_COUNT: u32 = 999;

/// Most units on one side, all groups together (also the largest `Exit` count).
pub const MAX_UNITS_PER_SIDE: u32 = 2000;

/// Largest distance a zone may name ("within N hexes").
pub const MAX_DISTANCE: u32 = 2000;

/// Most groups on a side (one letter each, `a` to `z`).
pub const MAX_GROUPS: usize = 26;

/// Sides in a scenario or battle.
pub const SIDES: usize = 2;

/// Longest short text (names, dates, labels), in characters.
pub const MAX_NAME: usize = 200;

/// Longest identifier (map, scenario and side ids), in characters.
pub const MAX_ID: usize = 64;

/// The form of a map or scenario id: lower-case letters, digits, `-` and `_`, at most
/// [`MAX_ID`] characters (the repetition bound is `MAX_ID - 1`; a test keeps them in step).
pub const FILE_ID_PATTERN: &str = r"^[a-z0-9][a-z0-9_-]{0,63}$";

/// The form of a side id: like a file id, but starting with a letter.
pub const SIDE_ID_PATTERN: &str = r"^[a-z][a-z0-9_-]{0,63}$";

/// Longest paragraph (a printed rule, an interpretation, a reason), in characters.
pub const MAX_PARAGRAPH: usize = 4096;

/// Longest free text (notes), in characters.
pub const MAX_TEXT: usize = 65536;

/// Longest rule-section reference (`11.10`), in characters.
pub const MAX_RULE_REF: usize = 32;

/// Longest map reference (an id or a relative path), in characters.
pub const MAX_MAP_REF: usize = 500;

/// Most characters of a Musket & Saber Quick Play unit id, formation, terrain kind or turn
/// label.
pub const MAX_SHORT: usize = 64;

/// Longest road name, in characters.
pub const MAX_ROAD_NAME: usize = 100;

/// Most victory conditions, special rules or interpretation notes in a scenario.
pub const MAX_CLAUSES: usize = 100;

/// Most counters placed at set-up, and most roads, features or labels on a map.
pub const MAX_ITEMS: usize = 10000;

/// Most hexes listed in one list (a road, a feature, ridges, a `Hexes` zone).
pub const MAX_HEX_LIST: usize = 100_000;

/// Most operands of a zone operator (`Line`, `Area`, `Between`, `OneOf`, `Intersection`).
pub const MAX_ZONE_OPERANDS: usize = 100;

/// Most operands of a `Union` zone.
pub const MAX_UNION_OPERANDS: usize = 1000;

/// Widest sector half-angle, in degrees.
pub const MAX_HALF_ANGLE: u32 = 180;

/// Largest detour slack of a `Between` zone, in hexes.
pub const MAX_SLACK: u32 = 100;

/// Largest range, movement, combat strength or proximity distance a rule may set, in hexes or
/// points.
pub const MAX_ALLOWANCE: u32 = 100;

/// Most unit types one special rule may name.
pub const MAX_KINDS: usize = 10;

/// Most sub-goals of an `All` or `Any` goal.
pub const MAX_SUBGOALS: usize = 20;

/// Largest numerator or denominator of a fraction in a goal.
pub const MAX_FRACTION_TERM: u32 = 100;

/// Longest battle a battle file may describe, in minutes.
pub const MAX_BATTLE_MINUTES: u32 = 100_000;

/// Most men per unit a battle's scale may set.
pub const MAX_MEN_PER_UNIT: u32 = 100_000;

/// Most guns per unit a battle's scale may set.
pub const MAX_GUNS_PER_UNIT: u32 = 1000;

/// Largest warning threshold of factoring, in percentage points.
pub const MAX_PROPORTION_POINTS: u32 = 100;

/// Largest warning threshold of factoring for the side ratio, in percent.
pub const MAX_RATIO_PERCENT: u32 = 1000;

/// Most values in one file, counted before it is read as its commas, opening brackets and
/// comments (outside strings): it bounds the memory every later stage spends on a file.
/// The 1000 × 1000 map holds about 3,000; 1,000,000 is about 330,000 listed hexes.
pub const MAX_VALUES: usize = 1_000_000;

/// Most diagnostics reported for one file; the rest are counted (stated in [`crate::diagnostic`],
/// which keeps to it below the model).
pub use crate::diagnostic::MAX_DIAGNOSTICS_PER_FILE;

/// Most hex visits spent compiling the zones of one file: a step that covers the whole map
/// costs its hex count (on the 1000 × 1000 limit, 50 such steps; on the Rifle & Saber map,
/// tens of thousands). Identical sub-zones are computed once.
pub const MAX_ZONE_WORK: u64 = 50_000_000;

/// Most choices of the first deployer (combinations of its groups' alternatives) for which a
/// zone measured from it is compiled once each; beyond that it is measured from all of them.
pub const MAX_ENEMY_CHOICES: usize = 64;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn id_patterns_allow_exactly_max_id_characters() {
        let bound = format!("{{0,{}}}$", MAX_ID - 1);
        assert!(FILE_ID_PATTERN.ends_with(&bound), "{FILE_ID_PATTERN}");
        assert!(SIDE_ID_PATTERN.ends_with(&bound), "{SIDE_ID_PATTERN}");
    }
}
