//! Map resolution: which map a scenario is checked against. `saberc` (every command) and the
//! editor call [`MapRegistry::resolve`], so they always agree.
//!
//! A scenario names its map by id (`map: "rifle-and-saber"`) or by a path relative to itself
//! (`map: "maps/valley.ron"`). An id is looked for directory by directory, as a shell looks along
//! its PATH: the map directories given (`saberc --maps DIR`), then `maps/` beside the scenario,
//! `../maps` (how this repository and most scenario collections lay them out) and last the
//! scenario's own directory; the first directory holding a usable map of that id answers. The
//! built-in maps are asked before any of them. The answer depends only on the scenario's own
//! location and the map directories, never on which other files a run checks: a scenario gets the
//! same map checked alone or in a folder.
//!
//! Nothing is chosen silently: two usable map files with the scenario's id in the directory that
//! answers are REF005 (naming both files), and a map file that claims a built-in map's id but differs from it never
//! replaces the built-in map (the scenario is checked against the built-in map and told so; the
//! map file itself is REF005 when checked, see [`builtin_id_claimed`]).

use std::collections::{BTreeMap, HashMap};
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use crate::builtin;
use crate::diagnostic::{Code, Diagnostic, suggestions};
use crate::model::map::Map;
use crate::path;
use crate::pipeline::games::load_map;
use crate::pipeline::locate::{string_in, top_level_field};
pub use crate::pipeline::map_load::{
    LoadedMap, MapOrigin, Resolve, ResolvedMap, builtin_id_claimed,
};
use crate::pipeline::parse::other_game::DocWords;
use crate::pipeline::read::{Source, Syntax, bytes_name_map_format, head_names_map_format};
use crate::pipeline::zones::shared::SharedZones;

/// Most directory entries looked at in one directory when finding maps near a scenario.
const MAX_MAP_SCAN: usize = 10_000;

/// A map file found in a directory: its name, its id and the map, if it has no errors.
#[derive(Debug, Clone)]
struct Found {
    /// As shown: the directory as the user gave it (or as near the scenario), then the name.
    path: PathBuf,
    /// The file itself.
    canonical: PathBuf,
    id: String,
    map: Option<Arc<LoadedMap>>,
    /// The zones computed on it so far.
    zones: Arc<SharedZones>,
}

/// Directories searched for maps, in order: as shown, and canonical.
type SearchDirs = Vec<(PathBuf, PathBuf)>;

/// The maps of one directory, read once by whichever thread asks first.
type DirMaps = Arc<OnceLock<Arc<Vec<Found>>>>;

/// Where scenarios find their maps: the map directories of the run, the directories near each
/// scenario (read once per run and directory), and the built-in maps. Shared by the threads of a
/// batch check.
#[derive(Debug, Default)]
pub struct MapRegistry {
    /// Map directories given (`--maps DIR`): as given, and canonical.
    roots: Vec<(PathBuf, PathBuf)>,
    /// Maps of each directory looked at, by canonical directory: each directory is read by one
    /// thread, the others wait for it (two threads reading it both would double its cost).
    dirs: Mutex<HashMap<PathBuf, DirMaps>>,
    /// The search directories of each scenario directory seen (see [`MapRegistry::search_dirs`]):
    /// found once, not once per scenario of a folder.
    searched: Mutex<HashMap<PathBuf, Arc<SearchDirs>>>,
    /// The zones computed so far on each built-in map, by id.
    builtin_zones: Mutex<HashMap<String, Arc<SharedZones>>>,
    /// Texts that stand for map files, by canonical path: a language server's open documents,
    /// with their unsaved edits (see [`MapRegistry::with_open_text`]).
    open: HashMap<PathBuf, String>,
    /// Whether each file a batch read names a map format in its head, by its path in its
    /// canonical directory (see [`MapRegistry::know_heads`]).
    heads: HashMap<PathBuf, bool>,
}

