//! The frame every page of the report shares: the document head (its one style sheet, inline;
//! no font or script fetched from anywhere: the Content Security Policy forbids it), the
//! landmarks (a skip link, a header with the site's name, `main`, a footer) and the verdict
//! badge.

use super::html::Html;
use crate::report::plural;

/// The style sheet, inline in every page so that each page stands alone (a CI artifact, a
/// page saved on its own). Colours pass WCAG AA contrast on their backgrounds; a badge says its
/// verdict in words and a sign, never by colour alone.
const STYLE: &str = r#"
:root { color-scheme: light; --ink: #1d1a14; --muted: #4f4636; --paper: #fdfbf5; --line: #b9ab8c;
  --head: #e9e1c8; --link: #0b4f8a; --bad: #8b1111; --warn: #6b4a00; --ok: #1d5e20; --note: #2c4f73; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink);
  background: var(--paper); }
a { color: var(--link); }
a:focus-visible, button:focus-visible, summary:focus-visible, input:focus-visible, [tabindex]:focus-visible {
  outline: 3px solid #c25e00; outline-offset: 2px; }
.skip { position: absolute; left: -999em; }
.skip:focus { left: 1em; top: 1em; background: #fff; padding: .5em; z-index: 1; }
header.site, footer.site { background: var(--head); padding: .5em 1em; border-bottom: 1px solid var(--line); }
footer.site { border-top: 1px solid var(--line); border-bottom: 0; margin-top: 2em; font-size: .9em; }
header.site p { margin: 0; font-weight: 600; }
main { padding: 0 1em 1em; max-width: 80em; margin: 0 auto; }
h1 { font-size: 1.6em; margin: .6em 0 .2em; }
h2 { font-size: 1.3em; margin: 1.4em 0 .4em; border-bottom: 1px solid var(--line); }
h3 { font-size: 1.1em; margin: 1em 0 .3em; }
.muted { color: var(--muted); }
table { border-collapse: collapse; margin: .5em 0; }
th, td { border: 1px solid var(--line); padding: .25em .5em; text-align: left; vertical-align: top; }
thead th { background: var(--head); }
.scroll { overflow-x: auto; max-width: 100%; }
.badge { display: inline-block; border: 2px solid currentColor; border-radius: .3em; padding: 0 .4em;
  font-weight: 700; white-space: nowrap; }
.badge.errors { color: var(--bad); }
.badge.warnings { color: var(--warn); }
.badge.clean { color: var(--ok); }
figure { margin: 1em 0; }
figure svg { max-width: 100%; height: auto; display: block; border: 1px solid var(--line); background: #fff; }
.finding { border: 1px solid var(--line); border-left: 6px solid var(--note); padding: .4em .8em; margin: .8em 0;
  background: #fff; }
.finding.error { border-left-color: var(--bad); }
.finding.warning { border-left-color: var(--warn); }
.finding h3 { margin: 0; font-size: 1em; }
.sev { font-weight: 700; text-transform: uppercase; }
.error .sev { color: var(--bad); }
.warning .sev { color: var(--warn); }
.note .sev { color: var(--note); }
pre { overflow-x: auto; background: #f4efe1; padding: .4em .6em; margin: .4em 0; font-size: .9em; }
pre.excerpt .ln { color: var(--muted); user-select: none; }
pre.excerpt mark { background: #ffe08a; color: var(--ink); }
.filter { margin: .8em 0; }
.filter input { font: inherit; padding: .2em .4em; min-width: 16em; }
th button { font: inherit; font-weight: 700; background: none; border: 0; padding: 0; color: var(--link);
  text-decoration: underline; cursor: pointer; }
td.num { text-align: right; }
ul.sides { margin: 0; padding-left: 1.1em; }
@media (max-width: 600px) { body { font-size: 15px; } main { padding: 0 .5em; } th, td { padding: .2em .3em; } }
@media print {
  @page { size: A4; margin: 12mm; }
  body { background: #fff; }
  .skip, nav, header.site, footer.site, .filter, .downloads, th button { display: none !important; }
  main { max-width: none; padding: 0; }
  figure.card { break-after: page; break-inside: avoid; margin: 0; }
  figure.card svg { max-height: 250mm; width: auto; max-width: 100%; border: 0; }
  section { break-inside: avoid-page; }
  details > :not(summary) { display: block; }
  a { color: inherit; text-decoration: none; }
}
"#;

/// The index's script: a filter box and sort buttons on the column heads, made by the script
/// itself, so that without it the table reads as written (in file order).
pub const INDEX_SCRIPT: &str = r#"
(function () {
  var table = document.getElementById('files');
  if (!table) { return; }
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var box = document.getElementById('filter');
  var count = document.getElementById('shown');
  box.hidden = false;
  var input = box.querySelector('input');
  function filter() {
    var q = input.value.toLowerCase();
    var n = 0;
    rows.forEach(function (r) {
      var hit = r.textContent.toLowerCase().indexOf(q) !== -1;
      r.hidden = !hit;
      if (hit) { n += 1; }
    });
    count.textContent = n + ' of ' + rows.length + ' files shown';
  }
  input.addEventListener('input', filter);
  var heads = Array.prototype.slice.call(table.tHead.rows[0].cells);
  heads.forEach(function (th, col) {
    var label = th.textContent;
    var b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    th.textContent = '';
    th.appendChild(b);
    b.addEventListener('click', function () {
      var up = th.getAttribute('aria-sort') !== 'ascending';
      heads.forEach(function (h) { h.removeAttribute('aria-sort'); });
      th.setAttribute('aria-sort', up ? 'ascending' : 'descending');
      var key = function (r) {
        var c = r.cells[col];
        return c.hasAttribute('data-sort') ? c.getAttribute('data-sort') : c.textContent.trim().toLowerCase();
      };
      var num = rows.every(function (r) { var k = key(r); return k !== '' && !isNaN(Number(k)); });
      rows.sort(function (a, b) {
        var x = key(a), y = key(b);
        var d = num ? Number(x) - Number(y) : (x < y ? -1 : x > y ? 1 : 0);
        return up ? d : -d;
      });
      rows.forEach(function (r) { body.appendChild(r); });
    });
  });
  filter();
}());
"#;

/// A page at the site's root (the index, `check --format html`): its heading `title`, then
/// `body`, with `script` if any.
pub fn top_page(title: &str, script: Option<&'static str>, body: impl FnOnce(&mut Html)) -> String {
    page(title, "", title, script, body)
}

/// A page of `pages/`: a breadcrumb back to the index, its heading `title`, then `body`.
pub fn sub_page(title: &str, body: impl FnOnce(&mut Html)) -> String {
    page(
        &format!("{title} — Scenario library"),
        "../",
        title,
        None,
        body,
    )
}

/// The whole document `title`, `root` the way from it up to the site's root (`""` or `"../"`,
/// for links): its `main` the heading (after a breadcrumb back to the index on a page below the
/// root) and what `body` writes, then `script` if any.
fn page(
    title: &str,
    root: &str,
    heading: &str,
    script: Option<&'static str>,
    body: impl FnOnce(&mut Html),
) -> String {
    let mut h = Html::new();
    h.trusted("<!DOCTYPE html>\n");
    h.el("html", &[("lang", "en")], |h| {
            h.el("head", &[], |h| {
                h.void("meta", &[("charset", "utf-8")]);
                h.void(
                    "meta",
                    &[
                        ("name", "viewport"),
                        ("content", "width=device-width, initial-scale=1"),
                    ],
                );
                // Nothing is fetched: no font, image or script from anywhere, this site included
                // (its drawings are inline); its own inline style and script only.
                h.void(
                    "meta",
                    &[
                        ("http-equiv", "Content-Security-Policy"),
                        (
                            "content",
                            "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:",
                        ),
                    ],
                );
                h.text_el("title", &[], title);
                h.el("style", &[], |h| h.trusted(STYLE));
            });
            h.nl();
            h.el("body", &[], |h| {
                h.text_el("a", &[("class", "skip"), ("href", "#main")], "Skip to content");
                h.el("header", &[("class", "site")], |h| {
                    h.el("p", &[], |h| {
                        let home = format!("{root}index.html");
                        h.text_el("a", &[("href", &home)], "Scenario library");
                    });
                });
                h.nl();
                h.el("main", &[("id", "main")], |h| {
                    if !root.is_empty() {
                        h.el("nav", &[("aria-label", "Breadcrumb")], |h| {
                            h.text_el("a", &[("href", "../index.html")], "All files");
                        });
                    }
                    h.text_el("h1", &[], heading);
                    body(h);
                });
                h.nl();
                h.el("footer", &[("class", "site")], |h| {
                    h.text_el(
                        "p",
                        &[],
                        "Checked by saberc, the Rifle & Saber scenario compiler. Section numbers \
                         cite the game's rules.",
                    );
                });
                if let Some(script) = script {
                    h.el("script", &[], |h| h.trusted(script));
                }
            });
        });
    h.nl();
    h.finish()
}

/// A file's verdict as a badge: its words and a sign, never its colour alone.
pub fn badge(h: &mut Html, errors: usize, warnings: usize) {
    let (class, sign) = if errors > 0 {
        ("badge errors", "✗")
    } else if warnings > 0 {
        ("badge warnings", "!")
    } else {
        ("badge clean", "✓")
    };
    h.el("span", &[("class", class)], |h| {
        h.text_el("span", &[("aria-hidden", "true")], sign);
        h.text(" ");
        h.text(&verdict(errors, warnings));
    });
}

/// A file's verdict in words: "clean", "2 warnings", "1 error, 3 warnings".
pub fn verdict(errors: usize, warnings: usize) -> String {
    match (errors, warnings) {
        (0, 0) => "clean".to_string(),
        (0, w) => plural(w, "warning"),
        (e, 0) => plural(e, "error"),
        (e, w) => format!("{}, {}", plural(e, "error"), plural(w, "warning")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_are_words() {
        assert_eq!(verdict(0, 0), "clean");
        assert_eq!(verdict(0, 1), "1 warning");
        assert_eq!(verdict(2, 0), "2 errors");
        assert_eq!(verdict(1, 3), "1 error, 3 warnings");
    }

    #[test]
    fn a_page_has_its_landmarks_and_forbids_fetching() {
        let page = sub_page("T <x>", |h| h.text_el("p", &[], "Hi"));
        assert!(page.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
        assert!(page.contains("<title>T &lt;x&gt; — Scenario library</title>"));
        assert!(page.contains("<h1>T &lt;x&gt;</h1><p>Hi</p></main>"));
        assert!(page.contains("default-src &#39;none&#39;"));
        assert!(page.contains("href=\"../index.html\""));
    }
}
