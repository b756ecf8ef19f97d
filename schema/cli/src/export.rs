//! `saberc export`: one self-contained JSON document per scenario, for a game engine.
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use saber_schema::diagnostic::{Diagnostic, Severity};
use saber_schema::files::Target;
use saber_schema::output::export::musket_and_saber as ms_export;
use saber_schema::output::export::{export, write_export};
use saber_schema::pipeline::compile_scenario_with_map;
use saber_schema::pipeline::maps::MapRegistry;
use saber_schema::pipeline::musket_and_saber::{self, is_musket_and_saber};
use saber_schema::pipeline::read::Source;
use saber_schema::pipeline::schema::{MS_EXPORT_SCHEMA_FILE, validate_export, validate_ms_export};

use crate::report::human;
use crate::{
    EXIT_ERRORS, EXIT_OK, inputs_read, is_dash, read_input, registry, shown, usage_error,
    write_failed,
};

pub(crate) fn export_cmd(scenario: &Path, out: &Path, maps: &[PathBuf]) -> i32 {
    if is_dash(out) {
        return usage_error(crate::tiled::FOLDER_NOT_DASH);
    }
    let reg = match registry(maps) {
        Ok(r) => r,
        Err(e) => return usage_error(&e),
    };
    let src = match read_input(scenario) {
        Ok(s) => s,
        Err(code) => return code,
    };
    if is_musket_and_saber(&src) {
        return export_musket_and_saber(scenario, out, &src, &reg);
    }
    let (compiled, diags, origin) = compile_scenario_with_map(&src, &reg);
    let inputs = inputs_read(scenario, origin.as_ref(), &reg);
    let diags = saber_schema::pipeline::finish(&src, diags);
    let errors = print_findings(&src, &diags);
    let Some(c) = compiled.filter(|_| !errors) else {
        eprintln!("not exported: fix the errors above first");
        return EXIT_ERRORS;
    };
    let doc = match export(c.rules, &c.scenario, &c.map, &c.resolved) {
        Ok(doc) => doc,
        Err(d) => {
            eprint!("{}", human(&d.in_file(scenario), None, false));
            return EXIT_ERRORS;
        }
    };
    let value = serde_json::to_value(&doc).expect("exports serialize");
    if !matches_schema(&validate_export(&value), "export.schema.json") {
        return EXIT_ERRORS;
    }
    write_doc(out, &c.scenario.id, &inputs, |w| write_export(&doc, w))
}

/// `saberc export` of a Musket & Saber Quick Play scenario: its own document
/// (`export.musket-and-saber-quick-play.schema.json`), refused on errors as an R&S one is.
fn export_musket_and_saber(scenario: &Path, out: &Path, src: &Source, reg: &MapRegistry) -> i32 {
    let (compiled, diags) = musket_and_saber::compile_scenario(src, reg);
    let inputs = inputs_read(scenario, compiled.as_ref().map(|c| &c.origin), reg);
    let diags = saber_schema::pipeline::finish(src, diags);
    let errors = print_findings(src, &diags);
    let Some(c) = compiled.filter(|_| !errors) else {
        eprintln!("not exported: fix the errors above first");
        return EXIT_ERRORS;
    };
    let doc = match ms_export::export(&c) {
        Ok(doc) => doc,
        Err(d) => {
            eprint!("{}", human(&d.in_file(scenario), None, false));
            return EXIT_ERRORS;
        }
    };
    let value = serde_json::to_value(&doc).expect("exports serialize");
    if !matches_schema(&validate_ms_export(&value), MS_EXPORT_SCHEMA_FILE) {
        return EXIT_ERRORS;
    }
    write_doc(out, &c.scenario.id, &inputs, |w| {
        ms_export::write_export(&doc, w)
    })
}

/// Print the findings; true when one is an error, so nothing is exported.
fn print_findings(src: &Source, diags: &[Diagnostic]) -> bool {
    for d in diags {
        eprint!(
            "{}",
            human(d, Some(&src.text), std::io::stderr().is_terminal())
        );
    }
    diags.iter().any(|d| d.severity == Severity::Error)
}

/// True when the export matches its schema; otherwise each problem is an internal error.
fn matches_schema(problems: &[Diagnostic], schema: &str) -> bool {
    for p in problems {
        eprintln!(
            "internal error: export does not match {schema}: {}",
            p.message
        );
    }
    problems.is_empty()
}

/// Write `<id>.json` into the output folder (never over an input read).
fn write_doc(
    out: &Path,
    id: &str,
    inputs: &[PathBuf],
    write: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>,
) -> i32 {
    if let Err(e) = saber_schema::files::output_folder(out) {
        return write_failed(&e);
    }
    let file = out.join(format!("{id}.json"));
    // A file of the output folder, never the scenario or a map read, and never larger than
    // `check` reads back.
    let mut target = Target::in_folder(&file).read_back();
    for input in inputs {
        target = target.not_over(input);
    }
    if let Err(e) = target.write_with(|w| write(w)) {
        return write_failed(&e);
    }
    outln!("wrote {}", shown(&file));
    EXIT_OK
}
