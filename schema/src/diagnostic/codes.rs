//! The registry of diagnostic codes: ONE table, from which the [`Code`] enum, the book's code
//! table ([`markdown_table`]) and a page per code ([`book_page`]), `saberc explain CODE` and
//! the SARIF rules are made.
//!
//! Each row gives the stable code string, the severity the code is reported with, its family,
//! the rule section it enforces (if any), a one-line title, a paragraph of explanation, and a
//! bad and a fixed example. The order of the rows is the order diagnostics at the same place
//! are sorted in; codes are never renumbered once released.

use std::borrow::Cow;
use std::fmt;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Serialize};

use super::{Severity, did_you_mean, suggestions};

/// What part of the work a code belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Family {
    /// Reading files: I/O, size and nesting limits, the `format` field.
    Files,
    /// RON or JSON syntax and the shape of values.
    Syntax,
    /// The JSON Schema.
    Schema,
    /// Maps on their own.
    Maps,
    /// Names a scenario refers to.
    References,
    /// Deployment and arrival zones.
    Zones,
    /// Stacking (7.0).
    Stacking,
    /// Deployment and set-up (7.0, 11.0).
    Deployment,
    /// Game length and arrivals (15.0).
    Turns,
    /// Victory conditions.
    Victory,
    /// Trenches, improved positions and limbers.
    Markers,
    /// Special rules.
    SpecialRules,
    /// Historical battles for factoring (11.18).
    Battles,
    /// The texts a scenario prints: date, victory wording, notes.
    Texts,
    /// Musket & Saber counters: their classes, values, steps and entries.
    Counters,
    /// Whether the sides can reach what their victory conditions ask (4.0, 9.2).
    Playability,
}

impl Family {
    /// The family's name, as the README and `saberc explain` print it.
    pub fn name(self) -> &'static str {
        match self {
            Family::Files => "reading files",
            Family::Syntax => "syntax",
            Family::Schema => "schema",
            Family::Maps => "maps",
            Family::References => "references",
            Family::Zones => "zones",
            Family::Stacking => "stacking",
            Family::Deployment => "deployment",
            Family::Turns => "turns",
            Family::Victory => "victory",
            Family::Markers => "markers",
            Family::SpecialRules => "special rules",
            Family::Battles => "battle files",
            Family::Texts => "texts",
            Family::Counters => "counters",
            Family::Playability => "playability",
        }
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One row of the registry: everything known about a code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodeInfo {
    /// The code.
    pub code: Code,
    /// The stable code string, e.g. `DEP001`.
    pub id: &'static str,
    /// The severity it is reported with (a warning an interpretation note explains becomes a
    /// note).
    pub severity: Severity,
    /// Its family.
    pub family: Family,
    /// The rule section(s) it enforces, e.g. `7.0`; `None` for file-format codes.
    pub rule: Option<&'static str>,
    /// What it means, in a few words.
    pub title: &'static str,
    /// A paragraph: what is wrong and what to do.
    pub explanation: &'static str,
    /// A file fragment that gets the code.
    pub bad: &'static str,
    /// The same fragment, fixed.
    pub fixed: &'static str,
    /// How the code depends on the compiled zones (decides which findings are dropped when
    /// zones are incomplete or follow from an error inside the same zone).
    pub zones: ZoneRole,
    /// The code this one was split from (its cases were reported under that code, with
    /// another severity, before): an interpretation note that `explains` the old code
    /// explains this one too, so files written before the split keep their meaning.
    pub split_from: Option<&'static str>,
}

/// How a code relates to the zones a scenario's clauses compile to: a registry column, so that
/// the checks ask the registry rather than keep lists of codes of their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ZoneRole {
    /// Not judged on compiled zones.
    Independent,
    /// An error inside a zone's clause (an unknown feature, an off-map hex): findings about the
    /// same zone that are [`ZoneRole::Consequence`]s are dropped, so each mistake is reported
    /// once.
    Cause,
    /// Judged on the compiled zones and may follow from a [`ZoneRole::Cause`] in the same zone
    /// (an empty zone because it names an unknown feature); dropped when zones are incomplete.
    Consequence,
    /// Judged on the compiled zones: dropped when zones past the work budget were not computed.
    OnComputedZones,
}

impl ZoneRole {
    /// Is a finding of this code judged on the compiled zones (and so meaningless when they
    /// are incomplete)?
    pub fn needs_computed_zones(self) -> bool {
        matches!(self, ZoneRole::Consequence | ZoneRole::OnComputedZones)
    }
}

/// The `zones` column of a row; [`ZoneRole::Independent`] when the row does not say.
macro_rules! zone_role {
    () => {
        ZoneRole::Independent
    };
    ($role:ident) => {
        ZoneRole::$role
    };
}

