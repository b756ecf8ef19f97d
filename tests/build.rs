//! Whether the two outside JSON Schema validators run here (`tests/tests/schema_validators.rs`):
//! without one, its test is `#[ignore]`d with the reason, except in CI (`CI` set), where
//! `.ci/run` installs both and a missing one fails the test.

use std::process::Command;

fn runs(program: &str, args: &[&str]) -> bool {
    Command::new(program)
        .args(args)
        .output()
        .is_ok_and(|o| o.status.success())
}

fn main() {
    println!("cargo::rerun-if-env-changed=CI");
    println!("cargo::rerun-if-env-changed=PATH");
    println!("cargo::rustc-check-cfg=cfg(missing_python_jsonschema)");
    println!("cargo::rustc-check-cfg=cfg(missing_ajv)");
    if std::env::var_os("CI").is_some() {
        return;
    }
    if !runs("python3", &["-c", "import jsonschema"]) {
        println!("cargo::rustc-cfg=missing_python_jsonschema");
    }
    if !runs("ajv", &["help"]) {
        println!("cargo::rustc-cfg=missing_ajv");
    }
}
