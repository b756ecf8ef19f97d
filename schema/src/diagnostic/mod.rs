//! Diagnostics: what every stage of the compiler reports. Each has a stable code, a severity, a
//! message, a location (a path into the document, turned into file:line:col by
//! [`crate::pipeline::locate`]), the hex label where there is one, a hint, and the rule section it enforces.

pub mod codes;
mod findings;

pub use findings::Findings;

use std::borrow::Cow;
use std::path::PathBuf;

pub use codes::{Code, CodeInfo, Family, REGISTRY};

use serde::Serialize;

/// Most diagnostics reported for one file; the rest are counted.
pub const MAX_DIAGNOSTICS_PER_FILE: usize = 200;

/// How bad a diagnostic is.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Breaks the file: exit code 1.
    Error,
    /// Worth a look; the file still compiles.
    Warning,
    /// Information, e.g. a migration that was applied.
    Note,
}

/// One step of a path into a document: an object key or an array index.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(untagged)]
pub enum PathSeg {
    /// Object key, struct field or enum variant name: borrowed when the program names it
    /// (most paths are built for findings that may never be shown), owned when a file does.
    Key(Cow<'static, str>),
    /// Array index.
    Index(usize),
}

impl PathSeg {
    /// A key segment the program names.
    pub const fn key(k: &'static str) -> PathSeg {
        PathSeg::Key(Cow::Borrowed(k))
    }

    /// A key segment a file names (a key, an id).
    pub fn owned(k: &str) -> PathSeg {
        PathSeg::Key(Cow::Owned(k.to_string()))
    }
}

/// A path written as a JSON pointer (`/sides/0/groups/1`).
pub fn pointer(path: &[PathSeg]) -> String {
    let mut s = String::new();
    for seg in path {
        s.push('/');
        match seg {
            PathSeg::Key(k) => s.push_str(&k.replace('~', "~0").replace('/', "~1")),
            PathSeg::Index(i) => s.push_str(&i.to_string()),
        }
    }
    s
}

/// Where in a source file a diagnostic points: 1-based line and column, byte offset and length.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Location {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// Byte offset into the file.
    pub offset: usize,
    /// Length in bytes of the pointed-at text.
    pub length: usize,
}

impl Location {
    /// Does the location lie inside `text`, starting on a character boundary, with 1-based line
    /// and column? (What the fuzzers and tests demand of every located finding.)
    pub fn fits(&self, text: &str) -> bool {
        self.offset
            .checked_add(self.length)
            .is_some_and(|end| end <= text.len())
            && text.is_char_boundary(self.offset)
            && self.line >= 1
            && self.column >= 1
    }
}

/// A finding of the compiler.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Diagnostic {
    /// Stable code (`REF001`): three letters for the family, three digits.
    #[schemars(with = "String", regex(pattern = r"^[A-Z]{2,3}[0-9]{3}$"))]
    pub code: Code,
    /// Error, warning or note.
    pub severity: Severity,
    /// What is wrong, in one sentence.
    pub message: String,
    /// The file, once known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<PathBuf>,
    /// Where in the file, once located.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub location: Option<Location>,
    /// Path into the document (a JSON pointer), when the finding concerns a value.
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "ser_path")]
    #[schemars(with = "Option<String>")]
    pub path: Option<Vec<PathSeg>>,
    /// The hex concerned, as a `CCRR` label.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hex: Option<String>,
    /// What to do about it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    /// The rule section enforced, e.g. `7.0`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// Findings like this one that it stands for and that were counted, not kept (see
    /// [`Findings`]); its message says how many.
    #[serde(skip)]
    #[schemars(skip)]
    pub more_like_it: usize,
    /// The edit the hint proposes, once proven to remove the finding
    /// ([`crate::pipeline::prove`]); the language server's quick fix applies exactly it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suggestion: Option<Suggestion>,
    /// The message and help to show instead where the file writes the finding's value, a hex,
    /// as a quoted label (`"0711"`) rather than a pair: a check words its finding with the
    /// pair, [`crate::pipeline::finish()`] takes these words where the text there is a label.
    #[serde(skip)]
    #[schemars(skip)]
    pub as_label: Option<Box<(String, Option<String>)>>,
}

