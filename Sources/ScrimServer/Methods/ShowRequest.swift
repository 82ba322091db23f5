import ScrimCore
internal import ScrimJSON

/// `scrim/show { viewController, sender, detail?: false, animated?: true }` →
/// `{ transition?, viewController }`: shows an instance of the declared `viewController` from
/// `sender` as `show(_:sender:)` does (a navigation controller up the hierarchy pushes it, else
/// `sender` presents it), or with `detail: true` as `showDetailViewController(_:sender:)` (a split
/// view controller replaces its secondary at once: no `transition`).
enum ShowRequest: RequestHandler {
    static let method = "scrim/show"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) -> JSONValue {
        let name = try params.string("viewController")
        let sender = try session.viewController(try params.string("sender"), field: params.field("sender"))
        let detail = try params.optionalBool("detail") ?? false
        let animated = try params.optionalBool("animated") ?? true
        let shown = try session.instantiate(name, field: params.field("viewController"))
        let transition: TransitionHandle?
        do {
            if detail {
                transition = try sender.showDetailViewController(shown, sender: sender, animated: animated)
            } else {
                transition = try sender.show(shown, sender: sender, animated: animated)
            }
        } catch {
            throw TransitionErrors.response(error, field: params.path)
        }
        var result: JSONObject = ["viewController": .string(shown.id)]
        if let transition { result["transition"] = .int(transition.id) }
        return .object(result)
    }
}
