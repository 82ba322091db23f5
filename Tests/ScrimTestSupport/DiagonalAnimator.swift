import ScrimCore

/// A port of Listing 10-2 of Apple's *View Controller Programming Guide for iOS* ("Customizing the
/// Transition Animations"): the presented view comes in from the container's lower-right corner
/// and is dismissed back to it.
///
/// Exact behaviour (what a Lua port must reproduce):
/// - duration `duration` (default 0.5 s), one `View.animate` with UIKit's default curve
///   (`easeInOut`, control points 0.42, 0, 0.58, 1), no delay;
/// - presentation: the "to" view is added to the container and set (without animation) to
///   `initialFrame(for: toVC)` — `.zero` for a presented view controller, as in UIKit — moved to
///   the origin (container width, container height): it **grows** from a zero-size rectangle at
///   the lower-right corner to `finalFrame(for: toVC)`. At curve progress p its frame is
///   `(W − p·(W − fx), H − p·(H − fy), p·fw, p·fh)` for the final frame (fx, fy, fw, fh);
/// - dismissal: the "from" view keeps its size and **slides** to the origin (W, H):
///   `(x0 + p·(W − x0), y0 + p·(H − y0), w, h)`. A "to" view (full-screen styles only) is put
///   below it in the container at `finalFrame(for: toVC)`, without animation;
/// - completion: `success = !transitionWasCancelled`; the "to" view is removed after a cancelled
///   presentation, the "from" view after a completed dismissal; then `completeTransition(success)`.
///
/// Three slips of the listing are corrected: it uses the "to" view's size for the dismissal's end
/// frame (the "from" view's is used: in UIKit's full-screen case they are equal, and for `custom`
/// there is no "to" view), it adds the dismissal's "to" view *on top of* the dismissed view with a
/// `.zero` start frame (it goes below, at its final frame), and it removes the "to" view after a
/// dismissal (the dismissed "from" view is removed).
@MainActor
public final class DiagonalAnimator: AnimatedTransitioning, NamedTransitionRole {
    public let roleName = "diagonal"
    /// The default `transitionDuration`.
    public nonisolated static let defaultDuration = 0.5

    public let duration: Double
    /// Set by the delegate when it vends the animator (true: presentation, false: dismissal).
    public var presenting: Bool

    public init(presenting: Bool = true, duration: Double = DiagonalAnimator.defaultDuration) {
        self.presenting = presenting
        self.duration = duration
    }

    public func transitionDuration(using context: TransitionContext?) throws -> Double { duration }

    public func animateTransition(using context: TransitionContext) throws {
        // Get the set of relevant objects.
        let containerView = context.containerView
        let fromVC = context.viewController(forKey: .from)!
        let toVC = context.viewController(forKey: .to)!
        let toView = context.view(forKey: .to)
        let fromView = context.view(forKey: .from)
        let presenting = self.presenting

        // Set up some variables for the animation.
        let containerFrame = containerView.frame
        var toViewStartFrame = context.initialFrame(for: toVC)
        let toViewFinalFrame = context.finalFrame(for: toVC)
        var fromViewFinalFrame = context.finalFrame(for: fromVC)

        if presenting {
            // Start offscreen at the lower-right corner of the container.
            toViewStartFrame.origin = Point(x: containerFrame.width, y: containerFrame.height)
        } else if let fromView {
            // End in the lower-right corner of the container.
            fromViewFinalFrame = Rect(
                x: containerFrame.width, y: containerFrame.height,
                width: fromView.frame.width, height: fromView.frame.height)
        }

        if let toView {
            if presenting {
                containerView.addSubview(toView)
                toView.frame = toViewStartFrame
            } else {
                if let fromView {
                    containerView.insertSubview(toView, belowSubview: fromView)
                } else {
                    containerView.addSubview(toView)
                }
                toView.frame = toViewFinalFrame
            }
        }

        try View.animate(
            withDuration: try transitionDuration(using: context),
            animations: {
                if presenting {
                    toView?.frame = toViewFinalFrame  // Move the presented view into position.
                } else {
                    fromView?.frame = fromViewFinalFrame  // Move the dismissed view offscreen.
                }
            },
            completion: { _ in
                let success = !context.transitionWasCancelled
                // After a failed presentation or a successful dismissal, remove the view.
                if presenting && !success { toView?.removeFromSuperview() }
                if !presenting && success { fromView?.removeFromSuperview() }
                context.completeTransition(success)
            })
    }
}
