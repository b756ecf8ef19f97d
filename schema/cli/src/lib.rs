//! `saberc`, the Rifle & Saber scenario compiler: the command line over the `saber-schema`
//! library, one module per command. Exit codes: 0 clean (warnings allowed), 1 errors found,
//! 2 usage or I/O failure.

/// `print!` for every command: through [`write_stdout`], so a closed pipe never panics.
macro_rules! out {
    ($($arg:tt)*) => { $crate::write_stdout(format!($($arg)*).as_bytes()) };
}

/// `println!` for every command: through [`write_stdout`], so a closed pipe never panics.
macro_rules! outln {
    ($($arg:tt)*) => {{
        let mut line = format!($($arg)*);
        line.push('\n');
        $crate::write_stdout(line.as_bytes())
    }};
}

mod analyze;
mod check;
mod completions;
mod convert;
pub mod explain;
mod export;
mod factor;
mod fmt;
mod lsp;
mod migrate;
mod new;
mod render;
pub mod report;
mod schema;
pub mod site;
mod tiled;

pub use lsp::serve_bytes as serve_lsp_bytes;

use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};
use saber_schema::diagnostic::printable;
use saber_schema::pipeline::maps::MapRegistry;

use crate::check::check;
use crate::export::export_cmd;
use crate::render::render_cmd;
use crate::report::Format;
use crate::schema::schema_cmd;

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
        /// How folders are searched.
        #[command(flatten)]
        walk: WalkArgs,
    },
    /// Write a static web site for a collection: an index of every scenario and map with its
    /// verdict, a page per scenario (card, forces, victory conditions, findings, analysis,
    /// downloads) and per map.
    Report {
        /// Files or directories (searched as `check` searches them).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// The folder to write the site into (made when missing; one saberc report did not make
        /// must be empty, or given --force).
        #[arg(short = 'o', long = "out", value_name = "DIR")]
        out: PathBuf,
        /// Directories holding maps that scenarios may name (repeatable).
        #[arg(long = "maps", value_name = "DIR")]
        maps: Vec<PathBuf>,
        /// Write into a folder saberc report did not make even when it is not empty.
        #[arg(long)]
        force: bool,
        /// Deprecated, does nothing: each clean scenario's card is always among its downloads as
        /// PNG (as `saberc render --card` draws it, 1240 px wide) and SVG.
        #[arg(long)]
        png: bool,
        /// How folders are searched.
        #[command(flatten)]
        walk: WalkArgs,
    },
    /// Analyse a scenario for its designer: per side, the least movement cost (and phases and
    /// arrival turn, where Movement Allowances are known) to each victory target, the hexes in
    /// sight of each objective and of the enemy's set-up, and the forces.
    Analyze {
        /// The scenario file.
        scenario: PathBuf,
        /// Output format: tables, or JSON (`schema/analysis.schema.json`).
        #[arg(long, value_enum, default_value = "human")]
        format: crate::analyze::AnalyzeFormat,
        /// Directories holding maps the scenario may name.
        #[arg(long = "maps", value_name = "DIR")]
        maps: Vec<PathBuf>,
        /// Movement Allowances for unit types the scenario gives none (the rules print none):
        /// `--ma MZ=4,CY=8`. Never guessed.
        #[arg(long = "ma", value_name = "TYPE=MP", value_delimiter = ',', value_parser = crate::analyze::allowance_arg)]
        ma: Vec<(saber_schema::ruleset::UnitKind, u32)>,
    },
    /// Export a scenario as one self-contained JSON document for a game engine, or a map or
    /// scenario as a Tiled map (`--format tiled`).
    Export {
        /// The scenario file (or, with `--format tiled`, a map file).
        scenario: PathBuf,
        /// What to write: the engine JSON, or a Tiled map (`.tmj`, its `.tsj` tileset and PNG).
        #[arg(long, value_enum, default_value = "engine")]
        format: ExportFormat,
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
        /// Output file: `.svg` or `.png` (`-`: SVG on standard output).
        #[arg(short = 'o', long = "out", value_name = "FILE")]
        out: PathBuf,
        /// What it draws, and how.
        #[command(flatten)]
        opts: render::RenderOptions,
        /// Directories holding maps the scenario may name.
        #[arg(long = "maps", value_name = "DIR")]
        maps: Vec<PathBuf>,
    },
    /// Import a hexagonal Tiled map (`.tmj` or `.tmx`) as a map file.
    Import {
        /// The Tiled map.
        input: PathBuf,
        /// The map file to write: RON, or JSON when it ends in `.json` (`-`: RON on standard
        /// output).
        #[arg(short = 'o', long = "out", value_name = "MAP.ron")]
        out: PathBuf,
    },
    /// Factor a historical battle into an order of battle or a scenario skeleton (11.18).
    Factor(crate::factor::FactorArgs),
    /// Convert a map, scenario or battle between RON and JSON (field order kept; comments
    /// cannot go into JSON).
    Convert {
        /// The file to convert.
        file: PathBuf,
        /// The syntax to convert to.
        #[arg(long, value_enum)]
        to: crate::convert::To,
        /// The file to write (never the input); without it, or with `-`, print the result.
        #[arg(short = 'o', long = "out", value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Write maps, scenarios and battles (RON or JSON) in their canonical layout (comments
    /// kept); with --check, only name the files that would change (exit code 1).
    Fmt {
        /// Files or directories (searched recursively for .ron and .json files; only those
        /// whose `format` names a map, scenario or battle are formatted).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Change nothing: list the files that are not in the canonical layout.
        #[arg(long)]
        check: bool,
        /// How folders are searched.
        #[command(flatten)]
        walk: WalkArgs,
    },
    /// Rewrite the old spellings of a format version in place (comments and layout kept): files
    /// written before a spelling was renamed read the same after; with --check, only name the
    /// files that have old spellings (exit code 1).
    Migrate {
        /// Files or directories (searched recursively for .ron and .json files).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Change nothing: list the files with old spellings.
        #[arg(long)]
        check: bool,
        /// How folders are searched.
        #[command(flatten)]
        walk: WalkArgs,
    },
    /// Start a new scenario or map from a commented skeleton.
    #[command(subcommand)]
    New(crate::new::New),
    /// Run the language server on standard input and output (check's findings, formatting,
    /// hover and completion in any editor with an LSP client).
    Lsp,
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the man page, or write one page per command into a directory.
    Man {
        /// Output directory for `saberc.1` and a page per command (`-`: print the page).
        #[arg(short = 'o', long = "out", value_name = "DIR")]
        out: Option<PathBuf>,
    },
    /// Say what a diagnostic code means: its rule, an explanation and an example (without a
    /// code, list every code).
    Explain {
        /// The code, e.g. `DEP001`.
        code: Option<String>,
    },
    /// Write the JSON Schemas: map.schema.json, scenario.schema.json, export.schema.json,
    /// battle.schema.json, analysis.schema.json (the report of `analyze --format json`),
    /// report.schema.json (the report of `check --format json`), and Musket & Saber Quick
    /// Play's map.musket-and-saber-quick-play.schema.json,
    /// scenario.musket-and-saber-quick-play.schema.json and
    /// export.musket-and-saber-quick-play.schema.json.
    Schema {
        /// Output directory for the nine files; without it, or with `-`, print the scenario
        /// schema.
        #[arg(short = 'o', long = "out", value_name = "DIR")]
        out: Option<PathBuf>,
    },
}

