extension ViewController {
    /// Presents `viewController` modally. The transition begins on the next tick
    /// of the window's clock; `completion` receives whether it completed (false if cancelled).
    ///
    /// - Throws: `TransitionError` when the presentation cannot start — another transition is
    ///   running or queued in the window, the view controller is already presented, this view
    ///   controller is not in a window or is already presenting (UIKit's rule: present from the
    ///   top of the chain), a popover has no `sourceView` (`.popoverWithoutAnchor`) or one outside
    ///   the window. Then `completion(false)` has been called too, and nothing changed. Presenting
    ///   a view controller whose `modalPresentationStyle` is `.none` traps.
    public func present(
        _ viewController: ViewController, animated: Bool, completion: ((Bool) -> Void)? = nil
    ) throws(TransitionError) {
        precondition(
            viewController.modalPresentationStyle != .none,
            "cannot present '\(viewController.id)' with modalPresentationStyle .none: .none only answers adaptivePresentationStyle")
        do throws(TransitionError) {
            guard viewController !== self else { throw TransitionError.presentingItself(viewController: id) }
            guard isViewLoaded, let window = view.window ?? presentingWindow else {
                throw TransitionError.notInWindow(viewController: id)
            }
            guard !window.isTransitioning else { throw TransitionError.transitionInProgress(viewController: viewController.id) }
            if viewController.presentation != nil || viewController.ownPresentingViewController != nil
                || (viewController.isViewLoaded && viewController.view.window != nil)
            {
                throw TransitionError.alreadyPresented(viewController: viewController.id)
            }
            if let presented = presentedViewController {
                var top = presented
                while let next = top.presentedViewController { top = next }
                throw TransitionError.alreadyPresenting(viewController: id, presented: presented.id, top: top.id)
            }
            let presenting = PresentationStyleRules.presentingViewController(for: viewController, source: self, in: window)
            guard presenting !== viewController else { throw TransitionError.alreadyPresented(viewController: viewController.id) }
            try viewController.checkPopoverAnchor(in: window)
            window.transitionRunner.enqueuePresentation(
                of: viewController, by: presenting, source: self, animated: animated, completion: completion)
        } catch {
            completion?(false)
            throw error
        }
    }

    /// Dismisses what this view controller presents, or — if it presents nothing — this view
    /// controller itself (forwarded to its presenter). A chain of presentations above
    /// the presenter is dismissed at once; only the top one animates.
    ///
    /// - Throws: `TransitionError.nothingToDismiss` when there is nothing to dismiss,
    ///   `.transitionInProgress` when another transition is running or queued in the window. Then
    ///   `completion(false)` has been called too, and nothing changed.
    public func dismiss(animated: Bool, completion: ((Bool) -> Void)? = nil) throws(TransitionError) {
        do throws(TransitionError) {
            if let window = (isViewLoaded ? view.window : nil) ?? presentingWindow, window.isTransitioning {
                throw TransitionError.transitionInProgress(viewController: id)
            }
            guard let presenter = dismissingPresenter, let bottom = presenter.ownPresentedViewController?.presentation,
                let window = bottom.container.window
            else {
                throw TransitionError.nothingToDismiss(viewController: id)
            }
            guard !window.isTransitioning else { throw TransitionError.transitionInProgress(viewController: id) }
            var chain: [Presentation] = [bottom]
            while let next = chain[chain.count - 1].presented.ownPresentedViewController?.presentation { chain.append(next) }
            window.transitionRunner.enqueueDismissal(
                of: chain.reversed(), to: presenter, source: self, animated: animated, completion: completion)
        } catch {
            completion?(false)
            throw error
        }
    }

    /// The view controller whose presented chain `dismiss` ends: this one if it presents, else
    /// the nearest ancestor that presents (a child of a container that presents from the
    /// container, as UIKit's), else the presenter of this view controller (or of its nearest
    /// presented ancestor).
    private var dismissingPresenter: ViewController? {
        if ownPresentedViewController != nil { return self }
        var ancestor = parent
        while let candidate = ancestor {
            if candidate.ownPresentedViewController != nil { return candidate }
            ancestor = candidate.parent
        }
        var current: ViewController? = self
        while let candidate = current {
            if let presenter = candidate.ownPresentingViewController { return presenter }
            current = candidate.parent
        }
        return nil
    }

    /// The window of a presented view controller whose own view is not in it (a `fullScreen`
    /// presenter's view leaves the window while it presents).
    private var presentingWindow: Window? {
        var current: ViewController? = self
        while let candidate = current {
            if let window = candidate.presentation?.container.window { return window }
            if candidate.isViewLoaded, let window = candidate.view.window { return window }
            current = candidate.ownPresentedViewController
        }
        return nil
    }
}
