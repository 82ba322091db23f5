/// An animator object (`UIViewControllerAnimatedTransitioning`): says how long the transition
/// lasts and animates it, then calls `completeTransition(_:)` on the context.
@MainActor
public protocol AnimatedTransitioning: AnyObject {
    /// The duration in seconds: finite and ≥ 0 (anything else is a fault that cancels the
    /// transition).
    func transitionDuration(using context: TransitionContext?) throws -> Double
    /// Creates the animations. Every animation created here (and in their completions) belongs to
    /// the transition: an interaction drives it, a cancel restores what it touched.
    func animateTransition(using context: TransitionContext) throws
    /// Called after the transition ended, with whether it completed. Optional.
    func animationEnded(_ transitionCompleted: Bool)
    /// A property animator that an interaction drives instead of the transition's timeline.
    /// Optional (default `nil`).
    func interruptibleAnimator(using context: TransitionContext) throws -> PropertyAnimator?
}

extension AnimatedTransitioning {
    public func animationEnded(_ transitionCompleted: Bool) {}
    public func interruptibleAnimator(using context: TransitionContext) throws -> PropertyAnimator? { nil }
}
