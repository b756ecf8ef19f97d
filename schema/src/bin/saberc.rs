//! `saberc`, the Rifle & Saber scenario compiler.

fn main() {
    saber_schema::cli::main()
}
