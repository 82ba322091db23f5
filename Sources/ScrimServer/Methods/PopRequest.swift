import ScrimCore
internal import ScrimJSON

/// `scrim/pop { navigationController, to?: id | "root", animated?: true }` →
/// `{ transition, popped: [id] }`: pops the top view controller, or down to `to` (only the top
/// animates). Popping the root pops nothing: `{ popped: [] }` with no transition.
enum PopRequest: RequestHandler {
    static let method = "scrim/pop"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) -> JSONValue {
        let navigation = try session.navigationController(params)
        let animated = try params.optionalBool("animated") ?? true
        let target = try params.optionalString("to").map { (id) throws(ResponseError) -> ViewController? in
            if id == "root" { return nil }
            let toField = params.field("to")
            let target = try session.viewController(id, field: toField)
            guard navigation.viewControllers.contains(where: { $0 === target }) else {
                throw ResponseError(
                    .notAContainer, "\(toField): '\(id)' is not in the stack of navigation controller '\(navigation.id)'")
            }
            return target
        }
        // The index that stays on top: below the top, the root, or the target (in the stack).
        let index = switch target {
        case nil: navigation.viewControllers.count - 2
        case .some(nil): 0
        case .some(let target?): navigation.viewControllers.firstIndex { $0 === target }!
        }
        let pop: (popped: [ViewController], transition: TransitionHandle?)
        do {
            pop = try navigation.pop(downTo: index, animated: animated)
        } catch {
            throw TransitionErrors.response(error, field: params.path)
        }
        var result: JSONObject = ["popped": .array(pop.popped.map { .string($0.id) })]
        if let transition = pop.transition { result["transition"] = .int(transition.id) }
        return .object(result)
    }
}