/// `--width`: a PNG width within [`saber_schema::output::render::PNG_WIDTHS`] (clap's error
/// says the range).
pub(crate) fn width_parser() -> clap::builder::RangedI64ValueParser<u32> {
    let w = saber_schema::output::render::PNG_WIDTHS;
    clap::value_parser!(u32).range(i64::from(*w.start())..=i64::from(*w.end()))
}

/// What `saberc export` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ExportFormat {
    /// The engine JSON document (`<id>.json`).
    Engine,
    /// A Tiled map: `<id>.tmj`, its tileset `<id>.tsj` and the tileset's `<id>.png`.
    Tiled,
}

/// How `check` and `fmt` search folders: ripgrep's rules (links inside a folder not followed,
/// hidden files and what ignore files name left out) and ripgrep's flags to relax them.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct WalkArgs {
    /// Follow symbolic links inside the folders given (never to a place outside them).
    #[arg(short = 'L', long)]
    pub follow: bool,
    /// Search hidden files and folders (names starting with `.`) too.
    #[arg(long)]
    pub hidden: bool,
    /// Search what .gitignore, .ignore and Git's exclude files leave out too.
    #[arg(long)]
    pub no_ignore: bool,
}

impl WalkArgs {
    /// The library's options for these flags.
    pub fn options(self) -> saber_schema::pipeline::WalkOptions {
        saber_schema::pipeline::WalkOptions {
            follow_links: self.follow,
            hidden: self.hidden,
            ignore_files: !self.no_ignore,
        }
    }
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
            print_clap_error(&e);
            // clap: --help and --version are not errors.
            std::process::exit(if e.use_stderr() { EXIT_USAGE } else { EXIT_OK });
        }
    };
    std::process::exit(run(cli));
}

