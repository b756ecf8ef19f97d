//! Golden CLI cases (trycmd): each `cmd/*.toml` gives the arguments and expected exit code, and
//! its `.stdout` file the expected output. Run with `TRYCMD=overwrite` to update them.

#[test]
fn cli_cases() {
    trycmd::TestCases::new()
        .register_bin("saberc", trycmd::cargo::cargo_bin!("saberc"))
        .case("tests/cmd/*.toml");
}
