//! HTML output: `saberc report`, a static site for a collection of scenarios and maps, and
//! `saberc check --format html`, the same finding blocks as one page. `html` is the one
//! writer (escaped by construction), `page` the frame every page shares, `findings` the
//! finding blocks, `entry` a file read and checked with what its pages show, `index`,
//! `scenario` and `map` the pages, this module the site's layout and the command.

pub mod entry;
pub mod findings;
pub mod html;
mod index;
mod map;
pub mod page;
mod scenario;

use std::collections::{BTreeMap, BTreeSet};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use saber_schema::files::{Target, output_folder};
use saber_schema::pipeline::maps::{MapOrigin, MapRegistry};
use saber_schema::pipeline::{WalkOptions, collect_with};

use entry::{Detail, Entry, MapDetail};

/// The file in a report's folder that says `saberc report` made it (and may write there again).
pub const MARKER: &str = ".saberc-report";

/// A map's page: a map file of the collection, or a built-in map one of its scenarios uses.
pub struct MapPage {
    /// The page's name (without `.html`).
    pub slug: String,
    /// The map's name.
    pub title: String,
    /// The map file's entry, if it is one.
    pub file: Option<usize>,
    /// A built-in map's drawing and features.
    pub builtin: Option<MapDetail>,
    /// The scenarios that use it.
    pub users: Vec<usize>,
}

/// The whole site: every file and map, and their pages' names.
pub struct Site {
    /// The files, in the walk's order.
    pub entries: Vec<Entry>,
    /// Each file's page name (without `.html`), unique.
    pub slugs: Vec<String>,
    /// The maps' pages.
    pub maps: Vec<MapPage>,
    /// Each file's map page (a scenario's map; a map file's own).
    pub map_of: Vec<Option<usize>>,
}

