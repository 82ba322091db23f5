import Scrim

/// The Swift animator the transition benchmarks present with: the presented view slides in from
/// the right while fading in and losing its corner radius (three properties, one animation).
@MainActor
final class BenchAnimator: AnimatedTransitioning {
    static let duration = 0.3

    func transitionDuration(using context: TransitionContext?) throws -> Double { Self.duration }

    func animateTransition(using context: TransitionContext) throws {
        let container = context.containerView
        let presenting = context.isPresenting
        guard let view = context.view(forKey: presenting ? .to : .from) else {
            return context.completeTransition(false)
        }
        let shown = presenting ? context.finalFrame(for: context.viewController(forKey: .to)!) : view.frame
        let hidden = shown.offsetBy(dx: container.bounds.width, dy: 0)
        if presenting {
            container.addSubview(view)
            View.performWithoutAnimation {
                view.frame = hidden
                view.alpha = 0
                view.cornerRadius = 20
            }
        }
        try View.animate(
            withDuration: Self.duration, options: .curveEaseInOut,
            animations: {
                view.frame = presenting ? shown : hidden
                view.alpha = presenting ? 1 : 0
                view.cornerRadius = presenting ? 0 : 20
            },
            completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
    }
}

/// Vends a new `BenchAnimator` for every transition.
@MainActor
final class BenchDelegate: TransitioningDelegate {
    func animationController(
        forPresented presented: ViewController, presenting: ViewController, source: ViewController
    ) throws -> (any AnimatedTransitioning)? { BenchAnimator() }

    func animationController(forDismissed dismissed: ViewController) throws -> (any AnimatedTransitioning)? {
        BenchAnimator()
    }
}
