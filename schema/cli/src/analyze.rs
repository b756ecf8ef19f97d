//! `saberc analyze`: can each side reach, see and hold what it must? A scenario's movement to
//! every victory target, line of sight to each place to hold and between the set-up zones, and
//! the forces, as tables or as JSON (`analysis.schema.json`), for any game: the scenario's game
//! compiles and analyses it ([`saber_schema::output::game::ScenarioOutputs::analysis`]).
use std::path::{Path, PathBuf};

use saber_schema::analysis::human as human_text;
use saber_schema::diagnostic::{Diagnostic, Family, Severity, printable};
use saber_schema::model::analysis::Analysis;
use saber_schema::model::limits::MAX_ALLOWANCE;
use saber_schema::output::game::CompiledFor;
use saber_schema::pipeline::parse::{DocKind, detect};
use saber_schema::queries::playable::GivenAllowances;
use saber_schema::ruleset::Ruleset;
use saber_schema::ruleset::UnitKind;

use crate::report::human;
use crate::{EXIT_ERRORS, EXIT_OK, outputs_of, registry_and_input, usage_error};

/// What `saberc analyze` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum AnalyzeFormat {
    /// Tables, for people.
    Human,
    /// One JSON document (`schema/analysis.schema.json`), for programs.
    Json,
}

/// One `--ma` value: `MZ=4`.
pub fn allowance_arg(s: &str) -> Result<(UnitKind, u32), String> {
    let (code, mp) = s
        .split_once('=')
        .ok_or_else(|| format!("`{s}`: write a unit type and its allowance, as `MZ=4`"))?;
    let kind = UnitKind::from_code(code.trim()).ok_or_else(|| {
        let codes: Vec<&str> = UnitKind::ALL.iter().map(|k| k.code()).collect();
        format!("`{code}` is not a unit type: one of {}", codes.join(", "))
    })?;
    let mp: u32 = mp
        .trim()
        .parse()
        .map_err(|_| format!("`{mp}` is not a whole number of Movement Points"))?;
    // A counter's printed allowance moves it; 0 would move nothing, which the analysis could
    // only show as no arrival, and no counter of the rules prints it.
    if mp == 0 {
        return Err(format!(
            "`{s}`: a Movement Allowance of 0 moves nothing; give the allowance printed on the \
             counter, 1 to {MAX_ALLOWANCE} Movement Points"
        ));
    }
    if mp > MAX_ALLOWANCE {
        return Err(format!(
            "{mp} is over the largest allowance, {MAX_ALLOWANCE}"
        ));
    }
    Ok((kind, mp))
}

pub(crate) fn analyze_cmd(
    input: &Path,
    format: AnalyzeFormat,
    maps: &[PathBuf],
    ma: &[(UnitKind, u32)],
) -> i32 {
    let (reg, src) = match registry_and_input(maps, input) {
        Ok(read) => read,
        Err(code) => return code,
    };
    match detect(&src) {
        Ok((DocKind::Scenario, _)) => {}
        Ok(_) => {
            return usage_error(
                "`saberc analyze` takes a scenario (`format: \"saber-scenario/1\"`); a map has no sides to analyse",
            );
        }
        Err(d) => return crate::stopped(&src, d),
    }
    // The scenario's game compiles and analyses it.
    let outputs = match outputs_of(&src) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let given: GivenAllowances = ma.iter().copied().collect();
    if let Some(why) = outputs.allowances_refused(&given) {
        return usage_error(why);
    }
    let CompiledFor {
        compiled, diags, ..
    } = outputs.compile(&src, &reg);
    let diags = saber_schema::pipeline::finish(&src, diags);
    for d in diags.iter().filter(|d| d.severity == Severity::Error) {
        eprint!("{}", human(d, Some(&src.text), false));
    }
    // A playability finding (PLY) is an answer about movement, which is what `analyze`
    // shows: only other errors stop it.
    let blocking = |d: &Diagnostic| d.is_error() && d.code.info().family != Family::Playability;
    let Some(c) = compiled.filter(|_| !diags.iter().any(blocking)) else {
        eprintln!("not analysed: fix the errors above first");
        return EXIT_ERRORS;
    };
    let report = c.analysis(&given);
    print(&report, c.rules(), format);
    // Analysed, with its playability errors said above.
    if diags.iter().any(Diagnostic::is_error) {
        EXIT_ERRORS
    } else {
        EXIT_OK
    }
}

/// Print an analysis in the format asked for.
fn print(report: &Analysis, rules: &Ruleset, format: AnalyzeFormat) {
    match format {
        // Written as it is serialized: the report of the largest scenario is tens of megabytes
        // of paths, which a string built whole (and copied into a line) held twice over.
        AnalyzeFormat::Json => {
            use std::io::Write;
            let mut out = std::io::BufWriter::with_capacity(1 << 16, crate::Stdout);
            serde_json::to_writer_pretty(&mut out, report).expect("an analysis serializes");
            out.write_all(b"\n")
                .and_then(|()| out.flush())
                .expect("standard output takes every byte");
        }
        // Names and goals come from the file: nothing in them may drive the terminal.
        AnalyzeFormat::Human => {
            let text = human_text(report, rules);
            out!("{}", printable(&text, text.chars().count()))
        }
    }
}
