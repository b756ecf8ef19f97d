//! `saberc export --format tiled` and `saberc import`: Tiled maps out and in, through the
//! library's `output::tiled`.
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use saber_schema::files::Target;
use saber_schema::output::convert::convert;
use saber_schema::output::game::CompiledFor;
use saber_schema::output::tiled::by_game::import_path;
use saber_schema::output::tiled::export::write_files;
use saber_schema::pipeline::parse::{DocKind, detect};
use saber_schema::pipeline::read::{Source, Syntax};
use saber_schema::pipeline::{finish, load_map};

use crate::report::human;
use crate::{
    EXIT_ERRORS, EXIT_OK, EXIT_USAGE, inputs_read, is_dash, outputs_of, registry_and_input, shown,
    usage_error, write_failed,
};

/// A map, or a scenario compiled by the pipeline, written as `<id>.tmj`, `<id>.tsj` and
/// `<id>.png` in `out`.
pub(crate) fn tiled_export_cmd(input: &Path, out: &Path, maps: &[PathBuf]) -> i32 {
    if is_dash(out) {
        return usage_error(FOLDER_NOT_DASH);
    }
    let (reg, src) = match registry_and_input(maps, input) {
        Ok(read) => read,
        Err(code) => return code,
    };
    // What was read, which no file written may be.
    let mut inputs = vec![input.to_path_buf()];
    // The file's game writes its Tiled maps.
    let detected = detect(&src);
    let outputs = match &detected {
        Ok((DocKind::Map | DocKind::Scenario, _)) => match outputs_of(&src) {
            Ok(o) => Some(o),
            Err(code) => return code,
        },
        _ => None,
    };
    let (files, diags) = match (detected, outputs) {
        (Ok((DocKind::Map, _)), Some(outputs)) => {
            let (map, diags) = load_map(&src);
            (map.map(|m| outputs.tiled_map(&m)), diags)
        }
        (Ok((DocKind::Scenario, _)), Some(outputs)) => {
            if let Some(why) = outputs.tiled_scenarios_refused() {
                return scenario_refused(&src, why);
            }
            let CompiledFor {
                compiled,
                diags,
                map_used,
            } = outputs.compile(&src, &reg);
            inputs = inputs_read(input, map_used.as_ref(), &reg);
            let files = match compiled.map(|c| c.tiled()) {
                Some(None) => {
                    return scenario_refused(
                        &src,
                        "`export --format tiled` writes no scenario of this game: export its map file",
                    );
                }
                Some(Some(files)) => Some(files),
                None => None,
            };
            (files, diags)
        }
        (Ok(_), _) => {
            return usage_error("only maps and scenarios have a map to export");
        }
        (Err(d), _) => (None, vec![d]),
    };
    if crate::print_findings(&src, &finish(&src, diags)) {
        eprintln!("not exported: fix the errors above first");
        return EXIT_ERRORS;
    }
    let files = match files {
        Some(Ok(f)) => f,
        Some(Err(e)) => return usage_error(&format!("cannot draw the tileset: {e}")),
        None => return EXIT_ERRORS,
    };
    let inputs: Vec<&Path> = inputs.iter().map(PathBuf::as_path).collect();
    match write_files(&files, out, &inputs) {
        Ok(paths) => {
            for p in paths {
                outln!("wrote {}", shown(&p));
            }
            EXIT_OK
        }
        Err(e) => write_failed(&e),
    }
}

/// A scenario whose game writes no Tiled map of its scenarios: refused, at its `game` field,
/// saying `why`.
fn scenario_refused(src: &Source, why: &str) -> i32 {
    let at = saber_schema::pipeline::locate::top_level_field(&src.text, "game")
        .map(|(start, end)| {
            let l = saber_schema::pipeline::locate::location_at(&src.text, start, end - start);
            format!(":{}:{}", l.line, l.column)
        })
        .unwrap_or_default();
    usage_error(&format!("{}{at}: {why}", shown(&src.path)))
}

/// A Tiled map read as our map file; written only when it has no errors.
pub(crate) fn import_cmd(input: &Path, out: &Path) -> i32 {
    let imported = import_path(input);
    let color = std::io::stderr().is_terminal();
    for d in &imported.diagnostics {
        eprint!("{}", human(d, imported.text_of(d), color));
    }
    if imported.sources.is_empty() {
        return EXIT_USAGE;
    }
    let Some(ron) = imported.text.clone().filter(|_| !imported.has_errors()) else {
        eprintln!("not imported: fix the errors above first");
        return EXIT_ERRORS;
    };
    let text = if is_json(out) {
        // The project's converter, so the JSON is `saberc convert --to json`'s (the source
        // is named `.ron`, which picks its syntax).
        let src = Source::from_text(out.with_extension("ron"), ron);
        match convert(&src, Syntax::Json) {
            Ok(c) => c.text,
            Err(d) => {
                eprint!("{}", human(&d, Some(&src.text), color));
                return EXIT_ERRORS;
            }
        }
    } else {
        ron
    };
    // Never over the Tiled map or a tileset it read; read back by saberc.
    let target = Target::file(out).command_line().read_back().not_over(input);
    let target = (imported.sources.iter()).fold(target, |t, s| t.not_over(&s.path));
    crate::write_output(&target, text.as_bytes(), out)
}

/// Does the output name a JSON file?
fn is_json(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
}

/// Why `-o -` is refused where the output is a folder.
pub(crate) const FOLDER_NOT_DASH: &str =
    "this export writes files into a folder, and `-` (standard output) is not one: give a folder";
