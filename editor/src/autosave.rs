//! Autosave: the open document's unsaved work written to its recovery file by a thread of its
//! own, as soon as the document changes.
//!
//! The write cannot wait for a later frame: eframe does not repaint a window that is covered
//! or minimised, so a timer asked of the frame loop (`request_repaint_after`) never fires
//! there, and work done just before the window was hidden would stay unwritten until it is
//! raised again. A change is made in a frame (it comes from the user's input), so that frame
//! hands a copy of the document to the writer thread, which writes it on its own clock.

use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use saber_schema::model::map::Map;

use crate::content::Content;
use crate::document::Document;
use crate::recovery::{Recovery, RecoveryDir};
use saber_schema::files::FileState;

/// Changes closer together than this are written once (typing a name is one write).
const COALESCE: Duration = Duration::from_millis(250);

/// What a recovery file holds: a copy of the document's content and the file it came from.
#[derive(Debug, Clone)]
pub struct Snapshot {
    /// The file the document was read from or last saved to.
    pub source: Option<PathBuf>,
    /// The map drawn.
    pub map: Map,
    /// What the document is.
    pub content: Content,
    /// The file of a scenario's map.
    pub map_file: Option<PathBuf>,
    /// The text the document was read from or last saved as, which the recovery file holds
    /// edited as a save would edit it.
    pub text: Option<String>,
    /// The source file as it was when read or last saved.
    pub on_disk: Option<FileState>,
}

impl Snapshot {
    /// A copy of what `doc` holds now.
    pub fn of(doc: &Document) -> Snapshot {
        Snapshot {
            source: doc.path.clone(),
            map: doc.map().clone(),
            content: doc.content().clone(),
            map_file: doc.map_file.clone(),
            text: doc.text.clone(),
            on_disk: doc.on_disk,
        }
    }
}

/// A job for the writer thread.
enum Job {
    /// Write this snapshot, unless the recovery file was released since it was taken (the
    /// epoch it was taken in is then past).
    Write(u64, Box<Snapshot>),
    /// Tell the sender once everything sent before is written.
    Flush(Sender<()>),
}

/// What the window and its writer thread share.
#[derive(Debug)]
struct Shared {
    dir: RecoveryDir,
    /// This document's recovery file, once claimed (or adopted from recovered work).
    slot: Option<Recovery>,
    /// Bumped whenever the recovery file is released: snapshots taken before are stale.
    epoch: u64,
    /// Why the last write failed, until the window has said so.
    failure: Option<String>,
}

/// The open document's autosave: its recovery file and the thread that writes it.
#[derive(Debug)]
pub struct Autosaver {
    shared: Arc<Mutex<Shared>>,
    tx: Option<Sender<Job>>,
    thread: Option<JoinHandle<()>>,
}

fn lock(shared: &Mutex<Shared>) -> MutexGuard<'_, Shared> {
    // A panic while writing leaves nothing half-done in `Shared`: use it as it is.
    shared.lock().unwrap_or_else(|e| e.into_inner())
}

impl Autosaver {
    /// An autosave into recovery files in `dir` (nothing is written before the first change).
    pub fn new(dir: RecoveryDir) -> Autosaver {
        Autosaver {
            shared: Arc::new(Mutex::new(Shared {
                dir,
                slot: None,
                epoch: 0,
                failure: None,
            })),
            tx: None,
            thread: None,
        }
    }

    fn sender(&mut self) -> Option<&Sender<Job>> {
        if self.tx.is_none() {
            let (tx, rx) = mpsc::channel();
            let shared = Arc::clone(&self.shared);
            let thread = std::thread::Builder::new()
                .name("autosave".into())
                .spawn(move || writer(&rx, &shared))
                .ok()?;
            self.tx = Some(tx);
            self.thread = Some(thread);
        }
        self.tx.as_ref()
    }

    /// Write `snapshot` to the recovery file soon, on the writer thread.
    pub fn write(&mut self, snapshot: Snapshot) {
        let epoch = lock(&self.shared).epoch;
        let job = Job::Write(epoch, Box::new(snapshot));
        let unsent = match self.sender() {
            Some(tx) => tx.send(job).err().map(|e| e.0),
            None => Some(job),
        };
        if let Some(Job::Write(epoch, snap)) = unsent {
            // No thread could be started: write now rather than not at all.
            write_now(&mut lock(&self.shared), epoch, &snap);
        }
    }

    /// Give up the recovery file (the work is saved, discarded or replaced): it is deleted,
    /// and no snapshot taken before is written.
    pub fn release(&mut self) {
        let mut s = lock(&self.shared);
        s.epoch += 1;
        if let Some(r) = s.slot.take() {
            r.release();
        }
    }

    /// Make `slot` (recovered work being restored) the document's recovery file.
    pub fn adopt(&mut self, slot: Recovery) {
        let mut s = lock(&self.shared);
        s.epoch += 1;
        if let Some(old) = s.slot.replace(slot) {
            old.release();
        }
    }

    /// Wait until everything sent so far is written (tests; closing the window).
    pub fn flush(&mut self) {
        let (ack, done) = mpsc::channel();
        if self
            .tx
            .as_ref()
            .is_some_and(|tx| tx.send(Job::Flush(ack)).is_ok())
        {
            let _ = done.recv();
        }
    }

    /// Why the last write failed, once.
    pub fn take_failure(&mut self) -> Option<String> {
        lock(&self.shared).failure.take()
    }
}

impl Drop for Autosaver {
    fn drop(&mut self) {
        // What was sent is written before the window's process lets go of its lock.
        self.tx = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The writer thread: each change is written, changes close together once.
fn writer(rx: &Receiver<Job>, shared: &Mutex<Shared>) {
    while let Ok(first) = rx.recv() {
        let mut latest = None;
        let mut acks = Vec::new();
        take(first, &mut latest, &mut acks);
        let until = Instant::now() + COALESCE;
        loop {
            let job = if latest.is_none() || !acks.is_empty() {
                // A flush is answered at once, with whatever else is already queued.
                match rx.try_recv() {
                    Ok(j) => j,
                    Err(_) => break,
                }
            } else {
                match rx.recv_timeout(until.saturating_duration_since(Instant::now())) {
                    Ok(j) => j,
                    Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => break,
                }
            };
            take(job, &mut latest, &mut acks);
        }
        if let Some((epoch, snap)) = latest {
            write_now(&mut lock(shared), epoch, &snap);
        }
        for a in acks {
            let _ = a.send(());
        }
    }
}

/// The newest snapshot wins; flushes wait for it.
fn take(job: Job, latest: &mut Option<(u64, Box<Snapshot>)>, acks: &mut Vec<Sender<()>>) {
    match job {
        Job::Write(epoch, snap) => *latest = Some((epoch, snap)),
        Job::Flush(ack) => acks.push(ack),
    }
}

/// Write `snap` into the recovery file (claimed on the first write), unless it is stale.
fn write_now(s: &mut Shared, epoch: u64, snap: &Snapshot) {
    if epoch != s.epoch {
        return;
    }
    if s.slot.is_none() {
        match s.dir.claim(snap.source.as_deref()) {
            Ok(r) => s.slot = Some(r),
            Err(e) => {
                s.failure = Some(e.to_string());
                return;
            }
        }
    }
    if let Some(r) = &s.slot
        && let Err(e) = r.write_parts(
            snap.source.as_deref(),
            snap.on_disk,
            snap.map_file.as_deref(),
            (&snap.map, &snap.content, snap.text.as_deref()),
        )
    {
        s.failure = Some(e);
    }
}
