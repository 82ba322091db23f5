/// The steps of a push or pop (Docs/Containers.md) that differ from a presentation's: the stack and the
/// containment callbacks, the navigation delegate, the container over the content, the end.
extension Transition {
    /// Steps 1–8 of a push or pop.
    func beginNavigation() {
        guard let change = navigation else { return }
        let navigationController = change.controller
        do {
            for joining in change.added { try checkPlacement(of: joining, at: navigationController) }
        } catch let failure as RoleFailure {
            endBeforeStart(failure)
            return
        } catch {
            preconditionFailure("placement checks throw RoleFailure")
        }
        // Step 1.
        moveIntoOrOutOfStack(change)
        // Steps 2–3.
        do {
            try chooseNavigationAnimator(change)
        } catch let failure as RoleFailure {
            keepStack(change)
            endBeforeStart(failure)
            return
        } catch {
            preconditionFailure("role calls throw RoleFailure")
        }

        // Step 4.
        startInContainer(of: navigationController)
        if let delegate = navigationController.delegate {
            do {
                try call(.delegate, delegate, .willShow) {
                    try delegate.navigationController(navigationController, willShow: presented, animated: animated)
                }
            } catch let failure as RoleFailure {
                fault(role: failure.role, object: failure.object, message: failure.message)
                return
            } catch {
                preconditionFailure("role calls throw RoleFailure")
            }
        }
        // Steps 5–8 (no presentation controller).
        runAnimations(willBegin: nil) {}
    }

    /// Step 4 of a container's transition: a view over the container's content (`ID.transition`)
    /// with the from view in it, the to view at the content frame (the animator adds it), the
    /// context and coordinator, then `viewWillDisappear` (from) and `viewWillAppear` (to).
    func startInContainer(of owner: ViewController) {
        let content = owner.view
        let container = View(id: "\(owner.id).transition", frame: content.bounds)
        content.addSubview(container)
        navigationContainer = container
        let fromView = presenting.view
        let toView = presented.view
        container.addSubview(fromView)
        let frame = container.bounds
        View.performWithoutAnimation {
            fromView.frame = frame
            toView.frame = frame
        }
        let context = TransitionContext(
            id: id, kind: kind, containerView: container, presentationStyle: .fullScreen, isAnimated: animated,
            viewControllers: [.from: presenting, .to: presented], views: [.from: fromView, .to: toView],
            initialFrames: [ObjectIdentifier(presenting): frame], finalFrames: [ObjectIdentifier(presented): frame])
        start(context: context, from: presenting, to: presented)
        appearance(presenting, appearing: false)
        appearance(presented, appearing: true)
    }

    /// The views at step 10 of a container's transition: the one shown (to when completed, else
    /// from) fills the container's view, the other leaves the window, the container view goes.
    func endInContainer(of owner: ViewController, completed: Bool) {
        let content = owner.view
        let shown = completed ? presented : presenting
        let hidden = completed ? presenting : presented
        content.insertSubview(shown.view, at: 0)
        View.performWithoutAnimation { shown.view.frame = content.bounds }
        hidden.view.removeFromSuperview()
        navigationContainer?.removeFromSuperview()
        navigationContainer = nil
    }

    /// Steps 2–3: the delegate's animator for the operation (or the built-in slide) and, when
    /// it vended one, its interaction controller.
    private func chooseNavigationAnimator(_ change: NavigationChange) throws {
        guard animated else { return }
        let navigationController = change.controller
        if let delegate = navigationController.delegate {
            animator = try call(.delegate, delegate, .animationControllerForOperation) {
                try delegate.navigationController(
                    navigationController, animationControllerFor: change.operation, from: presenting, to: presented)
            }
            if let animator {
                interaction = try call(.delegate, delegate, .interactionControllerForOperation) {
                    try delegate.navigationController(navigationController, interactionControllerFor: animator)
                }
            }
        }
        if animator == nil { animator = NavigationSlideAnimator() }
        // The edge swipe drives the pop it asked for, unless the delegate vended an interaction
        // controller.
        if change.operation == .pop, let swipe = navigationController.swipeWaitingForPop {
            navigationController.swipeWaitingForPop = nil
            if interaction == nil { interaction = swipe } else { navigationController.handSwipeToDelegate() }
        }
    }

    /// Step 1: the view controllers joining the stack become children (`willMove(toParent:)`);
    /// those leaving it are told (`willMove(toParent: nil)`, top first).
    private func moveIntoOrOutOfStack(_ change: NavigationChange) {
        let navigationController = change.controller
        for joining in change.added {
            trace(.willMoveToParent, joining.id, detail: navigationController.id)
            navigationController.addChild(joining)
        }
        for leaving in change.removed.reversed() {
            trace(.willMoveToParent, leaving.id, detail: "nil")
            leaving.willMove(toParent: nil)
        }
    }

    /// The stack stays as it was (steps 2–3 failed, or the transition was cancelled): the
    /// children added at step 1 go, the view controllers told they would leave stay.
    private func keepStack(_ change: NavigationChange) {
        let navigationController = change.controller
        // One added meanwhile to another view controller has moved there.
        for joining in change.added.reversed() where joining.parent === navigationController {
            joining.willMove(toParent: nil)
            trace(.didMoveToParent, joining.id, detail: "nil")
            joining.removeFromParent()
        }
        for leaving in change.removed {
            trace(.didMoveToParent, leaving.id, detail: navigationController.id)
            leaving.didMove(toParent: navigationController)
        }
    }

    /// Step 10: the stack is committed (or stays as it was), the container goes, the view on top
    /// fills the navigation controller's view, the containment and appearance callbacks end, and
    /// the delegate hears `didShow` (only when completed).
    func finishNavigation(completed: Bool) {
        guard let change = navigation else { return }
        let navigationController = change.controller
        endInContainer(of: navigationController, completed: completed)
        if completed {
            // One added meanwhile to another view controller (`addChild`) has moved there.
            navigationController.viewControllers = change.after.filter { $0.parent === navigationController }
            for joining in change.added where joining.parent === navigationController {
                trace(.didMoveToParent, joining.id, detail: navigationController.id)
                joining.didMove(toParent: navigationController)
            }
            for leaving in change.removed.reversed() where leaving.parent === navigationController {
                trace(.didMoveToParent, leaving.id, detail: "nil")
                leaving.removeFromParent()
            }
            appearanceEnd(presenting)
            appearanceEnd(presented)
            if let delegate = navigationController.delegate {
                do {
                    try call(.delegate, delegate, .didShow) {
                        try delegate.navigationController(navigationController, didShow: presented, animated: animated)
                    }
                } catch let failure as RoleFailure {
                    // The transition has completed: the fault is reported, the end goes on.
                    runner.emit(.diagnostic(TransitionDiagnostic(
                        transition: id, role: failure.role, object: failure.object, message: failure.message)))
                } catch {
                    preconditionFailure("role calls throw RoleFailure")
                }
            }
        } else {
            keepStack(change)
            appearance(presented, appearing: false)
            appearanceEnd(presented)
            appearance(presenting, appearing: true)
            appearanceEnd(presenting)
        }
    }
}
