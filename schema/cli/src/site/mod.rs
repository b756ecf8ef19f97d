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
mod owned;
pub mod page;
mod scenario;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use saber_schema::files::{Target, WriteError, output_folder};
use saber_schema::pipeline::maps::{MapOrigin, MapRegistry};
use saber_schema::pipeline::{WalkOptions, collect_with};

use entry::{Entry, MapDetail};

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

/// The site's page names, fixed from the files' paths before any is read, so that each
/// file's page is written as soon as it is checked (a collection's cards never all held at
/// once).
pub struct Names {
    /// Each file's page name (without `.html`), unique; never one of a built-in map's.
    pub slugs: Vec<String>,
    /// Each file's page name by its identity, to link a scenario to its map file's page.
    by_identity: BTreeMap<PathBuf, usize>,
}

impl Names {
    /// The page names of `files`.
    pub fn new(files: &[PathBuf]) -> Names {
        let mut taken = BTreeSet::new();
        let slugs = files
            .iter()
            .map(|f| {
                let mut want = slug_of(f);
                // Built-in maps' pages are `built-in-<id>`.
                if want.starts_with(BUILT_IN) {
                    want = format!("file-{want}");
                }
                unique(&mut taken, &want)
            })
            .collect();
        let by_identity = files
            .iter()
            .enumerate()
            .map(|(i, f)| (identity(f), i))
            .collect();
        Names { slugs, by_identity }
    }

    /// The page of a scenario's map, and its words: a map file of the collection, or a
    /// built-in map.
    pub fn map_link(&self, e: &Entry) -> Option<scenario::Link> {
        match &e.report.map {
            Some(MapOrigin::File(p)) => {
                let i = *self.by_identity.get(&identity(p))?;
                Some((format!("{}.html", self.slugs[i]), p.display().to_string()))
            }
            Some(MapOrigin::BuiltIn(id)) => Some((
                format!("{}.html", built_in_slug(id)),
                format!("built-in map {id}"),
            )),
            None => None,
        }
    }
}

/// The start of a built-in map's page name.
const BUILT_IN: &str = "built-in-";

/// A built-in map's page name.
fn built_in_slug(id: &str) -> String {
    format!("{BUILT_IN}{}", clean(id))
}

/// The whole site once every file is checked: the index's rows and the maps' pages.
pub struct Site {
    /// The files, in the walk's order (each scenario's page already written).
    pub entries: Vec<Entry>,
    /// The page names.
    pub names: Names,
    /// The maps' pages.
    pub maps: Vec<MapPage>,
}

