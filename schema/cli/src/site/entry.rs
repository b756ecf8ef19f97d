//! One file of the collection, read and checked as `saberc check` checks it
//! (`pipeline::compile_source`: the same findings and verdict), with what its pages show: a
//! scenario's sides, texts and typed readings, its card, engine export and analysis; a map's
//! drawing, features and labels.

use std::path::{Path, PathBuf};

use saber_schema::diagnostic::{Diagnostic, Family};
use saber_schema::model::analysis::Analysis;
use saber_schema::model::map::Map;
use saber_schema::model::scenario::Interpretation;
use saber_schema::output::game::{GameOutputs, Summary};
use saber_schema::output::games;
use saber_schema::output::render::{map_svg, svg_to_png};
use saber_schema::pipeline::maps::MapRegistry;
use saber_schema::pipeline::parse::DocKind;
use saber_schema::pipeline::read::{Source, read_regular};
use saber_schema::pipeline::{FileReport, compile_source, finish, load_map};
use saber_schema::queries::playable::GivenAllowances;

/// Width of the card's PNG offered for download, in pixels.
pub const CARD_PNG_WIDTH: u32 = 1240;

/// One file of the collection and what its page shows.
pub struct Entry {
    /// The file, as found.
    pub path: PathBuf,
    /// `saberc check`'s report of it.
    pub report: FileReport,
    /// Its text (lossy when it is not UTF-8), for the excerpts; empty when unreadable.
    pub text: String,
    /// Its bytes, offered for download; `None` when unreadable.
    pub bytes: Option<Vec<u8>>,
    /// What it is, in a word: scenario, map, battle, or file.
    pub kind: &'static str,
    /// The game's name, when known.
    pub game: &'static str,
    /// The title: a scenario's or map's name, else the file name.
    pub title: String,
    /// Rule number and date, as printed.
    pub when: String,
    /// Each side's name and forces in words.
    pub sides: Vec<(String, String)>,
    /// Game-Turns.
    pub length: Option<u32>,
    /// A map's id, or the built-in map a scenario was checked against.
    pub map_id: Option<String>,
    /// What the scenario's or map's page shows beyond the findings.
    pub detail: Detail,
    /// Its downloads once written: what each is, its name in `downloads/`.
    pub downloads: Vec<(&'static str, String)>,
}

impl Entry {
    /// Its downloads: what each is, its name in `downloads/` (after the page's `slug`), its
    /// bytes.
    pub fn download_files(&self, slug: &str) -> Vec<(&'static str, String, &[u8])> {
        let mut out = Vec::new();
        if let Some(b) = &self.bytes {
            let ext = self
                .path
                .extension()
                .map(|x| x.to_string_lossy().to_ascii_lowercase())
                .filter(|x| x == "json")
                .unwrap_or_else(|| "ron".to_string());
            out.push(("The source file", format!("{slug}.{ext}"), b.as_slice()));
        }
        if let Detail::Scenario(d) = &self.detail
            && let Ok(drawn) = &d.drawn
        {
            if let Some(x) = &drawn.export {
                out.push((
                    "The engine export (JSON)",
                    format!("{slug}.export.json"),
                    x.as_bytes(),
                ));
            }
            out.push((
                "The card (SVG)",
                format!("{slug}.card.svg"),
                drawn.svg.as_bytes(),
            ));
            if let Some(png) = &drawn.png {
                out.push(("The card (PNG)", format!("{slug}.card.png"), png.as_slice()));
            }
        }
        out
    }

