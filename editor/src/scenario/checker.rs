//! Live checking of the scenario being edited, by the same pipeline as `saberc`
//! (`check_scenario_model`: JSON Schema, zones resolved to hexes, then every rule family; the
//! findings are what `saberc check` reports for the scenario saved). A check that took less
//! than a frame last time runs inline; a slower one runs on a worker thread, so typing never
//! waits for it, and only the newest result is kept.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, Instant};

use saber_schema::diagnostic::Diagnostic;
use saber_schema::model::map::Map;
use saber_schema::model::scenario::Scenario;
use saber_schema::pipeline::zones::Resolved;

/// A check slower than this moves to the worker thread.
const FRAME: Duration = Duration::from_millis(8);

struct Job {
    revision: u64,
    scenario: Scenario,
    map: Arc<Map>,
    map_problem: Option<Diagnostic>,
    map_notes: Vec<Diagnostic>,
}

struct Done {
    revision: u64,
    resolved: Resolved,
    items: Vec<Diagnostic>,
    took: Duration,
}

/// The latest check of the scenario: its zones as hexes and its diagnostics.
pub struct Checker {
    /// The revision the results are for.
    pub revision: Option<u64>,
    /// Zones as hexes, per side and group (empty before the first check).
    pub resolved: Resolved,
    /// The compiler's findings.
    pub items: Vec<Diagnostic>,
    /// How long the last check took.
    pub took: Duration,
    /// Always check inline (tests).
    pub synchronous: bool,
    /// Why the scenario's map was not found, if it was not: the check then reports that, as
    /// `saberc` does, rather than checking against the stand-in map.
    pub map_problem: Option<Diagnostic>,
    /// What resolving the scenario's map noted (REF007), reported with every check as `saberc`
    /// reports it.
    pub map_notes: Vec<Diagnostic>,
    asked: Option<u64>,
    jobs: Option<Sender<Job>>,
    results: Option<Receiver<Done>>,
}

impl Default for Checker {
    fn default() -> Self {
        Checker {
            revision: None,
            resolved: Resolved::default(),
            items: Vec::new(),
            took: Duration::ZERO,
            synchronous: false,
            map_problem: None,
            map_notes: Vec::new(),
            asked: None,
            jobs: None,
            results: None,
        }
    }
}

impl std::fmt::Debug for Checker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Checker")
            .field("revision", &self.revision)
            .field("items", &self.items.len())
            .finish_non_exhaustive()
    }
}

fn run(job: Job) -> Done {
    let start = Instant::now();
    let (problem, notes) = (job.map_problem.as_ref(), &job.map_notes);
    let check = crate::games::rifle_and_saber::doc::check(&job.scenario, &job.map, problem, notes);
    Done {
        revision: job.revision,
        resolved: check.resolved,
        items: check.diagnostics,
        took: start.elapsed(),
    }
}

impl Checker {
    /// Forget results (another document).
    pub fn reset(&mut self) {
        self.revision = None;
        self.asked = None;
        self.resolved = Resolved::default();
        self.items.clear();
    }

    /// Is a check of a newer revision under way?
    pub fn is_busy(&self) -> bool {
        self.asked.is_some() && self.asked != self.revision
    }

    /// Take finished results, and ask for a check of `revision` if it is not done or asked.
    /// Returns true while a result is awaited (the caller should repaint soon).
    pub fn update(&mut self, revision: u64, scenario: &Scenario, map: &Arc<Map>) -> bool {
        let finished: Vec<Done> = self
            .results
            .as_ref()
            .map(|rx| rx.try_iter().collect())
            .unwrap_or_default();
        for done in finished {
            self.accept(done);
        }
        if self.asked == Some(revision) {
            return self.is_busy();
        }
        self.asked = Some(revision);
        let job = Job {
            revision,
            scenario: scenario.clone(),
            map: Arc::clone(map),
            map_problem: self.map_problem.clone(),
            map_notes: self.map_notes.clone(),
        };
        if self.synchronous || self.took < FRAME {
            let done = run(job);
            self.accept(done);
            return false;
        }
        if self.jobs.is_none() {
            let (jobs, inbox) = channel::<Job>();
            let (outbox, results) = channel::<Done>();
            let spawned = std::thread::Builder::new()
                .name("scenario-check".into())
                .spawn(move || {
                    while let Ok(mut job) = inbox.recv() {
                        // Only the newest edit matters.
                        while let Ok(newer) = inbox.try_recv() {
                            job = newer;
                        }
                        if outbox.send(run(job)).is_err() {
                            break;
                        }
                    }
                });
            if spawned.is_ok() {
                self.jobs = Some(jobs);
                self.results = Some(results);
            }
        }
        // No worker (or a worker gone): the job comes back, checked inline rather than not
        // at all.
        let job = match &self.jobs {
            Some(tx) => match tx.send(job) {
                Ok(()) => return true,
                Err(unsent) => unsent.0,
            },
            None => job,
        };
        let done = run(job);
        self.accept(done);
        false
    }

