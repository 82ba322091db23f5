/// `coverVertical`: the presented view slides up from below the container (0.5 s, ease out) and
/// back down on dismissal (0.5 s, ease in).
@MainActor
final class CoverVerticalAnimator: AnimatedTransitioning {
    static let duration = 0.5

    func transitionDuration(using context: TransitionContext?) throws -> Double { Self.duration }

    func animateTransition(using context: TransitionContext) throws {
        guard let view = BuiltInAnimator.movingView(context) else { return context.completeTransition(true) }
        let shown = view.frame
        let below = shown.offsetBy(dx: 0, dy: context.containerView.bounds.height - shown.minY)
        if context.isPresenting { View.performWithoutAnimation { view.frame = below } }
        try View.animate(
            withDuration: Self.duration, options: context.isPresenting ? .curveEaseOut : .curveEaseIn,
            animations: { view.frame = context.isPresenting ? shown : below },
            completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
    }
}
