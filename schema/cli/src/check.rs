//! `saberc check`: check maps, scenarios and battles, files or whole folders.
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use rayon::prelude::*;
use saber_schema::diagnostic::Severity;
use saber_schema::pipeline::{check_path, collect_files, flag_duplicate_map_ids};

use crate::report::{Format, Summary, human_all, json_all, sarif_all};
use crate::{EXIT_ERRORS, EXIT_OK, EXIT_USAGE, registry, usage_error};

pub(crate) fn check(
    paths: &[PathBuf],
    format: Format,
    maps: &[PathBuf],
    deny_warnings: bool,
) -> i32 {
    let files = match collect_files(paths) {
        Ok(f) => f,
        Err(d) => return usage_error(&d.message),
    };
    if files.is_empty() {
        return usage_error("no .ron or .json files found in the given paths");
    }
    let reg = match registry(maps) {
        Ok(r) => r,
        Err(e) => return usage_error(&e),
    };
    // A progress bar on a terminal only; checks run in parallel (rayon), results keep file order.
    let progress = if std::io::stderr().is_terminal() && files.len() > 1 {
        let pb = indicatif::ProgressBar::new(files.len() as u64);
        pb.set_style(
            indicatif::ProgressStyle::with_template(
                "{spinner} checking {pos}/{len} files {bar:30} {per_sec} {eta}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        pb
    } else {
        indicatif::ProgressBar::hidden()
    };
    let mut reports: Vec<_> = files
        .par_iter()
        .map(|f| {
            let r = check_path(f, &reg);
            progress.inc(1);
            r
        })
        .collect();
    progress.finish_and_clear();
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
    let text = match format {
        Format::Human => human_all(
            &reports,
            std::io::stderr().is_terminal() && std::io::stdout().is_terminal(),
        ),
        Format::Json => json_all(&reports),
        Format::Sarif => sarif_all(&reports),
    };
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes());
    let summary = Summary::of(&reports);
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
