extension ViewController {
    /// Runs the segue declared as `identifier` (`performSegue(withIdentifier:sender:)`): a new
    /// instance of its destination (for an unwind segue: the view controller found up the
    /// hierarchy that handles its action), `prepare(for:sender:)` on this view controller, for an
    /// unwind segue the destination's unwind action, then the segue's `perform()`.
    /// `shouldPerformSegue` is not asked: it is for segues a tap triggers.
    ///
    /// - Returns: the segue performed.
    /// - Throws: `TransitionError` — an unknown identifier, a destination or segue class the
    ///   storyboard cannot make, no unwind destination, a failing unwind action or `perform()`,
    ///   or what the transition throws — and then `completion(false)` has been called and nothing
    ///   changed (the destination made for it is released).
    ///
    /// `completion` (Scrim's addition) is called when the transition ends; for a custom segue,
    /// once its `perform()` has returned.
    @discardableResult
    public func performSegue(
        withIdentifier identifier: String, sender: AnyObject?, completion: ((Bool) -> Void)? = nil
    ) throws(TransitionError) -> StoryboardSegue {
        guard let template = segueTemplates.first(where: { $0.identifier == identifier }) else {
            completion?(false)
            throw TransitionError.unknownSegue(
                identifier: identifier, viewController: id, declared: segueTemplates.map(\.identifier))
        }
        return try perform(template, sender: sender, completion: completion)
    }

    /// Runs the segue triggered by a tap on `trigger`: asks `shouldPerformSegue` first (false:
    /// nothing happens, and nil is returned), then as `performSegue`.
    @discardableResult
    public func performTriggeredSegue(
        _ template: SegueTemplate, trigger: View, completion: ((Bool) -> Void)? = nil
    ) throws(TransitionError) -> StoryboardSegue? {
        guard shouldPerformSegue(withIdentifier: template.identifier, sender: trigger) else { return nil }
        return try perform(template, sender: trigger, completion: completion)
    }

    /// The segue whose trigger is `view` or the nearest of its superviews that triggers one, with
    /// its source and that trigger view: among this view controller, its children and what they present, the one
    /// whose view holds the trigger.
    public func triggeredSegue(for view: View) -> (source: ViewController, template: SegueTemplate, trigger: View)? {
        var current: View? = view
        while let candidate = current {
            if let found = segueTriggered(byViewWithID: candidate.id) { return (found.source, found.template, candidate) }
            current = candidate.superview
        }
        return nil
    }

    private func segueTriggered(byViewWithID viewID: String) -> (source: ViewController, template: SegueTemplate)? {
        if let template = segueTemplates.first(where: { $0.trigger == viewID }), isViewLoaded, view.window != nil {
            return (self, template)
        }
        for child in children {
            if let found = child.segueTriggered(byViewWithID: viewID) { return found }
        }
        return ownPresentedViewController?.segueTriggered(byViewWithID: viewID)
    }

    private func perform(
        _ template: SegueTemplate, sender: AnyObject?, completion: ((Bool) -> Void)?
    ) throws(TransitionError) -> StoryboardSegue {
        do throws(TransitionError) {
            let segue = try makeSegue(template, sender: sender)
            prepare(for: segue, sender: sender)
            if let script {
                do {
                    try script.prepare(self, for: segue, sender: sender)
                } catch {
                    throw TransitionError.segueFailed(identifier: template.identifier, message: "prepareForSegue of '\(id)' failed: \(error)")
                }
            }
            if template.kind == .unwind, let action = template.action {
                do {
                    try segue.destination.unwindAction(named: action)?(segue)
                } catch {
                    throw TransitionError.segueFailed(
                        identifier: template.identifier, message: "unwind action '\(action)' of '\(segue.destination.id)' threw: \(error)")
                }
            }
            try run(segue, completion: completion)
            return segue
        } catch {
            completion?(false)
            throw error
        }
    }

    /// The segue for `template`, with its destination made (or found, for an unwind segue) and
    /// given the declared styles and delegate.
    private func makeSegue(_ template: SegueTemplate, sender: AnyObject?) throws(TransitionError) -> StoryboardSegue {
        let destination: ViewController
        if template.kind == .unwind {
            guard let action = template.action else {
                throw TransitionError.segueFailed(identifier: template.identifier, message: "an unwind segue needs an action")
            }
            guard let found = unwindDestination(for: action, sender: sender) else {
                throw TransitionError.noUnwindDestination(identifier: template.identifier, action: action, source: id)
            }
            destination = found
        } else {
            guard let declared = template.destination else {
                throw TransitionError.segueFailed(identifier: template.identifier, message: "a \(template.kind.rawValue) segue needs a destination")
            }
            guard let storyboard else { throw TransitionError.noStoryboard(viewController: id) }
            destination = try storyboard.instantiateViewController(withIdentifier: declared)
            if let style = template.modalPresentationStyle { destination.modalPresentationStyle = style }
            if let style = template.modalTransitionStyle { destination.modalTransitionStyle = style }
            if let delegate = template.transitioningDelegate { destination.transitioningDelegate = delegate }
            if template.kind == .popover { destination.modalPresentationStyle = .popover }
        }
        let segue: StoryboardSegue
        if template.kind == .custom {
            guard let name = template.segueClass else {
                throw TransitionError.segueFailed(identifier: template.identifier, message: "a custom segue needs a segue class")
            }
            guard let storyboard else { throw TransitionError.noStoryboard(viewController: id) }
            segue = try storyboard.makeSegue(ofClass: name, identifier: template.identifier, source: self, destination: destination)
        } else {
            segue = StoryboardSegue(identifier: template.identifier, source: self, destination: destination, kind: template.kind)
        }
        segue.animated = template.animated
        segue.sender = sender
        segue.action = template.action
        return segue
    }

