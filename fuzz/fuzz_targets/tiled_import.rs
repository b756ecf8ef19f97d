//! Tiled import, bytes to map: `.tmj` (JSON) or `.tmx` (XML) parsing, tilesets, layer data
//! decoding (CSV, base64, zlib, gzip), objects, and the map checks of the built map. Nothing may
//! panic or hang, and every location must lie inside the text of its file.
#![no_main]

use libfuzzer_sys::fuzz_target;
use saber_schema::diagnostic::{Code, Diagnostic};
use saber_schema::output::tiled::by_game::import_source;
use saber_schema::pipeline::read::Source;

/// The one external tileset a fuzzed map can name (`t.tsj` or `t.tsx`), with terrain tiles.
const TSJ: &str = r#"{"name": "t", "tilecount": 3, "tiles": [
  {"id": 0, "properties": [{"name": "terrain", "type": "string", "value": "clear"}]},
  {"id": 1, "properties": [{"name": "terrain", "type": "string", "value": "woods"},
                           {"name": "slope", "type": "bool", "value": true}]},
  {"id": 2, "properties": [{"name": "terrain", "type": "string", "value": "swamp"}]}]}"#;
const TSX: &str = r#"<tileset name="t" tilecount="2"><tile id="0"><properties>
  <property name="terrain" value="village"/></properties></tile></tileset>"#;

fuzz_target!(|data: &[u8]| {
    // The first byte chooses the file extension, so that both readers are reached.
    let (flag, body) = match data.split_first() {
        Some((f, rest)) => (*f, rest),
        None => (0, data),
    };
    let path = if flag & 1 == 1 {
        "fuzz.tmx"
    } else {
        "fuzz.tmj"
    };
    let text = String::from_utf8_lossy(body).into_owned();
    let src = Source::from_text(path, text);
    let mut reader = |name: &str| match name {
        "t.tsj" => Ok(Source::from_text(name, TSJ)),
        "t.tsx" => Ok(Source::from_text(name, TSX)),
        _ => Err(Diagnostic::error(Code::Io, format!("no {name}"))),
    };
    let imported = import_source(&src, &mut reader);
    for d in &imported.diagnostics {
        let Some(loc) = d.location else { continue };
        let text = imported
            .text_of(d)
            .expect("a located diagnostic names a file that was read");
        assert!(loc.fits(text), "{d:?} does not fit its text");
    }
});
