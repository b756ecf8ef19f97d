//! `saberc migrate FILE...` (`--check`): old spellings of a format version rewritten in place.
//! Only the spans of the old spellings change (`saber_schema::pipeline::migrate`); the file is
//! written by the one safe writer (`files::Target`), which keeps its owner, mode and links and
//! refuses if the file changed since it was read. Folders are searched as `check` and `fmt`
//! search them: a folder that cannot be searched is reported, and the rest is migrated.
use std::path::PathBuf;

use saber_schema::diagnostic::Code;
use saber_schema::files::{FileState, Target};
use saber_schema::pipeline::WalkOptions;
use saber_schema::pipeline::games::old_spellings;
use saber_schema::pipeline::migrate::rewrite;
use saber_schema::pipeline::parse::{DocKind, check_limits, named_kind};
use saber_schema::pipeline::read::{Source, head_names_saber_format};

use crate::report::human;
use crate::{EXIT_ERRORS, EXIT_OK, EXIT_USAGE, shown};

pub(crate) fn migrate_cmd(paths: &[PathBuf], check: bool, walk: WalkOptions) -> i32 {
    // A folder that cannot be searched is reported, and the rest is migrated.
    let (collected, mut unreadable) = match crate::collect_for_writing(paths, &walk) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let mut old_files = 0;
    for file in &collected.files {
        // Taken before reading: the write refuses if the file changes after this.
        let state = FileState::of(file).ok();
        let src = match Source::read(file) {
            Ok(s) => s,
            // Someone else's file too large to read, found in a folder, is left alone, as
            // `fmt` leaves it.
            Err(d)
                if d.code == Code::FileTooLarge
                    && !collected.is_named(file)
                    && !head_names_saber_format(file) =>
            {
                continue;
            }
            Err(d) => {
                eprint!("{}", human(&d, None, false));
                unreadable = true;
                continue;
            }
        };
        // Only scenarios and (Musket & Saber) maps have had spellings renamed; battle files
        // have none.
        if !matches!(named_kind(&src), Some(DocKind::Scenario | DocKind::Map)) {
            continue;
        }
        // Check's limits next, as every command that reads a file applies them.
        if let Err(d) = check_limits(&src.text) {
            eprint!("{}", human(&d.in_file(file), Some(&src.text), false));
            unreadable = true;
            continue;
        }
        // The old spellings `check` reads (Rifle & Saber scenarios', Musket & Saber maps').
        let old = old_spellings(&src);
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
    crate::fmt::not_searched_note(&collected.skipped);
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
