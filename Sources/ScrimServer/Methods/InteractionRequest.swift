import ScrimCore
internal import ScrimJSON

/// `scrim/interaction { transition, action: "update" | "finish" | "cancel" | "pause", percent? }`
/// → `{ percentComplete }`: drives an interactive transition directly, as its percent-driven
/// interaction controller would (`update` needs `percent` in 0…1).
enum InteractionRequest: RequestHandler {
    static let method = "scrim/interaction"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) -> JSONValue {
        let id = try params.integer("transition")
        let action = try params.choice("action", ["update", "finish", "cancel", "pause"])
        let percent = action == "update" ? try params.number("percent", in: 0...1) : nil
        guard let context = session.host.window.transitionContexts.first(where: { $0.id == id }) else {
            let queued = session.host.window.transitionStatuses.contains { $0.id == id }
            throw ResponseError(
                .unknownTransition,
                queued
                    ? "transition \(id) has not begun yet: it begins on the next tick (advance the clock first)"
                    : "no transition \(id) is running")
        }
        switch action {
        case "update": context.updateInteractiveTransition(percent!)
        case "finish": context.finishInteractiveTransition()
        case "cancel": context.cancelInteractiveTransition()
        default: context.pauseInteractiveTransition()
        }
        return ["percentComplete": .double(context.percentComplete)]
    }
}
