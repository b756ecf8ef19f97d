//! `saberc migrate FILE...` (`--check`): old spellings of a format version rewritten in place.
//! Only the spans of the old spellings change (`saber_schema::pipeline::migrate`); the file is
//! written by the one safe writer (`files::Target`), which keeps its owner, mode and links and
//! refuses if the file changed since it was read.
use std::path::PathBuf;

use saber_schema::files::{FileState, Target};
use saber_schema::pipeline::collect_files;
use saber_schema::pipeline::migrate::{old_spellings, rewrite};
use saber_schema::pipeline::parse::{DocKind, check_limits, detect};
use saber_schema::pipeline::read::Source;

use crate::report::human;
use crate::{EXIT_ERRORS, EXIT_OK, EXIT_USAGE, shown, usage_error};

pub(crate) fn migrate_cmd(paths: &[PathBuf], check: bool) -> i32 {
    let files = match collect_files(paths) {
        Ok(f) => f,
        Err(d) => return usage_error(&d.message),
    };
    if files.is_empty() {
        return usage_error("no .ron or .json files found in the given paths");
    }
    let mut old_files = 0;
    let mut unreadable = false;
    for file in &files {
        // Taken before reading: the write refuses if the file changes after this.
        let state = FileState::of(file).ok();
        let src = match Source::read(file) {
            Ok(s) => s,
            Err(d) => {
                eprint!("{}", human(&d, None, false));
                unreadable = true;
                continue;
            }
        };
        // Only scenarios have had spellings renamed (maps and battle files have none).
        if !matches!(detect(&src), Ok((DocKind::Scenario, _))) {
            continue;
        }
        // Check's limits first, as every command that reads a file applies them.
        if let Err(d) = check_limits(&src.text) {
            eprint!("{}", human(&d.in_file(file), Some(&src.text), false));
            unreadable = true;
            continue;
        }
        let old = old_spellings(&src.text, src.syntax);
        if old.is_empty() {
            continue;
        }
        old_files += 1;
        if check {
            for o in &old {
                eprint!(
                    "{}",
                    human(&o.note(&src.text).in_file(file), Some(&src.text), false)
                );
            }
            outln!(
                "would migrate {} ({} old spellings)",
                shown(file),
                old.len()
            );
        } else if let Err(e) = Target::file(file)
            .read_back()
            .unchanged_since(state)
            .write(rewrite(&src.text, &old).as_bytes())
        {
            crate::write_failed(&e);
            unreadable = true;
        } else {
            outln!("migrated {} ({} old spellings)", shown(file), old.len());
        }
    }
    if check && old_files > 0 {
        eprintln!("{old_files} files have old spellings: run `saberc migrate` on them");
    }
    if unreadable {
        EXIT_USAGE
    } else if check && old_files > 0 {
        EXIT_ERRORS
    } else {
        EXIT_OK
    }
}
