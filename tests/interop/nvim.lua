-- Driven by tests/interop/nvim.sh: Neovim's built-in LSP client against `saberc lsp`.
-- Opens scenario 11.7 and sees no diagnostics; misspells a feature and sees REF001 at its
-- place. Attaches the client as the README says (start_client/buf_attach_client, which
-- Debian 12's Neovim 0.7 has; vim.lsp.start came in 0.8). Exits 0 on success, 1 (cquit) with a FAIL line otherwise.
local saberc = assert(os.getenv("SABERC"), "SABERC is the saberc binary")
local repo = assert(os.getenv("REPO"), "REPO is the repository root")

local function fail(msg)
  io.stderr:write("FAIL: " .. msg .. "\n")
  vim.cmd("cquit 1")
end

local function ok(msg)
  io.stdout:write("ok: " .. msg .. "\n")
end

-- Count the publications, so that "no diagnostics" means the server said so.
local published = 0
local on_publish = vim.lsp.handlers["textDocument/publishDiagnostics"]
vim.lsp.handlers["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
  published = published + 1
  return on_publish(err, result, ctx, config)
end

-- The README's set-up, word for word but for the binary's path.
vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, {
  pattern = { "*.ron", "*.json" },
  callback = function(ev)
    local id = vim.lsp.start_client({ name = "saberc", cmd = { saberc, "lsp" },
      root_dir = vim.fn.getcwd() })
    if id then vim.lsp.buf_attach_client(ev.buf, id) end
  end,
})

vim.cmd("edit " .. vim.fn.fnameescape(repo .. "/scenarios/07-gettysburg-little-round-top.ron"))
local buf = vim.api.nvim_get_current_buf()
-- A client is listed for the buffer once it has initialized.
local client
vim.wait(30000, function()
  client = next(vim.lsp.buf_get_clients(buf))
  return client ~= nil
end, 50)
if not client then
  fail("saberc lsp did not start or attach")
end

if not vim.wait(30000, function() return published >= 1 end, 50) then
  fail("no diagnostics published for the opened scenario")
end
local diags = vim.diagnostic.get(buf)
if #diags ~= 0 then
  fail("scenario 11.7 has diagnostics: " .. vim.inspect(diags))
end
ok("scenario 11.7 opened, no diagnostics")

-- Misspell the first `Feature("H26")` as `Feature("H266")`, as typing would.
local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
local row, col
for i, line in ipairs(lines) do
  local s = line:find('Feature("H26")', 1, true)
  if s then
    row, col = i - 1, s - 1 + #'Feature('
    break
  end
end
if not row then
  fail("no Feature(\"H26\") in the scenario")
end
local line = lines[row + 1]:gsub('Feature%("H26"%)', 'Feature("H266")', 1)
vim.api.nvim_buf_set_lines(buf, row, row + 1, false, { line })

local found
vim.wait(30000, function()
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.code == "REF001" then
      found = d
      return true
    end
  end
  return false
end, 50)
if not found then
  fail("no REF001 after misspelling the feature: " .. vim.inspect(vim.diagnostic.get(buf)))
end
-- The quoted code `"H266"`: Neovim's columns are bytes (the line is ASCII).
if found.lnum ~= row or found.col ~= col or found.end_col ~= col + 6 then
  fail(string.format("REF001 at %d:%d-%d, expected %d:%d-%d", found.lnum, found.col,
    found.end_col, row, col, col + 6))
end
if found.severity ~= vim.diagnostic.severity.ERROR then
  fail("REF001 is not an error: " .. vim.inspect(found))
end
ok(string.format("REF001 at line %d, column %d: %s", row + 1, col + 1, found.message:gsub("\n.*", "")))

vim.lsp.stop_client(client)
vim.cmd("qall!")
