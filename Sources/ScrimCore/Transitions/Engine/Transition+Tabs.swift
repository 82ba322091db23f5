/// The steps of a tab switch (Docs/Containers.md, "TabBarController"): the tab bar delegate's
/// animator, the container over the content (shared with pushes and pops), the selection
/// committed at the end.
extension Transition {
    /// Steps 2–8 of a tab switch. With no animator the switch completes on this tick, at once.
    func beginTabSwitch() {
        guard let change = tabSwitch else { return }
        let tabBarController = change.controller
        if let delegate = tabBarController.delegate {
            do {
                animator = try call(.delegate, delegate, .animationControllerForOperation) {
                    try delegate.tabBarController(tabBarController, animationControllerForTransitionFrom: presenting, to: presented)
                }
                if let animator {
                    interaction = try call(.delegate, delegate, .interactionControllerForOperation) {
                        try delegate.tabBarController(tabBarController, interactionControllerFor: animator)
                    }
                }
            } catch let failure as RoleFailure {
                endBeforeStart(failure)
                return
            } catch {
                preconditionFailure("role calls throw RoleFailure")
            }
        }
        startInContainer(of: tabBarController)
        runAnimations(willBegin: nil) {}
    }

    /// Step 10 of a tab switch: the selection is committed (or stays), the appearance callbacks
    /// end, and after a user's selection the delegate hears `didSelect`.
    func finishTabSwitch(completed: Bool) {
        guard let change = tabSwitch else { return }
        let tabBarController = change.controller
        endInContainer(of: tabBarController, completed: completed)
        if completed {
            tabBarController.selectedIndex = change.index
            appearanceEnd(presenting)
            appearanceEnd(presented)
            if change.byUser, let delegate = tabBarController.delegate {
                trace(.didSelect, roleName(of: delegate))
                tabBarController.tell(delegate, didSelect: presented, in: runner.window)
            }
        } else {
            appearance(presented, appearing: false)
            appearanceEnd(presented)
            appearance(presenting, appearing: true)
            appearanceEnd(presenting)
        }
    }
}
