/// `crossDissolve`: the presented view fades in (0.4 s, ease in-out) and out on dismissal.
@MainActor
final class CrossDissolveAnimator: AnimatedTransitioning {
    static let duration = 0.4

    func transitionDuration(using context: TransitionContext?) throws -> Double { Self.duration }

    func animateTransition(using context: TransitionContext) throws {
        guard let view = BuiltInAnimator.movingView(context) else { return context.completeTransition(true) }
        let alpha = context.isPresenting ? view.alpha : 0
        if context.isPresenting { View.performWithoutAnimation { view.alpha = 0 } }
        try View.animate(
            withDuration: Self.duration, options: .curveEaseInOut,
            animations: { view.alpha = alpha },
            completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
    }
}
