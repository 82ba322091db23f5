import CLua
import ScrimCore

/// Builds the `scrim` module (Docs/LuaAPI.md) in a runtime: the value types (in Lua), views, gestures,
/// animation and logging, behind a read-only table whose unknown names raise "did you mean".
@MainActor
enum ScrimModule {
    /// The names the module exposes at its top level (for suggestions and `scrim.d.lua`).
    static let names = [
        "Point", "Size", "Rect", "Transform", "Transform3D", "Color", "View", "Label", "ImageView", "PanGestureRecognizer", "PropertyAnimator",
        "animate", "animateKeyframes", "addKeyframe", "plugin", "log",
    ]

    /// Creates the module and returns a reference to its read-only face. `log` receives what
    /// `scrim.log` prints (with the call, to find the caller); `plugin` makes another plugin's instance (nil: not available).
    static func build(
        in runtime: LuaRuntime, log: @escaping (LuaCall, String) -> Void, plugin: LuaRuntime.Callback? = nil
    ) throws(LuaError) -> LuaReference {
        let state = runtime.state
        let module = state.withUnsafeState { L -> LuaReference in
            scrim_lua_newtable(L)
            return state.makeReference()
        }
        try state.load(GeometryModule.source, chunkName: "=scrim")
        state.push(module)
        try state.protectedCall(arguments: 1, results: 5)
        let constants = state.makeReference()
        let color = state.makeReference()
        let transform3D = state.makeReference()
        let transform = state.makeReference()
        let geometry = state.makeReference()
        runtime.metatables = ValueMetatables(geometry: geometry, transform: transform, transform3D: transform3D, color: color)

        ViewBridge.table.install(in: runtime)
        LayerBridge.table.install(in: runtime)
        for subclass in ViewBridge.subclasses { subclass.table.install(in: runtime) }
        GestureBridge.table.install(in: runtime)
        ContextBridge.table.install(in: runtime)
        CoordinatorBridge.table.install(in: runtime)
        ViewControllerBridge.table.install(in: runtime)
        SegueBridge.table.install(in: runtime)
        PopoverBridge.table.install(in: runtime)
        PropertyAnimatorBridge.table.install(in: runtime)
        RoleHostBridge.install(in: runtime)

        func set(_ key: String, _ body: @escaping LuaRuntime.Callback, inTable table: String? = nil) {
            state.withUnsafeState { L in
                state.push(module)
                if let table {
                    if lua_getfield(L, -1, table) != LUA_TTABLE {
                        scrim_lua_pop(L, 1)
                        scrim_lua_newtable(L)
                        lua_pushvalue(L, -1)
                        lua_setfield(L, -3, table)
                    }
                }
                runtime.pushFunction(body)
                lua_setfield(L, -2, key)
                lua_settop(L, 0)
            }
        }
        set("new", ViewBridge.makeView, inTable: "View")
        set("transition", ViewTransitionBridge.transition, inTable: "View")
        for subclass in ViewBridge.subclasses { set("new", subclass.makeView, inTable: subclass.table.displayName) }
        set("new", GeometryModule.makeTransform3D, inTable: "Transform3D")
        set("new", GestureBridge.makeRecognizer, inTable: "PanGestureRecognizer")
        set("new", PropertyAnimatorBridge.makeAnimator, inTable: "PropertyAnimator")
        set("animate", AnimationBridge.animate)
        set("animateKeyframes", AnimationBridge.animateKeyframes)
        set("addKeyframe", AnimationBridge.addKeyframe)
        set("log", { call in
            log(call, call.joinedArguments())
            return 0
        })
        if let plugin { set("plugin", plugin) }

        // The read-only face: unknown names raise with a suggestion.
        try state.load(Self.face, chunkName: "=scrim")
        state.push(module)
        state.push(runtime.sandbox.protectFunction)
        runtime.pushFunction(explainUnknownField)
        state.push(constants)
        try state.protectedCall(arguments: 4, results: 1)
        return state.makeReference()
    }

    /// `explain(key [, table, names…])`: the message for a name missing from the module (or from
    /// its sub-table `table`, which has `names`), with a suggestion.
    private static func explainUnknownField(_ call: LuaCall) throws -> Int32 {
        let key = try call.string(1, "name")
        let table = try call.optionalString(2, "table")
        let candidates = try table == nil ? names : stride(from: 3, through: call.count, by: 1).map { try call.string($0, "name") }
        call.push("unknown field '\(key)' in \(table ?? "scrim")" + NameSuggestion.hint(for: key, in: candidates))
        return 1
    }

    private static let face = #"""
        local module, protect, explain, constants = ...
        local unpack = table.unpack
        -- Sub-tables (Transform, Color, View, …) are read-only too: all plugins share them. The
        -- sandbox's protect makes rawset and setmetatable refuse them. A name a sub-table does not
        -- have raises with a suggestion among its names and the constants it makes on read.
        local faces = {}
        local function face(name, sub)
          local existing = faces[name]
          if existing then return existing end
          local function unknown(key)
            local names = {}
            for known in next, sub do names[#names + 1] = known end
            for known in next, constants[name] or {} do names[#names + 1] = known end
            error(explain(tostring(key), "scrim." .. name, unpack(names)), 3)
          end
          local proxy = setmetatable({}, {
            __index = function(_, key)
              local value = sub[key]
              if value == nil then unknown(key) end
              return value
            end,
            __newindex = function(_, key)
              error("attempt to modify the read-only 'scrim." .. name .. "' (field '" .. tostring(key) .. "')", 2)
            end,
            __call = function(_, ...) return sub(...) end,
            __pairs = function() return next, sub, nil end,
            __metatable = false,
          })
          faces[name] = protect(proxy)
          return proxy
        end
        return protect(setmetatable({}, {
          __index = function(_, key)
            local value = module[key]
            if value == nil then error(explain(tostring(key)), 2) end
            if type(value) == "table" then return face(key, value) end
            return value
          end,
          __newindex = function(_, key)
            error("attempt to modify the read-only 'scrim' module (field '" .. tostring(key) .. "')", 2)
          end,
          __pairs = function() return next, module, nil end,
          __metatable = false,
        }))
        """#
}

extension LuaCall {
    /// The arguments as `print` shows them, separated by tabs (numbers and strings as text, other
    /// values by type).
    func joinedArguments() -> String {
        (1...max(count, 1)).prefix(Int(count)).map { index -> String in
            switch type(index) {
            case LUA_TSTRING, LUA_TNUMBER: String(cString: scrim_lua_tostring(L, index))
            case LUA_TBOOLEAN: bool(index) ? "true" : "false"
            case LUA_TNIL: "nil"
            default: typeName(index)
            }
        }.joined(separator: "\t")
    }
}
