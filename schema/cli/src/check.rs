//! `saberc check`: check maps, scenarios and battles, files or whole folders.
use std::io::IsTerminal;
use std::path::PathBuf;

use saber_schema::diagnostic::Severity;
use saber_schema::pipeline::{
    FileReport, WalkOptions, check_batch, collect_with, flag_duplicate_map_ids,
};

use crate::report::{Format, Summary, human_all_with, json_all_with, sarif_all};
use crate::{EXIT_ERRORS, EXIT_OK, EXIT_USAGE, registry, usage_error};

pub(crate) fn check(
    paths: &[PathBuf],
    format: Format,
    maps: &[PathBuf],
    deny_warnings: bool,
    walk: WalkOptions,
) -> i32 {
    let collected = match collect_with(paths, &walk) {
        Ok(c) => c,
        Err(d) => return crate::unreadable_path(&d),
    };
    let files = collected.files;
    if files.is_empty() && collected.problems.is_empty() {
        return usage_error(&nothing_found(&collected.skipped));
    }
    let mut reg = match registry(maps) {
        Ok(r) => r,
        Err(e) => return usage_error(&e),
    };
    // A progress bar on a terminal only; checks run in parallel, results keep file order.
    let progress = crate::progress(files.len(), "checking");
    let mut reports = check_batch(&files, &mut reg, &|| progress.inc(1));
    progress.finish_and_clear();
    // Folders that could not be searched are errors of the run, never a silent pass.
    for d in collected.problems {
        let path = d.file.clone().unwrap_or_default();
        reports.push(FileReport::unread(&path, vec![d], None));
    }
    flag_duplicate_map_ids(&mut reports);
    if deny_warnings {
        for r in &mut reports {
            for d in &mut r.diagnostics {
                if d.severity == Severity::Warning {
                    d.severity = Severity::Error;
                }
            }
        }
    }
    let mut summary = Summary::of(&reports);
    summary.skipped = collected
        .skipped
        .iter()
        .map(|(p, reason)| crate::report::Skipped {
            path: p.display().to_string(),
            reason: reason.to_string(),
        })
        .collect();
    let text = match format {
        Format::Human => human_all_with(
            &reports,
            &summary,
            std::io::stderr().is_terminal() && std::io::stdout().is_terminal(),
        ),
        Format::Json => json_all_with(&reports, summary.clone()),
        Format::Sarif => sarif_all(&reports),
        Format::Html => crate::site::findings::check_page(&reports, &summary),
    };
    crate::write_stdout(text.as_bytes());
    let unreadable = reports.iter().any(|r| r.text.is_none());
    if unreadable && summary.errors == reports.iter().filter(|r| r.text.is_none()).count() {
        return EXIT_USAGE;
    }
    if summary.errors > 0 {
        EXIT_ERRORS
    } else {
        EXIT_OK
    }
}

/// The usage error of a search that found no file: what it left out says where to look.
pub(crate) fn nothing_found(skipped: &[(PathBuf, &'static str)]) -> String {
    if skipped.is_empty() {
        "no .ron or .json files found in the given paths (hidden files and what .gitignore or \
         .ignore files name are not searched: --hidden, --no-ignore)"
            .to_string()
    } else {
        format!(
            "no .ron or .json files found in the given paths; not searched: {}",
            skipped
                .iter()
                .take(5)
                .map(|(p, why)| format!("{} ({why})", crate::shown(p)))
                .collect::<Vec<_>>()
                .join(", ")
        )
    }
}
