//! `saberc`: check, export, schema. Exit codes: 0 clean (warnings allowed), 1 errors found,
//! 2 usage or I/O failure.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};
use rayon::prelude::*;

use crate::compile::{MapRegistry, check_path, collect_files, compile_scenario, load_map};
use crate::diagnostic::{Diagnostic, Severity};
use crate::export::{export, export_text};
use crate::json_schema::{SCHEMA_FILES, schema_text, validate_export};
use crate::compile::FileReport;
use crate::report::{Format, Summary, human, human_all_with, json_all_with, sarif_all};
use crate::source::{DocKind, Source, detect};

/// Exit code: clean.
pub const EXIT_OK: i32 = 0;
/// Exit code: errors found in the input.
pub const EXIT_ERRORS: i32 = 1;
/// Exit code: usage or I/O failure.
pub const EXIT_USAGE: i32 = 2;

/// The Rifle & Saber scenario compiler.
#[derive(Debug, Parser)]
#[command(
    name = "saberc",
    version,
    about = "Check, export and document Rifle & Saber maps and scenarios"
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check maps and scenarios (files or directories, searched recursively).
    Check {
        /// Files or directories.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
        /// Directories holding maps that scenarios may name (repeatable).
        #[arg(long = "maps", value_name = "DIR")]
        maps: Vec<PathBuf>,
        /// Treat warnings as errors (`--deny warnings`).
        #[arg(long, value_name = "warnings")]
        deny: Option<DenyWhat>,
    },
    /// Export a scenario as one self-contained JSON document for a game engine.
    Export {
        /// The scenario file.
        scenario: PathBuf,
        /// Output directory; the file is named after the scenario id.
        #[arg(short = 'o', long = "out", value_name = "DIR")]
        out: PathBuf,
        /// Directories holding maps the scenario may name.
        #[arg(long = "maps", value_name = "DIR")]
        maps: Vec<PathBuf>,
    },
    /// Draw a map, or a scenario's zones over its map, as SVG or PNG.
    Render {
        /// A map or scenario file.
        input: PathBuf,
        /// Output file: `.svg` or `.png`.
        #[arg(short = 'o', long = "out", value_name = "FILE")]
        out: PathBuf,
        /// Width of a PNG in pixels.
        #[arg(long, default_value_t = 2400)]
        width: u32,
        /// Draw a scenario's printable card (one A4 page: map and zones, forces, victory
        /// conditions, special rules) instead of the map alone.
        #[arg(long)]
        card: bool,
        /// Directories holding maps the scenario may name.
        #[arg(long = "maps", value_name = "DIR")]
        maps: Vec<PathBuf>,
    },
    /// Factor a historical battle into an order of battle or a scenario skeleton (11.18).
    Factor(crate::factor::FactorArgs),
    /// Write the JSON Schemas of maps, scenarios and exports.
    Schema {
        /// Output directory (the three files); without it, print the scenario schema.
        #[arg(short = 'o', long = "out", value_name = "DIR")]
        out: Option<PathBuf>,
    },
}

/// What `--deny` can promote to errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DenyWhat {
    /// Warnings.
    Warnings,
}

/// The whole program: parse the command line, run, exit with the code.
pub fn main() -> ! {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            // clap: --help and --version are not errors.
            std::process::exit(if e.use_stderr() { EXIT_USAGE } else { EXIT_OK });
        }
    };
    std::process::exit(run(cli));
}

/// Run the CLI; returns the exit code.
pub fn run(cli: Cli) -> i32 {
    match cli.command {
        Command::Check {
            paths,
            format,
            maps,
            deny,
        } => check(&paths, format, &maps, deny.is_some()),
        Command::Export {
            scenario,
            out,
            maps,
        } => export_cmd(&scenario, &out, &maps),
        Command::Schema { out } => schema_cmd(out.as_deref()),
        Command::Factor(args) => match crate::factor::run(&args) {
            Ok(text) => {
                print!("{text}");
                EXIT_OK
            }
            Err(e) => {
                eprintln!("error: {e}");
                if e.is_input_error() {
                    EXIT_ERRORS
                } else {
                    EXIT_USAGE
                }
            }
        },
        Command::Render {
            input,
            out,
            width,
            card,
            maps,
        } => render_cmd(&input, &out, width, card, &maps),
    }
}

fn usage_error(msg: &str) -> i32 {
    eprintln!("error: {msg}");
    EXIT_USAGE
}

