//! Rifle & Saber Scenario Studio: the model, JSON Schemas, rule checks and the `saberc` compiler.
//!
//! Modules follow the flow of data: [`hex`] → [`map`] → [`ruleset`] → [`scenario`] (with
//! [`victory`] and [`special_rule`]) → [`zone`] → [`check`] → [`export`]; [`source`],
//! [`json_schema`] and [`locate`] read files, [`diagnostic`] and [`report`] say what was found,
//! [`compile`] runs the pipeline and [`cli`] is `saberc`.

pub mod diagnostic;
pub mod factor;
pub mod hex;
pub mod limits;
pub mod map;
pub mod ruleset;
pub mod scenario;
pub mod special_rule;
pub mod victory;
pub mod zone;
