//! Outputs: what the compiler writes for people and programs.

pub mod tiled;