/// Build the map registry: map directories given, plus maps among the checked files.
fn registry(maps: &[PathBuf], files: &[PathBuf]) -> Result<MapRegistry, String> {
    let mut reg = MapRegistry::new();
    let mut candidates = files.to_vec();
    for dir in maps {
        if !dir.is_dir() {
            return Err(format!("--maps {}: not a directory", dir.display()));
        }
        reg.add_root(dir);
        candidates.extend(collect_files(std::slice::from_ref(dir)).map_err(|d| d.message)?);
    }
    for f in candidates {
        if !crate::source::looks_like_map(&f) {
            continue;
        }
        let Ok(src) = Source::read(&f) else { continue };
        if let Ok((DocKind::Map, _)) = detect(&src)
            && let (Some(map), diags) = load_map(&src)
            && !diags.iter().any(|d| d.severity == Severity::Error)
        {
            reg.add(f.clone(), map);
        }
    }
    Ok(reg)
}

fn check(paths: &[PathBuf], format: Format, maps: &[PathBuf], deny_warnings: bool) -> i32 {
    let collected = match crate::compile::collect(paths) {
        Ok(c) => c,
        Err(d) => return usage_error(&d.message),
    };
    let files = collected.files;
    if files.is_empty() && collected.problems.is_empty() {
        return usage_error("no .ron or .json files found in the given paths");
    }
    let reg = match registry(maps, &files) {
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
    // Folders that could not be searched are errors of the run, never a silent pass.
    for d in collected.problems {
        reports.push(FileReport {
            path: d.file.clone().unwrap_or_default(),
            text: None,
            kind: None,
            diagnostics: vec![d],
        });
    }
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
            reason,
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
    };
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes());
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

fn export_cmd(scenario: &Path, out: &Path, maps: &[PathBuf]) -> i32 {
    let reg = match registry(maps, &[]) {
        Ok(r) => r,
        Err(e) => return usage_error(&e),
    };
    let src = match Source::read(scenario) {
        Ok(s) => s,
        Err(d) => {
            eprint!("{}", human(&d, None, false));
            return EXIT_USAGE;
        }
    };
    let (compiled, diags) = compile_scenario(&src, &reg);
    let diags = crate::compile::finish(&src, diags);
    for d in &diags {
        eprint!(
            "{}",
            human(d, Some(&src.text), std::io::stderr().is_terminal())
        );
    }
    let Some(c) = compiled.filter(|_| !diags.iter().any(|d| d.severity == Severity::Error)) else {
        eprintln!("not exported: fix the errors above first");
        return EXIT_ERRORS;
    };
    let doc = export(&c.scenario, &c.map, &c.resolved);
    let value = serde_json::to_value(&doc).expect("exports serialize");
    let problems = validate_export(&value);
    if !problems.is_empty() {
        for p in &problems {
            eprintln!(
                "internal error: export does not match export.schema.json: {}",
                p.message
            );
        }
        return EXIT_ERRORS;
    }
    if let Err(e) = std::fs::create_dir_all(out) {
        return usage_error(&format!("cannot create {}: {e}", out.display()));
    }
    let file = out.join(format!("{}.json", c.scenario.id));
    if let Err(e) = write_atomic(&file, export_text(&doc).as_bytes()) {
        return usage_error(&format!("cannot write {}: {e}", file.display()));
    }
    println!("wrote {}", file.display());
    EXIT_OK
}