/// clap's output: help and version as clap prints them; a message about a bad command line,
/// which quotes what was typed, without colours and made printable (an argument must not
/// drive the terminal).
fn print_clap_error(e: &clap::Error) {
    if !e.use_stderr() {
        let _ = e.print();
        return;
    }
    let plain = e.render().to_string();
    eprint!("{}", printable(&plain, plain.chars().count()));
}

/// Run the CLI; returns the exit code.
pub fn run(cli: Cli) -> i32 {
    match cli.command {
        Command::Check {
            paths,
            format,
            maps,
            deny,
            walk,
        } => check(&paths, format, &maps, deny.is_some(), walk.options()),
        Command::Report {
            paths,
            out,
            maps,
            force,
            png,
            walk,
        } => {
            if png {
                eprintln!(
                    "note: --png is deprecated and does nothing: the card's PNG is always among \
                     the downloads"
                );
            }
            site::report_cmd(&paths, &out, &maps, walk.options(), force)
        }
        Command::Analyze {
            scenario,
            format,
            maps,
            ma,
        } => analyze::analyze_cmd(&scenario, format, &maps, &ma),
        Command::Export {
            scenario,
            format,
            out,
            maps,
        } => match format {
            ExportFormat::Engine => export_cmd(&scenario, &out, &maps),
            ExportFormat::Tiled => tiled::tiled_export_cmd(&scenario, &out, &maps),
        },
        Command::Import { input, out } => tiled::import_cmd(&input, &out),
        Command::Explain { code } => crate::explain::explain_cmd(code.as_deref()),
        Command::Schema { out } => schema_cmd(out.as_deref()),
        Command::Factor(args) => match crate::factor::run(&args) {
            Ok(text) => {
                out!("{text}");
                EXIT_OK
            }
            Err(e) => {
                eprintln!("error: {}", printable(&e.to_string(), 2000));
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
            opts,
            maps,
        } => render_cmd(&input, &out, opts, &maps),
        Command::Convert { file, to, out } => convert::convert_cmd(&file, to, out.as_deref()),
        Command::Fmt { paths, check, walk } => fmt::fmt_cmd(&paths, check, walk.options()),
        Command::Migrate { paths, check, walk } => {
            migrate::migrate_cmd(&paths, check, walk.options())
        }
        Command::New(what) => new::new_cmd(&what),
        Command::Lsp => lsp::lsp_cmd(),
        Command::Completions { shell } => completions::completions_cmd(shell),
        Command::Man { out } => completions::man_cmd(out.as_deref()),
    }
}

/// Write to standard output. Every command prints through this one function (the `out!` and
/// `outln!` macros): when the reader has gone (`saberc schema | head`: a closed pipe, EPIPE),
/// the rest of the output is dropped quietly and the command ends with its own exit code, where
/// `print!` would panic (exit 101). Any other failure to write is reported once and is an I/O
/// failure (exit 2).
pub(crate) fn write_stdout(bytes: &[u8]) {
    use std::io::Write;
    use std::sync::atomic::{AtomicBool, Ordering};
    // Once the pipe is closed, nothing more is written (nor tried).
    static CLOSED: AtomicBool = AtomicBool::new(false);
    if CLOSED.load(Ordering::Relaxed) {
        return;
    }
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            CLOSED.store(true, Ordering::Relaxed);
        }
        Err(e) => {
            eprintln!("error: cannot write to standard output: {e}");
            std::process::exit(EXIT_USAGE);
        }
    }
}

