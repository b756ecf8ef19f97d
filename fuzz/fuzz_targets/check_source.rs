//! Whole pipeline, bytes to diagnostics: source detection, parsing (RON or JSON), JSON Schema
//! validation, map loading or scenario compilation and the rule checks, then location of every
//! diagnostic in the text. Nothing may panic, and every location must lie inside the text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use saber_schema::pipeline::maps::MapRegistry;
use saber_schema::pipeline::check_source;
use saber_schema::pipeline::read::Source;

fuzz_target!(|data: &[u8]| {
    // The first byte chooses the file extension, so that both parsers are reached from one corpus.
    let (flag, body) = match data.split_first() {
        Some((f, rest)) => (*f, rest),
        None => (0, data),
    };
    let ext = if flag & 1 == 1 { "json" } else { "ron" };
    let text = String::from_utf8_lossy(body).into_owned();
    let registry = MapRegistry::new();
    // A map-like and a scenario-like path: detection and relative map references depend on it.
    for path in [format!("maps/fuzz.{ext}"), format!("scenarios/fuzz.{ext}")] {
        let report = check_source(&Source::from_text(path, text.clone()), &registry);
        for d in &report.diagnostics {
            if let Some(loc) = d.location {
                assert!(
                    loc.offset + loc.length <= text.len(),
                    "{} located past the end of the text: {loc:?}",
                    d.code.as_str()
                );
                assert!(
                    text.is_char_boundary(loc.offset),
                    "offset inside a character"
                );
                assert!(
                    loc.line >= 1 && loc.column >= 1,
                    "lines and columns are 1-based"
                );
            }
        }
    }
});
