#!/usr/bin/env bash
# The README's screenshot of `saberc lsp` in Neovim: Xvfb, an xterm running Neovim with the
# README's set-up, scenario 11.7 with a misspelt feature (REF001 shown) and a hover on a
# feature code. The scenario is changed in Neovim's buffer only, never saved.
# Usage: tests/interop/nvim_screenshot.sh [OUT.png]  (default docs/lsp-neovim.png; needs Xvfb,
# xterm, ImageMagick's import, and saberc built: cargo build -p saber-tests --bins).
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${1:-docs/lsp-neovim.png}"
SABERC="$(realpath "${CARGO_TARGET_DIR:-target}/debug/saberc")"
home="$(mktemp -d)"
display=:98
xvfb_pid=""
term_pid=""
cleanup() {
  [ -n "$term_pid" ] && kill "$term_pid" 2>/dev/null || true
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$home"
}
trap cleanup EXIT
mkdir -p "$home/nvim"
# The README's Neovim set-up, with this build's saberc, then the scene.
cat >"$home/nvim/init.lua" <<EOF
vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, {
  pattern = { "*.ron", "*.json" },
  callback = function(ev)
    local id = vim.lsp.start_client({ name = "saberc", cmd = { "$SABERC", "lsp" },
      root_dir = vim.fn.getcwd() })
    if id then vim.lsp.buf_attach_client(ev.buf, id) end
  end,
})
vim.o.number = true
vim.o.termguicolors = false
-- The diagnostic's code and first line beside the text, so that it fits the screen.
vim.diagnostic.config({ virtual_text = { format = function(d)
  return d.code .. ": " .. d.message:gsub("\n.*", "")
end } })
vim.api.nvim_create_autocmd("VimEnter", { callback = function()
  local buf = vim.api.nvim_get_current_buf()
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  for i, l in ipairs(lines) do
    if l:find('Feature("H26")', 1, true) then
      vim.api.nvim_buf_set_lines(buf, i - 1, i, false, { (l:gsub('Feature%("H26"%)', 'Feature("V26")', 1)) })
      break
    end
  end
  vim.defer_fn(function()
    for i, l in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
      local s = l:find('Hold(target: Feature("H26")', 1, true)
      if s then
        vim.api.nvim_win_set_cursor(0, { i, s - 1 + #'Hold(target: Feature("' })
        vim.cmd("normal! zz")
        break
      end
    end
    vim.lsp.buf.hover()
  end, 3000)
end })
EOF
Xvfb "$display" -screen 0 1400x900x24 >/dev/null 2>&1 &
xvfb_pid=$!
sleep 1
DISPLAY="$display" XDG_CONFIG_HOME="$home" XDG_DATA_HOME="$home" XDG_STATE_HOME="$home" \
  XDG_CACHE_HOME="$home" xterm -geometry 172x62+0+0 -fa Monospace -fs 8 \
  -e nvim -n scenarios/07-gettysburg-little-round-top.ron &
term_pid=$!
sleep 8
DISPLAY="$display" import -window root "$out"
echo "wrote $out"
