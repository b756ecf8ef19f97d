//! Rifle & Saber Scenario Studio: the map editor. All data and checks come from
//! `saber-schema`; this crate is the user interface over it.

pub mod app;
pub mod apply;
pub mod autosave;
pub mod canvas;
pub mod change;
pub mod content;
pub mod diagnostics;
pub mod document;
pub mod export;
pub mod files;
pub mod games;
pub mod help;
pub mod history;
pub mod overlays;
pub mod recovery;
pub mod scenario;
pub mod tools;

#[cfg(test)]
mod app_tests;
#[cfg(test)]
mod apply_tests;
#[cfg(test)]
mod behaviour_tests;
#[cfg(test)]
mod forms_tests;
#[cfg(test)]
mod friction_tests;
#[cfg(test)]
mod issue27_tests;
#[cfg(test)]
mod issue37_tests;
#[cfg(test)]
mod issue40_tests;
#[cfg(test)]
mod ms_tests;
#[cfg(test)]
mod recovery_tests;
#[cfg(test)]
mod scenario_ui_tests;
#[cfg(test)]
mod third_game_tests;
#[cfg(test)]
mod ui_tests;

pub use app::App;

/// A count with its noun, singular for one: "1 error", "3 errors", "1 hex", "2 hexes".
pub fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else if noun.ends_with('x') || noun.ends_with('s') {
        format!("{n} {noun}es")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod plural_tests {
    #[test]
    fn one_is_singular() {
        assert_eq!(super::plural(1, "hex"), "1 hex");
        assert_eq!(super::plural(2, "hex"), "2 hexes");
        assert_eq!(super::plural(0, "error"), "0 errors");
        assert_eq!(super::plural(1, "problem"), "1 problem");
    }
}