    /// Calls the segue's `perform()`. A custom segue that returns without showing the destination
    /// (no transition queued for it, no parent, no presenter) is a fault.
    private func run(_ segue: StoryboardSegue, completion: ((Bool) -> Void)?) throws(TransitionError) {
        segue.completion = completion
        let identifier = segue.identifier ?? ""
        let window = isViewLoaded ? view.window : nil
        let upcoming = window?.transitionRunner.upcomingID
        do {
            try segue.perform()
        } catch let error as TransitionError {
            throw error
        } catch {
            throw TransitionError.segueFailed(identifier: identifier, message: "perform() threw: \(error)")
        }
        if let window, let upcoming { segue.transition = window.transitionRunner.firstQueued(since: upcoming) }
        guard segue.kind == .custom else { return }
        let destination = segue.destination
        let shown = destination.parent != nil || destination.presentingViewController != nil
            || (window?.transitionRunner.transitions.contains { $0.presented === destination } ?? false)
        guard shown else {
            throw TransitionError.segueFailed(
                identifier: identifier,
                message: "perform() returned without showing the destination '\(destination.id)' (present, push or show it)")
        }
        segue.completion?(true)
        segue.completion = nil
    }

    // MARK: Unwinding

    /// The first view controller outwards from this one that can perform the unwind `action`
    /// (`unwindCandidates()` in order).
    package func unwindDestination(for action: String, sender: AnyObject?) -> ViewController? {
        unwindCandidates().first { $0.canPerformUnwindSegueAction(action, from: self, sender: sender) }
    }

    /// The view controllers an unwind segue from this one asks, in order: going out from this
    /// view controller — to its parent, or from the top of a presented hierarchy to the view
    /// controller that presents it — each view controller reached comes after its other children
    /// (each before its own children's, the one shown on top first), up to the root.
    public func unwindCandidates() -> [ViewController] {
        var candidates: [ViewController] = []
        var came: ViewController = self
        // A cycle (which the containment and presentation rules exclude) ends the list.
        _ = try? walk(along: .outward) { (next) -> Bool? in
            guard next !== came else { return nil }
            for child in next.childrenFromTheTop where child !== came { child.appendSubtree(to: &candidates) }
            candidates.append(next)
            came = next
            return nil
        }
        return candidates
    }

    /// This view controller's children from the top, each after its own children, then it.
    private func appendSubtree(to candidates: inout [ViewController]) {
        for child in childrenFromTheTop { child.appendSubtree(to: &candidates) }
        candidates.append(self)
    }

    /// The children, the one shown on top first: a navigation stack from the top down, a tab bar
    /// controller's selected tab then the others, else the children from the last added.
    private var childrenFromTheTop: [ViewController] {
        if let navigation = self as? NavigationController { return navigation.viewControllers.reversed() }
        if let tabs = self as? TabBarController, let selected = tabs.selectedViewController {
            return [selected] + tabs.viewControllers.filter { $0 !== selected }
        }
        return children.reversed()
    }

    /// The unwind transition to this view controller: everything presented over it (or over the
    /// container it presents from) is dismissed, animating only the top, then the navigation stack
    /// it is in pops to it. With nothing to move, `completion(true)` on the spot.
    func unwind(animated: Bool, completion: ((Bool) -> Void)?) throws(TransitionError) {
        let presenter = try walk(along: .parent) { $0.ownPresentedViewController != nil ? $0 : nil }
        let inStack = try walk(along: .parent) { $0.parent == nil || $0.parent is NavigationController ? $0 : nil } ?? self
        let navigation = (inStack.parent as? NavigationController).flatMap { $0.topViewController === inStack ? nil : $0 }
        if let presenter {
            let popAfterwards: ((Bool) -> Void)? = navigation.map { navigation in
                { completed in
                    guard completed else { return completion?(false) ?? () }
                    // A refusal has called the completion with false.
                    _ = try? navigation.popToViewController(inStack, animated: animated, completion: completion)
                }
            }
            try presenter.dismiss(animated: animated, completion: popAfterwards ?? completion)
        } else if let navigation {
            _ = try navigation.popToViewController(inStack, animated: animated, completion: completion)
        } else {
            completion?(true)
        }
    }
}
