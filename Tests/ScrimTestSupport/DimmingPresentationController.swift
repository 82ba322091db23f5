import ScrimCore

/// A port of Listings 11-1 to 11-5 of Apple's *View Controller Programming Guide for iOS*
/// ("Creating Custom Presentations"): the presented view takes the right half of the container,
/// over a 40 % black dimming view that fades in and out with the transition.
///
/// Exact behaviour (what a Lua port must reproduce):
/// - the dimming view (id `"<presented id>.dimming"`) has a **black, opaque background and its
///   `alpha` goes 0 → 0.4** (the listing's view has a 40 %-black background and alpha 0 → 1; the
///   shown colour is the same, and only one property animates);
/// - `frameOfPresentedViewInContainerView` (11-5): width `floor(W / 2)`, height H, origin
///   `(W − floor(W / 2), 0)` for the container's bounds size W×H (so 390×844 gives (195, 0, 195, 844),
///   375×667 gives (188, 0, 187, 667));
/// - `presentationTransitionWillBegin` (11-1): dimming frame = container bounds, alpha 0, inserted at
///   index 0 of the container; then `alpha = 0.4` inside the coordinator's alongside animation (the
///   transition's duration, ease-in-out), or at once without a coordinator;
/// - `presentationTransitionDidEnd(false)` (11-2) and `dismissalTransitionDidEnd(true)` (11-4):
///   the dimming view is removed from the container;
/// - `dismissalTransitionWillBegin` (11-3): `alpha = 0` alongside the transition (or at once);
/// - size changes (beyond the listings, as UIKit subclasses do): `viewWillTransition(to:with:)`
///   animates the dimming frame to `(0, 0, size)` alongside the size change (0.3 s, ease-in-out; the
///   host moves the container and the presented view itself), and
///   `containerViewWillLayoutSubviews` sets the dimming frame to the container's bounds when it differs
///   (it never interrupts a running animation by setting an unchanged value).
@MainActor
public final class DimmingPresentationController: PresentationController, NamedTransitionRole {
    public let roleName = "dimming"
    /// The dimming view's alpha while presented.
    public nonisolated static let dimmedAlpha = 0.4

    public let dimmingView: View

    public override init(presentedViewController: ViewController, presenting presentingViewController: ViewController?) {
        dimmingView = View(id: "\(presentedViewController.id).dimming")
        dimmingView.name = "dimming"
        dimmingView.backgroundColor = .black
        dimmingView.alpha = 0
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
    }

    // Listing 11-5.
    public override var frameOfPresentedViewInContainerView: Rect {
        guard let containerBounds = containerView?.bounds else { return .zero }
        let width = (containerBounds.width / 2).rounded(.down)
        return Rect(x: containerBounds.width - width, y: 0, width: width, height: containerBounds.height)
    }

    // Listing 11-1.
    public override func presentationTransitionWillBegin() throws {
        guard let containerView else { return }
        // The dimming view covers the container and starts transparent.
        dimmingView.frame = containerView.bounds
        dimmingView.alpha = 0
        // Insert the dimming view below everything else.
        containerView.insertSubview(dimmingView, at: 0)
        // Fade it in along with the transition.
        if let coordinator = presentedViewController.transitionCoordinator {
            coordinator.animate(alongsideTransition: { [dimmingView] _ in dimmingView.alpha = Self.dimmedAlpha })
        } else {
            dimmingView.alpha = Self.dimmedAlpha
        }
    }

    // Listing 11-2.
    public override func presentationTransitionDidEnd(_ completed: Bool) throws {
        // If the presentation was cancelled, remove the dimming view.
        if !completed { dimmingView.removeFromSuperview() }
    }

    // Listing 11-3.
    public override func dismissalTransitionWillBegin() throws {
        // Fade the dimming view back out.
        if let coordinator = presentedViewController.transitionCoordinator {
            coordinator.animate(alongsideTransition: { [dimmingView] _ in dimmingView.alpha = 0 })
        } else {
            dimmingView.alpha = 0
        }
    }

    // Listing 11-4.
    public override func dismissalTransitionDidEnd(_ completed: Bool) throws {
        // If the dismissal was successful, remove the dimming view.
        if completed { dimmingView.removeFromSuperview() }
    }

    public override func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) throws {
        coordinator.animate(alongsideTransition: { [dimmingView] _ in
            dimmingView.frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
        })
    }

    public override func containerViewWillLayoutSubviews() throws {
        guard let containerView, dimmingView.superview === containerView,
            dimmingView.frame != containerView.bounds
        else { return }
        dimmingView.frame = containerView.bounds
    }
}
