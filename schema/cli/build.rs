//! Links `saberc` as a position-dependent executable on Linux: a position-independent one has
//! 32,600 relocations for the dynamic loader to apply at every start, a tenth of a one-file
//! check (BENCHMARKS.md, issue 39). The code is the same; only the program's own addresses are
//! fixed (shared libraries are still placed at random).
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