    /// Drop what only its own page and downloads needed, once written: a scenario's card,
    /// export, texts and analysis, its text and bytes; its findings stay, for the verdict (a
    /// map keeps what its page, written last, shows).
    pub fn lighten(&mut self) {
        if self.kind == "map" {
            return;
        }
        self.detail = Detail::None;
        self.text = String::new();
        self.bytes = None;
        self.report.text = None;
    }
}

/// A scenario's or map's content.
pub enum Detail {
    /// Nothing beyond the findings (a battle, an export, an unreadable file).
    None,
    /// A scenario.
    Scenario(Box<ScenarioDetail>),
    /// A map.
    Map(Box<MapDetail>),
}

/// What a scenario's page shows.
pub struct ScenarioDetail {
    /// Victory conditions: printed text and typed reading.
    pub victory: Vec<(String, String)>,
    /// Special rules: printed text and typed reading.
    pub special: Vec<(String, String)>,
    /// Interpretation notes.
    pub interpretations: Vec<Interpretation>,
    /// The historical note.
    pub notes: String,
    /// The card (SVG), its PNG and the engine export, once the scenario compiles clean; else
    /// why not.
    pub drawn: Result<Drawn, String>,
    /// The analysis, or why there is none.
    pub analysis: Result<Analysis, String>,
}

/// A clean scenario's card and export.
pub struct Drawn {
    /// The card, SVG.
    pub svg: String,
    /// The card, PNG (when the renderer could make it).
    pub png: Option<Vec<u8>>,
    /// The engine export, JSON.
    pub export: Option<String>,
}

impl Drawn {
    /// A card drawn once: its SVG, and its PNG rasterised from that SVG (what `saberc render
    /// --card` does, without drawing the card a second time).
    fn card(svg: String, export: Option<String>) -> Drawn {
        let png = svg_to_png(&svg, CARD_PNG_WIDTH).ok();
        Drawn { svg, png, export }
    }
}

/// What a map's page shows.
pub struct MapDetail {
    /// The map drawn, or why not.
    pub svg: Result<String, String>,
    /// Features: label hex, code, name.
    pub features: Vec<(String, String, String)>,
    /// Free labels: hex, text.
    pub labels: Vec<(String, String)>,
}

/// Read and check `path`, and build what its pages show.
pub fn build(path: &Path, reg: &MapRegistry) -> Entry {
    let file_name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let mut e = Entry {
        path: path.to_path_buf(),
        report: FileReport::unread(path, Vec::new(), None),
        text: String::new(),
        bytes: None,
        kind: "file",
        game: "",
        title: file_name.clone(),
        when: String::new(),
        sides: Vec::new(),
        length: None,
        map_id: None,
        detail: Detail::None,
        downloads: Vec::new(),
    };
    let bytes = match read_regular(path) {
        Ok(b) => b,
        Err(d) => {
            e.report.diagnostics = vec![d.in_file(path)];
            return e;
        }
    };
    e.bytes = Some(bytes.clone());
    // As `check_path`: a file that is not UTF-8 is reported at its place, its text read lossily.
    let src = match Source::from_bytes(path, bytes) {
        Ok(src) => src,
        Err((d, text)) => {
            let src = Source::from_text(path, text);
            e.report.diagnostics = finish(&src, vec![d]);
            e.report.text = Some(src.text.clone());
            e.text = src.text;
            return e;
        }
    };
    let (report, built) = compile_source(&src, reg);
    e.report = report;
    e.text = src.text.clone();
    let clean = !e.report.diagnostics.iter().any(Diagnostic::is_error);
    match (e.report.kind, built) {
        (Some(DocKind::Battle), _) => e.kind = "battle",
        (Some(DocKind::Scenario), built) => {
            // The scenario's game says what its page shows, and makes its card, export and
            // analysis.
            e.kind = "scenario";
            if let Some(outputs) = games::of_source(&src)
                && let Some(summary) = outputs.summary(&built)
            {
                scenario(&mut e, &src, reg, outputs, summary, clean);
            }
        }
        (Some(DocKind::Map), _) => map_file(&mut e, &src, clean),
        _ => {}
    }
    // A link needs words: a scenario or map named by nothing but spaces goes by its file.
    if e.title.trim().is_empty() {
        e.title = file_name;
    }
    e
}

/// A scenario, of any game: what its page says of it as opened, and its card, export and
/// analysis when no error stops them.
fn scenario(
    e: &mut Entry,
    src: &Source,
    reg: &MapRegistry,
    outputs: &dyn GameOutputs,
    s: Summary,
    clean: bool,
) {
    e.game = s.game;
    e.title = s.title;
    e.when = s.when;
    e.length = Some(s.length);
    e.sides = s.sides;
    if s.built_in_map.is_some() {
        e.map_id = s.built_in_map;
    }
    let mut d = ScenarioDetail {
        victory: s.victory,
        special: s.special,
        interpretations: s.interpretations,
        notes: s.notes,
        drawn: Err(
            "the scenario has errors: its card and export are made once they are fixed".into(),
        ),
        analysis: Err("the scenario has errors that stop the analysis: fix them first".into()),
    };
    // The compiled scenario the card, export and analysis need (what `render`, `export` and
    // `analyze` compile), when no error stops them: a playability finding (PLY) is an answer
    // about movement, which the analysis shows.
    let blocking = |d: &Diagnostic| d.is_error() && d.code.info().family != Family::Playability;
    if !e.report.diagnostics.iter().any(blocking)
        && let Some(c) = outputs.compile(src, reg).compiled
    {
        d.analysis = Ok(c.analysis(&GivenAllowances::default()));
        if clean {
            let export = c.export().ok().map(|x| x.text());
            d.drawn = Ok(Drawn::card(c.card_svg(), export));
        }
    }
    e.detail = Detail::Scenario(Box::new(d));
}

/// A map file of either game.
fn map_file(e: &mut Entry, src: &Source, clean: bool) {
    e.kind = "map";
    e.map_id = e.report.map_id.clone();
    let map = if clean { load_map(src).0 } else { None };
    let Some(map) = map else {
        e.detail = Detail::Map(Box::new(MapDetail {
            svg: Err("the map has errors: it is drawn once they are fixed".into()),
            features: Vec::new(),
            labels: Vec::new(),
        }));
        return;
    };
    e.game = map.map.rules().name;
    e.title = map.map.name.clone();
    e.detail = Detail::Map(Box::new(map_detail(&map.map)));
}

/// A map's drawing, features and labels.
pub fn map_detail(map: &Map) -> MapDetail {
    let grid = map.grid;
    let svg = Ok(map_svg(map, map.rules(), &[], &map.name));
    MapDetail {
        svg,
        features: map
            .features
            .iter()
            .map(|f| {
                let at = f.label.or_else(|| f.hexes.first().copied());
                (
                    at.map(|c| grid.label(c)).unwrap_or_default(),
                    f.code.clone(),
                    f.name.clone().unwrap_or_default(),
                )
            })
            .collect(),
        labels: map
            .labels
            .iter()
            .map(|l| (grid.label(l.at), l.text.clone()))
            .collect(),
    }
}
