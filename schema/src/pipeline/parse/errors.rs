//! A reader's error in words: RON's and serde_json's messages turned into a finding at the
//! place of the mistake, with the field path, the names the rules use and what to write.

use super::{FORM_HELP, type_hint};
use crate::diagnostic::codes::CODE_STRS;
use crate::diagnostic::{Code, Diagnostic, Location, PathSeg, suggestions, ticked};
use crate::pipeline::locate::{location_at, location_of_line_col};
use crate::pipeline::recover::missing_comma;

pub(super) fn ron_error(text: &str, e: ron::error::SpannedError, path: &[PathSeg]) -> Diagnostic {
    use ron::Error as E;
    let loc = location_of_line_col(text, e.span.start.line, e.span.start.col);
    let field_path = crate::diagnostic::pointer(path);
    let where_ = if path.is_empty() {
        String::new()
    } else {
        format!(" at `{field_path}`")
    };
    // An error at the very end of the text means the file stops short: say so plainly.
    if loc.offset >= text.trim_end().len() && !matches!(e.code, E::TrailingCharacters) {
        return truncated().at_location(loc).at_path(path.to_vec());
    }
    if let E::Message(m) = &e.code
        && let Some(d) = duplicate_key(text, m, path, loc)
    {
        return d;
    }
    if matches!(e.code, E::ExpectedComma)
        && fraction_at(text, loc.offset).is_none()
        && unbalanced_hint(text, loc.line).is_none()
        && let Some(d) = missing_comma(text, loc.offset, &where_)
    {
        return d.at_path(path.to_vec());
    }
    let d = match &e.code {
        // `Difference([A, B])`: a list where RON wants the variant's own values, a tuple.
        E::ExpectedIdentifier if text[loc.offset.min(text.len())..].starts_with('[') => {
            list_for_tuple(text, loc.offset, &where_)
        }
        // `color: "Red"`: JSON habits; RON writes enum values as bare names.
        // `zone: "H2"`: a feature code where a zone goes is written `Feature("H2")`.
        E::ExpectedIdentifier
            if text[loc.offset.min(text.len())..].starts_with('"')
                && crate::ruleset::is_feature_code(&quoted_at(text, loc.offset)) =>
        {
            let quoted = quoted_at(text, loc.offset);
            Diagnostic::new(
                Code::WrongType,
                format!("`\"{quoted}\"` is a feature code{where_}, but a zone names a feature as `Feature(\"{quoted}\")`"),
            )
            .with_hint(format!("write `Feature(\"{quoted}\")`"))
        }
        E::ExpectedIdentifier if text[loc.offset.min(text.len())..].starts_with('"') => {
            let quoted = quoted_at(text, loc.offset);
            Diagnostic::new(
                Code::WrongType,
                format!(
                    "`\"{quoted}\"` is in quotes{where_}, but RON writes this value as a bare name"
                ),
            )
            .with_hint(format!("write {quoted} without quotes"))
        }
        E::NoSuchEnumVariant {
            expected, found, ..
        } if is_code_list(expected) => unknown_code(found, &where_),
        E::NoSuchStructField {
            expected,
            found,
            outer,
        }
        | E::NoSuchEnumVariant {
            expected,
            found,
            outer,
        } => {
            let field = matches!(e.code, E::NoSuchStructField { .. });
            let (what, of, listed) = if field {
                ("field", "in", "the fields here are")
            } else {
                ("variant", "of", "expected one of")
            };
            let near = suggestions(found, expected.iter().copied());
            let in_ = outer
                .as_deref()
                .map(|o| format!(" {of} `{}`", record_name(o)))
                .unwrap_or_default();
            let d = Diagnostic::new(
                Code::UnknownField,
                format!("unknown {what} `{found}`{in_}{where_}"),
            )
            .spelling(&near, format!("{listed} {}", ticked(*expected)));
            if field {
                d
            } else {
                rules_spelled(d, found, expected)
            }
        }
        E::MissingStructField { field, outer } => {
            let in_ = outer
                .as_deref()
                .map(|o| format!(" in `{}`", record_name(o)))
                .unwrap_or_default();
            Diagnostic::new(
                Code::MissingField,
                format!("missing field `{field}`{in_}{where_}"),
            )
            .with_hint(format!("add `{field}: …` (its form: {FORM_HELP})"))
        }
        E::DuplicateStructField { field, .. } => Diagnostic::new(
            Code::Syntax,
            format!("field `{field}` is given twice{where_}"),
        )
        .with_hint("keep one of them"),
        E::ExceededRecursionLimit => {
            Diagnostic::new(Code::NestingTooDeep, "the file nests too deeply")
                .with_hint("simplify the zone expressions")
        }
        E::InvalidValueForType { .. } | E::ExpectedDifferentLength { .. } => {
            Diagnostic::new(Code::WrongType, format!("{}{where_}", e.code)).with_hint(type_hint())
        }
        E::Message(m) if m.contains("is not a hex label") => {
            Diagnostic::new(Code::WrongType, format!("{m}{where_}")).with_hint(hex_label_hint(m))
        }
        // `{BA: 1.5}`: RON reads `1` and then stops at `.5`.
        E::ExpectedComma if fraction_at(text, loc.offset).is_some() => {
            let number = fraction_at(text, loc.offset).unwrap_or_default();
            let whole = number.split('.').next().unwrap_or("1");
            Diagnostic::new(
                Code::WrongType,
                format!("`{number}` is not a whole number{where_}"),
            )
            .with_hint(format!(
                "counts and turns are whole numbers: write `{whole}`"
            ))
        }
        E::Message(m)
            if m.contains("invalid type")
                || m.contains("invalid value")
                || m.contains("invalid length") =>
        {
            Diagnostic::new(Code::WrongType, format!("{}{where_}", plain_types(m))).with_hint(
                negative_hint(m)
                    .or_else(|| quotes_hint(text, loc.offset, &plain_types(m)))
                    .unwrap_or_else(type_hint),
            )
        }
        E::ExpectedInteger
        | E::ExpectedFloat
        | E::ExpectedBoolean
        | E::ExpectedString
        | E::ExpectedChar
        | E::ExpectedArray
        | E::ExpectedMap
        | E::ExpectedStructLike
        | E::ExpectedNamedStructLike(_)
        | E::ExpectedUnit
        | E::ExpectedOption
        | E::IntegerOutOfBounds
            if !path.is_empty() =>
        {
            // `{BA: -2}`: RON reads a negative number into a count as out of bounds.
            // RON points at the digits or at the sign before them.
            let at = loc.offset.min(text.len());
            let at = if text[..at].ends_with('-') {
                at - 1
            } else {
                at
            };
            let rest = &text[at..];
            let negative = rest
                .strip_prefix('-')
                .map(|r| {
                    r.chars()
                        .take_while(char::is_ascii_digit)
                        .take(20)
                        .collect::<String>()
                })
                .filter(|n| !n.is_empty());
            Diagnostic::new(
                Code::WrongType,
                format!("wrong type{where_}: {}", lower_first(&e.code.to_string())),
            )
            .with_hint(match negative {
                Some(n) => negative_hint(&format!("integer `-{n}`")).unwrap_or_default(),
                None => quotes_hint(text, at, &lower_first(&e.code.to_string()))
                    .unwrap_or_else(type_hint),
            })
        }
        E::Eof => truncated(),
        other => {
            Diagnostic::new(Code::Syntax, plain_types(&format!("{other}{where_}")))
                .with_hint(unbalanced_hint(text, loc.line).unwrap_or_else(|| {
                "RON writes `field: value` pairs separated by commas, lists in [ ], records and \
                 variants' values in ( ), maps in { }: compare this line with its neighbours"
                    .to_string()
            }))
        }
    };
    d.at_location(loc).at_path(path.to_vec())
}

