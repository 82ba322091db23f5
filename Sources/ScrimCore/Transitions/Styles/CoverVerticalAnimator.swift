/// `coverVertical`: the presented view slides up from below the container (0.5 s, ease out) and
/// back down on dismissal (0.5 s, ease in).
@MainActor
final class CoverVerticalAnimator: StyleAnimator {
    static let duration = 0.5

    func animate(_ view: View, in context: TransitionContext) throws {
        let shown = view.frame
        let below = shown.offsetBy(dx: 0, dy: context.containerView.bounds.height - shown.minY)
        if context.isPresenting { View.performWithoutAnimation { view.frame = below } }
        try View.animate(
            withDuration: Self.duration, options: context.isPresenting ? .curveEaseOut : .curveEaseIn,
            animations: { view.frame = context.isPresenting ? shown : below },
            completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
    }
}