impl Clone for MapRegistry {
    fn clone(&self) -> MapRegistry {
        MapRegistry {
            roots: self.roots.clone(),
            dirs: copy(&self.dirs),
            searched: copy(&self.searched),
            builtin_zones: copy(&self.builtin_zones),
            open: self.open.clone(),
            heads: self.heads.clone(),
        }
    }
}

/// A new lock around a copy of what `m` holds (empty if it was poisoned).
fn copy<T: Clone + Default>(m: &Mutex<T>) -> Mutex<T> {
    Mutex::new(m.lock().map(|d| d.clone()).unwrap_or_default())
}

impl Resolve for MapRegistry {
    fn resolve(&self, reference: &str, from: &Path) -> Result<ResolvedMap, Diagnostic> {
        MapRegistry::resolve(self, reference, from)
    }

    fn words(&self, kind: crate::pipeline::parse::DocKind) -> Vec<&'static DocWords> {
        crate::pipeline::games::words(kind)
    }
}

impl MapRegistry {
    /// A registry with no map directory: scenarios find the maps near them and the built-in ones.
    pub fn new() -> MapRegistry {
        MapRegistry::default()
    }

    /// Add a map directory (`--maps DIR`): its maps may be named by id from any scenario, and
    /// relative map paths may point into it.
    pub fn add_root(&mut self, dir: &Path) -> Result<(), Diagnostic> {
        let canon = dir
            .canonicalize()
            .ok()
            .filter(|c| c.is_dir())
            .ok_or_else(|| {
                Diagnostic::new(
                    Code::Io,
                    format!("--maps {}: not a directory", dir.display()),
                )
                .with_hint("give a directory that holds map files")
            })?;
        if !self.roots.iter().any(|(_, c)| *c == canon) {
            self.roots.push((dir.to_path_buf(), canon));
            // The roots come first in every search.
            if let Ok(mut searched) = self.searched.lock() {
                searched.clear();
            }
        }
        Ok(())
    }