/// Standard output as an [`std::io::Write`] through [`write_stdout`] (a closed pipe ends the
/// output quietly), for output written as it is made rather than built whole first: wrap it in
/// a [`std::io::BufWriter`].
pub(crate) struct Stdout;

impl std::io::Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        write_stdout(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The file a command works on, read; or, when it cannot be, its diagnostic printed and the
/// usage exit code to return.
pub(crate) fn read_input(
    path: &std::path::Path,
) -> Result<saber_schema::pipeline::read::Source, i32> {
    saber_schema::pipeline::read::Source::read(path).map_err(|d| {
        eprint!("{}", crate::report::human(&d, None, false));
        EXIT_USAGE
    })
}

/// The files a writing command (`fmt`, `migrate`) works on, walked for as `check` walks: each
/// folder that cannot be searched printed, and whether there was one; `Err` is the exit code
/// when there is nothing to do.
pub(crate) fn collect_for_writing(
    paths: &[PathBuf],
    walk: &saber_schema::pipeline::WalkOptions,
) -> Result<(saber_schema::pipeline::Collected, bool), i32> {
    let collected =
        saber_schema::pipeline::collect_with(paths, walk).map_err(|d| unreadable_path(&d))?;
    if collected.files.is_empty() && collected.problems.is_empty() {
        return Err(usage_error(&crate::check::nothing_found(
            &collected.skipped,
        )));
    }
    for d in &collected.problems {
        eprint!("{}", crate::report::human(d, None, false));
    }
    let unreadable = !collected.problems.is_empty();
    Ok((collected, unreadable))
}

/// A path given on the command line that cannot be read: its diagnostic (IO001, with its help)
/// printed as `check` prints findings, and the usage exit code to return.
pub(crate) fn unreadable_path(d: &saber_schema::diagnostic::Diagnostic) -> i32 {
    eprint!("{}", crate::report::human(d, None, false));
    EXIT_USAGE
}

/// A progress bar over `files` files (`{verb} 3/10 files`), on a terminal only, and only for
/// more than one file.
pub(crate) fn progress(files: usize, verb: &str) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() || files < 2 {
        return indicatif::ProgressBar::hidden();
    }
    let template =
        format!("{{spinner}} {verb} {{pos}}/{{len}} files {{bar:30}} {{per_sec}} {{eta}}");
    let style = indicatif::ProgressStyle::with_template(&template)
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
    indicatif::ProgressBar::new(files as u64).with_style(style)
}

pub(crate) fn usage_error(msg: &str) -> i32 {
    eprintln!("error: {}", printable(msg, 2000));
    EXIT_USAGE
}

/// Print a file's findings; true when one is an error, so nothing is written.
pub(crate) fn print_findings(
    src: &saber_schema::pipeline::read::Source,
    diags: &[saber_schema::diagnostic::Diagnostic],
) -> bool {
    use std::io::IsTerminal;
    for d in diags {
        let color = std::io::stderr().is_terminal();
        eprint!("{}", crate::report::human(d, Some(&src.text), color));
    }
    diags
        .iter()
        .any(|d| d.severity == saber_schema::diagnostic::Severity::Error)
}

/// A finding that stops a command at its file's start (its `format` unread), printed at its
/// place; the exit code to return.
pub(crate) fn stopped(
    src: &saber_schema::pipeline::read::Source,
    d: saber_schema::diagnostic::Diagnostic,
) -> i32 {
    let d = &saber_schema::pipeline::finish(src, vec![d])[0];
    eprint!("{}", crate::report::human(d, Some(&src.text), false));
    EXIT_ERRORS
}

/// Write a command's output file through `target`: `wrote FILE` said (nothing for standard
/// output), and the exit code to return.
pub(crate) fn write_output(target: &saber_schema::files::Target, bytes: &[u8], out: &Path) -> i32 {
    match target.write(bytes) {
        Ok(_) if target.is_stdout() => EXIT_OK,
        Ok(_) => {
            outln!("wrote {}", shown(out));
            EXIT_OK
        }
        Err(e) => write_failed(&e),
    }
}

