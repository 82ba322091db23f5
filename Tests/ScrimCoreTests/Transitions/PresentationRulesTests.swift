import Testing
@testable import ScrimCore
import ScrimTestSupport

/// Docs/Transitions.md, "Presenting and dismissing", and step 13 of "Presentation" and "Dismissal":
/// what `present` and `dismiss` refuse, how a dismissal is forwarded, how a chain is dismissed,
/// and that appearance callbacks are balanced for every style.
@MainActor @Suite struct PresentationRulesTests {
    /// Presents `presented` from `presenter` with an animation and waits for the end.
    func presentAndWait(_ f: TransitionFixture, _ presented: ViewController, from presenter: ViewController) throws {
        var completed: Bool?
        try presenter.present(presented, animated: true) { completed = $0 }
        try f.advance(oneFrame + 0.51)
        #expect(completed == true)
    }

    /// Checks that a refused request left the fixture as it was: nothing queued, no transition
    /// begins on the next tick, the same views in the window.
    func expectNothingHappens(_ f: TransitionFixture, windowSubviews: [String]) throws {
        #expect(!f.window.isTransitioning)
        f.clearEvents()
        try f.advance(oneFrame)
        #expect(f.events.isEmpty)
        #expect(ids(f.window.subviews) == windowSubviews)
    }

    // MARK: present refuses

