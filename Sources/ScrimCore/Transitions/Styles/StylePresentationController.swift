/// The presentation controller of the built-in styles (UIKit's private full-screen, page-sheet
/// and form-sheet controllers): the presented view's frame per style and size class, and for
/// sheets a dimming view behind, faded with the transition.
@MainActor
final class StylePresentationController: PresentationController {
    /// The style it presents in: a sheet's adaptive answer may change it before it begins.
    var style: ModalPresentationStyle
    private var dimmingView: View?

    /// The dimming behind sheets in regular width.
    static let dimmingAlpha = 0.4

    init(style: ModalPresentationStyle, presented: ViewController, presenting: ViewController?) {
        self.style = style
        super.init(presentedViewController: presented, presenting: presenting)
    }

    /// A sheet's controller made before presenting, which its view controller keeps (holding it
    /// weakly back until the presentation begins, as a popover's does).
    init(sheetFor presented: ViewController, style: ModalPresentationStyle) {
        self.style = style
        super.init(heldBy: presented)
    }

    /// A sheet becomes full screen in compact width (what a delegate returning nothing else gets).
    override func adaptivePresentationStyle(for traitCollection: TraitCollection) -> ModalPresentationStyle {
        isSheet ? .fullScreen : style
    }

    override var shouldRemovePresentersView: Bool { !style.keepsPresenterInWindow }

    override var shouldPresentInFullscreen: Bool { !isSheet }

    private var isSheet: Bool { style == .pageSheet || style == .formSheet || style == .popover }

    override var frameOfPresentedViewInContainerView: Rect {
        guard let containerView else { return .zero }
        if containerView.window?.traitCollection.horizontalSizeClass == .compact { return containerView.bounds }
        return Self.frame(
            for: style, in: containerView.bounds.size,
            preferredContentSize: presentedViewController.preferredContentSize)
    }

    /// The frame of a presented view for a built-in style in a container of `size` (regular width;
    /// compact-width sheets have adapted to `fullScreen` before this is asked).
    static func frame(for style: ModalPresentationStyle, in size: Size, preferredContentSize: Size) -> Rect {
        switch style {
        case .pageSheet:
            let width = min(704, size.width - 2 * sheetMargin)
            return Rect(x: (size.width - width) / 2, y: sheetMargin, width: width, height: size.height - 2 * sheetMargin)
        case .formSheet, .popover:
            let fallback = style == .formSheet ? Size(width: 540, height: 620) : Size(width: 320, height: 480)
            let wanted = preferredContentSize.width > 0 && preferredContentSize.height > 0 ? preferredContentSize : fallback
            let width = min(wanted.width, size.width - 2 * sheetMargin)
            let height = min(wanted.height, size.height - 2 * sheetMargin)
            return Rect(x: (size.width - width) / 2, y: (size.height - height) / 2, width: width, height: height)
        default:
            return Rect(origin: .zero, size: size)
        }
    }

    /// The margin a sheet keeps from the container's edges.
    static let sheetMargin = 40.0

    override func presentationTransitionWillBegin() throws {
        guard style == .pageSheet || style == .formSheet, let containerView else { return }
        let dimming = View(id: "\(presentedViewController.id).dimming", frame: containerView.bounds)
        dimming.backgroundColor = .black
        dimming.alpha = 0
        containerView.insertSubview(dimming, at: 0)
        dimmingView = dimming
        guard let coordinator = presentedViewController.transitionCoordinator else {
            dimming.alpha = Self.dimmingAlpha
            return
        }
        coordinator.animate(alongsideTransition: { _ in dimming.alpha = Self.dimmingAlpha })
    }

    override func presentationTransitionDidEnd(_ completed: Bool) throws {
        if !completed { removeDimming() }
    }

    override func dismissalTransitionWillBegin() throws {
        guard let dimming = dimmingView else { return }
        guard let coordinator = presentedViewController.transitionCoordinator else {
            dimming.alpha = 0
            return
        }
        coordinator.animate(alongsideTransition: { _ in dimming.alpha = 0 })
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) throws {
        if completed { removeDimming() }
    }

    override func containerViewWillLayoutSubviews() throws {
        if let containerView { dimmingView?.frame = containerView.bounds }
    }

    private func removeDimming() {
        dimmingView?.removeFromSuperview()
        dimmingView = nil
    }
}
