//! `saberc new scenario --map ID [-o FILE]`, `saberc new map --width W --height H [-o FILE]`:
//! commented skeletons to start from.
use std::path::{Path, PathBuf};

use clap::Subcommand;
use saber_schema::files::write_atomic;
use saber_schema::output::skeleton::{id_from_name, map_skeleton, scenario_skeleton};

use crate::report::human;
use crate::{EXIT_ERRORS, EXIT_OK, registry, usage_error};

/// What to start.
#[derive(Debug, Subcommand)]
pub enum New {
    /// A scenario on a map: every value to fill in is left empty, and `saberc check` names it.
    Scenario {
        /// The map: a map id (`rifle-and-saber`, or the id of a map in --maps DIR) or a path
        /// relative to the new file.
        #[arg(long, value_name = "ID")]
        map: String,
        /// The file to write (its name gives the scenario id); without it, print the skeleton.
        #[arg(short = 'o', long = "out", value_name = "FILE")]
        out: Option<PathBuf>,
        /// Directories holding maps the scenario may name.
        #[arg(long = "maps", value_name = "DIR")]
        maps: Vec<PathBuf>,
    },
    /// A map of clear hexes, to paint.
    Map {
        /// Columns (1 to 1000).
        #[arg(long)]
        width: u32,
        /// Rows (1 to 1000).
        #[arg(long)]
        height: u32,
        /// The file to write (its name gives the map id); without it, print the skeleton.
        #[arg(short = 'o', long = "out", value_name = "FILE")]
        out: Option<PathBuf>,
    },
}

pub(crate) fn new_cmd(what: &New) -> i32 {
    match what {
        New::Scenario { map, out, maps } => {
            let reg = match registry(maps) {
                Ok(r) => r,
                Err(e) => return usage_error(&e),
            };
            // The map is found as the new file will find it: from the file's own directory.
            let at = out
                .clone()
                .unwrap_or_else(|| PathBuf::from("new-scenario.ron"));
            let resolved = match reg.resolve(map, &at) {
                Ok(m) => m,
                Err(d) => {
                    eprint!("{}", human(&d, None, false));
                    return EXIT_ERRORS;
                }
            };
            let id = id_from_name(stem(out.as_deref()).as_deref(), "new-scenario");
            emit(out.as_deref(), &scenario_skeleton(&resolved.map, map, &id))
        }
        New::Map { width, height, out } => {
            let id = id_from_name(stem(out.as_deref()).as_deref(), "new-map");
            match map_skeleton(*width, *height, &id) {
                Ok(text) => emit(out.as_deref(), &text),
                Err(e) => usage_error(&e.to_string()),
            }
        }
    }
}

fn stem(path: Option<&Path>) -> Option<String> {
    path.and_then(|p| p.file_stem())
        .map(|s| s.to_string_lossy().into_owned())
}

/// Print the skeleton, or write it to a new file (an existing file is never replaced).
fn emit(out: Option<&Path>, text: &str) -> i32 {
    let Some(out) = out else {
        out!("{text}");
        return EXIT_OK;
    };
    if out
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
    {
        return usage_error(
            "skeletons are RON (they are commented): write FILE.ron, then `saberc convert FILE.ron --to json` if you want JSON",
        );
    }
    if out.exists() {
        return usage_error(&format!(
            "{} exists; saberc new never replaces a file: choose another name",
            out.display()
        ));
    }
    match write_atomic(out, text.as_bytes()) {
        Ok(()) => {
            outln!("wrote {}", out.display());
            EXIT_OK
        }
        Err(e) => usage_error(&format!("cannot write {}: {e}", out.display())),
    }
}