/// A write refused or failed: its message (which names the path at fault) printed, and the
/// usage exit code to return.
pub(crate) fn write_failed(e: &saber_schema::files::WriteError) -> i32 {
    match e {
        // As `write_stdout`: output to a closed pipe ends quietly.
        saber_schema::files::WriteError::StdoutClosed => EXIT_OK,
        _ => usage_error(&e.to_string()),
    }
}

/// Is this `-o` value `-`, standard output?
pub(crate) fn is_dash(path: &std::path::Path) -> bool {
    path == std::path::Path::new("-")
}

/// A path as shown to people: control and bidirectional characters escaped (a file name must
/// not be able to drive the terminal).
pub(crate) fn shown(path: &std::path::Path) -> String {
    printable(&path.display().to_string(), 2000)
}

/// The map registry of a run: the map directories given (`--maps DIR`). Scenarios also find the
/// maps near them and the built-in maps (see `saber_schema::pipeline::maps`), so a scenario
/// gets the same map checked alone or in a folder.
pub(crate) fn registry(maps: &[PathBuf]) -> Result<MapRegistry, String> {
    let mut reg = MapRegistry::new();
    for dir in maps {
        reg.add_root(dir).map_err(|d| d.message)?;
    }
    Ok(reg)
}

/// The map registry of `--maps DIR` ([`registry`]) and the file a command works on, read
/// ([`read_input`]); or, when either fails, its message printed and the usage exit code.
pub(crate) fn registry_and_input(
    maps: &[PathBuf],
    input: &Path,
) -> Result<(MapRegistry, saber_schema::pipeline::read::Source), i32> {
    let reg = registry(maps).map_err(|e| usage_error(&e))?;
    Ok((reg, read_input(input)?))
}

/// The files a command read to make its output, which the output must never be: the input,
/// the map file a scenario was checked against, and every map file the registry read while
/// looking for it.
pub(crate) fn inputs_read(
    input: &std::path::Path,
    origin: Option<&saber_schema::pipeline::maps::MapOrigin>,
    reg: &MapRegistry,
) -> Vec<PathBuf> {
    let mut inputs = vec![input.to_path_buf()];
    if let Some(saber_schema::pipeline::maps::MapOrigin::File(map)) = origin {
        inputs.push(map.clone());
    }
    inputs.extend(reg.map_files_read());
    inputs
}

/// A scenario compiled by its game's outputs for a command that writes from it: what was
/// compiled, its findings located, and the files read, which the output must never be.
pub(crate) type ForOutputs = (
    Option<Box<dyn saber_schema::output::game::ScenarioOutputs>>,
    Vec<saber_schema::diagnostic::Diagnostic>,
    Vec<PathBuf>,
);

/// Compile `src` (read from `input`) through its game's outputs ([`ForOutputs`]), or the usage
/// exit code when its game has none.
pub(crate) fn compile_for_outputs(
    input: &std::path::Path,
    src: &saber_schema::pipeline::read::Source,
    reg: &MapRegistry,
) -> Result<ForOutputs, i32> {
    let saber_schema::output::game::CompiledFor {
        compiled,
        diags,
        map_used,
    } = outputs_of(src)?.compile(src, reg);
    let inputs = inputs_read(input, map_used.as_ref(), reg);
    Ok((compiled, saber_schema::pipeline::finish(src, diags), inputs))
}

/// The outputs (export, drawing, card, Tiled, skeletons, analysis) of the game a source names,
/// or the usage exit code when that game was registered without any.
pub(crate) fn outputs_of(
    src: &saber_schema::pipeline::read::Source,
) -> Result<&'static dyn saber_schema::output::game::GameOutputs, i32> {
    saber_schema::output::games::of_source(src).ok_or_else(|| {
        let game = saber_schema::pipeline::games::of_source(src).rules().name;
        usage_error(&format!(
            "saberc makes no export, drawing or analysis of {game} files: the game was registered without its outputs"
        ))
    })
}
