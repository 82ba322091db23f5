/// `crossDissolve`: the presented view fades in (0.4 s, ease in-out) and out on dismissal.
@MainActor
final class CrossDissolveAnimator: StyleAnimator {
    static let duration = 0.4

    func animate(_ view: View, in context: TransitionContext) throws {
        // The view's own alpha: faded from 0 to it, or from it to 0, and given back at the end so
        // the next presentation of the same view controller shows it.
        let alpha = view.alpha
        if context.isPresenting { View.performWithoutAnimation { view.alpha = 0 } }
        try View.animate(
            withDuration: Self.duration, options: .curveEaseInOut,
            animations: { view.alpha = context.isPresenting ? alpha : 0 },
            completion: { _ in
                View.performWithoutAnimation { view.alpha = alpha }
                context.completeTransition(!context.transitionWasCancelled)
            })
    }
}
