extension ViewController {
    /// A popover must be anchored at a view in the presenting window.
    func checkPopoverAnchor(in window: Window) throws(TransitionError) {
        guard modalPresentationStyle == .popover else { return }
        guard let source = popoverPresentationController?.sourceView else { throw .popoverWithoutAnchor(viewController: id) }
        guard source.window === window else { throw .popoverSourceViewNotInWindow(viewController: id, sourceView: source.id) }
    }
}

extension Window {
    // MARK: Adapting again on a size change

    /// The window crossed the compact-width boundary: every popover shown adapts again — in compact
    /// width as its delegate says (by default it fills the window, `overFullScreen`), in regular
    /// width back to a popover — without being dismissed. The frames follow in the size animation.
    /// Nothing adapts while a transition runs in the window.
    func readaptPopovers(_ records: [Presentation], coordinator: TransitionCoordinator) {
        guard !isTransitioning else { return }
        for record in records {
            guard let popover = record.controller as? PopoverPresentationController,
                record.presented.ownPresentingViewController != nil
            else { continue }
            do {
                try readapt(record, popover, coordinator: coordinator)
            } catch {
                transitionRunner.diagnose(
                    role: .delegate, object: popover.delegate.map { roleName(of: $0) } ?? roleName(of: popover),
                    message: "adapting popover '\(record.presented.id)' to the new size threw: \(error)")
            }
        }
    }

    private func readapt(
        _ record: Presentation, _ popover: PopoverPresentationController, coordinator: TransitionCoordinator
    ) throws {
        let traits = traitCollection
        var answer = ModalPresentationStyle.none
        if traits.horizontalSizeClass == .compact {
            answer = try popover.delegate.map { try $0.adaptivePresentationStyle(for: popover, traitCollection: traits) }
                ?? popover.adaptivePresentationStyle(for: traits)
            if answer == .popover { answer = .none }
        } else if !popover.isAdapted {
            return
        }
        if answer != .none, !popover.isAdapted {
            let replacement = try popover.delegate?.presentationController(
                popover, viewControllerForAdaptivePresentationStyle: answer)
            popover.adaptiveStyle = answer
            record.style = .overFullScreen
            if let replacement, replacement !== record.presented { swapIn(replacement, record, popover) }
        } else if answer == .none, popover.isAdapted {
            popover.adaptiveStyle = .none
            record.style = .popover
            if let replacement = popover.adaptiveViewController { swapOut(replacement, record, popover) }
        }
        try popover.delegate?.presentationController(popover, willPresentWithAdaptiveStyle: answer, transitionCoordinator: coordinator)
    }

    /// Shows `replacement` instead of the presented view controller: its view takes the presented
    /// view's place and frame (the size animation then moves it), and it appears.
    private func swapIn(_ replacement: ViewController, _ record: Presentation, _ popover: PopoverPresentationController) {
        let content = record.presentedView
        let frame = content.frame
        let index = record.container.subviews.firstIndex { $0 === content } ?? record.container.subviews.count
        popover.adaptiveViewController = replacement
        // A replacement met before shows the presented view where it showed it.
        let replacementView = replacement.view
        if content.superview === record.container, let placement = popover.contentPlacement,
            let superview = placement.superview, superview.isDescendant(of: replacementView)
        {
            superview.insertSubview(content, at: placement.index)
        }
        popover.contentPlacement = nil
        record.container.insertSubview(replacementView, at: index)
        View.performWithoutAnimation {
            replacementView.frame = frame
            replacement.layoutContent()
        }
        if content.superview === record.container { content.removeFromSuperview() }
        replacement.ownPresentingViewController = record.presenting
        replacement.beginAppearanceTransition(true, animated: true)
        replacement.endAppearanceTransition(animated: true)
    }

    /// Shows the presented view controller again instead of `replacement`: its view comes back to
    /// the container at the replacement's frame, the replacement disappears (and with it the
    /// presented view controller, if the replacement showed it), then the presented view
    /// controller appears.
    private func swapOut(_ replacement: ViewController, _ record: Presentation, _ popover: PopoverPresentationController) {
        let replacementView = replacement.view
        let content = record.presented.view
        let frame = replacementView.frame
        if let superview = content.superview, superview.isDescendant(of: replacementView) {
            popover.contentPlacement = Presentation.Placement(
                superview: superview, index: superview.subviews.firstIndex { $0 === content } ?? 0)
        }
        popover.adaptiveViewController = nil
        record.container.insertSubview(content, aboveSubview: replacementView)
        View.performWithoutAnimation { content.frame = frame }
        replacementView.removeFromSuperview()
        replacement.ownPresentingViewController = nil
        replacement.beginAppearanceTransition(false, animated: true)
        replacement.endAppearanceTransition(animated: true)
        record.presented.beginAppearanceTransition(true, animated: true)
        record.presented.endAppearanceTransition(animated: true)
    }

    // MARK: Taps outside

    /// The popover shown on top of the window (its presentation complete, not adapted), if any.
    var topPopover: (record: Presentation, controller: PopoverPresentationController)? {
        guard !isTransitioning, let record = presentations.last, record.presented.ownPresentingViewController != nil,
            let popover = record.controller as? PopoverPresentationController, !popover.isAdapted
        else { return nil }
        return (record, popover)
    }

    /// Where a tap goes while a popover is shown.
    enum PopoverTapRouting {
        /// On to this view (or nowhere): no popover is shown, the tap is inside it, or in one of
        /// its `passthroughViews`.
        case deliver(View?)
        /// The popover took the tap (outside it): it is dismissed unless its delegate says no.
        case taken
    }

    /// A tap at `location` that hit `view`: a tap inside the popover shown on top, or in one of its
    /// `passthroughViews` (the view under the popover's container), goes on; any other tap is the
    /// popover's — it is dismissed, animated, unless its delegate's
    /// `popoverPresentationControllerShouldDismissPopover` returns false.
    func routePopoverTap(at location: Point, hit view: View?) -> PopoverTapRouting {
        guard let view, let (record, popover) = topPopover else { return .deliver(view) }
        if view.isDescendant(of: record.presentedView) { return .deliver(view) }
        if let under = hitTest(location, skipping: record.container),
            popover.passthroughViews.contains(where: { under.isDescendant(of: $0) })
        {
            return .deliver(under)
        }
        dismissByTap(popover, record)
        return .taken
    }

    private func dismissByTap(_ popover: PopoverPresentationController, _ record: Presentation) {
        let popoverDelegate = popover.delegate as? any PopoverPresentationControllerDelegate
        let delegateName = popoverDelegate.map { roleName(of: $0) } ?? "delegate"
        do {
            if let popoverDelegate, try !popoverDelegate.popoverPresentationControllerShouldDismissPopover(popover) { return }
        } catch {
            transitionRunner.diagnose(
                role: .delegate, object: delegateName,
                message: "popoverPresentationControllerShouldDismissPopover threw: \(error); the popover stays")
            return
        }
        do {
            try record.presenting.dismiss(animated: true) { [weak self] completed in
                guard completed, let popoverDelegate else { return }
                do {
                    try popoverDelegate.popoverPresentationControllerDidDismissPopover(popover)
                } catch {
                    self?.transitionRunner.diagnose(
                        role: .delegate, object: delegateName, message: "popoverPresentationControllerDidDismissPopover threw: \(error)")
                }
            }
        } catch {
            transitionRunner.diagnose(role: .host, object: id, message: "a tap outside popover '\(record.presented.id)' could not dismiss it: \(error)")
        }
    }
}
