/// The animators of the four `modalTransitionStyle`s, used when the transitioning delegate vends
/// none. Headless approximations of UIKit's: the same durations and directions, without 3-D.
@MainActor
enum BuiltInAnimator {
    static func make(_ style: ModalTransitionStyle) -> any AnimatedTransitioning {
        switch style {
        case .coverVertical: CoverVerticalAnimator()
        case .crossDissolve: CrossDissolveAnimator()
        case .flipHorizontal: FlipHorizontalAnimator()
        case .partialCurl: PartialCurlAnimator()
        }
    }

    /// Puts the presented view in the container at its final frame (presentations) and returns
    /// the view that moves: the presented one going in, or the dismissed one going out.
    static func movingView(_ context: TransitionContext) -> View? {
        if context.isPresenting {
            guard let view = context.view(forKey: .to), let presented = context.viewController(forKey: .to) else {
                return nil
            }
            if view.superview !== context.containerView { context.containerView.addSubview(view) }
            View.performWithoutAnimation { view.frame = context.finalFrame(for: presented) }
            return view
        }
        return context.view(forKey: .from)
    }
}

/// The animator of a built-in `ModalTransitionStyle`: a fixed duration, and an animation of the
/// view that moves (`BuiltInAnimator.movingView`); without one, the transition completes at once.
@MainActor
protocol StyleAnimator: AnimatedTransitioning {
    static var duration: Double { get }
    /// Animates `moving`, the presented view going in or the dismissed one going out, and
    /// completes the transition when done.
    func animate(_ moving: View, in context: TransitionContext) throws
}

extension StyleAnimator {
    func transitionDuration(using context: TransitionContext?) throws -> Double { Self.duration }

    func animateTransition(using context: TransitionContext) throws {
        guard let moving = BuiltInAnimator.movingView(context) else { return context.completeTransition(true) }
        try animate(moving, in: context)
    }
}