/// An edit a finding's help proposes (a spelling, a value, a swap, a missing line), as rustc's
/// machine-applicable suggestions: the text to write and where. Made with the hint that says
/// it, and kept only when applying it to the text removes the finding without adding an error
/// ([`crate::pipeline::prove`]); otherwise the finding keeps the help it had without it (the
/// cause), and no edit is offered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Suggestion {
    /// Where to write it: a byte range of the file, or `None` for the finding's own span (a
    /// check knows the value's path, not yet its place), inside its quotes when the finding
    /// points at a quoted string and the replacement is not one.
    #[serde(skip)]
    #[schemars(skip)]
    pub span: Option<(usize, usize)>,
    /// Where to write it, as a path into the document (a check's edit of another value than
    /// the one its finding points at), located with the finding.
    #[serde(skip)]
    #[schemars(skip)]
    pub path: Option<Vec<PathSeg>>,
    /// Byte offset of the text replaced, once located.
    pub offset: usize,
    /// Length in bytes of the text replaced (0: an insertion).
    pub length: usize,
    /// What to write there.
    pub replacement: String,
    /// The help that proposes it, shown when it is proven.
    #[serde(skip)]
    #[schemars(skip)]
    pub hint: String,
    /// The text it replaces, once located (a quick fix's title names it).
    #[serde(skip)]
    #[schemars(skip)]
    pub replaced: String,
    /// A hex proposed: the label to write instead, and the help that says it, where the file
    /// writes the hex as a quoted label (`"0310"`) rather than a pair (`(3, 10)`).
    #[serde(skip)]
    #[schemars(skip)]
    pub label: Option<(String, String)>,
}

impl Suggestion {
    /// The text with this edit applied (its span located).
    pub fn apply(&self, text: &str) -> Option<String> {
        let end = self.offset.checked_add(self.length)?;
        (end <= text.len() && text.is_char_boundary(self.offset) && text.is_char_boundary(end))
            .then(|| {
                format!(
                    "{}{}{}",
                    &text[..self.offset],
                    self.replacement,
                    &text[end..]
                )
            })
    }
}

fn ser_path<S: serde::Serializer>(p: &Option<Vec<PathSeg>>, s: S) -> Result<S::Ok, S::Error> {
    match p {
        Some(p) => s.serialize_str(&pointer(p)),
        None => s.serialize_none(),
    }
}

impl Diagnostic {
    /// A new diagnostic of `code`: its severity and rule section are its registry row's
    /// ([`codes::REGISTRY`]), never chosen where it is made.
    pub fn new(code: Code, message: impl Into<String>) -> Diagnostic {
        let row = code.info();
        Diagnostic {
            code,
            severity: row.severity,
            message: message.into(),
            file: None,
            location: None,
            path: None,
            hex: None,
            hint: None,
            as_label: None,
            rule: row.rule.map(str::to_string),
            more_like_it: 0,
            suggestion: None,
        }
    }

    /// Propose writing `replacement` over the value at `path` (located with the finding), with
    /// the help that says it; proven before it is shown, as [`Diagnostic::suggest`].
    pub fn suggest_at(
        self,
        path: Vec<PathSeg>,
        replacement: impl Into<String>,
        hint: impl Into<String>,
    ) -> Diagnostic {
        let mut d = self.suggest(None, replacement, hint);
        if let Some(s) = d.suggestion.as_mut() {
            s.path = Some(path);
        }
        d
    }

    /// A misspelt name: the nearest of `near` (best first) proposed as the edit of the finding's
    /// own span, "did you mean `x`?", proven before it is shown; `otherwise` is the help when
    /// none is near or the edit does not prove (it should name what may be written there).
    pub fn spelling(self, near: &[&str], otherwise: impl Into<String>) -> Diagnostic {
        let d = self.with_hint(otherwise);
        match near.first() {
            Some(best) => d.suggest(None, *best, format!("did you mean `{best}`?")),
            None => d,
        }
    }

    /// Propose an edit with the help that says it: `replacement` written over `span` (a byte
    /// range of the text; `None`: the finding's own span, once located). The help given before
    /// stays as the fallback, shown when the edit does not prove to remove the finding
    /// ([`crate::pipeline::prove`]).
    pub fn suggest(
        mut self,
        span: Option<(usize, usize)>,
        replacement: impl Into<String>,
        hint: impl Into<String>,
    ) -> Diagnostic {
        let (offset, length) = span.unwrap_or((0, 0));
        self.suggestion = Some(Suggestion {
            span,
            path: None,
            offset,
            length,
            replacement: replacement.into(),
            hint: hint.into(),
            replaced: String::new(),
            label: None,
        });
        self
    }

