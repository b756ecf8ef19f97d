//! `saberc`, the Rifle & Saber scenario compiler.

/// mimalloc rather than the system allocator: a batch check allocates many small values on
/// several threads, where glibc's allocator spent a fifth of the CPU time (tests/bench/batch.sh).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    saberc::main()
}
