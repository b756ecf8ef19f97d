#!/usr/bin/env bash
# Batch benchmark (not part of `cargo test` or CI): generate N varied scenarios as RON and as
# JSON, time `saberc check` (full rules) on the RON and on the JSON files, `jsonschema-cli` (the
# Rust validator on the same `jsonschema` crate, schema only; `cargo install jsonschema-cli`) and
# `check-jsonschema` (schema only, from PyPI) on the JSON files against
# schema/scenario.schema.json, and print the rates and the ratios, in wall time and in CPU time
# (user + system: saberc checks files in parallel, the validators in one thread).
#
#   tests/bench/batch.sh [N] [release|debug]      (defaults: 10000 release)
set -euo pipefail

n=${1:-10000}
profile=${2:-release}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Where cargo puts what it builds: CARGO_TARGET_DIR when set, as cargo reads it.
target=${CARGO_TARGET_DIR:-$root/target}

if [ "$profile" = release ]; then
    cargo build -q --release -p saberc --bin saberc
else
    cargo build -q -p saberc --bin saberc
fi
saberc=$target/$profile/saberc
cargo run -q -p saber-tests --example gen_batch -- "$n" "$work/files"

# Wall-clock seconds of a command, its output kept aside (exit status 1 means "findings").
seconds() {
    local start end
    start=$(date +%s.%N)
    "$@" >"$work/out.txt" 2>&1 || [ $? -eq 1 ]
    end=$(date +%s.%N)
    echo "$end - $start" | bc -l
}

# CPU seconds (user + system) of a command, as GNU time reports them: the median of `runs`
# runs (one run varies by a third on a shared 2-core machine).
runs=5
cpu() {
    for _ in $(seq "$runs"); do
        /usr/bin/time -f '%U %S' -o "$work/cpu.txt" "$@" >"$work/out.txt" 2>&1 || true
        tail -n 1 "$work/cpu.txt" | awk '{ print $1 + $2 }'
    done | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

saberc_s=$(seconds "$saberc" check --format json "$work/files/ron")
echo "saberc ($profile, full rules): $n files in ${saberc_s}s"
tail -c 300 "$work/out.txt" | tail -n 2
saberc_cpu=$(cpu "$saberc" check --format json "$work/files/json")
echo "saberc on the JSON files: ${saberc_cpu}s CPU (median of $runs runs)"
# In one thread: the two vCPUs of a small machine are often one core's two hyperthreads, where
# a second thread adds more CPU time than it saves.
one_cpu=$(RAYON_NUM_THREADS=1 cpu "$saberc" check --format json "$work/files/json")
echo "saberc on the JSON files, one thread: ${one_cpu}s CPU"

if command -v jsonschema-cli >/dev/null; then
    jcli_cpu=$(cpu sh -c "ls '$work/files/json'/*.json | xargs jsonschema-cli validate --offline --errors-only schema/scenario.schema.json -i")
    echo "$(jsonschema-cli --version) (schema only): ${jcli_cpu}s CPU"
    awk -v a="$saberc_cpu" -v o="$one_cpu" -v b="$jcli_cpu" 'BEGIN {
        printf "CPU ratio (saberc full check / jsonschema-cli schema only): %.2f (one thread: %.2f)\n", a / b, o / b
    }'
else
    echo "jsonschema-cli not installed (cargo install jsonschema-cli): no CPU ratio"
fi

python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q check-jsonschema
cjs=$("$work/venv/bin/check-jsonschema" --version)
# As few processes as the argument-list limit allows (one for 10,000 temp paths), as saberc.
schema_s=$(seconds sh -c "ls '$work/files/json'/*.json | xargs '$work/venv/bin/check-jsonschema' --schemafile schema/scenario.schema.json")
echo "$cjs (schema only): $n files in ${schema_s}s"
tail -n 2 "$work/out.txt"

awk -v n="$n" -v a="$saberc_s" -v b="$schema_s" 'BEGIN {
    printf "saberc:            %8.1f files/s\n", n / a
    printf "check-jsonschema:  %8.1f files/s\n", n / b
    printf "ratio (saberc / check-jsonschema): %.2f\n", b / a
}'
