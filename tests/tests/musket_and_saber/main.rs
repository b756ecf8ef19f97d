//! Musket & Saber Quick Play end to end: the invented example checks clean with `--deny
//! warnings`, `saberc new … --game musket-and-saber-quick-play` makes skeletons whose gaps
//! `check` names, and `fmt` and `convert` keep the files (hex numbers stay four digits).

use saber_tests::{repo, saberc};

const BIN: &str = env!("CARGO_BIN_EXE_saberc");

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = saberc(BIN, args);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

mod commands;
mod rules;
