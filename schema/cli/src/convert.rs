//! `saberc convert FILE --to json|ron [-o OUT]`: a map, scenario or battle in the other syntax.
use std::path::Path;

use saber_schema::files::write_atomic;
use saber_schema::output::convert::convert;
use saber_schema::pipeline::finish;
use saber_schema::pipeline::read::Syntax;

use crate::report::human;
use crate::{EXIT_ERRORS, EXIT_OK, read_input, usage_error};

/// The syntax to convert to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum To {
    /// JSON (comments are dropped: JSON has none).
    Json,
    /// RON, the authoring format.
    Ron,
}

pub(crate) fn convert_cmd(file: &Path, to: To, out: Option<&Path>) -> i32 {
    let src = match read_input(file) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let syntax = match to {
        To::Json => Syntax::Json,
        To::Ron => Syntax::Ron,
    };
    let converted = match convert(&src, syntax) {
        Ok(c) => c,
        Err(d) => {
            for d in finish(&src, vec![d]) {
                eprint!("{}", human(&d, Some(&src.text), false));
            }
            eprintln!("not converted: fix the error above first");
            return EXIT_ERRORS;
        }
    };
    if converted.dropped_comments {
        eprintln!(
            "note: {} has comments, which JSON cannot hold; they are not in the JSON",
            file.display()
        );
    }
    for key in &converted.dropped_keys {
        if key == "$schema" {
            eprintln!(
                "note: `$schema` (the JSON file's schema, for editors) has no place in RON and was left out; \
                 add it again after converting back to JSON"
            );
        } else {
            eprintln!("note: `{key}` has no place in RON and was left out");
        }
    }
    match out {
        None => {
            out!("{}", converted.text);
            EXIT_OK
        }
        Some(out) => match write_atomic(out, converted.text.as_bytes()) {
            Ok(()) => {
                eprintln!("wrote {}", out.display());
                EXIT_OK
            }
            Err(e) => usage_error(&format!("cannot write {}: {e}", out.display())),
        },
    }
}
