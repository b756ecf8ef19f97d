#!/usr/bin/env bash
# The ratio benchmark of issue 39 (not part of `cargo test` or CI): `saberc check` with every
# rule against `jsonschema-cli` validating the same JSON files against
# schema/scenario.schema.json alone. It generates its own seeded corpus (the 17 historical
# scenarios with perturbed forces and zone distances, `gen_batch N OUT SEED`), runs the two
# alternately RUNS times, and prints the medians of CPU time (user + system) and wall time and
# their ratios; then the one-file figure (process start included), the same way, each run
# being 20 starts in a row divided by 20.
#
# CPU time is the kernel's task clock counted by `perf stat` (linux-perf) when it can count
# (wall time then by `date`, in nanoseconds): to the microsecond, where GNU time counts in
# hundredths of a second (a batch of 0.16 s read
# 0.16 or 0.17, a one-file check 0 or 0.01). Without perf (or where the kernel refuses it),
# GNU time's user + system is used, its 20 starts run in a shell loop (whose small cost both
# programs pay alike); the output says which clock counted.
#
#   tests/bench/ratio.sh [N] [RUNS] [SEED]      (defaults: 2040 9 39)
#
# Where valgrind is installed, it then counts each program's instructions for the batch once
# (callgrind, saberc on one thread), which repeat exactly where CPU time on a shared machine does
# not: the total, and the total without glibc's memset, memcpy and memmove, whose `rep stosb` and
# `rep movsb` (above 2 KiB) callgrind counts once per byte.
#
# Installs jsonschema-cli with `cargo install --locked jsonschema-cli` when it is missing.
# SABERC=PATH measures that saberc binary instead of building this checkout's (to compare two
# builds in one sitting).
set -euo pipefail

n=${1:-2040}
runs=${2:-9}
seed=${3:-39}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
target=${CARGO_TARGET_DIR:-$root/target}

command -v jsonschema-cli >/dev/null || cargo install -q --locked jsonschema-cli
if [ -n "${SABERC:-}" ]; then
    saberc=$SABERC
else
    cargo build -q --release -p saberc --bin saberc
    saberc=$target/release/saberc
