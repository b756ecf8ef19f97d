//! Saying what was found: human output in the style of rustc (drawn by miette), and JSON for
//! machines.

mod human;
mod json;
mod sarif;

use std::collections::BTreeMap;

use serde::Serialize;

use saber_schema::diagnostic::{Severity, printable};
use saber_schema::pipeline::FileReport;

pub use human::{human, human_all, human_all_with};
pub use json::{JsonReport, json_all, json_all_with, report_schema};
pub use sarif::{sarif_all, sarif_uri};

/// The file name of the report's schema under `schema/`.
pub const REPORT_SCHEMA_FILE: &str = "report.schema.json";

/// Output formats of `saberc check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Source snippets with labels, for people.
    Human,
    /// One JSON document, for machines.
    Json,
    /// SARIF 2.1.0, which code hosts show as annotations.
    Sarif,
    /// One HTML page (a CI artifact): each finding with its excerpt and explanation.
    Html,
}

/// `n` and a word that takes an `s` for more than one: "1 file", "2 errors".
pub fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// Totals over a run.
#[derive(Debug, Clone, Default, Serialize, schemars::JsonSchema)]
pub struct Summary {
    /// Files checked.
    pub files: usize,
    /// Errors.
    pub errors: usize,
    /// Warnings.
    pub warnings: usize,
    /// Notes (expected findings explained by interpretation notes, factoring notes).
    pub notes: usize,
    /// Count per diagnostic code.
    pub by_code: BTreeMap<String, usize>,
    /// Scenarios checked per map: a map file's path, or `built-in map `ID``.
    pub maps: BTreeMap<String, usize>,
    /// Folders a directory search left out, with why (version-control internals, build
    /// output).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skipped: Vec<Skipped>,
}

/// A folder left out of a directory search.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct Skipped {
    /// The folder.
    pub path: String,
    /// Why it was not searched.
    pub reason: String,
}

impl Summary {
    /// Totals of the reports.
    pub fn of(reports: &[FileReport]) -> Summary {
        let mut s = Summary {
            files: reports.len(),
            ..Summary::default()
        };
        for r in reports {
            for d in &r.diagnostics {
                *match d.severity {
                    Severity::Error => &mut s.errors,
                    Severity::Warning => &mut s.warnings,
                    Severity::Note => &mut s.notes,
                } += 1;
                *s.by_code.entry(d.code.as_str().to_string()).or_default() += 1;
            }
            if let Some(m) = &r.map {
                *s.maps.entry(m.to_string()).or_default() += 1;
            }
        }
        s
    }

    /// Which maps the scenarios were checked against, if any scenario was.
    pub fn maps_line(&self) -> Option<String> {
        if self.maps.is_empty() {
            return None;
        }
        let maps: Vec<String> = self
            .maps
            .iter()
            .map(|(m, n)| format!("{} ({})", printable(m, 200), plural(*n, "scenario")))
            .collect();
        Some(format!("maps: {}", maps.join(", ")))
    }

    /// The closing line.
    pub fn line(&self) -> String {
        let mut s = format!(
            "checked {}: {}, {}",
            plural(self.files, "file"),
            plural(self.errors, "error"),
            plural(self.warnings, "warning")
        );
        if self.notes > 0 {
            s.push_str(&format!(", {}", plural(self.notes, "note")));
        }
        if !self.by_code.is_empty() {
            let codes: Vec<String> = self
                .by_code
                .iter()
                .map(|(c, n)| format!("{c}×{n}"))
                .collect();
            s.push_str(&format!(" ({})", codes.join(", ")));
        }
        if !self.skipped.is_empty() {
            let list: Vec<String> = self
                .skipped
                .iter()
                .take(10)
                .map(|k| format!("{} ({})", printable(&k.path, 200), k.reason))
                .collect();
            let more = self.skipped.len().saturating_sub(10);
            s.push_str(&format!(
                "; not searched: {}{}",
                list.join(", "),
                if more > 0 {
                    format!(" and {more} more")
                } else {
                    String::new()
                }
            ));
        }
        s
    }
}
