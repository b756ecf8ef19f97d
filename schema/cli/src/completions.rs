//! `saberc completions SHELL` and `saberc man [-o DIR]`: generated from the command-line
//! definition, so that they never fall behind it.
use std::path::Path;

use clap::CommandFactory;
use saber_schema::files::Target;

use crate::{Cli, EXIT_OK, is_dash, shown, usage_error, write_failed};

pub(crate) fn completions_cmd(shell: clap_complete::Shell) -> i32 {
    let mut cmd = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut cmd, "saberc", &mut script);
    crate::write_stdout(&script);
    EXIT_OK
}

/// The page of `saberc`, or with a directory, that page and one per subcommand
/// (`saberc-check.1`, …).
pub(crate) fn man_cmd(out: Option<&Path>) -> i32 {
    let cmd = Cli::command();
    let render = |c: clap::Command| -> std::io::Result<Vec<u8>> {
        let mut buf = Vec::new();
        clap_mangen::Man::new(c).render(&mut buf)?;
        Ok(buf)
    };
    let Some(dir) = out.filter(|d| !is_dash(d)) else {
        return match render(cmd) {
            Ok(page) => {
                crate::write_stdout(&page);
                EXIT_OK
            }
            Err(e) => usage_error(&format!("cannot write the man page: {e}")),
        };
    };
    if let Err(e) = saber_schema::files::output_folder(dir) {
        return write_failed(&e);
    }
    let mut pages = vec![("saberc".to_string(), cmd.clone())];
    for sub in cmd.get_subcommands() {
        let name = format!("saberc-{}", sub.get_name());
        // clap names are `&'static str` without its `string` feature; a few bytes per page.
        let page_name: &'static str = Box::leak(name.clone().into_boxed_str());
        pages.push((name, sub.clone().name(page_name)));
    }
    for (name, c) in pages {
        let path = dir.join(format!("{name}.1"));
        let page = match render(c) {
            Ok(page) => page,
            Err(e) => return usage_error(&format!("cannot write the man page {name}: {e}")),
        };
        match Target::in_folder(&path).write(&page) {
            Ok(_) => outln!("wrote {}", shown(&path)),
            Err(e) => return write_failed(&e),
        }
    }
    EXIT_OK
}
