//! The registry decides: every diagnostic `saberc check` gives for the bad corpus, the good
//! fixtures and the seventeen scenarios has its registry row's severity (or is a warning an
//! interpretation note explains, reported as a note) and cites only sections its row lists.

use std::path::PathBuf;

use saber_schema::diagnostic::{Diagnostic, Severity};
use saber_schema::pipeline::check_path;
use saber_schema::pipeline::maps::MapRegistry;
use saber_tests::{historical_files, repo};

fn files_in(dir: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(repo(dir))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron" || e == "json"))
        .collect();
    files.sort();
    files
}

/// What is wrong with one emitted diagnostic, measured against its row (in a Musket & Saber
/// file, against the M&S sections: the row's for the M&S codes, the ruleset's for the shared
/// ones); `None` if nothing.
fn disagreement(d: &Diagnostic, musket_and_saber: bool) -> Option<String> {
    let row = d.code.info();
    let explained = row.severity == Severity::Warning
        && d.severity == Severity::Note
        && d.hint
            .as_deref()
            .is_some_and(|h| h.starts_with("expected: explained by"));
    if d.severity != row.severity && !explained {
        return Some(format!(
            "{} is a {:?} but its row says {:?}: {}",
            d.code, d.severity, row.severity, d.message
        ));
    }
    use saber_schema::ruleset::{Citation, Game, musket_and_saber::OWN_CODES};
    let rule = match Game::MusketAndSaberQuickPlay.ruleset().citation(row.id) {
        Citation::Own(section) if musket_and_saber && !OWN_CODES.contains(&row.id) => section,
        _ => row.rule,
    };
    let listed = |s: &str| rule.is_some_and(|r| r == s || r.split(',').any(|x| x.trim() == s));
    match &d.rule {
        Some(r) if !listed(r) => Some(format!(
            "{} cites {r}, its row {:?}: {}",
            d.code, rule, d.message
        )),
        None if rule.is_some() => Some(format!(
            "{} cites no rule, its row {:?}: {}",
            d.code, rule, d.message
        )),
        _ => None,
    }
}

#[test]
fn every_emitted_severity_and_rule_is_the_registry_rows() {
    let mut reg = MapRegistry::new();
    reg.add_root(&repo("tests/fixtures/maps")).unwrap();
    reg.add_root(&repo("maps")).unwrap();
    let mut files = files_in("tests/fixtures/bad");
    files.extend(files_in("tests/fixtures/good"));
    files.extend(historical_files());
    let mut problems = Vec::new();
    for f in &files {
        let diags = check_path(f, &reg).diagnostics;
        let musket_and_saber = saber_schema::pipeline::read::Source::read(f).is_ok_and(|src| {
            saber_schema::pipeline::parse::detect_game(&src)
                .ok()
                .flatten()
                == Some(saber_schema::ruleset::Game::MusketAndSaberQuickPlay)
        });
        if f.starts_with(repo("tests/fixtures/bad")) && diags.is_empty() {
            problems.push(format!("{}: a bad file without findings", f.display()));
        }
        for d in diags {
            if let Some(p) = disagreement(&d, musket_and_saber) {
                problems.push(format!("{}: {p}", f.display()));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The test above can fail: a diagnostic whose severity was changed after it was made is
/// named.
#[test]
fn a_severity_other_than_the_rows_is_named() {
    let mut d = Diagnostic::new(
        saber_schema::diagnostic::Code::SetupOnRiver,
        "a unit on a river hex",
    );
    assert_eq!(disagreement(&d, false), None);
    d.severity = Severity::Warning;
    assert!(disagreement(&d, false).is_some_and(|p| p.contains("DEP009")));
    // In a Musket & Saber file a shared code cites the M&S section, never Rifle & Saber's.
    let mut s = Diagnostic::new(saber_schema::diagnostic::Code::OverStacked, "over-stacked");
    assert!(disagreement(&s, true).is_some_and(|p| p.contains("cites 7.0")));
    s.rule = Some("5.0".to_string());
    assert_eq!(disagreement(&s, true), None);
}
