import CLua
import ScrimCore

/// An interaction controller played by a plugin (Docs/LuaAPI.md, "A plugin is one Lua file").
/// With `percentDriven = true` it is a `PercentDrivenInteractiveTransition`: the host's
/// `startInteractiveTransition` runs first (it starts the animator paused), then the plugin's.
/// With `handleGesture(gesture)` the host adds a pan recognizer to the container whose action
/// calls it — or, for a pop that a navigation controller's edge swipe began, hands it the rest of
/// that swipe. The instance inherits `updateInteractiveTransition`, `finishInteractiveTransition`,
/// `cancelInteractiveTransition`, `pauseInteractiveTransition` and the fields `percentComplete` and
/// `duration`.
@MainActor
final class LuaInteraction: PercentDrivenInteractiveTransition, NamedTransitionRole, LuaRoleHost {
    private(set) var instance: PluginInstance!
    private var inheritedMethods: [String: LuaReference] = [:]
    var roleName: String { instance.plugin.name }

    init(library: PluginLibrary, plugin: Plugin, options: RoleOptions) throws {
        super.init()
        instance = try PluginInstance(
            of: plugin, in: library, role: .interactionController, options: options, host: self)
        if let speed = try instance.number("completionSpeed") { completionSpeed = speed }
        if let curve = try? instance.library.stringField(of: instance.table, "completionCurve") {
            guard let parsed = AnimationCurve(rawValue: curve) else {
                throw LuaCallError("completionCurve must be a curve name such as \"easeInOut\", got \"\(curve)\"")
            }
            completionCurve = parsed
        }
        if try instance.type("wantsInteractiveStart") == LUA_TBOOLEAN {
            wantsInteractiveStart = try instance.bool("wantsInteractiveStart")
        }
        let runtime = library.runtime
        for name in ["updateInteractiveTransition", "finishInteractiveTransition", "cancelInteractiveTransition", "pauseInteractiveTransition"] {
            inheritedMethods[name] = runtime.makeFunction { [weak self] call in
                guard let self else { throw LuaCallError("\(name): the interaction controller is gone") }
                switch name {
                case "updateInteractiveTransition": self.update(try call.number(2, name))
                case "finishInteractiveTransition": self.finish()
                case "cancelInteractiveTransition": self.cancel()
                default: self.pause()
                }
                return 0
            }
        }
    }

    func inherited(_ key: String, _ call: LuaCall) throws -> Int32 {
        if let method = inheritedMethods[key] {
            call.push(method)
            return 1
        }
        switch key {
        case "percentComplete": call.push(percentComplete)
        case "duration": call.push(duration)
        case "completionSpeed": call.push(completionSpeed)
        case "completionCurve": call.push(completionCurve.rawValue)
        case "wantsInteractiveStart": call.push(wantsInteractiveStart)
        default: return 0
        }
        return 1
    }

    /// The navigation controller's edge swipe when it began the pop `context` runs (it is still
    /// in progress): it drives `handleGesture`, not a new recognizer on the container.
    private static func edgeSwipe(driving context: TransitionContext) -> PanGestureRecognizer? {
        guard context.operation == .pop,
            let navigation = context.viewController(forKey: .from)?.navigationController
        else { return nil }
        let swipe = navigation.interactivePopGestureRecognizer
        return swipe.state == .began || swipe.state == .changed ? swipe : nil
    }

    override func startInteractiveTransition(_ context: TransitionContext) throws {
        let percentDriven = try instance.bool("percentDriven")
        if percentDriven { try super.startInteractiveTransition(context) }
        try instance.perform("startInteractiveTransition", context: context) { call in
            call.pushContext(context)
            return 1
        }
        if try instance.type("handleGesture") == LUA_TFUNCTION {
            let handle: (PanGestureRecognizer) -> Void = { [weak self, weak context] gesture in
                guard let self else { return }
                _ = try? self.instance.perform("handleGesture", context: context) { call in
                    call.push(gesture, as: GestureBridge.table.handle)
                    return 1
                }
            }
            if let swipe = Self.edgeSwipe(driving: context) {
                swipe.addTargetUntilGestureEnds(handle)
            } else {
                let recognizer = PanGestureRecognizer { gesture in
                    handle(gesture)
                    if gesture.state == .ended || gesture.state == .cancelled { gesture.view?.removeGestureRecognizer(gesture) }
                }
                context.containerView.addGestureRecognizer(recognizer)
            }
        }
    }
}
