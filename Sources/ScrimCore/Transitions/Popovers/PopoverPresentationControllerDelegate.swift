/// A popover's delegate (`UIPopoverPresentationControllerDelegate`): set it as the popover
/// presentation controller's `delegate`. Besides adaptivity it hears about taps outside the
/// popover. Every method is optional.
@MainActor
public protocol PopoverPresentationControllerDelegate: AdaptivePresentationControllerDelegate {
    /// A tap outside the popover (and outside its `passthroughViews`) is about to dismiss it:
    /// return false to keep it. Default: true. A throw keeps it, with a diagnostic.
    func popoverPresentationControllerShouldDismissPopover(_ controller: PopoverPresentationController) throws -> Bool

    /// A tap outside dismissed the popover (called once the dismissal completed; not for
    /// dismissals from code, as UIKit).
    func popoverPresentationControllerDidDismissPopover(_ controller: PopoverPresentationController) throws
}

extension PopoverPresentationControllerDelegate {
    public func popoverPresentationControllerShouldDismissPopover(_ controller: PopoverPresentationController) throws -> Bool {
        true
    }

    public func popoverPresentationControllerDidDismissPopover(_ controller: PopoverPresentationController) throws {}
}
