#!/usr/bin/env bash
# Pathological-input benchmark (issue 13; not part of `cargo test` or CI): the worst inputs we
# know of for each class (panic, hang, memory, output), each up to the documented limits, plus
# the whole bad-file corpus checked as one folder. For each it prints the exit code, wall time,
# peak memory (GNU time's maximum resident set) and bytes printed, and whether it stays within
# the bound of 2 s and 256 MiB.
#
#   tests/bench/pathological.sh [release|debug] [PATTERN]   (default: release, every case)
#
# PATTERN (a shell glob) keeps the cases whose folder name matches it (`'*fmt*'`), without the
# bad corpus: to measure one change quickly.
set -euo pipefail

profile=${1:-release}
only=${2:-}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ "$profile" = release ]; then
    cargo build -q --release -p saberc --bin saberc 2>/dev/null \
        || cargo build -q --release -p saber-schema --bin saberc
    saberc=${CARGO_TARGET_DIR:-$root/target}/release/saberc
else
    cargo build -q -p saberc --bin saberc 2>/dev/null || cargo build -q -p saber-schema --bin saberc
    saberc=${CARGO_TARGET_DIR:-$root/target}/debug/saberc
fi
cargo run -q --release -p saber-tests --example gen_pathological -- "$work/cases"
gnu_time=/usr/bin/time
[ -x "$gnu_time" ] || { echo "needs GNU time (apt-get install time)"; exit 2; }

limit_s=2
limit_kb=$((256 * 1024))
over=0
printf '%-36s %-8s %4s %8s %9s %11s  %s\n' case command exit wall_s peak_MiB out_bytes verdict
# run NAME LABEL DIR ARGS...: time saberc ARGS in DIR.
run() {
    local name=$1 label=$2 dir=$3
    shift 3
    local code=0
    (cd "$dir" && "$gnu_time" -f '%e %M' -o "$work/time.txt" "$saberc" "$@" \
        >"$work/out.txt" 2>&1) || code=$?
    # GNU time puts "Command exited with non-zero status N" first when the exit code is not 0.
    read -r wall kb < <(tail -n 1 "$work/time.txt")
    local bytes
    bytes=$(wc -c <"$work/out.txt")
    local verdict=ok
    if awk -v w="$wall" -v l="$limit_s" 'BEGIN { exit !(w > l) }' || [ "$kb" -gt "$limit_kb" ]; then
        verdict=OVER
        over=$((over + 1))
    fi
    if grep -q "panicked" "$work/out.txt"; then
        verdict=PANIC
        over=$((over + 1))
    fi
    printf '%-36s %-8s %4s %8s %9.1f %11s  %s\n' "$name" "$label" "$code" "$wall" \
        "$(echo "$kb / 1024" | bc -l)" "$bytes" "$verdict"
}

for dir in "$work"/cases/*/; do
    name=$(basename "$dir")
    # shellcheck disable=SC2254 # the pattern is a glob on purpose
    if [ -n "$only" ]; then case $name in $only) ;; *) continue ;; esac; fi
    case $name in
        *card-8000)
            run "$name" card "$dir" render --maps . s.ron --card --width 8000 -o "$work/card.png"
            run "$name" png "$dir" render huge.ron --width 8000 -o "$work/huge.png"
            ;;
        *52-groups*)
            run "$name" check "$dir" check --maps . s.ron
            run "$name" analyze "$dir" analyze --maps . s.ron
            run "$name" analyze-json "$dir" analyze --maps . s.ron --format json
            ;;
        *hold-lattice)
            run "$name" check "$dir" check --maps . s.ron
            run "$name" analyze "$dir" analyze --maps . s.ron
            ;;
        *render*)
            run "$name" render "$dir" render far.ron -o "$work/far.png"
            ;;
        *largest-map)
            run "$name" check "$dir" check huge.ron
            run "$name" svg "$dir" render huge.ron -o "$work/huge.svg"
            run "$name" png "$dir" render huge.ron -o "$work/huge.png"
            ;;
        *export*)
            run "$name" check "$dir" check --maps . s.ron
            run "$name" export "$dir" export --maps . s.ron -o "$work/export"
            ;;
        *unknown-terrain)
            run "$name" check "$dir" check huge.ron
            ;;
        *reusing-numbers)
            run "$name" check "$dir" check many.ron
            ;;
        *row*)
            run "$name" check "$dir" check wide.ron
            ;;
        *fmt*)
            run "$name" check "$dir" check --maps . s.ron
            run "$name" fmt "$dir" fmt --check s.ron
            run "$name" convert "$dir" convert s.ron --to json -o "$work/converted.json"
            ;;
        *nested-groups)
            run "$name" import "$dir" import m.tmx -o "$work/imported.ron"
            ;;
        *import*)
            run "$name" import "$dir" import m.tmj -o "$work/imported.ron"
            ;;
        *)
            run "$name" check "$dir" check --maps . s.ron
            run "$name" json "$dir" check --format json --maps . s.ron
            ;;
    esac
done
if [ -z "$only" ]; then
    run "bad corpus (one folder)" check "$root" check --maps tests/fixtures/maps tests/fixtures/bad
    run "bad corpus (one folder)" json "$root" check --format json --maps tests/fixtures/maps tests/fixtures/bad
fi
echo "bound: ${limit_s} s and $((limit_kb / 1024)) MiB each; over the bound or panicked: $over"