/// A file that stops inside a value, as either reader finds it.
fn truncated() -> Diagnostic {
    Diagnostic::new(Code::Syntax, "the file ends in the middle of a value")
        .with_hint("the file may be truncated: check that every bracket is closed")
}

/// The name a message gives the record a field belongs to: the reader's type name without its
/// game's prefix (`Ruleset::type_prefix`) and the `File` suffix the code tells the games' types
/// apart by (`MsScenario` → `Scenario`, `MapFile` → `Map`): a designer's file names neither.
fn record_name(outer: &str) -> &str {
    let name = crate::ruleset::rulesets()
        .into_iter()
        .map(|r| r.type_prefix)
        .filter(|prefix| !prefix.is_empty())
        .find_map(|prefix| {
            outer
                .strip_prefix(prefix)
                .filter(|rest| rest.starts_with(|c: char| c.is_ascii_uppercase()))
        })
        .unwrap_or(outer);
    name.strip_suffix("File")
        .filter(|rest| !rest.is_empty())
        .unwrap_or(name)
}

/// A negative number where a count, turn or distance goes (`-2`): it is whole, but not 0 or
/// more, so say that, with the number to write if the sign was a slip.
fn negative_hint(msg: &str) -> Option<String> {
    let rest = msg.split("integer `-").nth(1)?;
    let n = rest.split('`').next()?;
    Some(format!(
        "counts, turns and distances are 0 or more: write `{n}` if the minus sign is a slip"
    ))
}

