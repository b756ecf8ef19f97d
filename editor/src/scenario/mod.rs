//! The scenario side of the editor: forms for every part of a scenario (sides and orders of
//! battle, zones, arrivals, victory conditions, special rules, notes), picking features and
//! hexes on the map, and the wizard that factors a historical battle (11.18).

pub mod checker;
pub mod header;
pub mod historical;
pub mod notes;
pub mod panel;
pub mod pick;
pub mod placement;
pub mod sides;
pub mod special_rules;
pub mod victory;
pub mod wizard;
pub mod zone_builder;