impl Site {
    /// Lay out the site of `entries`: page names and the maps' pages.
    pub fn new(entries: Vec<Entry>) -> Site {
        let mut taken = BTreeSet::new();
        let slugs: Vec<String> = entries
            .iter()
            .map(|e| unique(&mut taken, &slug_of(&e.path)))
            .collect();
        let mut maps = Vec::new();
        let mut map_of = vec![None; entries.len()];
        // Map files: their page is theirs.
        let mut by_file = BTreeMap::new();
        for (i, e) in entries.iter().enumerate().filter(|(_, e)| e.kind == "map") {
            by_file.insert(identity(&e.path), maps.len());
            map_of[i] = Some(maps.len());
            maps.push(MapPage {
                slug: slugs[i].clone(),
                title: e.title.clone(),
                file: Some(i),
                builtin: None,
                users: Vec::new(),
            });
        }
        let mut builtins: BTreeMap<String, usize> = BTreeMap::new();
        for (i, e) in entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.kind == "scenario")
        {
            let m = match &e.report.map {
                Some(MapOrigin::File(p)) => by_file.get(&identity(p)).copied(),
                Some(MapOrigin::BuiltIn(id)) => {
                    Some(*builtins.entry(id.clone()).or_insert_with(|| {
                        maps.push(MapPage {
                            slug: unique(&mut taken, &format!("built-in-{}", clean(id))),
                            title: format!("Built-in map {id}"),
                            file: None,
                            builtin: None,
                            users: Vec::new(),
                        });
                        maps.len() - 1
                    }))
                }
                None => None,
            };
            if let Some(m) = m {
                map_of[i] = Some(m);
                maps[m].users.push(i);
                if maps[m].builtin.is_none()
                    && let Detail::Scenario(d) = &e.detail
                    && let Some(map) = &d.builtin_map
                {
                    maps[m].title = map.name.clone();
                    maps[m].builtin = Some(entry::map_detail(map));
                }
            }
        }
        Site {
            entries,
            slugs,
            maps,
            map_of,
        }
    }

    /// The page of file `i`, from the site's root: a map file's under its map page.
    pub fn page_of(&self, i: usize) -> String {
        format!("pages/{}.html", self.slugs[i])
    }

    /// File `i`'s downloads: what each is, its name in `downloads/`, its bytes.
    pub fn downloads(&self, i: usize) -> Vec<(&'static str, String, &[u8])> {
        let e = &self.entries[i];
        let slug = &self.slugs[i];
        let mut out = Vec::new();
        if let Some(b) = &e.bytes {
            let ext = e
                .path
                .extension()
                .map(|x| x.to_string_lossy().to_ascii_lowercase())
                .filter(|x| x == "json")
                .unwrap_or_else(|| "ron".to_string());
            out.push(("The source file", format!("{slug}.{ext}"), b.as_slice()));
        }
        if let Detail::Scenario(d) = &e.detail
            && let Ok(drawn) = &d.drawn
        {
            if let Some(x) = &drawn.export {
                out.push((
                    "The engine export (JSON)",
                    format!("{slug}.export.json"),
                    x.as_bytes(),
                ));
            }
            if let Some(png) = &drawn.png {
                out.push(("The card (PNG)", format!("{slug}.card.png"), png.as_slice()));
            }
        }
        out
    }

    /// Every file of the site: its path under the site's root and its bytes, in a fixed order.
    pub fn files(&self) -> Vec<(String, Vec<u8>)> {
        let mut out = vec![(
            "index.html".to_string(),
            index::index_page(self).into_bytes(),
        )];
        for i in 0..self.entries.len() {
            let page = match self.map_of[i] {
                Some(m) if self.maps[m].file == Some(i) => map::map_page(self, m),
                _ => scenario::file_page(self, i),
            };
            out.push((self.page_of(i), page.into_bytes()));
            for (_, name, bytes) in self.downloads(i) {
                out.push((format!("downloads/{name}"), bytes.to_vec()));
            }
        }
        for (m, page) in self
            .maps
            .iter()
            .enumerate()
            .filter(|(_, p)| p.file.is_none())
        {
            out.push((
                format!("pages/{}.html", page.slug),
                map::map_page(self, m).into_bytes(),
            ));
        }
        out
    }
}

/// A page name from a file's path: its stem, lowercase letters, digits and dashes.
fn slug_of(path: &Path) -> String {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    clean(&stem)
}

/// `s` as a page name: lowercase ASCII letters and digits, other runs as one dash, at most
/// 60 characters; `file` when nothing is left.
fn clean(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
        if out.len() >= 60 {
            break;
        }
    }
    let out = out.trim_matches('-').to_string();
    if out.is_empty() {
        "file".to_string()
    } else {
        out
    }
}

/// `want`, or `want-2`, `want-3`… the first not taken; taken from then on.
fn unique(taken: &mut BTreeSet<String>, want: &str) -> String {
    let mut name = want.to_string();
    let mut n = 1;
    while !taken.insert(name.clone()) {
        n += 1;
        name = format!("{want}-{n}");
    }
    name
}

