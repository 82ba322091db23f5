/// Manages a presented view controller from the start of its presentation to the end of its
/// dismissal (`UIPresentationController`): where its view goes, and the chrome around it (a
/// dimming view, say). Subclass it and return an instance from the transitioning delegate's
/// `presentationController(forPresented:presenting:source:)` for the `custom` style. Methods that
/// throw end the running transition as cancelled, with a diagnostic.
@MainActor
open class PresentationController {
    /// The view controller presented (held strongly while presented; a popover's controller made
    /// before presenting holds it weakly, as the view controller holds the controller).
    public var presentedViewController: ViewController { presentedStrongly ?? presentedWeakly! }
    private var presentedStrongly: ViewController?
    private weak var presentedWeakly: ViewController?
    /// The presenting view controller (weak: it owns the presented one).
    public internal(set) weak var presentingViewController: ViewController?
    /// The view the transition happens in; set when the presentation begins.
    public internal(set) var containerView: View?
    /// Decides how the presentation adapts to a compact-width window. Held strongly (UIKit's is
    /// weak, a classic trap).
    public var delegate: (any AdaptivePresentationControllerDelegate)?

    public init(presentedViewController: ViewController, presenting presentingViewController: ViewController?) {
        presentedStrongly = presentedViewController
        presentedWeakly = presentedViewController
        self.presentingViewController = presentingViewController
        isHeldByPresented = false
    }

    /// A controller the presented view controller itself keeps until it is presented (a
    /// popover's): it holds the view controller weakly until `holdPresentedViewController()`.
    init(heldBy presentedViewController: ViewController) {
        presentedWeakly = presentedViewController
        isHeldByPresented = true
    }

    /// Whether the presented view controller keeps this controller between presentations.
    private let isHeldByPresented: Bool

    /// The presentation begins: hold the presented view controller until it ends.
    func holdPresentedViewController() { presentedStrongly = presentedWeakly }

    /// The presentation ended (dismissed, cancelled or dropped): a controller the presented view
    /// controller keeps lets go of it, so the two do not hold each other.
    func releasePresentedViewController() {
        if isHeldByPresented { presentedStrongly = nil }
    }

    /// The presentation ended (dismissed, cancelled or dropped): forget its adaptation and let go
    /// of a presented view controller that keeps this controller.
    func presentationDidEnd() {
        adaptiveViewController = nil
        releasePresentedViewController()
    }

    /// The view controller shown instead of the presented one while the presentation is adapted
    /// (the adaptive delegate's replacement), if any.
    var adaptiveViewController: ViewController?

    /// The view to animate and show: by default the presented view controller's view (while the
    /// presentation is adapted with a replacement view controller, the replacement's view).
    open var presentedView: View? { (adaptiveViewController ?? presentedViewController).view }

    /// A fault met while answering one of the properties above, whose getters cannot throw (a
    /// subclass computing them with code that can fail sets it and answers the default). The
    /// presentation reports it as this controller's fault, ending the transition cancelled, as
    /// soon as its context exists.
    public var propertyFault: String?

    /// Where the presented view goes, in the container's coordinates: by default the container's
    /// bounds.
    open var frameOfPresentedViewInContainerView: Rect { containerView?.bounds ?? .zero }

    /// Whether the presenting view controller's view leaves the window once the presentation
    /// completes (default false: it stays behind).
    open var shouldRemovePresentersView: Bool { false }

    /// Whether the presentation covers the whole window (default true).
    open var shouldPresentInFullscreen: Bool { true }

    open func presentationTransitionWillBegin() throws {}
    open func presentationTransitionDidEnd(_ completed: Bool) throws {}
    open func dismissalTransitionWillBegin() throws {}
    open func dismissalTransitionDidEnd(_ completed: Bool) throws {}
    /// Called at the first tick of a presentation and whenever the container's size changes.
    open func containerViewWillLayoutSubviews() throws {}
    open func containerViewDidLayoutSubviews() throws {}
    /// The window is changing size; animate along with `coordinator`. Afterwards the host resizes
    /// the container and puts the presented view at `frameOfPresentedViewInContainerView`, inside
    /// the size animation.
    open func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) throws {}
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) throws {}

    /// The style to use instead of `custom` in a window with these traits (default: `custom`,
    /// no adaptation). Consulted when a custom presentation begins in a compact-width window,
    /// through the delegate's `adaptivePresentationStyle(for:traitCollection:)` when there is one.
    open func adaptivePresentationStyle(for traitCollection: TraitCollection) -> ModalPresentationStyle {
        .custom
    }
}
