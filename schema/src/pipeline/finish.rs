//! The last stage: attach the file, locate each diagnostic by its field path, sort by position,
//! and cap the count.

use crate::diagnostic::{Code, Diagnostic};
use crate::model::limits;
use crate::pipeline::locate::locate;
use crate::pipeline::read::Source;

/// Attach the file, locate by path, sort by position, and cap the count.
pub fn finish(src: &Source, diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = diags
        .into_iter()
        .map(|mut d| {
            d.file = Some(src.path.clone());
            if d.location.is_none()
                && let Some(p) = &d.path
            {
                d.location = Some(locate(&src.text, p));
            }
            d
        })
        .collect();
    out.sort_by(|a, b| {
        let la = a.location.map(|l| l.offset).unwrap_or(0);
        let lb = b.location.map(|l| l.offset).unwrap_or(0);
        la.cmp(&lb)
            .then(a.severity.cmp(&b.severity))
            .then(a.code.cmp(&b.code))
    });
    out.dedup_by(|a, b| a.code == b.code && a.message == b.message && a.location == b.location);
    if out.len() > limits::MAX_DIAGNOSTICS_PER_FILE {
        let extra = out.len() - limits::MAX_DIAGNOSTICS_PER_FILE;
        out.truncate(limits::MAX_DIAGNOSTICS_PER_FILE);
        out.push(
            Diagnostic::note(
                Code::LimitExceeded,
                format!("{extra} more diagnostics not shown"),
            )
            .in_file(&src.path)
            .with_hint("fix the ones above first"),
        );
    }
    out
}
