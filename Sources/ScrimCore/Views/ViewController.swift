/// A view controller, as `UIViewController`: an identity, a title, a view created on first access,
/// containment (`children`), appearance callbacks and modal presentation (`present`, `dismiss`,
/// in `ViewController+Presentation.swift`).
@MainActor
open class ViewController {
    public let id: String
    public var title: String?

    private var loadedView: View?

    public init(id: String, title: String? = nil) {
        self.id = id
        self.title = title
    }

    /// The root view, created by `loadView()` the first time it is read.
    public var view: View {
        get {
            if let loadedView { return loadedView }
            let created = loadView()
            loadedView = created
            viewDidLoad()
            script?.viewControllerCallback(self, .viewDidLoad, animated: nil)
            return created
        }
        set { loadedView = newValue }
    }

    /// Whether the view has been created.
    public var isViewLoaded: Bool { loadedView != nil }

    /// Creates the root view; the default is an empty view whose id is the controller's id.
    open func loadView() -> View {
        View(id: id)
    }

    /// Called once after the view was created.
    open func viewDidLoad() {}

    // MARK: Presentation properties

    /// The style used when this view controller is presented.
    public var modalPresentationStyle: ModalPresentationStyle = .automatic
    /// The built-in animation used when no animator is vended.
    public var modalTransitionStyle: ModalTransitionStyle = .coverVertical
    /// Vends the custom transition objects. Held strongly (UIKit's is weak).
    public var transitioningDelegate: (any TransitioningDelegate)?
    /// Whether `currentContext` presentations from inside this view controller present from it.
    public var definesPresentationContext = false
    /// Whether a `currentContext` presentation from this context uses this view controller's
    /// `modalTransitionStyle` instead of the presented one's.
    public var providesPresentationContextTransitionStyle = false
    /// The size a form sheet or popover wants (zero: the style's default).
    public var preferredContentSize = Size.zero

    /// The view controller that presented this one or, when this one is not presented itself,
    /// the one that presented its nearest presented ancestor (UIKit's rule).
    public var presentingViewController: ViewController? {
        // A cycle (which containment rules out) ends the search.
        (try? walk(along: .parent) { $0.ownPresentingViewController }) ?? nil
    }
    /// The view controller this one presents or, when it presents none, the one its nearest
    /// presenting ancestor presents (UIKit's rule: a container's child presents from the container).
    public var presentedViewController: ViewController? {
        (try? walk(along: .parent) { $0.ownPresentedViewController }) ?? nil
    }
    /// The view controller that presented this very one (set when its presentation completes).
    weak var ownPresentingViewController: ViewController?
    /// The view controller this very one presents (set when that presentation completes).
    var ownPresentedViewController: ViewController?
    /// The coordinator of the transition that involves this view controller, while it runs.
    public internal(set) var transitionCoordinator: TransitionCoordinator?

    /// This view controller's presentation, while it is presented (or being presented).
    var presentation: Presentation?

    /// The presentation controller of this view controller's presentation, while presented; before
    /// that, the one its style will use, as UIKit makes it on first access: a popover's
    /// `popoverPresentationController`, or a form or page sheet's (set its `delegate` to decide
    /// how the sheet adapts in compact width). Nil before presenting for the other styles (a
    /// custom presentation's comes from its transitioning delegate).
    public var presentationController: PresentationController? {
        if let current = presentation?.controller { return current }
        if let popoverPresentationController { return popoverPresentationController }
        let style = modalPresentationStyle.resolved
        guard style == .formSheet || style == .pageSheet else { return nil }
        if let sheetStorage, sheetStorage.style == style { return sheetStorage }
        let made = StylePresentationController(sheetFor: self, style: style)
        sheetStorage = made
        return made
    }
    /// The sheet's presentation controller made before presenting, while the style is that sheet.
    var sheetStorage: StylePresentationController?

    /// The popover's presentation controller: non-nil as soon as `modalPresentationStyle` is
    /// `.popover` (configure its `sourceView` before presenting), and while presented as one.
    public var popoverPresentationController: PopoverPresentationController? {
        if let current = presentation?.controller as? PopoverPresentationController { return current }
        guard modalPresentationStyle == .popover else { return nil }
        return makePopoverPresentationController()
    }
    private var popoverStorage: PopoverPresentationController?