/// What to write when only a value's quotes are wrong: a number in quotes where a number
/// goes (`"8"`: write `8`), a bare number where text goes (`12`: write `"12"`). `msg` says
/// what was expected; `at` is where the value stands (or the space before it).
fn quotes_hint(text: &str, at: usize, msg: &str) -> Option<String> {
    let rest = text.get(at.min(text.len())..)?.trim_start();
    let wants_number = msg.contains("expected a whole number")
        || msg.contains("expected integer")
        || msg.contains("expected u32");
    let wants_text = msg.contains("expected string")
        || msg.contains("expected a string")
        || msg.contains("expected text in quotes");
    if wants_number
        && let Some(inner) = rest.strip_prefix('"').and_then(|r| r.split('"').next())
        && !inner.is_empty()
        && inner.len() <= 20
        && inner.bytes().all(|b| b.is_ascii_digit())
    {
        return Some(format!("write the number without quotes: `{inner}`"));
    }
    let number: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || matches!(c, '.' | '-'))
        .take(20)
        .collect();
    (wants_text && number.starts_with(|c: char| c.is_ascii_digit() || c == '-'))
        .then(|| format!("write it as text, in quotes: `\"{number}\"`"))
}

/// What to write for a hex label that does not read (`"709"`, `"00303"`): the user's digits
/// padded to `CCRR` when they are three, else the two forms.
fn hex_label_hint(msg: &str) -> String {
    let found = msg.split('`').nth(1).unwrap_or("");
    if found.len() == 3 && found.bytes().all(|b| b.is_ascii_digit()) {
        return format!(
            "a label has four digits, column then row: `\"0{found}\"` (or write `({}, {})`)",
            &found[..1],
            found[1..].trim_start_matches('0')
        );
    }
    "write the hex as `(col, row)`, or as its label printed on the map: four digits `\"CCRR\"` (`\"0412\"`), or `\"COL.ROW\"` on maps over 99 columns or rows".to_string()
}

/// The number with a fractional part that ends just before `offset` (`1.5` when RON stopped
/// at `.5`), if that is what stands there.
fn fraction_at(text: &str, offset: usize) -> Option<String> {
    let at = offset.min(text.len());
    let rest = &text[at..];
    let frac = rest.strip_prefix('.')?;
    let digits: String = frac
        .chars()
        .take_while(char::is_ascii_digit)
        .take(20)
        .collect();
    if digits.is_empty() {
        return None;
    }
    let before: String = text[..at]
        .chars()
        .rev()
        .take_while(char::is_ascii_digit)
        .take(20)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    (!before.is_empty()).then(|| format!("{before}.{digits}"))
}

