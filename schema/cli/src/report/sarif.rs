//! `--format sarif`: SARIF 2.1.0, which code hosts show as annotations.

use saber_schema::diagnostic::Severity;
use saber_schema::pipeline::FileReport;

/// Render reports as SARIF 2.1.0: one run of the tool `saberc`, one result per diagnostic, with
/// the rule (diagnostic code) and the region in the file.
pub fn sarif_all(reports: &[FileReport]) -> String {
    use serde_json::json;
    let mut codes: Vec<&str> = reports
        .iter()
        .flat_map(|r| r.diagnostics.iter().map(|d| d.code.as_str()))
        .collect();
    codes.sort_unstable();
    codes.dedup();
    let rules: Vec<serde_json::Value> = codes
        .iter()
        .map(|c| json!({"id": c, "name": c, "shortDescription": {"text": format!("saberc diagnostic {c}")}}))
        .collect();
    let results: Vec<serde_json::Value> = reports
        .iter()
        .flat_map(|r| r.diagnostics.iter())
        .map(|d| {
            let level = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Note => "note",
            };
            let mut text = d.message.clone();
            if let Some(h) = &d.hint {
                text.push_str(&format!(" — {h}"));
            }
            let uri = d.file.as_ref().map(|p| p.to_string_lossy().replace('\\', "/")).unwrap_or_default();
            let mut physical = json!({"artifactLocation": {"uri": uri}});
            if let Some(l) = d.location {
                physical["region"] = json!({"startLine": l.line, "startColumn": l.column, "charOffset": l.offset, "charLength": l.length});
            }
            json!({
                "ruleId": d.code.as_str(),
                "level": level,
                "message": {"text": text},
                "locations": [{"physicalLocation": physical}],
                "properties": {"rule": d.rule, "hex": d.hex, "path": d.path.as_ref().map(|p| saber_schema::diagnostic::pointer(p))},
            })
        })
        .collect();
    let doc = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "saberc", "version": env!("CARGO_PKG_VERSION"), "rules": rules}},
            "results": results,
        }],
    });
    let mut s = serde_json::to_string_pretty(&doc).expect("SARIF always serializes");
    s.push('\n');
    s
}
