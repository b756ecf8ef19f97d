//! Asking for a file name: the desktop's dialog (rfd, through the XDG portal or zenity) when
//! there is one, otherwise the editor's own dialog (egui_file), so that Open, Save As and the
//! exports never silently do nothing on a desktop without a portal.

use std::path::{Path, PathBuf};

use crate::app::Action;

/// What a file name is asked for; the app finishes the job once it has one.
#[derive(Debug, Clone, PartialEq)]
pub enum Purpose {
    /// Open a map or scenario.
    Open,
    /// Save the document there, then do the action that was waiting for the save.
    SaveAs(Option<Action>),
    /// Write the engine JSON.
    ExportEngine,
    /// Write the scenario card.
    ExportCard,
    /// Write the Tiled map into a folder.
    ExportTiled,
    /// The map file of a scenario whose map was not found.
    ChooseMap,
    /// The map file a new scenario of the game is made on.
    NewScenarioOn(saber_schema::ruleset::Game),
    /// Save recovered work (the recovery file's path names which) without opening it.
    SaveRecovered(PathBuf),
}

impl Purpose {
    /// Does the answer name a file that is written (and so replaced, if it exists)?
    pub fn writes_file(&self) -> bool {
        matches!(
            self,
            Purpose::SaveAs(_)
                | Purpose::ExportEngine
                | Purpose::ExportCard
                | Purpose::SaveRecovered(_)
        )
    }
}

/// What the dialog shows.
#[derive(Debug, Clone)]
pub struct Request {
    /// Window title.
    pub title: String,
    /// Accepted extensions, the first is the default (`("RON map", &["ron"])`).
    pub filters: Vec<(String, Vec<&'static str>)>,
    /// Suggested file name when saving.
    pub file_name: Option<String>,
    /// Folder to start in.
    pub dir: Option<PathBuf>,
    /// Saving (a new name may be typed) rather than opening.
    pub save: bool,
    /// A folder is asked for, not a file.
    pub folder: bool,
}

impl Request {
    /// The folder a dialog starts in: the document's, else the working directory (where the
    /// editor was started from), on both paths (zenity would start in "Recent").
    pub fn start_dir(&self) -> PathBuf {
        self.dir
            .clone()
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_default()
    }
}

/// Which of the desktop's dialogs a request opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NativeKind {
    /// The folder picker.
    Folder,
    /// The save dialog (a new name may be typed; it asks before replacing a file).
    Save,
    /// The open dialog.
    Open,
}

impl NativeKind {
    /// The dialog for `req`: a folder is asked with the folder picker even when it is written
    /// into (a save dialog would ask for a file name, then whether to replace it).
    pub fn of(req: &Request) -> NativeKind {
        if req.folder {
            NativeKind::Folder
        } else if req.save {
            NativeKind::Save
        } else {
            NativeKind::Open
        }
    }
}

/// The file dialogs: which kind to use, and the editor's own dialog while it is open.
pub struct FileDialogs {
    native: bool,
    open: Option<(Purpose, egui_file::FileDialog)>,
}

impl std::fmt::Debug for FileDialogs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FileDialogs")
            .field("native", &self.native)
            .field("open", &self.open.as_ref().map(|(p, _)| p))
            .finish()
    }
}

/// The environment variable that picks the dialog: `builtin` or `native`.
pub const DIALOG_VAR: &str = "SABER_EDITOR_FILE_DIALOG";

/// Can rfd show a dialog here? On Linux it needs the XDG desktop portal (a D-Bus session
/// with a portal service) or zenity; without either it returns nothing at all.
pub fn native_available() -> bool {
    match std::env::var(DIALOG_VAR).as_deref() {
        Ok("builtin") => return false,
        Ok("native") => return true,
        _ => {}
    }
    if !cfg!(target_os = "linux") {
        return true;
    }
    let on_path = |exe: &str| {
        std::env::var_os("PATH")
            .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join(exe).is_file()))
    };
    portal_available() || on_path("zenity")
}

