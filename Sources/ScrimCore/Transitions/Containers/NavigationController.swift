/// A stack of view controllers shown one at a time (`UINavigationController`). Scrim draws no
/// navigation bar: the top view controller's view fills the navigation controller's view.
///
/// As `present`, a push or pop begins on the next tick of the window's clock and runs the
/// transition sequence (the delegate's animator, or the built-in slide); the stack changes when
/// the transition completes and stays as it was when it is cancelled. A push or pop that cannot
/// start throws a `TransitionError` and calls the completion with `false` — where UIKit would
/// corrupt its stack (a push during another transition) or log and drop.
@MainActor
open class NavigationController: ViewController {
    /// The stack, root first. Changes when a push or pop completes.
    public internal(set) var viewControllers: [ViewController] = []
    /// Vends the push and pop animators and hears `willShow`/`didShow`. Held strongly.
    public var delegate: (any NavigationControllerDelegate)?

    /// The edge-swipe pop: a pan recognizer on this navigation controller's view that begins only
    /// within 20 pt of its left edge, while the stack holds more than one view controller and no
    /// transition runs. It pops interactively with the delegate's animator, or the built-in slide:
    /// percent = horizontal translation / width, and on release the pop finishes when past half
    /// way or flicked faster than 500 pt/s to the right, else it is cancelled. When the delegate
    /// vends an interaction controller for that pop, the swipe drives nothing itself: the
    /// interaction controller does (as in UIKit, by adding a target to this recognizer).
    public var interactivePopGestureRecognizer: PanGestureRecognizer { edgeSwipe }

    private lazy var edgeSwipe: PanGestureRecognizer = {
        let recognizer = PanGestureRecognizer { [weak self] recognizer in self?.handleInteractivePop(recognizer) }
        recognizer.shouldBegin = { [weak self] location in self?.canBeginInteractivePop(at: location) ?? false }
        return recognizer
    }()

    /// How far from the left edge the edge swipe may begin.
    static let interactivePopEdge = 20.0
    /// The release rule of the edge swipe: past this fraction, or faster than this to the right.
    static let interactivePopFinishPercent = 0.5
    static let interactivePopFinishVelocity = 500.0

    /// The edge swipe's interaction, from the pan's beginning to its end.
    private var gestureInteraction: InteractivePop?
    /// The edge swipe's interaction until the pop it asked for begins and takes it (the pan may
    /// end first: the interaction keeps how).
    var swipeWaitingForPop: InteractivePop?

    /// A navigation controller whose stack holds `rootViewController` (if given).
    public init(id: String, rootViewController: ViewController? = nil) {
        super.init(id: id)
        if let rootViewController {
            precondition(!(rootViewController is NavigationController), "a navigation controller cannot be a root view controller of another")
            addChild(rootViewController)
            viewControllers = [rootViewController]
            rootViewController.didMove(toParent: self)
        }
    }

    /// The top of the stack.
    public var topViewController: ViewController? { viewControllers.last }

    /// What is shown over the stack: the top of the presentation chain over this navigation
    /// controller or its top view controller (a child presents from the navigation controller
    /// when it covers the window), else the top view controller.
    public var visibleViewController: ViewController? {
        guard let presented = presentedViewController ?? topViewController?.presentedViewController else {
            return topViewController
        }
        // A cycle (which the presentation rules exclude) ends the search.
        return (try? presented.last(along: .presentedViewController)) ?? presented
    }

    /// The view: an empty view with the top view controller's view in it, filling it, and the
    /// edge-swipe recognizer.
    open override func loadView() -> View {
        let view = View(id: id)
        view.addGestureRecognizer(edgeSwipe)
        if let top = topViewController {
            view.addSubview(top.view)
            View.performWithoutAnimation { top.view.frame = view.bounds }
        }
        return view
    }

    override var isContainer: Bool { true }

    override func manages(_ child: ViewController) -> Bool { viewControllers.contains { $0 === child } }

    /// A scene's children are the stack, bottom first; the edge swipe goes on the scene's view.
    override package func adoptContent(_ children: [ViewController]) {
        if edgeSwipe.view !== view { view.addGestureRecognizer(edgeSwipe) }
        do {
            try setViewControllers(children, animated: false)
        } catch {
            preconditionFailure("a checked scene's stack is refused: \(error)")
        }
    }

    /// The top view fills the navigation controller's view (which just changed size).
    override func layoutContent() {
        // Inside the window's size-change animation, the content animates with it.
        if let top = topViewController, top.isViewLoaded, top.view.superview === view { top.view.frame = view.bounds }
        super.layoutContent()
    }

    /// The top view controller appears and disappears with its navigation controller.
    override var appearanceChildren: [ViewController] { topViewController.map { [$0] } ?? [] }

    // MARK: Pushing and popping

