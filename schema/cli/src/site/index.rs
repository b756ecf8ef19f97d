//! `index.html`: one row per file (scenario, map, battle or other), its verdict as a badge;
//! sortable and filterable by the page's script, readable without it.

use super::Site;
use super::html::Html;
use super::page::{INDEX_SCRIPT, badge, top_page};

/// The index page.
pub fn index_page(site: &Site) -> String {
    let errors: usize = site.entries.iter().map(|e| e.report.errors()).sum();
    let warnings: usize = site.entries.iter().map(|e| e.report.warnings()).sum();
    top_page("Scenario library", Some(INDEX_SCRIPT), |h| {
        h.el("p", &[], |h| {
            let scenarios = site.entries.iter().filter(|e| e.kind == "scenario").count();
            let maps = site.entries.iter().filter(|e| e.kind == "map").count();
            h.text(&format!(
                "{} files: {scenarios} scenarios, {maps} maps. All together: ",
                site.entries.len()
            ));
            badge(h, errors, warnings);
        });
        // Shown by the script, which makes it work.
        h.el(
            "div",
            &[("class", "filter"), ("id", "filter"), ("hidden", "")],
            |h| {
                h.text_el("label", &[("for", "q")], "Filter: ");
                h.void("input", &[("type", "search"), ("id", "q"), ("name", "q")]);
                h.text(" ");
                h.el("span", &[("id", "shown"), ("aria-live", "polite")], |_| {});
            },
        );
        h.el("div", &[("class", "scroll"), ("tabindex", "0")], |h| {
            h.el("table", &[("id", "files")], |h| {
                h.text_el(
                    "caption",
                    &[("class", "muted")],
                    "Every file checked, in file order; each name leads to its page.",
                );
                h.el("thead", &[], |h| {
                    h.el("tr", &[], |h| {
                        for col in [
                            "Title",
                            "Kind",
                            "Game",
                            "Rule · date",
                            "Sides and forces",
                            "Turns",
                            "Verdict",
                        ] {
                            h.text_el("th", &[("scope", "col")], col);
                        }
                    });
                });
                h.el("tbody", &[], |h| {
                    for i in 0..site.entries.len() {
                        row(h, site, i);
                    }
                });
            });
        });
    })
}

/// One file's row.
fn row(h: &mut Html, site: &Site, i: usize) {
    let e = &site.entries[i];
    h.el("tr", &[], |h| {
        h.el("td", &[], |h| {
            h.text_el("a", &[("href", &site.page_of(i))], &e.title);
            h.void("br", &[]);
            h.text_el("span", &[("class", "muted")], &e.path.display().to_string());
        });
        h.text_el("td", &[], e.kind);
        h.text_el("td", &[], e.game);
        h.text_el("td", &[], &e.when);
        h.el("td", &[], |h| {
            if !e.sides.is_empty() {
                h.el("ul", &[("class", "sides")], |h| {
                    for (name, forces) in &e.sides {
                        h.el("li", &[], |h| {
                            h.text(name);
                            h.text(": ");
                            h.text(forces);
                        });
                    }
                });
            }
        });
        let turns = e.length.map(|n| n.to_string()).unwrap_or_default();
        h.text_el("td", &[("class", "num")], &turns);
        // Sorted by errors, then warnings.
        let key = format!("{}", e.report.errors() * 1_000_000 + e.report.warnings());
        h.el("td", &[("data-sort", &key)], |h| {
            badge(h, e.report.errors(), e.report.warnings());
        });
    });
    h.nl();
}
