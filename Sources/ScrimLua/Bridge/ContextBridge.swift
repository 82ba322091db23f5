import CLua
import ScrimCore

/// The transitioning context as a handle (Docs/LuaAPI.md, "The context"). Once its transition
/// ended, using it raises a clear error.
@MainActor
enum ContextBridge {
    static let table: BridgedType<TransitionContext> = BridgedType(
        HandleKind(
            typeName: "scrim.Context", expected: "a transition context", gone: "the context's transition has ended"),
        displayName: "the context", handleName: "context",
        object: { call, index, name in try call.context(index, name) },
        assignment: .refused(reason: "the context is read-only"),
        fields: BridgeField.transitionState + [
            BridgeField(
                "isPresenting", "true for a presentation or a push, false for a dismissal, a pop or a tab switch",
                \.isPresenting),
            BridgeField(
                "operation", "\"push\", \"pop\" or \"tab\" for a container's transition, \"none\" for a presentation or dismissal",
                \.operation.rawValue),
            BridgeField("transitionWasCancelled", "whether the transition was cancelled", \.transitionWasCancelled),
            BridgeField(
                "presentationStyle", "the presented view controller's style, as its UIKit case name", \.presentationStyle),
            BridgeField("targetTransform", "always the identity (no interface rotations)", \.targetTransform),
        ],
        methods: [
            .returning("viewController", "the view controller for \"from\" or \"to\"") { call, context in
                context.viewController(forKey: try key(call, "viewController"))
            },
            .returning("view", "the view to animate for \"from\" or \"to\", or nil") { call, context in
                context.view(forKey: try key(call, "view"))
            },
            .returning("initialFrame", "where a view controller's view starts, in container coordinates") { call, context in
                context.initialFrame(for: try call.viewController(2, "initialFrame"))
            },
            .returning("finalFrame", "where a view controller's view must end, in container coordinates") { call, context in
                context.finalFrame(for: try call.viewController(2, "finalFrame"))
            },
            BridgeMethod("completeTransition", "ends the transition; call it once") { call, context in
                call.runtime.atCallPosition(call) { context.completeTransition(call.bool(2)) }
                return 0
            },
            BridgeMethod("updateInteractiveTransition", "sets how far the interaction has driven it") { call, context in
                context.updateInteractiveTransition(try call.number(2, "updateInteractiveTransition"))
                return 0
            },
            BridgeMethod("finishInteractiveTransition", "lets the transition finish on its own") { _, context in
                context.finishInteractiveTransition()
                return 0
            },
            BridgeMethod("cancelInteractiveTransition", "lets the transition run back and end cancelled") { _, context in
                context.cancelInteractiveTransition()
                return 0
            },
            BridgeMethod("pauseInteractiveTransition", "pauses the transition's animations") { _, context in
                context.pauseInteractiveTransition()
                return 0
            },
        ])

    private static func key(_ call: LuaCall, _ name: String) throws -> TransitionContext.Key {
        let text = try call.string(2, "\(name) key")
        guard let key = TransitionContext.Key(rawValue: text) else {
            throw LuaCallError("\(name): the key must be \"from\" or \"to\", got \"\(text)\"")
        }
        return key
    }
}

extension LuaCall {
    func context(_ index: Int32, _ name: String) throws -> TransitionContext {
        let context = try object(ContextBridge.table.handle, at: index, name)
        guard !context.hasEnded else {
            throw LuaCallError("\(name): the context's transition has ended; keep no context beyond its transition")
        }
        return context
    }

    func pushContext(_ context: TransitionContext) {
        push(context, as: ContextBridge.table.handle)
    }
}
