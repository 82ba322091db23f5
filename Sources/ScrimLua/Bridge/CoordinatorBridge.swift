import CLua
import ScrimCore

/// The transition coordinator as a handle (SPEC §6.3): alongside animations and their
/// completions, interaction-change notifications, and the transition's state.
@MainActor
enum CoordinatorBridge {
    static let typeName = "scrim.Coordinator"
    static let fields = ["isAnimated", "isInteractive", "isCancelled", "percentComplete", "transitionDuration", "containerView"]
    static let methodNames = ["animateAlongsideTransition", "animateAlongsideTransitionInView", "notifyWhenInteractionChanges"]

    static func install(in runtime: LuaRuntime) {
        var methods: [String: LuaReference] = [:]
        for name in methodNames { methods[name] = runtime.makeFunction { call in try method(name, call) } }
        runtime.defineHandleType(typeName, index: { call in
            let coordinator = try call.coordinator(1, "coordinator")
            let key = try call.string(2, "field")
            if let method = methods[key] {
                call.push(method)
                return 1
            }
            switch key {
            case "isAnimated": call.push(coordinator.isAnimated)
            case "isInteractive": call.push(coordinator.isInteractive)
            case "isCancelled": call.push(coordinator.isCancelled)
            case "percentComplete": call.push(coordinator.percentComplete)
            case "transitionDuration": call.push(coordinator.transitionDuration)
            case "containerView": call.pushView(coordinator.containerView)
            default:
                let suggestion = NameSuggestion.closest(to: key, in: fields + methodNames)
                throw LuaCallError("unknown field '\(key)' on the coordinator" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
            }
            return 1
        }, newIndex: { call in
            throw LuaCallError("the coordinator is read-only (field '\(try call.string(2, "field"))')")
        })
    }

    private static func method(_ name: String, _ call: LuaCall) throws -> Int32 {
        let coordinator = try call.coordinator(1, "\(name): self")
        let runtime = call.runtime
        let scope = runtime.currentScope
        func block(_ index: Int32, _ what: String) throws -> TransitionCoordinator.Block? {
            guard let function = try call.optionalFunction(index, "\(name) \(what)") else { return nil }
            return { coordinator in
                runtime.callReporting(function, context: "coordinator \(what)", scope: scope) { call in
                    call.pushCoordinator(coordinator)
                    return 1
                }
            }
        }
        switch name {
        case "animateAlongsideTransition":
            call.push(coordinator.animate(alongsideTransition: try block(2, "animation"), completion: try block(3, "completion")))
        case "animateAlongsideTransitionInView":
            call.push(coordinator.animateAlongsideTransition(
                in: try call.optionalView(2, name), animation: try block(3, "animation"), completion: try block(4, "completion")))
        case "notifyWhenInteractionChanges":
            guard let handler = try block(2, "handler") else { throw call.expected("a function", name, 2) }
            coordinator.notifyWhenInteractionChanges(handler)
            return 0
        default:
            throw LuaCallError("unknown method '\(name)' on the coordinator")
        }
        return 1
    }
}

extension LuaCall {
    func coordinator(_ index: Int32, _ name: String) throws -> TransitionCoordinator {
        switch runtime.handle(at: index, typeName: CoordinatorBridge.typeName, in: L) {
        case .alive(let object): return object as! TransitionCoordinator
        case .gone: throw LuaCallError("\(name): the coordinator's transition has ended")
        case .notAHandle: throw expected("a transition coordinator", name, index)
        }
    }

    func pushCoordinator(_ coordinator: TransitionCoordinator?) {
        if let coordinator { runtime.pushHandle(coordinator, typeName: CoordinatorBridge.typeName) } else { pushNil() }
    }
}
