//! Rifle & Saber Scenario Studio: the model, JSON Schemas, rule checks and outputs behind the
//! `saberc` compiler (crate `saberc`) and the editor.
//!
//! Modules are layered (the table is in `ARCHITECTURE.md`, and a test holds the code to it),
//! bottom up: [`ruleset`] (everything specific to Rifle & Saber), [`diagnostic`] (what was
//! found) and [`files`] (safe writes); [`model`] (hexes, maps, scenarios, the zone language,
//! the export document); [`builtin`] (the built-in maps) and [`syntax`] (the lossless syntax
//! tree); the [`pipeline`] stages (read, parse, JSON Schema, zone compilation, locating);
//! [`queries`] (movement, sight and terrain questions on a map) and [`factor`] (a historical
//! battle into an order of battle, 11.18); [`check`] (rule checks, one file per rule family);
//! the [`pipeline`] API (the whole run, map resolution); [`output`] (export, render, card,
//! formatting, Tiled maps); and `syntax::edit` (a model change written into its text).

pub mod analysis;
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
