//! `--format json`: one JSON document, for machines.

use serde::Serialize;

use saber_schema::diagnostic::Diagnostic;
use saber_schema::pipeline::FileReport;

use crate::report::Summary;

/// The JSON document of `--format json`.
#[derive(Debug, Serialize)]
pub struct JsonReport<'a> {
    /// Totals.
    pub summary: Summary,
    /// Every diagnostic, file by file.
    pub diagnostics: Vec<&'a Diagnostic>,
}

/// Render reports as JSON.
pub fn json_all(reports: &[FileReport]) -> String {
    let doc = JsonReport {
        summary: Summary::of(reports),
        diagnostics: reports.iter().flat_map(|r| r.diagnostics.iter()).collect(),
    };
    let mut s = serde_json::to_string_pretty(&doc).expect("reports always serialize");
    s.push('\n');
    s
}
