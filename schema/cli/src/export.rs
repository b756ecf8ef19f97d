//! `saberc export`: one self-contained JSON document per scenario, for a game engine.
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use saber_schema::diagnostic::Severity;
use saber_schema::files::write_atomic_with;
use saber_schema::output::export::{export, write_export};
use saber_schema::pipeline::compile_scenario;
use saber_schema::pipeline::schema::validate_export;

use crate::report::human;
use crate::{EXIT_ERRORS, EXIT_OK, read_input, registry, shown, usage_error};

pub(crate) fn export_cmd(scenario: &Path, out: &Path, maps: &[PathBuf]) -> i32 {
    let reg = match registry(maps) {
        Ok(r) => r,
        Err(e) => return usage_error(&e),
    };
    let src = match read_input(scenario) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let (compiled, diags) = compile_scenario(&src, &reg);
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
    let doc = match export(&c.scenario, &c.map, &c.resolved) {
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
    if let Err(e) = write_atomic_with(&file, |w| write_export(&doc, w)) {
        return usage_error(&format!("cannot write {}: {e}", shown(&file)));
    }
    outln!("wrote {}", shown(&file));
    EXIT_OK
}