/// Is there an XDG desktop portal (a D-Bus session with a portal service)? rfd asks it first,
/// and zenity without it.
fn portal_available() -> bool {
    std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some()
        && [
            "/usr/share/dbus-1/services",
            "/usr/local/share/dbus-1/services",
        ]
        .iter()
        .any(|d| {
            Path::new(d)
                .join("org.freedesktop.portal.Desktop.service")
                .is_file()
        })
}

/// What zenity's `--filename` gets so that it starts in `dir`: the suggested name inside it,
/// or the folder itself (a trailing `/` opens it, with nothing chosen yet).
pub fn zenity_start(dir: &Path, name: Option<&str>) -> String {
    match name {
        Some(n) => dir.join(n).display().to_string(),
        None => format!("{}/", dir.display()),
    }
}

impl FileDialogs {
    /// Dialogs of the given kind (`native`: the desktop's).
    pub fn new(native: bool) -> FileDialogs {
        FileDialogs { native, open: None }
    }

    /// Is the desktop's dialog used?
    pub fn native(&self) -> bool {
        self.native
    }

    /// Use the desktop's dialog, or the editor's own.
    pub fn set_native(&mut self, native: bool) {
        self.native = native;
    }

    /// Is the editor's own dialog open?
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// Close the editor's own dialog (its answer has come).
    pub fn close(&mut self) {
        self.open = None;
    }

    /// Ask for a file. The desktop's dialog answers at once (`Some` with the path, or `None`
    /// when cancelled); the editor's own opens and answers later through [`Self::show`].
    pub fn ask(&mut self, purpose: Purpose, req: Request) -> Option<PathBuf> {
        if self.native {
            let mut d = rfd::FileDialog::new().set_title(&req.title);
            for (name, exts) in &req.filters {
                d = d.add_filter(name, exts.as_slice());
            }
            let dir = req.start_dir();
            if portal_available() || !cfg!(target_os = "linux") {
                d = d.set_directory(&dir);
                if let Some(n) = &req.file_name {
                    d = d.set_file_name(n);
                }
            } else {
                // rfd hands zenity only the file name (never the folder): the folder goes in it.
                d = d.set_file_name(zenity_start(&dir, req.file_name.as_deref()));
            }
            return match NativeKind::of(&req) {
                NativeKind::Folder => d.pick_folder(),
                NativeKind::Save => d.save_file(),
                NativeKind::Open => d.pick_file(),
            };
        }
        let dir = req.start_dir();
        let exts: Vec<String> = req
            .filters
            .iter()
            .flat_map(|(_, e)| e.iter().map(|s| s.to_string()))
            .collect();
        let mut d = if req.folder {
            egui_file::FileDialog::select_folder()
        } else if req.save {
            egui_file::FileDialog::save_file()
        } else {
            egui_file::FileDialog::open_file()
        }
        .title(&req.title)
        .initial_path(dir)
        .show_new_folder(req.save || req.folder)
        .show_rename(false)
        // Above the window it is modal over.
        .keep_on_top(true)
        .show_files_filter(Box::new(move |p: &Path| {
            crate::files::has_extension(p, &exts)
        }));
        if let Some(n) = &req.file_name {
            d = d.default_filename(n.clone());
        }
        if req.folder {
            // egui_file says "Open", which reads as "go into the folder".
            d = d.open_button_text("Choose folder".into());
        }
        d.open();
        self.open = Some((purpose, d));
        None
    }

    /// Show the editor's own dialog (modal: while it is open the app disables everything under
    /// it, see `App::modal_open`). Returns the purpose and path once one is chosen.
    pub fn show(&mut self, ctx: &egui::Context) -> Option<(Purpose, PathBuf)> {
        let (_, dialog) = self.open.as_mut()?;
        let state = dialog.show(ctx).state();
        match state {
            egui_file::State::Open => None,
            egui_file::State::Selected => {
                let (purpose, dialog) = self.open.take()?;
                dialog.path().map(|p| (purpose, p.to_path_buf()))
            }
            egui_file::State::Cancelled | egui_file::State::Closed => {
                self.open = None;
                None
            }
        }
    }
}
