import ScrimCore
internal import ScrimJSON
import ScrimHost

/// `scrim/push { navigationController, viewController, animated?: true, delegate? }` →
/// `{ transition, viewController }`: pushes an instance of the declared `viewController` (the
/// scene's own while unused, else a new one, `detail#2`). `delegate` — a delegate-role plugin's
/// name or `{ animator?, interaction?, options? }` — becomes the navigation controller's delegate
/// and stays until replaced: a plugin that defines the navigation delegate's methods is asked
/// them; any other delegate is asked a push as a presentation, a pop as a dismissal.
enum PushRequest: RequestHandler {
    static let method = "scrim/push"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) -> JSONValue {
        let navigation = try session.navigationController(params)
        let name = try params.string("viewController")
        let animated = try params.optionalBool("animated") ?? true
        let delegate = try DelegateParams.delegate(params, key: "delegate", in: session)
        // Everything is checked: make the instance, set the delegate, and put it back if the push
        // is refused.
        let pushed = try session.instantiate(name, field: params.field("viewController"))
        let saved = navigation.delegate
        if let delegate { navigation.delegate = TransitioningNavigationDelegate.make(for: delegate) }
        let transition: TransitionHandle
        do {
            transition = try navigation.pushViewController(pushed, animated: animated)
        } catch {
            navigation.delegate = saved
            throw TransitionErrors.response(error, field: params.path)
        }
        return ["transition": .int(transition.id), "viewController": .string(pushed.id)]
    }
}
