//! The model: what map, scenario, battle and export files say, as Rust types (serde +
//! schemars).

pub mod analysis;
pub mod battle;
pub mod counter;
pub mod export;
pub mod hex;
pub mod hex_set;
pub mod limits;
pub mod map;
pub mod musket_and_saber;
pub mod musket_and_saber_export;
pub mod scenario;
pub mod special_rule;
pub mod victory;
pub mod zone;
