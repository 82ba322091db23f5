import ScrimCore

/// A port of Listings 10-3 and 10-4 of Apple's *View Controller Programming Guide for iOS*
/// ("Customizing the Transition Animations"): a percent-driven interaction controller driven by a
/// pan gesture recognizer that it creates and adds to the container view.
///
/// Exact behaviour (what a Lua port must reproduce):
/// - `startInteractiveTransition(_:)` calls `super` first (which starts the animator's animations
///   paused at 0), stores the context (`contextData`), creates a `PanGestureRecognizer` with
///   `maximumNumberOfTouches = 1` whose action is `handleSwipeUpdate(_:)`, and adds it to the
///   context's container view;
/// - `began`: the translation is reset to zero in the container's coordinates;
/// - `changed`: `percentage = |translation.y / containerView.bounds.height|` (the listing's formula:
///   vertical travel relative to the container's height, either direction), then `update(percentage)`
///   (clamped to 0…1 by the host);
/// - `ended`: `finish()` if `percentComplete ≥ finishThreshold` (default 0.5), else `cancel()`;
///   `cancelled`/`failed`: `cancel()`. Either way the recognizer is removed from the container.
///   The listing finishes on every end state (`≥ UIGestureRecognizerStateEnded`); a threshold of 0
///   gives exactly that for `ended`. The decision uses the last `changed` value (the `ended` event's
///   own location is not turned into an update, as in the listing).
/// - `completionSpeed` 1 and `completionCurve` `easeInOut` (the inherited defaults): finishing runs the
///   rest in `(1 − p)·duration`, cancelling runs back in `p·duration`, both ease-in-out in time.
@MainActor
public final class SwipeInteractionController: PercentDrivenInteractiveTransition, NamedTransitionRole {
    public let roleName = "swipe"
    /// At or above this fraction a released pan finishes the transition; below it, cancels it.
    public var finishThreshold = 0.5
    /// The context, as the listing's `contextData` (weak: the transition owns it).
    public private(set) weak var contextData: TransitionContext?
    /// The recognizer added to the container, while the transition runs.
    public private(set) var panGesture: PanGestureRecognizer?
    /// Every percentage passed to `update`, in order (for tests).
    public private(set) var reportedPercentages: [Double] = []

    public override init() { super.init() }

    public override func startInteractiveTransition(_ context: TransitionContext) throws {
        // Always call super first.
        try super.startInteractiveTransition(context)
        // Save the transition context for future reference.
        contextData = context
        // Create a pan gesture recognizer to monitor events.
        let pan = PanGestureRecognizer { [weak self] recognizer in self?.handleSwipeUpdate(recognizer) }
        pan.maximumNumberOfTouches = 1
        panGesture = pan
        // Add the gesture recognizer to the container view.
        context.containerView.addGestureRecognizer(pan)
    }

    public func handleSwipeUpdate(_ gestureRecognizer: PanGestureRecognizer) {
        guard let container = contextData?.containerView else { return }
        switch gestureRecognizer.state {
        case .began:
            // Reset the translation value at the beginning of the gesture.
            gestureRecognizer.setTranslation(.zero, in: container)
        case .changed:
            // How far the gesture has travelled vertically, relative to the container's height.
            let translation = gestureRecognizer.translation(in: container)
            let percentage = abs(translation.y / container.bounds.height)
            reportedPercentages.append(percentage)
            update(percentage)
        case .ended, .cancelled, .failed:
            if gestureRecognizer.state == .ended && percentComplete >= finishThreshold {
                finish()
            } else {
                cancel()
            }
            container.removeGestureRecognizer(gestureRecognizer)
            panGesture = nil
        case .possible:
            break
        }
    }
}
