//! Human output in the style of rustc, drawn by miette: each finding with a window of its
//! source line, every text from a file made printable.

use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteDiagnostic};

use saber_schema::diagnostic::codes::severity_name;
use saber_schema::diagnostic::{
    Diagnostic, Severity, floor_char_boundary, printable, push_printable,
};
use saber_schema::pipeline::FileReport;

use crate::report::Summary;

/// Longest message or hint shown to people, in characters (the rest is cut with "…").
const MAX_MESSAGE_CHARS: usize = 2000;

/// Columns of source shown on each side of a label: lines are cut to a window around it, so
/// that a diagnostic on a megabyte-long line prints a few hundred columns, not the line.
const WINDOW_COLUMNS: usize = 160;

/// A few lines of a file around a label, each cut to a window of columns around it and made
/// printable, with the real line and column numbers: what miette draws instead of the file.
struct Window {
    name: String,
    snippet: String,
    /// 0-based line number of the snippet's first line.
    first_line: usize,
    /// 0-based line and column of the label, for the header.
    label_line: usize,
    label_column: usize,
    /// The label's span in the snippet.
    label: (usize, usize),
}

impl Window {
    fn new(
        name: String,
        text: &str,
        offset: usize,
        length: usize,
        line: usize,
        column: usize,
    ) -> Window {
        let offset = floor_char_boundary(text, offset);
        let line_start = text[..offset].rfind('\n').map(|i| i + 1).unwrap_or(0);
        let line_end = text[offset..]
            .find('\n')
            .map(|i| offset + i)
            .unwrap_or(text.len());
        let end = floor_char_boundary(text, (offset + length.max(1)).min(line_end).max(offset));
        // The byte columns shown, relative to the start of each line.
        let from = floor_char_boundary(
            text,
            offset.saturating_sub(WINDOW_COLUMNS * 4).max(line_start),
        );
        let from = text[from..offset]
            .char_indices()
            .rev()
            .nth(WINDOW_COLUMNS - 1)
            .map(|(i, _)| from + i)
            .unwrap_or(from.max(line_start));
        let col_from = from - line_start;
        let mut snippet = String::new();
        let mut first_line = line - 1;
        // The line before, the label's line, the line after.
        if line_start > 0 && first_line > 0 {
            let prev_start = text[..line_start - 1]
                .rfind('\n')
                .map(|i| i + 1)
                .unwrap_or(0);
            cut_line(
                &mut snippet,
                text,
                (prev_start, line_start - 1),
                col_from,
                None,
            );
            snippet.push('\n');
            first_line -= 1;
        }
        let (a, b) = cut_line(
            &mut snippet,
            text,
            (line_start, line_end),
            col_from,
            Some((offset, end)),
        );
        let label = (a, b);
        if line_end < text.len() {
            let next_end = text[line_end + 1..]
                .find('\n')
                .map(|i| line_end + 1 + i)
                .unwrap_or(text.len());
            snippet.push('\n');
            cut_line(&mut snippet, text, (line_end + 1, next_end), col_from, None);
        }
        Window {
            name,
            snippet,
            first_line,
            label_line: line - 1,
            label_column: column - 1,
            label,
        }
    }
}

/// Most characters shown of one line: the window before the label, the label, the window
/// after it.
const MAX_LINE_CHARS: usize = 2 * WINDOW_COLUMNS + 200;

/// Append the line `start..end` from byte column `col_from` on, at most [`MAX_LINE_CHARS`]
/// characters of it, with "…" where it is cut; return where `label` (byte offsets in `text`)
/// lands in `out`.
fn cut_line(
    out: &mut String,
    text: &str,
    (start, end): (usize, usize),
    col_from: usize,
    label: Option<(usize, usize)>,
) -> (usize, usize) {
    // A Windows line ending is not part of the line.
    let end = if end > start && text.as_bytes()[end - 1] == b'\r' {
        end - 1
    } else {
        end
    };
    let from = floor_char_boundary(text, (start + col_from).min(end));
    if from > start {
        out.push('…');
    }
    let (label_at, label_end) = label.unwrap_or((usize::MAX, usize::MAX));
    let (mut s0, mut s1) = (None, None);
    for (n, (j, c)) in text[from..end].char_indices().enumerate() {
        let at = from + j;
        if at >= label_at && s0.is_none() {
            s0 = Some(out.len());
        }
        if at >= label_end && s1.is_none() {
            s1 = Some(out.len());
        }
        if n == MAX_LINE_CHARS {
            out.push('…');
            break;
        }
        push_printable(out, c);
    }
    let s0 = s0.unwrap_or(out.len());
    (s0, s1.unwrap_or(out.len()).max(s0))
}

