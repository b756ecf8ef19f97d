//! Questions asked of a map: movement costs, line of sight, and terrain as special rules leave it.

pub mod effective_terrain;
pub mod movement;
pub mod musket_and_saber;
pub mod playable;
pub mod reach;
pub mod readings;
pub mod shared;
pub mod sight;
mod spare;
pub mod walk;