    /// Pushes `viewController` on the stack; the transition begins on the next tick.
    ///
    /// - Throws: `.pushingNavigationController` (a navigation controller cannot be pushed),
    ///   `.notInWindow` (this navigation controller's view is not in a window),
    ///   `.transitionInProgress`, `.alreadyPresented` (it is presented or presenting, its view is
    ///   in a window, or this navigation controller is inside it), `.hasParent` (it is another's
    ///   child). Then `completion(false)` has been called and nothing changed.
    /// - Returns: the push queued.
    @discardableResult
    public func pushViewController(
        _ viewController: ViewController, animated: Bool, completion: ((Bool) -> Void)? = nil
    ) throws(TransitionError) -> TransitionHandle {
        do throws(TransitionError) {
            guard !(viewController is NavigationController) else {
                throw TransitionError.pushingNavigationController(viewController: viewController.id)
            }
            let window = try windowForChange(of: viewController)
            if let refusal = try viewController.placementRefusal(at: self) { throw refusal }
            return window.transitionRunner.enqueueNavigation(
                NavigationChange(controller: self, operation: .push, after: viewControllers + [viewController]),
                animated: animated, completion: completion)
        } catch {
            completion?(false)
            throw error
        }
    }

    /// Pops the top view controller; the transition begins on the next tick. Popping the root is
    /// a no-op that returns `nil` (and calls `completion(false)`).
    ///
    /// - Returns: the view controller that will be popped.
    /// - Throws: `.notInWindow`, `.transitionInProgress`; then `completion(false)` has been called.
    @discardableResult
    public func popViewController(animated: Bool, completion: ((Bool) -> Void)? = nil) throws(TransitionError) -> ViewController? {
        try pop(downTo: viewControllers.count - 2, animated: animated, completion: completion).popped.last
    }

    /// Pops every view controller above `viewController`; only the top one animates away.
    ///
    /// - Returns: the view controllers that will be popped, bottom first (empty when
    ///   `viewController` is the top, and `completion(false)` is called).
    /// - Throws: `.notInNavigationStack` when `viewController` is not in this stack; `.notInWindow`,
    ///   `.transitionInProgress`; then `completion(false)` has been called.
    @discardableResult
    public func popToViewController(
        _ viewController: ViewController, animated: Bool, completion: ((Bool) -> Void)? = nil
    ) throws(TransitionError) -> [ViewController] {
        guard let index = viewControllers.firstIndex(where: { $0 === viewController }) else {
            completion?(false)
            throw TransitionError.notInNavigationStack(viewController: viewController.id, navigationController: id)
        }
        return try pop(downTo: index, animated: animated, completion: completion).popped
    }

    /// Pops every view controller above the root; only the top one animates away.
    @discardableResult
    public func popToRootViewController(
        animated: Bool, completion: ((Bool) -> Void)? = nil
    ) throws(TransitionError) -> [ViewController] {
        try pop(downTo: 0, animated: animated, completion: completion).popped
    }

    /// Pops down to `index` (the one that stays on top): the view controllers that will be
    /// popped, bottom first, and the pop queued. The window is checked first (a stack being
    /// changed by a running transition is not read); an `index` that leaves the stack as it is
    /// (the root popped, the top popped to) is a no-op: nothing popped, no transition.
    package func pop(
        downTo index: Int, animated: Bool, completion: ((Bool) -> Void)? = nil
    ) throws(TransitionError) -> (popped: [ViewController], transition: TransitionHandle?) {
        do throws(TransitionError) {
            guard let top = topViewController else { throw TransitionError.nothingToDismiss(viewController: id) }
            let window = try windowForChange(of: top)
            guard index >= 0, index < viewControllers.count - 1 else {
                completion?(false)
                return ([], nil)
            }
            let transition = window.transitionRunner.enqueueNavigation(
                NavigationChange(controller: self, operation: .pop, after: Array(viewControllers[...index])),
                animated: animated, completion: completion)
            return (Array(viewControllers[(index + 1)...]), transition)
        } catch {
            completion?(false)
            throw error
        }
    }

    /// Replaces the stack. When the top changes, that change animates like a push (the new top
    /// was not in the stack) or a pop (it was), beginning on the next tick; the view controllers
    /// below join and leave the stack with it. When the top stays, or this navigation controller
    /// is not in a window, the stack changes at once (nothing moves on screen) and `completion`
    /// gets `true`.
    ///
    /// - Throws: `.emptyNavigationStack`, `.pushingNavigationController`, `.alreadyPresented`
    ///   (a view controller given twice, or a new one that is presented or presenting, whose view
    ///   is in a window or that this navigation controller is inside), `.hasParent` (a new one is
    ///   another's child), `.transitionInProgress`; then `completion(false)` has been called and
    ///   nothing changed.
    /// - Returns: the push or pop queued; nil when the stack changed at once.
    @discardableResult
    public func setViewControllers(
        _ stack: [ViewController], animated: Bool, completion: ((Bool) -> Void)? = nil
    ) throws(TransitionError) -> TransitionHandle? {
        do throws(TransitionError) {
            guard let newTop = stack.last else { throw TransitionError.emptyNavigationStack(navigationController: id) }
            var seen: Set<ObjectIdentifier> = []
            for viewController in stack {
                if viewController is NavigationController {
                    throw TransitionError.pushingNavigationController(viewController: viewController.id)
                }
                if !seen.insert(ObjectIdentifier(viewController)).inserted || viewController === self {
                    throw TransitionError.alreadyPresented(viewController: viewController.id)
                }
                if !manages(viewController), let refusal = try viewController.placementRefusal(at: self) { throw refusal }
            }
            guard isViewLoaded, view.window != nil, newTop !== topViewController else {
                replaceStack(with: stack)
                completion?(true)
                return nil
            }
            let window = try windowForChange(of: newTop)
            let operation: TransitionOperation = viewControllers.contains { $0 === newTop } ? .pop : .push
            return window.transitionRunner.enqueueNavigation(
                NavigationChange(controller: self, operation: operation, after: stack), animated: animated,
                completion: completion)
        } catch {
            completion?(false)
            throw error
        }
    }

