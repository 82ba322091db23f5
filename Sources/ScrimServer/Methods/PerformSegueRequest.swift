import ScrimCore
internal import ScrimJSON

/// `scrim/performSegue { viewController, identifier, sender? }` → `{ transition?, destination? }`:
/// runs the segue `identifier` declared on `viewController` as `performSegue(withIdentifier:sender:)`
/// does (a new instance of its destination; `shouldPerformSegue` is not asked). `sender` names a
/// view of the window, given to the segue as its sender (a popover segue is anchored at it).
enum PerformSegueRequest: RequestHandler {
    static let method = "scrim/performSegue"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) -> JSONValue {
        let source = try session.viewController(try params.string("viewController"), field: params.field("viewController"))
        let identifier = try params.string("identifier")
        var sender: View?
        if let id = try params.optionalString("sender") {
            guard let view = session.view(id) else {
                throw ResponseError.invalidParams(params.field("sender"), "no view '\(id)' in the window")
            }
            sender = view
        }
        let segue: StoryboardSegue
        do {
            segue = try source.performSegue(withIdentifier: identifier, sender: sender)
        } catch {
            throw TransitionErrors.response(error, field: params.field("identifier"))
        }
        var result: JSONObject = ["destination": .string(segue.destination.id)]
        if let transition = segue.transition { result["transition"] = .int(transition.id) }
        return .object(result)
    }
}
