import CLua
import ScrimCore

/// Instances: making a plugin's instance, calling its methods and reading its fields, each in
/// protected mode through the privileged helpers (a class may have metamethods).
extension PluginLibrary {
    /// A new instance of `plugin` (Docs/LuaAPI.md, "Instances and `new(options)`"):
    /// `Class.new(options)` if the class defines `new`, else a new table; its metatable's
    /// `__index` is the class, then what the role inherits from the host (`host`, a role object
    /// with `inherited`). `role` is the role the instance plays (its uncaught errors are its faults).
    ///
    /// - Throws: `InstanceError`: `new` failed, or returned something other than a table.
    func makeInstance(
        of plugin: Plugin, options: RoleOptions, host: (any LuaRoleHost)?, role: TransitionRole
    ) throws(InstanceError) -> LuaReference {
        try runtime.withStack { call throws(InstanceError) in
            pushHelper("make", call)
            call.push(plugin.classTable)
            call.push(options)
            if let host {
                call.pushHandle(host, typeName: RoleHostBridge.typeName)
            } else {
                call.pushNil()
            }
            runtime.pushScope(LuaRuntime.Scope(plugin: plugin.name, role: role, context: nil))
            defer { runtime.popScope() }
            do throws(LuaError) {
                try runtime.state.protectedCall(arguments: 3, results: 2)
            } catch {
                // A failing `new` is the plugin's fault, whoever asked for the instance.
                report(error, in: plugin, context: "new")
                throw .constructorFailed(error)
            }
            guard call.type(-2) == LUA_TTABLE else {
                // A wrong return value: a diagnostic on the plugin's file, at the line that defines `new`.
                // The helper returned nil and the type of what `new` returned.
                let returned = (try? call.string(-1, "type")) ?? "nil"
                let message = "new(options) must return a table (the instance), got \(returned)"
                let line = definitionLine(of: "new", in: plugin) ?? 0
                let diagnostic = DiagnosticBuilder(path: plugin.path, source: plugin.source).diagnostic(atLine: line, message: message)
                var list = diagnostics[plugin.path] ?? []
                if !list.contains(diagnostic) {
                    list.append(diagnostic)
                    publish(plugin.path, list)
                }
                throw .badResult("\(plugin.path):\(line + 1): \(message)")
            }
            return call.reference(-2)
        }
    }

    /// Calls `instance:method(…)` in protected mode. Returns nil when the instance has no such
    /// method; otherwise what `read` makes of the results.
    func invoke<Result>(
        _ instance: LuaReference, _ method: String, plugin: Plugin, role: TransitionRole, context: TransitionContext?,
        results: Int32 = 1,
        helper: String = "invoke", arguments: (LuaCall) throws -> Int32 = { _ in 0 }, read: (LuaCall) throws -> Result
    ) throws -> Result? {
        try runtime.withStack { call in
            pushHelper(helper, call)
            call.push(instance)
            call.push(method)
            let count = try arguments(call)
            runtime.pushScope(LuaRuntime.Scope(plugin: plugin.name, role: role, context: context))
            defer { runtime.popScope() }
            do throws(LuaError) {
                try runtime.state.protectedCall(arguments: 2 + count, results: results + 1)
            } catch {
                report(error, in: plugin, context: method)
                throw error
            }
            // The first result says whether the method exists.
            guard call.bool(-results - 1) else { return nil }
            call.remove(-results - 1)
            do {
                return try read(call)
            } catch {
                throw resultFault(error, of: method, in: plugin)
            }
        }
    }

    // MARK: Reading plugin tables (protected: a class may have metamethods)

    /// The type of `table[key]`, read in protected mode.
    func fieldType(of table: LuaReference, _ key: String) throws(LuaError) -> Int32 {
        try withField(of: table, key) { call in call.type(-1) }
    }

    func boolField(of table: LuaReference, _ key: String) throws(LuaError) -> Bool {
        try withField(of: table, key) { call in call.bool(-1) }
    }

    func stringField(of table: LuaReference, _ key: String) throws(LuaError) -> String? {
        try withField(of: table, key) { call in call.type(-1) == LUA_TSTRING ? try? call.string(-1, key) : nil }
    }

    func numberField(of table: LuaReference, _ key: String) throws(LuaError) -> Double? {
        try withField(of: table, key) { call in call.type(-1) == LUA_TNUMBER ? try? call.number(-1, key) : nil }
    }

    /// Reads `table[key]` through the helpers' `get` (in protected mode) and runs `body` with it
    /// on top of the stack.
    /// Whether `instance.unwindActions[name]` is a function (read in protected mode).
    func hasUnwindAction(_ instance: LuaReference, _ name: String) throws(LuaError) -> Bool {
        try runtime.withStack { call throws(LuaError) in
            pushHelper("hasAction", call)
            call.push(instance)
            call.push(name)
            try runtime.state.protectedCall(arguments: 2, results: 1)
            return call.bool(-1)
        }
    }

    func withField<Result>(of table: LuaReference, _ key: String, _ body: (LuaCall) -> Result) throws(LuaError) -> Result {
        try runtime.withStack { call throws(LuaError) in
            pushHelper("get", call)
            call.push(table)
            call.push(key)
            try runtime.state.protectedCall(arguments: 2, results: 1)
            return body(call)
        }
    }
}
