#!/usr/bin/env bash
# `saberc lsp` against a real client: Neovim (Debian's `neovim`), headless, its built-in LSP
# client driven by tests/interop/nvim.lua: open scenario 11.7, see no diagnostics; misspell a
# feature, see REF001 at its range; apply the did-you-mean quick fix; complete after
# `Feature("` (the map's codes); hover a feature code and a diagnostic code; hover and complete
# after non-ASCII text on the line; format. Then the Musket & Saber example scenario: no
# diagnostics, completion of its own game's fields, classes and zone clauses (none of Rifle &
# Saber's), hover with M&S facts (issue 40).
# Usage: tests/interop/nvim.sh  (run from anywhere; builds saberc unless NVIM_INTEROP_NO_BUILD
# is set). Exits 1 when a check fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v nvim >/dev/null || { echo "no nvim: apt-get install -y neovim" >&2; exit 1; }
[ -n "${NVIM_INTEROP_NO_BUILD:-}" ] || cargo build --quiet -p saber-tests --bins
SABERC="$(realpath "${CARGO_TARGET_DIR:-target}/debug/saberc")"
REPO="$(pwd)"
export SABERC REPO
# A private home, so that no user configuration or state takes part.
home="$(mktemp -d)"
trap 'rm -rf "$home"' EXIT
XDG_CONFIG_HOME="$home" XDG_DATA_HOME="$home" XDG_STATE_HOME="$home" XDG_CACHE_HOME="$home" \
  timeout 120 nvim --headless --clean -n -c "luafile tests/interop/nvim.lua" 2>&1
echo "nvim interop: passed"
