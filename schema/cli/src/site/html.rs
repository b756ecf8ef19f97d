//! A tiny HTML writer, escaped by construction: element and attribute names are `&'static str`
//! written in this crate; every text and attribute value goes through [`escape`]; elements nest
//! by closures, so every element opened is closed. Markup from elsewhere enters only through
//! [`Html::svg`] (the library's own drawings) and [`Html::trusted`] (this crate's constants).

/// An HTML document being written.
#[derive(Debug, Default)]
pub struct Html {
    out: String,
}

/// Attributes of an element: a name written here and a value from anywhere (escaped).
pub type Attrs<'a> = &'a [(&'static str, &'a str)];

impl Html {
    /// An empty document.
    pub fn new() -> Html {
        Html::default()
    }

    /// `<tag attrs>…</tag>`, the body written by `body`.
    pub fn el(&mut self, tag: &'static str, attrs: Attrs, body: impl FnOnce(&mut Html)) {
        self.start(tag, attrs);
        body(self);
        self.out.push_str("</");
        self.out.push_str(tag);
        self.out.push('>');
    }

    /// A `<section>` labelled by its `<h2>` heading `title` (whose id is `id`), then `body`.
    pub fn section(&mut self, id: &str, title: &str, body: impl FnOnce(&mut Html)) {
        self.el("section", &[("aria-labelledby", id)], |h| {
            h.text_el("h2", &[("id", id)], title);
            body(h);
        });
    }

    /// A table in a scrolling box the keyboard can focus (axe's scrollable-region-focusable),
    /// one column heading per name of `heads`; `rows` writes the body's rows.
    pub fn scroll_table(&mut self, heads: &[&str], rows: impl FnOnce(&mut Html)) {
        self.el("div", &[("class", "scroll"), ("tabindex", "0")], |h| {
            h.el("table", &[], |h| {
                h.el("thead", &[], |h| {
                    h.el("tr", &[], |h| {
                        for c in heads {
                            h.text_el("th", &[("scope", "col")], c);
                        }
                    });
                });
                h.el("tbody", &[], rows);
            });
        });
    }

    /// `<tag attrs>text</tag>`.
    pub fn text_el(&mut self, tag: &'static str, attrs: Attrs, text: &str) {
        self.el(tag, attrs, |h| h.text(text));
    }

    /// `<tag attrs>`, an element with no end tag (`meta`, `input`, `br`).
    pub fn void(&mut self, tag: &'static str, attrs: Attrs) {
        self.start(tag, attrs);
    }

    /// Text, escaped.
    pub fn text(&mut self, s: &str) {
        escape_into(&mut self.out, s);
    }

    /// A line break in the source, for readable output (no meaning in HTML).
    pub fn nl(&mut self) {
        self.out.push('\n');
    }

    /// Markup this crate wrote as a constant (the style sheet, the script).
    pub fn trusted(&mut self, markup: &'static str) {
        self.out.push_str(markup);
    }

    /// An SVG drawing of the library's renderer, inline: its XML declaration dropped. The
    /// renderer escapes every text it draws; control characters, which HTML forbids, are
    /// written as `\u{..}` here as in every other output.
    pub fn svg(&mut self, svg: &str) {
        let start = svg.find("<svg").unwrap_or(0);
        for c in svg[start..].chars() {
            if forbidden(c) && !matches!(c, '\n' | '\r' | '\t') {
                self.out.push_str(&format!("\\u{{{:x}}}", c as u32));
            } else {
                self.out.push(c);
            }
        }
    }

    /// The document written.
    pub fn finish(self) -> String {
        self.out
    }

    fn start(&mut self, tag: &'static str, attrs: Attrs) {
        self.out.push('<');
        self.out.push_str(tag);
        for (name, value) in attrs {
            self.out.push(' ');
            self.out.push_str(name);
            self.out.push_str("=\"");
            escape_into(&mut self.out, value);
            self.out.push('"');
        }
        self.out.push('>');
    }
}

/// Characters HTML forbids in a document or a terminal must not see: controls, noncharacters,
/// and the invisible ones that reorder text (`diagnostic::is_unprintable`).
fn forbidden(c: char) -> bool {
    saber_schema::diagnostic::is_unprintable(c)
        || matches!(c as u32, 0xFDD0..=0xFDEF)
        || (c as u32 & 0xFFFE) == 0xFFFE
}

/// `s` as HTML text or attribute value: `& < > " '` as references; control, invisible and
/// non-characters as a visible `\u{..}`, as the terminal output shows them.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    escape_into(&mut out, s);
    out
}

fn escape_into(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\n' | '\t' => out.push(c),
            c if forbidden(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_attributes_cannot_open_markup() {
        let mut h = Html::new();
        h.el("p", &[("title", "\"><script>x</script>")], |h| {
            h.text("<script>alert('x')</script> & \u{1b}]0;owned\u{7}\u{202e}");
        });
        assert_eq!(
            h.finish(),
            "<p title=\"&quot;&gt;&lt;script&gt;x&lt;/script&gt;\">&lt;script&gt;alert(&#39;x&#39;)\
             &lt;/script&gt; &amp; \\u{1b}]0;owned\\u{7}\\u{202e}</p>"
        );
    }

    #[test]
    fn noncharacters_and_carriage_returns_are_shown_escaped() {
        assert_eq!(escape("a\u{FFFE}b\u{FDD0}\r"), "a\\u{fffe}b\\u{fdd0}\\u{d}");
    }

    #[test]
    fn an_inline_drawing_loses_its_declaration_and_controls() {
        let mut h = Html::new();
        h.svg("<?xml version=\"1.0\"?>\n<svg><text>a\u{1b}b</text></svg>");
        assert_eq!(h.finish(), "<svg><text>a\\u{1b}b</text></svg>");
    }
}
