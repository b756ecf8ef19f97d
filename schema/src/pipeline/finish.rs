//! The last stage: attach the file, locate each diagnostic by its field path, sort by position,
//! and cap the count.

use std::path::Path;

use crate::diagnostic::{Code, Diagnostic};
use crate::model::limits;
use crate::pipeline::locate::{Lines, Locator, locate};
use crate::pipeline::read::Source;

/// Attach the file, locate by path, sort by position, and cap the count. Linear in the text
/// and the number of findings: paths are located by one [`Locator`], and lines and columns are
/// computed in one sweep, only for the findings that are kept.
pub fn finish(src: &Source, diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let locator = Locator::new(&src.text);
    let mut spans: Vec<(Diagnostic, usize, Option<usize>)> = diags
        .into_iter()
        .map(|mut d| {
            d.file = Some(src.path.clone());
            // What to type, in the file's own notation.
            if src.syntax == crate::pipeline::read::Syntax::Json {
                d.hint = d.hint.map(|h| crate::pipeline::notation::help_as_json(&h));
                if let Some(s) = d.suggestion.as_mut() {
                    s.hint = crate::pipeline::notation::help_as_json(&s.hint);
                    if let Some((_, hint)) = s.label.as_mut() {
                        *hint = crate::pipeline::notation::help_as_json(hint);
                    }
                    s.replacement = crate::pipeline::notation::edit_as_json(&s.replacement);
                }
            }
            // An edit of another value than the finding's: its span, from its path.
            if let Some(s) = d.suggestion.as_mut()
                && let Some(p) = s.path.take()
            {
                s.span = Some(locator.span(&p));
            }
            let (at, len) = match (&d.location, &d.path) {
                (Some(l), _) => (l.offset, None),
                (None, Some(p)) => {
                    let (at, len) = locator.span(p);
                    (at, Some(len))
                }
                (None, None) => (0, None),
            };
            (in_its_words(&src.text, d, at, len), at, len)
        })
        .collect();
    spans.sort_by(|a, b| {
        a.1.cmp(&b.1)
            .then(a.0.severity.cmp(&b.0.severity))
            .then(a.0.code.cmp(&b.0.code))
    });
    spans.dedup_by(|a, b| {
        a.0.code == b.0.code && a.0.message == b.0.message && a.1 == b.1 && a.2 == b.2
    });
    let extra = not_shown(spans.iter().map(|s| &s.0));
    spans.truncate(limits::MAX_DIAGNOSTICS_PER_FILE);
    let mut lines = Lines::new(&src.text);
    let mut out: Vec<Diagnostic> = spans
        .into_iter()
        .map(|(mut d, at, len)| {
            if let Some(len) = len {
                d.location = Some(lines.at(at, len));
            }
            d
        })
        .collect();
    if extra > 0 {
        out.push(not_shown_note(extra).in_file(&src.path));
    }
    out
}

/// A finding about a hex the file writes as a quoted label, in the label's words
/// ([`Diagnostic::as_label`]); else as it is.
fn in_its_words(text: &str, mut d: Diagnostic, at: usize, len: Option<usize>) -> Diagnostic {
    if d.as_label.is_none() {
        return d;
    }
    let len = len.or(d.location.map(|l| l.length)).unwrap_or(0);
    let written = text.get(at..at.saturating_add(len)).unwrap_or("");
    if written.len() >= 2 && written.starts_with('"') && written.ends_with('"') {
        return d.in_label_words();
    }
    d.as_label = None;
    d
}

/// Sort and cap findings about a document held in memory (no text to locate them in), exactly
/// as [`finish`] does for a file.
pub fn finish_unlocated(mut diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    // Without a text no suggestion can be proven ([`crate::pipeline::prove`]): none is
    // offered, and each finding keeps the help it gives without one.
    for d in &mut diags {
        d.suggestion = None;
    }
    sort(&mut diags);
    cap(&mut diags, None);
    diags
}

/// Attach the file and locate one diagnostic by its path.
pub(crate) fn locate_one(src: &Source, mut d: Diagnostic) -> Diagnostic {
    d.file = Some(src.path.clone());
    if d.location.is_none()
        && let Some(p) = &d.path
    {
        d.location = Some(locate(&src.text, p));
    }
    d
}

/// Sort by file (findings of one import may lie in a map and its tilesets), position, then
/// severity and code, and drop repeats.
pub(crate) fn sort(out: &mut Vec<Diagnostic>) {
    out.sort_by(|a, b| {
        let la = a.location.map(|l| l.offset).unwrap_or(0);
        let lb = b.location.map(|l| l.offset).unwrap_or(0);
        a.file
            .cmp(&b.file)
            .then(la.cmp(&lb))
            .then(a.severity.cmp(&b.severity))
            .then(a.code.cmp(&b.code))
    });
    // Unlocated findings (a document in memory) are told apart by their path instead.
    out.dedup_by(|a, b| {
        a.code == b.code
            && a.file == b.file
            && a.message == b.message
            && a.location == b.location
            && (a.location.is_some() || a.path == b.path)
    });
}

/// Keep at most [`limits::MAX_DIAGNOSTICS_PER_FILE`], with a note saying how many more.
pub(crate) fn cap(out: &mut Vec<Diagnostic>, file: Option<&Path>) {
    let extra = not_shown(out.iter());
    if extra > 0 {
        out.truncate(limits::MAX_DIAGNOSTICS_PER_FILE);
        let mut note = not_shown_note(extra);
        if let Some(f) = file {
            note = note.in_file(f);
        }
        out.push(note);
    }
}

/// The note that `extra` more findings are not shown.
fn not_shown_note(extra: usize) -> Diagnostic {
    Diagnostic::new(
        Code::MoreFindings,
        format!("{extra} more diagnostics not shown"),
    )
    .with_hint("fix the ones above first")
}

/// How many findings the first [`limits::MAX_DIAGNOSTICS_PER_FILE`] of `all` leave unshown:
/// those past them, and those that were only counted (a finding's `more_like_it`).
fn not_shown<'a>(all: impl ExactSizeIterator<Item = &'a Diagnostic>) -> usize {
    let listed = all.len();
    let counted: usize = all.map(|d| d.more_like_it).sum();
    listed.saturating_sub(limits::MAX_DIAGNOSTICS_PER_FILE) + counted
}
