//! `saberc fmt FILE...` (`--check`): maps, scenarios and battles (RON or JSON) in their
//! canonical layout. Folders are searched as `check` searches them, and only the files whose
//! `format` names a map, scenario or battle are formatted; each file is held to check's limits
//! before it is formatted.
use std::path::PathBuf;

use saber_schema::diagnostic::{Code, Diagnostic};
use saber_schema::files::{FileState, Target};
use saber_schema::output::format::format_text;
use saber_schema::pipeline::WalkOptions;
use saber_schema::pipeline::locate::location_at;
use saber_schema::pipeline::parse::{check_limits, detect, named_kind};
use saber_schema::pipeline::read::{Source, head_names_saber_format};

use crate::report::human;
use crate::{EXIT_ERRORS, EXIT_OK, EXIT_USAGE, shown};

pub(crate) fn fmt_cmd(paths: &[PathBuf], check: bool, walk: WalkOptions) -> i32 {
    // A folder that cannot be searched is reported, and the rest is formatted.
    let (collected, mut unreadable) = match crate::collect_for_writing(paths, &walk) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let files: Vec<&PathBuf> = collected.files.iter().collect();
    let mut left_alone: Vec<&PathBuf> = Vec::new();
    let mut would_change = Vec::new();
    let mut failed = false;
    // Maps, scenarios and battles within the limits: the files fmt formats.
    let mut formattable = 0usize;
    for file in &files {
        // Taken before reading: the write refuses if the file changes after this.
        let state = FileState::of(file).ok();
        let src = match Source::read(file) {
            Ok(s) => s,
            Err(d) => {
                // Someone else's file too large to read is theirs to leave alone too.
                if d.code == Code::FileTooLarge
                    && !collected.is_named(file)
                    && !head_names_saber_format(file)
                {
                    left_alone.push(file);
                    continue;
                }
                eprint!("{}", human(&d, None, false));
                if d.code == Code::FileTooLarge {
                    failed = true;
                } else {
                    unreadable = true;
                }
                continue;
            }
        };
        if named_kind(&src).is_none() {
            if !collected.is_named(file) {
                // Found in a folder: someone else's JSON (package.json, .vscode/settings.json).
                left_alone.push(file);
                continue;
            }
            // Named: say why it is refused (a syntax error hiding the `format` field is an
            // error in the file; anything else is not a file fmt formats).
            match detect(&src) {
                Err(d) if d.code == Code::Syntax => {
                    eprint!("{}", human(&d.in_file(file), Some(&src.text), false));
                    failed = true;
                }
                _ => {
                    eprintln!(
                        "error: {} is not a map, scenario or battle (its `format` field names \
                         none), so saberc fmt leaves it alone",
                        shown(file)
                    );
                    unreadable = true;
                }
            }
            continue;
        }
        // Check's limits next: a file `check` refuses is refused here, before any work.
        if let Err(d) = check_limits(&src.text) {
            let d = d.in_file(file);
            eprint!("{}", human(&d, Some(&src.text), false));
            failed = true;
            continue;
        }
        formattable += 1;
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
            outln!("would reformat {}", shown(file));
            would_change.push(file);
        } else if let Err(e) = Target::file(file)
            .read_back()
            .unchanged_since(state)
            .write(out.as_bytes())
        {
            crate::write_failed(&e);
            unreadable = true;
        } else {
            outln!("formatted {}", shown(file));
        }
    }
    if !left_alone.is_empty() {
        let names: Vec<String> = left_alone.iter().take(3).map(|p| shown(p)).collect();
        eprintln!(
            "note: left alone {} .ron/.json {} ({}{})",
            left_alone.len(),
            if left_alone.len() == 1 {
                "file that is not a map, scenario or battle"
            } else {
                "files that are not maps, scenarios or battles"
            },
            names.join(", "),
            if left_alone.len() > 3 { ", …" } else { "" }
        );
    }
    not_searched_note(&collected.skipped);
    if check && !would_change.is_empty() {
        eprintln!(
            "{} of {} files would be reformatted: run `saberc fmt` on them",
            would_change.len(),
            formattable
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

/// The note on what a folder search left out on purpose (but version-control internals), as
/// `fmt` and `migrate` end with it.
pub(crate) fn not_searched_note(skipped: &[(PathBuf, &'static str)]) {
    let not_searched: Vec<String> = skipped
        .iter()
        .filter(|(_, why)| *why != "version-control internals")
        .map(|(p, why)| format!("{} ({why})", shown(p)))
        .collect();
    if !not_searched.is_empty() {
        eprintln!(
            "note: not searched: {}{}",
            not_searched[..not_searched.len().min(5)].join(", "),
            if not_searched.len() > 5 {
                format!(" and {} more", not_searched.len() - 5)
            } else {
                String::new()
            }
        );
    }
}
