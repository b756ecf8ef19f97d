//! The published scenario schema and saberc's schema stage tell the same truth: over generated
//! JSON scenarios (a valid file with mutations of the kinds designers get wrong), a document is
//! valid against the committed `schema/scenario.schema.json` (checked with the jsonschema crate)
//! exactly when saberc's parse and schema stages accept it.
//!
//! One difference is deliberate and left out of the generator: JSON Schema counts `20.0` as an
//! integer (it is the same number), and no standard keyword can tell it from `20`; saberc rejects
//! it (SYN003, "expected a whole number") because a count or a turn written with a decimal point
//! is a mistake. `tests/fixtures/bad/json-integer-as-float.json` pins saberc's side.

use proptest::prelude::*;
use saber_schema::model::scenario::Scenario;
use saber_schema::pipeline::parse::{DocKind, parse_document};
use saber_schema::pipeline::read::Source;
use saber_schema::pipeline::schema::validate;
use saber_tests::repo;
use serde_json::{Value, json};

fn base() -> Value {
    let text = std::fs::read_to_string(repo("tests/fixtures/good/skirmish-hex-labels.json"))
        .expect("the JSON fixture exists");
    serde_json::from_str(&text).expect("valid JSON")
}

fn published() -> &'static jsonschema::Validator {
    static VALIDATOR: std::sync::LazyLock<jsonschema::Validator> = std::sync::LazyLock::new(|| {
        let text = std::fs::read_to_string(repo("schema/scenario.schema.json")).unwrap();
        jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).unwrap()
    });
    &VALIDATOR
}

/// Does saberc's schema stage accept the document: it parses into the model, and what was
/// written satisfies the schema saberc validates with?
fn saberc_accepts(doc: &Value) -> bool {
    let src = Source::from_text("generated.json", serde_json::to_string_pretty(doc).unwrap());
    match parse_document::<Scenario>(&src) {
        Ok((_, written)) => validate(DocKind::Scenario, &written).is_empty(),
        Err(_) => false,
    }
}

/// One change of the kind designers make, valid or not.
#[derive(Debug, Clone)]
enum Mutation {
    GameLength(u64),
    UnitCount(u64),
    UnitKey(&'static str),
    Color(&'static str),
    Feature(&'static str),
    ArriveTurn(u64),
    Hex(Value),
    Distance(u64),
    UnknownField(usize),
    EnemyDeploymentAsObject,
    Schema(Value),
    Facing(Value),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (0u64..30).prop_map(Mutation::GameLength),
        (0u64..1100).prop_map(Mutation::UnitCount),
        prop::sample::select(vec!["MZ", "Mz", "MzA", "Cavalry", "CY", "MAh", "mz", "XX"])
            .prop_map(Mutation::UnitKey),
        prop::sample::select(vec!["Red", "Blue", "red", "Green", ""]).prop_map(Mutation::Color),
        prop::sample::select(vec!["V1", "V 1", "v1", "V0", "H2", "B4", "V12345", "Q3"])
            .prop_map(Mutation::Feature),
        (0u64..25).prop_map(Mutation::ArriveTurn),
        prop_oneof![
            (0i64..15, 0i64..15).prop_map(|(c, r)| json!([c, r])),
            prop::sample::select(vec![
                "0709", "709", " 0709", "07.09", "7.9", "0709a", "12345.1", "+7.9", "0000"
            ])
            .prop_map(|s| json!(s)),
            Just(json!([7])),
            Just(json!([7, 9, 1])),
        ]
        .prop_map(Mutation::Hex),
        (0u64..2500).prop_map(Mutation::Distance),
        (0usize..6).prop_map(Mutation::UnknownField),
        Just(Mutation::EnemyDeploymentAsObject),
        prop_oneof![
            Just(json!("../../../schema/scenario.schema.json")),
            Just(json!(3)),
            Just(Value::Null),
        ]
        .prop_map(Mutation::Schema),
        prop_oneof![Just(json!("S")), Just(json!("South")), Just(Value::Null)]
            .prop_map(Mutation::Facing),
    ]
}

fn apply(doc: &mut Value, m: &Mutation) {
    let north = &mut doc["sides"][0]["groups"][0];
    match m {
        Mutation::GameLength(n) => doc["game_length"] = json!(n),
        Mutation::UnitCount(n) => north["units"]["MZ"] = json!(n),
        Mutation::UnitKey(k) => {
            north["units"] = json!({ *k: 3 });
        }
        Mutation::Color(c) => doc["sides"][0]["color"] = json!(c),
        Mutation::Feature(f) => {
            doc["victory"][0]["goal"]["Hold"]["target"] = json!({ "Feature": f });
        }
        Mutation::ArriveTurn(t) => {
            doc["sides"][1]["groups"][1]["entry"] =
                json!({"Arrive": {"turn": t, "at": {"RoadEntry": "South"}}});
        }
        Mutation::Hex(h) => {
            doc["sides"][1]["groups"][1]["entry"] = json!({"Deploy": {"zone": {"Hexes": [h]}}});
        }
        Mutation::Distance(d) => {
            north["entry"]["Deploy"]["zone"]["Within"]["distance"] = json!(d);
        }
        Mutation::UnknownField(at) => {
            let target = match at {
                0 => &mut doc["sides"][0],
                1 => &mut north["entry"]["Deploy"],
                2 => &mut north["entry"]["Deploy"]["zone"]["Within"],
                3 => &mut doc["victory"][0]["goal"]["Hold"],
                4 => &mut doc["victory"][0],
                _ => &mut *doc,
            };
            target["inclusiv"] = json!(true);
        }
        Mutation::EnemyDeploymentAsObject => {
            doc["sides"][1]["groups"][0]["entry"]["Deploy"]["zone"] =
                json!({"EnemyDeployment": null});
        }
        Mutation::Schema(v) => doc["$schema"] = v.clone(),
        Mutation::Facing(v) => north["entry"]["Deploy"]["facing"] = v.clone(),
    }
}

#[test]
fn the_unchanged_file_is_valid_for_both() {
    let doc = base();
    assert!(saberc_accepts(&doc));
    assert!(published().is_valid(&doc));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn saberc_and_the_published_schema_agree(mutations in prop::collection::vec(mutation(), 1..4)) {
        let mut doc = base();
        for m in &mutations {
            apply(&mut doc, m);
        }
        let schema = published().is_valid(&doc);
        let saberc = saberc_accepts(&doc);
        prop_assert_eq!(schema, saberc, "{:?}\n{}", mutations, serde_json::to_string(&doc).unwrap());
    }
}
