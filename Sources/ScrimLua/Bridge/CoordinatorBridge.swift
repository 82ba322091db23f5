import CLua
import ScrimCore

/// The transition coordinator as a handle (Docs/LuaAPI.md, "The coordinator"): alongside
/// animations and their completions, interaction-change notifications, and the transition's state.
@MainActor
enum CoordinatorBridge {
    static let table: BridgedType<TransitionCoordinator> = BridgedType(
        HandleKind(
            typeName: "scrim.Coordinator",
            expected: "a transition coordinator", gone: "the coordinator's transition has ended"),
        displayName: "the coordinator", handleName: "coordinator",
        assignment: .refused(reason: "the coordinator is read-only"),
        fields: BridgeField.transitionState + [
            BridgeField("isCancelled", "whether the transition was cancelled", \.isCancelled),
        ],
        methods: [
            .returning(
                "animateAlongsideTransition", "animates with the transition's timing; a completion runs after it"
            ) { call, coordinator in
                let name = "animateAlongsideTransition"
                return coordinator.animate(
                    alongsideTransition: try block(call, 2, name, "animation"), completion: try block(call, 3, name, "completion"))
            },
            .returning(
                "animateAlongsideTransitionInView", "as animateAlongsideTransition (the view is for UIKit compatibility)"
            ) { call, coordinator in
                let name = "animateAlongsideTransitionInView"
                return coordinator.animateAlongsideTransition(
                    in: try call.optionalView(2, name), animation: try block(call, 3, name, "animation"),
                    completion: try block(call, 4, name, "completion"))
            },
            BridgeMethod(
                "notifyWhenInteractionChanges", "calls a function whenever the transition stops or starts being interactive"
            ) { call, coordinator in
                let name = "notifyWhenInteractionChanges"
                guard let handler = try block(call, 2, name, "handler") else { throw call.expected("a function", name, 2) }
                coordinator.notifyWhenInteractionChanges(handler)
                return 0
            },
        ])

    /// The optional function argument at `index` of the method `name` as a coordinator block: it
    /// runs in the scope of the call that handed it over, with the coordinator as its argument.
    private static func block(
        _ call: LuaCall, _ index: Int32, _ name: String, _ what: String
    ) throws -> TransitionCoordinator.Block? {
        guard let function = try call.optionalFunction(index, "\(name) \(what)") else { return nil }
        return call.runtime.callback(function, context: "coordinator \(what)")
    }
}

extension LuaCall {
    func coordinator(_ index: Int32, _ name: String) throws -> TransitionCoordinator {
        try object(CoordinatorBridge.table.handle, at: index, name)
    }

    func pushCoordinator(_ coordinator: TransitionCoordinator?) {
        push(coordinator, as: CoordinatorBridge.table.handle)
    }
}
