//! A file's page: for a scenario its card (inline SVG), forces, victory conditions and special
//! rules as printed beside their typed reading, interpretation notes, the analysis summary and
//! the downloads; for every file its findings.

use saber_schema::model::analysis::Analysis;

use super::entry::{Detail, Entry, ScenarioDetail};
use super::findings::finding_blocks;
use super::html::Html;
use super::page::{badge, sub_page};

/// A link to another page of the site: its address and its words.
pub type Link = (String, String);

/// The page of file `e`: `map` links to its map's page, `downloads` are what each download is
/// and its name in `downloads/`.
pub fn file_page(e: &Entry, map: Option<&Link>, downloads: &[(&'static str, String)]) -> String {
    let shown = e.path.display().to_string();
    sub_page(&e.title, |h| {
        h.el("p", &[], |h| {
            badge(h, e.report.errors(), e.report.warnings());
            h.text(" ");
            let mut facts = vec![e.kind.to_string()];
            if !e.game.is_empty() {
                facts.push(e.game.to_string());
            }
            if !e.when.is_empty() {
                facts.push(e.when.clone());
            }
            if let Some(n) = e.length {
                facts.push(format!("{n} Game-Turns"));
            }
            h.text(&facts.join(" · "));
        });
        h.el("p", &[("class", "muted")], |h| {
            h.text("File: ");
            h.text_el("code", &[], &shown);
            if let Some((href, words)) = map {
                h.text(" · map: ");
                h.text_el("a", &[("href", href)], words);
            }
        });
        if let Detail::Scenario(d) = &e.detail {
            scenario_sections(h, e, d);
        }
        h.section("findings", "Findings", |h| {
            finding_blocks(h, &shown, &e.text, &e.report.diagnostics, "f");
        });
        downloads_section(h, downloads);
    })
}

/// A scenario's own sections.
fn scenario_sections(h: &mut Html, e: &Entry, d: &ScenarioDetail) {
    h.section("card", "Card", |h| match &d.drawn {
        Ok(drawn) => {
            h.el("figure", &[("class", "card")], |h| {
                let alt = format!(
                    "The scenario card of {}: its map with the set-up zones, placements and \
                         objectives, the forces, victory conditions and special rules.",
                    e.title
                );
                h.el("div", &[("role", "img"), ("aria-label", &alt)], |h| {
                    h.svg(&drawn.svg)
                });
                h.text_el(
                    "figcaption",
                    &[("class", "muted")],
                    "The card, as saberc render --card draws it.",
                );
            });
        }
        Err(why) => h.text_el("p", &[], &format!("No card: {why}.")),
    });
    h.section("forces", "Forces", |h| {
        two_columns(h, ("Side", "Forces"), &e.sides);
    });
    h.section("victory", "Victory conditions", |h| {
        two_columns(h, ("As printed", "As read"), &d.victory);
    });
    h.section("special", "Special rules", |h| {
        two_columns(h, ("As printed", "As read"), &d.special);
    });
    h.section("readings", "Interpretation notes", |h| {
        if d.interpretations.is_empty() {
            h.text_el("p", &[], "None.");
        }
        for n in &d.interpretations {
            h.el("div", &[], |h| {
                h.text_el("h3", &[], &format!("Rule {}", n.rule));
                h.el("p", &[], |h| {
                    h.text_el("strong", &[], "The text: ");
                    h.text(&n.text);
                });
                h.el("p", &[], |h| {
                    h.text_el("strong", &[], "Read as: ");
                    h.text(&n.reading);
                });
                if !n.explains.is_empty() {
                    let codes: Vec<&str> = n.explains.iter().map(|c| c.as_str()).collect();
                    h.text_el(
                        "p",
                        &[("class", "muted")],
                        &format!("Explains: {}", codes.join(", ")),
                    );
                }
            });
        }
    });
    if !d.notes.is_empty() {
        h.section("notes", "Historical note", |h| {
            h.text_el("p", &[], &d.notes);
        });
    }
    h.section("analysis", "Analysis", |h| match &d.analysis {
        Ok(a) => analysis(h, a),
        Err(why) => h.text_el("p", &[], &format!("No analysis: {why}.")),
    });
}

/// A table of two columns of texts.
fn two_columns(h: &mut Html, heads: (&str, &str), rows: &[(String, String)]) {
    if rows.is_empty() {
        h.text_el("p", &[], "None.");
        return;
    }
    h.scroll_table(&[heads.0, heads.1], |h| {
        for (a, b) in rows {
            h.el("tr", &[], |h| {
                h.text_el("td", &[], if a.is_empty() { "(not printed)" } else { a });
                h.text_el("td", &[], b);
            });
        }
    });
}

/// `saberc analyze`'s summary: per side the least Movement Phases to each objective, and how
/// many hexes see each objective.
fn analysis(h: &mut Html, a: &Analysis) {
    let side_name = |id: &str| {
        a.sides
            .iter()
            .find(|s| s.id == id)
            .map_or_else(|| id.to_string(), |s| s.name.clone())
    };
    for side in &a.sides {
        h.text_el(
            "h3",
            &[],
            &format!("{}: reaching the objectives", side.name),
        );
        if side.targets.is_empty() {
            h.text_el("p", &[], "No objective to reach.");
            continue;
        }
        let heads = [
            "Objective",
            "By Game-Turn",
            "Least cost",
            "Least Movement Phases",
            "Earliest turn",
        ];
        h.scroll_table(&heads, |h| {
            for t in &side.targets {
                let opt = |n: Option<u32>| n.map_or_else(|| "—".to_string(), |n| n.to_string());
                h.el("tr", &[], |h| {
                    h.text_el("td", &[], &t.goal);
                    h.text_el("td", &[("class", "num")], &t.deadline.to_string());
                    h.text_el(
                        "td",
                        &[],
                        &t.least_cost
                            .as_ref()
                            .map_or_else(|| "unreachable".to_string(), |c| c.text.clone()),
                    );
                    h.text_el("td", &[("class", "num")], &opt(t.least_phases));
                    h.text_el("td", &[("class", "num")], &opt(t.earliest_turn));
                });
            }
        });
    }
    h.text_el("h3", &[], "Hexes in sight of each objective");
    if a.objectives_in_sight.is_empty() {
        h.text_el("p", &[], "No place to hold.");
        return;
    }
    let heads = [
        "Objective",
        "Hexes seeing it",
        "Of them in each side's set-up zones",
    ];
    h.scroll_table(&heads, |h| {
        for o in &a.objectives_in_sight {
            h.el("tr", &[], |h| {
                h.text_el("td", &[], &o.goal);
                let seen = o.seen_from.map_or_else(
                    || "over the work limit".to_string(),
                    |n| format!("{n} (within {} hexes)", o.within),
                );
                h.text_el("td", &[], &seen);
                let zones: Vec<String> = o
                    .in_zone
                    .iter()
                    .map(|c| format!("{}: {}", side_name(&c.side), c.hexes))
                    .collect();
                h.text_el("td", &[], &zones.join(", "));
            });
        }
    });
}

/// The file, its engine export and its card's PNG, as written beside the pages.
pub fn downloads_section(h: &mut Html, files: &[(&'static str, String)]) {
    h.el(
        "section",
        &[("class", "downloads"), ("aria-labelledby", "downloads")],
        |h| {
            h.text_el("h2", &[("id", "downloads")], "Downloads");
            if files.is_empty() {
                h.text_el("p", &[], "Nothing to download: the file could not be read.");
                return;
            }
            h.el("ul", &[], |h| {
                for (what, name) in files {
                    h.el("li", &[], |h| {
                        h.text_el("a", &[("href", &format!("../downloads/{name}"))], what);
                        h.text(" (");
                        h.text_el("code", &[], name);
                        h.text(")");
                    });
                }
            });
        },
    );
}
