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
