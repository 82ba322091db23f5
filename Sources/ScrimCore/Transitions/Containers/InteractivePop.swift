/// The interaction controller of a navigation controller's edge-swipe pop: a percent-driven
/// interaction whose updates, finish or cancel may arrive before the pop has begun (the pan
/// begins the pop, which starts on the next tick); those are kept and applied when it starts.
@MainActor
final class InteractivePop: PercentDrivenInteractiveTransition {
    private var pendingPercent: Double?
    private var pendingEnd: Bool?

    override func startInteractiveTransition(_ context: TransitionContext) throws {
        try super.startInteractiveTransition(context)
        if let pendingPercent { super.update(pendingPercent) }
        if let pendingEnd { pendingEnd ? super.finish() : super.cancel() }
        pendingPercent = nil
        pendingEnd = nil
    }

    override func update(_ percentComplete: Double) {
        guard context != nil else { return pendingPercent = percentComplete }
        super.update(percentComplete)
    }

    override func finish() {
        guard context != nil else { return pendingEnd = true }
        super.finish()
    }

    override func cancel() {
        guard context != nil else { return pendingEnd = false }
        super.cancel()
    }
}
