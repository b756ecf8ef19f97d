//! `saberc export`: one self-contained JSON document per scenario, for a game engine.
use std::path::{Path, PathBuf};

use saber_schema::diagnostic::Diagnostic;
use saber_schema::files::Target;

use crate::report::human;
use crate::{
    EXIT_ERRORS, EXIT_OK, compile_for_outputs, is_dash, registry_and_input, shown, usage_error,
    write_failed,
};

pub(crate) fn export_cmd(scenario: &Path, out: &Path, maps: &[PathBuf]) -> i32 {
    if is_dash(out) {
        return usage_error(crate::tiled::FOLDER_NOT_DASH);
    }
    let (reg, src) = match registry_and_input(maps, scenario) {
        Ok(read) => read,
        Err(code) => return code,
    };
    // The scenario's game compiles it and makes its export.
    let (compiled, diags, inputs) = match compile_for_outputs(scenario, &src, &reg) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let errors = crate::print_findings(&src, &diags);
    let Some(c) = compiled.filter(|_| !errors) else {
        eprintln!("not exported: fix the errors above first");
        return EXIT_ERRORS;
    };
    let doc = match c.export() {
        Ok(doc) => doc,
        Err(d) => {
            eprint!("{}", human(&d.in_file(scenario), None, false));
            return EXIT_ERRORS;
        }
    };
    if !matches_schema(&doc.schema_problems(), doc.schema_file()) {
        return EXIT_ERRORS;
    }
    write_doc(out, c.id(), &inputs, |w| doc.write(w))
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
    let target = (inputs.iter()).fold(Target::in_folder(&file).read_back(), |t, i| t.not_over(i));
    if let Err(e) = target.write_with(|w| write(w)) {
        return write_failed(&e);
    }
    outln!("wrote {}", shown(&file));
    EXIT_OK
}
