/// View controllers shown one at a time, chosen by index (`UITabBarController`). Scrim draws no
/// tab bar: the selected view controller's view fills the tab bar controller's view.
///
/// A selection changes tabs on the next tick of the window's clock: at once when the delegate
/// vends no animator (as UIKit), else as a transition in a container over the content (the
/// context's `operation` is `.tab`). `selectTab(at:)` selects as a user does (the delegate's
/// `shouldSelect` is asked and `didSelect` told); `setSelectedIndex(_:)` selects from code.
@MainActor
open class TabBarController: ViewController {
    /// The tabs, every one a child.
    public private(set) var viewControllers: [ViewController] = []
    /// The selected tab's index. Changes when a switch completes.
    public internal(set) var selectedIndex = 0
    /// Vends the switch animators and decides users' selections. Held strongly.
    public var delegate: (any TabBarControllerDelegate)?

    /// A tab bar controller whose tabs are `viewControllers` (each becomes a child), the first
    /// selected.
    public init(id: String, viewControllers: [ViewController] = []) {
        super.init(id: id)
        precondition(!viewControllers.contains { $0 === self }, "a tab bar controller cannot be its own tab")
        addContainedChildren(viewControllers)
        self.viewControllers = viewControllers
    }

    /// The selected tab.
    public var selectedViewController: ViewController? {
        viewControllers.indices.contains(selectedIndex) ? viewControllers[selectedIndex] : nil
    }

    override var isContainer: Bool { true }

    override func manages(_ child: ViewController) -> Bool { viewControllers.contains { $0 === child } }

    /// A scene's children are the tabs; the first is selected.
    override package func adoptContent(_ children: [ViewController]) {
        addContainedChildren(children)
        viewControllers += children
        selectedIndex = 0
        if let selected = selectedViewController, selected.view.superview !== view {
            view.insertSubview(selected.view, at: 0)
            View.performWithoutAnimation { selected.view.frame = view.bounds }
        }
    }

    /// The view: an empty view with the selected tab's view in it, filling it.
    open override func loadView() -> View {
        let view = View(id: id)
        if let selected = selectedViewController {
            view.addSubview(selected.view)
            View.performWithoutAnimation { selected.view.frame = view.bounds }
        }
        return view
    }

    override func layoutContent() {
        // Inside the window's size-change animation, the content animates with it.
        if let selected = selectedViewController, selected.isViewLoaded, selected.view.superview === view {
            selected.view.frame = view.bounds
        }
        super.layoutContent()
    }

    /// The selected tab appears and disappears with its tab bar controller.
    override var appearanceChildren: [ViewController] { selectedViewController.map { [$0] } ?? [] }

    // MARK: Selecting

    /// Selects tab `index` from code: the delegate is not asked and not told (UIKit). Selecting
    /// the selected tab does nothing (`completion(true)`); off screen the selection changes at once.
    ///
    /// - Throws: `.tabIndexOutOfRange`, `.transitionInProgress`; then `completion(false)` has been
    ///   called and nothing changed.
    /// - Returns: the tab switch queued; nil when nothing moves on screen.
    @discardableResult
    public func setSelectedIndex(_ index: Int, completion: ((Bool) -> Void)? = nil) throws(TransitionError) -> TransitionHandle? {
        try select(index, byUser: false, completion: completion).transition
    }

    /// Selects tab `index` as a user's tap does: the delegate's `shouldSelect` is asked first
    /// (a refusal, or a throw, leaves the selection and calls `completion(false)`), and its
    /// `didSelect` is told when the selection is made — also for the selected tab, as UIKit.
    ///
    /// - Returns: whether the selection was accepted.
    /// - Throws: `.tabIndexOutOfRange`, `.transitionInProgress`; then `completion(false)` has been
    ///   called and nothing changed.
    @discardableResult
    public func selectTab(at index: Int, completion: ((Bool) -> Void)? = nil) throws(TransitionError) -> Bool {
        try select(index, byUser: true, completion: completion).accepted
    }

    /// Selects tab `index` (as a user's tap when `byUser`: the delegate is asked and told):
    /// whether the selection was accepted, and the tab switch queued (none for the selected tab
    /// or off screen, where the selection changes at once).
    @discardableResult
    package func select(
        _ index: Int, byUser: Bool, completion: ((Bool) -> Void)? = nil
    ) throws(TransitionError) -> (accepted: Bool, transition: TransitionHandle?) {
        do throws(TransitionError) {
            guard viewControllers.indices.contains(index) else {
                throw TransitionError.tabIndexOutOfRange(index: index, count: viewControllers.count, tabBarController: id)
            }
            let window = isViewLoaded ? view.window : nil
            if let window, window.isTransitioning {
                throw TransitionError.transitionInProgress(viewController: viewControllers[index].id)
            }
            let tab = viewControllers[index]
            if byUser, let delegate, !ask(delegate, shouldSelect: tab, in: window) {
                completion?(false)
                return (false, nil)
            }
            guard let window, index != selectedIndex else {
                replaceSelection(with: index)
                if byUser, let delegate { tell(delegate, didSelect: tab, in: window) }
                completion?(true)
                return (true, nil)
            }
            let transition = window.transitionRunner.enqueueTabSwitch(
                TabSwitch(controller: self, from: viewControllers[selectedIndex], to: tab, index: index, byUser: byUser),
                completion: completion)
            return (true, transition)
        } catch {
            completion?(false)
            throw error
        }
    }

    /// `shouldSelect`; a throw refuses, with a diagnostic.
    private func ask(_ delegate: any TabBarControllerDelegate, shouldSelect tab: ViewController, in window: Window?) -> Bool {
        do {
            return try delegate.tabBarController(self, shouldSelect: tab)
        } catch {
            window?.transitionRunner.diagnose(
                role: .delegate, object: roleName(of: delegate), message: "shouldSelect threw: \(error)")
            return false
        }
    }

    /// `didSelect`; a throw is reported.
    func tell(_ delegate: any TabBarControllerDelegate, didSelect tab: ViewController, in window: Window?) {
        do {
            try delegate.tabBarController(self, didSelect: tab)
        } catch {
            window?.transitionRunner.diagnose(role: .delegate, object: roleName(of: delegate), message: "didSelect threw: \(error)")
        }
    }

    /// Selects at once (off screen, or the selected tab again): the views swap if loaded.
    private func replaceSelection(with index: Int) {
        guard index != selectedIndex else { return }
        let old = selectedViewController
        selectedIndex = index
        if isViewLoaded, let selected = selectedViewController {
            old?.view.removeFromSuperview()
            view.insertSubview(selected.view, at: 0)
            View.performWithoutAnimation { selected.view.frame = view.bounds }
        }
    }
}

/// A tab switch on its way: the tab bar controller, the tabs and who selected.
@MainActor
struct TabSwitch {
    let controller: TabBarController
    let from: ViewController
    let to: ViewController
    let index: Int
    /// Whether a user selected it (`selectTab`): the delegate's `didSelect` is told.
    let byUser: Bool
}