fi
cargo build -q -p saber-tests --example gen_batch
"$target/debug/examples/gen_batch" "$n" "$work/files" "$seed" 2>/dev/null
schema=schema/scenario.schema.json
ls "$work/files/json"/*.json >"$work/list.txt"

# Can perf count this process's task clock here?
if command -v perf >/dev/null && perf stat -x, -e task-clock -o "$work/p.txt" -- true 2>/dev/null &&
    grep -q ',task-clock' "$work/p.txt"; then
    clock="perf stat task-clock"
else
    clock="GNU time user + system"
fi
# A command's CPU (task clock, ms) as perf stat wrote it to $work/p.txt (the mean of its runs).
task_ms() { awk -F, '$3 == "task-clock" { print $1 }' "$work/p.txt"; }
# One run: "cpu wall" in seconds (exit 1 means "findings").
measure() {
    if [ "$clock" = "perf stat task-clock" ]; then
        local t0 t1
        t0=$(date +%s%N)
        perf stat -x, -e task-clock -o "$work/p.txt" -- "$@" >"$work/out.txt" 2>&1 || true
        t1=$(date +%s%N)
        awk -v ms="$(task_ms)" -v ns=$((t1 - t0)) 'BEGIN { printf "%.4f %.4f\n", ms / 1000, ns / 1e9 }'
    else
        /usr/bin/time -f '%U %S %e' -o "$work/t.txt" "$@" >"$work/out.txt" 2>&1 || true
        tail -n 1 "$work/t.txt" | awk '{ printf "%.4f %.4f\n", $1 + $2, $3 }'
    fi
}
# One run of 20 starts of a command: "cpu wall" of one start, in seconds.
reps=20
measure_starts() {
    if [ "$clock" = "perf stat task-clock" ]; then
        local t0 t1
        t0=$(date +%s%N)
        perf stat -r "$reps" -x, -e task-clock -o "$work/p.txt" -- "$@" >/dev/null 2>&1 || true
        t1=$(date +%s%N)
        awk -v ms="$(task_ms)" -v ns=$((t1 - t0)) -v n="$reps" 'BEGIN { printf "%.5f %.5f\n", ms / 1000, ns / 1e9 / n }'
    else
        /usr/bin/time -f '%U %S %e' -o "$work/t.txt" sh -c \
            'i=0; while [ $i -lt '"$reps"' ]; do "$@" >/dev/null 2>&1; i=$((i + 1)); done' sh "$@" || true
        tail -n 1 "$work/t.txt" | awk -v n="$reps" '{ printf "%.5f %.5f\n", ($1 + $2) / n, $3 / n }'
    fi
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

batch_saberc() { measure "$saberc" check --format json "$work/files/json"; }
batch_jcli() { measure sh -c "xargs jsonschema-cli validate --offline --errors-only $schema -i <'$work/list.txt'"; }
# The one file alone in its folder: beside the corpus, `saberc` would read the head of each of
# the 2,040 siblings to find the maps near it (measured on its own in BENCHMARKS.md).
mkdir "$work/one"
cp "$(head -n 1 "$work/list.txt")" "$work/one/"
one=$(ls "$work/one"/*.json)
one_saberc() { measure_starts "$saberc" check --format json "$one"; }
one_jcli() { measure_starts jsonschema-cli validate --offline --errors-only "$schema" -i "$one"; }

"$saberc" check --format json "$work/files/json" >"$work/report.json" || true
errors=$(grep -c '"severity": "error"' "$work/report.json" || true)
dep001=$(grep -c '"code": "DEP001"' "$work/report.json" || true)
echo "corpus: $n JSON scenarios (seed $seed), $(du -sh "$work/files/json" | cut -f1); saberc finds $errors errors, $dep001 of them DEP001"
echo "$(jsonschema-cli --version) against $schema; $runs runs each, alternating; CPU by $clock"

for _ in $(seq "$runs"); do
    batch_saberc >>"$work/bs.txt"
    batch_jcli >>"$work/bj.txt"
done
for _ in $(seq "$runs"); do
    one_saberc >>"$work/os.txt"
    one_jcli >>"$work/oj.txt"
done
report() {
    local label=$1 a=$2 b=$3 unit=${4:-s} scale=${5:-1}
    local ac aw bc bw
    ac=$(cut -d' ' -f1 "$a" | median)
    aw=$(cut -d' ' -f2 "$a" | median)
    bc=$(cut -d' ' -f1 "$b" | median)
    bw=$(cut -d' ' -f2 "$b" | median)
    awk -v l="$label" -v ac="$ac" -v aw="$aw" -v bc="$bc" -v bw="$bw" -v u="$unit" -v k="$scale" 'BEGIN {
        printf "%s: saberc %.3f %s CPU, %.3f %s wall; jsonschema-cli %.3f %s CPU, %.3f %s wall; ratio CPU %.2f, wall %.2f\n", l, ac * k, u, aw * k, u, bc * k, u, bw * k, u, ac / bc, aw / bw
    }'
}
report "batch (median)" "$work/bs.txt" "$work/bj.txt"
report "one file (median of $runs runs of $reps starts)" "$work/os.txt" "$work/oj.txt" ms 1000

# Instructions: each program once under callgrind (xargs may start jsonschema-cli more than
# once: every profile it writes is counted).
if command -v valgrind >/dev/null && command -v callgrind_annotate >/dev/null; then
    # "total without-string-functions" over the profiles named $work/$1.*
    instructions() {
        local total=0 strings=0 f t m
        for f in "$work/$1".*; do
            callgrind_annotate --auto=no "$f" >"$work/annotated.txt" 2>/dev/null
            t=$(awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }' "$work/annotated.txt")
            m=$(awk '/\.S:__(memset|memcpy|memmove)/ { gsub(",", "", $1); s += $1 } END { print s + 0 }' "$work/annotated.txt")
            total=$((total + t))
            strings=$((strings + m))
        done
        echo "$total $((total - strings))"
    }
    RAYON_NUM_THREADS=1 valgrind -q --tool=callgrind --callgrind-out-file="$work/cg-saberc.%p" \
        "$saberc" check --format json "$work/files/json" >/dev/null 2>&1 || true
    xargs valgrind -q --tool=callgrind --callgrind-out-file="$work/cg-jcli.%p" \
        jsonschema-cli validate --offline --errors-only "$schema" -i <"$work/list.txt" >/dev/null 2>&1 || true
    read -r si sx <<<"$(instructions cg-saberc)"
    read -r ji jx <<<"$(instructions cg-jcli)"
    awk -v si="$si" -v sx="$sx" -v ji="$ji" -v jx="$jx" 'BEGIN {
        printf "batch instructions: saberc %.1f M (%.1f M without memset, memcpy, memmove); jsonschema-cli %.1f M (%.1f M); ratio %.3f (%.3f)\n", si / 1e6, sx / 1e6, ji / 1e6, jx / 1e6, si / ji, sx / jx
    }'
else
    echo "batch instructions: not counted (valgrind is not installed)"
fi
