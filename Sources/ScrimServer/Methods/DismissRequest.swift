import ScrimCore
internal import ScrimJSON

/// `scrim/dismiss { viewController, animated?: true, transitioningDelegate? }` →
/// `{ transition }`. `viewController` is the presented one or its presenter (forwarded as UIKit
/// does); a given delegate is set on the view controller being dismissed.
enum DismissRequest: RequestHandler {
    static let method = "scrim/dismiss"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) -> JSONValue {
        let controller = try session.viewController(try params.string("viewController"), field: params.field("viewController"))
        let animated = try params.optionalBool("animated") ?? true
        let delegate = try DelegateParams.delegate(params, in: session)
        // The one that animates away: the top of the chain being dismissed.
        let top: ViewController
        do {
            top = try controller.last(along: .presentedViewController)
        } catch {
            throw TransitionErrors.response(error, field: params.path)
        }
        let saved = top.transitioningDelegate
        if let delegate { top.transitioningDelegate = delegate }
        let transition: TransitionHandle
        do {
            transition = try controller.dismiss(animated: animated)
        } catch {
            top.transitioningDelegate = saved
            throw TransitionErrors.response(error, field: params.path)
        }
        return ["transition": .int(transition.id)]
    }
}
