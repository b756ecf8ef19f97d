//! What the compiler writes: the engine export, drawings, cards, and files in their canonical
//! layout.

pub mod convert;
pub mod format;
pub mod skeleton;