fn render_cmd(input: &Path, out: &Path, width: u32, card: bool, maps: &[PathBuf]) -> i32 {
    use crate::render::{map_png, map_svg};
    let ext = out
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    if ext != "svg" && ext != "png" {
        return usage_error("the output file must end in .svg or .png");
    }
    let reg = match registry(maps, &[]) {
        Ok(r) => r,
        Err(e) => return usage_error(&e),
    };
    let src = match Source::read(input) {
        Ok(s) => s,
        Err(d) => {
            eprint!("{}", human(&d, None, false));
            return EXIT_USAGE;
        }
    };
    let (kind, _) = match detect(&src) {
        Ok(k) => k,
        Err(d) => {
            eprint!(
                "{}",
                human(
                    &crate::compile::finish(&src, vec![d])[0],
                    Some(&src.text),
                    false
                )
            );
            return EXIT_ERRORS;
        }
    };
    let (map, overlays, title) = match kind {
        DocKind::Battle => {
            return usage_error(
                "a battle file has no map to draw: factor it into a scenario first (`saberc factor FILE --format ron`)",
            );
        }
        DocKind::Map if card => {
            return usage_error(
                "--card draws a scenario's card, and this file is a map: drop --card to draw the map, or give a scenario",
            );
        }
        DocKind::Map => {
            let (map, diags) = load_map(&src);
            let diags = crate::compile::finish(&src, diags);
            for d in diags.iter().filter(|d| d.severity == Severity::Error) {
                eprint!("{}", human(d, Some(&src.text), false));
            }
            // A map with errors is not drawn (README: render only what compiles).
            let Some(map) = map.filter(|_| !diags.iter().any(Diagnostic::is_error)) else {
                eprintln!("not rendered: fix the errors above first");
                return EXIT_ERRORS;
            };
            let title = map.name.clone();
            (map, Vec::new(), title)
        }
        DocKind::Scenario => {
            let (compiled, diags) = compile_scenario(&src, &reg);
            let diags = crate::compile::finish(&src, diags);
            for d in diags.iter().filter(|d| d.severity == Severity::Error) {
                eprint!("{}", human(d, Some(&src.text), false));
            }
            let Some(c) = compiled.filter(|_| !diags.iter().any(Diagnostic::is_error)) else {
                eprintln!("not rendered: fix the errors above first");
                return EXIT_ERRORS;
            };
            if card {
                let bytes = if ext == "svg" {
                    Ok(crate::card::card_svg(&c).into_bytes())
                } else {
                    crate::card::card_png(&c, width.clamp(200, 8000))
                };
                return write_rendered(out, bytes);
            }
            let overlays = scenario_overlays(&c);
            let title = match &c.scenario.rule {
                Some(r) => format!(
                    "{} {}: {} ({})",
                    r,
                    c.scenario.name,
                    c.scenario.portion.clone().unwrap_or_default(),
                    c.scenario.date
                ),
                None => format!("{} ({})", c.scenario.name, c.scenario.date),
            };
            (c.map, overlays, title)
        }
    };
    let bytes = if ext == "svg" {
        Ok(map_svg(&map, &overlays, &title).into_bytes())
    } else {
        map_png(&map, &overlays, &title, width.clamp(200, 8000))
    };
    write_rendered(out, bytes)
}

/// Write a drawing, or report why it could not be made.
fn write_rendered(out: &Path, bytes: Result<Vec<u8>, crate::render::RenderError>) -> i32 {
    match bytes {
        Ok(b) => match write_atomic(out, &b) {
            Ok(()) => {
                println!("wrote {}", out.display());
                EXIT_OK
            }
            Err(e) => usage_error(&format!("cannot write {}: {e}", out.display())),
        },
        Err(e) => usage_error(&format!("cannot render: {e}")),
    }
}

/// One overlay per group: red shades for the red side, blue for the blue side.
pub fn scenario_overlays(c: &crate::compile::Compiled) -> Vec<crate::render::Overlay> {
    use crate::scenario::{CounterColor, Entry};
    let mut out = Vec::new();
    for (si, side) in c.scenario.sides.iter().enumerate() {
        for (gi, g) in side.groups.iter().enumerate() {
            let base: [u8; 3] = match side.color {
                CounterColor::Red => [214, 39, 40],
                CounterColor::Blue => [31, 90, 200],
            };
            // Later groups of a side in lighter shades.
            let k = gi as u16 * 40;
            let color = base.map(|v| (v as u16 + k).min(235) as u8);
            let what = match &g.entry {
                Entry::Deploy { .. } => "deploys".to_string(),
                Entry::Arrive { turn, .. } => format!("arrives Game-Turn {turn}"),
            };
            let label = if side.groups.len() > 1 {
                format!("{} ({}) {what}", side.name, g.id)
            } else {
                format!("{} {what}", side.name)
            };
            out.push(crate::render::Overlay {
                name: label,
                color,
                hexes: c.resolved.groups[si][gi].hexes.iter().collect(),
            });
        }
    }
    out
}

fn schema_cmd(out: Option<&Path>) -> i32 {
    match out {
        None => {
            print!("{}", schema_text(&crate::json_schema::scenario_schema()));
            EXIT_OK
        }
        Some(dir) => {
            if let Err(e) = std::fs::create_dir_all(dir) {
                return usage_error(&format!("cannot create {}: {e}", dir.display()));
            }
            for (name, make) in SCHEMA_FILES {
                let path = dir.join(name);
                if let Err(e) = write_atomic(&path, schema_text(&make()).as_bytes()) {
                    return usage_error(&format!("cannot write {}: {e}", path.display()));
                }
                println!("wrote {}", path.display());
            }
            EXIT_OK
        }
    }
}

/// Write a file atomically: to a temporary file beside it, then rename over it.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}
