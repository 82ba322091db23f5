/// A primary and a secondary view controller side by side (`UISplitViewController`). In a
/// window of regular width the primary column is 320 pt wide on the left and the secondary fills
/// the rest; in a compact window the split view controller is collapsed: only the primary (with
/// what it shows) is in the window. The layout follows the window's size class when it changes.
@MainActor
open class SplitViewController: ViewController {
    /// `[primary, secondary]` (either may be missing), every one a child.
    public private(set) var viewControllers: [ViewController] = []

    /// The primary column's width in a regular-width window.
    public static let primaryColumnWidth = 320.0

    public init(id: String, viewControllers: [ViewController] = []) {
        precondition(viewControllers.count <= 2, "a split view controller has a primary and a secondary view controller")
        super.init(id: id)
        addContainedChildren(viewControllers)
        self.viewControllers = viewControllers
    }

    /// Whether only the primary is shown: the window is horizontally compact (false off screen).
    public var isCollapsed: Bool {
        guard isViewLoaded, let window = view.window else { return false }
        return window.traitCollection.horizontalSizeClass == .compact
    }

    override var isContainer: Bool { true }

    override func manages(_ child: ViewController) -> Bool { viewControllers.contains { $0 === child } }

    /// A scene's children are `[primary, secondary]`.
    override package func adoptContent(_ children: [ViewController]) {
        addContainedChildren(children)
        viewControllers = children
        layOut(in: view, shown: shownViewControllers)
    }

    /// The view controllers whose views are in the split view controller's view.
    var shownViewControllers: [ViewController] { isCollapsed ? Array(viewControllers.prefix(1)) : viewControllers }

    /// The view, with the columns laid out (expanded until it is in a window).
    open override func loadView() -> View {
        let view = View(id: id)
        layOut(in: view, shown: viewControllers)
        return view
    }

    /// Lays the columns out for the window's size class. While the split view controller has
    /// appeared, a secondary that leaves on collapse disappears, and one that comes back on
    /// expansion appears (not animated), as in UIKit.
    override func layoutContent() {
        let shown = shownViewControllers
        let isInView = { (child: ViewController) in child.isViewLoaded && child.view.superview === self.view }
        let visible = appearanceState == .appeared
        let leaving = visible ? viewControllers.filter { child in isInView(child) && !shown.contains { $0 === child } } : []
        let joining = visible ? shown.filter { !isInView($0) } : []
        for child in leaving { _ = child.beginAppearanceTransition(false, animated: false) }
        for child in joining { _ = child.beginAppearanceTransition(true, animated: false) }
        layOut(in: view, shown: shown)
        for child in leaving { _ = child.endAppearanceTransition(animated: false) }
        for child in joining { _ = child.endAppearanceTransition(animated: false) }
        super.layoutContent()
    }

    /// The columns: the primary 320 pt wide on the left and the secondary beside it, or the
    /// primary alone filling the view when collapsed.
    private func layOut(in view: View, shown: [ViewController]) {
        let bounds = view.bounds
        for child in viewControllers where !shown.contains(where: { $0 === child }) && child.isViewLoaded {
            if child.view.superview === view { child.view.removeFromSuperview() }
        }
        for (index, child) in shown.enumerated() {
            if child.view.superview !== view { view.insertSubview(child.view, at: index) }
            let frame: Rect
            if shown.count == 1 {
                frame = bounds
            } else if index == 0 {
                frame = Rect(x: 0, y: 0, width: min(Self.primaryColumnWidth, bounds.width), height: bounds.height)
            } else {
                let x = min(Self.primaryColumnWidth, bounds.width)
                frame = Rect(x: x, y: 0, width: max(bounds.width - x, 0), height: bounds.height)
            }
            // Inside the window's size-change animation, the columns animate with it.
            child.view.frame = frame
        }
    }

    /// The shown view controllers appear and disappear with the split view controller.
    override var appearanceChildren: [ViewController] { shownViewControllers }

    /// Replaces the secondary view controller at once, with no animation (`showDetailViewController`
    /// on an expanded split view controller): the old one leaves and disappears, the new one
    /// joins and appears.
    func replaceSecondary(with secondary: ViewController) {
        let old = viewControllers.count > 1 ? viewControllers[1] : nil
        let visible = appearanceState == .appeared && !isCollapsed
        if let old {
            old.willMove(toParent: nil)
            if visible { old.beginAppearanceTransition(false, animated: false) }
            if old.isViewLoaded, old.view.superview === view { old.view.removeFromSuperview() }
            if visible { old.endAppearanceTransition(animated: false) }
            viewControllers = [viewControllers[0]]
            old.removeFromParent()
        }
        addChild(secondary)
        viewControllers = [viewControllers[0], secondary]
        if visible { secondary.beginAppearanceTransition(true, animated: false) }
        if isViewLoaded { layoutContent() }
        if visible { secondary.endAppearanceTransition(animated: false) }
        secondary.didMove(toParent: self)
    }
}
