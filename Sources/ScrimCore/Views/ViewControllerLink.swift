/// A link of the view-controller graph that a walk follows (`ViewController.walk(along:_:)`).
package enum ViewControllerLink: String, Sendable {
    /// To the parent (containment).
    case parent
    /// To the view controller this very one presents.
    case presented = "ownPresentedViewController"
    /// To `presentedViewController`: the one this view controller presents, else the one its
    /// nearest presenting ancestor presents.
    case presentedViewController
    /// To `presentingViewController`: the one that presented this view controller, else the
    /// one that presented its nearest presented ancestor.
    case presentingViewController
    /// Outwards: to the parent, else `presentingViewController`, else the view controller
    /// presenting this one in a presentation still under way (unwinding, `show`'s search).
    case outward = "parent or presentingViewController"

    /// The view controller this link leads to from `viewController`, if any.
    @MainActor func next(from viewController: ViewController) -> ViewController? {
        switch self {
        case .parent: viewController.parent
        case .presented: viewController.ownPresentedViewController
        case .presentedViewController: viewController.presentedViewController
        case .presentingViewController: viewController.presentingViewController
        case .outward:
            viewController.parent ?? viewController.presentingViewController ?? viewController.presentation?.presenting
        }
    }
}
