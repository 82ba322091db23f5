import ScrimCore

/// What a transition's context and its coordinator both report (UIKit's
/// `UIViewControllerTransitionCoordinatorContext`), bridged as the same fields of both handles.
@MainActor
protocol TransitionState: AnyObject {
    var isAnimated: Bool { get }
    var isInteractive: Bool { get }
    var percentComplete: Double { get }
    var transitionDuration: Double { get }
    /// The view the transition happens in; a coordinator's can be nil.
    var transitionContainer: View? { get }
}

extension TransitionContext: TransitionState {
    var transitionContainer: View? { containerView }
}

extension TransitionCoordinator: TransitionState {
    var transitionContainer: View? { containerView }
}

extension BridgeField where Object: TransitionState {
    /// `containerView`, `isAnimated`, `isInteractive`, `percentComplete` and `transitionDuration`.
    static var transitionState: [BridgeField] {
        [
            BridgeField("containerView", "the view the transition happens in", \.transitionContainer),
            BridgeField("isAnimated", "whether the transition animates", \.isAnimated),
            BridgeField("isInteractive", "whether the transition is driven interactively now", \.isInteractive),
            BridgeField("percentComplete", "how far the transition is, 0 to 1", \.percentComplete),
            BridgeField("transitionDuration", "the animator's duration, in seconds", \.transitionDuration),
        ]
    }
}
