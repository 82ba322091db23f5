import ScrimCore
internal import ScrimJSON

/// `scrim/selectTab { tabBarController, index }` → `{ transition? }`: selects a tab as a user's
/// tap does (the delegate's `shouldSelect` is asked; a refused selection is a success that
/// changes nothing). `transition` is there when a switch was started (it begins on the next
/// tick); selecting the selected tab, or a refusal, starts none.
enum SelectTabRequest: RequestHandler {
    static let method = "scrim/selectTab"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) -> JSONValue {
        let field = params.field("tabBarController")
        let controller = try session.viewController(try params.string("tabBarController"), field: field)
        guard let tabs = controller as? TabBarController else {
            throw ResponseError(.notAContainer, "\(field): '\(controller.id)' is not a tab bar controller")
        }
        let index = try params.integer("index")
        guard tabs.viewControllers.indices.contains(index) else {
            throw ResponseError.invalidParams(
                params.field("index"),
                tabs.viewControllers.isEmpty
                    ? "'\(tabs.id)' has no tabs" : "expected a tab index from 0 to \(tabs.viewControllers.count - 1), got \(index)")
        }
        let window = session.host.window
        let before = window.transitionStatuses.count
        do {
            try tabs.selectTab(at: index)
        } catch {
            throw TransitionErrors.response(error, field: params.path)
        }
        guard window.transitionStatuses.count > before, let started = window.transitionStatuses.last else { return [:] }
        return ["transition": .int(started.id)]
    }
}
