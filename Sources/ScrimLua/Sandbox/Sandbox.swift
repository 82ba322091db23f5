import CLua
import CLuaRuntime

/// The sandbox (Docs/LuaAPI.md, "The sandbox") in one state: a shared, read-only base of the
/// allowed functions and libraries, and a fresh environment per plugin over it.
///
/// The base is built once by `prelude`, which runs with the full standard library in the state's
/// real global table; plugins never see that table. Library tables are read-only proxies (writes,
/// `rawset` and `setmetatable` on them raise errors), the string metatable is protected, `load`
/// takes text only (and `string.dump` is gone), `collectgarbage` answers `"count"` only, and `coroutine.resume`/`wrap` put
/// the instruction budget's hook on a coroutine before running it.
@MainActor
final class Sandbox {
    let state: LuaState
    private let makeEnvironmentFunction: LuaReference
    /// A Lua function that makes a table read-only for plugins: `rawset` and `setmetatable` on
    /// it raise (for tables shared by all plugins that the host builds later, like `scrim`).
    let protectFunction: LuaReference

    init(state: LuaState) throws(LuaError) {
        self.state = state
        try state.load(Self.prelude, chunkName: "=scrim-sandbox")
        state.withUnsafeState { L in
            scrim_push_hook_thread(L)
            scrim_push_enter_thread(L)
            scrim_push_guard_handler(L)
        }
        try state.protectedCall(arguments: 3, results: 2)
        protectFunction = state.makeReference()
        makeEnvironmentFunction = state.makeReference()
    }

    /// A new plugin environment: its globals, over the base, with its own `load` (bound to it),
    /// and `print` and `require` as given (nil: `print` is a no-op, `require` knows only what
    /// `modules` holds). Leaves nothing on the stack.
    func makeEnvironment(print: LuaReference? = nil, require: LuaReference? = nil) throws(LuaError) -> LuaReference {
        state.push(makeEnvironmentFunction)
        state.withUnsafeState { L in
            if let print { state.push(print) } else { lua_pushnil(L) }
            if let require { state.push(require) } else { lua_pushnil(L) }
        }
        try state.protectedCall(arguments: 2, results: 1)
        return state.makeReference()
    }

    /// Runs with the full library in the state's real globals; receives the C functions that put
    /// the budget hook on a thread, that mark the calling thread as running again, and that guard
    /// an xpcall message handler; returns the function that makes plugin environments and the
    /// one that protects a table.
    static let prelude = #"""
        local hook_thread, enter_thread, guard_handler = ...
        local protected = setmetatable({}, { __mode = "k" })

        local function readonly(source, name)
          local proxy = setmetatable({}, {
            __index = source,
            __newindex = function(_, key)
              error("attempt to modify the read-only '" .. name .. "' library (field '" .. tostring(key) .. "')", 2)
            end,
            __pairs = function() return next, source, nil end,
            __len = function() return #source end,
            __metatable = false,
          })
          protected[proxy] = true
          return proxy
        end

        local function pick(library, names)
          local copy = {}
          for _, key in ipairs(names) do copy[key] = library[key] end
          return copy
        end

        local raw_resume, raw_create, raw_close = coroutine.resume, coroutine.create, coroutine.close
        -- Coroutines a limit stopped: Lua stopped them inside the budget hook, where hooks are
        -- off, so their pending __close handlers would run unbudgeted; they are not closed.
        local stopped = setmetatable({}, { __mode = "k" })
        local function after_resume(co, exceeded, ok, ...)
          if exceeded and not ok then stopped[co] = true end
          return ok, ...
        end
        local function resume(co, ...)
          if type(co) == "thread" then hook_thread(co) end
          return after_resume(co, enter_thread(raw_resume(co, ...)))
        end
        local function close(co)
          if type(co) ~= "thread" then
            error("bad argument #1 to 'close' (thread expected, got " .. (co == nil and "no value" or type(co)) .. ")", 2)
          end
          if stopped[co] then return false, "the coroutine was stopped by a limit and cannot be closed" end
          return raw_close(co)
        end
        local function wrap(f)
          local co = raw_create(f)
          return function(...)
            local results = table.pack(resume(co, ...))
            if results[1] then return table.unpack(results, 2, results.n) end
            error(results[2], 0)
          end
        end
        local coroutine_library = pick(coroutine, { "create", "isyieldable", "running", "status", "yield" })
        coroutine_library.resume = resume
        coroutine_library.wrap = wrap
        coroutine_library.close = close

        local string_functions = {}
        for key, value in pairs(string) do
          if key ~= "dump" then string_functions[key] = value end
        end
        local string_library = readonly(string_functions, "string")
        local string_metatable = getmetatable("")
        string_metatable.__index = string_library
        string_metatable.__metatable = readonly(pick(string_metatable, { "__index" }), "string metatable")

        local base = {
          assert = assert, error = error, ipairs = ipairs, next = next, pairs = pairs, pcall = pcall,
          select = select, tonumber = tonumber, tostring = tostring, type = type,
          rawequal = rawequal, rawget = rawget, rawlen = rawlen, getmetatable = getmetatable,
          unpack = table.unpack,
          string = string_library,
          table = readonly(table, "table"),
          math = readonly(math, "math"),
          utf8 = readonly(utf8, "utf8"),
          coroutine = readonly(coroutine_library, "coroutine"),
          os = readonly(pick(os, { "clock", "time", "date" }), "os"),
        }
        -- Lua calls a message handler from inside the budget hook once the budget is spent, with
        -- hooks off: the guard passes the error through unchanged then.
        base.xpcall = function(f, handler, ...)
          if type(handler) ~= "function" then
            error("bad argument #2 to 'xpcall' (function expected, got " .. (handler == nil and "no value" or type(handler)) .. ")", 2)
          end
          return xpcall(f, guard_handler(handler), ...)
        end
        base.rawset = function(t, key, value)
          if protected[t] then error("attempt to modify a read-only table with rawset", 2) end
          return rawset(t, key, value)
        end
        base.setmetatable = function(t, metatable)
          if protected[t] then error("cannot change the metatable of a read-only table", 2) end
          -- Lua runs finalizers with hooks off, so the budget could not stop a looping __gc.
          if type(metatable) == "table" and rawget(metatable, "__gc") ~= nil then
            error("__gc metamethods are not available to plugins", 2)
          end
          return setmetatable(t, metatable)
        end
        base.collectgarbage = function(option, ...)
          if option == "count" then return collectgarbage("count") end
          error("collectgarbage: only 'count' is available to plugins", 2)
        end
        local base_proxy = readonly(base, "base")

        local function protect(t)
          protected[t] = true
          return t
        end

        return function(print, require)
          local env = {}
          env._G = env
          env.load = function(chunk, chunkname, _, environment)
            return load(chunk, chunkname, "t", environment or env)
          end
          env.print = print or function() end
          env.require = require or function(name)
            error("module '" .. tostring(name) .. "' not found: plugins may require 'scrim' and plugin files only", 2)
          end
          return setmetatable(env, { __index = base_proxy, __metatable = false })
        end, protect
        """#
}
