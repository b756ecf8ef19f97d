#!/usr/bin/env bash
# Ruleset benchmark (issue 29; not part of `cargo test` or CI): checking every Rifle & Saber map
# and scenario of the repository (`saberc check --deny warnings FILES`, every file under maps/ and
# scenarios/ but the Musket & Saber ones, which the base binary cannot read) with two saberc
# binaries, the base commit's and this one's, alternating, and printing the median CPU time
# (user + system) of each over RUNS runs and their ratio. The ruleset became a parameter in
# this change; this says what that costs the files of the one game there was.
#
#   tests/bench/rulesets.sh BASE_SABERC NEW_SABERC [RUNS]      (default 15 runs; REPEAT=25 checks a run)
#
# Make the base binary from its commit in a worktree of its own, e.g.
#   git worktree add /tmp/base 8654043 && (cd /tmp/base && cargo build --release -p saberc)
# (8654043: the same checks, before the ruleset became a parameter; c7383bd: before the PLY
# checks too. The README gives both ratios.)
set -euo pipefail

base=$1
new=$2
runs=${3:-15}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mapfile -t files < <(grep -rL 'musket-and-saber' maps scenarios --include='*.ron' --include='*.json' | sort)

# CPU seconds of one run (`time` counts in hundredths of a second, and one check of these files
# takes about that: a run is REPEAT checks, and its time is divided by REPEAT).
repeat=${REPEAT:-25}
cpu() {
    /usr/bin/time -f "%U %S" -o "$work/t" bash -c \
        'b=$1; n=$2; shift 2; for _ in $(seq "$n"); do "$b" check --deny warnings "$@" >/dev/null 2>&1; done' \
        _ "$1" "$repeat" "${files[@]}"
    awk -v r="$repeat" '{ printf "%.5f\n", ($1 + $2) / r }' "$work/t"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

for b in "$base" "$new"; do
    "$b" check --deny warnings "${files[@]}" >/dev/null 2>&1 || { echo "$b: not clean" >&2; exit 1; }
done
: >"$work/base"
: >"$work/new"
for _ in $(seq "$runs"); do
    cpu "$base" >>"$work/base"
    cpu "$new" >>"$work/new"
done
b=$(median <"$work/base")
n=$(median <"$work/new")
echo "files: ${#files[@]} (the Rifle & Saber files of maps/ and scenarios/, --deny warnings), runs: $runs"
echo "base: ${b}s CPU a check (median)"
echo "new:  ${n}s CPU a check (median)"
echo "ratio new/base: $(echo "$n / $b" | bc -l | cut -c1-5)"
