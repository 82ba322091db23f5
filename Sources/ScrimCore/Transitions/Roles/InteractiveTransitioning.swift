/// An interaction controller (`UIViewControllerInteractiveTransitioning`). It starts the
/// transition's animations (usually through the animator) and then drives them with the
/// context's `updateInteractiveTransition(_:)`, `finishInteractiveTransition()` and
/// `cancelInteractiveTransition()`. `PercentDrivenInteractiveTransition` does all of it.
@MainActor
public protocol InteractiveTransitioning: AnyObject {
    func startInteractiveTransition(_ context: TransitionContext) throws
    /// How fast the rest runs after finish or cancel (1: at the transition's own pace).
    var completionSpeed: Double { get }
    /// The curve of the rest after finish or cancel.
    var completionCurve: AnimationCurve { get }
    /// When false, the transition starts non-interactive (`animateTransition` is called).
    var wantsInteractiveStart: Bool { get }
}

extension InteractiveTransitioning {
    public var completionSpeed: Double { 1 }
    public var completionCurve: AnimationCurve { .easeInOut }
    public var wantsInteractiveStart: Bool { true }
}
