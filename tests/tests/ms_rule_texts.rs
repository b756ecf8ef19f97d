//! Every code a Musket & Saber Quick Play file can get speaks its rules: `saberc explain` and
//! SARIF give an M&S finding its game's section and words. Each code is one of: the game's own
//! (its registry row is M&S's), a shared code with its M&S text (`rule_text`) and section, a
//! code of neither game's rules (its row cites no rule and the game cites none: reading files,
//! syntax, schema), or listed as Rifle & Saber only (`RS_ONLY`, with why) — and no M&S fixture
//! gets an R&S-only code.

use saber_schema::check::texts_by_game;
use saber_schema::diagnostic::Code;
use saber_schema::pipeline::check_source;
use saber_schema::pipeline::maps::MapRegistry;
use saber_schema::pipeline::read::Source;
use saber_schema::ruleset::musket_and_saber::{OWN_CODES, RS_ONLY, rule_text};
use saber_schema::ruleset::{Citation, Game, Ruleset, for_game};
use saber_tests::repo;

fn ms() -> &'static Ruleset {
    for_game(Some(Game::MusketAndSaberQuickPlay))
}

#[test]
fn every_code_has_its_musket_and_saber_text_or_is_listed_rifle_and_saber_only() {
    let rs_only = |c: &str| RS_ONLY.iter().any(|(r, _)| *r == c);
    let mut missing = Vec::new();
    for code in Code::ALL {
        let id = code.as_str();
        let own = OWN_CODES.contains(&id);
        let no_rule = code.info().rule.is_none() && ms().citation(id) == Citation::Own(None);
        // A shared code's M&S text is what explain and SARIF give an M&S finding.
        let ms_text = texts_by_game(*code)
            .into_iter()
            .find(|(r, _, _)| r.game == Game::MusketAndSaberQuickPlay)
            .map(|(_, _, text)| text);
        let spoken = ms_text.is_some() && rule_text(id).is_some_and(|t| Some(t) == ms_text);
        let kinds = [own, spoken, no_rule, rs_only(id)];
        match kinds.iter().filter(|k| **k).count() {
            1 => {}
            0 => missing.push(format!(
                "{id}: cites R&S {:?} but has no M&S text and is not listed R&S-only",
                code.info().rule
            )),
            _ => missing.push(format!(
                "{id}: more than one of own/M&S text/no rule/R&S-only: {kinds:?}"
            )),
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

/// The M&S texts quote the rules text verbatim: each quotation closed before its section
/// (`"…" (3.2)`) is in the rules text, whitespace aside. The rules text lies beside the
/// repository (the project's shared folder); where it is not, nothing is compared.
#[test]
fn the_musket_and_saber_texts_quote_the_rules_verbatim() {
    let Some(rules) = ["../shared", "../../shared"].iter().find_map(|d| {
        std::fs::read_to_string(repo(&format!("{d}/rules/musket-and-saber-quick-play.txt"))).ok()
    }) else {
        eprintln!("the rules text is not beside the repository: quotations not compared");
        return;
    };
    let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let rules = flat(&rules);
    let mut wrong = Vec::new();
    let mut quotes = 0;
    for code in Code::ALL {
        let Some(text) = rule_text(code.as_str()) else {
            continue;
        };
        let mut rest = text;
        while let Some(end) = rest.find("\" (") {
            // The quotation opens at the last `"` before it that starts a word.
            let before = &rest[..end];
            let open = before
                .char_indices()
                .rev()
                .find(|(i, c)| {
                    *c == '"'
                        && (*i == 0 || before[..*i].ends_with(' ') || before[..*i].ends_with('('))
                })
                .map(|(i, _)| i);
            if let Some(open) = open {
                quotes += 1;
                let quoted = flat(&before[open + 1..]);
                if !rules.contains(&quoted) {
                    wrong.push(format!("{}: {quoted:?}", code.as_str()));
                }
            }
            rest = &rest[end + 3..];
        }
    }
    assert!(quotes >= 20, "only {quotes} quotations found");
    assert!(
        wrong.is_empty(),
        "not in the rules text:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn no_musket_and_saber_fixture_gets_a_rifle_and_saber_only_code() {
    let mut maps = MapRegistry::new();
    maps.add_root(&repo("tests/fixtures/maps")).unwrap();
    let mut seen = 0;
    let mut wrong = Vec::new();
    for dir in ["bad", "good", "maps"] {
        for e in std::fs::read_dir(repo(&format!("tests/fixtures/{dir}"))).unwrap() {
            let p = e.unwrap().path();
            let Ok(text) = std::fs::read_to_string(&p) else {
                continue;
            };
            if !text.contains("musket-and-saber-quick-play") {
                continue;
            }
            seen += 1;
            for d in check_source(&Source::from_text(p.clone(), text), &maps).diagnostics {
                if RS_ONLY.iter().any(|(c, _)| *c == d.code.as_str()) {
                    wrong.push(format!("{}: {} {}", p.display(), d.code, d.message));
                }
            }
        }
    }
    assert!(seen > 20, "only {seen} M&S fixtures");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
