/// The actions `show` and `showDetailViewController` send up the hierarchy.
public enum ShowAction: String, Sendable, Hashable, CaseIterable {
    case show, showDetail
}

extension ViewController {
    /// Shows `viewController` in the way the hierarchy chooses (`show(_:sender:)`): the first view
    /// controller up the parents and presenters that handles `show` does it — a navigation
    /// controller pushes it — else this view controller presents it modally, with the shown view
    /// controller's styles.
    ///
    /// - Throws: what the push or the presentation throws; then `completion(false)` has been
    ///   called and nothing changed.
    ///
    /// `animated` (Scrim's addition, default `true`) goes to the push or presentation.
    ///
    /// - Returns: the push or presentation queued.
    @discardableResult
    public func show(
        _ viewController: ViewController, sender: AnyObject?, animated: Bool = true, completion: ((Bool) -> Void)? = nil
    ) throws(TransitionError) -> TransitionHandle {
        if let navigation = targetViewController(forAction: .show, sender: sender) as? NavigationController {
            return try navigation.pushViewController(viewController, animated: animated, completion: completion)
        } else {
            return try present(viewController, animated: animated, completion: completion)
        }
    }

    /// Shows `viewController` as the detail (`showDetailViewController(_:sender:)`): a split view
    /// controller up the hierarchy replaces its secondary with it, at once and without animation
    /// (collapsed: its primary `show`s it); without one, this view controller presents it modally.
    ///
    /// - Throws: what the push or the presentation throws; for the replacement, `.alreadyPresented`
    ///   or `.hasParent` as a push; then `completion(false)` has been called and nothing changed.
    /// - Returns: the push or presentation queued; nil when a split view controller replaced its
    ///   secondary at once.
    @discardableResult
    public func showDetailViewController(
        _ viewController: ViewController, sender: AnyObject?, animated: Bool = true, completion: ((Bool) -> Void)? = nil
    ) throws(TransitionError) -> TransitionHandle? {
        guard let split = targetViewController(forAction: .showDetail, sender: sender) as? SplitViewController else {
            return try present(viewController, animated: animated, completion: completion)
        }
        if split.isCollapsed, let primary = split.viewControllers.first {
            return try primary.show(viewController, sender: sender, animated: animated, completion: completion)
        }
        do throws(TransitionError) {
            if let refusal = try viewController.placementRefusal(at: split) { throw refusal }
        } catch {
            completion?(false)
            throw error
        }
        split.replaceSecondary(with: viewController)
        completion?(true)
        return nil
    }

    /// The view controller that handles `action` (`targetViewController(forAction:sender:)`):
    /// this one or the first of its parents, then its presenter's, that does — a navigation
    /// controller handles `show`, a split view controller `showDetail` — or nil.
    public func targetViewController(forAction action: ShowAction, sender: AnyObject?) -> ViewController? {
        // A cycle (which the containment and presentation rules exclude) ends the search.
        (try? walk(along: .outward) { $0.handles(action) ? $0 : nil }) ?? nil
    }

    /// Whether this view controller handles `action` itself.
    private func handles(_ action: ShowAction) -> Bool {
        switch action {
        case .show: self is NavigationController
        case .showDetail: self is SplitViewController
        }
    }
}
