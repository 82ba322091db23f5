/// An interaction controller that drives the animator's animations by percentage
/// (`UIPercentDrivenInteractiveTransition`). Subclass it, or use it as is and call `update`,
/// `finish` and `cancel` from a gesture handler (Listings 10-3 and 10-4).
///
/// `startInteractiveTransition(_:)` starts the animator paused at 0: through its
/// `interruptibleAnimator(using:)` when it offers one, otherwise by calling its
/// `animateTransition(using:)` with the transition's time standing still. Every animation of the
/// transition — the animator's, the alongside ones, the presentation controller's — then follows
/// `percentComplete`.
@MainActor
open class PercentDrivenInteractiveTransition: InteractiveTransitioning {
    /// The context of the transition being driven (weak: the transition owns it).
    public private(set) weak var context: TransitionContext?

    /// How fast the rest runs after `finish` or `cancel` (default 1).
    open var completionSpeed = 1.0
    /// The curve of the rest after `finish` or `cancel` (default `easeInOut`).
    open var completionCurve = AnimationCurve.easeInOut
    /// When set, the timing of the rest after `finish` or `cancel`, instead of `completionCurve`.
    open var timingCurve: TimingParameters?
    /// Default true: the transition starts interactive.
    open var wantsInteractiveStart = true

    public init() {}

    /// The fraction driven so far.
    public var percentComplete: Double { context?.percentComplete ?? 0 }

    /// The transition's duration (the animator's `transitionDuration`).
    public var duration: Double { context?.transitionDuration ?? 0 }

    open func startInteractiveTransition(_ context: TransitionContext) throws {
        self.context = context
        try context.transition?.startPercentDrivenAnimations()
    }

    /// Moves the transition to `percentComplete` (clamped to 0…1).
    open func update(_ percentComplete: Double) { context?.updateInteractiveTransition(percentComplete) }

    /// Runs the rest forward.
    open func finish() { context?.finishInteractiveTransition() }

    /// Runs back to the start and cancels.
    open func cancel() { context?.cancelInteractiveTransition() }

    /// Stops a finishing or cancelling transition where it is: interactive again.
    open func pause() { context?.pauseInteractiveTransition() }
}
