//! `saberc explain [CODE]`: what a diagnostic code means, from the code registry — its rule
//! section, title, a paragraph of explanation and a bad and a fixed example; without a code, the
//! list of every code.

use saber_schema::check::sections_by_game;
use saber_schema::diagnostic::codes::{CodeInfo, book_page, severity_name};
use saber_schema::diagnostic::{Code, REGISTRY};
use saber_schema::ruleset::Citation;

use crate::{EXIT_OK, EXIT_USAGE};

/// Width the explanation is wrapped to.
const WIDTH: usize = 88;

/// Run `saberc explain`: print the code's explanation (or the list), or say which codes are
/// near a misspelt one and exit 2.
pub fn explain_cmd(code: Option<&str>) -> i32 {
    let Some(code) = code else {
        out!("{}", list());
        return EXIT_OK;
    };
    match Code::lookup(code) {
        Some(c) => {
            out!("{}", explanation(c.info()));
            EXIT_OK
        }
        None => {
            let mut msg = format!(
                "error: no diagnostic code `{}`",
                saber_schema::diagnostic::printable(code, 100)
            );
            match Code::did_you_mean(code) {
                Some(d) => msg.push_str(&format!("; {d}")),
                None => msg.push_str("; `saberc explain` lists them all"),
            }
            eprintln!("{msg}");
            EXIT_USAGE
        }
    }
}

/// Every code, one line each.
pub fn list() -> String {
    let mut out = String::new();
    for info in REGISTRY {
        out.push_str(&info.summary());
        out.push('\n');
    }
    out.push_str("\n`saberc explain CODE` says what a code means and how to fix it.\n");
    out
}

/// Each game's section of a code, named (`("Musket & Saber Quick Play", "5.0")`), when the
/// code's files are of another game than Rifle & Saber, or of both (the library's
/// `check::sections_by_game`); `None` when the registry's section is the only one.
pub fn sections_named(info: &CodeInfo) -> Option<Vec<(&'static str, &'static str)>> {
    let sections = sections_by_game(info.code);
    match sections.as_slice() {
        [] => None,
        [(rules, _)] if rules.citation(info.id) == Citation::Registry => None,
        list => Some(list.iter().map(|(rules, s)| (rules.name, *s)).collect()),
    }
}

/// The rule line `explain` prints: the registry's section alone for a code only Rifle & Saber
/// files get (`7.0, 11.0`), each game's otherwise (`7.0 (Rifle & Saber); 5.0 (Musket & Saber
/// Quick Play)`); none for a matter of the file format.
pub fn rule_sections(info: &CodeInfo) -> Option<String> {
    match sections_named(info) {
        None => info.rule.map(String::from),
        Some(list) => Some(
            list.iter()
                .map(|(game, s)| format!("{s} ({game})"))
                .collect::<Vec<_>>()
                .join("; "),
        ),
    }
}

/// One code in full: heading, rule, explanation, bad and fixed examples.
pub fn explanation(info: &CodeInfo) -> String {
    let mut out = format!(
        "{} ({}, {}): {}\n",
        info.id,
        severity_name(info.severity),
        info.family,
        info.title
    );
    match rule_sections(info) {
        Some(rule) => out.push_str(&format!("Rule: {rule}\n\n")),
        None => out.push_str("Rule: none (a matter of the file format)\n\n"),
    }
    out.push_str(&(textwrap::fill(info.explanation, WIDTH) + "\n"));
    // A shared code's rule in another game's words (its section, its text).
    for (rules, section, text) in saber_schema::check::texts_by_game(info.code) {
        if text != info.explanation {
            let text = textwrap::fill(text, WIDTH);
            out.push_str(&format!("\nIn {} files ({section}):\n{text}\n", rules.name));
        }
    }
    for (label, example) in [("Bad:", info.bad), ("Fixed:", info.fixed)] {
        out.push('\n');
        out.push_str(label);
        out.push('\n');
        for line in example.lines() {
            out.push_str("    ");
            out.push_str(line);
            out.push('\n');
        }
    }
    out.push_str(&format!("\nPage: docs/{}\n", book_page(info.id)));
    out
}

/// The code's page of the book (`docs/saberc/codes/<CODE>.md`): what `explanation` prints, in
/// Markdown: the rule sections, the explanation (each game's words of a shared code), and the
/// bad and fixed examples `tests/tests/explain_examples.rs` checks.
pub fn book_text(info: &CodeInfo) -> String {
    let mut out = format!("# {}: {}\n\n", info.id, markdown_text(info.title));
    out.push_str(&format!(
        "**{}** · {} · ",
        severity_name(info.severity),
        info.family
    ));
    match rule_sections(info) {
        Some(rule) => out.push_str(&format!("rule {rule}\n\n")),
        None => out.push_str("no rule section (a matter of the file format)\n\n"),
    }
    out.push_str(&markdown_text(info.explanation));
    out.push_str("\n\n");
    for (rules, section, text) in saber_schema::check::texts_by_game(info.code) {
        if text != info.explanation {
            out.push_str(&format!(
                "In {} files ({section}): {}\n\n",
                rules.name,
                markdown_text(text)
            ));
        }
    }
    for (label, example) in [("Bad", info.bad), ("Fixed", info.fixed)] {
        let fence = if example.contains("```") {
            "````"
        } else {
            "```"
        };
        out.push_str(&format!(
            "## {label}\n\n{fence}text\n{example}\n{fence}\n\n"
        ));
    }
    out.push_str(&format!(
        "`saberc explain {}` prints this page. [Every code](../codes.md).\n",
        info.id
    ));
    out
}

/// A registry text as Markdown: `<`, `>` and `&` outside code spans written as entities, so a
/// text never opens an HTML tag; code spans as they are.
fn markdown_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, part) in text.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        if i % 2 == 1 {
            out.push_str(part);
        } else {
            out.push_str(
                &part
                    .replace('&', "&amp;")
                    .replace('<', "&lt;")
                    .replace('>', "&gt;"),
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_explanation_has_the_rule_and_both_examples() {
        let text = explanation(Code::ZoneTooSmall.info());
        assert!(text.starts_with("DEP001 (error, deployment): zone too small for its group\n"));
        assert!(text.contains("Rule: 7.0, 11.0"));
        assert!(text.contains("\nBad:\n    ") && text.contains("\nFixed:\n    "));
        assert!(text.ends_with("\nPage: docs/saberc/codes/DEP001.md\n"));
        assert!(
            text.lines()
                .all(|l| l.chars().count() <= WIDTH || l.starts_with("    "))
        );
    }

    #[test]
    fn a_book_page_escapes_markup_outside_code_spans() {
        assert_eq!(markdown_text("a <b> & `<c>`"), "a &lt;b&gt; &amp; `<c>`");
        let page = book_text(Code::ZoneTooSmall.info());
        assert!(page.starts_with(
            "# DEP001: zone too small for its group\n\n**error** · deployment · rule 7.0, 11.0 \
             (Rifle & Saber); 3.2, 5.0 (Musket & Saber Quick Play)\n"
        ));
        assert!(page.contains("## Bad\n\n```text\n") && page.contains("## Fixed\n\n```text\n"));
    }

    #[test]
    fn the_list_has_every_code() {
        let text = list();
        for info in REGISTRY {
            assert!(text.contains(info.id), "{}", info.id);
        }
    }
}
