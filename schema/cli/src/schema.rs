//! `saberc schema`: write the JSON Schemas of maps, scenarios, battles and exports.
use std::path::Path;

use saber_schema::files::write_atomic;
use saber_schema::pipeline::schema::{SCHEMA_FILES, schema_text};

use crate::{EXIT_OK, shown, usage_error};

pub(crate) fn schema_cmd(out: Option<&Path>) -> i32 {
    match out {
        None => {
            out!(
                "{}",
                schema_text(&saber_schema::pipeline::schema::scenario_schema())
            );
            EXIT_OK
        }
        Some(dir) => {
            if let Err(e) = std::fs::create_dir_all(dir) {
                return usage_error(&format!("cannot create {}: {e}", shown(dir)));
            }
            for (name, make) in SCHEMA_FILES {
                let path = dir.join(name);
                if let Err(e) = write_atomic(&path, schema_text(&make()).as_bytes()) {
                    return usage_error(&format!("cannot write {}: {e}", shown(&path)));
                }
                outln!("wrote {}", shown(&path));
            }
            let path = dir.join(crate::report::REPORT_SCHEMA_FILE);
            let text = schema_text(&crate::report::report_schema());
            if let Err(e) = write_atomic(&path, text.as_bytes()) {
                return usage_error(&format!("cannot write {}: {e}", path.display()));
            }
            outln!("wrote {}", path.display());
            EXIT_OK
        }
    }
}
