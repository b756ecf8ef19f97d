#!/usr/bin/env bash
# The Tiled export and import checked against the real Tiled (Debian's `tiled` package, which
# ships `tmxrasterizer` and `tiled --export-map`, both headless with QT_QPA_PLATFORM=offscreen):
#  1. the Rifle & Saber map and two historical scenarios exported to .tmj and drawn by
#     tmxrasterizer: the terrain colour at every hex centre agrees with `saberc render` at the
#     same scale, and each side's group layers cover exactly the hexes of its zones;
#  2. `tiled --export-map` converts the exported .tmj to .tmx (external and embedded tileset);
#     `saberc import` reads it back: the same map, and `saberc check` clean;
#  3. a small hand-made .tmx with a tileset of its own imports and checks clean, and so does
#     the .tmj Tiled converts it to.
# Usage: tests/interop/tiled.sh [TARGET_DIR]  (run from anywhere; builds what it needs)
set -euo pipefail
cd "$(dirname "$0")/../.."
export QT_QPA_PLATFORM=offscreen
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"

[ -n "${TILED_INTEROP_NO_BUILD:-}" ] || cargo build --quiet -p saber-tests --bins
bin="${CARGO_TARGET_DIR:-target}/debug"
saberc="$bin/saberc"
tool="$bin/tiled_interop"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
passed=0
failed=0
check() {
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
}
# Tiled tools print Qt chatter on stderr; keep it out of the log unless they fail.
quiet() {
  if ! "$@" 2>"$out/qt.log"; then cat "$out/qt.log" >&2; return 1; fi
}

tiled --version 2>/dev/null | head -1 || true
map=maps/rifle-and-saber.ron
width="$("$tool" width "$map")"
"$saberc" render "$map" -o "$out/ours.png" --width "$width" >/dev/null

echo "== 1. tmxrasterizer draws our export where we draw it"
for input in "$map" scenarios/05-first-bull-run.ron scenarios/07-gettysburg-little-round-top.ron; do
  "$saberc" export "$input" --format tiled -o "$out/export" >/dev/null
  id="$(basename "$input" .ron)"
  id="${id#[0-9][0-9]-}"
  tmj="$out/export/$id.tmj"
  quiet tmxrasterizer --show-layer terrain "$tmj" "$out/$id-terrain.png"
  check "$tool" pixels "$input" "$out/ours.png" "$out/$id-terrain.png"
  if [ "$input" != "$map" ]; then
    # One side's group layer alone on a transparent image: drawn exactly on its zones.
    "$tool" sides "$input" >"$out/sides.txt"
    while IFS= read -r side; do
      quiet tmxrasterizer --show-layer "$side" "$tmj" "$out/$id-side.png"
      check "$tool" zones "$input" "$side" "$out/$id-side.png"
    done <"$out/sides.txt"
  fi
done

echo "== 2. Tiled converts our .tmj to .tmx; saberc import reads it back"
for embed in "" --embed-tilesets; do
  quiet tiled --export-map $embed "$out/export/rifle-and-saber.tmj" "$out/back.tmx"
  "$saberc" import "$out/back.tmx" -o "$out/back.ron" >/dev/null
  check "$tool" same-map "$map" "$out/back.ron"
  check "$saberc" check "$out/back.ron" --deny warnings
done

echo "== 3. a map drawn in Tiled with its own tileset"
fixture=tests/fixtures/tiled/drawn.tmx
"$saberc" import "$fixture" -o "$out/drawn.ron" >/dev/null
check "$saberc" check "$out/drawn.ron" --deny warnings
cp tests/fixtures/tiled/* "$out/"
mkdir -p "$out/by-tiled"
quiet tiled --export-map "$out/drawn.tmx" "$out/by-tiled/drawn.tmj"
cp "$out/drawn.tsx" "$out/drawn.png" "$out/by-tiled/"
"$saberc" import "$out/by-tiled/drawn.tmj" -o "$out/drawn-by-tiled.ron" >/dev/null
check "$tool" same-map "$out/drawn.ron" "$out/drawn-by-tiled.ron"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
