//! `saberc export --format tiled` and `saberc import`: Tiled maps out and in, through the
//! library's `output::tiled`.
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use saber_schema::diagnostic::Severity;
use saber_schema::files::write_atomic;
use saber_schema::output::tiled::export::{export_map, export_scenario, write_files};
use saber_schema::output::tiled::import::{import_path, map_ron};
use saber_schema::pipeline::parse::{DocKind, detect};
use saber_schema::pipeline::{compile_scenario, finish, load_map};

use crate::report::human;
use crate::{EXIT_ERRORS, EXIT_OK, EXIT_USAGE, read_input, registry, usage_error};

/// A map, or a scenario compiled by the pipeline, written as `<id>.tmj`, `<id>.tsj` and
/// `<id>.png` in `out`.
pub(crate) fn tiled_export_cmd(input: &Path, out: &Path, maps: &[PathBuf]) -> i32 {
    let reg = match registry(maps) {
        Ok(r) => r,
        Err(e) => return usage_error(&e),
    };
    let src = match read_input(input) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let (files, diags) = match detect(&src) {
        Ok((DocKind::Map, _)) => {
            let (map, diags) = load_map(&src);
            (map.map(|m| export_map(&m)), diags)
        }
        Ok((DocKind::Scenario, _)) => {
            let (compiled, diags) = compile_scenario(&src, &reg);
            let files = compiled.map(|c| export_scenario(&c.scenario, &c.map, &c.resolved));
            (files, diags)
        }
        Ok((_, _)) => {
            return usage_error("only maps and scenarios have a map to export");
        }
        Err(d) => (None, vec![d]),
    };
    let diags = finish(&src, diags);
    let color = std::io::stderr().is_terminal();
    for d in &diags {
        eprint!("{}", human(d, Some(&src.text), color));
    }
    if diags.iter().any(|d| d.severity == Severity::Error) {
        eprintln!("not exported: fix the errors above first");
        return EXIT_ERRORS;
    }
    let files = match files {
        Some(Ok(f)) => f,
        Some(Err(e)) => return usage_error(&format!("cannot draw the tileset: {e}")),
        None => return EXIT_ERRORS,
    };
    match write_files(&files, out) {
        Ok(paths) => {
            for p in paths {
                outln!("wrote {}", p.display());
            }
            EXIT_OK
        }
        Err(e) => usage_error(&e.to_string()),
    }
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
    let Some(map) = imported.map.as_ref().filter(|_| !imported.has_errors()) else {
        eprintln!("not imported: fix the errors above first");
        return EXIT_ERRORS;
    };
    if let Err(e) = write_atomic(out, map_ron(map).as_bytes()) {
        return usage_error(&format!("cannot write {}: {e}", out.display()));
    }
    outln!("wrote {}", out.display());
    EXIT_OK
}
