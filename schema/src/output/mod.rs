//! What the compiler produces: the engine export, map drawings printable scenario cards, and Tiled maps (both ways).

pub mod card;
pub mod export;
pub mod overlays;
pub mod render;
pub mod tiled;
