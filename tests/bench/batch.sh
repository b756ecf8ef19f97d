#!/usr/bin/env bash
# Batch benchmark (not part of `cargo test` or CI): generate N varied scenarios as RON and as
# JSON, time `saberc check` (full rules) on the RON files and `check-jsonschema` (schema only,
# from PyPI) on the JSON files against schema/scenario.schema.json, and print both rates.
#
#   tests/bench/batch.sh [N] [release|debug]      (defaults: 10000 release)
set -euo pipefail

n=${1:-10000}
profile=${2:-release}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ "$profile" = release ]; then
    cargo build -q --release -p saberc --bin saberc
    saberc=target/release/saberc
else
    cargo build -q -p saberc --bin saberc
    saberc=target/debug/saberc
fi
cargo run -q -p saber-tests --example gen_batch -- "$n" "$work/files"

# Wall-clock seconds of a command, its output kept aside (exit status 1 means "findings").
seconds() {
    local start end
    start=$(date +%s.%N)
    "$@" >"$work/out.txt" 2>&1 || [ $? -eq 1 ]
    end=$(date +%s.%N)
    echo "$end - $start" | bc -l
}

saberc_s=$(seconds "$saberc" check --format json "$work/files/ron")
echo "saberc ($profile, full rules): $n files in ${saberc_s}s"
tail -c 300 "$work/out.txt" | tail -n 2

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
