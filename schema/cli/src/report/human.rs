//! Human output in the style of rustc, drawn by miette.

use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteDiagnostic, NamedSource};

use saber_schema::diagnostic::{Diagnostic, Severity};
use saber_schema::pipeline::FileReport;

use crate::report::Summary;

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
    let summary = Summary::of(reports);
    if let Some(maps) = summary.maps_line() {
        out.push_str(&maps);
        out.push('\n');
    }
    out.push_str(&summary.line());
    out.push('\n');
    out
}
