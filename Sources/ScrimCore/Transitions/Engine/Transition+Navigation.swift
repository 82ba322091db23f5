/// The steps of a push or pop (SPEC §4.8) that differ from a presentation's: the stack and the
/// containment callbacks, the navigation delegate, the container over the content, the end.
extension Transition {
    /// Steps 1–8 of a push or pop.
    func beginNavigation() {
        guard let change = navigation else { return }
        let navigationController = change.controller
        // Step 1.
        moveIntoOrOutOfStack(change)
        // Steps 2–3.
        do {
            try chooseNavigationAnimator(change)
        } catch let failure as RoleFailure {
            undoStepOne(change)
            endBeforeStart(failure)
            return
        } catch {
            preconditionFailure("role calls throw RoleFailure")
        }

        // Step 4: a container over the content, the from view in it, the to view at its frame.
        let content = navigationController.view
        let container = View(id: "\(navigationController.id).transition", frame: content.bounds)
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
    }

    /// Step 1: a push adds the view controller as a child (`willMove(toParent:)`); a pop tells
    /// the view controllers leaving (`willMove(toParent: nil)`).
    private func moveIntoOrOutOfStack(_ change: NavigationChange) {
        let navigationController = change.controller
        switch change.operation {
        case .push:
            trace(.willMoveToParent, presented.id, detail: navigationController.id)
            navigationController.addChild(presented)
        default:
            for popped in change.popped.reversed() {
                trace(.willMoveToParent, popped.id, detail: "nil")
                popped.willMove(toParent: nil)
            }
        }
    }

    /// Steps 2–3 failed: the child added at step 1 goes, the view controllers told they would
    /// leave stay.
    private func undoStepOne(_ change: NavigationChange) {
        let navigationController = change.controller
        switch change.operation {
        case .push:
            presented.willMove(toParent: nil)
            presented.removeFromParent()
        default:
            for popped in change.popped { popped.didMove(toParent: navigationController) }
        }
    }

    /// Step 10: the stack is committed (or stays as it was), the container goes, the view on top
    /// fills the navigation controller's view, the containment and appearance callbacks end, and
    /// the delegate hears `didShow` (only when completed).
    func finishNavigation(completed: Bool) {
        guard let change = navigation else { return }
        let navigationController = change.controller
        let content = navigationController.view
        let shown = completed ? presented : presenting
        let hidden = completed ? presenting : presented
        content.insertSubview(shown.view, at: 0)
        View.performWithoutAnimation { shown.view.frame = content.bounds }
        hidden.view.removeFromSuperview()
        navigationContainer?.removeFromSuperview()
        navigationContainer = nil
        if completed {
            navigationController.viewControllers = change.after
            switch change.operation {
            case .push:
                trace(.didMoveToParent, presented.id, detail: navigationController.id)
                presented.didMove(toParent: navigationController)
            default:
                for popped in change.popped.reversed() {
                    trace(.didMoveToParent, popped.id, detail: "nil")
                    popped.removeFromParent()
                }
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
            switch change.operation {
            case .push:
                presented.willMove(toParent: nil)
                trace(.didMoveToParent, presented.id, detail: "nil")
                presented.removeFromParent()
            default:
                for popped in change.popped {
                    trace(.didMoveToParent, popped.id, detail: navigationController.id)
                    popped.didMove(toParent: navigationController)
                }
            }
            appearance(presented, appearing: false)
            appearanceEnd(presented)
            appearance(presenting, appearing: true)
            appearanceEnd(presenting)
        }
    }
}