    /// The popover presentation controller this view controller keeps for when it is presented as
    /// a popover, made now if needed whatever its style (a scene anchors its declared popovers).
    package func makePopoverPresentationController() -> PopoverPresentationController {
        if let popoverStorage { return popoverStorage }
        let made = PopoverPresentationController(popoverFor: self)
        popoverStorage = made
        return made
    }

    // MARK: Containment

    public private(set) weak var parent: ViewController?
    public private(set) var children: [ViewController] = []

    /// Adds a child view controller, calling its `willMove(toParent:)` first as UIKit does (its
    /// view is not moved: add it to a view yourself, then call the child's `didMove(toParent:)`).
    /// A child of a plain view controller moves out of it first (UIKit's `removeFromParent`).
    ///
    /// Traps when the graph would stop being a tree (`adoptionRefusal(of:)`, Docs/Containers.md).
    public func addChild(_ child: ViewController) {
        precondition(child !== self, "a view controller cannot be its own child")
        if child.parent === self { return }
        if let refusal = adoptionRefusal(of: child) { preconditionFailure(refusal) }
        if child.parent != nil {
            child.willMove(toParent: nil)
            child.removeFromParent()
        }
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// Adds each of `children` and calls its `didMove(toParent:)`: a container's stack, tabs or
    /// columns, whose views the container places itself.
    func addContainedChildren(_ children: [ViewController]) {
        for child in children {
            addChild(child)
            child.didMove(toParent: self)
        }
    }

    /// Removes this view controller from its parent and calls its `didMove(toParent: nil)`, as
    /// UIKit does (call `willMove(toParent: nil)` before).
    ///
    /// Traps when this view controller is in its container's stack, tabs or columns: change
    /// those with the container's own methods (a stack's `setViewControllers`, a pop).
    public func removeFromParent() {
        guard let parent else { return }
        precondition(
            !parent.manages(self),
            "'\(id)' is in the stack, tabs or columns of '\(parent.id)': change them with its own methods, not removeFromParent")
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    /// Called before this view controller is added to `parent`, or removed from its parent (nil).
    open func willMove(toParent parent: ViewController?) {}

    /// Called after this view controller was added to `parent`, or removed from its parent (nil).
    open func didMove(toParent parent: ViewController?) {}

    /// The nearest ancestor that is a navigation controller.
    public var navigationController: NavigationController? { nearestAncestor(NavigationController.self) }

    /// The nearest ancestor that is a tab bar controller.
    public var tabBarController: TabBarController? { nearestAncestor(TabBarController.self) }

    /// The nearest ancestor that is a split view controller.
    public var splitViewController: SplitViewController? { nearestAncestor(SplitViewController.self) }

    private func nearestAncestor<Container: ViewController>(_ type: Container.Type) -> Container? {
        // A cycle (which containment rules out) ends the search.
        (try? parent?.walk(along: .parent) { $0 as? Container }) ?? nil
    }

    /// Why `addChild(child)` would break the graph's rules, or nil: `child` is in its container's
    /// stack, tabs or columns (change those with the container's own methods), is presented
    /// (or being presented), this view controller is inside it (through parents or presenters), or a
    /// presentation chain through its subtree would come back to itself. Nothing changes.
    func adoptionRefusal(of child: ViewController) -> String? {
        let prefix = "cannot add '\(child.id)' as a child of '\(id)': "
        if let parent = child.parent, parent.manages(child) {
            return prefix + "it is in the stack, tabs or columns of '\(parent.id)'; change them with its own methods"
        }
        // A presented view controller (or a subtree holding one) joins only a view controller
        // that is itself nowhere yet: an adaptive delegate's wrapper, made for it (UIKit's
        // `UINavigationController(rootViewController: presented)`). Adopted by a view controller
        // inside its presenter, its `presentedViewController` would come back to itself.
        if !isUnplaced, let (presented, presenter) = child.presentedInSubtree() {
            let what = presented === child ? "it" : "'\(presented.id)' inside it"
            return prefix + "\(what) is presented by '\(presenter.id)'; dismiss it first"
        }
        guard (try? reaches(child, along: .outward)) == false else { return prefix + "'\(id)' is inside it" }
        // Tried: the presentation chain from each view controller in the child's subtree ends.
        let old = child.parent
        child.parent = self
        defer { child.parent = old }
        var pending = [child]
        while let next = pending.popLast() {
            guard (try? next.last(along: .presentedViewController)) != nil, (try? next.last(along: .presentingViewController)) != nil
            else {
                return prefix + "the presentation chain from '\(next.id)' would come back to it"
            }
            pending += next.children
        }
        return nil
    }

    /// Whether this view controller is nowhere yet: no parent, not presented or presenting, its
    /// view in no window.
    var isUnplaced: Bool {
        parent == nil && presentation == nil && ownPresentingViewController == nil && ownPresentedViewController == nil
            && !(isViewLoaded && view.window != nil)
    }

    /// This view controller, else the first in its subtree, that is presented or being
    /// presented, with its presenter; nil when none is.
    func presentedInSubtree() -> (presented: ViewController, presenter: ViewController)? {
        var pending = [self]
        while let next = pending.popLast() {
            if let presenter = next.ownPresentingViewController ?? next.presentation?.presenting { return (next, presenter) }
            pending += next.children
        }
        return nil
    }

    /// Whether `child` is in this container's stack, tabs or columns (false for a plain view
    /// controller: its children are its own to add and remove).
    func manages(_ child: ViewController) -> Bool { false }

    /// Why this view controller cannot go somewhere new — be presented by, pushed on, or made a
    /// column or child of `destination` — or nil when it is free: presented (or being presented),
    /// presenting, its view in a window, holding a presented view controller (an adaptive
    /// wrapper that was shown), or `destination` inside it (`alreadyPresented`); a child
    /// of another view controller (`hasParent`). With these refused, containment stays a tree
    /// and the presentation chain acyclic (Docs/Containers.md).
    ///
    /// - Throws: `TransitionError.graphCycle` when the walk from `destination` finds a cycle.
    func placementRefusal(at destination: ViewController) throws(TransitionError) -> TransitionError? {
        if ownPresentedViewController != nil || (isViewLoaded && view.window != nil) || presentedInSubtree() != nil {
            return .alreadyPresented(viewController: id)
        }
        if try destination.reaches(self, along: .outward) { return .alreadyPresented(viewController: id) }
        if let parent { return .hasParent(viewController: id, parent: parent.id) }
        return nil
    }

    /// Makes `children` this view controller's content, as a scene declares them: a plain view
    /// controller adds each child and its view (at the child view's frame); a container makes
    /// them its stack, tabs or columns.
    package func adoptContent(_ children: [ViewController]) {
        for child in children {
            addChild(child)
            view.addSubview(child.view)
            child.didMove(toParent: self)
        }
    }

    /// Whether this view controller is a container that shows its children as its own content (a
    /// navigation controller): it, not they, presents full-screen styles.
    var isContainer: Bool { false }

    /// Lays out the content of a container after its view changed size (the window's root, a
    /// presented view); a container overrides it to size its children's views.
    func layoutContent() {
        for child in children where child.isViewLoaded { child.layoutContent() }
    }

    // MARK: Segues

    /// The storyboard that made this view controller, which makes its segues' destinations. Held
    /// strongly, as UIKit does (a storyboard keeps its instances weakly).
    public var storyboard: Storyboard?
    /// The segues declared with this view controller as their source.
    public var segueTemplates: [SegueTemplate] = []
    /// The unwind actions this view controller handles, by name (UIKit's unwind `@IBAction`s).
    public private(set) var unwindActions: [String: (StoryboardSegue) throws -> Void] = [:]

    /// Registers the unwind action `name`: an unwind segue with that action that finds this view
    /// controller runs `action` with the segue before anything moves.
    public func registerUnwindAction(_ name: String, _ action: @escaping (StoryboardSegue) throws -> Void) {
        unwindActions[name] = action
    }

    /// A script's behaviour (a Lua controller plugin), called after this view controller's own.
    package var script: (any ViewControllerScript)?

    /// Whether the segue a tap triggered runs (not asked for `performSegue` from code). Default
    /// true (or the controller plugin's answer).
    open func shouldPerformSegue(withIdentifier identifier: String, sender: AnyObject?) -> Bool {
        script?.shouldPerformSegue(self, identifier: identifier, sender: sender) ?? true
    }

    /// Called on the source before a segue performs, with the new destination.
    open func prepare(for segue: StoryboardSegue, sender: AnyObject?) {}

    /// Whether this view controller is the destination of an unwind segue with `action`; the
    /// default: it registered an unwind action with that name (or its controller plugin has one,
    /// or says so).
    open func canPerformUnwindSegueAction(_ action: String, from fromViewController: ViewController, sender: AnyObject?) -> Bool {
        if let answer = script?.canPerformUnwindSegueAction(self, action: action, from: fromViewController, sender: sender) {
            return answer
        }
        return unwindAction(named: action) != nil
    }

    /// The unwind action `name`: a registered one, else the controller plugin's.
    package func unwindAction(named name: String) -> ((StoryboardSegue) throws -> Void)? {
        unwindActions[name] ?? script?.unwindAction(self, named: name)
    }

    // MARK: Appearance

    /// Where this view controller is in its appearance cycle.
    public enum AppearanceState: String, Sendable {
        case disappeared, appearing, appeared, disappearing
    }

    public private(set) var appearanceState = AppearanceState.disappeared

    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}

    /// The window is about to change size; animate along with `coordinator`. The default tells
    /// the controller plugin, then forwards the call to the children, as UIKit does.
    open func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) {
        script?.viewWillTransition(self, to: size, with: coordinator)
        for child in children { child.viewWillTransition(to: size, with: coordinator) }
    }

