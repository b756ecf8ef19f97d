#!/usr/bin/env bash
# Where `saberc check` of the ratio benchmark's corpus spends its CPU, by stage (issue 39; not
# part of `cargo test` or CI): linux-perf samples the user-space CPU of RUNS runs on one thread
# (`RAYON_NUM_THREADS=1`; the kernel's samples are left out: in a virtual machine its timer
# charges them to whatever system call was running), and tests/bench/stages.py charges each
# sample to the innermost pipeline stage on its call stack and prints ms a run.
#
#   tests/bench/profile.sh [N] [RUNS] [SEED]      (defaults: 2040 5 39)
#
# SABERC=PATH profiles that binary instead of building this checkout's; SABERC2=PATH also
# profiles a second one, for a before/after table in one sitting. Build with line tables for
# named frames: CARGO_PROFILE_RELEASE_DEBUG=line-tables-only.
set -euo pipefail

n=${1:-2040}
runs=${2:-5}
seed=${3:-39}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
target=${CARGO_TARGET_DIR:-$root/target}
command -v perf >/dev/null || { echo "profile.sh needs linux-perf (perf)" >&2; exit 2; }

if [ -n "${SABERC:-}" ]; then
    saberc=$SABERC
else
    CARGO_PROFILE_RELEASE_DEBUG=line-tables-only cargo build -q --release -p saberc --bin saberc
    saberc=$target/release/saberc
fi
cargo build -q -p saber-tests --example gen_batch
"$target/debug/examples/gen_batch" "$n" "$work/files" "$seed" 2>/dev/null

hz=4000
profile() {
    local bin=$1
    for i in $(seq "$runs"); do
        RAYON_NUM_THREADS=1 perf record -q -e cpu-clock:u -F "$hz" --call-graph dwarf,32768 \
            -o "$work/p$i.data" -- "$bin" check --format json "$work/files/json" >/dev/null 2>&1 || true
    done
    for i in $(seq "$runs"); do perf script -i "$work/p$i.data" 2>/dev/null; echo; done |
        python3 tests/bench/stages.py "$(awk -v hz=$hz 'BEGIN { print 1000 / hz }')" "$runs"
}
echo "corpus: $n JSON scenarios (seed $seed); $runs runs on one thread, user-space CPU sampled at $hz Hz"
echo "== $saberc"
profile "$saberc"
if [ -n "${SABERC2:-}" ]; then
    echo "== $SABERC2"
    profile "$SABERC2"
fi
