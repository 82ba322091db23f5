import ScrimCore
internal import ScrimJSON

/// `scrim/selectTab { tabBarController, index }` → `{ transition? }`: selects a tab as a user's
/// tap does (the delegate's `shouldSelect` is asked; a refused selection is a success that
/// changes nothing). `transition` is there when a switch was started (it begins on the next
/// tick); selecting the selected tab, or a refusal, starts none.
enum SelectTabRequest: RequestHandler {
    static let method = "scrim/selectTab"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) -> JSONValue {
        let tabs = try session.container(params, "tabBarController", as: TabBarController.self, "a tab bar controller")
        let index = try params.integer("index")
        guard tabs.viewControllers.indices.contains(index) else {
            throw ResponseError.invalidParams(
                params.field("index"),
                tabs.viewControllers.isEmpty
                    ? "'\(tabs.id)' has no tabs" : "expected a tab index from 0 to \(tabs.viewControllers.count - 1), got \(index)")
        }
        let transition: TransitionHandle?
        do {
            transition = try tabs.select(index, byUser: true).transition
        } catch {
            throw TransitionErrors.response(error, field: params.path)
        }
        guard let transition else { return [:] }
        return ["transition": .int(transition.id)]
    }
}
