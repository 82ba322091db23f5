import ScrimCore
internal import ScrimJSON

/// `scrim/present { presented, presenting?, animated?: true, modalPresentationStyle?,
/// modalTransitionStyle?, transitioningDelegate? }` → `{ transition }`. `presenting` defaults to
/// the top of the presentation chain; as in UIKit, a `presenting` that is already presenting, or
/// whose view is not in the window, is refused. The transition begins on the next tick; its id is
/// known now.
enum PresentRequest: RequestHandler {
    static let method = "scrim/present"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) -> JSONValue {
        let presented = try session.viewController(try params.string("presented"), field: params.field("presented"))
        let presenting = try params.optionalString("presenting").map { (id) throws(ResponseError) in
            let field = params.field("presenting")
            return try checkCanPresent(try session.viewController(id, field: field), field: field, in: session)
        } ?? session.topViewController
        let animated = try params.optionalBool("animated") ?? true
        let presentationStyle = try params.optionalCase("modalPresentationStyle", ModalPresentationStyle.self)
        let transitionStyle = try params.optionalCase("modalTransitionStyle", ModalTransitionStyle.self)
        let delegate = try DelegateParams.delegate(params, in: session)

        // Everything is checked: set the properties, and put them back if `present` refuses.
        let saved = (presented.modalPresentationStyle, presented.modalTransitionStyle, presented.transitioningDelegate)
        if let presentationStyle { presented.modalPresentationStyle = presentationStyle }
        if let transitionStyle { presented.modalTransitionStyle = transitionStyle }
        if let delegate { presented.transitioningDelegate = delegate }
        do {
            try presenting.present(presented, animated: animated)
        } catch {
            (presented.modalPresentationStyle, presented.modalTransitionStyle, presented.transitioningDelegate) = saved
            throw TransitionErrors.response(error, field: params.path)
        }
        return ["transition": .int(session.host.window.transitionStatuses.last!.id)]
    }

    /// `presenting`, unless UIKit would refuse to present from it: it is already presenting
    /// ("Attempt to present … which is already presenting …"), or its view is not in the window
    /// ("… whose view is not in the window hierarchy") — a view controller covered by a
    /// full-screen presentation is both. While a transition runs, `present` answers 1002 first.
    private static func checkCanPresent(
        _ presenting: ViewController, field: String, in session: Session
    ) throws(ResponseError) -> ViewController {
        let window = session.host.window
        guard !window.isTransitioning else { return presenting }
        if let presented = presenting.presentedViewController {
            var top = presented
            while let next = top.presentedViewController { top = next }
            throw .invalidParams(
                field, "view controller '\(presenting.id)' is already presenting '\(presented.id)'; present from the top of its chain ('\(top.id)') or leave presenting out")
        }
        guard presenting.isViewLoaded, presenting.view.window === window else {
            throw .invalidParams(
                field, "view controller '\(presenting.id)' is not in the window (its view is not in the window hierarchy); present from a view controller whose view is in the window")
        }
        return presenting
    }
}