impl miette::SourceCode for Window {
    fn read_span<'a>(
        &'a self,
        span: &miette::SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        if before == 0 && after == 0 {
            // The header asks where the label is: answer with the real line and column.
            let (a, b) = (
                span.offset().min(self.snippet.len()),
                (span.offset() + span.len()).min(self.snippet.len()),
            );
            return Ok(Box::new(miette::MietteSpanContents::new_named(
                self.name.clone(),
                &self.snippet.as_bytes()[a..b],
                *span,
                self.label_line,
                self.label_column,
                1,
            )));
        }
        let lines = self.snippet.matches('\n').count() + 1;
        Ok(Box::new(miette::MietteSpanContents::new_named(
            self.name.clone(),
            self.snippet.as_bytes(),
            (0, self.snippet.len()).into(),
            self.first_line,
            0,
            lines,
        )))
    }
}

/// Render one diagnostic for people. `color` selects a coloured theme. The source is shown as
/// a window of a few hundred columns around the label, and every text that comes from a file
/// (message, hint, file name, source) is made printable.
pub fn human(d: &Diagnostic, text: Option<&str>, color: bool) -> String {
    let file = d
        .file
        .as_ref()
        .map(|p| printable(&p.display().to_string(), MAX_MESSAGE_CHARS))
        .unwrap_or_default();
    let mut message = printable(&d.message, MAX_MESSAGE_CHARS);
    if let Some(rule) = &d.rule {
        message.push_str(&format!(" [rule {}]", printable(rule, 100)));
    }
    let severity = severity_name(d.severity);
    let mut md = MietteDiagnostic::new(message)
        .with_code(format!("{severity}[{}]", d.code.as_str()))
        .with_severity(match d.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Note => miette::Severity::Advice,
        });
    if let Some(h) = &d.hint {
        md = md.with_help(printable(h, MAX_MESSAGE_CHARS));
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
                Some(h) => format!("hex {}", printable(h, 20)),
                None => "here".to_string(),
            };
            let window = Window::new(
                file,
                text,
                loc.offset,
                loc.length,
                loc.line.max(1),
                loc.column.max(1),
            );
            let (a, b) = window.label;
            md = md.with_label(LabeledSpan::at(
                a..b.max(a + 1).min(window.snippet.len().max(a)),
                label,
            ));
            let report = miette::Report::new(md).with_source_code(window);
            let _ = handler.render_report(&mut out, report.as_ref());
        }
        _ => {
            if !file.is_empty() {
                md.message = format!("{file}: {}", md.message);
            }
            if let Some(h) = &d.hex {
                md.message = format!("{} (hex {})", md.message, printable(h, 20));
            }
            let _ = handler.render_report(&mut out, &md);
        }
    }
    out
}

/// Render reports for people: every diagnostic, then the summary line.
pub fn human_all(reports: &[FileReport], color: bool) -> String {
    human_all_with(reports, &Summary::of(reports), color)
}

/// [`human_all`] with a summary made by the caller (one that lists skipped folders).
pub fn human_all_with(reports: &[FileReport], summary: &Summary, color: bool) -> String {
    let mut out = String::new();
    for r in reports {
        for d in &r.diagnostics {
            out.push_str(&human(d, r.text.as_deref(), color));
            out.push('\n');
        }
    }
    if let Some(maps) = summary.maps_line() {
        out.push_str(&maps);
        out.push('\n');
    }
    out.push_str(&summary.line());
    out.push('\n');
    out
}