    /// Changes the stack at once, with the containment callbacks; the top view (if it changed and
    /// the view is loaded) replaces the old one.
    private func replaceStack(with stack: [ViewController]) {
        let change = NavigationChange(controller: self, operation: .none, after: stack)
        let oldTop = topViewController
        for leaving in change.removed.reversed() { leaving.willMove(toParent: nil) }
        for joining in change.added { addChild(joining) }
        viewControllers = stack
        if isViewLoaded, let top = topViewController, top !== oldTop {
            oldTop?.view.removeFromSuperview()
            view.insertSubview(top.view, at: 0)
            View.performWithoutAnimation { top.view.frame = view.bounds }
        }
        for joining in change.added { joining.didMove(toParent: self) }
        for leaving in change.removed.reversed() { leaving.removeFromParent() }
    }

    // MARK: The edge swipe

    /// The delegate vended an interaction controller for the pop the edge swipe began: the swipe
    /// stops driving its own.
    func handSwipeToDelegate() {
        gestureInteraction = nil
    }

    private func canBeginInteractivePop(at location: Point) -> Bool {
        guard viewControllers.count > 1, isViewLoaded, let window = view.window, !window.isTransitioning else {
            return false
        }
        let local = window.convert(location, to: view)
        return local.x >= 0 && local.x <= Self.interactivePopEdge && view.bounds.contains(local)
    }

    private func handleInteractivePop(_ recognizer: PanGestureRecognizer) {
        switch recognizer.state {
        case .began:
            let interaction = InteractivePop()
            do {
                try popViewController(animated: true)
                gestureInteraction = interaction
                swipeWaitingForPop = interaction
            } catch {
                // Refused (cannot happen once `shouldBegin` agreed): the pan drives nothing.
            }
        case .changed:
            guard let interaction = gestureInteraction, view.bounds.width > 0 else { return }
            interaction.update(min(max(recognizer.translation(in: view).x / view.bounds.width, 0), 1))
        case .ended, .cancelled:
            guard let interaction = gestureInteraction else { return }
            gestureInteraction = nil
            let percent = view.bounds.width > 0 ? recognizer.translation(in: view).x / view.bounds.width : 0
            let finishes = recognizer.state == .ended
                && (percent > Self.interactivePopFinishPercent
                    || recognizer.velocity(in: view).x > Self.interactivePopFinishVelocity)
            finishes ? interaction.finish() : interaction.cancel()
        case .possible, .failed:
            break
        }
    }

    /// The window a push or pop runs in: this navigation controller's view must be in one, with
    /// no transition running or queued.
    private func windowForChange(of viewController: ViewController) throws(TransitionError) -> Window {
        guard isViewLoaded, let window = view.window else { throw TransitionError.notInWindow(viewController: id) }
        guard !window.isTransitioning else { throw TransitionError.transitionInProgress(viewController: viewController.id) }
        return window
    }
}

/// A push or pop on its way: the navigation controller, what it does and the stack it leaves.
@MainActor
struct NavigationChange {
    let controller: NavigationController
    let operation: TransitionOperation
    /// The stack once the transition completes.
    let after: [ViewController]
    /// The stack when the transition began.
    let before: [ViewController]
    /// The view controllers that join the stack, bottom first (children from step 1).
    let added: [ViewController]
    /// The view controllers that leave the stack, bottom first.
    let removed: [ViewController]
    /// How many view controllers of the two stacks were compared past their shared bottom: the
    /// work, which tests check does not grow with the depth of a push or pop.
    let comparedCount: Int

    /// Computes the difference once, past the bottom the two stacks share: a push or a pop
    /// compares the top alone, however deep the stack (an 800-deep stack was compared element by
    /// element with the other on every use, and the play of a push grew with the depth squared).
    init(controller: NavigationController, operation: TransitionOperation, after: [ViewController]) {
        self.controller = controller
        self.operation = operation
        self.after = after
        before = controller.viewControllers
        let shared = zip(before, after).prefix { $0 === $1 }.count
        let beforeRest = before[shared...], afterRest = after[shared...]
        let beforeIDs = Set(beforeRest.lazy.map(ObjectIdentifier.init))
        let afterIDs = Set(afterRest.lazy.map(ObjectIdentifier.init))
        added = afterRest.filter { !beforeIDs.contains(ObjectIdentifier($0)) }
        removed = beforeRest.filter { !afterIDs.contains(ObjectIdentifier($0)) }
        comparedCount = beforeRest.count + afterRest.count
    }
}