    /// Every map file read so far in the directories looked at (the map directories and
    /// those near each scenario), canonical: the inputs of a command beside the scenario.
    pub fn map_files_read(&self) -> Vec<PathBuf> {
        let Ok(dirs) = self.dirs.lock() else {
            return Vec::new();
        };
        let mut out: Vec<PathBuf> = dirs
            .values()
            .filter_map(|cell| cell.get())
            .flat_map(|found| found.iter().map(|f| f.canonical.clone()))
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// Read `text` in place of the map file at `path` (an editor's open document, unsaved
    /// edits and all), for every later resolution; a path that does not exist is ignored.
    pub fn with_open_text(&mut self, path: &Path, text: String) {
        if let Ok(canon) = path.canonicalize() {
            self.open.insert(canon, text);
        }
    }

    /// What a batch's own reading of its files found in their heads (whether each names a map
    /// format, by the file's path in its canonical directory): looking for maps beside a
    /// scenario takes these, and opens only the files the batch did not read
    /// ([`crate::pipeline::batch`]). An editor's open text still comes first.
    pub fn know_heads(&mut self, heads: HashMap<PathBuf, bool>) {
        self.heads = heads;
    }

    /// The source of the map file at `path`: its open text, else the file.
    fn read(&self, path: &Path) -> Result<Source, Diagnostic> {
        if !self.open.is_empty()
            && let Ok(canon) = path.canonicalize()
            && let Some(text) = self.open.get(&canon)
        {
            if text.len() as u64 > crate::model::limits::MAX_FILE_BYTES {
                return Err(crate::pipeline::read::too_large(path, text.len() as u64));
            }
            return Ok(Source::from_text(path, text.clone()));
        }
        Source::read(path)
    }

    /// The map files of a directory, read once per registry.
    fn maps_in(&self, dir: &Path) -> Arc<Vec<Found>> {
        let cell = match self.dirs.lock() {
            Ok(mut cache) => Arc::clone(cache.entry(dir.to_path_buf()).or_default()),
            // A thread panicked while holding the lock: read the directory here.
            Err(_) => Arc::default(),
        };
        Arc::clone(cell.get_or_init(|| Arc::new(self.read_maps_in(dir))))
    }

    /// The map files of a directory, read now.
    fn read_maps_in(&self, dir: &Path) -> Vec<Found> {
        let mut found = Vec::new();
        if let Ok(entries) = std::fs::read_dir(dir) {
            let mut paths: Vec<PathBuf> = entries
                .flatten()
                .take(MAX_MAP_SCAN)
                .filter(|e| {
                    let p = e.path();
                    let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("");
                    (ext.eq_ignore_ascii_case("ron") || ext.eq_ignore_ascii_case("json"))
                        // Regular files only: never open a FIFO or a device. The directory
                        // listing says so without a `stat`, except through a symbolic link.
                        && match e.file_type() {
                            Ok(t) if t.is_symlink() => std::fs::metadata(&p).is_ok_and(|m| m.is_file()),
                            Ok(t) => t.is_file(),
                            Err(_) => false,
                        }
                })
                .map(|e| e.path())
                .collect();
            // Every path is `dir` joined with a name (no `/` in it): their texts order as
            // `Path` orders them, component by component, which was 7 % of a one-file check
            // among 2,040 siblings (profile of 29 November 2026).
            paths.sort_unstable_by(|a, b| a.as_os_str().cmp(b.as_os_str()));
            for p in paths {
                let open = (!self.open.is_empty())
                    .then(|| p.canonicalize().ok())
                    .flatten()
                    .and_then(|c| self.open.get(&c));
                let is_map = match (open, self.heads.get(&p)) {
                    (Some(text), _) => bytes_name_map_format(text.as_bytes()),
                    (None, Some(read)) => *read,
                    (None, None) => head_names_map_format(&p),
                };
                if !is_map {
                    continue;
                }
                let Ok(src) = self.read(&p) else { continue };
                // A copy of a built-in map's text is that map, clean (its test says so): not
                // read and schema-checked again for every scenario beside it.
                let (map, diags) = match builtin::map_of_text(&src.text) {
                    Some(m) => (Some(LoadedMap::engine_only(m)), Vec::new()),
                    None => load_map(&src),
                };
                let id = match &map {
                    Some(loaded) => loaded.map.id.clone(),
                    // A map file that breaks its schema (a skeleton of `saberc new map` not yet
                    // filled in) is listed by the id it gives, so that a scenario naming it is
                    // told the map has errors, not that no map has the id.
                    // Only a file whose own `format` field names a map: the head's sniff also
                    // finds a scenario whose notes quote a map's format.
                    None => {
                        let field = |key| {
                            top_level_field(&src.text, key).and_then(|(at, end)| {
                                string_in(&src.text, at, end, src.syntax == Syntax::Json)
                            })
                        };
                        let says_map =
                            field("format").is_some_and(|f| f.value.starts_with("saber-map/"));
                        match field("id").filter(|_| says_map) {
                            Some(id) => id.value.into_owned(),
                            None => continue,
                        }
                    }
                };
                let clean = !diags.iter().any(Diagnostic::is_error);
                let canonical = p.canonicalize().unwrap_or_else(|_| p.clone());
                found.push(Found {
                    path: p,
                    canonical,
                    id,
                    map: map.filter(|_| clean).map(Arc::new),
                    zones: Arc::default(),
                });
            }
        }
        found
    }

    /// The directories a scenario at `scenario_path` looks in for maps named by id, as shown
    /// and canonical, without repeats, in search order: the map directories given, `maps/`
    /// beside it, `../maps`, then its own directory.
    pub fn search_dirs(&self, scenario_path: &Path) -> Arc<SearchDirs> {
        let base = base_dir(scenario_path);
        if let Ok(searched) = self.searched.lock()
            && let Some(found) = searched.get(base)
        {
            return Arc::clone(found);
        }
        let parent_maps = match base.parent() {
            // `scenarios/../maps` is shown as `maps`.
            Some(p)
                if base
                    .components()
                    .next_back()
                    .is_some_and(|c| matches!(c, Component::Normal(_))) =>
            {
                if p.as_os_str().is_empty() {
                    PathBuf::from("maps")
                } else {
                    p.join("maps")
                }
            }
            _ => base.join("..").join("maps"),
        };
        let mut out = self.roots.clone();
        for d in [base.join("maps"), parent_maps, base.to_path_buf()] {
            if let Ok(c) = d.canonicalize()
                && c.is_dir()
                && !out.iter().any(|(_, o)| *o == c)
            {
                out.push((d, c));
            }
        }
        let out = Arc::new(out);
        if let Ok(mut searched) = self.searched.lock() {
            searched.insert(base.to_path_buf(), Arc::clone(&out));
        }
        out
    }

    /// The map files with id `id` in the first directory, in search order, that has a usable
    /// one (or every file with the id, when none is usable).
    fn candidates(&self, id: &str, scenario_path: &Path) -> Vec<Found> {
        let mut out: Vec<Found> = Vec::new();
        for (shown, dir) in self.search_dirs(scenario_path).iter() {
            if out.iter().any(|f| f.map.is_some()) {
                break;
            }
            for f in self.maps_in(dir).iter().filter(|f| f.id == id) {
                if !out.iter().any(|o| o.canonical == f.canonical) {
                    let mut f = f.clone();
                    if let Some(name) = f.canonical.file_name() {
                        f.path = shown.join(name);
                    }
                    out.push(f);
                }
            }
        }
        out
    }

    /// The ids a scenario at `scenario_path` can name, for suggestions.
    pub fn ids(&self, scenario_path: &Path) -> Vec<String> {
        let mut v: Vec<String> = builtin::ids().map(str::to_string).collect();
        for (_, dir) in self.search_dirs(scenario_path).iter() {
            for f in self.maps_in(dir).iter() {
                if !v.contains(&f.id) {
                    v.push(f.id.clone());
                }
            }
        }
        v
    }

    /// The id of the map whose display name is `name` (ignoring case), among the built-in maps
    /// and those near the scenario.
    fn named(&self, name: &str, scenario_path: &Path) -> Option<String> {
        let wanted = name.trim();
        let is = |m: &Map| m.name.trim().eq_ignore_ascii_case(wanted);
        builtin::ids()
            .find(|b| builtin::map(b).is_some_and(|m| is(&m)))
            .map(str::to_string)
            .or_else(|| {
                self.search_dirs(scenario_path).iter().find_map(|(_, dir)| {
                    self.maps_in(dir)
                        .iter()
                        .find(|f| f.map.as_deref().is_some_and(|l| is(&l.map)))
                        .map(|f| f.id.clone())
                })
            })
    }

    /// Find the map a scenario names. `scenario_path` is the scenario file: relative references
    /// and the maps near it are found from there.
    pub fn resolve(
        &self,
        reference: &str,
        scenario_path: &Path,
    ) -> Result<ResolvedMap, Diagnostic> {
        if !is_path(reference) {
            return self.resolve_id(reference, scenario_path);
        }
        let (full, canon) = self.path_reference(reference, scenario_path)?;
        let src = self.read(&canon).map_err(|d| d.at_path(path!["map"]))?;
        let (map, diags) = load_map(&src);
        match map {
            Some(LoadedMap { map: m, game_file }) if !diags.iter().any(Diagnostic::is_error) => {
                let mut notes = Vec::new();
                if let Some(d) = builtin_id_claimed(&m) {
                    notes.push(
                        Diagnostic::new(
                            Code::MapIdShadowed,
                            format!(
                                "the map `{reference}` has the id `{}` of a built-in map but differs from it",
                                m.id
                            ),
                        )
                        .at_path(path!["map"])
                        .with_hint(d.hint.unwrap_or_default()),
                    );
                }
                Ok(ResolvedMap {
                    map: Arc::new(m),
                    game_file,
                    origin: MapOrigin::File(full),
                    notes,
                    // Read again for each scenario that names its path: nothing to share.
                    zones: None,
                })
            }
            _ => Err(Diagnostic::new(
                Code::UnknownMap,
                format!("the map `{reference}` has errors"),
            )
            .at_path(path!["map"])
            .with_hint(format!(
                "run `saberc check {}` and fix it first",
                canon.display()
            ))),
        }
    }

    /// A map named by a path relative to the scenario: the path as given from the scenario's
    /// folder and canonical, once it is found inside the scenario's folder or a map folder.
    fn path_reference(
        &self,
        reference: &str,
        scenario_path: &Path,
    ) -> Result<(PathBuf, PathBuf), Diagnostic> {
        let rel = Path::new(reference);
        if rel.is_absolute()
            || rel
                .components()
                .any(|c| matches!(c, Component::Prefix(_) | Component::RootDir))
        {
            return Err(outside(reference, "an absolute path"));
        }
        let base = base_dir(scenario_path);
        let full = base.join(rel);
        let mut allowed: Vec<PathBuf> = self.roots.iter().map(|(_, c)| c.clone()).collect();
        let canon_base = base.canonicalize().ok();
        if let Some(b) = &canon_base {
            allowed.push(b.clone());
        }
        let canon = full.canonicalize().map_err(|e| {
            // A path that leads out of the allowed directories is refused the same way whether
            // or not its target exists, so that answers tell nothing about files outside.
            let lexical = canon_base.as_ref().and_then(|b| lexically_joined(b, rel));
            if !lexical.is_some_and(|l| allowed.iter().any(|root| l.starts_with(root))) {
                return outside(
                    reference,
                    "outside the scenario's directory and the map directories",
                );
            }
            Diagnostic::new(
                Code::UnknownMap,
                format!("cannot open map `{reference}`: {e}"),
            )
            .at_path(path!["map"])
            .with_hint("the path is relative to the scenario file")
        })?;
        if !allowed.iter().any(|root| canon.starts_with(root)) {
            return Err(outside(
                reference,
                "outside the scenario's directory and the map directories",
            ));
        }
        Ok((full, canon))
    }

    /// The map file a reference names, found as [`MapRegistry::resolve`] finds it, whether or
    /// not the map has errors: `saberc new scenario` writes its skeleton on a map still being
    /// filled in. `None` for a built-in map, or when no one file answers.
    pub fn map_file(&self, reference: &str, scenario_path: &Path) -> Option<PathBuf> {
        if is_path(reference) {
            return self
                .path_reference(reference, scenario_path)
                .ok()
                .map(|(_, canon)| canon);
        }
        if builtin::map(reference).is_some() {
            return None;
        }
        match self.candidates(reference, scenario_path).as_slice() {
            [one] => Some(one.path.clone()),
            _ => None,
        }
    }

    fn resolve_id(&self, id: &str, scenario_path: &Path) -> Result<ResolvedMap, Diagnostic> {
        let found = self.candidates(id, scenario_path);
        if let Some(m) = builtin::shared_map(id) {
            // A map file never replaces a built-in map: one that is the same map is the built-in
            // map's own source (this repository's maps/), one that differs is reported.
            let mut notes = Vec::new();
            for f in &found {
                if f.map.as_deref().map(|l| &l.map) != Some(&*m) {
                    notes.push(
                        Diagnostic::new(
                            Code::MapIdShadowed,
                            format!(
                                "{} also has the id `{id}` but is not the built-in map `{id}`; this scenario is checked against the built-in map",
                                f.path.display()
                            ),
                        )
                        .at_path(path!["map"])
                        .with_hint(format!(
                            "give that map its own id, and name that id here to use it (`map: \"{id}-edited\"`)"
                        )),
                    );
                }
            }
            let zones = self
                .builtin_zones
                .lock()
                .ok()
                .map(|mut z| Arc::clone(z.entry(id.to_string()).or_default()));
            return Ok(ResolvedMap {
                map: m,
                game_file: None,
                origin: MapOrigin::BuiltIn(id.to_string()),
                notes,
                zones,
            });
        }
        // Map files with errors cannot be used: they are reported when checked, and chosen
        // only to say so when no usable map has the id.
        let (clean, broken): (Vec<&Found>, Vec<&Found>) =
            found.iter().partition(|f| f.map.is_some());
        match clean.as_slice() {
            [] if !broken.is_empty() => Err(Diagnostic::new(
                Code::UnknownMap,
                format!("the map `{id}` ({}) has errors", broken[0].path.display()),
            )
            .at_path(path!["map"])
            .with_hint(format!(
                "run `saberc check {}` and fix it first",
                broken[0].path.display()
            ))),
            [] => {
                let ids = self.ids(scenario_path);
                let near = suggestions(id, ids.iter().map(String::as_str));
                let known = format!(
                    "known maps: {}; maps are looked for in maps/ beside the scenario, in ../maps and beside the scenario, or pass the map's directory with --maps DIR",
                    ids.join(", ")
                );
                let d = Diagnostic::new(Code::UnknownMap, format!("no map has the id `{id}`"))
                    .at_path(path!["map"]);
                // A map named by the name it displays: `map:` takes its id.
                if let Some(by_name) = self.named(id, scenario_path) {
                    let help = format!(
                        "`{id}` is the name of the map `{by_name}`; `map:` takes its id: write `\"{by_name}\"`"
                    );
                    return Err(d
                        .with_hint(known)
                        .suggest(None, format!("\"{by_name}\""), help));
                }
                Err(d.spelling(&near, known))
            }
            [one] => {
                let loaded = one.map.as_deref().cloned().expect("clean maps are built");
                Ok(ResolvedMap {
                    map: Arc::new(loaded.map),
                    game_file: loaded.game_file,
                    origin: MapOrigin::File(one.path.clone()),
                    notes: Vec::new(),
                    zones: Some(Arc::clone(&one.zones)),
                })
            }
            many => Err(Diagnostic::new(
                Code::DuplicateId,
                format!(
                    "{} map files have the id `{id}`: {}",
                    many.len(),
                    many.iter()
                        .map(|f| f.path.display().to_string())
                        .collect::<Vec<_>>()
                        .join(" and ")
                ),
            )
            .at_path(path!["map"])
            .with_hint("a map id names one map: give the other maps their own ids")),
        }
    }
}

/// Does a scenario's `map` name a file by its path (rather than a map by its id)?
fn is_path(reference: &str) -> bool {
    reference.contains('/')
        || reference.contains('\\')
        || reference.ends_with(".ron")
        || reference.ends_with(".json")
}

/// Map ids used by more than one of these map files (`(path, id)`), each with the other files:
/// in a batch, every such file gets REF005 naming the others.
pub fn duplicate_ids(maps: &[(PathBuf, String)]) -> BTreeMap<PathBuf, Diagnostic> {
    let mut by_id: BTreeMap<&str, Vec<&PathBuf>> = BTreeMap::new();
    for (p, id) in maps {
        by_id.entry(id.as_str()).or_default().push(p);
    }
    let mut out = BTreeMap::new();
    for (id, paths) in by_id.into_iter().filter(|(_, v)| v.len() > 1) {
        for p in &paths {
            let others: Vec<String> = paths
                .iter()
                .filter(|o| *o != p)
                .map(|o| o.display().to_string())
                .collect();
            out.insert(
                (*p).clone(),
                Diagnostic::new(
                    Code::DuplicateId,
                    format!(
                        "the map id `{id}` is also the id of {}",
                        others.join(" and ")
                    ),
                )
                .at_path(path!["id"])
                .with_hint("a map id names one map: give each map its own id"),
            );
        }
    }
    out
}

/// The directory of a file, `.` for a bare file name.
fn base_dir(file: &Path) -> &Path {
    match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// `base` joined with `rel`, with `.` and `..` resolved by the text alone (`None` when `..`
/// climbs above the root).
fn lexically_joined(base: &Path, rel: &Path) -> Option<PathBuf> {
    let mut out = base.to_path_buf();
    for c in rel.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            Component::Normal(n) => out.push(n),
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(out)
}

fn outside(reference: &str, why: &str) -> Diagnostic {
    Diagnostic::new(
        Code::MapOutsideRoots,
        format!("the map path `{reference}` is {why}"),
    )
    .at_path(path!["map"])
    .with_hint(
        "name the map by id (`map: \"rifle-and-saber\"`), or give its directory with --maps DIR",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A copy of a built-in map's text found near a scenario is taken as the built-in map
    /// without reading it again: that must be what reading it gives (the same map, clean).
    #[test]
    fn a_copy_of_a_built_in_map_is_what_reading_it_gives() {
        for id in builtin::ids() {
            let text = builtin::map_text(id).unwrap();
            let (loaded, diags) = load_map(&Source::from_text(format!("{id}.ron"), text));
            assert!(!diags.iter().any(Diagnostic::is_error), "{id}: {diags:?}");
            let loaded = loaded.expect("a built-in map loads");
            assert!(loaded.game_file.is_none());
            assert_eq!(Some(loaded.map), builtin::map_of_text(text), "{id}");
        }
        assert!(builtin::map_of_text("(format: \"saber-map/1\")").is_none());
    }

    /// Every scenario on a built-in map is given the process's one copy of it, not a copy of
    /// its own (copying it per scenario was a share of a batch check), and that copy is the map.
    #[test]
    fn scenarios_on_a_built_in_map_share_it() {
        let registry = MapRegistry::new();
        let dir = tempfile::tempdir().expect("temp dir");
        let one = registry.resolve("rifle-and-saber", &dir.path().join("a.ron"));
        let two = registry.resolve("rifle-and-saber", &dir.path().join("b.ron"));
        let (one, two) = (one.expect("built in"), two.expect("built in"));
        assert!(Arc::ptr_eq(&one.map, &two.map));
        assert_eq!(*one.map, builtin::rifle_and_saber());
    }

    /// The map files of a directory are taken in the order of their paths: sorting the paths'
    /// texts (what `read_maps_in` does) gives the order `Path` gives them, names of any kind.
    #[test]
    fn paths_of_one_directory_order_as_their_texts() {
        let names = [
            "b.ron",
            "a.ron",
            "a.b.ron",
            "a-b.ron",
            "a b.ron",
            "A.ron",
            "é.json",
            "a.json",
            "a..ron",
            "~a.ron",
            "a.ron.json",
            ".a.ron",
            "0.ron",
            "a_b.ron",
        ];
        for dir in ["maps", "/tmp/x/maps", "./maps", "../maps", "m/"] {
            let paths: Vec<PathBuf> = names.iter().map(|n| Path::new(dir).join(n)).collect();
            let mut by_path = paths.clone();
            by_path.sort();
            let mut by_text = paths;
            by_text.sort_unstable_by(|a, b| a.as_os_str().cmp(b.as_os_str()));
            assert_eq!(by_path, by_text, "{dir}");
        }
    }

    /// Threads that ask for the same directory at once get one reading of it: each does not
    /// read it again for itself.
    #[test]
    fn a_directory_is_read_once_by_threads_asking_at_once() {
        let dir = tempfile::tempdir().unwrap();
        for i in 0..200 {
            std::fs::write(
                dir.path().join(format!("s{i}.ron")),
                "(format: \"saber-scenario/1\")",
            )
            .unwrap();
        }
        let registry = MapRegistry::new();
        let start = std::sync::Barrier::new(4);
        let found: Vec<Arc<Vec<Found>>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..4)
                .map(|_| {
                    s.spawn(|| {
                        start.wait();
                        registry.maps_in(dir.path())
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert!(found.iter().all(|f| Arc::ptr_eq(f, &found[0])));
    }
}
