//! What the compiler produces: the engine export, map drawings and printable scenario cards.

pub mod card;
pub mod export;
pub mod overlays;
pub mod render;
