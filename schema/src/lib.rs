//! Rifle & Saber Scenario Studio: the model, JSON Schemas, rule checks and the `saberc` compiler.
//!
//! Modules follow the flow of data: [`hex`] → [`map`] → [`ruleset`] → [`scenario`] (with
//! [`victory`] and [`special_rule`]) → [`zone`] → [`check`] → [`export`]; [`source`],
//! [`json_schema`] and [`locate`] read files, [`diagnostic`] and [`report`] say what was found,
//! [`compile`] runs the pipeline, [`render`] and [`card`] draw maps and scenario cards, and
//! [`cli`] is `saberc`.

pub mod builtin;
pub mod card;
pub mod check;
pub mod cli;
pub mod compile;
pub mod diagnostic;
pub mod effective_terrain;
pub mod export;
pub mod factor;
pub mod hex;
pub mod json_schema;
pub mod limits;
pub mod locate;
pub mod map;
pub mod movement;
pub mod record;
pub mod recover;
pub mod render;
pub mod report;
pub mod resolve;
pub mod ruleset;
pub mod scenario;
pub mod sight;
pub mod source;
pub mod special_rule;
pub mod victory;
pub mod zone;
