/// Decides how a presentation adapts to a horizontally compact window
/// (`UIAdaptivePresentationControllerDelegate`). Set it as a presentation controller's
/// `delegate` (a popover's before presenting, through `popoverPresentationController`; a custom
/// one when the transitioning delegate vends it); it is held strongly. Every method is optional.
/// A method that throws while a presentation begins ends it as cancelled, with a diagnostic;
/// during a size change the diagnostic is reported and the presentation keeps its current style.
@MainActor
public protocol AdaptivePresentationControllerDelegate: AnyObject {
    /// The style to show the presentation in, in a compact-width window with `traitCollection`:
    /// `.none` keeps the original style (a popover stays a popover). Asked only in compact width.
    /// Default: the controller's own `adaptivePresentationStyle(for:)` (a popover becomes
    /// `overFullScreen`, a custom presentation stays `custom`).
    func adaptivePresentationStyle(
        for controller: PresentationController, traitCollection: TraitCollection
    ) throws -> ModalPresentationStyle

    /// A view controller to show instead of the presented one while the presentation is adapted
    /// to `style` (the content wrapped in a navigation controller, say), or nil to show the
    /// presented one. Default: nil.
    func presentationController(
        _ controller: PresentationController, viewControllerForAdaptivePresentationStyle style: ModalPresentationStyle
    ) throws -> ViewController?

    /// The presentation is about to show in `style` (`.none`: its original style, after a size
    /// change ended an adaptation): when it begins adapted, and whenever a size change adapts it or
    /// ends its adaptation. `transitionCoordinator` is the presentation's, or the size change's.
    func presentationController(
        _ controller: PresentationController, willPresentWithAdaptiveStyle style: ModalPresentationStyle,
        transitionCoordinator: TransitionCoordinator?
    ) throws
}

extension AdaptivePresentationControllerDelegate {
    public func adaptivePresentationStyle(
        for controller: PresentationController, traitCollection: TraitCollection
    ) throws -> ModalPresentationStyle {
        controller.adaptivePresentationStyle(for: traitCollection)
    }

    public func presentationController(
        _ controller: PresentationController, viewControllerForAdaptivePresentationStyle style: ModalPresentationStyle
    ) throws -> ViewController? { nil }

    public func presentationController(
        _ controller: PresentationController, willPresentWithAdaptiveStyle style: ModalPresentationStyle,
        transitionCoordinator: TransitionCoordinator?
    ) throws {}
}
