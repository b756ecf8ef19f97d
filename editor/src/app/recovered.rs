//! Recovered work: restoring it as the open document (its file's text and state as the
//! recovery file holds them, so that it saves as if the editor had never stopped), saving or
//! discarding it unopened, and the autosave that writes the open document's recovery file.

use std::path::Path;

use crate::app::App;
use crate::app::file_dialog::{Purpose, Request};
use crate::app::open_save::document_of;
use crate::autosave::Snapshot;
use crate::files;

impl App {
    /// Restore recovered work (the offer whose recovery file is `key`) as the open document;
    /// it keeps its recovery file until it is saved or discarded.
    pub(crate) fn restore(&mut self, key: &Path) {
        let Some(i) = self.offers.iter().position(|(_, slot)| slot.path() == key) else {
            return;
        };
        let (offer, slot) = self.offers.remove(i);
        let label = format!("Restored from recovery of {}", clock(offer.when));
        let base = on_disk_base(offer.source.as_deref(), offer.on_disk);
        let (mut doc, missing) = document_of(offer.doc, offer.source);
        match base {
            // The file is as the recovered edits found it: it is the document, and the
            // recovered work one step on it, which undo takes back to the file (issue 37).
            Some(mut base) if base.content().same_kind(doc.content()) => {
                // Same kind of document: the step is always taken.
                let _ = base.take_reread(&label, doc);
                self.set_loaded((base, missing));
            }
            _ => {
                // Its file as it was before the crash: a save refuses if it changed since.
                doc.on_disk = offer.on_disk;
                doc.mark_unsaved();
                self.set_loaded((doc, missing));
            }
        }
        match &mut self.autosaver {
            Some(a) => a.adopt(slot),
            // Offers come only from a recovery folder; without an autosave, keep the file.
            None => drop(slot),
        }
        self.ws
            .status
            .set("Restored recovered work: save it to keep it");
    }

    /// Ask where to save recovered work without opening it.
    pub(crate) fn save_recovered_as(&mut self, key: &Path) {
        let Some((offer, _)) = self.offers.iter().find(|(_, slot)| slot.path() == key) else {
            return;
        };
        let (what, id, _) = offer.doc.what();
        let id = id.to_string();
        let file_name = offer
            .source
            .as_ref()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| format!("{id}.ron"));
        let dir = offer
            .source
            .as_ref()
            .and_then(|p| p.parent())
            .filter(|d| !d.as_os_str().is_empty())
            .map(Path::to_path_buf)
            .or_else(|| self.doc_dir());
        let req = Request {
            title: format!("Save the recovered {what} as"),
            filters: vec![
                (format!("RON {what}"), vec!["ron"]),
                (format!("JSON {what}"), vec!["json"]),
            ],
            file_name: Some(file_name),
            dir,
            save: true,
            folder: false,
        };
        if let Some(path) = self
            .dialogs
            .ask(Purpose::SaveRecovered(key.to_path_buf()), req)
        {
            self.save_recovered(key, &path);
        }
    }

    /// Save recovered work (the offer whose recovery file is `key`) to `path`; its recovery
    /// file goes only once that worked.
    pub(crate) fn save_recovered(&mut self, key: &Path, path: &Path) {
        let Some(i) = self.offers.iter().position(|(_, slot)| slot.path() == key) else {
            return;
        };
        let l = &self.offers[i].0.doc;
        if l.content.has_builtin_id(&l.map) {
            self.error = Some(format!(
                "Could not save {}: the map's id “{}” is a built-in map's. Restore it and use Save As to give it a new id.",
                path.display(),
                l.map.id
            ));
            return;
        }
        let (offer, slot) = self.offers.remove(i);
        let (mut doc, _) = document_of(offer.doc, offer.source);
        doc.on_disk = offer.on_disk;
        // Replacing an existing file was agreed to in the dialog (or the desktop's).
        match files::save_document_with(&doc, path, true) {
            Ok(_) => {
                slot.release();
                files::remember(&mut self.recent, path);
                self.ws
                    .status
                    .set(format!("Saved recovered work to {}", path.display()));
            }
            Err(e) => {
                self.error = Some(format!("Could not save {}:\n{e}", path.display()));
                // Still offered: read back from its recovery file, which is untouched.
                if let Some(again) = slot.read() {
                    self.offers.insert(i.min(self.offers.len()), (again, slot));
                }
            }
        }
    }

    /// Discard recovered work: its recovery file is deleted.
    pub(crate) fn discard_recovered(&mut self, key: &Path) {
        if let Some(i) = self.offers.iter().position(|(_, slot)| slot.path() == key) {
            let (_, slot) = self.offers.remove(i);
            slot.release();
            self.ws.status.set("Discarded recovered work");
        }
    }

    /// Hand unsaved work not yet written to the autosave, which writes the recovery file on
    /// its own thread (no later frame is needed); work saved again gives its file up.
    pub fn autosave(&mut self) {
        let Some(autosaver) = &mut self.autosaver else {
            return;
        };
        if let Some(e) = autosaver.take_failure() {
            self.ws.status.set(format!("Autosave failed: {e}"));
        }
        if self.ws.doc.is_editing() {
            return;
        }
        if !self.ws.doc.is_dirty() {
            if self.autosaved.take().is_some() {
                self.release_recovery();
            }
            return;
        }
        if self.autosaved != Some(self.ws.doc.revision()) {
            autosaver.write(Snapshot::of(&self.ws.doc));
            self.autosaved = Some(self.ws.doc.revision());
        }
    }

    /// Give up this document's recovery file (saved, discarded or replaced).
    pub(crate) fn release_recovery(&mut self) {
        if let Some(a) = &mut self.autosaver {
            a.release();
        }
    }
}

/// The document of `source` as it is on disk, if it is still as it was when the recovered
/// work was read from it (`on_disk`): the recovered work is then an edit of it.
fn on_disk_base(
    source: Option<&Path>,
    on_disk: Option<saber_schema::files::FileState>,
) -> Option<crate::document::Document> {
    let (source, on_disk) = (source?, on_disk?);
    let (loaded, state) = crate::games::read_with_state(source).ok()?;
    if state != Some(on_disk) {
        return None;
    }
    let (mut doc, _) = document_of(loaded, Some(source.to_path_buf()));
    doc.on_disk = state;
    Some(doc)
}

/// When a recovery file was written, as the clock read (UTC), for the History panel.
fn clock(when: Option<std::time::SystemTime>) -> String {
    let Some(secs) = when
        .and_then(|w| w.duration_since(std::time::UNIX_EPOCH).ok())
        .map(|d| d.as_secs())
    else {
        return "an unknown time".into();
    };
    format!("{:02}:{:02} UTC", secs / 3600 % 24, secs / 60 % 60)
}
