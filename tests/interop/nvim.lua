-- Driven by tests/interop/nvim.sh: Neovim's built-in LSP client against `saberc lsp`.
-- Opens scenario 11.7 and sees no diagnostics; misspells a feature and sees REF001 at its
-- place; applies the did-you-mean quick fix; completes after `Feature("` (the map's codes);
-- hovers a feature code and a diagnostic code; hovers and completes after non-ASCII text
-- (columns in UTF-16 units); formats. Then opens the Musket & Saber example scenario: no
-- diagnostics; completion offers its game's fields, classes and zone clauses and none of Rifle
-- & Saber's (compared with the committed schemas); hover shows M&S facts (a class's 2.4, a
-- field's 4.5/7.7, a hex's chart kinds with their costs and sight). Attaches the client as the README says (start_client/buf_attach_client, which
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
local published_for = {}
local on_publish = vim.lsp.handlers["textDocument/publishDiagnostics"]
vim.lsp.handlers["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
  published = published + 1
  if result and result.uri then published_for[result.uri] = true end
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

-- Misspell the first `Feature("H26")` as `Feature("V26")` (the wrong letter), as typing would.
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
local line = lines[row + 1]:gsub('Feature%("H26"%)', 'Feature("V26")', 1)
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
-- The quoted code `"V26"`: Neovim's columns are bytes (the line is ASCII).
if found.lnum ~= row or found.col ~= col or found.end_col ~= col + 5 then
  fail(string.format("REF001 at %d:%d-%d, expected %d:%d-%d", found.lnum, found.col,
    found.end_col, row, col, col + 5))
end
if found.severity ~= vim.diagnostic.severity.ERROR then
  fail("REF001 is not an error: " .. vim.inspect(found))
end
ok(string.format("REF001 at line %d, column %d: %s", row + 1, col + 1, found.message:gsub("\n.*", "")))

-- Wait until the buffer's diagnostics satisfy `test` (they arrive after the server's pause).
local function wait_diagnostics(test, what)
  if not vim.wait(30000, function() return test(vim.diagnostic.get(buf)) end, 50) then
    fail(what .. ": " .. vim.inspect(vim.diagnostic.get(buf)))
  end
end

-- One request to saberc lsp through Neovim's client, its result.
local function request(method, params)
  local answers = vim.lsp.buf_request_sync(buf, method, params, 10000)
  local answer = answers and answers[client]
  if not answer or answer.err then
    fail(method .. " failed: " .. vim.inspect(answers))
  end
  return answer.result
end

local function position(r, c)
  return { textDocument = vim.lsp.util.make_text_document_params(buf),
    position = { line = r, character = c } }
end

-- The did-you-mean quick fix, applied by Neovim: the code is H26 again, and REF001 goes.
-- The line's diagnostics as LSP sends them, as `vim.lsp.buf.code_action` asks with them.
local line_diags = vim.lsp.diagnostic.get_line_diagnostics(buf, row)
local actions = request("textDocument/codeAction", {
  textDocument = vim.lsp.util.make_text_document_params(buf),
  range = line_diags[1].range, context = { diagnostics = line_diags } })
if not actions or #actions == 0 then
  fail("no code action for REF001")
end
local fix
for _, a in ipairs(actions) do
  if a.title == "replace `V26` with `H26`" then fix = a end
end
if not fix then
  fail("no `replace V26 with H26` among " .. vim.inspect(actions))
end
vim.lsp.util.apply_workspace_edit(fix.edit, "utf-16")
if not vim.api.nvim_buf_get_lines(buf, row, row + 1, false)[1]:find('Feature("H26")', 1, true) then
  fail("the quick fix did not restore H26: " .. vim.api.nvim_buf_get_lines(buf, row, row + 1, false)[1])
end
wait_diagnostics(function(d) return #d == 0 end, "REF001 stayed after the quick fix")
ok("quick fix `" .. fix.title .. "` applied, no diagnostics")

-- Completion after `Feature("`: every feature code of the map, as the map file lists them.
local want = {}
for l in io.lines(repo .. "/maps/rifle-and-saber.ron") do
  local code = l:match('^%s*code: "([A-Z][0-9]+)"')
  if code then table.insert(want, code) end
end
local typed = lines[row + 1]:gsub('Feature%("H26"%)', 'Feature("', 1)
vim.api.nvim_buf_set_lines(buf, row, row + 1, false, { typed })
local result = request("textDocument/completion", position(row, col + 1))
local items = result.items or result
local got = {}
for _, item in ipairs(items) do table.insert(got, item.label) end
table.sort(got)
table.sort(want)
if #want < 20 or table.concat(got, " ") ~= table.concat(want, " ") then
  fail("completion after Feature(\": " .. table.concat(got, " ") .. " instead of " .. table.concat(want, " "))
end
vim.api.nvim_buf_set_lines(buf, row, row + 1, false, { lines[row + 1] })
ok(#got .. " feature codes offered after Feature(\"")

-- Hover on a feature code and on a diagnostic code (in a comment).
local hover = request("textDocument/hover", position(row, col + 2))
local shown = hover and hover.contents and hover.contents.value or ""
if not shown:find("**H26**", 1, true) or not shown:find("hexes: ", 1, true) then
  fail("hover on H26 shows: " .. shown)
end
ok("hover on H26: " .. shown:gsub("\n.*", ""))
vim.api.nvim_buf_set_lines(buf, 0, 0, false, { "// REF001" })
hover = request("textDocument/hover", position(0, 5))
shown = hover and hover.contents and hover.contents.value or ""
if not shown:find("REF001", 1, true) or not shown:find("feature", 1, true) then
  fail("hover on REF001 shows: " .. shown)
end
vim.api.nvim_buf_set_lines(buf, 0, 1, false, {})
ok("hover on REF001: " .. (shown:gsub("^```text\n", ""):gsub("\n.*", "")))

-- After non-ASCII text on the line (two-byte letters, an astral character): hover on H26
-- and completion after `Feature("` at the cursor, its position made by Neovim's client
-- (bytes to UTF-16 units); the server answers both at the right place.
local prefix = "/* Königgrätz 𝄞 */ "
vim.api.nvim_buf_set_lines(buf, row, row + 1, false, { prefix .. lines[row + 1] })
-- On the `t` right after `ä`: a word that starts after a two-byte character.
vim.api.nvim_win_set_cursor(0, { row + 1, prefix:find("tz", 1, true) - 1 })
request("textDocument/hover", vim.lsp.util.make_position_params())
vim.api.nvim_win_set_cursor(0, { row + 1, #prefix + col + 2 })
local at = vim.lsp.util.make_position_params()
if at.position.character ~= select(2, vim.str_utfindex(prefix)) + col + 2 then
  fail("Neovim's column " .. at.position.character .. " is not in UTF-16 units")
end
hover = request("textDocument/hover", at)
shown = hover and hover.contents and hover.contents.value or ""
if not shown:find("**H26**", 1, true) then
  fail("hover on H26 after non-ASCII text shows: " .. shown)
end
vim.api.nvim_buf_set_lines(buf, row, row + 1, false,
  { prefix .. typed })
vim.api.nvim_win_set_cursor(0, { row + 1, #prefix + col + 1 })
result = request("textDocument/completion", vim.lsp.util.make_position_params())
items = result.items or result
if #items ~= #want then
  fail("completion after non-ASCII text offers " .. #items .. " items, not " .. #want)
end
vim.api.nvim_buf_set_lines(buf, row, row + 1, false, { lines[row + 1] })
ok("after non-ASCII text (UTF-16 column " .. at.position.character .. "): hover on H26 and "
  .. #items .. " feature codes")

-- Format: the scenario with its indentation taken out comes back as the file is.
local original = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
local flat = {}
for i, l in ipairs(original) do flat[i] = (l:gsub("^%s+", "")) end
vim.api.nvim_buf_set_lines(buf, 0, -1, false, flat)
vim.lsp.buf.formatting_sync(nil, 10000)
local formatted = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
if table.concat(formatted, "\n") ~= table.concat(original, "\n") then
  fail("formatting did not restore the layout")
end
ok("formatted: " .. #formatted .. " lines as the file has them")

vim.lsp.stop_client(client)

-- Musket & Saber Quick Play (issue 40): the invented example scenario is completed and hovered
-- from its own game's schema: its fields, classes and zone clauses, none of Rifle & Saber's.
local function schema(name)
  local f = assert(io.open(repo .. "/schema/" .. name))
  local text = f:read("*a")
  f:close()
  return vim.fn.json_decode(text)
end
local ms_schema = schema("scenario.musket-and-saber-quick-play.schema.json")
local rs_schema = schema("scenario.schema.json")
-- The names of a schema's `oneOf` (a const, or the one key of an object).
local function forms(s)
  local out = {}
  for _, f in ipairs(s.oneOf) do
    if f.const then table.insert(out, f.const) elseif f.required then table.insert(out, f.required[1]) end
  end
  table.sort(out)
  return out
end
local function keys(t)
  local out = {}
  for k in pairs(t) do table.insert(out, k) end
  table.sort(out)
  return out
end
-- What `a` has that `b` has not.
local function minus(a, b)
  local out = {}
  for _, x in ipairs(a) do
    if not vim.tbl_contains(b, x) then table.insert(out, x) end
  end
  return out
end
local function labels(result)
  local out = {}
  for _, item in ipairs(result and (result.items or result) or {}) do table.insert(out, item.label) end
  table.sort(out)
  return out
end
local function same(got, want, what)
  if table.concat(got, " ") ~= table.concat(want, " ") then
    fail(what .. ": " .. table.concat(got, " ") .. " instead of " .. table.concat(want, " "))
  end
end
local function none_of(got, other, what)
  for _, x in ipairs(got) do
    if vim.tbl_contains(other, x) then fail(what .. " offers Rifle & Saber's `" .. x .. "`") end
  end
end

local ms_file = repo .. "/scenarios/examples/musket-and-saber/millbrook.ron"
vim.cmd("edit " .. vim.fn.fnameescape(ms_file))
buf = vim.api.nvim_get_current_buf()
client = nil
vim.wait(30000, function()
  client = next(vim.lsp.buf_get_clients(buf))
  return client ~= nil
end, 50)
if not client then
  fail("saberc lsp did not start or attach for the M&S scenario")
end
if not vim.wait(30000, function() return published_for[vim.uri_from_bufnr(buf)] end, 50) then
  fail("no diagnostics published for the M&S scenario")
end
if #vim.diagnostic.get(buf) ~= 0 then
  fail("the M&S example has diagnostics: " .. vim.inspect(vim.diagnostic.get(buf)))
end
ok("M&S example scenario opened, no diagnostics")
lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
local function line_of(pattern)
  for i, l in ipairs(lines) do
    local s = l:find(pattern)
    if s then return i - 1, s - 1, l end
  end
  fail("no line matching " .. pattern .. " in the M&S example")
end

-- A field of the scenario on a new line: the M&S fields not yet written, none of R&S's.
local written = {}
for _, l in ipairs(lines) do
  local k = l:match("^    ([a-z_]+):")
  if k then table.insert(written, k) end
end
local want_fields = minus(minus(keys(ms_schema.properties), written), { "$schema" })
local rs_only_fields = minus(keys(rs_schema.properties), keys(ms_schema.properties))
local r = line_of("^    game_length:")
vim.api.nvim_buf_set_lines(buf, r + 1, r + 1, false, { "    " })
local got = labels(request("textDocument/completion", position(r + 1, 4)))
vim.api.nvim_buf_set_lines(buf, r + 1, r + 2, false, {})
if #want_fields == 0 or #rs_only_fields == 0 then fail("nothing to compare the fields with") end
same(got, want_fields, "M&S scenario fields")
none_of(got, rs_only_fields, "M&S scenario fields")
ok("M&S fields offered: " .. table.concat(got, " ") .. " (none of " .. table.concat(rs_only_fields, " ") .. ")")

-- A counter's class: the five M&S classes (2.4), no R&S unit type.
local cr, cc, cl = line_of("class: Brigade,")
vim.api.nvim_buf_set_lines(buf, cr, cr + 1, false, { (cl:gsub("class: Brigade,", "class: ,")) })
got = labels(request("textDocument/completion", position(cr, cc + #"class: ")))
vim.api.nvim_buf_set_lines(buf, cr, cr + 1, false, { cl })
same(got, forms(ms_schema["$defs"].MsClass), "M&S classes")
ok("M&S classes offered: " .. table.concat(got, " "))

-- A victory target: the M&S dialect's zone clauses, none of R&S's slopes, river banks, features.
local zr, zc, zl = line_of('target: Hexes%(%["0706", "0806"%]%)')
local bare = zl:gsub('target: Hexes%(%["0706", "0806"%]%)', "target: ")
vim.api.nvim_buf_set_lines(buf, zr, zr + 1, false, { bare })
got = labels(request("textDocument/completion", position(zr, zc + #"target: ")))
vim.api.nvim_buf_set_lines(buf, zr, zr + 1, false, { zl })
local rs_only_zones = minus(forms(rs_schema["$defs"].Zone), forms(ms_schema["$defs"].Zone))
if #rs_only_zones == 0 then fail("the two games' zones do not differ") end
same(got, forms(ms_schema["$defs"].Zone), "M&S zone clauses")
none_of(got, rs_only_zones, "M&S zone clauses")
ok(#got .. " M&S zone clauses offered (none of " .. table.concat(rs_only_zones, " ") .. ")")

-- Hover: M&S facts, from its schema and its map's chart.
local function hover_at(r, c)
  local h = request("textDocument/hover", position(r, c))
  return h and h.contents and h.contents.value or ""
end
shown = hover_at(cr, cc + #"class: " + 1)
if not shown:find("**Brigade**", 1, true) or not shown:find("(2.4)", 1, true) then
  fail("hover on the class Brigade shows: " .. shown)
end
ok("hover on Brigade: " .. shown:gsub("\n\n", " "))
local er, ec = line_of("entry_hexes:")
shown = hover_at(er, ec + 2)
if not shown:find("**entry_hexes**", 1, true) or not shown:find("4.5, 7.7", 1, true) then
  fail("hover on entry_hexes shows: " .. shown)
end
ok("hover on entry_hexes: " .. shown:gsub("\n\n", " "))
shown = hover_at(zr, zc + #'target: Hexes(["' + 1)
if not shown:find("**hex 0706**", 1, true) or not shown:find("terrain: woods, hill", 1, true)
  or not shown:find("- woods: MP inf ", 1, true) or not shown:find("blocks sight", 1, true)
  or not shown:find("map: millbrook-invented", 1, true) then
  fail("hover on hex 0706 shows: " .. shown)
end
ok("hover on 0706: " .. shown:gsub("\n\n", " "))

vim.lsp.stop_client(client)
vim.cmd("qall!")
