//! The last stage: attach the file, locate each diagnostic by its field path, sort by position,
//! and cap the count.

use std::path::Path;

use crate::diagnostic::{Code, Diagnostic};
use crate::model::limits;
use crate::pipeline::locate::locate;
use crate::pipeline::read::Source;

/// Attach the file, locate by path, sort by position, and cap the count.
pub fn finish(src: &Source, diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = diags.into_iter().map(|d| locate_one(src, d)).collect();
    sort(&mut out);
    cap(&mut out, Some(&src.path));
    out
}

/// Sort and cap findings about a document held in memory (no text to locate them in), exactly
/// as [`finish`] does for a file.
pub fn finish_unlocated(mut diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
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

/// Sort by position, then severity and code, and drop repeats.
pub(crate) fn sort(out: &mut Vec<Diagnostic>) {
    out.sort_by(|a, b| {
        let la = a.location.map(|l| l.offset).unwrap_or(0);
        let lb = b.location.map(|l| l.offset).unwrap_or(0);
        la.cmp(&lb)
            .then(a.severity.cmp(&b.severity))
            .then(a.code.cmp(&b.code))
    });
    // Unlocated findings (a document in memory) are told apart by their path instead.
    out.dedup_by(|a, b| {
        a.code == b.code
            && a.message == b.message
            && a.location == b.location
            && (a.location.is_some() || a.path == b.path)
    });
}

/// Keep at most [`limits::MAX_DIAGNOSTICS_PER_FILE`], with a note saying how many more.
fn cap(out: &mut Vec<Diagnostic>, file: Option<&Path>) {
    if out.len() > limits::MAX_DIAGNOSTICS_PER_FILE {
        let extra = out.len() - limits::MAX_DIAGNOSTICS_PER_FILE;
        out.truncate(limits::MAX_DIAGNOSTICS_PER_FILE);
        let mut note = Diagnostic::note(
            Code::LimitExceeded,
            format!("{extra} more diagnostics not shown"),
        )
        .with_hint("fix the ones above first");
        if let Some(f) = file {
            note = note.in_file(f);
        }
        out.push(note);
    }
}