    /// The message and help to show where the file writes the finding's hex as a quoted label
    /// (its own words are for a file that writes the hex as a pair).
    pub fn as_label(mut self, message: impl Into<String>, hint: Option<String>) -> Diagnostic {
        self.as_label = Some(Box::new((message.into(), hint)));
        self
    }

    /// The finding in its label words ([`Diagnostic::as_label`]) now: for a hex the file wrote
    /// as a quoted label, or a file that writes every hex so.
    pub fn in_label_words(mut self) -> Diagnostic {
        if let Some(words) = self.as_label.take() {
            let (message, hint) = *words;
            self.message = message;
            if hint.is_some() {
                self.hint = hint;
            }
        }
        self
    }

    /// Propose a hex as the edit of the value at `path` (`None`: the finding's own), written as
    /// the file writes that hex: the pair `(column, row)`, or its label `label` where the file
    /// wrote a quoted label. `hint` makes the help from the hex as written (`(3, 10)`,
    /// `"0310"`), which it backquotes.
    pub fn suggest_hex(
        self,
        path: Option<Vec<PathSeg>>,
        at: (i32, i32),
        label: &str,
        hint: impl Fn(&str) -> String,
    ) -> Diagnostic {
        let pair = format!("({}, {})", at.0, at.1);
        let pair_hint = hint(&pair);
        let label_hint = hint(&format!("\"{label}\""));
        self.suggest_hex_as(path, at, pair_hint, label.to_string(), label_hint)
    }

    /// [`Diagnostic::suggest_hex`] with a help of each form, and the label its own hex (a file
    /// that writes labels may mean another hex than one that writes pairs).
    pub fn suggest_hex_as(
        self,
        path: Option<Vec<PathSeg>>,
        at: (i32, i32),
        pair_hint: String,
        label: String,
        label_hint: String,
    ) -> Diagnostic {
        let pair = format!("({}, {})", at.0, at.1);
        let mut d = self.suggest(None, pair, pair_hint);
        if let Some(s) = d.suggestion.as_mut() {
            s.path = path;
            s.label = Some((label, label_hint));
        }
        d
    }

    /// The title of the finding's proven edit, as the language server's quick fix and the
    /// editor's Apply button name it: "replace `x` with `y`", or its help when the text replaced
    /// is none, long or over lines.
    pub fn fix_title(&self) -> Option<String> {
        let s = self.suggestion.as_ref()?;
        Some(
            if s.replaced.is_empty() || s.replaced.contains('\n') || s.replaced.len() > 60 {
                self.hint.clone().unwrap_or_default()
            } else {
                format!("replace `{}` with `{}`", s.replaced, s.replacement)
            },
        )
    }

    /// Point at a value by its path in the document.
    pub fn at_path(mut self, path: Vec<PathSeg>) -> Diagnostic {
        self.path = Some(path);
        self
    }

    /// Point at a known place in the file.
    pub fn at_location(mut self, location: Location) -> Diagnostic {
        self.location = Some(location);
        self
    }

    /// Name the hex concerned.
    pub fn with_hex(mut self, label: impl Into<String>) -> Diagnostic {
        self.hex = Some(label.into());
        self
    }

    /// Say what to do.
    pub fn with_hint(mut self, hint: impl Into<String>) -> Diagnostic {
        self.hint = Some(hint.into());
        self
    }

    /// Say what to do, unless a hint is already given.
    pub fn with_hint_if_none(mut self, hint: impl Into<String>) -> Diagnostic {
        if self.hint.is_none() {
            self.hint = Some(hint.into());
        }
        self
    }

    /// Cite the one section, among those its registry row lists, that this case enforces
    /// (`10.2` of a row citing `10.2, 10.3`). A section the row does not list is a bug: the
    /// row's sections are kept (and a debug build panics), since the registry decides.
    pub fn citing(mut self, section: &str) -> Diagnostic {
        let listed = self
            .code
            .info()
            .rule
            .is_some_and(|r| r.split(',').any(|s| s.trim() == section));
        debug_assert!(
            listed,
            "{} cites {section}, which its registry row does not list",
            self.code
        );
        if listed {
            self.rule = Some(section.to_string());
        }
        self
    }

