import ScrimCore

/// The Swift twin of `Plugins/parallax.lua`: a navigation controller's delegate that vends a
/// parallax push and pop, and an interaction controller for a pop begun by the navigation
/// controller's edge swipe — written as a UIKit app would (the delegate adds a target to
/// `interactivePopGestureRecognizer` and forwards its events to the interaction it vended).
///
/// Exact behaviour (what the Lua plugin must reproduce):
/// - every push and pop gets an `Animator`; a pop gets an `Interaction` too when the edge swipe
///   is under the finger (`began` or `changed`) as the pop starts;
/// - the animator, `duration` (0.35 s) with `curve` (ease-in-out): the view on top (to for a push,
///   from for a pop; a presentation plays as a push, a dismissal as a pop) goes from
///   `content + width` to `content` (push) or back (pop), where `content` is the to view
///   controller's final frame (push) or the top view's frame (pop); the view underneath goes from
///   `content` to `content − parallax × width` (push) or back (pop); a black view
///   "parallax.dimming" filling the container, just below the top view, fades from alpha 0 to
///   `dimming` (push) or back (pop). On completion the dimming view goes, and the top view leaves
///   its superview when a pop completes or a push is cancelled;
/// - the interaction, percent-driven: every later event of the swipe with `p` = horizontal
///   translation / the navigation controller's view's width: `began`/`changed` → `update(p)`;
///   `ended` with `p > finishThreshold` or a horizontal velocity above `finishVelocity` →
///   `finish()`; any other end → `cancel()`.
@MainActor
public final class ParallaxTransition: NavigationControllerDelegate, NamedTransitionRole {
    public let roleName = "parallax"
    public nonisolated static let defaultDuration = 0.35

    public var duration = defaultDuration
    public var curve = AnimationCurve.easeInOut
    public var parallax = 0.3
    public var dimming = 0.2
    public var finishThreshold = 0.5
    public var finishVelocity = 500.0

    /// Whether the pop being started is the edge swipe's.
    public private(set) var swiping = false
    /// The interaction driving the swipe's pop, while it runs.
    private weak var interaction: Interaction?
    /// The navigation controller whose edge swipe this delegate listens to.
    private weak var listening: NavigationController?

    public init() {}

    public func navigationController(
        _ navigationController: NavigationController, animationControllerFor operation: TransitionOperation,
        from fromViewController: ViewController, to toViewController: ViewController
    ) throws -> (any AnimatedTransitioning)? {
        let swipe = navigationController.interactivePopGestureRecognizer
        if listening !== navigationController {
            listening = navigationController
            swipe.addTarget { [weak self] recognizer in self?.interaction?.handleGesture(recognizer) }
        }
        swiping = operation == .pop && (swipe.state == .began || swipe.state == .changed)
        return Animator(self)
    }

    public func navigationController(
        _ navigationController: NavigationController, interactionControllerFor animator: any AnimatedTransitioning
    ) throws -> (any InteractiveTransitioning)? {
        guard swiping else { return nil }
        let interaction = Interaction(finishThreshold: finishThreshold, finishVelocity: finishVelocity)
        self.interaction = interaction
        return interaction
    }

    /// The push and pop.
    @MainActor
    public final class Animator: AnimatedTransitioning, NamedTransitionRole {
        public let roleName = "parallax"
        let duration: Double, curve: AnimationCurve, parallax: Double, dimming: Double

        init(_ settings: ParallaxTransition) {
            duration = settings.duration
            curve = settings.curve
            parallax = settings.parallax
            dimming = settings.dimming
        }

        public func transitionDuration(using context: TransitionContext?) throws -> Double { duration }

        public func animateTransition(using context: TransitionContext) throws {
            let container = context.containerView
            let width = container.bounds.width
            let pushing = context.operation == .push || (context.operation == .none && context.isPresenting)
            let fromView = context.view(forKey: .from), toView = context.view(forKey: .to)
            let top = (pushing ? toView : fromView)!
            let below = pushing ? fromView : toView
            let content = pushing ? context.finalFrame(for: context.viewController(forKey: .to)!) : top.frame
            let aside = content.offsetBy(dx: width, dy: 0)
            let behind = content.offsetBy(dx: -parallax * width, dy: 0)

            if pushing {
                container.addSubview(top)
                top.frame = aside
            } else if let below {
                container.insertSubview(below, belowSubview: top)
                below.frame = behind
            }
            let dimmingView = View(id: "parallax.dimming", frame: container.bounds)
            dimmingView.backgroundColor = .black
            dimmingView.alpha = pushing ? 0 : dimming
            container.insertSubview(dimmingView, belowSubview: top)

            let dimming = self.dimming
            try View.animate(
                withDuration: duration, timing: .curve(curve),
                animations: {
                    top.frame = pushing ? content : aside
                    below?.frame = pushing ? behind : content
                    dimmingView.alpha = pushing ? dimming : 0
                },
                completion: { _ in
                    let success = !context.transitionWasCancelled
                    dimmingView.removeFromSuperview()
                    if success != pushing { top.removeFromSuperview() }
                    context.completeTransition(success)
                })
        }
    }

    /// The swipe's pop, percent-driven.
    @MainActor
    public final class Interaction: PercentDrivenInteractiveTransition, NamedTransitionRole {
        public let roleName = "parallax"
        let finishThreshold: Double, finishVelocity: Double

        init(finishThreshold: Double, finishVelocity: Double) {
            self.finishThreshold = finishThreshold
            self.finishVelocity = finishVelocity
            super.init()
        }

        func handleGesture(_ gesture: PanGestureRecognizer) {
            guard context != nil, let view = gesture.view, view.bounds.width > 0 else { return }
            let percent = gesture.translation(in: view).x / view.bounds.width
            switch gesture.state {
            case .began, .changed:
                update(percent)
            case .ended where percent > finishThreshold || gesture.velocity(in: view).x > finishVelocity:
                finish()
            default:
                cancel()
            }
        }
    }
}
