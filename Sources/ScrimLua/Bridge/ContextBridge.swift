import CLua
import ScrimCore

/// The transitioning context as a handle (SPEC §6.3). Once its transition ended, using it raises
/// a clear error.
@MainActor
enum ContextBridge {
    static let typeName = "scrim.Context"
    static let fields = [
        "containerView", "isAnimated", "isInteractive", "isPresenting", "transitionWasCancelled",
        "presentationStyle", "targetTransform", "percentComplete", "transitionDuration",
    ]
    static let methodNames = [
        "viewController", "view", "initialFrame", "finalFrame", "completeTransition", "updateInteractiveTransition",
        "finishInteractiveTransition", "cancelInteractiveTransition", "pauseInteractiveTransition",
    ]

    static func install(in runtime: LuaRuntime) {
        var methods: [String: LuaReference] = [:]
        for name in methodNames { methods[name] = runtime.makeFunction { call in try method(name, call) } }
        runtime.defineHandleType(typeName, index: { call in
            let context = try call.context(1, "context")
            let key = try call.string(2, "field")
            if let method = methods[key] {
                call.push(method)
                return 1
            }
            switch key {
            case "containerView": call.pushView(context.containerView)
            case "isAnimated": call.push(context.isAnimated)
            case "isInteractive": call.push(context.isInteractive)
            case "isPresenting": call.push(context.isPresenting)
            case "transitionWasCancelled": call.push(context.transitionWasCancelled)
            case "presentationStyle": call.push(context.presentationStyle.rawValue)
            case "targetTransform": call.push(context.targetTransform)
            case "percentComplete": call.push(context.percentComplete)
            case "transitionDuration": call.push(context.transitionDuration)
            default: throw unknown(key)
            }
            return 1
        }, newIndex: { call in
            throw LuaCallError("the context is read-only (field '\(try call.string(2, "field"))')")
        })
    }

    private static func method(_ name: String, _ call: LuaCall) throws -> Int32 {
        let context = try call.context(1, "\(name): self")
        switch name {
        case "viewController": call.pushViewController(context.viewController(forKey: try key(call, name)))
        case "view": call.pushView(context.view(forKey: try key(call, name)))
        case "initialFrame": call.push(context.initialFrame(for: try call.viewController(2, name)))
        case "finalFrame": call.push(context.finalFrame(for: try call.viewController(2, name)))
        case "completeTransition":
            call.runtime.atCallPosition(call) { context.completeTransition(call.bool(2)) }
            return 0
        case "updateInteractiveTransition":
            context.updateInteractiveTransition(try call.number(2, name))
            return 0
        case "finishInteractiveTransition":
            context.finishInteractiveTransition()
            return 0
        case "cancelInteractiveTransition":
            context.cancelInteractiveTransition()
            return 0
        case "pauseInteractiveTransition":
            context.pauseInteractiveTransition()
            return 0
        default: throw unknown(name)
        }
        return 1
    }

    private static func key(_ call: LuaCall, _ name: String) throws -> TransitionContext.Key {
        let text = try call.string(2, "\(name) key")
        guard let key = TransitionContext.Key(rawValue: text) else {
            throw LuaCallError("\(name): the key must be \"from\" or \"to\", got \"\(text)\"")
        }
        return key
    }

    static func unknown(_ key: String) -> LuaCallError {
        let suggestion = NameSuggestion.closest(to: key, in: fields + methodNames)
        return LuaCallError("unknown field '\(key)' on the context" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
    }
}

extension LuaCall {
    func context(_ index: Int32, _ name: String) throws -> TransitionContext {
        switch runtime.handle(at: index, typeName: ContextBridge.typeName, in: L) {
        case .alive(let object):
            let context = object as! TransitionContext
            guard !context.hasEnded else {
                throw LuaCallError("\(name): the context's transition has ended; keep no context beyond its transition")
            }
            return context
        case .gone: throw LuaCallError("\(name): the context's transition has ended")
        case .notAHandle: throw expected("a transition context", name, index)
        }
    }

    func pushContext(_ context: TransitionContext) {
        runtime.pushHandle(context, typeName: ContextBridge.typeName)
    }
}
