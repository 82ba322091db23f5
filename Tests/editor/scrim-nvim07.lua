-- Scrim: diagnostics and hot reload for the Lua plugins of one directory.
-- Neovim 0.7 to 0.9 (Debian 12 ships 0.7.2). Put it in your init.lua.
-- Your plugin directory: set $SCRIM_PLUGIN_DIR, or change the default below.
local scrim_plugins = vim.fn.fnamemodify(vim.fn.expand(vim.env.SCRIM_PLUGIN_DIR or "~/transitions/Plugins"), ":p")
scrim_plugins = scrim_plugins:gsub("/$", "")
local scrim_command = vim.env.SCRIM_BINARY or "scrim"
local scrim_client = nil

vim.api.nvim_create_autocmd("FileType", {
  pattern = "lua",
  callback = function(args)
    -- Only .lua files directly in the plugin directory are plugins (not the *.d.lua types).
    local file = vim.api.nvim_buf_get_name(args.buf)
    if vim.fn.fnamemodify(file, ":p:h") ~= scrim_plugins or file:match("%.d%.lua$") then
      return
    end
    -- One server for the directory: start it with the first plugin buffer, attach the others.
    if scrim_client == nil or vim.lsp.get_client_by_id(scrim_client) == nil then
      scrim_client = vim.lsp.start_client({
        name = "scrim",
        cmd = { scrim_command, "serve", "--plugins", scrim_plugins },
        root_dir = vim.fn.fnamemodify(scrim_plugins, ":h"),
        init_options = { watch = true },
        handlers = {
          -- Show plugin output (type 4) and transition faults (type 1) as messages.
          ["window/logMessage"] = function(_, params)
            local level = params.type == 1 and vim.log.levels.ERROR or vim.log.levels.INFO
            vim.notify("scrim: " .. params.message, level)
          end,
        },
      })
    end
    if scrim_client ~= nil then
      vim.lsp.buf_attach_client(args.buf, scrim_client)
    end
  end,
})
