//! `--format json`: one JSON document, for machines.

use serde::Serialize;

use saber_schema::diagnostic::Diagnostic;
use saber_schema::pipeline::FileReport;

use crate::report::Summary;

/// The JSON document of `--format json`, described by `schema/report.schema.json`.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[schemars(title = "saberc check report")]
pub struct JsonReport<'a> {
    /// Totals.
    pub summary: Summary,
    /// Every diagnostic, file by file.
    pub diagnostics: Vec<&'a Diagnostic>,
}

/// Render reports as JSON.
pub fn json_all(reports: &[FileReport]) -> String {
    json_all_with(reports, Summary::of(reports))
}

/// [`json_all`] with a summary made by the caller (one that lists skipped folders).
pub fn json_all_with(reports: &[FileReport], summary: Summary) -> String {
    let doc = JsonReport {
        summary,
        diagnostics: reports.iter().flat_map(|r| r.diagnostics.iter()).collect(),
    };
    let mut s = serde_json::to_string_pretty(&doc).expect("reports always serialize");
    s.push('\n');
    s
}

/// The JSON Schema of `--format json` (`schema/report.schema.json`).
pub fn report_schema() -> serde_json::Value {
    // Standard JSON Schema, as the library's: no schemars `format: "uint"` (ajv --strict).
    let mut schema = saber_schema::pipeline::schema::standard_schema(
        serde_json::to_value(schemars::schema_for!(JsonReport<'static>))
            .expect("a schema always serializes"),
    );
    schema["description"] = serde_json::Value::String(
        "The report `saberc check --format json` prints: totals, then every diagnostic in file order."
            .into(),
    );
    schema
}
