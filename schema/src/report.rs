//! Saying what was found: human output in the style of rustc (drawn by miette), and JSON for
//! machines.

use std::collections::BTreeMap;

use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteDiagnostic, NamedSource};
use serde::Serialize;

use crate::compile::FileReport;
use crate::diagnostic::{Diagnostic, Severity};

/// Output formats of `saberc check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Source snippets with labels, for people.
    Human,
    /// One JSON document, for machines.
    Json,
    /// SARIF 2.1.0, which code hosts show as annotations.
    Sarif,
}

/// Totals over a run.
#[derive(Debug, Clone, Default, Serialize)]
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
}

impl Summary {
    /// Totals of the reports.
    pub fn of(reports: &[FileReport]) -> Summary {
        let mut s = Summary {
            files: reports.len(),
            ..Summary::default()
        };
        for r in reports {
            s.errors += r.errors();
            s.warnings += r.warnings();
            s.notes += r
                .diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Note)
                .count();
            for d in &r.diagnostics {
                *s.by_code.entry(d.code.as_str().to_string()).or_default() += 1;
            }
        }
        s
    }

    /// The closing line.
    pub fn line(&self) -> String {
        let plural = |n: usize, w: &str| {
            if n == 1 {
                format!("{n} {w}")
            } else {
                format!("{n} {w}s")
            }
        };
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
        s
    }
}

/// Render one diagnostic for people. `color` selects a coloured theme.
pub fn human(d: &Diagnostic, text: Option<&str>, color: bool) -> String {
    let file = d
        .file
        .as_ref()
        .map(|p| p.display().to_string())
        .unwrap_or_default();
    let mut message = d.message.clone();
    if let Some(rule) = &d.rule {
        message.push_str(&format!(" [rule {rule}]"));
    }
    let severity = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    };
    let mut md = MietteDiagnostic::new(message)
        .with_code(format!("{severity}[{}]", d.code.as_str()))
        .with_severity(match d.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Note => miette::Severity::Advice,
        });
    if let Some(h) = &d.hint {
        md = md.with_help(h.clone());
    }
    let theme = if color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(100)
        .with_links(false);
    let mut out = String::new();
    match (d.location, text) {
        (Some(loc), Some(text)) => {
            let label = match &d.hex {
                Some(h) => format!("hex {h}"),
                None => "here".to_string(),
            };
            md = md.with_label(LabeledSpan::at(
                loc.offset
                    ..loc.offset
                        + loc
                            .length
                            .max(1)
                            .min(text.len() - loc.offset.min(text.len())),
                label,
            ));
            let report =
                miette::Report::new(md).with_source_code(NamedSource::new(file, text.to_string()));
            let _ = handler.render_report(&mut out, report.as_ref());
        }
        _ => {
            if !file.is_empty() {
                md.message = format!("{file}: {}", md.message);
            }
            if let Some(h) = &d.hex {
                md.message = format!("{} (hex {h})", md.message);
            }
            let _ = handler.render_report(&mut out, &md);
        }
    }
    out
}

/// Render reports for people: every diagnostic, then the summary line.
pub fn human_all(reports: &[FileReport], color: bool) -> String {
    let mut out = String::new();
    for r in reports {
        for d in &r.diagnostics {
            out.push_str(&human(d, r.text.as_deref(), color));
            out.push('\n');
        }
    }
    out.push_str(&Summary::of(reports).line());
    out.push('\n');
    out
}

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
                "properties": {"rule": d.rule, "hex": d.hex, "path": d.path.as_ref().map(|p| crate::diagnostic::pointer(p))},
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
