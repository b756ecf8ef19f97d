//! `--format sarif`: SARIF 2.1.0, which code hosts show as annotations.

use saber_schema::diagnostic::codes::severity_name;
use saber_schema::diagnostic::{Code, CodeInfo};
use saber_schema::pipeline::FileReport;

/// The SARIF schema the output follows (OASIS, 2.1.0 with errata 01).
const SARIF_SCHEMA: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

/// Render reports as SARIF 2.1.0: one run of the tool `saberc` whose rules are the registry rows
/// of the codes it reports (title, explanation, a bad and a fixed example, the rule section),
/// and one result per diagnostic with its rule and its region in the file.
pub fn sarif_all(reports: &[FileReport]) -> String {
    use serde_json::json;
    // The rules of the codes this run reports, in registry order.
    let mut used: Vec<Code> = reports
        .iter()
        .flat_map(|r| r.diagnostics.iter().map(|d| d.code))
        .collect();
    used.sort_unstable();
    used.dedup();
    let rules: Vec<serde_json::Value> = used.iter().map(|c| rule(c.info())).collect();
    let results: Vec<serde_json::Value> = reports
        .iter()
        .flat_map(|r| r.diagnostics.iter())
        .map(|d| {
            let mut text = d.message.clone();
            if let Some(h) = &d.hint {
                text.push_str(&format!(" — {h}"));
            }
            let uri = d.file.as_ref().map(|p| sarif_uri(p)).unwrap_or_default();
            let mut physical = json!({"artifactLocation": {"uri": uri}});
            // Lines and columns only: our offsets count bytes, SARIF's characters.
            if let Some(l) = d.location {
                physical["region"] = json!({"startLine": l.line, "startColumn": l.column});
            }
            let mut properties = serde_json::Map::new();
            if let Some(r) = &d.rule {
                properties.insert("rule".into(), json!(r));
            }
            if let Some(h) = &d.hex {
                properties.insert("hex".into(), json!(h));
            }
            // A finding of a game whose rule differs from the registry's text: its game's
            // section and words (the rule's description is Rifle & Saber's).
            if let Some((rules, _, text)) = saber_schema::check::texts_by_game(d.code)
                .into_iter()
                .find(|(_, s, t)| d.rule.as_deref() == Some(*s) && *t != d.code.info().explanation)
            {
                properties.insert("game".into(), json!(rules.game.id()));
                properties.insert("ruleText".into(), json!(text));
            }
            if let Some(p) = &d.path {
                properties.insert("path".into(), json!(saber_schema::diagnostic::pointer(p)));
            }
            json!({
                "ruleId": d.code.as_str(),
                "ruleIndex": used.binary_search(&d.code).unwrap_or_default(),
                "level": severity_name(d.severity),
                "message": {"text": text},
                "locations": [{"physicalLocation": physical}],
                "properties": properties,
            })
        })
        .collect();
    let doc = json!({
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "saberc",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }},
            "results": results,
        }],
    });
    let mut s = serde_json::to_string_pretty(&doc).expect("SARIF always serializes");
    s.push('\n');
    s
}

/// One registry row as a SARIF reportingDescriptor: what `saberc explain CODE` prints.
fn rule(info: &CodeInfo) -> serde_json::Value {
    use serde_json::json;
    // Each game's section where the code's files are of another game than Rifle & Saber, or
    // of both, as `saberc explain` names them; a result cites its own file's section.
    let section = match crate::explain::sections_named(info) {
        None => info.rule.map(|r| format!(" (rule {r})")),
        Some(list) => Some(format!(
            " ({})",
            list.iter()
                .map(|(game, s)| format!("{game} rule {s}"))
                .collect::<Vec<_>>()
                .join("; ")
        )),
    }
    .unwrap_or_default();
    // A shared code's rule in each other game's words.
    let by_game: String = saber_schema::check::texts_by_game(info.code)
        .iter()
        .filter(|(_, _, t)| *t != info.explanation)
        .map(|(rules, s, t)| format!("\n\nIn {} files ({s}): {t}", rules.name))
        .collect();
    let help = format!(
        "{}{by_game}\n\nFor example:\n{}\n\nFixed:\n{}",
        info.explanation, info.bad, info.fixed
    );
    let markdown = format!(
        "{}{by_game}\n\nFor example:\n\n```ron\n{}\n```\n\nFixed:\n\n```ron\n{}\n```",
        info.explanation, info.bad, info.fixed
    );
    let mut properties = serde_json::Map::new();
    properties.insert("family".into(), json!(info.family.name()));
    properties.insert("tags".into(), json!([info.family.name()]));
    if let Some(r) = info.rule {
        properties.insert("rule".into(), json!(r));
    }
    if crate::explain::sections_named(info).is_some() {
        let sections: serde_json::Map<String, serde_json::Value> =
            saber_schema::check::sections_by_game(info.code)
                .iter()
                .map(|(rules, s)| (rules.game.id().to_string(), json!(s)))
                .collect();
        properties.insert("rules_by_game".into(), json!(sections));
    }
    json!({
        "id": info.id,
        "name": format!("{:?}", info.code),
        "shortDescription": {"text": format!("{}{section}", info.title)},
        "fullDescription": {"text": info.explanation},
        "help": {"text": help, "markdown": markdown},
        "defaultConfiguration": {"level": severity_name(info.severity)},
        "properties": properties,
    })
}

/// A file path as a SARIF `artifactLocation.uri`: a relative URI reference (an absolute path
/// becomes a `file://` URI), its components joined by `/`, each with every byte outside the
/// unreserved set percent-encoded, so that spaces, `#`, `%`, non-ASCII names and a backslash
/// (a character of a Linux file name, a separator only where the system says so) stay what
/// they are.
pub fn sarif_uri(path: &std::path::Path) -> String {
    use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, percent_encode};
    use std::path::Component;
    const KEEP: &AsciiSet = &NON_ALPHANUMERIC
        .remove(b'-')
        .remove(b'.')
        .remove(b'_')
        .remove(b'~');
    let mut parts = Vec::new();
    let mut absolute = false;
    for c in path.components() {
        match c {
            Component::RootDir => absolute = true,
            // A Windows drive (`C:`): kept as it is written, after the root.
            Component::Prefix(p) => {
                absolute = true;
                parts.push(p.as_os_str().to_string_lossy().into_owned());
            }
            Component::CurDir => parts.push(".".to_string()),
            Component::ParentDir => parts.push("..".to_string()),
            Component::Normal(name) => {
                let name = name.to_string_lossy();
                parts.push(percent_encode(name.as_bytes(), KEEP).to_string());
            }
        }
    }
    let joined = parts.join("/");
    if absolute {
        format!("file:///{joined}")
    } else {
        joined
    }
}