/// The `split_from` column of a row; none when the row does not say.
macro_rules! split_from {
    () => {
        None
    };
    ($id:literal) => {
        Some($id)
    };
}

/// Builds [`Code`], its string table and [`REGISTRY`] from one list of rows: the rows of
/// each family's file (`codes/*.rs`) collected in turn (`@collect`), then the whole list.
macro_rules! registry {
    (@collect { $($rows:tt)* } $family:ident $($rest:ident)*) => {
        $family! { registry { $($rows)* } $($rest)* }
    };
    (@collect { $($rows:tt)* }) => {
        registry! { $($rows)* }
    };
    ($(
        $variant:ident = $id:literal {
            severity: $severity:ident,
            family: $family:ident,
            rule: $rule:expr,
            title: $title:literal,
            explanation: $explanation:literal,
            bad: $bad:literal,
            fixed: $fixed:literal
            $(, zones: $zones:ident)?
            $(, split_from: $split:literal)? $(,)?
        }
    )*) => {
        /// Stable diagnostic codes; see [`REGISTRY`] for what each means. The string form never
        /// changes once released.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Code {
            $(
                #[doc = concat!("`", $id, "`: ", $title, ".")]
                $variant,
            )*
        }

        /// Every code string, in registry order.
        pub const CODE_STRS: &[&str] = &[$($id),*];

        /// The registry: one row per code, in the order of [`Code`].
        pub static REGISTRY: &[CodeInfo] = &[$(
            CodeInfo {
                code: Code::$variant,
                id: $id,
                severity: Severity::$severity,
                family: Family::$family,
                rule: $rule,
                title: $title,
                explanation: $explanation,
                bad: $bad,
                fixed: $fixed,
                zones: zone_role!($($zones)?),
                split_from: split_from!($($split)?),
            },
        )*];

        impl Code {
            /// Every code, in registry order.
            pub const ALL: &[Code] = &[$(Code::$variant),*];
        }
    };
}

// The rows, one file per family of codes under `codes/`, collected in the order of codes.
#[macro_use]
mod reading;
#[macro_use]
mod maps;
#[macro_use]
mod references;
#[macro_use]
mod deployment;
#[macro_use]
mod turns_victory;
#[macro_use]
mod markers;
#[macro_use]
mod counters;
#[macro_use]
mod texts_playability;
#[macro_use]
mod tools;

registry! { @collect {} reading_codes maps_codes references_codes deployment_codes turns_victory_codes markers_codes counters_codes texts_playability_codes tools_codes }

impl Code {
    /// The code's row in the registry.
    pub fn info(self) -> &'static CodeInfo {
        &REGISTRY[self as usize]
    }

    /// The stable code string, e.g. `REF001`.
    pub fn as_str(self) -> &'static str {
        self.info().id
    }

    /// The code with this exact string.
    pub fn from_id(id: &str) -> Option<Code> {
        REGISTRY.iter().find(|i| i.id == id).map(|i| i.code)
    }

    /// The code with this string, ignoring case (`dep001` is `DEP001`).
    pub fn lookup(id: &str) -> Option<Code> {
        REGISTRY
            .iter()
            .find(|i| i.id.eq_ignore_ascii_case(id.trim()))
            .map(|i| i.code)
    }

    /// The codes closest to a misspelt one, best first.
    pub fn suggest(id: &str) -> Vec<&'static str> {
        suggestions(id, CODE_STRS.iter().copied())
    }

    /// `did you mean …?` for a misspelt code, or nothing.
    pub fn did_you_mean(id: &str) -> Option<String> {
        did_you_mean(&Code::suggest(id))
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Code {
    type Err = String;

    /// Exactly the code string; the error says which codes are near.
    fn from_str(s: &str) -> Result<Code, String> {
        Code::from_id(s).ok_or_else(|| {
            let mut msg = format!("no diagnostic code `{s}`");
            if let Some(d) = Code::did_you_mean(s) {
                msg.push_str("; ");
                msg.push_str(&d);
            }
            msg
        })
    }
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Code {
    /// A code string (`"DEP002"` in RON and JSON alike). An unknown one is an unknown variant,
    /// which the parsers report with the nearest codes.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Code, D::Error> {
        let s: Cow<'de, str> = Deserialize::deserialize(d)?;
        Code::from_id(&s).ok_or_else(|| serde::de::Error::unknown_variant(&s, CODE_STRS))
    }
}

impl JsonSchema for Code {
    fn schema_name() -> Cow<'static, str> {
        "Code".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "title": "Diagnostic code",
            "description": "A diagnostic code of saberc (`saberc explain CODE` says what it means).",
            "type": "string",
            "enum": CODE_STRS,
        })
    }
}