/// A list `[…]` at `offset` where RON expects a variant's name: `Difference([A, B])` for
/// `Difference(A, B)`. The hint writes the user's own values without the brackets when they
/// are short.
fn list_for_tuple(text: &str, offset: usize, where_: &str) -> Diagnostic {
    let before = text[..offset].trim_end();
    let name: String = before
        .strip_suffix('(')
        .map(|b| {
            let start = b
                .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .map_or(0, |i| i + 1);
            b[start..].to_string()
        })
        .unwrap_or_default();
    // The list's text up to its matching `]`, when it is short and on hand.
    let rest = &text[offset..];
    let mut depth = 0usize;
    let mut end = None;
    for (i, c) in rest.char_indices().take(200) {
        match c {
            '[' | '(' | '{' => depth += 1,
            ']' | ')' | '}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    end = Some(i);
                    break;
                }
            }
            _ => {}
        }
    }
    let inner = end.map(|e| rest[1..e].trim().trim_end_matches(',').trim());
    let example = match (name.is_empty(), inner) {
        (false, Some(inner)) => format!("`{name}({inner})`"),
        (false, None) => format!("`{name}(A, B)`"),
        _ => "`Difference(A, B)`".to_string(),
    };
    let shown = if name.is_empty() {
        "this value".to_string()
    } else {
        format!("`{name}`")
    };
    Diagnostic::new(
        Code::Syntax,
        format!("a list `[…]`{where_} where RON expects the values of {shown} themselves"),
    )
    .with_hint(format!(
        "RON writes a variant's values inside its own brackets, without `[ ]`: {example} (only a list of any length, such as `Union([…])`, takes `[ ]`)"
    ))
}

pub(super) fn json_error(text: &str, e: serde_json::Error, path: &[PathSeg]) -> Diagnostic {
    // serde_json points at the end of the offending token; with a path we can point at the
    // value itself.
    let loc = if path.is_empty() || !e.is_data() {
        location_of_line_col(text, e.line().max(1), e.column().max(1))
    } else {
        crate::pipeline::locate::locate(text, path)
    };
    let msg = plain_types(&e.to_string());
    // serde_json appends " at line L column C"; our location says that already.
    let msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
    if let Some(d) = duplicate_key(text, &msg, path, loc) {
        return d;
    }
    let where_ = if path.is_empty() {
        String::new()
    } else {
        format!(" at `{}`", crate::diagnostic::pointer(path))
    };
    // An unknown variant used as a map key (`"units": {"Cavalry": 2}`): point at the key, which
    // lies inside the located map.
    let loc = match msg.strip_prefix("unknown variant `") {
        Some(rest) if e.is_data() && !path.is_empty() => {
            let found = rest.split('`').next().unwrap_or("");
            // The map's entries hold numbers or flat objects: it ends at the first `}`.
            let rest = &text[loc.offset.min(text.len())..];
            let span = &rest[..rest.find('}').unwrap_or(rest.len())];
            match span.find(&format!("\"{found}\"")) {
                Some(i) if span.starts_with('{') => {
                    location_at(text, loc.offset + i, found.len() + 2)
                }
                _ => loc,
            }
        }
        _ => loc,
    };
    // A missing comma is noticed at the next value, a trailing one at the closing bracket:
    // point at the place to type (the end of the value before) or delete.
    if !e.is_data()
        && msg.starts_with("expected `,`")
        && unbalanced_hint(text, loc.line).is_none()
        && let Some(d) = missing_comma(text, loc.offset, &where_)
    {
        return d.at_path(path.to_vec());
    }
    if !e.is_data() && msg == "trailing comma" {
        let before = text[..loc.offset.min(text.len())].trim_end();
        if before.ends_with(',') {
            let at = before.len() - 1;
            return Diagnostic::new(Code::Syntax, "a comma after the last item")
                .with_hint(
                    "remove this `,`: JSON has no comma after the last item of a list or object",
                )
                .at_location(location_at(text, at, 1))
                .at_path(path.to_vec());
        }
    }
    let d = if let Some(rest) = msg.strip_prefix("unknown field `") {
        unknown_name(&msg, rest, "field", &where_)
            .with_hint_if_none("remove it, or check its spelling against the schema")
    } else if let Some(rest) = msg.strip_prefix("unknown variant `") {
        unknown_name(&msg, rest, "variant", &where_)
    } else if let Some(rest) = msg.strip_prefix("missing field `") {
        let field = rest.split('`').next().unwrap_or("");
        Diagnostic::new(Code::MissingField, format!("{msg}{where_}")).with_hint(format!(
            "add `\"{field}\": …` to this object (its form: {FORM_HELP})"
        ))
    } else if let Some(rest) = msg.strip_prefix("duplicate field `") {
        let field = rest.split('`').next().unwrap_or("");
        Diagnostic::new(
            Code::Syntax,
            format!("field `{field}` is given twice{where_}"),
        )
        .with_hint(format!("keep one `\"{field}\": …` and remove the other"))
    } else if msg.contains("is not a hex label") {
        Diagnostic::new(Code::WrongType, format!("{msg}{where_}")).with_hint(hex_label_hint(&msg))
    } else if let Some(number) = msg
        .strip_prefix("invalid type: floating point `")
        .and_then(|r| r.split('`').next())
        .filter(|n| n.ends_with(".0"))
    {
        Diagnostic::new(Code::WrongType, format!("{msg}{where_}")).with_hint(format!(
            "write the whole number without its decimal point: `{}`",
            number.trim_end_matches(".0")
        ))
    } else if e.is_eof() {
        truncated()
    } else if e.is_data() {
        Diagnostic::new(Code::WrongType, format!("{msg}{where_}")).with_hint(
            negative_hint(&msg)
                .or_else(|| quotes_hint(text, loc.offset, &msg))
                .unwrap_or_else(|| {
                    "check the value's type against the schema (`saberc schema`)".to_string()
                }),
        )
    } else if text[loc.offset.min(text.len())..].starts_with("//")
        || text[loc.offset.min(text.len())..].starts_with("/*")
    {
        Diagnostic::new(Code::Syntax, "JSON has no comments").with_hint(
            "remove the comment, or write the file in RON, which allows `//` comments (`saberc convert FILE --to ron`)",
        )
    } else {
        json_syntax(text, loc.offset, msg)
    };
    d.at_location(loc).at_path(path.to_vec())
}

