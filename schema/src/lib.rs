//! Rifle & Saber Scenario Studio: the model, JSON Schemas, rule checks and outputs behind the
//! `saberc` compiler (crate `saberc`) and the editor.
//!
//! Modules follow the flow of data: [`ruleset`] (everything specific to Rifle & Saber) and
//! [`model`] (hexes, maps, scenarios, the zone language) → [`pipeline`] (read, parse, JSON
//! Schema, map resolution, zone compilation, locating; the one pipeline API) → [`check`] (rule
//! checks, one file per rule family) → [`output`] (export, render, card); [`diagnostic`] says
//! what was found, [`queries`] answers movement and sight questions on a map, [`factor`] turns a
//! historical battle into an order of battle (11.18), [`builtin`] holds the built-in maps and
//! [`files`] writes files safely.

pub mod builtin;
pub mod check;
pub mod diagnostic;
pub mod factor;
pub mod files;
pub mod model;
pub mod output;
pub mod pipeline;
pub mod queries;
pub mod ruleset;
pub mod syntax;
