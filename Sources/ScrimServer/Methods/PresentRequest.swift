import ScrimCore
internal import ScrimJSON

/// `scrim/present { presented, presenting?, animated?: true, modalPresentationStyle?,
/// modalTransitionStyle?, transitioningDelegate? }` → `{ transition }`. `presenting` defaults to
/// the top of the presentation chain; a `presenting` that is already presenting, or whose view is
/// not in the window, is refused by `present` itself (UIKit's rule). The transition begins on the
/// next tick; its id is known now.
enum PresentRequest: RequestHandler {
    static let method = "scrim/present"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) -> JSONValue {
        let presented = try session.viewController(try params.string("presented"), field: params.field("presented"))
        let presentingField = params.contains("presenting") ? params.field("presenting") : nil
        let presenting: ViewController
        if let id = try params.optionalString("presenting") {
            presenting = try session.viewController(id, field: params.field("presenting"))
        } else {
            do {
                presenting = try session.topViewController()
            } catch {
                throw TransitionErrors.response(error, field: params.path)
            }
        }
        let animated = try params.optionalBool("animated") ?? true
        let presentationStyle = try params.optionalCase("modalPresentationStyle", ModalPresentationStyle.self)
        let transitionStyle = try params.optionalCase("modalTransitionStyle", ModalTransitionStyle.self)
        let delegate = try DelegateParams.delegate(params, in: session)

        // Everything is checked: set the properties, and put them back if `present` refuses.
        let saved = (presented.modalPresentationStyle, presented.modalTransitionStyle, presented.transitioningDelegate)
        if let presentationStyle { presented.modalPresentationStyle = presentationStyle }
        if let transitionStyle { presented.modalTransitionStyle = transitionStyle }
        if let delegate { presented.transitioningDelegate = delegate }
        let transition: TransitionHandle
        do {
            transition = try presenting.present(presented, animated: animated)
        } catch {
            (presented.modalPresentationStyle, presented.modalTransitionStyle, presented.transitioningDelegate) = saved
            throw TransitionErrors.response(error, field: params.path, presenting: presentingField)
        }
        return ["transition": .int(transition.id)]
    }
}
