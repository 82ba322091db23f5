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
        -- The lenses on line 1, "▶ Preview", "Export Swift" and "Render GIF" (run one there
        -- with :lua vim.lsp.codelens.run()), asked for once the server is ready.
        on_attach = function(_, bufnr)
          vim.api.nvim_create_autocmd({ "BufEnter", "InsertLeave", "BufWritePost" }, {
            buffer = bufnr,
            callback = function() vim.lsp.codelens.refresh() end,
          })
          vim.lsp.codelens.refresh()
        end,
        -- Neovim 0.7 cannot open a URL for a server: say it can, and do it below.
        capabilities = vim.tbl_deep_extend("force", vim.lsp.protocol.make_client_capabilities(),
          { window = { showDocument = { support = true } } }),
        handlers = {
          -- Show plugin output (type 4) and transition faults (type 1) as messages.
          ["window/logMessage"] = function(_, params)
            local level = params.type == 1 and vim.log.levels.ERROR or vim.log.levels.INFO
            vim.notify("scrim: " .. params.message, level)
          end,
          -- An exported Swift file: open it here. The preview's page and a GIF: open them in
          -- the browser or viewer, or show where they are.
          ["window/showDocument"] = function(_, params)
            if not params.external then
              vim.cmd("edit " .. vim.fn.fnameescape(vim.uri_to_fname(params.uri)))
              return { success = true }
            end
            if vim.fn.executable("xdg-open") == 1 then
              vim.fn.jobstart({ "xdg-open", params.uri }, { detach = true })
            else
              vim.notify("scrim: preview at " .. params.uri)
            end
            return { success = true }
          end,
        },
      })
    end
    if scrim_client ~= nil then
      vim.lsp.buf_attach_client(args.buf, scrim_client)
    end
  end,
})

-- :ScrimPreview previews the current plugin from anywhere in it.
vim.api.nvim_create_user_command("ScrimPreview", function()
  vim.lsp.buf.execute_command({ command = "scrim.preview", arguments = { vim.uri_from_bufnr(0) } })
end, {})
