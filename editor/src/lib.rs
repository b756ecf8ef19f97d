//! Rifle & Saber Scenario Studio: the map editor. All data and checks come from
//! `saber-schema`; this crate is the user interface over it.

pub mod app;
pub mod canvas;
pub mod diagnostics;
pub mod document;
pub mod export;
pub mod files;
pub mod help;
pub mod history;
pub mod scenario;
pub mod tools;

#[cfg(test)]
mod app_tests;
#[cfg(test)]
mod scenario_ui_tests;
#[cfg(test)]
mod ui_tests;

pub use app::App;
