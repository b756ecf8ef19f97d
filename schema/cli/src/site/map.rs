//! A map's page: the map drawn, its features and labels, and the scenarios of the collection
//! that use it; for a map file, its findings too.

use super::entry::{Detail, MapDetail};
use super::findings::finding_blocks;
use super::html::Html;
use super::page::{badge, sub_page};
use super::scenario::downloads_section;
use super::{MapPage, Site};

/// The page of map `m`.
pub fn map_page(site: &Site, m: usize) -> String {
    let map = &site.maps[m];
    sub_page(&map.title, |h| {
        let detail = match map.file {
            Some(i) => {
                let e = &site.entries[i];
                h.el("p", &[], |h| {
                    badge(h, e.report.errors(), e.report.warnings());
                    h.text(" map");
                    if !e.game.is_empty() {
                        h.text(" · ");
                        h.text(e.game);
                    }
                });
                h.el("p", &[("class", "muted")], |h| {
                    h.text("File: ");
                    h.text_el("code", &[], &e.path.display().to_string());
                });
                match &e.detail {
                    Detail::Map(d) => Some(&**d),
                    _ => None,
                }
            }
            None => {
                h.text_el("p", &[("class", "muted")], "A map built into saberc.");
                map.builtin.as_ref()
            }
        };
        if let Some(d) = detail {
            drawing(h, map, d);
        }
        h.section("users", "Scenarios on this map", |h| {
            if map.users.is_empty() {
                h.text_el("p", &[], "No scenario of this collection uses it.");
            } else {
                h.el("ul", &[], |h| {
                    for &u in &map.users {
                        h.el("li", &[], |h| {
                            let e = &site.entries[u];
                            h.text_el(
                                "a",
                                &[("href", &format!("{}.html", site.names.slugs[u]))],
                                &e.title,
                            );
                            h.text(" ");
                            badge(h, e.report.errors(), e.report.warnings());
                        });
                    }
                });
            }
        });
        if let Some(i) = map.file {
            let e = &site.entries[i];
            h.section("findings", "Findings", |h| {
                finding_blocks(
                    h,
                    &e.path.display().to_string(),
                    &e.text,
                    &e.report.diagnostics,
                    "f",
                );
            });
            downloads_section(h, &e.downloads);
        }
    })
}

/// The map drawn, its features and labels.
fn drawing(h: &mut Html, map: &MapPage, d: &MapDetail) {
    h.section("drawn", "The map", |h| match &d.svg {
        Ok(svg) => h.el("figure", &[], |h| {
            let alt = format!(
                "The map {}: its terrain, roads, features and labels.",
                map.title
            );
            h.el("div", &[("role", "img"), ("aria-label", &alt)], |h| {
                h.svg(svg)
            });
        }),
        Err(why) => h.text_el("p", &[], &format!("Not drawn: {why}.")),
    });
    h.section("features", "Features and labels", |h| {
        if d.features.is_empty() && d.labels.is_empty() {
            h.text_el("p", &[], "None.");
            return;
        }
        table(
            h,
            &["Hex", "Code", "Name"],
            d.features.iter().map(|(a, b, c)| vec![a, b, c]),
        );
        if !d.labels.is_empty() {
            h.text_el("h3", &[], "Labels");
            table(
                h,
                &["Hex", "Text"],
                d.labels.iter().map(|(a, b)| vec![a, b]),
            );
        }
    });
}

/// A plain table.
fn table<'a>(h: &mut Html, heads: &[&str], rows: impl Iterator<Item = Vec<&'a String>>) {
    h.scroll_table(heads, |h| {
        for r in rows {
            h.el("tr", &[], |h| {
                for c in r {
                    h.text_el("td", &[], c);
                }
            });
        }
    });
}
