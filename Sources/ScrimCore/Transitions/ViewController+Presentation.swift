extension ViewController {
    /// Presents `viewController` modally. The transition begins on the next tick
    /// of the window's clock; `completion` receives whether it completed (false if cancelled).
    ///
    /// - Throws: `TransitionError` when the presentation cannot start — another transition is
    ///   running or queued in the window, the view controller is already presented or presenting
    ///   (or this one is inside it), it is another's child (`.hasParent`), this view
    ///   controller is not in a window or is already presenting (UIKit's rule: present from the
    ///   top of the chain), a popover has no `sourceView` (`.popoverWithoutAnchor`) or one outside
    ///   the window; `.graphCycle` on a corrupt graph. Then `completion(false)` has been called
    ///   too, and nothing changed. Presenting a view controller whose `modalPresentationStyle` is
    ///   `.none` traps.
    /// - Returns: the presentation queued.
    @discardableResult
    public func present(
        _ viewController: ViewController, animated: Bool, completion: ((Bool) -> Void)? = nil
    ) throws(TransitionError) -> TransitionHandle {
        precondition(
            viewController.modalPresentationStyle != .none,
            "cannot present '\(viewController.id)' with modalPresentationStyle .none: .none only answers adaptivePresentationStyle")
        do throws(TransitionError) {
            guard viewController !== self else { throw TransitionError.presentingItself(viewController: id) }
            guard isViewLoaded, let window = try windowOrPresentingWindow() else {
                throw TransitionError.notInWindow(viewController: id)
            }
            guard !window.isTransitioning else { throw TransitionError.transitionInProgress(viewController: viewController.id) }
            if let refusal = try viewController.placementRefusal(at: self) { throw refusal }
            if let presented = presentedViewController {
                let top = try presented.last(along: .presentedViewController)
                throw TransitionError.alreadyPresenting(viewController: id, presented: presented.id, top: top.id)
            }
            let presenting = try PresentationStyleRules.presentingViewController(for: viewController, source: self, in: window)
            if let refusal = try viewController.placementRefusal(at: presenting) { throw refusal }
            try viewController.checkPopoverAnchor(in: window)
            return window.transitionRunner.enqueuePresentation(
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
    ///   `.transitionInProgress` when another transition is running or queued in the window,
    ///   `.graphCycle` on a corrupt graph. Then `completion(false)` has been called too, and
    ///   nothing changed.
    /// - Returns: the dismissal queued.
    @discardableResult
    public func dismiss(animated: Bool, completion: ((Bool) -> Void)? = nil) throws(TransitionError) -> TransitionHandle {
        do throws(TransitionError) {
            if let window = try windowOrPresentingWindow(), window.isTransitioning {
                throw TransitionError.transitionInProgress(viewController: id)
            }
            guard let presenter = try dismissingPresenter(), let bottom = presenter.ownPresentedViewController?.presentation,
                let window = bottom.container.window
            else {
                throw TransitionError.nothingToDismiss(viewController: id)
            }
            guard !window.isTransitioning else { throw TransitionError.transitionInProgress(viewController: id) }
            var chain: [Presentation] = []
            _ = try bottom.presented.walk(along: .presented) { (presented) -> Bool? in
                guard let next = presented.presentation else { return true }
                chain.append(next)
                return nil
            }
            return window.transitionRunner.enqueueDismissal(
                of: chain.reversed(), to: presenter, animated: animated, completion: completion)
        } catch {
            completion?(false)
            throw error
        }
    }

    /// The view controller whose presented chain `dismiss` ends: this one if it presents, else
    /// the nearest ancestor that presents (a child of a container that presents from the
    /// container, as UIKit's), else the presenter of this view controller (or of its nearest
    /// presented ancestor).
    private func dismissingPresenter() throws(TransitionError) -> ViewController? {
        if let presenter = try walk(along: .parent, { $0.ownPresentedViewController != nil ? $0 : nil }) { return presenter }
        return try walk(along: .parent) { $0.ownPresentingViewController }
    }

    /// The window of this view controller's view, else of the first presentation along its own
    /// presented chain (a `fullScreen` presenter's view leaves the window while it presents).
    private func windowOrPresentingWindow() throws(TransitionError) -> Window? {
        try walk(along: .presented) { candidate in
            candidate.presentation?.container.window ?? (candidate.isViewLoaded ? candidate.view.window : nil)
        }
    }
}
