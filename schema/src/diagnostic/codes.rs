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

/// Builds [`Code`], its string table and [`REGISTRY`] from one list of rows.
macro_rules! registry {
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

registry! {
    Io = "IO001" {
        severity: Error,
        family: Files,
        rule: None,
        title: "the file cannot be read",
        explanation: "saberc could not open or read the file: it does not exist, is not readable, \
            is a dangling symbolic link, or is not a regular file. Check the path and the file's \
            permissions.",
        bad: "saberc check scenarios/no-such-file.ron",
        fixed: "saberc check scenarios/01-fatehpur.ron",
    }
    FileTooLarge = "LIM001" {
        severity: Error,
        family: Files,
        rule: None,
        title: "the file is too large",
        explanation: "Files over 16 MiB are refused before they are read: the largest map (1000 × \
            1000 hexes) is about 1 MB, so a larger file is not a map or scenario, or was made by \
            a broken program. The limit is checked from the file's size, so even a huge file is \
            refused at once.",
        bad: "a 100 MB file named scenario.ron",
        fixed: "a scenario of a few kilobytes",
    }
    NestingTooDeep = "LIM002" {
        severity: Error,
        family: Files,
        rule: None,
        title: "the file nests too deeply",
        explanation: "Brackets may nest at most 64 levels deep; the limit is checked before \
            parsing so that a hostile file cannot exhaust the stack. A zone never needs deep \
            nesting: a `Union` or `Intersection` takes a list of any length.",
        bad: "zone: Union([Union([Union([ … ])])]),   // 70 levels deep",
        fixed: "zone: Union([Feature(\"V4\"), Feature(\"V5\"), Feature(\"H26\")])",
    }
    Syntax = "SYN001" {
        severity: Error,
        family: Syntax,
        rule: None,
        title: "syntax error",
        explanation: "The file is not valid RON or JSON at this position: a missing comma or \
            bracket, a field given twice, text that is not UTF-8, or a file that stops in the \
            middle of a value. RON writes structs in `( )`, lists in `[ ]`, maps in `{ }`, and \
            `field: value` pairs separated by commas.",
        bad: "(id: \"a\" units: {MZ: 6, MA: 1}, entry: …)",
        fixed: "(id: \"a\", units: {MZ: 6, MA: 1}, entry: …)",
    }
    UnknownField = "SYN002" {
        severity: Error,
        family: Syntax,
        rule: None,
        title: "unknown field or variant",
        explanation: "A field, enum variant or diagnostic code that the format does not have, \
            usually a misspelling; the hint names the nearest correct spelling. Unknown fields \
            are refused rather than ignored so that a typo never silently drops a value.",
        bad: "entry: Deploy(zone: Whithin(distance: 1, of: Feature(\"V4\")))",
        fixed: "entry: Deploy(zone: Within(distance: 1, of: Feature(\"V4\")))",
    }
    WrongType = "SYN003" {
        severity: Error,
        family: Syntax,
        rule: None,
        title: "value of the wrong type",
        explanation: "The value has the wrong type for its field: text where a number is \
            expected, a list where a struct is expected, a negative count. `saberc schema` \
            prints the JSON Schema that gives every field's type.",
        bad: "game_length: \"ten\",",
        fixed: "game_length: 10,",
    }
    MissingField = "SYN004" {
        severity: Error,
        family: Syntax,
        rule: None,
        title: "required field missing",
        explanation: "A field that has no default is absent. The message names it and the \
            struct it belongs to; `saberc schema` lists the required fields of each struct.",
        bad: "(id: \"a\", entry: Deploy(zone: Within(distance: 1, of: Feature(\"V4\"))))",
        fixed: "(id: \"a\", units: {MZ: 6, MA: 1}, entry: Deploy(zone: Within(distance: 1, of: Feature(\"V4\"))))",
    }
    UnknownFormat = "FMT001" {
        severity: Error,
        family: Files,
        rule: None,
        title: "no `format` field",
        explanation: "Every file starts with a `format` field naming its kind and version \
            (`saber-map/1`, `saber-scenario/1`, `saber-battle/1`), so that saberc knows what it \
            reads and can refuse a file from a newer version instead of misreading it.",
        bad: "(\n    id: \"fatehpur\",\n    …",
        fixed: "(\n    format: \"saber-scenario/1\",\n    id: \"fatehpur\",\n    …",
    }
    EngineExport = "FMT006" {
        severity: Note,
        family: Files,
        rule: None,
        title: "an engine export among the source files",
        explanation: "The file's `format` names an engine export (`saber-export/…`), written by \
            `saberc export`: it is checked against `export.schema.json` only. Exports are \
            generated: keep them out of the folders of source files, or regenerate them.",
        bad: "format: \"saber-export/1\",   // in a folder given to saberc check",
        fixed: "format: \"saber-scenario/1\",   // its export written elsewhere: saberc export FILE -o build/",
        split_from: "FMT001",
    }
    UnsupportedVersion = "FMT002" {
        severity: Error,
        family: Files,
        rule: None,
        title: "unsupported format version",
        explanation: "The file's `format` names a version this saberc does not read: a newer one \
            (install a newer saberc) or one that was never released (write version 1).",
        bad: "format: \"saber-scenario/9\",",
        fixed: "format: \"saber-scenario/1\",",
    }
    OtherSyntax = "FMT003" {
        severity: Error,
        family: Files,
        rule: None,
        title: "a file in the other syntax than its name says",
        explanation: "saberc reads a `.ron` file as RON and a `.json` file as JSON. A JSON \
            document in a `.ron` file (it starts with `{`), or a RON document in a `.json` file \
            (it starts with `(`), would give a syntax error on every line; saberc says so once \
            instead. Rename the file to the extension of what it holds; `saberc convert` then \
            writes it in the other syntax if you want that one.",
        bad: "my-battle.ron:  { \"format\": \"saber-scenario/1\", … }",
        fixed: "my-battle.json: { \"format\": \"saber-scenario/1\", … }",
    }
    NotAScenario = "FMT004" {
        severity: Error,
        family: Files,
        rule: None,
        title: "a map or battle where a scenario is expected",
        explanation: "`saberc export`, `saberc render --card` and the scenario commands take a \
            scenario (`format: \"saber-scenario/1\"`). A map is drawn with `saberc render` or \
            exported for Tiled with `saberc export --format tiled`; a historical battle \
            (`saber-battle/1`) becomes a scenario with `saberc factor FILE --format ron`.",
        bad: "saberc export maps/my-map.ron -o out",
        fixed: "saberc export scenarios/my-battle.ron -o out",
    }
    OldSpelling = "FMT005" {
        severity: Note,
        family: Files,
        rule: None,
        title: "an old spelling of the format version, read as its new one",
        explanation: "The file uses a spelling that was published under this format version and \
            has since been renamed; it keeps its meaning and is checked as if written the new \
            way. `saberc migrate FILE` rewrites every old spelling in place, keeping comments \
            and layout. The old spellings of `saber-scenario/1`: `Exit(count: All)` is \
            `Exit(count: EveryCounter)`, `ControlEnemySetup(by_turn: N)` is \
            `ControlEnemySetup(when: ByEndOfTurn(N))`.",
        bad: "goal: ControlEnemySetup(by_turn: 8),",
        fixed: "goal: ControlEnemySetup(when: ByEndOfTurn(8)),",
    }
    UnknownGame = "FMT007" {
        severity: Error,
        family: Files,
        rule: None,
        title: "a `game` saberc does not know",
        explanation: "A map or scenario may name the game it is for in a `game` field: \
            `\"rifle-and-saber\"` (the game of every file without the field) or \
            `\"musket-and-saber-quick-play\"`. Another value names no game saberc has the rules \
            of, so the file cannot be checked; the hint names the nearest spelling. Leave the \
            field out for a Rifle & Saber file.",
        bad: "game: \"rifle-and-sabre\",",
        fixed: "game: \"rifle-and-saber\",",
    }
    Schema = "SCH001" {
        severity: Error,
        family: Schema,
        rule: None,
        title: "JSON Schema violation",
        explanation: "The file parses but breaks a constraint of the JSON Schema: a number out of \
            range, text that does not match its pattern (ids are lower-case letters, digits, `-` \
            and `_`), a string or list that is too long or too short. The committed schemas in \
            `schema/` give every constraint.",
        bad: "id: \"Fatehpur 1857\",",
        fixed: "id: \"fatehpur-1857\",",
    }
    LimitExceeded = "LIM003" {
        severity: Error,
        family: Files,
        rule: None,
        title: "over a limit",
        explanation: "A count or distance is over one of saberc's limits (999 units of one type \
            in a group, 2,000 units on a side, a distance of 2,000 hexes; the README lists them \
            all), which keep the cost of checking bounded.",
        bad: "units: {MZ: 5000},",
        fixed: "units: {MZ: 40},",
    }
    MoreFindings = "LIM004" {
        severity: Note,
        family: Files,
        rule: None,
        title: "more findings than are shown",
        explanation: "A file has more than 200 findings: the first 200 are shown and the rest \
            are counted in this final note. Fix the ones shown first; the rest are often \
            consequences of the same mistake.",
        bad: "setup: [(side: \"red\", group: \"a\", counter: Unit(MZ), at: (50, 1)), …],   // 500 placements off the map",
        fixed: "setup: [(side: \"red\", group: \"a\", counter: Unit(MZ), at: (24, 17)), …],   // each in its group's zone",
        split_from: "LIM003",
    }
    MapTerrainShape = "MAP001" {
        severity: Error,
        family: Maps,
        rule: None,
        title: "terrain rows do not match the map's size",
        explanation: "A map's `terrain` has one string per row, north to south, and one character \
            per hex in each row: there must be exactly `height` rows of exactly `width` \
            characters.",
        bad: "width: 5, height: 3,\nterrain: [\"ww...\", \"..v.^\", \"....\"],",
        fixed: "width: 5, height: 3,\nterrain: [\"ww...\", \"..v.^\", \".....\"],",
    }
    MapTerrainChar = "MAP002" {
        severity: Error,
        family: Maps,
        rule: Some("9.2"),
        title: "unknown terrain character",
        explanation: "Each character of a terrain row is one hex of the Terrain Effects Chart: \
            `.` clear, `v` village, `w` woods, `f` the big forest, `~` river, `=` ford, `#` \
            bridge, and `^` `V` `W` `F` for clear, village, woods and forest on a slope. The \
            message names the row and column of the character that is none of these.",
        bad: "terrain: [\"ww...\", \"..x.^\", \".....\"],",
        fixed: "terrain: [\"ww...\", \"..v.^\", \".....\"],",
    }
    MapBadHexside = "MAP003" {
        severity: Error,
        family: Maps,
        rule: None,
        title: "no such hexside",
        explanation: "A ridge names a hexside direction the map's hexes do not have: flat-topped \
            hexes have N, NE, SE, S, SW and NW sides, pointy-topped hexes NE, E, SE, SW, W and \
            NW.",
        bad: "orientation: Flat, …\nridges: [((2, 2), E)],",
        fixed: "orientation: Flat, …\nridges: [((2, 2), NE)],",
    }
    MapRoadGap = "MAP004" {
        severity: Error,
        family: Maps,
        rule: Some("4M"),
        title: "road hexes are not neighbours",
        explanation: "A road is a path of adjacent hexes: units move along it from hex to hex \
            through road hexsides (4M), so each hex must share a hexside with the one before it.",
        bad: "(kind: Minor, hexes: [(1, 3), (3, 3)])",
        fixed: "(kind: Minor, hexes: [(1, 3), (2, 3), (3, 3)])",
    }
    FeatureNumberReused = "MAP005" {
        severity: Error,
        family: Maps,
        rule: Some("11.0"),
        title: "feature number reused across letters",
        explanation: "Terrain features are numbered once for the whole map: \"No number is used \
            more than once regardless of terrain feature\" (11.0). `V4` and `H4` cannot both \
            exist; the hint suggests the smallest free number.",
        bad: "features: [(code: \"V4\", …), (code: \"H4\", …)],",
        fixed: "features: [(code: \"V4\", …), (code: \"H5\", …)],",
    }
    DuplicateFeature = "MAP006" {
        severity: Error,
        family: Maps,
        rule: Some("11.0"),
        title: "feature defined twice",
        explanation: "Each feature code names one feature (11.0); its hexes are listed in one \
            definition. Merge the hexes of the second definition into the first.",
        bad: "(code: \"W22\", hexes: [(1, 1)]),\n(code: \"W22\", hexes: [(2, 1)])",
        fixed: "(code: \"W22\", hexes: [(1, 1), (2, 1)])",
    }
    OffMap = "MAP007" {
        severity: Error,
        family: Maps,
        rule: None,
        title: "hex off the map",
        explanation: "A hex given as `(col, row)` lies outside the map: columns run from 1 to \
            `width` and rows from 1 to `height`, numbered as printed (`(4, 12)` is hex 0412).",
        bad: "width: 5, height: 3, …\nridges: [((6, 2), N)],",
        fixed: "width: 5, height: 3, …\nridges: [((5, 2), N)],",
        zones: Cause,
    }
    MainRoadNoEdge = "MAP008" {
        severity: Warning,
        family: Maps,
        rule: Some("11.0"),
        title: "main road not leaving the map",
        explanation: "The main roads are named by the edge at which they leave the map (11.0: \
            the South, East and Northwest roads), and scenarios bring reinforcements in along \
            them. A main road needs a name and must reach a map edge.",
        bad: "(kind: Main, name: Some(\"East\"), hexes: [(2, 2), (3, 2)])",
        fixed: "(kind: Main, name: Some(\"East\"), hexes: [(2, 2), (3, 2), (4, 2), (5, 2)])",
    }
    FeatureTerrain = "MAP009" {
        severity: Warning,
        family: Maps,
        rule: Some("11.0"),
        title: "feature hexes without the feature's terrain",
        explanation: "A feature's letter says what it is (11.0): V village, H hill (slope hexes), \
            W woods, R river, J river junction, F ford, B bridge. Some of its hexes have other \
            terrain; paint them or remove them from the feature.",
        bad: "terrain: [\"ww...\", \"..v.^\", \".....\"], …\n(code: \"V4\", hexes: [(2, 2), (3, 2)]),   // (2, 2) is clear",
        fixed: "terrain: [\"ww...\", \"..v.^\", \".....\"], …\n(code: \"V4\", hexes: [(3, 2)]),",
    }
    MsChart = "MAP010" {
        severity: Error,
        family: Maps,
        rule: Some("2.2"),
        title: "terrain the map's chart does not describe",
        explanation: "Musket & Saber: \"Every hex contains one or more kinds of terrain\", whose \
            effects \"are described on the Terrain Effects Chart (TEC) in the Scenario Rules for \
            each game\" (2.2). A legend character stands for no kind, a kind of hex or hexside \
            terrain has no row of the map's `chart`, or a legend character is defined twice. \
            Type the row from the game's chart, or name the kind as the chart does.",
        bad: "legend: [(char: \".\", kinds: [\"clear\"]), (char: \"w\", kinds: [\"wood\"])],",
        fixed: "legend: [(char: \".\", kinds: [\"clear\"]), (char: \"w\", kinds: [\"woods\"])],",
    }
    MsTrack = "MAP011" {
        severity: Error,
        family: Maps,
        rule: Some("3.3"),
        title: "a Turn Record Track label used twice, or not one label",
        explanation: "Musket & Saber: turns are \"tracked by moving the turn marker along the Turn \
            Record Track (TRT) on the map\" (3.3), and reinforcements are listed by turn (3.2): a \
            label printed on two spaces would name two turns, and a label that is empty, begins \
            or ends with a space, or holds a comma or semicolon (several labels typed as one) \
            names no space. Type the track's labels as printed, each once.",
        bad: "track: (labels: [\"1500\", \"1545\", \"1545\", \"1715\"], source: \"invented for the project\"),",
        fixed: "track: (labels: [\"1500\", \"1545\", \"1630\", \"1715\"], source: \"invented for the project\"),",
    }
    MsChartRowTwice = "MAP012" {
        severity: Error,
        family: Maps,
        rule: Some("2.2"),
        title: "a kind of terrain with two rows on the map's chart",
        explanation: "Musket & Saber: the effects \"of each kind of terrain are described on the \
            Terrain Effects Chart\" (2.2): one row a kind of hex terrain, one a kind of hexside \
            terrain. The chart has two rows for the same kind on the same place (hex or \
            hexside), so the first would silently decide every later verdict and the second be \
            ignored. Keep one row, with the values your copy's chart prints.",
        bad: "(kind: \"woods\", on: Hex, infantry: Some(Mp(3)), source: \"invented\"),\n(kind: \"woods\", on: Hex, …),",
        fixed: "(kind: \"woods\", on: Hex, …),",
    }
    MsClearRow = "MAP013" {
        severity: Error,
        family: Maps,
        rule: Some("4.3, 9.2"),
        title: "the chart's clear row contradicts the rules text",
        explanation: "Musket & Saber fixes one value of every chart: \"Entering a clear hex \
            across a clear hexside costs 1 MP\" (4.3), and clear terrain is terrain a charge may \
            start in, enter and target (9.2(1): \"only clear or clear hill terrain\"). The \
            chart's row named `clear` (any case) gives a class another cost to enter a clear hex \
            (or prohibits it), adds MP across a clear hexside, or does not count as clear for \
            charges (`clear_for_charges`). Type the row as the rules text fixes it.",
        bad: "(kind: \"clear\", on: Hex, infantry: Some(Mp(1)), cavalry: Some(Mp(2)), …",
        fixed: "(kind: \"clear\", on: Hex, infantry: Some(Mp(1)), cavalry: Some(Mp(1)), …",
    }
    MsHexsideCost = "MAP014" {
        severity: Error,
        family: Maps,
        rule: Some("4.3"),
        title: "a hexside row that costs MP rather than adding them",
        explanation: "Musket & Saber: \"Units crossing certain hex side terrain must pay \
            additional MP, denoted by a \"+1\" on the TEC. Those MP are added to the normal cost \
            to enter\" the hex (4.3). A hexside row gives a class a cost to enter (`Mp(n)`), \
            which no hexside has: write what the chart prints as `Plus(n)`, or `Prohibited`.",
        bad: "(kind: \"stream\", on: Hexside, infantry: Some(Mp(2)), source: \"invented\"),",
        fixed: "(kind: \"stream\", on: Hexside, infantry: Some(Plus(1)), source: \"invented\"),",
    }
    MsHexAdds = "MAP015" {
        severity: Note,
        family: Maps,
        rule: Some("4.3"),
        title: "a hex row that adds MP rather than costing them",
        explanation: "Musket & Saber: \"As a unit enters a hex, it must pay one or more MP \
            depending on the terrain … those costs are listed on the TEC\"; \"+1\" denotes the \
            additional MP of hexside terrain (4.3). A hex row gives a class `Plus(n)`. Read as \
            added to the cost of the hex's other kinds (2.2: \"Every hex contains one or more \
            kinds of terrain\"), as a chart printing \"+1\" beside a hex kind means it; if the \
            chart prints a cost to enter, write `Mp(n)`.",
        bad: "(kind: \"woods\", on: Hex, infantry: Some(Plus(1)), …",
        fixed: "(kind: \"woods\", on: Hex, infantry: Some(Mp(2)), …",
    }
    UnknownFeature = "REF001" {
        severity: Error,
        family: References,
        rule: Some("11.0"),
        title: "unknown feature",
        explanation: "A zone or victory condition names a feature code the scenario's map does \
            not have. Scenarios place units relative to the numbered features of the map \
            (11.0); the hint suggests the nearest codes the map does have.",
        bad: "zone: Within(distance: 1, of: Feature(\"V44\"))",
        fixed: "zone: Within(distance: 1, of: Feature(\"V4\"))",
        zones: Cause,
    }
    UnknownRoad = "REF002" {
        severity: Error,
        family: References,
        rule: Some("11.0"),
        title: "unknown road",
        explanation: "A zone names a road the map does not have. Roads are named by the edge at \
            which they leave the map (`South`, `East`, `Northwest` on the Rifle & Saber map).",
        bad: "at: RoadEntry(\"West\")",
        fixed: "at: RoadEntry(\"Northwest\")",
        zones: Cause,
    }
    UnknownSide = "REF003" {
        severity: Error,
        family: References,
        rule: Some("11.0, 3.0"),
        title: "unknown side or group",
        explanation: "A side id (in `deploys_first`, `moves_first`, a victory condition, a special \
            rule or a set-up placement) or a group id names no side or group of the scenario.",
        bad: "sides: [(id: \"union\", …), (id: \"confederates\", …)],\ndeploys_first: \"unoin\",",
        fixed: "sides: [(id: \"union\", …), (id: \"confederates\", …)],\ndeploys_first: \"union\",",
    }
    UnknownMap = "REF004" {
        severity: Error,
        family: References,
        rule: None,
        title: "unknown map",
        explanation: "The scenario's `map` names no map saberc knows: not a built-in map, not a \
            map among the files checked, not one in a `--maps DIR`, or a map path that cannot be \
            opened or whose map has errors.",
        bad: "map: \"rifle-and-sabre\",",
        fixed: "map: \"rifle-and-saber\",",
    }
    DuplicateId = "REF005" {
        severity: Error,
        family: References,
        rule: None,
        title: "duplicate id",
        explanation: "Two sides, or two groups of one side, have the same id, so references to it \
            would be ambiguous; or a side is called `either`, which victory conditions reserve \
            for \"either side\". Letter a side's groups (a), (b), (c) …",
        bad: "groups: [(id: \"a\", …), (id: \"a\", …)],",
        fixed: "groups: [(id: \"a\", …), (id: \"b\", …)],",
    }
    MapIdShadowed = "REF007" {
        severity: Warning,
        family: References,
        rule: None,
        title: "a map file has the id of a built-in map but differs from it",
        explanation: "A map file near the scenario, or the map file the scenario names, has the \
            id of a built-in map but other contents. A map file never replaces a built-in map: \
            the scenario is checked against the built-in map. Give the edited map its own id \
            and name that id in the scenario.",
        bad: "maps/rifle-and-saber.ron   // an edited copy that kept the id `rifle-and-saber`",
        fixed: "maps/rifle-and-saber-edited.ron   // id: \"rifle-and-saber-edited\", named by the scenario",
        split_from: "REF005",
    }
    MapOutsideRoots = "REF006" {
        severity: Error,
        family: References,
        rule: None,
        title: "map path outside the allowed directories",
        explanation: "A map given by path must stay inside the scenario's directory tree or a \
            `--maps` directory: absolute paths, `../` escapes and symbolic links that lead out \
            are refused, so that checking a file never reads elsewhere on the disk.",
        bad: "map: \"/home/me/maps/my-map.ron\",",
        fixed: "map: \"rifle-and-saber\",   // a built-in map, a map in a --maps DIR, or a path inside the scenario's folder",
    }
    MapOfOtherGame = "REF008" {
        severity: Error,
        family: References,
        rule: None,
        title: "the scenario's map is for another game",
        explanation: "A scenario is checked under its game's rules on its map, so both must be \
            for the same game: their `game` fields must agree (a file without one is for Rifle & \
            Saber). Nothing else is checked until they do. Name a map of the scenario's game, or \
            correct the scenario's `game`.",
        bad: "game: \"musket-and-saber-quick-play\",\nmap: \"rifle-and-saber\",",
        fixed: "map: \"rifle-and-saber\",   // a Rifle & Saber scenario: no `game`",
    }
    EmptyZone = "ZON001" {
        severity: Error,
        family: Zones,
        rule: Some("11.0"),
        title: "zone with no hexes",
        explanation: "A deployment or arrival zone has no hexes on this map, so the group could \
            not be set up or could not enter. Check the distances and directions of its clauses \
            against the map; `saberc render SCENARIO -o zones.png` draws every zone.",
        bad: "zone: Intersection([Beyond(toward: N, of: Feature(\"H26\")), Beyond(toward: S, of: Feature(\"H26\"))])",
        fixed: "zone: Beyond(toward: N, of: Feature(\"H26\"), inclusive: true)",
        zones: Consequence,
    }
    ZoneParameter = "ZON002" {
        severity: Error,
        family: Zones,
        rule: Some("11.0"),
        title: "zone parameter that cannot be met",
        explanation: "A clause of a zone asks for something no hex can satisfy (a sector at least \
            5 but at most 3 hexes away), or refers to the enemy's deployment where it is not \
            known (only the side that deploys second may, and not in a circle).",
        bad: "zone: Sector(toward: N, of: Feature(\"V4\"), within: Some(3), at_least: Some(5))",
        fixed: "zone: Sector(toward: N, of: Feature(\"V4\"), within: Some(5), at_least: Some(3))",
        zones: Cause,
    }
    RiverSideTied = "ZON003" {
        severity: Warning,
        family: Zones,
        rule: Some("11.0"),
        title: "`RiverSide` names neither bank",
        explanation: "`RiverSide(EDGE)` names the bank of the river that holds most of that map \
            edge; here the river divides the edge into two banks of the same length, so the \
            clause names neither and one is taken. Name an edge that lies mostly on one bank, \
            or give the bank as an `Area` or with `Beyond`.",
        bad: "zone: RiverSide(West),   // the river meets the west edge at its middle",
        fixed: "zone: RiverSide(South),",
        split_from: "ZON002",
    }
    OverStacked = "STK001" {
        severity: Error,
        family: Stacking,
        rule: Some("7.0"),
        title: "over six stacking points in a hex",
        explanation: "\"Units totalling no more than six Stacking Points may be stacked in the \
            same hex\" (7.0): artillery and machine guns count 3 points, every other unit 2, \
            markers none. The set-up places more in one hex; move a unit to a neighbouring hex.",
        bad: "setup: [(side: \"red\", group: \"a\", counter: Unit(MA), at: (24, 17)),\n        (side: \"red\", group: \"a\", counter: Unit(MA), at: (24, 17)),\n        (side: \"red\", group: \"a\", counter: Unit(MZ), at: (24, 17))],",
        fixed: "setup: [(side: \"red\", group: \"a\", counter: Unit(MA), at: (24, 17)),\n        (side: \"red\", group: \"a\", counter: Unit(MA), at: (24, 17)),\n        (side: \"red\", group: \"a\", counter: Unit(MZ), at: (24, 16))],",
    }
    EnemiesShareHex = "STK002" {
        severity: Error,
        family: Stacking,
        rule: Some("7.0"),
        title: "enemy units in one hex",
        explanation: "\"Enemy and Friendly units may never occupy the same hex\" (7.0). The \
            set-up places units of both sides in one hex.",
        bad: "(side: \"red\", group: \"a\", counter: Unit(MZ), at: (24, 17)),\n(side: \"blue\", group: \"a\", counter: Unit(MZ), at: (24, 17)),",
        fixed: "(side: \"red\", group: \"a\", counter: Unit(MZ), at: (24, 17)),\n(side: \"blue\", group: \"a\", counter: Unit(MZ), at: (15, 8)),",
    }
    ZoneTooSmall = "DEP001" {
        severity: Error,
        family: Deployment,
        rule: Some("7.0, 11.0"),
        title: "zone too small for its group",
        explanation: "A group must be able to deploy in its zone without breaking the stacking \
            limit of six points a hex (7.0): two guns fill a hex, three other units fill a hex, \
            and a lone gun leaves room for one other unit. The zone has fewer hexes than the \
            group needs (or a side's groups together need more than their zones cover). Widen \
            the zone; if the printed scenario really is that tight, record how you read it in an \
            interpretation note.",
        bad: "(id: \"a\", units: {MZ: 12}, entry: Deploy(zone: Feature(\"V12\"))),   // V12 has 3 hexes",
        fixed: "(id: \"a\", units: {MZ: 12}, entry: Deploy(zone: Within(distance: 1, of: Feature(\"V12\")))),",
        zones: Consequence,
    }
    OpposingZonesOverlap = "DEP002" {
        severity: Warning,
        family: Deployment,
        rule: Some("7.0"),
        title: "opposing deployment zones overlap",
        explanation: "The two sides' deployment zones share hexes. That is legal, because the \
            side that deploys second may not use hexes the first occupies (7.0), but it is often \
            a mistake in a zone. If the printed scenario means it, list `DEP002` in the \
            `explains` of an interpretation note and it is reported as a note.",
        bad: "(id: \"a\", units: {MZ: 6}, entry: Deploy(zone: Within(distance: 2, of: Feature(\"V4\")))),   // the Reds deploy within 1 of V4\n…\ninterpretations: [],",
        fixed: "(id: \"a\", units: {MZ: 6}, entry: Deploy(zone: Within(distance: 2, of: Feature(\"V4\")))),   // the Reds deploy within 1 of V4\n…\ninterpretations: [(rule: \"11.0\", text: \"Blues deploy within 2 hexes of V4.\", reading: \"The zones overlap at V4: the Blues set up around the Reds.\", explains: [\"DEP002\"])],",
        zones: OnComputedZones,
    }
    PlacementOutsideZone = "DEP003" {
        severity: Error,
        family: Deployment,
        rule: Some("11.0"),
        title: "placed outside the zone",
        explanation: "A set-up placement puts a unit outside its group's deployment zone, or \
            places a group that arrives during play and so has no set-up position (11.0).",
        bad: "setup: [(side: \"red\", group: \"a\", counter: Unit(MZ), at: (30, 30))],",
        fixed: "setup: [(side: \"red\", group: \"a\", counter: Unit(MZ), at: (24, 17))],   // a hex of V4, in the zone",
        zones: OnComputedZones,
    }
    EmptyGroup = "DEP004" {
        severity: Warning,
        family: Deployment,
        rule: None,
        title: "empty group",
        explanation: "A group has no units and no markers, so it deploys or arrives with \
            nothing. Give it its units or remove it.",
        bad: "(id: \"b\", units: {}, entry: Arrive(turn: 3, at: RoadEntry(\"South\")))",
        fixed: "(id: \"b\", units: {CY: 2}, entry: Arrive(turn: 3, at: RoadEntry(\"South\")))",
    }
    PlacedMoreThanAllotted = "DEP006" {
        severity: Error,
        family: Deployment,
        rule: Some("11.0"),
        title: "more counters placed than allotted",
        explanation: "The set-up places more counters of a kind for a group than the group has \
            in the scenario's order of battle (11.0). Remove the extra placements or raise the \
            group's count.",
        bad: "units: {MA: 1}, …\nsetup: [(… counter: Unit(MA), at: (24, 17)), (… counter: Unit(MA), at: (24, 16))],",
        fixed: "units: {MA: 2}, …\nsetup: [(… counter: Unit(MA), at: (24, 17)), (… counter: Unit(MA), at: (24, 16))],",
    }
    SameColors = "DEP007" {
        severity: Error,
        family: Deployment,
        rule: Some("2.3"),
        title: "both sides in one counter colour",
        explanation: "The game comes with two differently coloured sets of playing pieces (2.3), \
            one a side: two sides in the same colour could not be told apart on the map. Give \
            each side its own colour. Musket & Saber: \"The background colors indicate the army \
            to which each unit belongs\" (2.3): two armies' `colour` the same word (whatever its \
            case and spacing) is the same mistake.",
        bad: "(id: \"union\", color: Blue, …),\n(id: \"confederates\", color: Blue, …)",
        fixed: "(id: \"union\", color: Red, …),\n(id: \"confederates\", color: Blue, …)",
    }
    FirstDeployerArrives = "DEP008" {
        severity: Error,
        family: Deployment,
        rule: Some("11.0"),
        title: "the side that deploys first has no deploying group",
        explanation: "One side is always required to deploy first (11.0), so the side named in \
            `deploys_first` must set up at least one group on the map; here every one of its \
            groups arrives during play. Name the other side, or give this side a group that \
            deploys.",
        bad: "(id: \"a\", units: {MZ: 6, MA: 1}, entry: Arrive(turn: 2, at: Edge(South)))   // the Union's only group\n…\ndeploys_first: \"union\",",
        fixed: "(id: \"a\", units: {MZ: 6, MA: 1}, entry: Arrive(turn: 2, at: Edge(South)))   // the Union's only group\n…\ndeploys_first: \"confederates\",",
    }
    SetupOnRiver = "DEP009" {
        severity: Error,
        family: Deployment,
        rule: Some("11.5"),
        title: "unit set up in a hex it may not enter",
        explanation: "Setting up on a hex, or entering the map by it, is entering it. Rifle & \
            Saber: under a special rule that rivers may only be entered at bridges and fords \
            (11.5), a unit placed on a river hex breaks the rule; place it on a bridge, a ford \
            or a dry hex (terrain is read as played, after \"treat as clear\" rules). Musket & \
            Saber (7.7, 8.1, 10.0): a unit sets up, is placed or enters as a reinforcement in a \
            hex whose terrain the map's chart marks `Prohibited` for its class (its infantry, \
            cavalry or artillery column; a leader, which moves \"ignoring all but prohibited \
            terrain\", where every column says `Prohibited`); choose a hex the class may enter.",
        bad: "special_rules: [(printed: \"Rivers may only be entered at bridges and fords.\", effect: RiverOnlyAtCrossings)], …\nsetup: [(side: \"red\", group: \"a\", counter: Unit(MZ), at: (20, 11))],   // a river hex",
        fixed: "special_rules: [(printed: \"Rivers may only be entered at bridges and fords.\", effect: RiverOnlyAtCrossings)], …\nsetup: [(side: \"red\", group: \"a\", counter: Unit(MZ), at: (20, 12))],   // the bridge",
    }
    ZoneOnRiver = "DEP011" {
        severity: Warning,
        family: Deployment,
        rule: Some("11.5"),
        title: "zone with river hexes where rivers may be entered only at bridges and fords",
        explanation: "Under a special rule that rivers may only be entered at bridges and fords \
            (11.5), setting up on or entering by a river hex is entering it. A deployment or \
            arrival zone that includes river hexes is legal, since the player can avoid them, \
            but the zone likely meant to leave them out. Terrain is read as played, after \
            \"treat as clear\" rules.",
        bad: "(id: \"a\", units: {MZ: 6, MA: 1}, entry: Deploy(zone: Within(distance: 2, of: Feature(\"B13\"))))   // the river beside the bridge\n…\nspecial_rules: [(printed: \"Rivers may only be entered at bridges and fords.\", effect: RiverOnlyAtCrossings)],",
        fixed: "(id: \"a\", units: {MZ: 6, MA: 1}, entry: Deploy(zone: Difference(Within(distance: 2, of: Feature(\"B13\")), Terrain(River))))\n…\nspecial_rules: [(printed: \"Rivers may only be entered at bridges and fords.\", effect: RiverOnlyAtCrossings)],",
        split_from: "DEP009",
    }
    SideWithoutUnits = "DEP010" {
        severity: Error,
        family: Deployment,
        rule: Some("11.0"),
        title: "a side without a single unit",
        explanation: "Every scenario gives each side its forces (11.0): a side whose groups have \
            no units at all has nothing to play with, so the file is not yet a scenario. Give \
            its groups their units (each group without any is otherwise DEP004).",
        bad: "(id: \"red\", …, groups: [(id: \"a\", units: {}, entry: …)])",
        fixed: "(id: \"red\", …, groups: [(id: \"a\", units: {MZ: 6, MA: 1}, entry: …)])",
    }
    NoEntryHexes = "DEP012" {
        severity: Warning,
        family: Deployment,
        rule: Some("4.5, 7.7"),
        title: "a side without friendly entry hexes",
        explanation: "Musket & Saber: blocked reinforcements slide \"along that map edge towards \
            the next friendly entry hex\" (4.5), and retreats go \"closer to one of its side's \
            entry hexes\" (7.7), so each side needs its entry hexes. The side lists none; type \
            them from the game's map or scenario rules.",
        bad: "entry_hexes: [],",
        fixed: "entry_hexes: [\"1008\"],",
    }
    Replacements = "DEP013" {
        severity: Warning,
        family: Deployment,
        rule: Some("11.4"),
        title: "replacement steps or their re-entry hexes not stated",
        explanation: "Musket & Saber: \"The scenario rules state how many lost steps a player is \
            able to recover\", and a recovered unit enters \"at a location specified in the \
            scenario rules\" (11.4). The side says neither how many steps (write \
            `replacement_steps: Some(0)` if none), or has steps but no `reentry_hexes`.",
        bad: "entry_hexes: [\"1008\"],\nreplacement_steps: Some(2),   // no reentry_hexes",
        fixed: "replacement_steps: Some(2),\nreentry_hexes: [\"1008\"],",
    }
    LoneLeader = "DEP014" {
        severity: Warning,
        family: Deployment,
        rule: Some("10.0, 6.1"),
        title: "a lone leader set up next to an enemy combat unit",
        explanation: "Musket & Saber: the six hexes adjacent to a combat unit are its zone of \
            control (6.1), and a leader \"may not enter an EZOC unless moving with a friendly unit \
            or the hex contains a friendly unit\"; it retreats \"anytime an enemy unit moves \
            adjacent to a lone leader\", and is captured if it cannot (10.0). A leader set up with \
            no friendly combat unit in its hex, adjacent to an enemy combat unit, starts where \
            it could not have moved. Set it up with a friendly unit; if the scenario rules put \
            it there, say so in an interpretation note that explains DEP014.",
        bad: "(side: \"red\", units: [\"Gen Z\"], at: \"0203\"),   // alone, beside Blue's 1 Bde in 0202",
        fixed: "(side: \"red\", units: [\"Gen Z\"], at: \"0808\"),   // beside its own 9 Bde, far from Blue",
    }
    GameLength = "TRN001" {
        severity: Error,
        family: Turns,
        rule: Some("15.0"),
        title: "game longer than the Turn Record Track",
        explanation: "The Game-Turn marker advances along the Turn Record Track (15.0), which has \
            20 spaces: a game lasts from 1 to 20 Game-Turns.",
        bad: "game_length: 25,",
        fixed: "game_length: 20,",
    }
    ArrivalTurn = "TRN002" {
        severity: Error,
        family: Turns,
        rule: Some("15.0"),
        title: "arrival outside the game",
        explanation: "A group arrives on a Game-Turn the game never reaches (or on turn 0): \
            arrivals come on a Game-Turn from 1 to the game's length (15.0).",
        bad: "entry: Arrive(turn: 12, at: RoadEntry(\"South\"))\n…\ngame_length: 10,",
        fixed: "entry: Arrive(turn: 8, at: RoadEntry(\"South\"))\n…\ngame_length: 10,",
    }
    ArrivalNotOnEdge = "TRN003" {
        severity: Error,
        family: Turns,
        rule: Some("11.0"),
        title: "arrival not on the map edge",
        explanation: "Reinforcements enter from the map edge (11.0), but some hexes of the \
            group's arrival zone are inland. Intersect the zone with an `Edge(..)`, or arrive by \
            a road entry.",
        bad: "entry: Arrive(turn: 3, at: Within(distance: 2, of: Feature(\"V4\")))",
        fixed: "entry: Arrive(turn: 3, at: RoadEntry(\"South\"))",
        zones: Consequence,
    }
    RoadNotOnEdge = "TRN004" {
        severity: Error,
        family: Turns,
        rule: Some("11.0"),
        title: "road does not reach an edge",
        explanation: "A `RoadEntry` arrival enters where the road leaves the map, but this road \
            reaches no map edge. Extend the road to the edge in the map, or arrive by an edge.",
        bad: "(id: \"b\", units: {BA: 1}, entry: Arrive(turn: 3, at: RoadEntry(\"East\"))),   // this map's East road ends inland",
        fixed: "(id: \"b\", units: {BA: 1}, entry: Arrive(turn: 3, at: Edge(East))),",
        zones: Cause,
    }
    ArrivalNotEntryHex = "TRN005" {
        severity: Warning,
        family: Turns,
        rule: Some("4.5, 7.7"),
        title: "reinforcements entering at a hex not among their side's entry hexes",
        explanation: "Musket & Saber: a reinforcement's \"identified entry hex is the first hex of \
            movement\", and one that cannot enter there slides \"towards the next friendly entry \
            hex\" (4.5); retreats go \"closer to one of its side's entry hexes\" (7.7). Read so, \
            a side's reinforcements enter at its own friendly entry hexes, and this line's hex \
            is not one of the side's `entry_hexes` (it may be the enemy's). Add it to the side's \
            entry hexes, or correct the line; if the scenario rules bring the unit in elsewhere, \
            say so in an interpretation note that explains TRN005.",
        bad: "entry_hexes: [\"0101\"], … turn: \"1545\", at: \"0105\",",
        fixed: "entry_hexes: [\"0101\"], … turn: \"1545\", at: \"0101\",",
    }
    ExitImpossible = "VIC001" {
        severity: Error,
        family: Victory,
        rule: Some("11.0, 11.9"),
        title: "exit goal that cannot be met",
        explanation: "An `Exit` victory goal asks a side to move off more counters of a kind \
            than it has, gives a fraction that is not between 0 and 1, or asks counters to exit \
            that a special rule keeps from moving for the whole game (11.9: \"may not move\").",
        bad: "units: {MZ: 8}, …\ngoal: Exit(count: AtLeast(10), counters: [Unit(MZ)], via: Edge(West), by_turn: 10),",
        fixed: "units: {MZ: 12}, …\ngoal: Exit(count: AtLeast(10), counters: [Unit(MZ)], via: Edge(West), by_turn: 10),",
        zones: OnComputedZones,
    }
    VictoryTurn = "VIC002" {
        severity: Error,
        family: Victory,
        rule: Some("15.0"),
        title: "turn outside the game",
        explanation: "A victory condition or special rule names a Game-Turn the game never \
            reaches (or turn 0): turns run from 1 to the game's length (15.0).",
        bad: "game_length: 8, …\nwhen: EndOfTurn(10)",
        fixed: "game_length: 8, …\nwhen: EndOfTurn(8)",
    }
    VictoryLevels = "VIC003" {
        severity: Error,
        family: Victory,
        rule: Some("11.0"),
        title: "victory ladder out of order",
        explanation: "A graded outcome lists its levels by the Game-Turn by which the goal is met; \
            the turns must increase from one rung to the next.",
        bad: "by_turn: [(turn: 6, result: (winner: \"blue\", level: Decisive)), (turn: 4, result: (winner: \"blue\", level: Substantive))],",
        fixed: "by_turn: [(turn: 4, result: (winner: \"blue\", level: Decisive)), (turn: 6, result: (winner: \"blue\", level: Substantive))],",
    }
    LadderJudgedAtEnd = "VIC007" {
        severity: Warning,
        family: Victory,
        rule: Some("11.0"),
        title: "victory ladder on a goal judged only at the end of the game",
        explanation: "A graded outcome grades a goal by the Game-Turn by which it is met, but \
            this goal is judged only at the end of the game (`Hold` at `EndOfGame`, \
            `DestroyAll`, losses), so the rungs before the last Game-Turn never apply. Grade a \
            goal that can be met during play, or use `outcome: Wins`.",
        bad: "goal: Hold(target: Feature(\"V4\"), when: EndOfGame),\noutcome: Graded(by_turn: [(turn: 4, result: (winner: \"blue\", level: Decisive)), (turn: 8, result: (winner: \"blue\", level: Marginal))], …),",
        fixed: "goal: Hold(target: Feature(\"V4\"), when: AnyTurn),\noutcome: Graded(by_turn: [(turn: 4, result: (winner: \"blue\", level: Decisive)), (turn: 8, result: (winner: \"blue\", level: Marginal))], …),",
        split_from: "VIC003",
    }
    VictoryTarget = "VIC004" {
        severity: Error,
        family: Victory,
        rule: Some("11.0"),
        title: "victory target with no hexes",
        explanation: "A victory condition's target has no hexes on the map, or asks a side to \
            control the enemy's set-up position when none of the enemy's groups deploys.",
        bad: "goal: Hold(target: Beyond(toward: N, of: Edge(North)), when: EndOfGame),",
        fixed: "goal: Hold(target: Feature(\"V12\"), when: EndOfGame),",
        zones: Consequence,
    }
    HoldTooFewUnits = "VIC005" {
        severity: Error,
        family: Victory,
        rule: Some("11.0"),
        title: "fewer units than hexes to hold \"all of\" a target",
        explanation: "For a side to hold a hex, a friendly unit must be in it (11.0), so holding \
            every hex of a target takes at least as many units as the target has hexes. Hold \
            `Any` hex of it, narrow the target, or give the side more units.",
        bad: "goal: Hold(target: Feature(\"H24\"), hexes: All, when: EndOfGame),   // 11 hexes, 8 Blue units",
        fixed: "goal: Hold(target: Feature(\"H24\"), hexes: Any, when: EndOfGame),",
    }
    MetAtSetup = "VIC006" {
        severity: Warning,
        family: Victory,
        rule: Some("11.0"),
        title: "a side already stands on the target it must hold",
        explanation: "For a side to hold a hex, a friendly unit must be in it (11.0). When a side \
            deploys on every hex of the target it must hold, a goal judged at the end of any \
            Game-Turn is met at the end of Game-Turn 1 without a fight, and a ladder naming the \
            other side as the winner contradicts the condition's own side: the condition is most \
            likely meant for the other side. Give it to the side that must take the target, or \
            judge it at the end of the game (a defence).",
        bad: "(side: \"red\", goal: Hold(target: Feature(\"V4\"), when: AnyTurn), …)   // the Reds deploy on V4",
        fixed: "(side: \"blue\", goal: Hold(target: Feature(\"V4\"), when: AnyTurn), …)",
    }
    NoVictoryCondition = "VIC008" {
        severity: Note,
        family: Victory,
        rule: Some("3.4"),
        title: "a side without a victory condition",
        explanation: "Musket & Saber: \"The specific victory conditions for each player are \
            listed in the scenario rules\" (3.4). No condition is the side's (or either side's), \
            and no outcome makes it the winner: a plain win gives the other side the victory when \
            the goal is not met; a graded outcome names its winners. Type the conditions from \
            the scenario rules.",
        bad: "victory: [],",
        fixed: "victory: [\n(side: \"blue\", goal: Hold(target: Hexes([\"0807\"]), when: EndOfGame)),   // Red wins if Blue fails",
    }
    TrenchesWithoutDeployment = "MRK001" {
        severity: Error,
        family: Markers,
        rule: Some("10.2, 10.3"),
        title: "trenches or improved positions for an arriving group",
        explanation: "Trench and Improved Position markers are placed on friendly-occupied hexes \
            before the game begins (10.2, 10.3), so only a group that deploys can hold them; \
            this group arrives during play. Give the markers to a deploying group.",
        bad: "(id: \"b\", units: {CY: 2}, markers: {Trench: 2}, entry: Arrive(turn: 3, at: RoadEntry(\"South\")))",
        fixed: "(id: \"a\", units: {MZ: 6}, markers: {Trench: 2}, entry: Deploy(zone: Within(distance: 1, of: Feature(\"V12\"))))",
    }
    MarkerPlacement = "MRK002" {
        severity: Error,
        family: Markers,
        rule: Some("10.2, 10.3, 11.0"),
        title: "marker placed where it may not be",
        explanation: "A Trench or Improved Position marker is placed on a hex no unit of its side \
            occupies (10.2, 10.3), or where a special rule forbids markers during deployment.",
        bad: "(side: \"red\", group: \"a\", counter: Marker(Trench), at: (24, 17)),   // no red unit there",
        fixed: "(side: \"red\", group: \"a\", counter: Unit(MZ), at: (24, 17)),\n(side: \"red\", group: \"a\", counter: Marker(Trench), at: (24, 17)),",
    }
    MarkerCount = "MRK003" {
        severity: Warning,
        family: Markers,
        rule: Some("10.2, 10.3"),
        title: "more markers than units to hold them",
        explanation: "A group has more Trench or Improved Position markers than units. A marker \
            only counts on a friendly-occupied hex (10.2, 10.3), so the extra markers can never \
            be used.",
        bad: "(id: \"a\", units: {MZ: 2}, markers: {IP: 5}, …)",
        fixed: "(id: \"a\", units: {MZ: 5}, markers: {IP: 5}, …)",
    }
    LimbersWithoutGuns = "MRK004" {
        severity: Warning,
        family: Markers,
        rule: Some("4J"),
        title: "limbers without guns",
        explanation: "A Limber marker sits on an artillery or machine-gun unit (4J); the side has \
            more limbers than such units. For limbers that are counters of their own (11.17), \
            add a `LimberCounters` special rule.",
        bad: "units: {MZ: 6}, markers: {Limber: 2},",
        fixed: "units: {MZ: 6, MA: 2}, markers: {Limber: 2},",
    }
    MarkersBeyondZone = "MRK005" {
        severity: Warning,
        family: Markers,
        rule: Some("10.2, 10.3"),
        title: "more trenches or improved positions than the zone has hexes",
        explanation: "Trench and Improved Position markers go one to a friendly-occupied hex \
            (10.2, 10.3); a group with more of them than its deployment zone has hexes cannot \
            place them all.",
        bad: "(id: \"a\", units: {MZ: 10, MA: 1}, markers: {Trench: 9}, entry: Deploy(zone: Feature(\"H26\")))   // H26 has 8 hexes",
        fixed: "(id: \"a\", units: {MZ: 10, MA: 1}, markers: {Trench: 8}, entry: Deploy(zone: Feature(\"H26\")))",
        zones: OnComputedZones,
    }
    LimberRoadHexes = "MRK006" {
        severity: Error,
        family: Markers,
        rule: Some("11.17"),
        title: "road-bound limbers without road hexes in their zone",
        explanation: "Limber counters that must be placed on road hexes (11.17: \"Limbers must be \
            placed on road hexes\") need road hexes in their group's deployment zone; this zone has none, so the \
            limbers cannot be placed at all. Put a road in the zone.",
        bad: "(id: \"a\", units: {MZ: 4, MA: 4}, markers: {Limber: 4}, entry: Deploy(zone: Feature(\"H26\")))   // no road on H26\n…\nspecial_rules: [(printed: \"Limbers must be placed on road hexes.\", effect: LimberCounters(side: \"red\", …, road_only: true, …))],",
        fixed: "(id: \"a\", units: {MZ: 4, MA: 4}, markers: {Limber: 4}, entry: Deploy(zone: RoadStretch(road: \"East\", from: Feature(\"V6\"), to: Edge(East))))\n…\nspecial_rules: [(printed: \"Limbers must be placed on road hexes.\", effect: LimberCounters(side: \"red\", …, road_only: true, …))],",
        zones: OnComputedZones,
    }
    FewLimberRoadHexes = "MRK007" {
        severity: Warning,
        family: Markers,
        rule: Some("11.17"),
        title: "fewer road hexes than road-bound limbers",
        explanation: "Limber counters that must be placed on road hexes (11.17: \"Limbers must be \
            placed on road hexes\") have fewer road hexes in their group's zone than there are \
            limbers. Limbers stack, so it is legal, but the scenario likely meant a longer \
            stretch of road.",
        bad: "(id: \"a\", units: {MZ: 4, MA: 4}, markers: {Limber: 4}, entry: Deploy(zone: Feature(\"V6\")))   // two road hexes\n…\nspecial_rules: [(printed: \"Limbers must be placed on road hexes.\", effect: LimberCounters(side: \"red\", …, road_only: true, …))],",
        fixed: "(id: \"a\", units: {MZ: 4, MA: 4}, markers: {Limber: 4}, entry: Deploy(zone: RoadStretch(road: \"East\", from: Feature(\"V6\"), to: Edge(East))))\n…\nspecial_rules: [(printed: \"Limbers must be placed on road hexes.\", effect: LimberCounters(side: \"red\", …, road_only: true, …))],",
        zones: OnComputedZones,
        split_from: "MRK006",
    }
    SpecialRuleTarget = "SPR001" {
        severity: Warning,
        family: SpecialRules,
        rule: Some("11.0"),
        title: "special rule that changes nothing",
        explanation: "A special rule names unit types the side does not have, or limber counters \
            of a side with no Limber markers, so it has no effect; usually the side or the types \
            are wrong.",
        bad: "effect: Range(side: \"boers\", kinds: [BA], range: 12),   // the Boers have no BA",
        fixed: "effect: Range(side: \"british\", kinds: [BA], range: 12),",
        zones: Consequence,
    }
    OwnDisruptionArea = "SPR002" {
        severity: Warning,
        family: SpecialRules,
        rule: Some("11.13"),
        title: "a side deploys in, or must take, its own proximity-disruption area",
        explanation: "A proximity-disruption rule (11.13: \"Russians may not approach within 3 \
            hexes of H24 or H28\") disrupts the side's units at once inside the area, so the \
            side should neither deploy there nor have its victory target there. It may be \
            intended: then explain the reading in `interpretations`.",
        bad: "entry: Deploy(zone: Within(distance: 2, of: Feature(\"H24\")))\n…\neffect: ProximityDisruption(side: \"russians\", distance: 3, of: Feature(\"H24\"))",
        fixed: "entry: Deploy(zone: AtLeast(distance: 4, from: Feature(\"H24\")))\n…\neffect: ProximityDisruption(side: \"russians\", distance: 3, of: Feature(\"H24\"))",
    }
    MarkersForbiddenEverywhere = "SPR003" {
        severity: Error,
        family: SpecialRules,
        rule: Some("11.8"),
        title: "markers \"as desired\" forbidden on every hex the side may deploy in",
        explanation: "A rule lets a side place markers as desired (11.8) while another forbids \
            the same markers on every hex the side may deploy in, so none can be placed at all. \
            Narrow the `NoMarkersIn` zone to the hexes the rules name, or drop one of the rules.",
        bad: "effect: MarkersAsDesired(side: \"danes\", marker: Trench)\n…\neffect: NoMarkersIn(side: \"danes\", marker: Trench, zone: Everywhere)",
        fixed: "effect: MarkersAsDesired(side: \"danes\", marker: Trench)\n…\neffect: NoMarkersIn(side: \"danes\", marker: Trench, zone: Feature(\"V4\"))",
        zones: OnComputedZones,
    }
    CounterValues = "ROS001" {
        severity: Error,
        family: Counters,
        rule: Some("2.3, 2.4, 10.0"),
        title: "a counter without the values of its class",
        explanation: "Musket & Saber: a combat unit shows a Combat Factor, a Morale Rating and a \
            Movement Allowance (2.3); \"Artillery units include a Range\", \"Cavalry units \
            include a Charge Factor\" (2.4); a leader's movement, combat and morale factors are \
            added to units (10.0). A face lacks a value of its class, or has one its class does \
            not print. Type the counter's values from your copy.",
        bad: "id: \"1 Art\", … class: Artillery, … ma: Some(3),   // no range",
        fixed: "id: \"1 Art\", … class: Artillery, … ma: Some(3), range: Some(3),",
    }
    CounterSteps = "ROS002" {
        severity: Error,
        family: Counters,
        rule: Some("2.4, 8.1, 9.1"),
        title: "a counter with the wrong number of steps for its class",
        explanation: "Musket & Saber: \"Brigade and regimental-sized units are two-step units\"; \
            battalions, leaders, artillery and cavalry \"are single step units\" (2.4); artillery \
            and cavalry \"always [have] only one step\" (8.1(2), 9.1(1)). A counter whose back \
            is a reduced side with a colour band is a brigade or regiment; one whose back is its \
            ineffective side has one step.",
        bad: "id: \"1 Cav\", … class: Cavalry, steps: 2,",
        fixed: "id: \"1 Cav\", … class: Cavalry, steps: 1,",
    }
    IneffectiveMorale = "ROS003" {
        severity: Warning,
        family: Counters,
        rule: Some("11.2"),
        title: "an ineffective side with a higher morale than its front",
        explanation: "Musket & Saber: an ineffective unit's \"Morale is reduced as per the \
            counter\" (11.2(2)), so the back of a one-step unit prints a Morale Rating no higher \
            than its front, and a leader's ineffective side (leaders \"may become ineffective\", \
            11.0) a morale factor no higher than its front's. A higher one is usually a typing \
            slip; if your counter prints it, say so in an interpretation note that explains \
            ROS003.",
        bad: "front: (cf: Some(One(2)), mr: Some(5), ma: Some(5)),\nback: (cf: Some(One(0)), mr: Some(6)),",
        fixed: "front: (cf: Some(One(2)), mr: Some(5), ma: Some(5)),\nback: (cf: Some(One(0)), mr: Some(2)),",
    }
    LeaderFormation = "ROS004" {
        severity: Warning,
        family: Counters,
        rule: Some("10.0"),
        title: "a leader of a formation its army does not have",
        explanation: "Musket & Saber: a leader's factors apply to a unit \"if the unit belongs to \
            the same formation. A formation of `A` indicates all formations in that army\" \
            (10.0). The leader's formation is neither `A` nor the formation of any combat unit of \
            its side, so it can help no unit.",
        bad: "id: \"Gen Z\", formation: \"8 Div\", class: Leader,   // no unit of 8 Div",
        fixed: "id: \"Gen Z\", formation: \"9 Div\", class: Leader,",
    }
    EntersTwice = "ROS005" {
        severity: Error,
        family: Counters,
        rule: Some("3.2"),
        title: "a counter set up or arriving more than once",
        explanation: "Musket & Saber: the scenario rules \"specify which units start on the map \
            and which enter as reinforcements\" (3.2): a counter does one or the other, once. It \
            is named by two set-up or reinforcement lines (by ID or by formation), or placed \
            twice.",
        bad: "setup: [ … units: [\"1 Bde\", \"2 Bde\", \"3 Bde\", \"1 Bn\", … reinforcements: [ … units: [\"1 Cav\", \"1 Bn\"],",
        fixed: "setup: [ … units: [\"1 Bde\", \"2 Bde\", \"3 Bde\", \"1 Bn\", … reinforcements: [ … units: [\"1 Cav\"],",
    }
    NeverEnters = "ROS006" {
        severity: Warning,
        family: Counters,
        rule: Some("3.2"),
        title: "a counter that neither sets up nor arrives",
        explanation: "Musket & Saber: the scenario rules \"specify which units start on the map \
            and which enter as reinforcements\" (3.2). This counter of the roster is named by no \
            set-up or reinforcement line, so it never enters play. Add it to a line, or remove \
            it from the roster.",
        bad: "id: \"9 Bde\", … setup: [ … units: [\"Gen Z\"],",
        fixed: "id: \"9 Bde\", … setup: [ … units: [\"9 Bde\", \"Gen Z\"],",
    }
    UnknownUnit = "ROS007" {
        severity: Error,
        family: Counters,
        rule: Some("3.2"),
        title: "a unit or formation the side does not have",
        explanation: "Musket & Saber: set-up and reinforcement lines identify units \"by ID and/or \
            Formation\" (3.2). The line (or a placement) names an ID or formation no counter of \
            its side has, or names no unit at all; the hint gives the nearest names.",
        bad: "units: [\"4 Bde\", \"1 Art\", \"5 Bde\"],   // Blue has no 5 Bde",
        fixed: "units: [\"4 Bde\", \"1 Art\"],",
    }
    CounterSheet = "ROS008" {
        severity: Note,
        family: Counters,
        rule: Some("2.1"),
        title: "more counters than a game's sheet holds",
        explanation: "Musket & Saber: each game has \"a die-cut sheet of 40 playing pieces\" \
            (2.1). The scenario's rosters hold more than 40 counters: legal, but unlike a game of \
            the series; check that no counter was typed twice.",
        bad: "41 counters in the two rosters",
        fixed: "40 counters in the two rosters",
    }
    ReducedStronger = "ROS009" {
        severity: Error,
        family: Counters,
        rule: Some("2.4"),
        title: "a reduced side stronger than its full side",
        explanation: "Musket & Saber: brigade and regimental-sized units are two-step units, \
            \"On their reduced-strength side, they have a color band\", and \"flip to their \
            single step side if they suffer a loss\" (2.4). The counter's reduced side has a \
            Combat Factor above its full side's (in attack or defense, and below in neither), \
            so the loss would make it stronger: check the values typed, or the faces swapped.",
        bad: "id: \"1 Bde\", … front: (cf: Some(One(4)), mr: Some(4), ma: Some(4)),\nback: (cf: Some(One(5)), mr: Some(3)),",
        fixed: "id: \"1 Bde\", … front: (cf: Some(One(4)), mr: Some(4), ma: Some(4)),\nback: (cf: Some(One(2)), mr: Some(3)),",
    }
    EmptyText = "TXT001" {
        severity: Warning,
        family: Texts,
        rule: None,
        title: "a text left empty",
        explanation: "The scenario's date, each victory condition's printed wording and the \
            historical note are printed on the scenario card; a skeleton (`saberc new`) leaves \
            them empty for the designer to fill in, and `saberc check` names each one still \
            empty. Write the text.",
        bad: "date: \"\",",
        fixed: "date: \"7 July 1857\",",
    }
    StartingPoint = "TXT002" {
        severity: Warning,
        family: Texts,
        rule: Some("11.0"),
        title: "a starting point still to be set by the designer",
        explanation: "A scenario factored from a battle (`saberc factor --format ron`, or the \
            editor's wizard, 11.18) gets starting points for what the rules leave to the \
            scenario (11.0): deployment zones around V4 and H26, who deploys and moves first, and \
            a victory condition, each marked \"to be set by the designer\". While a victory \
            condition's wording or an interpretation note still says so, the scenario is not \
            done: set those values, then rewrite the wording or note without the mark.",
        bad: "printed: \"The Blues must hold V4 at the end of the game (to be set by the designer).\",",
        fixed: "printed: \"The Blues must hold V4 at the end of the game.\",",
    }
    TargetOutOfReach = "PLY001" {
        severity: Error,
        family: Playability,
        rule: Some("4.0, 9.2"),
        title: "no path reaches a place a victory condition names",
        explanation: "No unit of the side that must reach this place (a hex to hold, an exit, \
            the enemy's set-up) can get there by any path from where it deploys or arrives, \
            whatever its Movement Allowance: the hexes the scenario forbids it (river hexes \
            where rivers may be entered only at bridges and fords, 11.5; non-road hexes for \
            limbers, 11.17), the crossings a `RiverCrossing` rule does not allow, or the map's \
            edges cut it off. Enemy units are left out and every unclear text is read in the \
            side's favour, so the goal is impossible in every game. `saberc analyze` shows the \
            least costs (it analyses a file whose only errors are these findings); allow a \
            crossing, move the zone or the target.",
        bad: "(printed: \"The Southerners cross at R5.\", effect: RiverCrossing(side: \"south\", at: Feature(\"R5\"))),   // R5's hexes are river, which they may not enter",
        fixed: "(printed: \"The Southerners cross at B4.\", effect: RiverCrossing(side: \"south\", at: Feature(\"B4\"))),",
        zones: OnComputedZones,
    }
    TargetTooFar = "PLY002" {
        severity: Error,
        family: Playability,
        rule: Some("4C, 4H"),
        title: "a goal no unit can reach by its Game-Turn",
        explanation: "Every unit of the side that counts for this goal has a known Movement \
            Allowance (a special rule, the scenario's `counter_values`), and even the fastest, \
            moving its full allowance every Movement Phase from the best hex of its zone (or from \
            its entry on its arrival turn) along the cheapest path, with no enemy in the way and \
            mounted units charging at twelve (4K), stands on the place only after the goal's \
            Game-Turn: unused points are lost at the end of each phase (4C) and a hex is entered \
            only with enough points left for it (4H). Give the goal more turns, or the side a \
            nearer zone.",
        bad: "goal: Hold(target: Feature(\"V1\"), when: EndOfTurn(2)),\n…\ncounter_values: {EB: (movement: Some((value: 1, source: \"a test counter sheet\")))},",
        fixed: "goal: Hold(target: Feature(\"V1\"), when: EndOfTurn(8)),\n…\ncounter_values: {EB: (movement: Some((value: 1, source: \"a test counter sheet\")))},",
        zones: OnComputedZones,
    }
    TargetNeedsAllowance = "PLY003" {
        severity: Note,
        family: Playability,
        rule: Some("4C, 4K"),
        title: "a goal that needs a Movement Allowance over twelve",
        explanation: "The Movement Allowance of the side's units is not known (the rules print \
            none; give `counter_values`), but the cheapest path to this place costs more \
            Movement Points than twelve a phase over the Movement Phases before the goal's \
            Game-Turn, and twelve is the most the rules let a unit spend in a phase (the \
            Cavalry Charge, 4K). Unless your counters print larger allowances, the goal cannot \
            be met. `saberc analyze` gives the least cost and path.",
        bad: "goal: Hold(target: Corner(SouthEast), hexes: Any, when: EndOfTurn(1)),   // 29 MP away",
        fixed: "goal: Hold(target: Corner(SouthEast), hexes: Any, when: EndOfTurn(8)),",
        zones: OnComputedZones,
    }
    ZoneEnclosed = "PLY004" {
        severity: Warning,
        family: Playability,
        rule: Some("4.0, 11.0"),
        title: "a group can never leave its deployment zone",
        explanation: "Every hex next to this group's deployment zone is one its units may not \
            enter (river hexes where rivers may be entered only at bridges and fords, 11.5; \
            crossings a `RiverCrossing` rule does not allow) or off the map, and its side must \
            reach a place outside the zone: the group can never take part. Widen the zone or \
            allow a crossing.",
        bad: "(id: \"a\", units: {EB: 6, CY: 2}, entry: Deploy(zone: RiverSide(South))),\n…\n(printed: \"The Southerners cross at R5.\", effect: RiverCrossing(side: \"south\", at: Feature(\"R5\"))),",
        fixed: "(id: \"a\", units: {EB: 6, CY: 2}, entry: Deploy(zone: RiverSide(South))),\n…\n(printed: \"The Southerners cross at B4 or R5.\", effect: RiverCrossing(side: \"south\", at: Union([Feature(\"B4\"), Feature(\"R5\")]))),",
        zones: OnComputedZones,
    }
    TargetOutOfReachStrictly = "PLY005" {
        severity: Note,
        family: Playability,
        rule: Some("4.0, 9.2"),
        title: "no path reaches a place under a strict reading of the rules",
        explanation: "Under the lenient readings of the rules where their text reads two ways \
            (the README's \"Playability readings\"), a unit of the side can reach this place; \
            under a strict one (named in the message) none can: most often a `RiverCrossing` \
            rule read as forbidding every other river hex rather than every other crossing. \
            The goal is not impossible, so this is a note: if you read the rule strictly, move \
            the zone or the target or allow a crossing; otherwise record your reading.",
        bad: "(printed: \"The Southerners may cross only at B4.\", effect: RiverCrossing(side: \"south\", at: Feature(\"B4\"))),   // the goal is in R5, on the river",
        fixed: "(printed: \"The Southerners may cross at B4 or anywhere on R5.\", effect: RiverCrossing(side: \"south\", at: Union([Feature(\"B4\"), Feature(\"R5\")]))),",
        zones: OnComputedZones,
        split_from: "PLY001",
    }
    TargetTooFarStrictly = "PLY006" {
        severity: Note,
        family: Playability,
        rule: Some("4C, 4H, 4M, 9.2"),
        title: "a goal no unit reaches by its Game-Turn under a strict reading of the rules",
        explanation: "Under the lenient readings of the rules where their text reads two ways \
            (the README's \"Playability readings\"), the fastest unit of the side reaches this \
            place by the goal's Game-Turn; under a strict one (named in the message) it does \
            not: a ridge hexside crossed along a road adding 1 MP (9.2) to the Road Movement \
            Rate (4M), or a road's edge hex entered from off the map at its other terrain. The \
            goal is not impossible, so this is a note: if you read the rule strictly, give the \
            goal a Game-Turn more; otherwise record your reading.",
        bad: "goal: Hold(target: Feature(\"B4\"), when: EndOfTurn(1)),   // arriving by the South road at 1 MP a phase",
        fixed: "goal: Hold(target: Feature(\"B4\"), when: EndOfTurn(2)),",
        zones: OnComputedZones,
        split_from: "PLY002",
    }
    BattleInvalid = "FAC001" {
        severity: Error,
        family: Battles,
        rule: Some("11.18"),
        title: "battle cannot be factored",
        explanation: "A battle file for `saberc factor` cannot be turned into an order of battle \
            (11.18): it needs a name, two sides with at least one man or gun each, and a scale \
            that leaves each side at least one unit.",
        bad: "sides: [(name: \"Union\", men: {MZ: 3500}), (name: \"Confederates\", men: {})],",
        fixed: "sides: [(name: \"Union\", men: {MZ: 3500}), (name: \"Confederates\", men: {MZ: 500})],",
    }
    Factoring = "FAC002" {
        severity: Note,
        family: Battles,
        rule: Some("11.18, 1.1, 15.0"),
        title: "factoring note",
        explanation: "What factoring a battle did that a designer should know (11.18): an arm \
            rounded to none and kept as one unit, the proportions among arms or the ratio \
            between the sides shifted by rounding, a battle longer than the Turn Record Track, \
            no duration given. A note, not an error: review it and adjust the result if needed.",
        bad: "duration_minutes: None,",
        fixed: "duration_minutes: Some(90),",
    }
    TiledGrid = "TIL001" {
        severity: Error,
        family: Maps,
        rule: None,
        title: "Tiled map that is not a hexagonal map of a fixed size",
        explanation: "`saberc import` reads hexagonal Tiled maps only: orthogonal, isometric and \
            staggered maps, infinite (chunked) maps, a missing or unknown stagger axis or index, \
            tile sizes that cannot be hexes, or a map without a tile layer of terrain cannot be \
            turned into a Rifle & Saber map; nor can a Tiled map whose `game` property names \
            another game (`saberc export --format tiled` of a Musket & Saber map writes one: \
            its terrain kinds, chart and track are in its map file).",
        bad: "<map … orientation=\"isometric\" …>",
        fixed: "<map … orientation=\"hexagonal\" … staggeraxis=\"x\" staggerindex=\"odd\" …>",
    }
    TiledTerrain = "TIL002" {
        severity: Error,
        family: Maps,
        rule: Some("9.2"),
        title: "Tiled tile without a known terrain",
        explanation: "Every hex of the imported map takes its terrain from its tile's `terrain` \
            property (clear, village, woods, forest, river, ford or bridge; `slope` for slopes, \
            9.2). A tile without one, or with another value, is read as clear and reported once \
            per tile with its first cell.",
        bad: r#"<property name="terrain" value="swamp"/>"#,
        fixed: r#"<property name="terrain" value="woods"/>"#,
    }
    TiledEmptyCell = "TIL006" {
        severity: Warning,
        family: Maps,
        rule: Some("9.2"),
        title: "Tiled terrain layer with empty cells",
        explanation: "Some cells of the terrain layer have no tile: they are read as clear and \
            reported once, with the first such cell and how many more there are. Paint every \
            hex of the terrain layer.",
        bad: "<data encoding=\"csv\">1,0,1,1,3,2</data>",
        fixed: "<data encoding=\"csv\">1,1,1,1,3,2</data>",
        split_from: "TIL002",
    }
    TiledObject = "TIL003" {
        severity: Error,
        family: Maps,
        rule: Some("11.0"),
        title: "Tiled object that is not a feature, road, ridge or label",
        explanation: "Objects are read by class (village, hill, woods, river, junction, ford, \
            bridge, road, ridge, label) or by their layer's name: a feature is named by its code \
            (11.0), a road is a polyline from hex centre to hex centre, a ridge a polyline along \
            hexsides. What does not fit is an error on the object's id.",
        bad: "<object id=\"4\" name=\"Village\" type=\"village\" …>",
        fixed: "<object id=\"4\" name=\"V4\" type=\"village\" …>",
    }
    TiledObjectLeftOut = "TIL005" {
        severity: Warning,
        family: Maps,
        rule: Some("11.0"),
        title: "Tiled object left out or of a class its code contradicts",
        explanation: "An object of another class in a layer of another name (an engine's spawn \
            point), or a label without text or place, is left out of the imported map; a \
            feature whose class contradicts the letter of its code (11.0) is read by its code. \
            Fix the class, or leave the object out of the map's layers.",
        bad: "<object id=\"4\" name=\"V4\" type=\"hill\" …>",
        fixed: "<object id=\"4\" name=\"V4\" type=\"village\" …>",
        split_from: "TIL003",
    }
    TiledData = "TIL004" {
        severity: Error,
        family: Maps,
        rule: None,
        title: "Tiled layer data that cannot be read",
        explanation: "The terrain layer's data must be CSV or base64 (uncompressed, zlib or \
            gzip) with exactly one tile per hex of the map; other encodings, data that does not \
            decode, or a layer of another size cannot be read. Decoding stops at the size the \
            map needs.",
        bad: r#"<data encoding="base64" compression="zstd">"#,
        fixed: r#"<data encoding="base64" compression="zlib">"#,
    }
}

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
