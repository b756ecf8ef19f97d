//! Start the editor: one window on the file named on the command line, else the last
//! session's file (or the Rifle & Saber map), with the window's size and place restored.

use saber_editor::App;
use saber_editor::recovery::RecoveryDir;

fn main() -> eframe::Result {
    let file = std::env::args_os().nth(1).map(std::path::PathBuf::from);
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_app_id("saber-editor")
            .with_title("Rifle & Saber Scenario Studio")
            .with_inner_size([1400.0, 900.0])
            .with_min_inner_size([640.0, 400.0])
            .with_drag_and_drop(true),
        ..Default::default()
    };
    eframe::run_native(
        "saber-editor",
        options,
        Box::new(|cc| {
            let mut app = App::start(cc.storage, RecoveryDir::in_storage_dir());
            if let Some(path) = file {
                app.open_path(&path);
            }
            Ok(Box::new(app))
        }),
    )
}
