/// A presented view controller's presentation, from the start of its presentation to the end of
/// its dismissal: who presents it, in which style, with which presentation controller and
/// container view, and where the presenting view goes back to.
@MainActor
final class Presentation {
    let presented: ViewController
    /// Strong: the presented view controller is kept by its presenter, not the reverse; the link
    /// is cut when the dismissal completes.
    let presenting: ViewController
    /// The effective style (after `automatic` and size-class adaptation; a popover's changes when
    /// a size change adapts it again).
    var style: ModalPresentationStyle
    let controller: PresentationController
    /// The view the transitions happen in: on top of the window (full-screen styles) or over the
    /// presenting context's view.
    let container: View
    /// Where a view was in the window: its superview and its index there.
    struct Placement {
        weak var superview: View?
        let index: Int
    }

    /// Where the presenting view controller's view lives when it is in the window.
    let presenterPlacement: Placement?
    /// The built-in animation the presentation used when no animator was vended; the dismissal
    /// uses the same one.
    let transitionStyle: ModalTransitionStyle
    /// The container size the controller last laid out for (nil: never).
    var lastLayoutSize: Size?

    init(
        presented: ViewController, presenting: ViewController, style: ModalPresentationStyle,
        controller: PresentationController, container: View, presenterPlacement: Placement?,
        transitionStyle: ModalTransitionStyle
    ) {
        (self.presented, self.presenting, self.style) = (presented, presenting, style)
        (self.controller, self.container) = (controller, container)
        (self.presenterPlacement, self.transitionStyle) = (presenterPlacement, transitionStyle)
    }

    /// Whether the presenting view leaves the window once the presentation completes.
    var removesPresenterView: Bool { controller.shouldRemovePresentersView }

    /// The view that is animated and shown.
    var presentedView: View { controller.presentedView ?? presented.view }

    /// Puts the presenting view back where it was (before a dismissal, or after a cancelled
    /// presentation moved it).
    func restorePresenterView() {
        guard let placement = presenterPlacement, let superview = placement.superview else { return }
        let view = presenting.view
        if view.superview === superview { return }
        superview.insertSubview(view, at: placement.index)
    }
}