    /// The children whose views a container shows: they appear and disappear with it (UIKit
    /// forwards the appearance callbacks). None for a plain view controller.
    var appearanceChildren: [ViewController] { [] }

    /// Starts appearing or disappearing: calls `viewWillAppear`/`viewWillDisappear` unless the
    /// view controller is already heading that way, then the same on `appearanceChildren`;
    /// `onCallback` hears each view controller whose callback ran, in order. Returns whether this
    /// one's ran.
    @discardableResult
    func beginAppearanceTransition(_ appearing: Bool, animated: Bool, onCallback: ((ViewController) -> Void)? = nil) -> Bool {
        switch (appearing, appearanceState) {
        case (true, .disappeared), (true, .disappearing):
            appearanceState = .appearing
            viewWillAppear(animated)
            script?.viewControllerCallback(self, .viewWillAppear, animated: animated)
        case (false, .appeared), (false, .appearing):
            appearanceState = .disappearing
            viewWillDisappear(animated)
            script?.viewControllerCallback(self, .viewWillDisappear, animated: animated)
        default:
            return false
        }
        onCallback?(self)
        for child in appearanceChildren { child.beginAppearanceTransition(appearing, animated: animated, onCallback: onCallback) }
        return true
    }

    /// Ends the appearance transition begun last: calls `viewDidAppear`/`viewDidDisappear`, then
    /// the same on `appearanceChildren`; `onCallback` hears each view controller whose callback
    /// ran, in order. Returns whether this one's ran.
    @discardableResult
    func endAppearanceTransition(animated: Bool, onCallback: ((ViewController) -> Void)? = nil) -> Bool {
        switch appearanceState {
        case .appearing:
            appearanceState = .appeared
            viewDidAppear(animated)
            script?.viewControllerCallback(self, .viewDidAppear, animated: animated)
        case .disappearing:
            appearanceState = .disappeared
            viewDidDisappear(animated)
            script?.viewControllerCallback(self, .viewDidDisappear, animated: animated)
        default:
            return false
        }
        onCallback?(self)
        for child in appearanceChildren { child.endAppearanceTransition(animated: animated, onCallback: onCallback) }
        return true
    }
}
