//! `saberc`, the Rifle & Saber scenario compiler.

fn main() {
    saberc::main()
}
