//! The registry's rows of one family of codes. Reading files and their syntax, format and schema:
//! IO, LIM, SYN, FMT, SCH. One registry: these rows are handed to `registry!` in `codes.rs` in
//! their place in the order of codes, with every other family's.

/// Hands this family's rows, after the rows collected so far, to the next family (or the
/// registry).
macro_rules! reading_codes {
    ($cb:ident { $($rows:tt)* } $($rest:ident)*) => {
        $cb! { @collect { $($rows)*
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
                    in a group, 2,000 units on a side, a distance of 2,000 hexes; the book's \
                    docs/saberc/limits.md lists them all), which keep the cost of checking bounded.",
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
        } $($rest)* }
    };
}
