/// `partialCurl`: a snapshot of the presenting view lifts away upwards with a slight turn, like a
/// page curling up, revealing the presented view (0.5 s); on dismissal the snapshot comes back
/// down over the presented view. The snapshot is removed when the transition ends.
@MainActor
final class PartialCurlAnimator: StyleAnimator {
    static let duration = 0.5
    /// How far the page lifts, as a fraction of the container's height, and how much it turns.
    static let lift = 0.6
    static let turn = -0.12

    /// Where a page of `height` points is when it has lifted away (also `View.transition`'s curls).
    static func lifted(height: Double) -> AffineTransform {
        AffineTransform.translation(0, -height * lift).concatenating(.rotation(turn))
    }

    func animate(_ moving: View, in context: TransitionContext) throws {
        guard let pageSource = context.viewController(forKey: context.isPresenting ? .from : .to)?.view else {
            return context.completeTransition(true)
        }
        let container = context.containerView
        let page = pageSource.snapshotView()
        View.performWithoutAnimation { page.frame = pageSource.convert(pageSource.bounds, to: container) }
        container.insertSubview(page, aboveSubview: moving)
        let lifted = Self.lifted(height: container.bounds.height)
        View.performWithoutAnimation {
            page.transform = context.isPresenting ? .identity : lifted
            page.alpha = context.isPresenting ? 1 : 0
        }
        try View.animate(
            withDuration: Self.duration, options: .curveEaseInOut,
            animations: {
                page.transform = context.isPresenting ? lifted : .identity
                page.alpha = context.isPresenting ? 0 : 1
            },
            completion: { _ in
                page.removeFromSuperview()
                context.completeTransition(!context.transitionWasCancelled)
            })
    }
}
