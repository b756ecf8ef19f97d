#!/usr/bin/env bash
# `saberc report` benchmark (issue 38; not part of `cargo test` or CI): the repository's files
# (`scenarios maps`, 26 files) and N generated scenarios (the batch benchmark's generator,
# tests/examples/gen_batch.rs: the 17 historical scenarios varied, every file clean and with
# its card, PNG, export and analysis). Prints wall and CPU seconds, files per second and the
# site's size; the aims are under 2 s and under a minute on 2 cores.
#
#   tests/bench/report.sh [N] [release|debug]      (defaults: 2000 release)
set -euo pipefail

n=${1:-2000}
profile=${2:-release}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ "$profile" = release ]; then
    cargo build -q --release -p saberc --bin saberc
else
    cargo build -q -p saberc --bin saberc
fi
saberc=${CARGO_TARGET_DIR:-$root/target}/$profile/saberc
cargo run -q -p saber-tests --example gen_batch -- "$n" "$work/files"

# Wall and CPU (user + system) seconds of a report, and its size; exit 1 means findings.
measure() {
    local label=$1 files=$2
    shift 2
    rm -rf "$work/site"
    /usr/bin/time -f '%e %U %S %M' -o "$work/time.txt" "$saberc" report "$@" -o "$work/site" \
        >"$work/out.txt" 2>&1 || [ $? -eq 1 ]
    read -r wall user sys rss <"$work/time.txt"
    local size
    size=$(du -sm "$work/site" | cut -f1)
    awk -v l="$label" -v n="$files" -v w="$wall" -v u="$user" -v s="$sys" -v m="$rss" -v z="$size" 'BEGIN {
        printf "%-34s %5d files  %7.2f s wall  %7.2f s CPU  %6.1f files/s  %5.0f MiB peak  %5d MiB site\n",
            l, n, w, u + s, n / w, m / 1024, z
    }'
}

echo "saberc report ($profile, $(nproc) cores)"
measure "repository (scenarios maps)" 26 scenarios maps
measure "generated scenarios" "$n" "$work/files/ron"
