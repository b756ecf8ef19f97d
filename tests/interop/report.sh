#!/usr/bin/env bash
# `saberc report` in a real browser (issue 38): Debian's `chromium`, headless, driven by
# puppeteer-core (tests/interop/report.cjs): every page loads without a console error, every
# link and anchor resolves, the index's filter and sort work, Tab reaches every finding, axe-core
# finds no serious or critical violation, no script a file smuggles in runs; then the W3C Nu
# HTML checker (vnu-jar, on Debian's default-jre-headless) finds no error. Two sites: the
# repository's `scenarios maps`, and a mixed folder (both games, a file with errors, one that
# does not parse, a file whose name and title carry markup and terminal escapes). Screenshots
# of the index, a scenario with errors and a map page at 1280 and 390 px go to
# $REPORT_SCREENSHOTS (default: a temporary folder, printed).
# Usage: tests/interop/report.sh  (builds saberc unless REPORT_INTEROP_NO_BUILD is set; the npm
# packages puppeteer-core, axe-core and vnu-jar are looked for in $REPORT_NODE_MODULES, default
# /opt/saber-report-interop/node_modules, as .ci/run installs them). Exits 1 when a check fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v chromium >/dev/null || { echo "no chromium: apt-get install -y chromium" >&2; exit 1; }
command -v java >/dev/null || { echo "no java: apt-get install -y default-jre-headless" >&2; exit 1; }
NODE_MODULES="${REPORT_NODE_MODULES:-/opt/saber-report-interop/node_modules}"
[ -d "$NODE_MODULES/puppeteer-core" ] || { echo "no puppeteer-core in $NODE_MODULES" >&2; exit 1; }
[ -n "${REPORT_INTEROP_NO_BUILD:-}" ] || cargo build --quiet -p saber-tests --bins
SABERC="$(realpath "${CARGO_TARGET_DIR:-target}/debug/saberc")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
shots="${REPORT_SCREENSHOTS:-$work/shots}"
mkdir -p "$shots"

# The repository's collection.
"$SABERC" report scenarios maps -o "$work/site" >/dev/null

# A mixed folder: both games, errors, a syntax error, a hostile name and title.
mixed="$work/mixed"
mkdir -p "$mixed/maps"
cp tests/fixtures/maps/skirmish.ron "$mixed/maps/"
cp tests/fixtures/good/skirmish-at-the-bridge.ron tests/fixtures/bad/enemies-share-hex.ron \
  tests/fixtures/bad/closing-bracket-left-out.ron "$mixed/"
cp -r scenarios/examples/musket-and-saber "$mixed/"
hostile="$mixed/evil\"><script>alert(1)"$'\e'"]0;owned"$'\a'".ron"
sed -e 's|name: "Skirmish at the Bridge"|name: "<script>alert(2)</script><img src=x onerror=alert(3)> \\u{1b}[2J"|' \
  tests/fixtures/good/skirmish-at-the-bridge.ron >"$hostile"
status=0
"$SABERC" report "$mixed" --maps "$mixed/maps" -o "$work/mixed-site" >/dev/null || status=$?
[ "$status" = 1 ] || { echo "report of the mixed folder: exit $status, expected 1 (errors found)" >&2; exit 1; }

# The browser checks.
NODE_PATH="$NODE_MODULES" timeout 300 node tests/interop/report.cjs "$work/site" "$work/mixed-site" "$shots"

# The Nu HTML checker: no error on any page.
java -jar "$NODE_MODULES/vnu-jar/build/dist/vnu.jar" --errors-only --skip-non-html \
  "$work/site" "$work/mixed-site"
echo "screenshots: $shots"
echo "report interop: passed"
