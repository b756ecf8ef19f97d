#!/usr/bin/env bash
# `saberc report` benchmark (issue 38; not part of `cargo test` or CI): the repository's files
# (`scenarios maps`, 26 files) and N generated scenarios (the batch benchmark's generator,
# tests/examples/gen_batch.rs: the 17 historical scenarios varied, every file clean and with
# its card, PNG, export and analysis). Each is measured RUNS times and the medians printed:
# wall and CPU seconds (user + system, which a loaded machine disturbs least), files per
# second, peak memory and the site's size; the aims are under 2 s and under a minute on 2 cores.
#
# Beside each report, in the same run, its baselines: `saberc check` of the same files (what
# the report adds to the check), and, when BASELINE names another saberc binary (a build of an
# earlier commit), that binary's report of the same files, with the ratios of the two and
# `diff -r` of the two sites (an optimisation must leave the site byte-identical).
#
# REPORT_ARGS adds options to the measured binary's report only, BASELINE_ARGS to the
# baseline's only, such as `--png` for a build before every card's PNG was written unasked.
#
#   tests/bench/report.sh [N] [RUNS]      (defaults: 2000 3)
#   BASELINE=/tmp/saberc-before tests/bench/report.sh 2000 1
#   SABERC=/tmp/saberc-after BASELINE=/tmp/saberc-before tests/bench/report.sh 2000 1
#   BASELINE=/tmp/saberc-before BASELINE_ARGS=--png tests/bench/report.sh 2000 1
set -euo pipefail

n=${1:-2000}
runs=${2:-3}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
target=${CARGO_TARGET_DIR:-$root/target}

# SABERC names a saberc binary to measure instead of building this checkout's release one.
if [ -z "${SABERC:-}" ]; then
    cargo build -q --release -p saberc --bin saberc
fi
saberc=${SABERC:-$target/release/saberc}
cargo build -q -p saber-tests --example gen_batch
"$target/debug/examples/gen_batch" "$n" "$work/files" >/dev/null

# One run of a command: "cpu wall peak-KiB" as GNU time reports them (exit 1 means findings).
once() {
    /usr/bin/time -f '%U %S %e %M' -o "$work/t.txt" "$@" >"$work/out.txt" 2>&1 || [ $? -eq 1 ]
    tail -n 1 "$work/t.txt" | awk '{ printf "%.3f %.3f %d\n", $1 + $2, $3, $4 }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# The medians of RUNS runs of `saberc report` by binary $1 into site $2 ("cpu wall peak-MiB").
report_runs() {
    local bin=$1 site=$2
    shift 2
    : >"$work/runs.txt"
    for _ in $(seq "$runs"); do
        rm -rf "$site"
        once "$bin" report "$@" -o "$site" >>"$work/runs.txt"
    done
    echo "$(cut -d' ' -f1 "$work/runs.txt" | median) $(cut -d' ' -f2 "$work/runs.txt" | median) $(($(cut -d' ' -f3 "$work/runs.txt" | median) / 1024))"
}
check_runs() {
    : >"$work/runs.txt"
    for _ in $(seq "$runs"); do
        once "$saberc" check --format json "$@" >>"$work/runs.txt"
    done
    echo "$(cut -d' ' -f1 "$work/runs.txt" | median) $(cut -d' ' -f2 "$work/runs.txt" | median)"
}

measure() {
    local label=$1 files=$2
    shift 2
    local cpu wall mib size ccpu cwall
    # shellcheck disable=SC2086 # REPORT_ARGS is split into options on purpose
    read -r cpu wall mib <<<"$(report_runs "$saberc" "$work/site" "$@" ${REPORT_ARGS:-})"
    size=$(du -sm "$work/site" | cut -f1)
    read -r ccpu cwall <<<"$(check_runs "$@")"
    awk -v l="$label" -v n="$files" -v c="$cpu" -v w="$wall" -v m="$mib" -v z="$size" \
        -v cc="$ccpu" -v cw="$cwall" 'BEGIN {
        printf "%s, %d files: report %.2f s CPU, %.2f s wall, %.0f files/s, %d MiB peak, %d MiB site\n", l, n, c, w, n / w, m, z
        printf "  baseline saberc check: %.2f s CPU, %.2f s wall; report / check: CPU %.2f, wall %.2f\n", cc, cw, c / cc, w / cw
    }'
    if [ -n "${BASELINE:-}" ]; then
        local bcpu bwall bmib
        # shellcheck disable=SC2086 # BASELINE_ARGS is split into options on purpose
        read -r bcpu bwall bmib <<<"$(report_runs "$BASELINE" "$work/base" "$@" ${BASELINE_ARGS:-})"
        awk -v c="$cpu" -v w="$wall" -v bc="$bcpu" -v bw="$bwall" -v bm="$bmib" 'BEGIN {
            printf "  baseline %s: %.2f s CPU, %.2f s wall, %d MiB peak; this / baseline: CPU %.2f, wall %.2f\n", ENVIRON["BASELINE"], bc, bw, bm, c / bc, w / bw
        }'
        if diff -r "$work/base" "$work/site" >"$work/diff.txt"; then
            echo "  the two sites are byte-identical (diff -r)"
        else
            echo "  THE TWO SITES DIFFER (diff -rq, the files that differ but PNGs, first lines):"
            diff -rq "$work/base" "$work/site" | grep -v '\.png differ$' | head -n 20 || true
            # PNGs of another encoding: their pixels compared (imagemagick), the first
            # PNG_CHECKS (default 100) of them.
            local pngs same=0 other=0
            pngs=$(diff -rq "$work/base" "$work/site" | awk '/^Files .*\.png and .*\.png differ$/ { print $2 }' | head -n "${PNG_CHECKS:-100}" || true)
            if [ -n "$pngs" ] && command -v compare >/dev/null; then
                for b in $pngs; do
                    if [ "$(compare -metric AE "$b" "$work/site/${b#"$work/base/"}" null: 2>&1)" = 0 ]; then
                        same=$((same + 1))
                    else
                        other=$((other + 1))
                    fi
                done
                echo "  of the PNGs that differ in bytes, $same have the same pixels (compare -metric AE 0) and $other not"
            fi
        fi
        rm -rf "$work/base"
    fi
}

echo "saberc report ($saberc${REPORT_ARGS:+ $REPORT_ARGS}${BASELINE:+; baseline $BASELINE${BASELINE_ARGS:+ $BASELINE_ARGS}}), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), medians of $runs runs"
measure "the repository (scenarios maps)" 26 scenarios maps
measure "generated scenarios" "$n" "$work/files/ron"