impl Site {
    /// Lay out the maps' pages of `entries`.
    pub fn new(entries: Vec<Entry>, names: Names) -> Site {
        let mut maps = Vec::new();
        let mut by_file = BTreeMap::new();
        for (i, e) in entries.iter().enumerate().filter(|(_, e)| e.kind == "map") {
            by_file.insert(identity(&e.path), maps.len());
            maps.push(MapPage {
                slug: names.slugs[i].clone(),
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
                        let map = saber_schema::builtin::map(id);
                        maps.push(MapPage {
                            slug: built_in_slug(id),
                            title: map
                                .as_ref()
                                .map_or_else(|| format!("Built-in map {id}"), |m| m.name.clone()),
                            file: None,
                            builtin: map.as_ref().map(entry::map_detail),
                            users: Vec::new(),
                        });
                        maps.len() - 1
                    }))
                }
                None => None,
            };
            if let Some(m) = m {
                maps[m].users.push(i);
            }
        }
        Site {
            entries,
            names,
            maps,
        }
    }

    /// The page of file `i`, from the site's root.
    pub fn page_of(&self, i: usize) -> String {
        format!("pages/{}.html", self.names.slugs[i])
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
    // What an earlier report wrote here stays listed until this one has written its own.
    let earlier = owned::earlier(out);
    if let Err(e) = site_folders(out, &earlier) {
        return crate::write_failed(&e);
    }
    let names = Names::new(&files);
    let progress = crate::progress(files.len(), "reporting");
    // Each file checked, its page (a map's waits for its scenarios) and downloads written, and
    // what only they needed dropped.
    let run = || -> Result<Vec<Entry>, WriteError> {
        files
            .par_iter()
            .enumerate()
            .map(|(i, f)| {
                let mut e = entry::build(f, &reg);
                let slug = &names.slugs[i];
                let inputs = reg.map_files_read();
                let mut written = Vec::new();
                for (what, name, bytes) in e.download_files(slug) {
                    write_one(&out.join("downloads").join(&name), bytes, &inputs)?;
                    written.push((what, name));
                }
                e.downloads = written;
                if e.kind != "map" {
                    let page = scenario::file_page(&e, names.map_link(&e).as_ref(), &e.downloads);
                    write_one(
                        &out.join("pages").join(format!("{slug}.html")),
                        page.as_bytes(),
                        &inputs,
                    )?;
                }
                e.lighten();
                progress.inc(1);
                Ok(e)
            })
            .collect()
    };
    // As `check`: the stages recurse once per nesting level; worker threads get 8 MiB stacks.
    let entries = match rayon::ThreadPoolBuilder::new().stack_size(8 << 20).build() {
        Ok(pool) => pool.install(run),
        Err(_) => run(),
    };
    progress.finish_and_clear();
    let entries = match entries {
        Ok(e) => e,
        Err(e) => return crate::write_failed(&e),
    };
    let site = Site::new(entries, names);
    let inputs = reg.map_files_read();
    let mut last = vec![("index.html".to_string(), index::index_page(&site))];
    for m in 0..site.maps.len() {
        last.push((
            format!("pages/{}.html", site.maps[m].slug),
            map::map_page(&site, m),
        ));
    }
    for (name, page) in &last {
        if let Err(e) = write_one(&out.join(name), page.as_bytes(), &inputs) {
            return crate::write_failed(&e);
        }
    }
    // The files an earlier report wrote and this one did not are removed (unlinked now), and
    // this report's are listed for the next.
    let written = written_names(&site, last.into_iter().map(|(name, _)| name));
    let mut read: Vec<PathBuf> = inputs;
    read.extend(site.entries.iter().map(|e| e.path.clone()));
    let marker = owned::marker_text(&written);
    if let Err(e) = owned::remove_stale(out, &earlier, &written, &read)
        .and_then(|()| write_one(&out.join(MARKER), marker.as_bytes(), &[]))
    {
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

/// The names (below the site's folder) of every file this report wrote: each file's downloads
/// and scenario page, and `last` (the index and the maps' pages).
fn written_names(site: &Site, last: impl Iterator<Item = String>) -> BTreeSet<String> {
    let mut names: BTreeSet<String> = last.collect();
    for (i, e) in site.entries.iter().enumerate() {
        names.extend(e.downloads.iter().map(|(_, d)| format!("downloads/{d}")));
        if e.kind != "map" {
            names.insert(site.page_of(i));
        }
    }
    names
}

/// Make the site's folders and mark the site as `saberc report`'s, listing the files an
/// earlier report wrote (`earlier`).
fn site_folders(out: &Path, earlier: &BTreeSet<String>) -> Result<(), WriteError> {
    output_folder(out)?;
    Target::in_folder(&out.join(MARKER)).write(owned::marker_text(earlier).as_bytes())?;
    output_folder(&out.join("pages"))?;
    output_folder(&out.join("downloads"))
}

/// Write one file of the site (never over a map file read).
fn write_one(path: &Path, bytes: &[u8], inputs: &[PathBuf]) -> Result<(), WriteError> {
    let target = inputs
        .iter()
        .fold(Target::in_folder(path), |t, i| t.not_over(i));
    target.write(bytes).map(drop)
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
