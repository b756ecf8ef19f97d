//! Every suggestion proven before it is shown: an edit a finding's help proposes (a spelling, a
//! value, a swap, a missing line: [`Diagnostic::suggest`]) is applied to the text in memory and
//! the text checked again. It is offered (its help shown, its edit kept for the language
//! server's quick fix and the JSON report) only when the finding is gone and the edit added no
//! error of its own; otherwise the finding keeps the help it had without it, which names the
//! cause. The one place this is decided, for `saberc check`, the language server and the editor.

use crate::diagnostic::{Code, Diagnostic, Severity, Suggestion};
use crate::pipeline::read::Source;

/// Most suggestions proven in one file: each costs a check of the whole text. Past them a
/// finding keeps its help without the edit.
const MAX_PROOFS: usize = 24;

/// Most bytes checked again in all for one file's proofs, so that a file near the size limit
/// is checked a few times only.
const MAX_PROOF_BYTES: usize = 64 << 20;

/// Prove each located finding's suggestion by `check` (the pipeline without proofs) on the
/// edited text; keep the proven ones (their help shown), drop the others (the help without
/// them kept).
pub fn prove(
    src: &Source,
    diags: Vec<Diagnostic>,
    check: &dyn Fn(&Source) -> Vec<Diagnostic>,
) -> Vec<Diagnostic> {
    let mut proofs = 0usize;
    let mut bytes = 0usize;
    let before = diags.clone();
    diags
        .into_iter()
        .map(|mut d| {
            let Some(s) = d.suggestion.take() else {
                return d;
            };
            let Some(s) = locate(&src.text, &d, s) else {
                return d;
            };
            proofs += 1;
            bytes = bytes.saturating_add(src.text.len());
            if proofs > MAX_PROOFS || bytes > MAX_PROOF_BYTES {
                return d;
            }
            let Some(text) = s.apply(&src.text) else {
                return d;
            };
            let after = check(&Source {
                text,
                ..src.clone()
            });
            if removes(&d, &s, &before, &after) {
                d.hint = Some(s.hint.clone());
                d.suggestion = Some(s);
            }
            d
        })
        .collect()
}

/// The suggestion's span in the text: its own, or the finding's (inside its quotes when the
/// finding points at a quoted string and the replacement is not one).
fn locate(text: &str, d: &Diagnostic, mut s: Suggestion) -> Option<Suggestion> {
    let (mut offset, mut length) = match s.span {
        Some(span) => span,
        None => {
            let l = d.location?;
            (l.offset, l.length)
        }
    };
    let written = text.get(offset..offset.checked_add(length)?)?;
    let quoted = written.len() >= 2 && written.starts_with('"') && written.ends_with('"');
    // A hex the file wrote as a label: the label, inside its quotes.
    let mut inside = quoted && s.span.is_none();
    if let Some((label, hint)) = s.label.take()
        && quoted
    {
        s.replacement = label;
        s.hint = hint;
        inside = true;
    }
    if inside && !s.replacement.starts_with('"') {
        offset += 1;
        length -= 2;
    }
    s.offset = offset;
    s.length = length;
    s.replaced = text.get(offset..offset.checked_add(length)?)?.to_string();
    Some(s)
}

/// Does the edited text's report (`after`) lack the finding `d`, and hold no error at the
/// edit nor a syntax error more than `before`?
fn removes(d: &Diagnostic, s: &Suggestion, before: &[Diagnostic], after: &[Diagnostic]) -> bool {
    let written = (s.offset, s.offset + s.replacement.len());
    // Where a place of the original text lies in the edited one.
    let moved = |o: usize| -> Option<usize> {
        if o < s.offset {
            Some(o)
        } else if o >= s.offset + s.length {
            Some(o - s.length + s.replacement.len())
        } else {
            None
        }
    };
    let at = |x: &Diagnostic| x.location.map(|l| (l.offset, l.offset + l.length));
    let still = after.iter().any(|x| {
        x.code == d.code
            && match (d.location, at(x)) {
                (Some(l), Some((start, _))) => match moved(l.offset) {
                    Some(o) => start == o,
                    None => (written.0..=written.1).contains(&start),
                },
                _ => x.message == d.message,
            }
    });
    let broken_at_edit = after.iter().any(|x| {
        x.severity == Severity::Error
            && at(x).is_some_and(|(start, end)| start <= written.1 && end >= written.0)
            && x.code != Code::MoreFindings
    });
    let syntax = |r: &[Diagnostic]| r.iter().filter(|x| x.code == Code::Syntax).count();
    !still && !broken_at_edit && syntax(after) <= syntax(before)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Location;

    fn at(offset: usize, length: usize) -> Location {
        Location {
            line: 1,
            column: offset + 1,
            offset,
            length,
        }
    }

    #[test]
    fn an_edit_is_kept_only_when_the_finding_goes_and_nothing_breaks_at_it() {
        let src = Source::from_text("x.ron", "(moral: 1)".to_string());
        let d = Diagnostic::new(Code::UnknownField, "unknown field `moral`")
            .at_location(at(1, 5))
            .with_hint("expected `morale`")
            .suggest(None, "morale", "did you mean `morale`?");
        // The check of the edited text finds nothing: proven.
        let ok = prove(&src, vec![d.clone()], &|_| Vec::new());
        assert_eq!(ok[0].hint.as_deref(), Some("did you mean `morale`?"));
        let s = ok[0].suggestion.as_ref().unwrap();
        assert_eq!(
            s.apply(&src.text).as_deref(),
            Some("(morale: 1)"),
            "the edit proven is the edit offered"
        );
        // The same finding, where the edit wrote: not proven, the cause kept.
        let still = |t: &Source| {
            vec![
                Diagnostic::new(Code::UnknownField, "unknown field `morale`")
                    .at_location(at(1, 6))
                    .in_file(t.path.clone()),
            ]
        };
        let no = prove(&src, vec![d.clone()], &still);
        assert_eq!(no[0].hint.as_deref(), Some("expected `morale`"));
        assert!(no[0].suggestion.is_none());
        // Another error at the edit: not proven either.
        let other = |_: &Source| {
            vec![Diagnostic::new(Code::Schema, "`morale` is 1, too low").at_location(at(3, 3))]
        };
        assert!(prove(&src, vec![d], &other)[0].suggestion.is_none());
    }
}
