/// The presentation controller of the `popover` style (`UIPopoverPresentationController`): a
/// view controller's `popoverPresentationController` exists as soon as its
/// `modalPresentationStyle` is `.popover`, so the popover can be anchored and configured before
/// it is presented.
///
/// In a regular-width window the presented view gets `preferredContentSize` next to the anchor,
/// on the first permitted side where it fits (see `Docs/Transitions.md`, "Popovers"); Scrim
/// draws no arrow, the 13 pt arrow is the gap between the anchor and the popover, and
/// `arrowDirection` says where it points. In a compact-width window the popover adapts (unless
/// the delegate's `adaptivePresentationStyle(for:traitCollection:)` returns `.none`): it fills the
/// window over the presenting view, as `overFullScreen`; a size change across the compact
/// boundary adapts it again, without dismissing it.
@MainActor
public final class PopoverPresentationController: PresentationController {
    /// The view the popover points at. Presenting a popover without one fails with
    /// `TransitionError.popoverWithoutAnchor`; it must be in the presenting window.
    public var sourceView: View?

    /// The rectangle the popover points at, in `sourceView`'s coordinates (default: the source
    /// view's bounds).
    public var sourceRect: Rect {
        get { explicitSourceRect ?? sourceView?.bounds ?? .zero }
        set { explicitSourceRect = newValue }
    }
    private var explicitSourceRect: Rect?

    /// The directions the arrow may point in (default `.any`). Must not be empty.
    public var permittedArrowDirections: PopoverArrowDirection = .any {
        didSet { precondition(!permittedArrowDirections.isEmpty, "permittedArrowDirections must name at least one direction") }
    }

    /// Where the arrow points, chosen when the popover is laid out: `unknown` before, and while the
    /// popover is adapted to another style (or has no room on any side).
    public internal(set) var arrowDirection: PopoverArrowDirection = .unknown

    /// Views a tap reaches while the popover is shown: a tap in one of them (or inside one) does not
    /// dismiss the popover and goes to the view.
    public var passthroughViews: [View] = []

    /// The color of the popover's background: when set, a view of this color sits behind the
    /// presented view, at its frame (Scrim draws no arrow).
    public var backgroundColor: Color?

    /// The style the presentation is adapted to (`.none`: shown as a popover).
    public internal(set) var adaptiveStyle: ModalPresentationStyle = .none

    /// Whether the popover is shown as another style (filling the window) now.
    var isAdapted: Bool { adaptiveStyle != .none }

    /// The background view, while presented with a `backgroundColor`.
    private var backgroundView: View?
    /// The last layout as a popover (kept when the source view leaves the window).
    private var lastFrame: Rect?
    /// Where the presented view was inside the replacement view controller's view when an
    /// adaptation ended, so that the same replacement shows it again when it adapts again.
    var contentPlacement: Presentation.Placement?

    /// A popover controller for `presentedViewController`, kept by it until it is presented.
    init(popoverFor presentedViewController: ViewController) {
        super.init(heldBy: presentedViewController)
    }

    override func presentationDidEnd() {
        adaptiveStyle = .none
        contentPlacement = nil
        lastFrame = nil
        super.presentationDidEnd()
    }

    // MARK: Layout

    /// As a popover: next to the source (window coordinates converted to the container's).
    /// Adapted: the container's bounds.
    override public var frameOfPresentedViewInContainerView: Rect {
        guard let containerView, let window = containerView.window else { return .zero }
        if isAdapted {
            arrowDirection = .unknown
            return containerView.bounds
        }
        guard let sourceView, sourceView.window === window else { return lastFrame ?? containerView.bounds }
        let layout = PopoverLayout.layout(
            source: sourceView.convert(sourceRect, to: nil), windowSize: window.bounds.size,
            preferredContentSize: presentedViewController.preferredContentSize, permitted: permittedArrowDirections)
        arrowDirection = layout.arrowDirection
        let frame = window.convert(layout.frame, to: containerView)
        lastFrame = frame
        return frame
    }

    /// The presenting view stays in the window, whether shown as a popover or adapted.
    override public var shouldRemovePresentersView: Bool { false }

    override public var shouldPresentInFullscreen: Bool { isAdapted }

    /// In compact width a popover becomes `overFullScreen` (the delegate can say otherwise).
    override public func adaptivePresentationStyle(for traitCollection: TraitCollection) -> ModalPresentationStyle {
        traitCollection.horizontalSizeClass == .compact ? .overFullScreen : .none
    }

    // MARK: The background

    override public func presentationTransitionWillBegin() throws {
        guard let backgroundColor, let containerView else { return }
        let background = View(id: "\(presentedViewController.id).popoverBackground")
        background.backgroundColor = backgroundColor
        background.alpha = 0
        background.isHidden = isAdapted
        View.performWithoutAnimation { background.frame = frameOfPresentedViewInContainerView }
        containerView.insertSubview(background, at: 0)
        backgroundView = background
        guard let coordinator = presentedViewController.transitionCoordinator else {
            background.alpha = 1
            return
        }
        coordinator.animate(alongsideTransition: { _ in background.alpha = 1 })
    }

    override public func presentationTransitionDidEnd(_ completed: Bool) throws {
        if !completed { removeBackground() }
    }

    override public func dismissalTransitionWillBegin() throws {
        guard let background = backgroundView else { return }
        guard let coordinator = presentedViewController.transitionCoordinator else {
            background.alpha = 0
            return
        }
        coordinator.animate(alongsideTransition: { _ in background.alpha = 0 })
    }

    override public func dismissalTransitionDidEnd(_ completed: Bool) throws {
        if completed { removeBackground() }
    }

    /// Puts the background at the presented view's frame (inside the size animation, it follows).
    func layoutBackground() {
        guard let backgroundView else { return }
        backgroundView.isHidden = isAdapted
        if let view = presentedView, view.superview === backgroundView.superview { backgroundView.frame = view.frame }
    }

    private func removeBackground() {
        backgroundView?.removeFromSuperview()
        backgroundView = nil
    }
}
