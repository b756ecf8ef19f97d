//! What the compiler produces: the engine export, map drawings, printable scenario cards,
//! conversions between RON and JSON, files in their canonical layout, new-file skeletons, and
//! Tiled maps (both ways).

pub mod card;
pub mod convert;
pub mod export;
pub mod format;
pub mod game;
pub mod games;
pub mod musket_and_saber;
pub mod overlays;
pub mod palette;
pub mod render;
pub mod rifle_and_saber;
pub mod skeleton;
pub mod tiled;
