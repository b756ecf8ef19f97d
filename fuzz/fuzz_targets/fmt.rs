//! `saberc fmt`, bytes to canonical text: the syntax tree gives back every byte of any text;
//! a text that formats reads (with the pipeline's reader) as the same model before and after,
//! and formatting it again changes nothing.
#![no_main]

use libfuzzer_sys::fuzz_target;
use saber_schema::output::format::{format_text, read_model};
use saber_schema::pipeline::read::Syntax;

fuzz_target!(|data: &[u8]| {
    // The first byte chooses the syntax (odd: JSON), so that both layouts are reached.
    let (flag, body) = match data.split_first() {
        Some((f, rest)) => (*f, rest),
        None => (0, data),
    };
    let syntax = if flag & 1 == 1 {
        Syntax::Json
    } else {
        Syntax::Ron
    };
    let text = String::from_utf8_lossy(body);
    assert_eq!(saber_schema::syntax::parse(&text).syntax().to_string(), text);
    let Ok(out) = format_text(&text, syntax) else {
        return;
    };
    // fmt drops a byte-order mark.
    let plain = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let before = read_model(plain, syntax).expect("formatted, so the reader reads it");
    let after = read_model(&out, syntax).expect("the formatted text reads");
    assert_eq!(before, after, "formatting changed the model");
    assert_eq!(
        format_text(&out, syntax).as_deref(),
        Ok(out.as_str()),
        "formatting is idempotent"
    );
});
