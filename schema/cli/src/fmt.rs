//! `saberc fmt FILE...` (`--check`): RON and JSON files in their canonical layout.
use std::path::PathBuf;

use saber_schema::diagnostic::{Code, Diagnostic};
use saber_schema::files::write_atomic;
use saber_schema::output::format::format_text;
use saber_schema::pipeline::collect_files;
use saber_schema::pipeline::locate::location_at;
use saber_schema::pipeline::read::Source;

use crate::report::human;
use crate::{EXIT_ERRORS, EXIT_OK, EXIT_USAGE, usage_error};

pub(crate) fn fmt_cmd(paths: &[PathBuf], check: bool) -> i32 {
    let files = match collect_files(paths) {
        Ok(f) => f,
        Err(d) => return usage_error(&d.message),
    };
    if files.is_empty() {
        return usage_error("no .ron or .json files found in the given paths");
    }
    let mut would_change = Vec::new();
    let mut failed = false;
    let mut unreadable = false;
    for file in &files {
        let src = match Source::read(file) {
            Ok(s) => s,
            Err(d) => {
                eprint!("{}", human(&d, None, false));
                unreadable = true;
                continue;
            }
        };
        let out = match format_text(&src.text, src.syntax) {
            Ok(out) => out,
            Err(e) => {
                let d = Diagnostic::new(Code::Syntax, format!("cannot format: {}", e.message))
                    .in_file(file)
                    .at_location(location_at(&src.text, e.offset, 1));
                eprint!("{}", human(&d, Some(&src.text), false));
                failed = true;
                continue;
            }
        };
        if out == src.text {
            continue;
        }
        if check {
            println!("would reformat {}", file.display());
            would_change.push(file);
        } else if let Err(e) = write_atomic(file, out.as_bytes()) {
            eprintln!("error: cannot write {}: {e}", file.display());
            unreadable = true;
        } else {
            println!("formatted {}", file.display());
        }
    }
    if check && !would_change.is_empty() {
        eprintln!(
            "{} of {} files would be reformatted: run `saberc fmt` on them",
            would_change.len(),
            files.len()
        );
    }
    if unreadable {
        EXIT_USAGE
    } else if failed || !would_change.is_empty() {
        EXIT_ERRORS
    } else {
        EXIT_OK
    }
}
