import CLua
import ScrimCore

/// A Swift role object backing a plugin instance: what the instance inherits from the host
/// (the percent driver's methods, a presentation controller's fields) is looked up here.
@MainActor
protocol LuaRoleHost: AnyObject {
    /// Pushes the inherited value for `key` (and returns 1), or returns 0 for none.
    func inherited(_ key: String, _ call: LuaCall) throws -> Int32
}

/// The handle type of role hosts: indexing it asks the host.
@MainActor
enum RoleHostBridge {
    static let typeName = "scrim.RoleHost"

    static func install(in runtime: LuaRuntime) {
        runtime.defineHandleType(typeName, index: { call in
            let key = try call.string(2, "field")
            switch call.runtime.handle(at: 1, typeName: typeName, in: call.L) {
            case .alive(let object):
                guard let host = object as? any LuaRoleHost else { return 0 }
                return try host.inherited(key, call)
            case .gone, .notAHandle:
                return 0
            }
        })
    }
}

/// A plugin instance and how to call it.
@MainActor
struct PluginInstance {
    let library: PluginLibrary
    let plugin: Plugin
    /// The role the instance plays: the role its uncaught errors are faults of.
    let role: TransitionRole
    let table: LuaReference

    /// `instance:method(…)`; nil if the instance has no such method.
    func call<Result>(
        _ method: String, context: TransitionContext? = nil, results: Int32 = 1,
        arguments: (LuaCall) throws -> Int32 = { _ in 0 }, read: (LuaCall) throws -> Result
    ) throws -> Result? {
        try library.invoke(
            table, method, plugin: plugin, role: role, context: context, results: results, arguments: arguments, read: read)
    }

    /// `instance:method(…)`'s answer, which must be true or false; nil if the instance has no such
    /// method.
    func ask(_ method: String, arguments: (LuaCall) throws -> Int32) throws -> Bool? {
        try call(method, arguments: arguments) { call -> Bool in
            guard call.type(-1) == LUA_TBOOLEAN else {
                throw LuaCallError("\(method) must return true or false; got \(call.typeName(-1))")
            }
            return call.bool(-1)
        }
    }

    /// `instance:method(…)` for its effect; returns whether the method exists. (A name of its own:
    /// with a trailing closure, an overload of `call` could take the closure as `read`.)
    @discardableResult
    func perform(_ method: String, context: TransitionContext? = nil, arguments: (LuaCall) throws -> Int32 = { _ in 0 }) throws -> Bool {
        try call(method, context: context, results: 0, arguments: arguments) { _ in () } != nil
    }

    /// `instance:method(argument)` for its effect; returns whether the method exists.
    @discardableResult
    func perform(_ method: String, context: TransitionContext? = nil, with argument: some LuaPushable) throws -> Bool {
        try perform(method, context: context) { call in
            argument.push(to: call)
            return 1
        }
    }

    /// A new instance of `plugin` (a reloaded version of this one's) made with `options`, whose
    /// `onReload(oldInstance)` ran to carry state over; nil when it cannot be made.
    func moved(to plugin: Plugin, options: RoleOptions, host: (any LuaRoleHost)?) -> PluginInstance? {
        guard let fresh = try? PluginInstance(of: plugin, in: library, role: role, options: options, host: host) else {
            return nil
        }
        _ = try? fresh.perform("onReload") { call in
            call.push(self.table)
            return 1
        }
        return fresh
    }

    func number(_ field: String) throws -> Double? { try library.numberField(of: table, field) }
    func bool(_ field: String) throws -> Bool { try library.boolField(of: table, field) }
    func type(_ field: String) throws -> Int32 { try library.fieldType(of: table, field) }
}

extension PluginInstance {
    /// A new instance of `plugin` playing `role`, made with `options`; `host` answers what the
    /// instance inherits (nil: nothing). (In an extension, so the memberwise initializer stays.)
    init(
        of plugin: Plugin, in library: PluginLibrary, role: TransitionRole, options: RoleOptions, host: (any LuaRoleHost)?
    ) throws {
        self.init(
            library: library, plugin: plugin, role: role,
            table: try library.makeInstance(of: plugin, options: options, host: host, role: role))
    }
}
