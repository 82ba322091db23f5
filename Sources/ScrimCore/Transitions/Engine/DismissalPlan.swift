/// A dismissal (Docs/Transitions.md, "The sequence", "Dismissal") of a chain of presentations, from
/// the top down, back to the view controller that stays: the top one is animated in its own
/// container; at the end every record of the chain goes (completed) or the top one shows again
/// (cancelled).
@MainActor
final class DismissalPlan: TransitionPlan {
    /// The presentations that end, from the top down (never empty).
    private let chain: [Presentation]
    let presenting: ViewController
    let animated: Bool

    /// A dismissal of `chain` (from the top down) back to `presenting`.
    init(dismissing chain: [Presentation], to presenting: ViewController, animated: Bool) {
        self.chain = chain
        self.presenting = presenting
        self.animated = animated
    }

    var kind: TransitionKind { .dismissal }
    var presented: ViewController { chain[0].presented }
    var involvedViewControllers: [ViewController] { [presented, presenting] + chain.dropFirst().map(\.presented) }
    var presentationController: PresentationController? { chain.first?.controller }
    var containerDelegate: AnyObject? { nil }

    // MARK: Beginning (steps 1–8)

    func begin(_ transition: Transition) {
        let top = chain[0]
        let bottom = chain[chain.count - 1]
        transition.delegate = presented.transitioningDelegate
        guard transition.prepare({ try chooseAnimator(builtIn: top.transitionStyle, transition) }) != nil else { return }
        // Step 4.
        if bottom.removesPresenterView { bottom.restorePresenterView() }
        transition.start(context: makeContext(top: top, bottom: bottom, transition), from: presented, to: presenting)
        if let replacement = top.controller.adaptiveViewController { transition.appearance(replacement, appearing: false) }
        transition.appearance(presented, appearing: false)
        if bottom.removesPresenterView { transition.appearance(presenting, appearing: true) }
        let controller = top.controller
        transition.runAnimations(willBegin: .dismissalTransitionWillBegin) { try controller.dismissalTransitionWillBegin() }
    }

    /// Steps 2–3: the transitioning delegate's animator for the dismissal (or the built-in one the
    /// presentation used) and its interaction controller.
    private func chooseAnimator(builtIn: ModalTransitionStyle, _ transition: Transition) throws {
        try transition.chooseAnimator(
            builtIn: builtIn, steps: (.animationControllerForDismissed, .interactionControllerForDismissal)
        ) { delegate in
            try delegate.animationController(forDismissed: presented)
        } interaction: { delegate, animator in
            try delegate.interactionControllerForDismissal(using: animator)
        }
    }

    /// Step 4's context: the top presentation's view leaves its container, the presenter's view
    /// (when the presentation had removed it) comes back.
    private func makeContext(top: Presentation, bottom: Presentation, _ transition: Transition) -> TransitionContext {
        let fromView = top.presentedView
        let toView = bottom.removesPresenterView ? presenting.view : nil
        var views: [TransitionContext.Key: View] = [.from: fromView]
        if let toView { views[.to] = toView }
        let container = top.container
        return TransitionContext(
            id: transition.id, kind: .dismissal, containerView: container, presentationStyle: top.style,
            isAnimated: animated, viewControllers: [.from: presented, .to: presenting], views: views,
            initialFrames: [ObjectIdentifier(presented): fromView.convert(fromView.bounds, to: container)],
            finalFrames: [ObjectIdentifier(presenting): presenting.view.convert(presenting.view.bounds, to: container)])
    }

    // MARK: The end

    func endPresentationController(_ transition: Transition, completed: Bool) throws {
        guard let controller = presentationController else { return }
        try transition.call(.presentationController, controller, .dismissalTransitionDidEnd) {
            try controller.dismissalTransitionDidEnd(completed)
        }
    }

    /// Step 13: completed, every presentation of the chain ends (its views, its record, its
    /// links) and those still showing disappear; cancelled, the top one shows again.
    func finish(_ transition: Transition, completed: Bool) {
        let top = chain[0]
        let bottom = chain[chain.count - 1]
        if completed {
            let replacements = chain.map(\.controller.adaptiveViewController)
            for record in chain {
                record.presentedView.removeFromSuperview()
                record.container.removeFromSuperview()
                record.presented.presentation = nil
                transition.runner.remove(record)
                record.presented.ownPresentingViewController = nil
                record.presenting.ownPresentedViewController = nil
                record.controller.adaptiveViewController?.ownPresentingViewController = nil
                record.controller.presentationDidEnd()
            }
            bottom.restorePresenterView()
            if let replacement = replacements[0] { transition.appearanceEnd(replacement) }
            transition.appearanceEnd(presented)
            for (record, replacement) in zip(chain, replacements).dropFirst() {
                for shown in [replacement, record.presented].compactMap({ $0 }) where shown.appearanceState != .disappeared {
                    transition.appearance(shown, appearing: false)
                    transition.appearanceEnd(shown)
                }
            }
            if bottom.removesPresenterView { transition.appearanceEnd(presenting) }
        } else {
            if bottom.removesPresenterView { presenting.view.removeFromSuperview() }
            if top.presentedView.superview == nil { top.container.addSubview(top.presentedView) }
            let replacement = top.controller.adaptiveViewController
            if let replacement { transition.appearance(replacement, appearing: true) }
            transition.appearance(presented, appearing: true)
            if let replacement { transition.appearanceEnd(replacement) }
            transition.appearanceEnd(presented)
            if bottom.removesPresenterView {
                transition.appearance(presenting, appearing: false)
                transition.appearanceEnd(presenting)
            }
        }
    }
}