/// A file's identity for matching a scenario's map to a map file however each path was
/// written: its canonical path, or the path itself.
fn identity(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

/// `saberc report PATHS… -o DIR`.
pub(crate) fn report_cmd(
    paths: &[PathBuf],
    out: &Path,
    maps: &[PathBuf],
    walk: WalkOptions,
    force: bool,
) -> i32 {
    if crate::is_dash(out) {
        return crate::usage_error(crate::tiled::FOLDER_NOT_DASH);
    }
    if let Err(why) = may_write_into(out, force) {
        return crate::usage_error(&why);
    }
    let collected = match collect_with(paths, &walk) {
        Ok(c) => c,
        Err(d) => return crate::unreadable_path(&d),
    };
    // A report written inside a folder it reports on is not part of the collection.
    let site_dir = identity(out);
    let files: Vec<PathBuf> = collected
        .files
        .into_iter()
        .filter(|f| !identity(f).starts_with(&site_dir))
        .collect();
    if files.is_empty() && collected.problems.is_empty() {
        return crate::usage_error(&crate::check::nothing_found(&collected.skipped));
    }
    for d in &collected.problems {
        eprint!("{}", crate::report::human(d, None, false));
    }
    let reg: MapRegistry = match crate::registry(maps) {
        Ok(r) => r,
        Err(e) => return crate::usage_error(&e),
    };
    let progress = if std::io::stderr().is_terminal() && files.len() > 1 {
        let pb = indicatif::ProgressBar::new(files.len() as u64);
        pb.set_style(
            indicatif::ProgressStyle::with_template(
                "{spinner} reporting {pos}/{len} files {bar:30} {per_sec} {eta}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        pb
    } else {
        indicatif::ProgressBar::hidden()
    };
    let run = || -> Vec<Entry> {
        files
            .par_iter()
            .map(|f| {
                let e = entry::build(f, &reg, true);
                progress.inc(1);
                e
            })
            .collect()
    };
    // As `check`: the stages recurse once per nesting level; worker threads get 8 MiB stacks.
    let entries = match rayon::ThreadPoolBuilder::new().stack_size(8 << 20).build() {
        Ok(pool) => pool.install(run),
        Err(_) => run(),
    };
    progress.finish_and_clear();
    let site = Site::new(entries);
    let inputs: Vec<PathBuf> = reg.map_files_read();
    if let Err(e) = write_site(out, &site.files(), &inputs) {
        return crate::write_failed(&e);
    }
    let errors: usize = site.entries.iter().map(|e| e.report.errors()).sum();
    let warnings: usize = site.entries.iter().map(|e| e.report.warnings()).sum();
    outln!(
        "wrote {} ({} files: {})",
        crate::shown(&out.join("index.html")),
        site.entries.len(),
        page::verdict(errors, warnings)
    );
    if errors > 0 || !collected.problems.is_empty() {
        crate::EXIT_ERRORS
    } else {
        crate::EXIT_OK
    }
}

/// May the report be written into `out`? A new or empty folder, or one an earlier report
/// made (it holds [`MARKER`]); any other only with `--force`.
fn may_write_into(out: &Path, force: bool) -> Result<(), String> {
    let Ok(mut list) = std::fs::read_dir(out) else {
        // Not there (made below), or not a folder: `output_folder` says what it is.
        return Ok(());
    };
    if force || out.join(MARKER).is_file() || list.next().is_none() {
        return Ok(());
    }
    Err(format!(
        "{} is a folder saberc report did not make and it is not empty: name a new or empty \
         folder, or give --force to write the report into it (its files of the same names are \
         replaced)",
        crate::shown(out)
    ))
}

/// Write the site's files under `out` (never over a map file read).
fn write_site(
    out: &Path,
    files: &[(String, Vec<u8>)],
    inputs: &[PathBuf],
) -> Result<(), saber_schema::files::WriteError> {
    output_folder(out)?;
    let marker = out.join(MARKER);
    Target::in_folder(&marker)
        .write(b"This folder was written by saberc report; it may write here again.\n")?;
    output_folder(&out.join("pages"))?;
    output_folder(&out.join("downloads"))?;
    for (name, bytes) in files {
        let path = out.join(name);
        let mut target = Target::in_folder(&path);
        for input in inputs {
            target = target.not_over(input);
        }
        target.write(bytes)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_names_are_plain_and_unique() {
        let mut taken = BTreeSet::new();
        assert_eq!(unique(&mut taken, &clean("01 Fatehpur")), "01-fatehpur");
        assert_eq!(unique(&mut taken, &clean("01-fatehpur")), "01-fatehpur-2");
        assert_eq!(clean("evil<script>\u{1b}]0;x"), "evil-script-0-x");
        assert_eq!(clean("«»"), "file");
    }
}
