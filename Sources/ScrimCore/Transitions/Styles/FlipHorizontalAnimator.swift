/// `flipHorizontal`: the outgoing view narrows to an edge around its vertical axis for the first
/// half (0.3 s), then the incoming view widens from an edge for the second half, as a card seen
/// turning over without perspective.
@MainActor
final class FlipHorizontalAnimator: AnimatedTransitioning {
    static let duration = 0.6
    /// How thin "an edge" is: a scale of 0 would make the transform singular.
    static let edgeScale = 0.001

    func transitionDuration(using context: TransitionContext?) throws -> Double { Self.duration }

    func animateTransition(using context: TransitionContext) throws {
        guard let moving = BuiltInAnimator.movingView(context) else { return context.completeTransition(true) }
        let other = context.isPresenting ? context.viewController(forKey: .from)?.view : context.view(forKey: .to)
        let outgoing = context.isPresenting ? other : moving
        let incoming = context.isPresenting ? moving : other
        let edge = AffineTransform.scale(Self.edgeScale, 1)
        let outgoingStart = outgoing?.transform ?? .identity
        let incomingEnd = incoming?.transform ?? .identity
        View.performWithoutAnimation { incoming?.transform = edge }
        try View.animateKeyframes(withDuration: Self.duration, animations: {
            try View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { outgoing?.transform = edge }
            try View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { incoming?.transform = incomingEnd }
        }, completion: { _ in
            View.performWithoutAnimation {
                outgoing?.transform = outgoingStart
                incoming?.transform = incomingEnd
            }
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}