    /// Attach the file.
    pub fn in_file(mut self, file: impl Into<PathBuf>) -> Diagnostic {
        self.file = Some(file.into());
        self
    }

    /// Is this an error?
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// Path-building shorthand: `path!["sides", 0, "groups"]`.
#[macro_export]
macro_rules! path {
    ($($seg:expr),* $(,)?) => {
        vec![$($crate::diagnostic::IntoSeg::into_seg($seg)),*]
    };
}

/// Conversion used by [`path!`].
pub trait IntoSeg {
    /// Make a path segment.
    fn into_seg(self) -> PathSeg;
}
impl IntoSeg for &'static str {
    fn into_seg(self) -> PathSeg {
        PathSeg::key(self)
    }
}
impl IntoSeg for String {
    fn into_seg(self) -> PathSeg {
        PathSeg::Key(Cow::Owned(self))
    }
}
impl IntoSeg for usize {
    fn into_seg(self) -> PathSeg {
        PathSeg::Index(self)
    }
}
impl IntoSeg for PathSeg {
    fn into_seg(self) -> PathSeg {
        self
    }
}

/// Closest candidates to a misspelt name, best first (for "did you mean").
pub fn suggestions<'a>(
    wanted: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Vec<&'a str> {
    let wanted_l = wanted.to_ascii_lowercase();
    let mut scored: Vec<(f64, &str)> = candidates
        .into_iter()
        .map(|c| (strsim::jaro_winkler(&wanted_l, &c.to_ascii_lowercase()), c))
        .filter(|(s, _)| *s >= 0.7)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)));
    // Offer only the close runners-up of the best match.
    let best = scored.first().map(|s| s.0).unwrap_or(0.0);
    scored
        .into_iter()
        .filter(|(s, _)| *s >= best - 0.08)
        .take(3)
        .map(|(_, c)| c)
        .collect()
}

/// `"did you mean `a`, `b`?"` or nothing.
pub fn did_you_mean(options: &[&str]) -> Option<String> {
    match options {
        [] => None,
        [one] => Some(format!("did you mean `{one}`?")),
        many => Some(format!("did you mean one of {}?", ticked(many))),
    }
}

/// Names in backquotes, joined by commas: "`a`, `b`".
pub fn ticked<T: std::fmt::Display>(names: impl IntoIterator<Item = T>) -> String {
    let ticked: Vec<String> = names.into_iter().map(|n| format!("`{n}`")).collect();
    ticked.join(", ")
}

/// The largest character boundary of `text` at or before `at` (the text's end past it).
pub fn floor_char_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// Text made safe for a terminal: control characters (ESC, BEL, NUL, …), bidirectional
/// overrides and other invisible format characters are shown as `\u{..}` escapes, so that a
/// file cannot retitle, clear or reorder the reader's terminal; and the text is cut to
/// `max` characters.
pub fn printable(s: &str, max: usize) -> String {
    let mut out = String::with_capacity(s.len().min(max * 2));
    for (n, c) in s.chars().enumerate() {
        if n == max {
            out.push('…');
            break;
        }
        push_printable(&mut out, c);
    }
    out
}

/// Is this character unsafe or invisible on a terminal (other than tab and newline)?
pub fn is_unprintable(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c,
            '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2069}'
            | '\u{061C}' | '\u{FEFF}' | '\u{FFF9}'..='\u{FFFB}')
}

/// Append a character, escaped when [`is_unprintable`].
pub fn push_printable(out: &mut String, c: char) {
    if is_unprintable(c) {
        out.push_str(&format!("\\u{{{:x}}}", c as u32));
    } else {
        out.push(c);
    }
}

/// `s` cut to at most `max` characters, with "…" where it was cut.
pub fn truncate_chars(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

/// A count with its thousands grouped, as messages print counts: `1,000,000`.
pub fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod grouped_tests {
    #[test]
    fn counts_are_grouped_by_thousands() {
        assert_eq!(super::grouped(0), "0");
        assert_eq!(super::grouped(999), "999");
        assert_eq!(super::grouped(1000), "1,000");
        assert_eq!(super::grouped(1_000_000), "1,000,000");
    }
}
