//! Limits on input, so that a hostile or broken file gets a clear diagnostic in bounded time
//! and memory instead of a panic or a hang. The README lists them.

/// Largest file read, in bytes (the 1000 × 1000 map is about 1 MB).
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// Deepest nesting of lists, structs and zones the parsers accept.
pub const MAX_NESTING: usize = 64;

/// Most columns or rows on a map.
pub const MAX_MAP_SIDE: u32 = 1000;

/// Most units of one type in one group, and most markers of one kind.
pub const MAX_COUNT: u32 = 999;

/// Most units on one side, all groups together.
pub const MAX_UNITS_PER_SIDE: u32 = 2000;

/// Largest distance a zone may name ("within N hexes").
pub const MAX_DISTANCE: u32 = 2000;

/// Most groups on a side.
pub const MAX_GROUPS: usize = 26;

/// Longest short text (names, ids), in characters.
pub const MAX_NAME: usize = 200;

/// Longest free text (notes), in characters.
pub const MAX_TEXT: usize = 65536;

/// Most diagnostics reported for one file; the rest are counted.
pub const MAX_DIAGNOSTICS_PER_FILE: usize = 200;
