//! Reading a battle: a battle file, or sides and fractions written on the command line.

use std::collections::BTreeMap;
use std::path::Path;

use crate::diagnostic::Code;
use crate::model::battle::{Battle, GunKind, HistoricalSide, MenKind};
use crate::model::scenario::CounterColor;
use crate::ruleset::{Morale, Ratio, UnitKind};

use super::*;

/// Parse a fraction `N/D` or a whole number `N` (`1/3`, `2/3`, `1`).
pub fn parse_fraction(text: &str) -> Result<Ratio, String> {
    let t = text.trim();
    let (num, den) = match t.split_once('/') {
        Some((n, d)) => (n.trim(), d.trim()),
        None => (t, "1"),
    };
    let parse = |s: &str| {
        s.parse::<u32>()
            .map_err(|_| format!("{text:?} is not a fraction like 1/3"))
    };
    let (num, den) = (parse(num)?, parse(den)?);
    if num == 0 || den == 0 {
        return Err(format!(
            "{text:?}: both parts of the fraction must be positive"
        ));
    }
    Ok(Ratio::new(num, den))
}

/// Parse a `--side` argument (syntax in `saberc factor --help`).
pub fn parse_side(text: &str) -> Result<HistoricalSide, String> {
    let (head, items) = text.split_once(':').ok_or_else(|| {
        "expected `NAME: COUNT CODE, ...`, e.g. `British: 1200 MZ, 12 MA`".to_string()
    })?;
    let head = head.trim();
    let (name, color) = match head.strip_suffix(')').and_then(|h| h.rsplit_once('(')) {
        Some((name, color)) => {
            let color = match color.trim().to_ascii_lowercase().as_str() {
                "red" => CounterColor::Red,
                "blue" => CounterColor::Blue,
                other => return Err(format!("unknown colour {other:?}; use Red or Blue")),
            };
            (name.trim(), Some(color))
        }
        None => (head, None),
    };
    if name.is_empty() {
        return Err("the side needs a name before the `:`".into());
    }
    let mut side = HistoricalSide {
        name: name.to_string(),
        id: None,
        color,
        morale: Morale::Normal,
        men: BTreeMap::new(),
        guns: BTreeMap::new(),
    };
    for item in items.split([',', ';']).map(str::trim) {
        if item.is_empty() {
            continue;
        }
        let words: Vec<&str> = item.split_whitespace().collect();
        let (count, code, word) = match words.as_slice() {
            [n, c] => (*n, *c, None),
            [n, c, w] => (*n, *c, Some(*w)),
            _ => return Err(format!("{item:?} is not `COUNT CODE`, e.g. `1200 MZ`")),
        };
        let count: u32 = count
            .parse()
            .map_err(|_| format!("{count:?} in {item:?} is not a whole number"))?;
        let kind = unit_code(code).ok_or_else(|| {
            format!("unknown unit type {code:?}; use one of MZ EB LB CY MR MG MA MAh BA BAh")
        })?;
        if let Some(w) = word {
            let expected = if kind.is_gun() { "guns" } else { "men" };
            let w = w.to_ascii_lowercase();
            if w.trim_end_matches('s') != expected.trim_end_matches('s') {
                return Err(format!(
                    "{item:?}: {} is counted in {expected}",
                    kind.code()
                ));
            }
        }
        let duplicate = match kind {
            UnitKind::MZ => side.men.insert(MenKind::MZ, count),
            UnitKind::EB => side.men.insert(MenKind::EB, count),
            UnitKind::LB => side.men.insert(MenKind::LB, count),
            UnitKind::CY => side.men.insert(MenKind::CY, count),
            UnitKind::MR => side.men.insert(MenKind::MR, count),
            UnitKind::MG => side.guns.insert(GunKind::MG, count),
            UnitKind::MA => side.guns.insert(GunKind::MA, count),
            UnitKind::MAh => side.guns.insert(GunKind::MAh, count),
            UnitKind::BA => side.guns.insert(GunKind::BA, count),
            UnitKind::BAh => side.guns.insert(GunKind::BAh, count),
        };
        if duplicate.is_some() {
            return Err(format!("{} is given twice", kind.code()));
        }
    }
    if side.men.is_empty() && side.guns.is_empty() {
        return Err("the side has no strengths after the `:`".into());
    }
    Ok(side)
}

fn unit_code(code: &str) -> Option<UnitKind> {
    if code.eq_ignore_ascii_case("MzA") {
        return Some(UnitKind::MA);
    }
    UnitKind::ALL
        .into_iter()
        .find(|k| k.code().eq_ignore_ascii_case(code))
}

/// Read a battle file: JSON when the name ends in `.json`, RON otherwise.
pub fn read_battle(path: &Path) -> Result<Battle, FactorError> {
    // Only a regular file, never a FIFO (which would wait for a writer forever), within the
    // size limit: the same read as every other input.
    let bytes = crate::pipeline::read::read_regular(path).map_err(|d| match d.code {
        Code::Io => FactorError::Io {
            path: path.to_path_buf(),
            source: std::io::Error::other(
                d.message
                    .split_once(": ")
                    .map(|(_, why)| why.to_string())
                    .unwrap_or(d.message.clone()),
            ),
        },
        _ => FactorError::Invalid(d.message),
    })?;
    let text = String::from_utf8(bytes).map_err(|e| FactorError::Parse {
        path: path.to_path_buf(),
        message: format!(
            "the file is not UTF-8 text (byte {} is not part of a UTF-8 character)",
            e.utf8_error().valid_up_to()
        ),
    })?;
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(&text);
    let is_json = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"));
    let parsed = if is_json {
        serde_json::from_str(text).map_err(|e| e.to_string())
    } else {
        // The same RON options as every other file (`Some(…)` optional).
        crate::pipeline::parse::ron_options()
            .from_str(text)
            .map_err(|e| e.to_string())
    };
    parsed.map_err(|message| FactorError::Parse {
        path: path.to_path_buf(),
        message,
    })
}