/// A JSON syntax error, with what to type where a writer of RON (or of JavaScript) trips:
/// single quotes, names without quotes, RON's brackets; else the shape of JSON.
fn json_syntax(text: &str, offset: usize, msg: String) -> Diagnostic {
    let at = offset.min(text.len());
    let rest = &text[at..];
    // The word under the caret: serde_json may point inside or at the end of it.
    let start = text[..at]
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .map_or(0, |i| i + 1);
    let word: String = text[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .take(60)
        .collect();
    if let Some(inner) = rest.strip_prefix('\'') {
        let inner: String = inner
            .chars()
            .take_while(|c| *c != '\'' && *c != '\n')
            .take(60)
            .collect();
        return Diagnostic::new(
            Code::Syntax,
            format!("`'{inner}'`: JSON has no single quotes"),
        )
        .with_hint(format!(
            "write strings and keys in double quotes: `\"{inner}\"`"
        ));
    }
    if word.starts_with(|c: char| c.is_ascii_alphabetic())
        && !matches!(word.as_str(), "true" | "false" | "null")
    {
        let is_key = text[start + word.len()..].trim_start().starts_with(':');
        let what = if is_key { "a key" } else { "a name" };
        return Diagnostic::new(
            Code::Syntax,
            format!("`{word}` is {what} without quotes, which JSON does not allow"),
        )
        .with_hint(format!(
            "write it in double quotes: `\"{word}\"` (RON writes names bare; JSON quotes them)"
        ));
    }
    if rest.starts_with('(') {
        return Diagnostic::new(Code::Syntax, format!("{msg}: `(` is RON, not JSON"))
            .with_hint(
                "JSON writes a record as `{\"field\": value}`, a list as `[a, b]` and a variant as \
                 `{\"Name\": value}`; `saberc convert FILE.ron --to json` writes a RON file as JSON",
            );
    }
    let line = text[..at].matches('\n').count() + 1;
    Diagnostic::new(Code::Syntax, msg).with_hint(unbalanced_hint(text, line).unwrap_or_else(|| {
        "JSON writes `\"key\": value` pairs in { }, lists in [ ], strings in double quotes, and a \
         comma between items but none after the last"
            .to_string()
    }))
}

/// When the file's brackets do not balance (a `)` left out or one too many), say which and by
/// how many, and where to look: the error shows where the parser noticed, often a line later.
fn unbalanced_hint(text: &str, line: usize) -> Option<String> {
    use crate::syntax::SyntaxKind::*;
    let mut count = [0isize; 3];
    for t in crate::syntax::lexer::lex(text) {
        match t.kind {
            L_PAREN => count[0] += 1,
            R_PAREN => count[0] -= 1,
            L_BRACKET => count[1] += 1,
            R_BRACKET => count[1] -= 1,
            L_BRACE => count[2] += 1,
            R_BRACE => count[2] -= 1,
            _ => {}
        }
    }
    let (k, (open, close)) = count
        .iter()
        .zip([('(', ')'), ('[', ']'), ('{', '}')])
        .find(|(n, _)| **n != 0)?;
    let before = line.saturating_sub(1).max(1);
    Some(if *k > 0 {
        format!(
            "the file opens {k} more `{open}` than it closes: a `{close}` is missing before this point, most likely at the end of line {before}"
        )
    } else {
        format!(
            "the file closes {} more `{close}` than it opens: remove the extra `{close}` at or just before this point",
            -k
        )
    })
}

/// A key given twice in a map (`units: {MZ: 27, MZ: 1}`), as one error at the second place
/// that names the first.
fn duplicate_key(
    text: &str,
    msg: &str,
    path: &[PathSeg],
    fallback: Location,
) -> Option<Diagnostic> {
    let rest = msg.strip_prefix(crate::model::scenario::DUPLICATE_KEY)?;
    let key = rest.split('`').next().unwrap_or("");
    // The path may end at the map or at the key inside it.
    let map_path = match path.last() {
        Some(PathSeg::Key(k)) if k == key => &path[..path.len() - 1],
        _ => path,
    };
    let field = crate::diagnostic::pointer(map_path);
    let places = crate::pipeline::locate::Locator::new(text).key_offsets(map_path, key);
    let (first, second) = match places.as_slice() {
        [a, b, ..] => (
            Some(location_at(text, *a, key.len().max(1))),
            location_at(text, *b, key.len().max(1)),
        ),
        _ => (None, fallback),
    };
    let first_at = first
        .map(|l| format!(" (first at line {}, column {})", l.line, l.column))
        .unwrap_or_default();
    Some(
        Diagnostic::new(
            Code::Syntax,
            format!("`{key}` is given twice in `{field}`{first_at}"),
        )
        .at_location(second)
        .at_path(map_path.to_vec())
        .with_hint(format!(
            "a map holds each key once: add the two counts together into one `{key}`, or remove one"
        )),
    )
}

/// serde_json's "unknown field `x`, expected one of `a`, `b`" as a diagnostic with a
/// did-you-mean, or the list of what is expected when nothing is close.
fn unknown_name(msg: &str, rest: &str, what: &str, where_: &str) -> Diagnostic {
    let found = rest.split('`').next().unwrap_or("");
    let expected = expected_names(msg);
    if what == "variant" && is_code_list(&expected) {
        return unknown_code(found, where_);
    }
    let near = suggestions(found, expected.iter().copied());
    let d = Diagnostic::new(
        Code::UnknownField,
        format!("unknown {what} `{found}`{where_}"),
    );
    // `"Some(NW)"`: RON's `Some(…)` has no place in JSON, where an optional value is the value.
    if let Some(inner) = found
        .strip_prefix("Some(")
        .and_then(|r| r.strip_suffix(')'))
        .map(|r| r.trim().trim_matches('"'))
    {
        return d.with_hint(format!(
            "JSON writes an optional value as the value itself, without RON's `Some(…)`: `\"{inner}\"` (and `null` for none)"
        ));
    }
    if expected.is_empty() {
        return d;
    }
    let d = d.spelling(&near, format!("expected one of {}", ticked(&expected)));
    rules_spelled(d, found, &expected)
}

/// A unit type written as the rules print it or in words (`MzA`, `Cavalry`): the help says
/// which code files use, and the edit writes it when there is one.
fn rules_spelled(d: Diagnostic, found: &str, expected: &[&str]) -> Diagnostic {
    // M&S 2.4: "Brigade and regimental-sized units" are one of its five classes.
    if expected.contains(&"Brigade")
        && expected.contains(&"Battalion")
        && found.to_ascii_lowercase().starts_with("regiment")
    {
        let help = "2.4 puts a regiment with the brigades (\"Brigade and regimental-sized units\", two steps): write `Brigade`";
        return d.with_hint(help).suggest(None, "Brigade", help);
    }
    let Some((help, codes)) = rules_spelling(found, expected) else {
        return d;
    };
    let d = d.with_hint(help.clone());
    match codes.as_slice() {
        [one] => d.suggest(None, *one, help),
        _ => Diagnostic {
            suggestion: None,
            ..d
        },
    }
}

/// The text of the string literal starting at `offset` (at its opening quote), unescaped no
/// further; bounded so that a long string does not flood the message.
fn quoted_at(text: &str, offset: usize) -> String {
    let rest = &text[offset.min(text.len())..];
    let inner = rest.strip_prefix('"').unwrap_or(rest);
    inner
        .split('"')
        .next()
        .unwrap_or("")
        .chars()
        .take(60)
        .collect()
}

/// A unit type written as the rules print it or in words (`MzA`, `Cavalry`), where a unit
/// code is expected: which code to write, and the codes it may mean.
fn rules_spelling(found: &str, expected: &[&str]) -> Option<(String, Vec<&'static str>)> {
    let codes: Vec<&str> = crate::ruleset::UnitKind::from_spelling(found)
        .into_iter()
        .map(|k| k.code())
        .filter(|c| expected.contains(c) && *c != found)
        .collect();
    let printed = matches!(found, "Mz" | "MzA" | "mz" | "mza" | "MZA");
    let help = match codes.as_slice() {
        [] => None,
        [one] if printed => Some(format!(
            "11.18 prints {} as `{found}`; files use the code `{one}`",
            crate::ruleset::UnitKind::from_code(one)
                .map(|k| k.name().to_lowercase())
                .unwrap_or_default()
        )),
        [one] => Some(format!(
            "`{found}` names a unit type; files use its code: write `{one}`"
        )),
        many => Some(format!(
            "`{found}` may be any of {}: write the code of the type you mean",
            ticked(many)
        )),
    };
    help.map(|h| (h, codes))
}

/// The names serde lists after "expected": "expected `A`", "expected `A` or `B`", "expected one
/// of `A`, `B`, `C`"; none for "there are no fields".
fn expected_names(msg: &str) -> Vec<&str> {
    let Some((_, list)) = msg.split_once(", expected ") else {
        return Vec::new();
    };
    let list = list.strip_prefix("one of ").unwrap_or(list);
    list.split(", ")
        .flat_map(|s| s.split(" or "))
        .map(|s| s.trim().trim_matches('`'))
        .filter(|s| !s.is_empty() && !s.contains(' '))
        .collect()
}

/// Is this list of expected variants the list of diagnostic codes (an interpretation note's
/// `explains`)?
fn is_code_list(expected: &[&str]) -> bool {
    expected == CODE_STRS
}

/// A diagnostic code the registry does not have, with the nearest ones.
fn unknown_code(found: &str, where_: &str) -> Diagnostic {
    Diagnostic::new(
        Code::UnknownField,
        format!("unknown diagnostic code `{found}`{where_}"),
    )
    .with_hint(Code::did_you_mean(found).unwrap_or_else(|| {
        "`saberc explain` lists the codes; a note explains the warnings it names".to_string()
    }))
}

/// serde's Rust type names in words a scenario author knows.
fn plain_types(msg: &str) -> String {
    msg.replace("struct `MapFile`", "a map starting with `(`,")
        .replace("struct `Scenario`", "a scenario starting with `(`,")
        .replace("struct `Battle`", "a battle starting with `(`,")
        .replace("expected u32", "expected a whole number, 0 or more")
        .replace("expected i32", "expected a whole number")
        .replace("expected a string", "expected text in quotes")
}

fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_records_as_files_do_not_as_the_code_does() {
        assert_eq!(record_name("MsScenario"), "Scenario");
        assert_eq!(record_name("MsMapFile"), "Map");
        assert_eq!(record_name("MsCounter"), "Counter");
        assert_eq!(record_name("Scenario"), "Scenario");
        assert_eq!(record_name("Msg"), "Msg");
        assert_eq!(record_name("File"), "File");
    }
}
