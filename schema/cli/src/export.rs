//! `saberc export`: one self-contained JSON document per scenario, for a game engine.
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use saber_schema::diagnostic::Severity;
use saber_schema::files::Target;
use saber_schema::output::export::{export, write_export};
use saber_schema::pipeline::compile_scenario_with_map;
use saber_schema::pipeline::schema::validate_export;

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
    let (compiled, diags, origin) = compile_scenario_with_map(&src, &reg);
    let inputs = inputs_read(scenario, origin.as_ref(), &reg);
    let diags = saber_schema::pipeline::finish(&src, diags);
    for d in &diags {
        eprint!(
            "{}",
            human(d, Some(&src.text), std::io::stderr().is_terminal())
        );
    }
    let Some(c) = compiled.filter(|_| !diags.iter().any(|d| d.severity == Severity::Error)) else {
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
    let problems = validate_export(&value);
    if !problems.is_empty() {
        for p in &problems {
            eprintln!(
                "internal error: export does not match export.schema.json: {}",
                p.message
            );
        }
        return EXIT_ERRORS;
    }
    if let Err(e) = std::fs::create_dir_all(out) {
        return usage_error(&format!("cannot create {}: {e}", shown(out)));
    }
    let file = out.join(format!("{}.json", c.scenario.id));
    // A file of the output folder, never the scenario or a map read, and never larger than
    // `check` reads back.
    let mut target = Target::in_folder(&file).read_back();
    for input in &inputs {
        target = target.not_over(input);
    }
    if let Err(e) = target.write_with(|w| write_export(&doc, w)) {
        return write_failed(&e);
    }
    outln!("wrote {}", shown(&file));
    EXIT_OK
}