    @Test func presentingItselfThrowsAndCompletesWithFalse() throws {
        let f = try TransitionFixture()
        var completions: [Bool] = []
        #expect(throws: TransitionError.presentingItself(viewController: "root")) {
            try f.root.present(f.root, animated: true) { completions.append($0) }
        }
        #expect(completions == [false])
        #expect(f.root.presentedViewController == nil)
        #expect(f.root.presentingViewController == nil)
        try expectNothingHappens(f, windowSubviews: ["root"])
        #expect(completions == [false])
    }

    @Test func presentingAnAlreadyPresentedViewControllerThrows() throws {
        let f = try TransitionFixture()
        let presented = ViewController(id: "x")
        presented.modalPresentationStyle = .overFullScreen
        try presentAndWait(f, presented, from: f.root)
        f.clearEvents()
        var completions: [Bool] = []
        #expect(throws: TransitionError.alreadyPresented(viewController: "x")) {
            try f.root.present(presented, animated: true) { completions.append($0) }
        }
        #expect(completions == [false])
        #expect(f.root.presentedViewController === presented)
        #expect(presented.presentingViewController === f.root)
        #expect(presented.presentedViewController == nil)
        try expectNothingHappens(f, windowSubviews: ["root", "x.container"])
        #expect(presented.view.superview?.id == "x.container")
    }

    @Test func presentingAViewControllerWhoseViewIsInTheWindowThrows() throws {
        let f = try TransitionFixture()
        let child = ViewController(id: "child")
        f.root.addChild(child)
        child.view.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        f.root.view.addSubview(child.view)
        var completions: [Bool] = []
        #expect(throws: TransitionError.alreadyPresented(viewController: "child")) {
            try f.root.present(child, animated: true) { completions.append($0) }
        }
        // The root's view is in the window too.
        #expect(throws: TransitionError.alreadyPresented(viewController: "root")) {
            try child.present(f.root, animated: false) { completions.append($0) }
        }
        #expect(completions == [false, false])
        #expect(child.view.superview === f.root.view)
        #expect(child.view.frame == Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(child.parent === f.root)
        try expectNothingHappens(f, windowSubviews: ["root"])
    }

    @Test func presentingFromAViewControllerNotInAWindowThrows() throws {
        let f = try TransitionFixture()
        let loose = ViewController(id: "loose")
        let presented = ViewController(id: "x")
        var completions: [Bool] = []
        #expect(throws: TransitionError.notInWindow(viewController: "loose")) {
            try loose.present(presented, animated: true) { completions.append($0) }
        }
        // Refusing did not load the view.
        #expect(!loose.isViewLoaded)
        _ = loose.view
        #expect(throws: TransitionError.notInWindow(viewController: "loose")) {
            try loose.present(presented, animated: false) { completions.append($0) }
        }
        #expect(completions == [false, false])
        #expect(loose.presentedViewController == nil)
        #expect(presented.presentingViewController == nil)
        expectPresentationControllerAtRest(presented)
        try expectNothingHappens(f, windowSubviews: ["root"])
    }

    @Test func presentingWhileAPresentationIsQueuedThrows() throws {
        let f = try TransitionFixture()
        let first = ViewController(id: "first")
        let second = ViewController(id: "second")
        var completions: [String] = []
        try f.root.present(first, animated: true) { completions.append("first \($0)") }
        #expect(throws: TransitionError.transitionInProgress(viewController: "second")) {
            try f.root.present(second, animated: true) { completions.append("second \($0)") }
        }
        // Presenting the queued one again is refused as well.
        #expect(throws: TransitionError.transitionInProgress(viewController: "first")) {
            try f.root.present(first, animated: true) { completions.append("again \($0)") }
        }
        #expect(completions == ["second false", "again false"])
        try f.advance(oneFrame + 0.51)
        #expect(completions == ["second false", "again false", "first true"])
        #expect(f.root.presentedViewController === first)
        #expect(beganEvents(f) == ["presentation:root->first"])
    }

    // MARK: dismiss refuses

    @Test func dismissingWithNothingToDismissThrows() throws {
        let f = try TransitionFixture()
        var completions: [Bool] = []
        #expect(throws: TransitionError.nothingToDismiss(viewController: "root")) {
            try f.root.dismiss(animated: true) { completions.append($0) }
        }
        let loose = ViewController(id: "loose")
        #expect(throws: TransitionError.nothingToDismiss(viewController: "loose")) {
            try loose.dismiss(animated: false) { completions.append($0) }
        }
        #expect(completions == [false, false])
        try expectNothingHappens(f, windowSubviews: ["root"])
    }

    @Test func dismissingTwiceThrowsTransitionInProgress() throws {
        let f = try TransitionFixture()
        let presented = ViewController(id: "x")
        try presentAndWait(f, presented, from: f.root)
        var completions: [String] = []
        try presented.dismiss(animated: true) { completions.append("first \($0)") }
        #expect(throws: TransitionError.transitionInProgress(viewController: "x")) {
            try presented.dismiss(animated: true) { completions.append("second \($0)") }
        }
        #expect(completions == ["second false"])
        try f.advance(oneFrame + 0.51)
        #expect(completions == ["second false", "first true"])
        #expect(f.root.presentedViewController == nil)
    }

    @Test func dismissingWhileAPresentationRunsThrowsTransitionInProgress() throws {
        let f = try TransitionFixture()
        let presented = ViewController(id: "x")
        try f.root.present(presented, animated: true)
        try f.advance(oneFrame)
        var completions: [Bool] = []
        // A transition is running in the window (Docs/Transitions.md, "Presenting and dismissing").
        #expect(throws: TransitionError.transitionInProgress(viewController: "root")) {
            try f.root.dismiss(animated: true) { completions.append($0) }
        }
        #expect(completions == [false])
        try f.advance(0.51)
        #expect(f.root.presentedViewController === presented)
    }

    // MARK: Forwarding and chains

    @Test func dismissOnThePresentedViewControllerIsForwardedToItsPresenter() throws {
        let f = try TransitionFixture()
        let presented = ViewController(id: "x")
        try presentAndWait(f, presented, from: f.root)
        f.clearEvents()
        var completed: Bool?
        try presented.dismiss(animated: true) { completed = $0 }
        try f.advance(oneFrame)
        #expect(beganEvents(f) == ["dismissal:x->root"])
        #expect(runningContext(f)?.viewController(forKey: .to) === f.root)
        try f.advance(0.51)
        #expect(completed == true)
        #expect(f.root.presentedViewController == nil)
        #expect(presented.presentingViewController == nil)
        #expect(ids(f.window.subviews) == ["root"])
    }

    @Test func dismissOnAChildOfThePresentedViewControllerDismissesIt() throws {
        let f = try TransitionFixture()
        let presented = ViewController(id: "x")
        let child = ViewController(id: "child")
        presented.addChild(child)
        presented.view.addSubview(child.view)
        try presentAndWait(f, presented, from: f.root)
        f.clearEvents()
        var completed: Bool?
        try child.dismiss(animated: true) { completed = $0 }
        try f.advance(oneFrame + 0.51)
        #expect(completed == true)
        #expect(beganEvents(f) == ["dismissal:x->root"])
        #expect(f.root.presentedViewController == nil)
    }

    @Test func dismissOnThePresenterDismissesWhatItPresents() throws {
        let f = try TransitionFixture()
        let presented = ViewController(id: "x")
        try presentAndWait(f, presented, from: f.root)
        f.clearEvents()
        try f.root.dismiss(animated: true)
        try f.advance(oneFrame + 0.51)
        #expect(beganEvents(f) == ["dismissal:x->root"])
        #expect(f.root.presentedViewController == nil)
    }

    /// root → a → b → c, all full screen (compact window).
    func chain(_ f: TransitionFixture) throws -> (a: ViewController, b: ViewController, c: ViewController) {
        let a = ViewController(id: "a"), b = ViewController(id: "b"), c = ViewController(id: "c")
        try presentAndWait(f, a, from: f.root)
        try presentAndWait(f, b, from: a)
        try presentAndWait(f, c, from: b)
        #expect(ids(f.window.subviews) == ["a.container", "b.container", "c.container"])
        return (a, b, c)
    }

    @Test func dismissingFromTheBottomOfAChainAnimatesOnlyTheTopAndRemovesEveryContainerAbove() throws {
        let f = try TransitionFixture()
        let (a, b, c) = try chain(f)
        let bContainer = f.window.subviews[1], cContainer = f.window.subviews[2]
        f.clearEvents()
        var completions: [Bool] = []
        try a.dismiss(animated: true) { completions.append($0) }
        try f.advance(oneFrame)
        #expect(beganEvents(f) == ["dismissal:c->a"])
        #expect(f.trace == [
            "viewWillDisappear(c)", "viewWillAppear(a)",
            "dismissalTransitionWillBegin(StylePresentationController)",
            "transitionDuration(CoverVerticalAnimator)", "animateTransition(CoverVerticalAnimator)",
        ])
        let context = try #require(runningContext(f))
        #expect(context.viewController(forKey: .from) === c)
        #expect(context.viewController(forKey: .to) === a)
        #expect(context.view(forKey: .from) === c.view)
        #expect(context.view(forKey: .to) === a.view)
        #expect(context.containerView === cContainer)
        // a's view is back; b's stays out of the window; only c's view moves.
        #expect(ids(f.window.subviews) == ["a.container", "b.container", "c.container"])
        #expect(ids(f.window.subviews[0].subviews) == ["a"])
        #expect(b.view.window == nil)
        #expect(a.transitionCoordinator != nil)
        #expect(b.transitionCoordinator === a.transitionCoordinator)
        #expect(c.transitionCoordinator === a.transitionCoordinator)
        try f.advance(0.25)
        #expect(c.view.isAnimating(.center))
        #expect(!b.view.isAnimating(.center))
        #expect(!a.view.isAnimating(.center))
        #expect(isApprox(c.view.presentation.frame.minY, 844 * CubicBezier.easeIn.progress(at: 0.5), tolerance: 1e-6))

        try f.advance(0.26)
        #expect(completions == [true])
        #expect(Array(f.trace.dropFirst(5)) == [
            "completeTransition(CoverVerticalAnimator)", "dismissalTransitionDidEnd(StylePresentationController)",
            "animationEnded(CoverVerticalAnimator)", "viewDidDisappear(c)", "viewDidAppear(a)", "completion(c)",
        ])
        #expect(ids(f.window.subviews) == ["a.container"])
        #expect(bContainer.superview == nil)
        #expect(cContainer.superview == nil)
        #expect(b.view.superview == nil)
        #expect(c.view.superview == nil)
        #expect(f.root.presentedViewController === a)
        #expect(a.presentingViewController === f.root)
        #expect(a.presentedViewController == nil)
        #expect(b.presentingViewController == nil)
        #expect(b.presentedViewController == nil)
        #expect(c.presentingViewController == nil)
        expectPresentationControllerAtRest(b)
        expectPresentationControllerAtRest(c)
        #expect([a, b, c].allSatisfy { $0.transitionCoordinator == nil })
        #expect(endedEvents(f) == [true])
        #expect(f.diagnostics.isEmpty)

        // The chain can be built again.
        try presentAndWait(f, b, from: a)
        #expect(ids(f.window.subviews) == ["a.container", "b.container"])
    }

    @Test func dismissOnTheMiddleOfAChainDismissesOnlyWhatItPresents() throws {
        let f = try TransitionFixture()
        let (a, b, c) = try chain(f)
        f.clearEvents()
        try b.dismiss(animated: true)
        try f.advance(oneFrame + 0.51)
        #expect(beganEvents(f) == ["dismissal:c->b"])
        #expect(ids(f.window.subviews) == ["a.container", "b.container"])
        #expect(a.presentedViewController === b)
        #expect(b.presentedViewController == nil)
        #expect(ids(f.window.subviews[1].subviews) == ["b"])
        #expect(c.presentingViewController == nil)
    }

    @Test func dismissingTheWholeChainFromTheRoot() throws {
        let f = try TransitionFixture()
        let (a, b, c) = try chain(f)
        f.clearEvents()
        var completed: Bool?
        try f.root.dismiss(animated: true) { completed = $0 }
        try f.advance(oneFrame)
        #expect(beganEvents(f) == ["dismissal:c->root"])
        #expect(ids(f.window.subviews) == ["root", "a.container", "b.container", "c.container"])
        try f.advance(0.51)
        #expect(completed == true)
        #expect(ids(f.window.subviews) == ["root"])
        #expect([a, b, c].allSatisfy { $0.presentingViewController == nil && $0.presentedViewController == nil })
        #expect(f.root.presentedViewController == nil)
    }

    // MARK: Appearance callbacks

    /// A fixture whose root view controller records its callbacks in `log` (the fixture's own
    /// root is replaced; the log starts empty).
    func recordingFixture(_ kind: WindowKind) throws -> (TransitionFixture, RecordingViewController, EventLog) {
        let f = try TransitionFixture(size: kind.size)
        let log = EventLog()
        let home = RecordingViewController(id: "home", log: log)
        f.window.rootViewController = home
        #expect(log.entries == ["home.willAppear", "home.didAppear"])
        #expect(home.appearanceState == .appeared)
        log.clear()
        home.animatedFlags = []
        return (f, home, log)
    }

    @Test(arguments: StyleCase.allCases, WindowKind.allCases)
    func appearanceIsBalancedForACompletedPresentationAndDismissal(_ style: StyleCase, _ kind: WindowKind) throws {
        let (f, home, log) = try recordingFixture(kind)
        let presented = RecordingViewController(id: "x", log: log)
        style.configure(presented, anchor: home.view)
        let removes = style.removesPresenter(in: kind)
        try home.present(presented, animated: true)
        try f.advance(oneFrame)
        #expect(log.entries == (removes ? ["home.willDisappear", "x.willAppear"] : ["x.willAppear"]))
        #expect(presented.appearanceState == .appearing)
        try f.advance(0.51)
        #expect(log.entries == (removes
            ? ["home.willDisappear", "x.willAppear", "x.didAppear", "home.didDisappear"]
            : ["x.willAppear", "x.didAppear"]))
        #expect(presented.appearanceState == .appeared)
        #expect(home.appearanceState == (removes ? .disappeared : .appeared))
        log.clear()

        try presented.dismiss(animated: true)
        try f.advance(oneFrame)
        #expect(log.entries == (removes ? ["x.willDisappear", "home.willAppear"] : ["x.willDisappear"]))
        try f.advance(0.51)
        #expect(log.entries == (removes
            ? ["x.willDisappear", "home.willAppear", "x.didDisappear", "home.didAppear"]
            : ["x.willDisappear", "x.didDisappear"]))
        #expect(presented.appearanceState == .disappeared)
        #expect(home.appearanceState == .appeared)
        #expect(presented.animatedFlags.allSatisfy { $0 })
        #expect(home.animatedFlags.allSatisfy { $0 })
    }

    @Test(arguments: StyleCase.allCases, WindowKind.allCases)
    func appearanceIsReversedWhenAPresentationIsCancelled(_ style: StyleCase, _ kind: WindowKind) throws {
        let (f, home, log) = try recordingFixture(kind)
        let presented = RecordingViewController(id: "x", log: log)
        let interaction = PercentDrivenInteractiveTransition()
        style.configure(presented, anchor: home.view, animator: SlideAnimator(), interaction: interaction)
        let removes = style.removesPresenter(in: kind)
        var completed: Bool?
        try home.present(presented, animated: true) { completed = $0 }
        try f.advance(oneFrame)
        #expect(log.entries == (removes ? ["home.willDisappear", "x.willAppear"] : ["x.willAppear"]))
        interaction.update(0.5)
        try f.advance(0.1)
        interaction.cancel()
        try f.advance(0.51)
        #expect(completed == false)
        #expect(log.entries == (removes
            ? ["home.willDisappear", "x.willAppear", "x.willDisappear", "x.didDisappear", "home.willAppear", "home.didAppear"]
            : ["x.willAppear", "x.willDisappear", "x.didDisappear"]))
        #expect(presented.appearanceState == .disappeared)
        #expect(home.appearanceState == .appeared)
        // The hierarchy is as before the presentation.
        #expect(ids(f.window.subviews) == ["home"])
        #expect(presented.view.superview == nil)
        #expect(home.presentedViewController == nil)
        #expect(presented.presentingViewController == nil)
        // A popover keeps its controller (with its anchor) for the next presentation, a sheet too.
        expectPresentationControllerAtRest(presented)
        #expect(home.view.frame == Rect(origin: .zero, size: kind.size))
        #expect(f.diagnostics.isEmpty)
    }

    @Test(arguments: StyleCase.allCases, WindowKind.allCases)
    func appearanceIsReversedWhenADismissalIsCancelled(_ style: StyleCase, _ kind: WindowKind) throws {
        let (f, home, log) = try recordingFixture(kind)
        let presented = RecordingViewController(id: "x", log: log)
        let delegate = try #require(style.configure(presented, anchor: home.view, animator: SlideAnimator()))
        let removes = style.removesPresenter(in: kind)
        try home.present(presented, animated: true)
        try f.advance(oneFrame + 1.01)
        #expect(home.presentedViewController === presented)
        let windowBefore = ids(f.window.subviews)
        let frameBefore = presented.view.frame
        log.clear()

        let interaction = PercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        var completed: Bool?
        try presented.dismiss(animated: true) { completed = $0 }
        try f.advance(oneFrame)
        #expect(log.entries == (removes ? ["x.willDisappear", "home.willAppear"] : ["x.willDisappear"]))
        interaction.update(0.4)
        interaction.cancel()
        try f.advance(0.45)
        #expect(completed == false)
        #expect(log.entries == (removes
            ? ["x.willDisappear", "home.willAppear", "x.willAppear", "x.didAppear", "home.willDisappear", "home.didDisappear"]
            : ["x.willDisappear", "x.willAppear", "x.didAppear"]))
        #expect(presented.appearanceState == .appeared)
        #expect(home.appearanceState == (removes ? .disappeared : .appeared))
        #expect(ids(f.window.subviews) == windowBefore)
        #expect(presented.view.frame == frameBefore)
        #expect(presented.view.presentation.frame == frameBefore)
        #expect(home.presentedViewController === presented)
        #expect(f.diagnostics.isEmpty)
    }

    @Test func unanimatedTransitionsPassFalseToTheCallbacks() throws {
        let (f, home, log) = try recordingFixture(.compact)
        let presented = RecordingViewController(id: "x", log: log)
        presented.modalPresentationStyle = .fullScreen
        try home.present(presented, animated: false)
        try f.advance(oneFrame)
        try presented.dismiss(animated: false)
        try f.advance(oneFrame)
        #expect(log.entries == [
            "home.willDisappear", "x.willAppear", "x.didAppear", "home.didDisappear",
            "x.willDisappear", "home.willAppear", "x.didDisappear", "home.didAppear",
        ])
        #expect(presented.animatedFlags == [false, false, false, false])
        #expect(home.animatedFlags == [false, false, false, false])
    }

    @Test func aChainDismissalBalancesEveryViewControllerInIt() throws {
        let (f, home, log) = try recordingFixture(.compact)
        let a = RecordingViewController(id: "a", log: log)
        let b = RecordingViewController(id: "b", log: log)
        let c = RecordingViewController(id: "c", log: log)
        a.modalPresentationStyle = .fullScreen
        b.modalPresentationStyle = .overFullScreen
        c.modalPresentationStyle = .overFullScreen
        try presentAndWait(f, a, from: home)
        try presentAndWait(f, b, from: a)
        try presentAndWait(f, c, from: b)
        #expect([a, b, c].allSatisfy { $0.appearanceState == .appeared })
        log.clear()
        try a.dismiss(animated: true)
        try f.advance(oneFrame + 0.51)
        #expect(a.presentedViewController == nil)
        #expect(a.appearanceState == .appeared)
        #expect(b.appearanceState == .disappeared)
        #expect(c.appearanceState == .disappeared)
        #expect(home.appearanceState == .disappeared)
        // Each view controller that left saw one will/did disappear pair; nothing else was called.
        #expect(log.entries.filter { $0.hasPrefix("b.") } == ["b.willDisappear", "b.didDisappear"])
        #expect(log.entries.filter { $0.hasPrefix("c.") } == ["c.willDisappear", "c.didDisappear"])
        #expect(log.entries.filter { $0.hasPrefix("a.") || $0.hasPrefix("home.") }.isEmpty)
    }
}
