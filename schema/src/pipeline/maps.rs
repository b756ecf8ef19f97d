//! Map resolution: which map a scenario names, among the maps of the run and the built-in ones.

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

use crate::builtin;
use crate::diagnostic::{Code, Diagnostic, did_you_mean, suggestions};
use crate::model::map::Map;
use crate::path;
use crate::pipeline::load_map;
use crate::pipeline::read::Source;

/// Maps a scenario may name: those found on the command line and in map directories, then the
/// built-in ones. Relative map paths must stay inside the scenario's directory tree or a map
/// directory.
#[derive(Debug, Default, Clone)]
pub struct MapRegistry {
    maps: BTreeMap<String, (PathBuf, Map)>,
    roots: Vec<PathBuf>,
}

impl MapRegistry {
    /// An empty registry (built-in maps are always available).
    pub fn new() -> MapRegistry {
        MapRegistry::default()
    }

    /// Allow relative map paths to resolve inside this directory.
    pub fn add_root(&mut self, dir: &Path) {
        if let Ok(c) = dir.canonicalize() {
            self.roots.push(c);
        }
    }

    /// Register a checked map under its id.
    pub fn add(&mut self, path: PathBuf, map: Map) {
        self.maps.insert(map.id.clone(), (path, map));
    }

    /// The ids known, for suggestions.
    pub fn ids(&self) -> Vec<String> {
        let mut v: Vec<String> = self.maps.keys().cloned().collect();
        for id in builtin::ids() {
            if !v.iter().any(|x| x == id) {
                v.push(id.to_string());
            }
        }
        v
    }

    /// Find the map a scenario names. `scenario_path` locates relative references.
    pub fn resolve(&self, reference: &str, scenario_path: &Path) -> Result<Map, Diagnostic> {
        let is_path = reference.contains('/')
            || reference.contains('\\')
            || reference.ends_with(".ron")
            || reference.ends_with(".json");
        if !is_path {
            if let Some((_, m)) = self.maps.get(reference) {
                return Ok(m.clone());
            }
            if let Some(m) = builtin::map(reference) {
                return Ok(m);
            }
            let ids = self.ids();
            let near = suggestions(reference, ids.iter().map(String::as_str));
            return Err(Diagnostic::error(
                Code::UnknownMap,
                format!("no map has the id `{reference}`"),
            )
            .at_path(path!["map"])
            .with_hint(did_you_mean(&near).unwrap_or_else(|| {
                format!(
                    "known maps: {}; or pass the map's directory with --maps DIR",
                    ids.join(", ")
                )
            })));
        }
        let rel = Path::new(reference);
        if rel.is_absolute()
            || rel
                .components()
                .any(|c| matches!(c, Component::Prefix(_) | Component::RootDir))
        {
            return Err(outside(reference, "an absolute path"));
        }
        let base = scenario_path.parent().unwrap_or(Path::new("."));
        let base = if base.as_os_str().is_empty() {
            Path::new(".")
        } else {
            base
        };
        let full = base.join(rel);
        let canon = full.canonicalize().map_err(|e| {
            Diagnostic::error(
                Code::UnknownMap,
                format!("cannot open map `{reference}`: {e}"),
            )
            .at_path(path!["map"])
            .with_hint("the path is relative to the scenario file")
        })?;
        let mut allowed: Vec<PathBuf> = self.roots.clone();
        if let Ok(b) = base.canonicalize() {
            allowed.push(b);
        }
        if !allowed.iter().any(|root| canon.starts_with(root)) {
            return Err(outside(
                reference,
                "outside the scenario's directory and the map directories",
            ));
        }
        let src = Source::read(&canon).map_err(|d| d.at_path(path!["map"]))?;
        let (map, diags) = load_map(&src);
        match map {
            Some(m) if !diags.iter().any(Diagnostic::is_error) => Ok(m),
            _ => Err(Diagnostic::error(
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
}

fn outside(reference: &str, why: &str) -> Diagnostic {
    Diagnostic::error(
        Code::MapOutsideRoots,
        format!("the map path `{reference}` is {why}"),
    )
    .at_path(path!["map"])
    .with_hint(
        "name the map by id (`map: \"rifle-and-saber\"`), or give its directory with --maps DIR",
    )
}
