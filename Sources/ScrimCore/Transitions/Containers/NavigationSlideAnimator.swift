/// The built-in push and pop, used when the navigation controller's delegate vends no animator:
/// 0.35 s, ease in-out. A push slides the new view in from the right edge (x = width → 0) while
/// the old one moves a third of the way out to the left (0 → −0.3 × width); a pop reverses it.
@MainActor
final class NavigationSlideAnimator: AnimatedTransitioning {
    static let duration = 0.35

    func transitionDuration(using context: TransitionContext?) throws -> Double { Self.duration }

    func animateTransition(using context: TransitionContext) throws {
        guard let fromView = context.view(forKey: .from), let toView = context.view(forKey: .to),
            let toViewController = context.viewController(forKey: .to)
        else { return context.completeTransition(true) }
        let container = context.containerView
        let width = container.bounds.width
        let content = context.finalFrame(for: toViewController)
        let pushing = context.operation == .push
        View.performWithoutAnimation {
            if pushing {
                container.addSubview(toView)
                toView.frame = content.offsetBy(dx: width, dy: 0)
            } else {
                container.insertSubview(toView, belowSubview: fromView)
                toView.frame = content.offsetBy(dx: -0.3 * width, dy: 0)
            }
        }
        let fromEnd = fromView.frame.offsetBy(dx: pushing ? -0.3 * width : width, dy: 0)
        try View.animate(
            withDuration: Self.duration, options: .curveEaseInOut,
            animations: {
                toView.frame = content
                fromView.frame = fromEnd
            },
            completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
    }
}
