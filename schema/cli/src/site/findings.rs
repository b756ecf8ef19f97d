//! Findings as HTML: one block per finding (severity, code, message, help, rule, the source
//! excerpt with line numbers, and `saberc explain`'s text one click away), written by the same
//! functions for the report's file pages and for `saberc check --format html`.

use saber_schema::diagnostic::codes::severity_name;
use saber_schema::diagnostic::{Diagnostic, floor_char_boundary};
use saber_schema::pipeline::FileReport;

use super::html::Html;
use super::page::{badge, top_page, verdict};
use crate::report::Summary;

/// Characters of a source line shown on each side of the text a finding points at.
const WINDOW: usize = 120;

/// Every finding of a file, each an `article` under an `h3` whose anchor is `{prefix}{n}`.
/// `text` is the file's text, for the excerpts.
pub fn finding_blocks(
    h: &mut Html,
    shown_path: &str,
    text: &str,
    diags: &[Diagnostic],
    prefix: &str,
) {
    if diags.is_empty() {
        h.text_el("p", &[], "No findings: the file is clean.");
        return;
    }
    for (n, d) in diags.iter().enumerate() {
        finding(h, shown_path, text, d, &format!("{prefix}{}", n + 1));
    }
}

/// One finding.
fn finding(h: &mut Html, shown_path: &str, text: &str, d: &Diagnostic, id: &str) {
    let sev = severity_name(d.severity);
    let class = format!("finding {sev}");
    let code = d.code.as_str();
    h.el("article", &[("class", &class), ("id", id)], |h| {
        h.el("h3", &[], |h| {
            h.text_el("span", &[("class", "sev")], sev);
            h.text(" ");
            h.text_el("a", &[("href", &format!("#{id}"))], code);
            h.text(": ");
            h.text(&d.message);
        });
        let mut place = shown_path.to_string();
        if let Some(l) = &d.location {
            place.push_str(&format!(":{}:{}", l.line, l.column));
        }
        if let Some(rule) = &d.rule {
            place.push_str(&format!(" · rule {rule}"));
        }
        if let Some(hex) = &d.hex {
            place.push_str(&format!(" · hex {hex}"));
        }
        h.text_el("p", &[("class", "muted")], &place);
        if let Some(l) = &d.location {
            excerpt(h, text, l.offset, l.length, l.line);
        }
        if let Some(hint) = &d.hint {
            h.el("p", &[], |h| {
                h.text_el("strong", &[], "Help: ");
                h.text(hint);
            });
        }
        h.el("details", &[], |h| {
            h.text_el(
                "summary",
                &[],
                &format!("What {code} means (saberc explain {code})"),
            );
            h.text_el(
                "pre",
                &[("tabindex", "0")],
                &crate::explain::explanation(d.code.info()),
            );
        });
    });
    h.nl();
}

/// The lines around `offset` with their numbers, the text at `offset..offset + length` marked,
/// each line cut to a window around it.
fn excerpt(h: &mut Html, text: &str, offset: usize, length: usize, line: usize) {
    let offset = floor_char_boundary(text, offset);
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    let mark_end = floor_char_boundary(text, (offset + length.max(1)).min(end).max(offset));
    let prev = (start > 0).then(|| {
        let s = text[..start - 1].rfind('\n').map_or(0, |i| i + 1);
        (s, start - 1)
    });
    let next = (end < text.len()).then(|| {
        let e = text[end + 1..]
            .find('\n')
            .map_or(text.len(), |i| end + 1 + i);
        (end + 1, e)
    });
    let width = (line + 1).to_string().len();
    let number = |h: &mut Html, n: usize| {
        h.text_el("span", &[("class", "ln")], &format!("{n:>width$} │ "));
    };
    // Focusable: a long line scrolls, and the keyboard must be able to scroll it.
    h.el("pre", &[("class", "excerpt"), ("tabindex", "0")], |h| {
        if let Some((s, e)) = prev {
            number(h, line.saturating_sub(1));
            h.text(&context(&text[s..e]));
            h.nl();
        }
        number(h, line);
        let (before, marked, after) = window(&text[start..end], offset - start, mark_end - start);
        h.text(&before);
        h.text_el("mark", &[], &marked);
        h.text(&after);
        if let Some((s, e)) = next {
            h.nl();
            number(h, line + 1);
            h.text(&context(&text[s..e]));
        }
    });
}

/// A line cut to [`WINDOW`] characters before `a`, the text `a..b` (at most `WINDOW`) and
/// `WINDOW` after, with "…" where cut; a line's carriage return dropped.
fn window(line: &str, a: usize, b: usize) -> (String, String, String) {
    let line = line.strip_suffix('\r').unwrap_or(line);
    let (a, b) = (a.min(line.len()), b.min(line.len()));
    let before = &line[..a];
    let cut_before = before.chars().count() > WINDOW;
    let before: String = before
        .chars()
        .rev()
        .take(WINDOW)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let marked = cut(&line[a..b]);
    let after = cut(&line[b..]);
    (
        if cut_before {
            format!("…{before}")
        } else {
            before
        },
        marked,
        after,
    )
}

/// A line around the marked one: its first `2 × WINDOW` characters.
fn context(line: &str) -> String {
    let line = line.strip_suffix('\r').unwrap_or(line);
    match line.char_indices().nth(2 * WINDOW) {
        Some((i, _)) => format!("{}…", &line[..i]),
        None => line.to_string(),
    }
}

/// At most [`WINDOW`] characters of `s`, "…" where cut.
fn cut(s: &str) -> String {
    match s.char_indices().nth(WINDOW) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

/// `saberc check --format html`: one page, a section per file with findings (a clean file is
/// counted, not listed), the totals first.
pub fn check_page(reports: &[FileReport], summary: &Summary) -> String {
    top_page("saberc check", None, |h| {
        h.el("p", &[], |h| {
            badge(h, summary.errors, summary.warnings);
            h.text(" ");
            h.text(&summary.line());
        });
        if let Some(maps) = summary.maps_line() {
            h.text_el("p", &[("class", "muted")], &maps);
        }
        for (i, r) in reports
            .iter()
            .enumerate()
            .filter(|(_, r)| !r.diagnostics.is_empty())
        {
            let shown = r.path.display().to_string();
            let title = format!("{shown} — {}", verdict(r.errors(), r.warnings()));
            h.section(&format!("file-{}", i + 1), &title, |h| {
                let text = r.text.as_deref().unwrap_or("");
                finding_blocks(h, &shown, text, &r.diagnostics, &format!("f{}-", i + 1));
            });
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_excerpt_numbers_its_lines_and_marks_the_place() {
        let mut h = Html::new();
        excerpt(&mut h, "a\nb <x> c\nd\n", 4, 3, 2);
        assert_eq!(
            h.finish(),
            "<pre class=\"excerpt\" tabindex=\"0\"><span class=\"ln\">1 │ </span>a\n<span class=\"ln\">2 │ \
             </span>b <mark>&lt;x&gt;</mark> c\n<span class=\"ln\">3 │ </span>d</pre>"
        );
    }

    #[test]
    fn a_long_line_is_cut_around_the_place() {
        let line = format!("{}X{}", "a".repeat(500), "b".repeat(500));
        let (before, marked, after) = window(&line, 500, 501);
        assert_eq!(before.chars().count(), WINDOW + 1);
        assert!(before.starts_with('…'));
        assert_eq!(marked, "X");
        assert_eq!(after.chars().count(), WINDOW + 1);
    }
}
