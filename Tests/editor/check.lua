-- Run by scripts/test-editor after the recipe (Tests/editor/scrim-nvim07.lua), with a broken
-- plugin open: waits for Scrim's diagnostic, writes a fixed plugin, waits for the diagnostic to
-- clear and for the host to have reloaded the plugin; saves a plugin that fails in
-- animateTransition and waits for the play-check's runtime error, then the fix again; then runs
-- the plugin's "▶ Preview" code lens and loads the live preview's page. Exits 0 on success, 1
-- with a message.
local timeout = tonumber(vim.env.SCRIM_EDITOR_TIMEOUT or "60000")
local buf = vim.api.nvim_get_current_buf()

local function say(text) io.stdout:write("editor: " .. text .. "\n") end
local function fail(text)
  io.stderr:write("editor: FAIL: " .. text .. "\n")
  vim.cmd("cquit 1")
end

local function scrim_diagnostics()
  local found = {}
  for _, diagnostic in ipairs(vim.diagnostic.get(buf)) do
    if diagnostic.source == "scrim" then table.insert(found, diagnostic) end
  end
  return found
end

if not vim.wait(timeout, function() return #scrim_diagnostics() > 0 end, 50) then
  fail("no diagnostic from scrim for the broken plugin within " .. timeout .. " ms (attached clients: " .. #vim.lsp.buf_get_clients(buf) .. ")")
  return
end
local first = scrim_diagnostics()[1]
if first.lnum ~= tonumber(vim.env.SCRIM_EXPECTED_LINE) then
  fail("the diagnostic is on line " .. first.lnum .. ", expected " .. vim.env.SCRIM_EXPECTED_LINE .. ": " .. first.message)
  return
end
say("diagnostic at line " .. (first.lnum + 1) .. ": " .. first.message)

local fixed = vim.fn.readfile(vim.env.SCRIM_FIXED_FILE)
vim.api.nvim_buf_set_lines(buf, 0, -1, false, fixed)
vim.cmd("silent write")
if not vim.wait(timeout, function() return #scrim_diagnostics() == 0 end, 50) then
  fail("the diagnostic did not clear after the fix was saved")
  return
end
say("diagnostic cleared after the save")

-- The save reloaded the plugin in the running host: it is listed, loaded, with no diagnostics.
local function reloaded()
  local responses = vim.lsp.buf_request_sync(buf, "scrim/plugins", {}, 5000) or {}
  for _, response in pairs(responses) do
    for _, plugin in ipairs((response.result or {}).plugins or {}) do
      if plugin.name == vim.env.SCRIM_PLUGIN_NAME and plugin.generation > 0 and #plugin.diagnostics == 0 then
        return true
      end
    end
  end
  return false
end
-- (buf_request_sync waits itself: it cannot be the condition of a vim.wait.)
local deadline = vim.loop.now() + timeout
while not reloaded() do
  if vim.loop.now() > deadline then
    fail("scrim/plugins does not list '" .. vim.env.SCRIM_PLUGIN_NAME .. "' as loaded after the save")
    return
  end
  vim.wait(100)
end
say("the host reloaded '" .. vim.env.SCRIM_PLUGIN_NAME .. "'")

-- A save of a plugin that loads but fails when it plays: the play-check's runtime error appears
-- at its line; saving the fix again clears it.
local function write(file)
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, vim.fn.readfile(file))
  vim.cmd("silent write")
end
write(vim.env.SCRIM_RUNTIME_ERROR_FILE)
if not vim.wait(timeout, function() return #scrim_diagnostics() > 0 end, 50) then
  fail("no runtime error diagnostic after saving a plugin that fails in animateTransition")
  return
end
local runtime = scrim_diagnostics()[1]
if runtime.lnum ~= tonumber(vim.env.SCRIM_RUNTIME_ERROR_LINE) or runtime.message ~= vim.env.SCRIM_RUNTIME_ERROR_MESSAGE
  or runtime.severity ~= vim.diagnostic.severity.ERROR then
  fail("the runtime error diagnostic is at line " .. runtime.lnum .. " (expected " .. vim.env.SCRIM_RUNTIME_ERROR_LINE
    .. "), severity " .. runtime.severity .. ": " .. runtime.message)
  return
end
say("runtime error at line " .. (runtime.lnum + 1) .. " after the save: " .. runtime.message)
write(vim.env.SCRIM_FIXED_FILE)
if not vim.wait(timeout, function() return #scrim_diagnostics() == 0 end, 50) then
  fail("the runtime error did not clear after the fix was saved")
  return
end
say("runtime error cleared after the save")

-- The "▶ Preview" lens is on line 1; running it makes the server start a live preview and ask
-- Neovim (window/showDocument) to open its page, which answers 200 with the plugin in it.
local client = vim.lsp.buf_get_clients(buf)[next(vim.lsp.buf_get_clients(buf))]
local shown = nil
local open = client.handlers["window/showDocument"]
client.handlers["window/showDocument"] = function(err, params, ctx, config)
  shown = params
  return open(err, params, ctx, config)
end
local function preview_lens()
  for _, lens in ipairs(vim.lsp.codelens.get(buf)) do
    if lens.command and lens.command.title == "▶ Preview" then return lens end
  end
  return nil
end
vim.lsp.codelens.refresh()
if not vim.wait(timeout, function() return preview_lens() ~= nil end, 50) then
  fail("no ▶ Preview code lens on the plugin")
  return
end
local lens = preview_lens()
if lens.range.start.line ~= 0 or lens.command.command ~= "scrim.preview" then
  fail("the lens is on line " .. lens.range.start.line .. " and runs " .. lens.command.command)
  return
end
say("the ▶ Preview lens is on line 1")
-- Line 1 has three lenses (▶ Preview, Export Swift, Render GIF): running them asks which, through
-- vim.ui.select; the user's choice is played by choosing the item of that title.
local choice = "▶ Preview"
vim.ui.select = function(items, opts, on_choice)
  for i, item in ipairs(items) do
    if opts.format_item(item) == choice then return on_choice(item, i) end
  end
  on_choice(nil, nil)
end
vim.api.nvim_win_set_cursor(0, { 1, 0 })
vim.lsp.codelens.run()
if not vim.wait(timeout, function() return shown ~= nil end, 50) then
  fail("running the lens did not ask Neovim to open the preview (window/showDocument)")
  return
end
if not shown.external or not shown.uri:match("^http://127%.0%.0%.1:%d+/p/%d+/%?token=%x+$") then
  fail("window/showDocument asked for " .. vim.inspect(shown))
  return
end
local page = vim.fn.system({ "python3", "-c",
  "import sys, urllib.request; r = urllib.request.urlopen(sys.argv[1], timeout=10); print(r.status, sys.argv[2] in r.read().decode())",
  shown.uri, "<title>" .. vim.env.SCRIM_PLUGIN_NAME .. ".lua" })
if vim.trim(page) ~= "200 True" then
  fail("the preview page " .. shown.uri .. " answered: " .. page)
  return
end
say("the lens opened the live preview of '" .. vim.env.SCRIM_PLUGIN_NAME .. "' (" .. shown.uri:gsub("token=%x+", "token=…") .. ")")

-- "Export Swift" writes the transition's Swift file beside the plugin and has Neovim open it.
shown = nil
choice = "Export Swift"
vim.api.nvim_set_current_buf(buf)
vim.api.nvim_win_set_cursor(0, { 1, 0 })
vim.lsp.codelens.run()
if not vim.wait(timeout, function() return shown ~= nil end, 50) then
  fail("running the Export Swift lens did not ask Neovim to open the file (window/showDocument)")
  return
end
local swift = vim.uri_to_fname(shown.uri)
if shown.external or vim.fn.fnamemodify(swift, ":h") ~= vim.fn.fnamemodify(vim.api.nvim_buf_get_name(buf), ":h")
  or not swift:match("Transition%.swift$") then
  fail("window/showDocument asked for " .. vim.inspect(shown))
  return
end
if not vim.wait(timeout, function() return vim.api.nvim_buf_get_name(0) == swift end, 50) then
  fail("Neovim did not open " .. swift .. " (the current buffer is " .. vim.api.nvim_buf_get_name(0) .. ")")
  return
end
local text = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), "\n")
if not text:match("UIViewControllerAnimatedTransitioning") or not text:match("CAKeyframeAnimation") then
  fail("the exported file has no animator: " .. text:sub(1, 400))
  return
end
say("the Export Swift lens wrote and opened " .. vim.fn.fnamemodify(swift, ":t"))
vim.cmd("qall!")
