//! The same `saberc` as the `saberc` crate's, built inside this package so that the end-to-end
//! tests can run it (Cargo only exposes a package's own binaries to its tests).

fn main() {
    saberc::main()
}