    fn accept(&mut self, done: Done) {
        // An older result never replaces a newer one.
        if self.revision.is_some_and(|r| r > done.revision) {
            return;
        }
        self.revision = Some(done.revision);
        self.resolved = done.resolved;
        self.items = done.items;
        self.took = done.took;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scenario() -> Scenario {
        crate::scenario::historical::HISTORICAL[6]
            .scenario()
            .expect("parses")
    }

    #[test]
    fn inline_and_worker_checks_agree() {
        let map = Arc::new(saber_schema::builtin::rifle_and_saber());
        let mut s = scenario();
        s.sides[0].groups[0]
            .units
            .insert(saber_schema::ruleset::UnitKind::MZ, 900);
        let mut inline = Checker {
            synchronous: true,
            ..Checker::default()
        };
        assert!(!inline.update(1, &s, &map));
        assert!(!inline.items.is_empty(), "900 MZ do not fit");
        let mut worker = Checker {
            took: Duration::from_secs(1),
            ..Checker::default()
        };
        assert!(worker.update(1, &s, &map), "slow checks go to the worker");
        let start = Instant::now();
        while worker.update(1, &s, &map) {
            assert!(start.elapsed() < Duration::from_secs(60), "worker answers");
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(worker.revision, Some(1));
        assert_eq!(worker.items, inline.items);
        assert_eq!(worker.resolved.groups.len(), 2);
    }

    /// A map file beside the scenario that claims the built-in id it names is REF007 in
    /// `saberc check`; the live check keeps saying so after an edit, not only when the file
    /// is opened.
    #[test]
    fn the_live_check_keeps_what_map_resolution_noted() {
        use saber_schema::diagnostic::Code;
        use saber_schema::model::hex::Coord;
        use saber_schema::model::map::Cell;
        use saber_schema::pipeline::check_path;
        use saber_schema::pipeline::maps::MapRegistry;
        use saber_schema::ruleset::Terrain;
        let dir = tempfile::tempdir().unwrap();
        let mut map = saber_schema::builtin::rifle_and_saber();
        map.set_cell(
            Coord(1, 30),
            Cell {
                terrain: Terrain::Woods,
                slope: false,
            },
        );
        crate::files::save_model(&map.to_file(), &dir.path().join("rifle-and-saber.ron")).unwrap();
        let mut s = crate::scenario::historical::HISTORICAL[6]
            .scenario()
            .unwrap();
        let f = dir.path().join("little-round-top.ron");
        crate::files::save_model(&s, &f).unwrap();
        let saberc: Vec<Code> = check_path(&f, &MapRegistry::new())
            .diagnostics
            .iter()
            .map(|d| d.code)
            .collect();
        assert!(saberc.contains(&Code::MapIdShadowed), "{saberc:?}");

        let loaded = crate::games::read_any(&f).expect("readable");
        let scenario = loaded
            .content
            .own::<Scenario>()
            .expect("a scenario")
            .clone();
        let mut checker = Checker {
            synchronous: true,
            map_notes: loaded.map_notes.clone(),
            ..Checker::default()
        };
        let map = Arc::new(loaded.map);
        checker.update(1, &scenario, &map);
        let codes = |c: &Checker| c.items.iter().map(|d| d.code).collect::<Vec<_>>();
        assert_eq!(codes(&checker), saberc, "as opened");
        // An edit that changes nothing the rules check: the same findings.
        s.name.push_str(" (edited)");
        checker.update(2, &s, &map);
        assert_eq!(codes(&checker), saberc, "after an edit");
    }
}
