//! `saberc schema`: write the JSON Schemas of maps, scenarios, battles and exports.
use std::path::Path;

use saber_schema::files::{Target, WriteError};
use saber_schema::pipeline::games::schema_files;
use saber_schema::pipeline::schema::schema_text;

use crate::{EXIT_OK, is_dash, shown, write_failed};

pub(crate) fn schema_cmd(out: Option<&Path>) -> i32 {
    match out.filter(|d| !is_dash(d)) {
        None => {
            out!(
                "{}",
                schema_text(&saber_schema::pipeline::schema::scenario_schema())
            );
            EXIT_OK
        }
        Some(dir) => {
            if let Err(e) = saber_schema::files::output_folder(dir) {
                return write_failed(&e);
            }
            let mut files: Vec<(&str, String)> = schema_files()
                .into_iter()
                .map(|(name, make)| (name, schema_text(&make())))
                .collect();
            files.push((
                crate::report::REPORT_SCHEMA_FILE,
                schema_text(&crate::report::report_schema()),
            ));
            for (name, text) in files {
                let path = dir.join(name);
                if let Err(e) = write_one(&path, &text) {
                    return write_failed(&e);
                }
                outln!("wrote {}", shown(&path));
            }
            EXIT_OK
        }
    }
}

/// One schema file of the output folder (a link or a node there is refused).
fn write_one(path: &Path, text: &str) -> Result<(), WriteError> {
    Target::in_folder(path).write(text.as_bytes()).map(|_| ())
}
