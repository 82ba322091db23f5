/// A tab switch (Docs/Containers.md, "TabBarController"): the tab bar delegate's animator (with
/// none, the switch completes on the tick it begins, at once), the view the tab bar controller
/// inserts over its content, and the selection committed at the end.
@MainActor
final class TabSwitchPlan: TransitionPlan {
    /// The tab bar controller, the tab it selects and whether a user selected it.
    private let change: TabSwitch
    /// The view inserted over the tab bar controller's content for the animation (step 4 to 10).
    private var container: View?

    init(_ change: TabSwitch) {
        self.change = change
    }

    var kind: TransitionKind { .tab }
    var presented: ViewController { change.to }
    var presenting: ViewController { change.from }
    /// Animated when the delegate vends an animator, else at once.
    var animated: Bool { true }
    var involvedViewControllers: [ViewController] { [presented, presenting, change.controller] }
    var presentationController: PresentationController? { nil }
    var containerDelegate: AnyObject? { change.controller.delegate }

    // MARK: Beginning (steps 2–8)

    func begin(_ transition: Transition) {
        guard transition.prepare({ try chooseAnimator(transition) }) != nil else { return }
        container = transition.startInContainer(of: change.controller)
        transition.runAnimations(willBegin: nil) {}
    }

    /// Steps 2–3: the delegate's animator (none: the switch is not animated) and, when it vended
    /// one, its interaction controller.
    private func chooseAnimator(_ transition: Transition) throws {
        let tabBarController = change.controller
        guard let delegate = tabBarController.delegate else { return }
        transition.animator = try transition.call(.delegate, delegate, .animationControllerForOperation) {
            try delegate.tabBarController(tabBarController, animationControllerForTransitionFrom: presenting, to: presented)
        }
        if let animator = transition.animator {
            transition.interaction = try transition.call(.delegate, delegate, .interactionControllerForOperation) {
                try delegate.tabBarController(tabBarController, interactionControllerFor: animator)
            }
        }
    }

    // MARK: The end

    /// No presentation controller.
    func endPresentationController(_ transition: Transition, completed: Bool) throws {}

    /// Step 10: the selection is committed (or stays), the appearance callbacks end, and after a
    /// user's selection the delegate hears `didSelect`.
    func finish(_ transition: Transition, completed: Bool) {
        let tabBarController = change.controller
        transition.endInContainer(
            of: tabBarController, removing: container, completed: completed,
            commit: { tabBarController.selectedIndex = change.index }, keep: {})
        container = nil
        guard completed, change.byUser, let delegate = tabBarController.delegate else { return }
        transition.trace(.didSelect, roleName(of: delegate))
        tabBarController.tell(delegate, didSelect: presented, in: transition.runner.window)
    }
}
