#!/usr/bin/env bash
# Ruleset benchmark (issue 29; not part of `cargo test` or CI): checking every Rifle & Saber map
# and scenario of the repository (`saberc check --deny warnings maps scenarios`) with two saberc
# binaries, the base commit's and this one's, alternating, and printing the median CPU time
# (user + system) of each over RUNS runs and their ratio. The ruleset became a parameter in
# this change; this says what that costs the files of the one game there was.
#
#   tests/bench/rulesets.sh BASE_SABERC NEW_SABERC [RUNS]      (default 15 runs)
#
# Make the base binary from its commit in a worktree of its own, e.g.
#   git worktree add /tmp/base c7383bd && (cd /tmp/base && cargo build -p saberc)
set -euo pipefail

base=$1
new=$2
runs=${3:-15}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# CPU seconds of one run; the report must be the same clean one for both binaries.
cpu() {
    /usr/bin/time -f "%U %S" -o "$work/t" "$1" check --deny warnings maps scenarios >"$work/out" 2>&1
    awk '{ printf "%.4f\n", $1 + $2 }' "$work/t"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

for b in "$base" "$new"; do
    "$b" check --deny warnings maps scenarios >/dev/null 2>&1 || { echo "$b: not clean" >&2; exit 1; }
done
: >"$work/base"
: >"$work/new"
for _ in $(seq "$runs"); do
    cpu "$base" >>"$work/base"
    cpu "$new" >>"$work/new"
done
b=$(median <"$work/base")
n=$(median <"$work/new")
echo "files: $(ls maps/*.ron scenarios/*.ron | wc -l) (maps/ and scenarios/, --deny warnings), runs: $runs"
echo "base: ${b}s CPU (median)"
echo "new:  ${n}s CPU (median)"
echo "ratio new/base: $(echo "$n / $b" | bc -l | cut -c1-5)"