impl CodeInfo {
    /// The rule section as printed after a title: ` [rule 7.0]`, or nothing.
    fn rule_suffix(&self) -> String {
        self.rule
            .map(|r| format!(" [rule {r}]"))
            .unwrap_or_default()
    }

    /// The one-line summary `saberc explain` lists: `DEP001  error    zone too small … [rule 7.0]`.
    pub fn summary(&self) -> String {
        format!(
            "{:<6}  {:<7}  {}{}",
            self.id,
            severity_name(self.severity),
            self.title,
            self.rule_suffix()
        )
    }
}

/// The lower-case name of a severity.
pub fn severity_name(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

/// Where a code's page is in the book, from the book's root (`docs/`): `saberc/codes/DEP001.md`
/// (built as `saberc/codes/DEP001.html`).
pub fn book_page(id: &str) -> String {
    format!("saberc/codes/{id}.md")
}

/// The book's table of diagnostic codes, in Markdown, each code linked to its page (between
/// the markers of `docs/saberc/codes.md`; a test in `tests/` keeps it current).
pub fn markdown_table() -> String {
    let mut out = String::from("| code | severity | family | rule | what it means |\n");
    out.push_str("|---|---|---|---|---|\n");
    for i in REGISTRY {
        out.push_str(&format!(
            "| [`{}`](codes/{}.md) | {} | {} | {} | {} |\n",
            i.id,
            i.id,
            severity_name(i.severity),
            i.family,
            i.rule.unwrap_or(""),
            i.title
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_registry_is_in_the_order_of_the_enum() {
        assert_eq!(REGISTRY.len(), Code::ALL.len());
        for (i, info) in REGISTRY.iter().enumerate() {
            assert_eq!(info.code as usize, i, "{}", info.id);
            assert_eq!(Code::ALL[i], info.code);
        }
    }

    #[test]
    fn codes_are_unique_and_well_formed() {
        let mut seen = std::collections::BTreeSet::new();
        for info in REGISTRY {
            assert!(seen.insert(info.id), "{} twice", info.id);
            let (letters, digits) = info.id.split_at(info.id.len() - 3);
            assert!(
                (2..=3).contains(&letters.len())
                    && letters.bytes().all(|b| b.is_ascii_uppercase())
                    && digits.bytes().all(|b| b.is_ascii_digit()),
                "{}",
                info.id
            );
            assert!(!info.title.is_empty() && !info.title.ends_with('.'));
            assert!(
                info.explanation.len() > 60,
                "{} explains too little",
                info.id
            );
            assert_ne!(info.bad, info.fixed, "{}", info.id);
        }
    }

    #[test]
    fn codes_parse_back_and_misspellings_get_suggestions() {
        for c in Code::ALL {
            assert_eq!(c.as_str().parse::<Code>(), Ok(*c));
            assert_eq!(Code::lookup(&c.as_str().to_lowercase()), Some(*c));
        }
        let err = "DEP01".parse::<Code>().unwrap_err();
        assert!(err.contains("`DEP001`"), "{err}");
        assert_eq!(Code::from_id("ABC123"), None);
    }

    #[test]
    fn codes_deserialize_from_strings_only_when_known() {
        let ok: Vec<Code> = serde_json::from_str(r#"["DEP002", "IO001"]"#).unwrap();
        assert_eq!(ok, [Code::OpposingZonesOverlap, Code::Io]);
        let err = serde_json::from_str::<Vec<Code>>(r#"["DEP02"]"#).unwrap_err();
        assert!(err.to_string().contains("unknown variant `DEP02`"), "{err}");
        let ron_ok: Vec<Code> = ron::from_str(r#"["MRK004"]"#).unwrap();
        assert_eq!(ron_ok, [Code::LimbersWithoutGuns]);
    }

    #[test]
    fn a_diagnostic_takes_its_severity_and_rule_from_its_row() {
        for info in REGISTRY {
            let d = crate::diagnostic::Diagnostic::new(info.code, "x");
            assert_eq!(d.severity, info.severity, "{}", info.id);
            assert_eq!(d.rule.as_deref(), info.rule, "{}", info.id);
        }
    }

    #[test]
    fn a_split_code_names_an_older_code_of_another_severity() {
        for info in REGISTRY {
            if let Some(old) = info.split_from {
                let old = Code::from_id(old).expect("an existing code").info();
                assert_ne!(old.severity, info.severity, "{}", info.id);
                assert_eq!(old.family, info.family, "{}", info.id);
            }
        }
    }

    #[test]
    fn the_table_has_a_row_per_code() {
        let t = markdown_table();
        assert_eq!(t.lines().count(), REGISTRY.len() + 2);
        assert!(t.contains(
            "| [`DEP001`](codes/DEP001.md) | error | deployment | 7.0, 11.0 | zone too small for its group |"
        ));
    }
}
