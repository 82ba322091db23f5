/// A push or pop (Docs/Containers.md, "NavigationController"): the stack and the containment
/// callbacks, the navigation delegate's animator (or the built-in slide) and the edge swipe, the
/// view the navigation controller inserts over its content, and the end, which commits the stack
/// or keeps it.
@MainActor
final class NavigationPlan: TransitionPlan {
    /// The navigation controller and its stacks.
    private let change: NavigationChange
    let animated: Bool
    /// The view inserted over the navigation controller's content for the animation (step 4 to 10).
    private var container: View?

    init(_ change: NavigationChange, animated: Bool) {
        self.change = change
        self.animated = animated
    }

    var kind: TransitionKind { change.operation == .push ? .push : .pop }
    var presented: ViewController { change.after[change.after.count - 1] }
    var presenting: ViewController { change.before[change.before.count - 1] }
    var involvedViewControllers: [ViewController] { [presented, presenting, change.controller] }
    var presentationController: PresentationController? { nil }
    var containerDelegate: AnyObject? { change.controller.delegate }

    // MARK: Beginning (steps 1–8)

    func begin(_ transition: Transition) {
        let navigationController = change.controller
        do {
            for joining in change.added { try transition.checkPlacement(of: joining, at: navigationController) }
        } catch let failure as RoleFailure {
            transition.endBeforeStart(failure)
            return
        } catch {
            preconditionFailure("placement checks throw RoleFailure")
        }
        // Step 1.
        moveIntoOrOutOfStack(transition)
        // Steps 2–3.
        do {
            try chooseAnimator(transition)
        } catch let failure as RoleFailure {
            keepStack(transition)
            transition.endBeforeStart(failure)
            return
        } catch {
            preconditionFailure("role calls throw RoleFailure")
        }

        // Step 4.
        container = transition.startInContainer(of: navigationController)
        if let delegate = navigationController.delegate {
            do {
                try transition.call(.delegate, delegate, .willShow) {
                    try delegate.navigationController(navigationController, willShow: presented, animated: animated)
                }
            } catch let failure as RoleFailure {
                transition.fault(role: failure.role, object: failure.object, method: failure.method, message: failure.message)
                return
            } catch {
                preconditionFailure("role calls throw RoleFailure")
            }
        }
        // Steps 5–8 (no presentation controller).
        transition.runAnimations(willBegin: nil) {}
    }

    /// Steps 2–3: the delegate's animator for the operation (or the built-in slide) and, when
    /// it vended one, its interaction controller.
    private func chooseAnimator(_ transition: Transition) throws {
        guard animated else { return }
        let navigationController = change.controller
        if let delegate = navigationController.delegate {
            transition.animator = try transition.call(.delegate, delegate, .animationControllerForOperation) {
                try delegate.navigationController(
                    navigationController, animationControllerFor: change.operation, from: presenting, to: presented)
            }
            if let animator = transition.animator {
                transition.interaction = try transition.call(.delegate, delegate, .interactionControllerForOperation) {
                    try delegate.navigationController(navigationController, interactionControllerFor: animator)
                }
            }
        }
        if transition.animator == nil { transition.animator = NavigationSlideAnimator() }
        // The edge swipe drives the pop it asked for, unless the delegate vended an interaction
        // controller.
        if change.operation == .pop, let swipe = navigationController.swipeWaitingForPop {
            navigationController.swipeWaitingForPop = nil
            if transition.interaction == nil {
                transition.interaction = swipe
            } else {
                navigationController.handSwipeToDelegate()
            }
        }
    }

    /// Step 1: the view controllers joining the stack become children (`willMove(toParent:)`);
    /// those leaving it are told (`willMove(toParent: nil)`, top first).
    private func moveIntoOrOutOfStack(_ transition: Transition) {
        let navigationController = change.controller
        for joining in change.added {
            transition.trace(.willMoveToParent, joining.id, detail: navigationController.id)
            navigationController.addChild(joining)
        }
        for leaving in change.removed.reversed() {
            transition.trace(.willMoveToParent, leaving.id, detail: "nil")
            leaving.willMove(toParent: nil)
        }
    }

    /// The stack stays as it was (steps 2–3 failed, or the transition was cancelled): the
    /// children added at step 1 go, the view controllers told they would leave stay.
    private func keepStack(_ transition: Transition) {
        let navigationController = change.controller
        // One added meanwhile to another view controller has moved there.
        for joining in change.added.reversed() where joining.parent === navigationController {
            joining.willMove(toParent: nil)
            transition.trace(.didMoveToParent, joining.id, detail: "nil")
            joining.removeFromParent()
        }
        for leaving in change.removed {
            transition.trace(.didMoveToParent, leaving.id, detail: navigationController.id)
            leaving.didMove(toParent: navigationController)
        }
    }

    // MARK: The end

    /// No presentation controller.
    func endPresentationController(_ transition: Transition, completed: Bool) throws {}

    /// Step 10: the stack is committed (or stays as it was), the container goes, the view on top
    /// fills the navigation controller's view, the containment and appearance callbacks end, and
    /// the delegate hears `didShow` (only when completed).
    func finish(_ transition: Transition, completed: Bool) {
        transition.endInContainer(
            of: change.controller, removing: container, completed: completed,
            commit: { commitStack(transition) }, keep: { keepStack(transition) })
        container = nil
        if completed { tellDidShow(transition) }
    }

    /// The stack once completed: the view controllers that joined it finish moving in, those that
    /// left it leave.
    private func commitStack(_ transition: Transition) {
        let navigationController = change.controller
        // One added meanwhile to another view controller (`addChild`) has moved there.
        navigationController.viewControllers = change.after.filter { $0.parent === navigationController }
        for joining in change.added where joining.parent === navigationController {
            transition.trace(.didMoveToParent, joining.id, detail: navigationController.id)
            joining.didMove(toParent: navigationController)
        }
        for leaving in change.removed.reversed() where leaving.parent === navigationController {
            transition.trace(.didMoveToParent, leaving.id, detail: "nil")
            leaving.removeFromParent()
        }
    }

    /// The delegate hears `didShow`; the transition has completed, so a fault is reported and the
    /// end goes on.
    private func tellDidShow(_ transition: Transition) {
        let navigationController = change.controller
        guard let delegate = navigationController.delegate else { return }
        do {
            try transition.call(.delegate, delegate, .didShow) {
                try delegate.navigationController(navigationController, didShow: presented, animated: animated)
            }
        } catch let failure as RoleFailure {
            transition.report(failure)
        } catch {
            preconditionFailure("role calls throw RoleFailure")
        }
    }
}
