import ScrimCore

/// A port of `PopAnimator` from the Kodeco (Ray Wenderlich) tutorial "iOS Animation Tutorial:
/// Custom View Controller Presentation Transitions" (the recipe app): the details view zooms out
/// of the tapped card with a spring and its corners straighten; the dismissal zooms it back.
///
/// Exact behaviour (what a Lua port must reproduce):
/// - duration 0.8 s (the tutorial's; its appendix's 8.0 is a typo), one spring animation
///   `View.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0.2)`,
///   whose progress is `DurationSpring(duration: 0.8, dampingRatio: 0.5, initialVelocity: 0.2).progress(at:)`
///   (duration, damping, velocity and corner radius can be given, as pop.lua's options);
/// - the animated view ("recipe view") is the "to" view when presenting, the "from" view when
///   dismissing. `initialFrame`/`finalFrame` are `originFrame` → the presented view's final frame
///   (`finalFrame(for: toVC)`, which is the view's frame when the animation starts) when presenting,
///   and the view's current `frame` → `originFrame` when dismissing;
/// - scale = (small frame size) / (large frame size) per axis; presenting: the view's transform is
///   set to that scale and its center to `initialFrame`'s center (without animation),
///   `clipsToBounds = true`, corner radius 20; then transform → identity, center → final center,
///   corner radius → 0. Dismissing: corner radius 0, then transform → scale, center → `originFrame`'s
///   center, corner radius → 20. With p the spring's progress, the frame (bounding box) is exactly the
///   linear interpolation `initialFrame + p·(finalFrame − initialFrame)` and the corner radius
///   `20·(1 − p)` (presenting) or `20·p` (dismissing) — p overshoots 1, so both overshoot too;
/// - the "to" view, when the context has one, is added to the container, and the recipe view is
///   brought to the front;
/// - completion: on a dismissal that was not cancelled, `dismissCompletion` runs (once), then
///   `completeTransition(!transitionWasCancelled)` (the tutorial passes `true` and runs
///   `dismissCompletion` even for a cancelled dismissal; that is corrected here).
@MainActor
public final class PopAnimator: AnimatedTransitioning, NamedTransitionRole {
    public let roleName = "pop"
    public nonisolated static let defaultDuration = 0.8
    public nonisolated static let springDamping = 0.5
    public nonisolated static let springVelocity = 0.2
    /// The card's corner radius, which the details view starts (or ends) with.
    public nonisolated static let defaultCornerRadius = 20.0

    public let duration: Double
    public let damping: Double
    public let velocity: Double
    public let cornerRadius: Double
    /// Set by the delegate when it vends the animator (true: presentation, false: dismissal).
    public var presenting = true
    /// The card's frame in window (= container) coordinates.
    public var originFrame = Rect.zero
    /// Runs when a dismissal has completed (the tutorial un-hides the card there).
    public var dismissCompletion: (() -> Void)?

    public init(
        originFrame: Rect = .zero, duration: Double = defaultDuration, damping: Double = springDamping,
        velocity: Double = springVelocity, cornerRadius: Double = defaultCornerRadius
    ) {
        self.originFrame = originFrame
        self.duration = duration
        self.damping = damping
        self.velocity = velocity
        self.cornerRadius = cornerRadius
    }

    public func transitionDuration(using context: TransitionContext?) throws -> Double { duration }

    public func animateTransition(using context: TransitionContext) throws {
        let containerView = context.containerView
        let presenting = self.presenting
        let toView = context.view(forKey: .to)
        let recipeView = presenting ? toView! : context.view(forKey: .from)!

        let initialFrame = presenting ? originFrame : recipeView.frame
        let finalFrame = presenting ? context.finalFrame(for: context.viewController(forKey: .to)!) : originFrame

        let xScaleFactor = presenting ? initialFrame.width / finalFrame.width : finalFrame.width / initialFrame.width
        let yScaleFactor = presenting ? initialFrame.height / finalFrame.height : finalFrame.height / initialFrame.height
        let scaleTransform = AffineTransform.scale(xScaleFactor, yScaleFactor)

        if presenting {
            recipeView.transform = scaleTransform
            recipeView.center = Point(x: initialFrame.midX, y: initialFrame.midY)
            recipeView.clipsToBounds = true
        }
        recipeView.cornerRadius = presenting ? cornerRadius : 0

        if let toView { containerView.addSubview(toView) }
        containerView.bringSubviewToFront(recipeView)

        try View.animate(
            withDuration: duration, delay: 0, usingSpringWithDamping: damping,
            initialSpringVelocity: velocity,
            animations: {
                recipeView.transform = presenting ? .identity : scaleTransform
                recipeView.center = Point(x: finalFrame.midX, y: finalFrame.midY)
                recipeView.cornerRadius = presenting ? 0 : self.cornerRadius
            },
            completion: { _ in
                let success = !context.transitionWasCancelled
                if !presenting && success { self.dismissCompletion?() }
                context.completeTransition(success)
            })
    }
}
