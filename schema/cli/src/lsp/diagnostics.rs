//! The findings of `saberc check` on an open document, as protocol diagnostics.

use lsp_types::{DiagnosticSeverity, NumberOrString, Range};
use saber_schema::diagnostic::{Code, Diagnostic, Severity};
use saber_schema::model::limits;
use saber_schema::pipeline::maps::MapRegistry;
use saber_schema::pipeline::read::{Source, too_large};
use saber_schema::pipeline::{FileReport, check_source, finish};

use super::position::LineIndex;

/// Check a document's text as `saberc check` checks a file: the size limit first (LIM001, as
/// the file reader applies it), then the one pipeline.
pub fn check_document(src: &Source, registry: &MapRegistry) -> FileReport {
    if src.text.len() as u64 > limits::MAX_FILE_BYTES {
        let too_large = too_large(&src.path, src.text.len() as u64);
        return FileReport::unread(&src.path, finish(src, vec![too_large]), None);
    }
    check_source(src, registry)
}

/// One finding for the protocol: its range, severity, code, message with the hint, and the
/// hint, rule and explanation command as data (for code actions and clients). `lines` index
/// the document's text, in which the finding's text starts `base` bytes in (after a
/// byte-order mark, which the library leaves out).
pub fn to_lsp(d: &Diagnostic, lines: &LineIndex, base: usize) -> lsp_types::Diagnostic {
    let range = match d.location {
        Some(l) => lines.range(base + l.offset, l.length),
        None => Range::default(),
    };
    let mut message = d.message.clone();
    if let Some(hint) = &d.hint {
        message.push_str("\nhint: ");
        message.push_str(hint);
    }
    // The proven edit of the finding's help (the library's `pipeline::prove`), as the client
    // counts positions: the quick fix applies exactly it.
    let edit = d.suggestion.as_ref().map(|s| {
        serde_json::json!({
            "range": lines.range(base + s.offset, s.length),
            "newText": s.replacement,
            "title": d.fix_title(),
        })
    });
    lsp_types::Diagnostic {
        range,
        severity: Some(severity(d.severity)),
        code: Some(NumberOrString::String(d.code.as_str().to_string())),
        code_description: None,
        source: Some("saberc".to_string()),
        message,
        related_information: None,
        tags: None,
        data: Some(serde_json::json!({
            "hint": d.hint,
            "rule": d.rule,
            "hex": d.hex,
            "explain": format!("saberc explain {}", d.code),
            "edit": edit,
        })),
    }
}

/// The protocol severity of a finding's severity.
pub fn severity(s: Severity) -> DiagnosticSeverity {
    match s {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Note => DiagnosticSeverity::INFORMATION,
    }
}

/// Is this a diagnostic code's spelling (`REF001`)?
pub fn code_named(word: &str) -> Option<Code> {
    let b = word.as_bytes();
    let letters = b.iter().take_while(|c| c.is_ascii_uppercase()).count();
    let ok = (2..=3).contains(&letters)
        && b.len() == letters + 3
        && b[letters..].iter().all(u8::is_ascii_digit);
    if ok { Code::lookup(word) } else { None }
}
