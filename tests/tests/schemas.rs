//! The committed JSON Schemas under `schema/` are exactly what the model generates, and
//! `saberc schema -o DIR` reproduces them byte for byte.

use saber_schema::pipeline::schema::{SCHEMA_FILES, schema_text};
use saber_tests::{repo, saberc};

#[test]
fn committed_schemas_are_up_to_date() {
    for (name, make) in SCHEMA_FILES {
        let committed = std::fs::read_to_string(repo("schema").join(name)).unwrap_or_default();
        assert!(
            committed == schema_text(&make()),
            "schema/{name} is stale: run `cargo run -p saberc -- schema -o schema`"
        );
    }
}

#[test]
fn saberc_schema_reproduces_the_committed_files() {
    let dir = tempfile::tempdir().unwrap();
    let out = saberc(
        env!("CARGO_BIN_EXE_saberc"),
        &["schema", "-o", dir.path().to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(0));
    for (name, _) in SCHEMA_FILES {
        let a = std::fs::read(dir.path().join(name)).unwrap();
        let b = std::fs::read(repo("schema").join(name)).unwrap();
        assert!(a == b, "{name} differs");
    }
}
