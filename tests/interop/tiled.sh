#!/usr/bin/env bash
# The Tiled export and import checked against the real Tiled (Debian's `tiled` package, which
# ships `tmxrasterizer` and `tiled --export-map`, both headless with QT_QPA_PLATFORM=offscreen):
#  1. the Rifle & Saber map and two historical scenarios exported to .tmj and drawn by
#     tmxrasterizer: the terrain colour at every hex centre agrees with `saberc render
#     --no-labels` at the same scale (our labels' halos would hide the terrain under them), and
#     each group's tile layer, drawn alone, covers exactly the hexes of its zone;
#  2. `tiled --export-map` converts the exported .tmj of the map and of a scenario to .tmx
#     (external and embedded tileset); `saberc import` reads it back: the same map as ours
#     through a normalising comparison, and `saberc check --deny warnings` clean;
#     A Musket & Saber map likewise: Tiled's .tmx imports as the same map file as our .tmj;
#  3. a small hand-made .tmx with a tileset of its own imports and checks clean, and so does
#     the .tmj Tiled converts it to.
# Usage: tests/interop/tiled.sh  (run from anywhere; builds what it needs, into
# $CARGO_TARGET_DIR or target/, unless TILED_INTEROP_NO_BUILD is set). With
# TILED_INTEROP_SCREENSHOT=FILE.png it also writes the README's picture: the exported map drawn by
# tmxrasterizer, 1200 pixels wide. Exits 1 when any check fails (CI runs it, `.ci/run`).
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

for t in tiled tmxrasterizer; do
  command -v "$t" >/dev/null || { echo "no $t: apt-get install -y tiled" >&2; exit 1; }
done
tiled --version 2>/dev/null | head -1 || true
map=maps/rifle-and-saber.ron
width="$("$tool" width "$map")"
"$saberc" render "$map" --no-labels -o "$out/ours.png" --width "$width" >/dev/null

echo "== 1. tmxrasterizer draws our export where we draw it"
for input in "$map" scenarios/05-first-bull-run.ron scenarios/07-gettysburg-little-round-top.ron; do
  "$saberc" export "$input" --format tiled -o "$out/export" >/dev/null
  id="$(basename "$input" .ron)"
  id="${id#[0-9][0-9]-}"
  tmj="$out/export/$id.tmj"
  quiet tmxrasterizer --show-layer terrain "$tmj" "$out/$id-terrain.png"
  check "$tool" pixels "$input" "$out/ours.png" "$out/$id-terrain.png"
  if [ "$input" != "$map" ]; then
    # Each group's tile layer alone on a transparent image: drawn exactly on its zone. (Tiled
    # 1.8's --show-layer picks tile layers by their own name, never by their group's.)
    check "$tool" groups "$input" >"$out/groups.txt"
    while IFS= read -r layer; do
      quiet tmxrasterizer --show-layer "$layer" "$tmj" "$out/$id-group.png"
      check "$tool" zones "$input" "$layer" "$out/$id-group.png"
    done <"$out/groups.txt"
  fi
done

echo "== 2. Tiled converts our .tmj to .tmx; saberc import reads it back"
for id in rifle-and-saber gettysburg-little-round-top; do
  for embed in "" --embed-tilesets; do
    rm -f "$out/back.tmx" "$out/back.ron"
    quiet tiled --export-map $embed "$out/export/$id.tmj" "$out/back.tmx"
    echo "$id.tmj → .tmx${embed:+ ($embed)}"
    check "$saberc" import "$out/back.tmx" -o "$out/back.ron"
    check "$tool" same-map "$map" "$out/back.ron"
    check "$saberc" check "$out/back.ron" --deny warnings
  done
done

echo "== 2b. a Musket & Saber map: Tiled converts its .tmj to .tmx; saberc import reads it back"
# The same map file as the import of our own .tmj, which `cargo test` holds to the original's
# canonical text (a_musket_and_saber_map_round_trips_through_tiled).
ms_map=scenarios/examples/musket-and-saber/maps/millbrook-invented.ron
"$saberc" export "$ms_map" --format tiled -o "$out/ms" >/dev/null
check "$saberc" import "$out/ms/millbrook-invented.tmj" -o "$out/ms-ours.ron"
for embed in "" --embed-tilesets; do
  rm -f "$out/ms/back.tmx" "$out/ms-back.ron"
  quiet tiled --export-map $embed "$out/ms/millbrook-invented.tmj" "$out/ms/back.tmx"
  echo "millbrook-invented.tmj → .tmx${embed:+ ($embed)}"
  check "$saberc" import "$out/ms/back.tmx" -o "$out/ms-back.ron"
  check cmp "$out/ms-ours.ron" "$out/ms-back.ron"
  check "$saberc" check "$out/ms-back.ron" --deny warnings
done

echo "== 3. a map drawn in Tiled with its own tileset"
fixture=tests/fixtures/tiled/drawn.tmx
check "$saberc" import "$fixture" -o "$out/drawn.ron"
check "$saberc" check "$out/drawn.ron" --deny warnings
cp tests/fixtures/tiled/drawn.tmx tests/fixtures/tiled/drawn.tsx tests/fixtures/tiled/drawn.png "$out/"
# Beside its tileset: an import reads tilesets only from the map's folder or below it (a
# `../` reference is refused, as a map reference out of its folder is, REF006).
mkdir -p "$out/by-tiled"
cp "$out/drawn.tmx" "$out/drawn.tsx" "$out/drawn.png" "$out/by-tiled/"
quiet tiled --export-map "$out/by-tiled/drawn.tmx" "$out/by-tiled/drawn.tmj"
check "$saberc" import "$out/by-tiled/drawn.tmj" -o "$out/drawn-by-tiled.ron"
check "$tool" same-map "$out/drawn.ron" "$out/drawn-by-tiled.ron"

if [ -n "${TILED_INTEROP_SCREENSHOT:-}" ]; then
  quiet tmxrasterizer --anti-aliasing --size 1200 "$out/export/rifle-and-saber.tmj" "$TILED_INTEROP_SCREENSHOT"
  echo "wrote $TILED_INTEROP_SCREENSHOT"
fi

echo "$passed passed, $failed failed (${SECONDS}s)"
[ "$failed" -eq 0 ]
