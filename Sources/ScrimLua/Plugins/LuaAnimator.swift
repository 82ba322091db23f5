import CLua
import ScrimCore

/// An animator played by a plugin (Docs/LuaAPI.md, "A plugin is one Lua file"):
/// `transitionDuration(ctx)` (or a `duration` field), `animateTransition(ctx)`,
/// `animationEnded(completed)`, `interruptibleAnimator(ctx)`.
@MainActor
final class LuaAnimator: AnimatedTransitioning, NamedTransitionRole, LuaRoleHost {
    private(set) var instance: PluginInstance!
    var roleName: String { instance.plugin.name }

    init(library: PluginLibrary, plugin: Plugin, options: RoleOptions) throws {
        instance = try PluginInstance(of: plugin, in: library, role: .animator, options: options, host: nil)
    }

    /// The animator an existing instance plays: a delegate's own instance that vends itself.
    init(sharing other: PluginInstance) {
        instance = PluginInstance(library: other.library, plugin: other.plugin, role: .animator, table: other.table)
    }

    func inherited(_ key: String, _ call: LuaCall) throws -> Int32 { 0 }

    func transitionDuration(using context: TransitionContext?) throws -> Double {
        if let duration = try instance.call("transitionDuration", context: context, arguments: { call in
            if let context { call.pushContext(context) } else { call.pushNil() }
            return 1
        }, read: { call -> Double in
            guard call.type(-1) == LUA_TNUMBER else {
                throw LuaCallError("transitionDuration must return a number of seconds, got \(call.typeName(-1))")
            }
            return try call.number(-1, "transitionDuration")
        }) {
            return duration
        }
        guard let duration = try instance.number("duration") else {
            throw LuaCallError("animator '\(roleName)' defines neither transitionDuration(ctx) nor a duration field")
        }
        return duration
    }

    func animateTransition(using context: TransitionContext) throws {
        try instance.perform("animateTransition", context: context) { call in
            call.pushContext(context)
            return 1
        }
    }

    func animationEnded(_ transitionCompleted: Bool) {
        _ = try? instance.perform("animationEnded", with: transitionCompleted)
    }

    func interruptibleAnimator(using context: TransitionContext) throws -> PropertyAnimator? {
        try instance.call("interruptibleAnimator", context: context, arguments: { call in
            call.pushContext(context)
            return 1
        }, read: { call -> PropertyAnimator? in
            call.isNil(-1) ? nil : try call.propertyAnimator(-1, "interruptibleAnimator result")
        }) ?? nil
    }
}
