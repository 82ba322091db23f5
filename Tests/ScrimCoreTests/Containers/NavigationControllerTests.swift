import Testing
@testable import ScrimCore
import ScrimTestSupport

/// A navigation delegate that logs its calls and vends the given roles.
@MainActor
final class LoggingNavigationDelegate: NavigationControllerDelegate, NamedTransitionRole {
    let log: EventLog
    var animator: (any AnimatedTransitioning)?
    var interaction: (any InteractiveTransitioning)?
    var failsToVend = false
    let roleName = "navDelegate"

    init(log: EventLog, animator: (any AnimatedTransitioning)? = nil, interaction: (any InteractiveTransitioning)? = nil) {
        self.log = log
        self.animator = animator
        self.interaction = interaction
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String { "no animator today" }
    }

    func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool) throws {
        log.add("delegate.willShow(\(viewController.id))")
    }

    func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool) throws {
        log.add("delegate.didShow(\(viewController.id))")
    }

    func navigationController(
        _ navigationController: NavigationController, animationControllerFor operation: TransitionOperation,
        from fromViewController: ViewController, to toViewController: ViewController
    ) throws -> (any AnimatedTransitioning)? {
        log.add("delegate.animationController(\(operation.rawValue), \(fromViewController.id) → \(toViewController.id))")
        if failsToVend { throw Failure() }
        return animator
    }

    func navigationController(
        _ navigationController: NavigationController, interactionControllerFor animator: any AnimatedTransitioning
    ) throws -> (any InteractiveTransitioning)? {
        log.add("delegate.interactionController")
        return interaction
    }
}

/// Docs/Containers.md, "NavigationController": pushes and pops through the transition sequence,
/// the built-in slide, the delegate, refusals, cancellation, containment and appearance callbacks.
@MainActor @Suite struct NavigationControllerTests {
    static let frameRate = 120.0
    let tick = 1.0 / frameRate
    let content = Rect(x: 0, y: 0, width: 390, height: 844)

    struct Scene {
        let f: TransitionFixture
        let log: EventLog
        let nav: NavigationController
        let list: RecordingViewController
    }

    /// A window whose root is a navigation controller `nav` holding `list`.
    func scene() throws -> Scene {
        let f = try TransitionFixture(frameRate: Self.frameRate)
        let log = EventLog()
        let list = RecordingViewController(id: "list", log: log)
        let nav = NavigationController(id: "nav", rootViewController: list)
        f.window.rootViewController = nav
        log.clear()
        f.clearEvents()
        return Scene(f: f, log: log, nav: nav, list: list)
    }

    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }

    @Test func theRootFillsTheNavigationControllerAndTheLookupsFindIt() throws {
        let s = try scene()
        #expect(s.nav.viewControllers.map(\.id) == ["list"])
        #expect(s.nav.topViewController === s.list)
        #expect(s.nav.visibleViewController === s.list)
        #expect(s.list.parent === s.nav)
        #expect(s.list.navigationController === s.nav)
        #expect(s.nav.navigationController == nil)
        #expect(s.list.view.superview === s.nav.view)
        #expect(s.list.view.frame == content)
        #expect(s.list.appearanceState == .appeared)
        try s.f.window.setSize(Size(width: 500, height: 600))
        try s.f.advance(1)
        #expect(s.list.view.frame == Rect(x: 0, y: 0, width: 500, height: 600))
    }

    @Test func anAnimatedPushSlidesTheNewViewInAndCommitsTheStackWhenItCompletes() throws {
        let s = try scene()
        let detail = RecordingViewController(id: "detail", log: s.log)
        var completions: [Bool] = []
        try s.nav.pushViewController(detail, animated: true) { completions.append($0) }
        // Nothing moves before the next tick.
        #expect(s.nav.viewControllers.map(\.id) == ["list"])
        #expect(s.nav.children.map(\.id) == ["list"])
        #expect(detail.parent == nil)
        try s.f.advance(tick)
        #expect(s.nav.children.map(\.id) == ["list", "detail"])
        #expect(s.nav.viewControllers.map(\.id) == ["list"])
        let container = try #require(s.list.view.superview)
        #expect(container.id == "nav.transition")
        #expect(container.superview === s.nav.view)
        #expect(container.subviews.map(\.id) == ["list", "detail"])
        // Halfway through the 0.35 s ease-in-out slide: the new view is half in, the old one
        // has moved 0.3 × 390 × 0.5 to the left.
        try s.f.advance(0.175)
        #expect(close(detail.view.presentation.frame.minX, 195))
        #expect(close(s.list.view.presentation.frame.minX, -58.5))
        #expect(s.nav.transitionCoordinator != nil)
        try s.f.advance(0.175)
        #expect(completions == [true])
        #expect(s.nav.viewControllers.map(\.id) == ["list", "detail"])
        #expect(s.nav.topViewController === detail)
        #expect(s.nav.view.subviews.map(\.id) == ["detail"])
        #expect(detail.view.frame == content)
        #expect(s.list.view.superview == nil)
        #expect(s.list.view.frame == content.offsetBy(dx: -117, dy: 0))
        #expect(s.nav.transitionCoordinator == nil)
        #expect(s.log.entries == [
            "detail.willMove(nav)", "list.willDisappear", "detail.willAppear",
            "detail.didMove(nav)", "list.didDisappear", "detail.didAppear",
        ])
    }

    @Test func theSequenceOfAPushAndAPopFollowsTheSpec() throws {
        let s = try scene()
        let delegate = LoggingNavigationDelegate(log: s.log)
        s.nav.delegate = delegate
        let detail = RecordingViewController(id: "detail", log: s.log)
        try s.nav.pushViewController(detail, animated: true)
        try s.f.advance(0.5)
        #expect(s.f.trace == [
            "willMoveToParent(detail)", "animationControllerForOperation(navDelegate)",
            "viewWillDisappear(list)", "viewWillAppear(detail)", "willShow(navDelegate)",
            "transitionDuration(NavigationSlideAnimator)", "animateTransition(NavigationSlideAnimator)",
            "completeTransition(NavigationSlideAnimator)", "animationEnded(NavigationSlideAnimator)",
            "didMoveToParent(detail)", "viewDidDisappear(list)", "viewDidAppear(detail)", "didShow(navDelegate)",
            "completion(detail)",
        ])
        #expect(s.log.entries == [
            "detail.willMove(nav)", "delegate.animationController(push, list → detail)", "list.willDisappear",
            "detail.willAppear", "delegate.willShow(detail)", "detail.didMove(nav)", "list.didDisappear",
            "detail.didAppear", "delegate.didShow(detail)",
        ])
        let began = s.f.events.compactMap { event -> TransitionKind? in
            if case .began(_, let kind, "list", "detail", false) = event { return kind }
            return nil
        }
        #expect(began == [.push])

        s.log.clear()
        s.f.clearEvents()
        var popped: ViewController?
        popped = try s.nav.popViewController(animated: true)
        #expect(popped === detail)
        try s.f.advance(0.5)
        #expect(s.f.trace == [
            "willMoveToParent(detail)", "animationControllerForOperation(navDelegate)",
            "viewWillDisappear(detail)", "viewWillAppear(list)", "willShow(navDelegate)",
            "transitionDuration(NavigationSlideAnimator)", "animateTransition(NavigationSlideAnimator)",
            "completeTransition(NavigationSlideAnimator)", "animationEnded(NavigationSlideAnimator)",
            "didMoveToParent(detail)", "viewDidDisappear(detail)", "viewDidAppear(list)", "didShow(navDelegate)",
            "completion(list)",
        ])
        #expect(s.log.entries == [
            "detail.willMove(nil)", "delegate.animationController(pop, detail → list)", "detail.willDisappear",
            "list.willAppear", "delegate.willShow(list)", "detail.didMove(nil)", "detail.didDisappear",
            "list.didAppear", "delegate.didShow(list)",
        ])
        #expect(s.nav.viewControllers.map(\.id) == ["list"])
        #expect(s.nav.children.map(\.id) == ["list"])
        #expect(detail.parent == nil)
        #expect(s.nav.view.subviews.map(\.id) == ["list"])
        #expect(s.list.view.frame == content)
    }

    @Test func aPopSlidesTheTopViewOutToTheRight() throws {
        let s = try scene()
        let detail = ViewController(id: "detail")
        try s.nav.pushViewController(detail, animated: false)
        try s.f.advance(tick)
        #expect(s.nav.viewControllers.map(\.id) == ["list", "detail"])
        try s.nav.popViewController(animated: true)
        try s.f.advance(tick)
        let container = try #require(detail.view.superview)
        #expect(container.subviews.map(\.id) == ["list", "detail"])
        try s.f.advance(0.175)
        #expect(close(detail.view.presentation.frame.minX, 195))
        #expect(close(s.list.view.presentation.frame.minX, -58.5))
        try s.f.advance(0.175)
        #expect(s.nav.viewControllers.map(\.id) == ["list"])
        #expect(s.list.view.frame == content)
        #expect(detail.view.superview == nil)
    }

    @Test func anUnanimatedPushCommitsOnTheNextTick() throws {
        let s = try scene()
        let detail = RecordingViewController(id: "detail", log: s.log)
        var completions: [Bool] = []
        try s.nav.pushViewController(detail, animated: false) { completions.append($0) }
        #expect(s.nav.viewControllers.count == 1)
        try s.f.advance(tick)
        #expect(completions == [true])
        #expect(s.nav.viewControllers.map(\.id) == ["list", "detail"])
        #expect(s.nav.view.subviews.map(\.id) == ["detail"])
        #expect(detail.view.frame == content)
        #expect(detail.animatedFlags == [false, false])
        #expect(!s.f.trace.contains { $0.hasPrefix("transitionDuration") })
    }

    @Test func aPushOrPopWhileATransitionRunsIsRefusedAndTheStackStaysWhole() throws {
        let s = try scene()
        let first = ViewController(id: "first")
        let second = ViewController(id: "second")
        try s.nav.pushViewController(first, animated: true)
        var completions: [Bool] = []
        #expect(throws: TransitionError.transitionInProgress(viewController: "second")) {
            try s.nav.pushViewController(second, animated: true) { completions.append($0) }
        }
        try s.f.advance(0.1)
        #expect(throws: TransitionError.transitionInProgress(viewController: "list")) {
            try s.nav.popViewController(animated: true) { completions.append($0) }
        }
        #expect(completions == [false, false])
        try s.f.advance(0.4)
        #expect(s.nav.viewControllers.map(\.id) == ["list", "first"])
        #expect(s.nav.children.map(\.id) == ["list", "first"])
        #expect(second.parent == nil)
        #expect(s.nav.view.subviews.map(\.id) == ["first"])
    }

    @Test func whatCannotBePushedOrPoppedIsRefusedWithItsName() throws {
        let s = try scene()
        var completions: [Bool] = []
        #expect(throws: TransitionError.alreadyPresented(viewController: "list")) {
            try s.nav.pushViewController(s.list, animated: true) { completions.append($0) }
        }
        let other = NavigationController(id: "other", rootViewController: ViewController(id: "inner"))
        #expect(throws: TransitionError.pushingNavigationController(viewController: "other")) {
            try s.nav.pushViewController(other, animated: true) { completions.append($0) }
        }
        #expect(try s.nav.popViewController(animated: true) { completions.append($0) } == nil)
        #expect(try s.nav.popToRootViewController(animated: true) { completions.append($0) }.isEmpty)
        let stranger = ViewController(id: "stranger")
        #expect(throws: TransitionError.notInNavigationStack(viewController: "stranger", navigationController: "nav")) {
            try s.nav.popToViewController(stranger, animated: true) { completions.append($0) }
        }
        let offscreen = NavigationController(id: "offscreen", rootViewController: ViewController(id: "a"))
        #expect(throws: TransitionError.notInWindow(viewController: "offscreen")) {
            try offscreen.pushViewController(ViewController(id: "b"), animated: true) { completions.append($0) }
        }
        #expect(completions == [false, false, false, false, false, false])
        try s.f.advance(1)
        #expect(s.f.events.isEmpty)
        #expect(s.nav.viewControllers.map(\.id) == ["list"])
        #expect(TransitionError.pushingNavigationController(viewController: "other").description
            == "cannot push navigation controller 'other': a navigation controller cannot be pushed; push its top view controller instead")
    }

    @Test func popToRootAnimatesOnlyTheTopAndReleasesEveryPoppedChild() throws {
        let s = try scene()
        let a = RecordingViewController(id: "a", log: s.log)
        let b = RecordingViewController(id: "b", log: s.log)
        try s.nav.pushViewController(a, animated: false)
        try s.f.advance(tick)
        try s.nav.pushViewController(b, animated: false)
        try s.f.advance(tick)
        s.log.clear()
        let popped = try s.nav.popToRootViewController(animated: true)
        #expect(popped.map(\.id) == ["a", "b"])
        try s.f.advance(tick)
        #expect(try #require(b.view.superview).subviews.map(\.id) == ["list", "b"])
        try s.f.advance(0.4)
        #expect(s.nav.viewControllers.map(\.id) == ["list"])
        #expect(s.nav.children.map(\.id) == ["list"])
        #expect(a.parent == nil && b.parent == nil)
        #expect(s.log.entries == [
            "b.willMove(nil)", "a.willMove(nil)", "b.willDisappear", "list.willAppear",
            "b.didMove(nil)", "a.didMove(nil)", "b.didDisappear", "list.didAppear",
        ])
    }

    @Test func aCancelledInteractivePopRestoresTheStackAndEveryProperty() throws {
        let s = try scene()
        let detail = RecordingViewController(id: "detail", log: s.log)
        try s.nav.pushViewController(detail, animated: false)
        try s.f.advance(tick)
        let interaction = PercentDrivenInteractiveTransition()
        let delegate = LoggingNavigationDelegate(log: s.log, animator: SlideAnimator(duration: 1), interaction: interaction)
        s.nav.delegate = delegate
        s.log.clear()
        var completions: [Bool] = []
        try s.nav.popViewController(animated: true) { completions.append($0) }
        try s.f.advance(tick)
        interaction.update(0.4)
        try s.f.advance(tick)
        #expect(close(detail.view.presentation.frame.minX, 156))
        interaction.cancel()
        try s.f.advance(1)
        #expect(completions == [false])
        #expect(s.nav.viewControllers.map(\.id) == ["list", "detail"])
        #expect(s.nav.children.map(\.id) == ["list", "detail"])
        #expect(detail.parent === s.nav)
        #expect(s.nav.view.subviews.map(\.id) == ["detail"])
        #expect(detail.view.frame == content)
        #expect(detail.view.presentation.frame == content)
        #expect(s.list.view.superview == nil)
        #expect(detail.appearanceState == .appeared && s.list.appearanceState == .disappeared)
        #expect(s.log.entries == [
            "detail.willMove(nil)", "delegate.animationController(pop, detail → list)",
            "delegate.interactionController", "detail.willDisappear", "list.willAppear",
            "delegate.willShow(list)", "detail.didMove(nav)", "list.willDisappear", "list.didDisappear",
            "detail.willAppear", "detail.didAppear",
        ])
    }

    @Test func aDelegateThatThrowsEndsThePushBeforeItStartsAndLeavesNothingBehind() throws {
        let s = try scene()
        let delegate = LoggingNavigationDelegate(log: s.log)
        delegate.failsToVend = true
        s.nav.delegate = delegate
        let detail = RecordingViewController(id: "detail", log: s.log)
        var completions: [Bool] = []
        try s.nav.pushViewController(detail, animated: true) { completions.append($0) }
        try s.f.advance(tick)
        #expect(completions == [false])
        #expect(s.nav.viewControllers.map(\.id) == ["list"])
        #expect(s.nav.children.map(\.id) == ["list"])
        #expect(detail.parent == nil)
        #expect(s.nav.view.subviews.map(\.id) == ["list"])
        #expect(s.f.diagnostics.map(\.message) == ["animationControllerForOperation threw: no animator today"])
        #expect(s.f.diagnostics.map(\.object) == ["navDelegate"])
        #expect(s.log.entries == [
            "detail.willMove(nav)", "delegate.animationController(push, list → detail)", "detail.willMove(nil)",
            "detail.didMove(nil)",
        ])
    }

    @Test func aChildOfTheNavigationStackPresentsFromTheNavigationController() throws {
        let s = try scene()
        let sheet = ViewController(id: "sheet")
        sheet.modalPresentationStyle = .fullScreen
        var completed: Bool?
        try s.list.present(sheet, animated: false) { completed = $0 }
        try s.f.advance(tick)
        #expect(completed == true)
        #expect(sheet.presentingViewController === s.nav)
        #expect(s.nav.presentedViewController === sheet)
        #expect(s.nav.visibleViewController === sheet)
        #expect(s.nav.topViewController === s.list)
        // The child reports what its container presents (UIKit's rule).
        #expect(s.list.presentedViewController === sheet)

        // Dismissed from the child, as UIKit does: the container's presentation ends.
        try s.list.dismiss(animated: false) { completed = $0 }
        try s.f.advance(tick)
        #expect(completed == true)
        #expect(s.nav.presentedViewController == nil)
        #expect(s.list.presentedViewController == nil)
        #expect(sheet.presentingViewController == nil)
        #expect(s.list.view.window === s.f.window)
    }

    @Test func aChildWhoseContainerPresentsCannotPresentAgain() throws {
        let s = try scene()
        let sheet = ViewController(id: "sheet")
        sheet.modalPresentationStyle = .overFullScreen
        try s.list.present(sheet, animated: false)
        try s.f.advance(tick)
        #expect(s.list.presentedViewController === sheet)
        // As UIKit refuses it: the child is already presenting, through its container.
        var completed: Bool?
        #expect(throws: TransitionError.alreadyPresenting(viewController: "list", presented: "sheet", top: "sheet")) {
            try s.list.present(ViewController(id: "other"), animated: false) { completed = $0 }
        }
        #expect(completed == false)
        #expect(s.nav.presentedViewController === sheet)
        #expect(sheet.presentedViewController == nil)
    }

    // MARK: setViewControllers

    @Test func setViewControllersOffScreenOrBelowTheTopChangesTheStackAtOnce() throws {
        let log = EventLog()
        let a = RecordingViewController(id: "a", log: log)
        let b = RecordingViewController(id: "b", log: log)
        let offscreen = NavigationController(id: "offscreen", rootViewController: a)
        var completions: [Bool] = []
        try offscreen.setViewControllers([a, b], animated: true) { completions.append($0) }
        #expect(offscreen.viewControllers.map(\.id) == ["a", "b"])
        #expect(offscreen.children.map(\.id) == ["a", "b"])
        #expect(offscreen.view.subviews.map(\.id) == ["b"])

        let s = try scene()
        let below = RecordingViewController(id: "below", log: s.log)
        try s.nav.setViewControllers([below, s.list], animated: true) { completions.append($0) }
        #expect(completions == [true, true])
        #expect(s.nav.viewControllers.map(\.id) == ["below", "list"])
        #expect(s.nav.view.subviews.map(\.id) == ["list"])
        #expect(s.log.entries == ["below.willMove(nav)", "below.didMove(nav)"])
        try s.f.advance(1)
        #expect(s.f.events.isEmpty)
    }

    @Test func setViewControllersAnimatesOnlyTheChangeOfTheTop() throws {
        let s = try scene()
        let a = RecordingViewController(id: "a", log: s.log)
        let b = RecordingViewController(id: "b", log: s.log)
        try s.nav.setViewControllers([s.list, a, b], animated: true)
        #expect(s.nav.viewControllers.map(\.id) == ["list"])
        try s.f.advance(tick)
        #expect(s.nav.children.map(\.id) == ["list", "a", "b"])
        #expect(try #require(b.view.superview).subviews.map(\.id) == ["list", "b"])
        #expect(!a.isViewLoaded)
        try s.f.advance(0.4)
        #expect(s.nav.viewControllers.map(\.id) == ["list", "a", "b"])
        #expect(s.log.entries == [
            "a.willMove(nav)", "b.willMove(nav)", "list.willDisappear", "b.willAppear",
            "a.didMove(nav)", "b.didMove(nav)", "list.didDisappear", "b.didAppear",
        ])
        // Back to a stack whose top was below: a pop that releases the others.
        s.log.clear()
        let c = RecordingViewController(id: "c", log: s.log)
        try s.nav.setViewControllers([c, a], animated: true)
        try s.f.advance(0.5)
        #expect(s.nav.viewControllers.map(\.id) == ["c", "a"])
        #expect(s.nav.children.map(\.id) == ["a", "c"])
        #expect(s.list.parent == nil && b.parent == nil)
        #expect(s.log.entries == [
            "c.willMove(nav)", "b.willMove(nil)", "list.willMove(nil)", "b.willDisappear", "a.willAppear",
            "c.didMove(nav)", "b.didMove(nil)", "list.didMove(nil)", "b.didDisappear", "a.didAppear",
        ])
        let began = s.f.events.compactMap { event -> TransitionKind? in
            if case .began(_, let kind, _, _, _) = event { return kind }
            return nil
        }
        #expect(began == [.push, .pop])
    }

    @Test func setViewControllersRefusesWhatCannotBeInAStack() throws {
        let s = try scene()
        var completions: [Bool] = []
        #expect(throws: TransitionError.emptyNavigationStack(navigationController: "nav")) {
            try s.nav.setViewControllers([], animated: true) { completions.append($0) }
        }
        let a = ViewController(id: "a")
        #expect(throws: TransitionError.alreadyPresented(viewController: "a")) {
            try s.nav.setViewControllers([a, s.list, a], animated: true) { completions.append($0) }
        }
        let other = NavigationController(id: "other")
        #expect(throws: TransitionError.pushingNavigationController(viewController: "other")) {
            try s.nav.setViewControllers([s.list, other], animated: true) { completions.append($0) }
        }
        #expect(completions == [false, false, false])
        #expect(s.nav.viewControllers.map(\.id) == ["list"])
        #expect(a.parent == nil)
        #expect(TransitionError.emptyNavigationStack(navigationController: "nav").description
            == "navigation controller 'nav' cannot have an empty stack: give it at least one view controller")
    }

    // MARK: The edge swipe

    /// `scene()` with `detail` pushed (not animated) and the clock past it.
    func pushed() throws -> (Scene, RecordingViewController) {
        let s = try scene()
        let detail = RecordingViewController(id: "detail", log: s.log)
        try s.nav.pushViewController(detail, animated: false)
        try s.f.advance(tick)
        s.log.clear()
        s.f.clearEvents()
        return (s, detail)
    }

    /// Drags from the left edge to `x` in `steps` events `tick` apart, then releases.
    func swipe(_ s: Scene, to x: Double, steps: Int = 4, release: PanPhase = .ended) throws {
        #expect(try s.f.window.sendPan(.began, at: Point(x: 10, y: 400)))
        for step in 1...steps {
            try s.f.advance(tick)
            try s.f.window.sendPan(.changed, at: Point(x: 10 + (x - 10) * Double(step) / Double(steps), y: 400))
        }
        try s.f.advance(tick)
        try s.f.window.sendPan(release, at: Point(x: x, y: 400))
    }

    @Test func theEdgeSwipeDrivesTheBuiltInSlideAndCancelsShortOfHalfWay() throws {
        let (s, detail) = try pushed()
        #expect(s.nav.interactivePopGestureRecognizer.view === s.nav.view)
        #expect(try s.f.window.sendPan(.began, at: Point(x: 10, y: 400)))
        try s.f.advance(tick)
        try s.f.window.sendPan(.changed, at: Point(x: 10 + 195, y: 400))
        try s.f.advance(tick)
        // Half way: the top view is half out to the right, the one below at −0.3 × 390 × 0.5.
        #expect(close(detail.view.presentation.frame.minX, 195))
        #expect(close(s.list.view.presentation.frame.minX, -58.5))
        #expect(s.nav.transitionCoordinator?.isInteractive == true)
        // Slowly back to 0.4 of the width, then released: cancelled.
        for step in 1...10 {
            try s.f.advance(0.05)
            try s.f.window.sendPan(.changed, at: Point(x: 205 - Double(step) * 4.2, y: 400))
        }
        try s.f.advance(0.05)
        try s.f.window.sendPan(.ended, at: Point(x: 163, y: 400))
        try s.f.advance(1)
        #expect(s.nav.viewControllers.map(\.id) == ["list", "detail"])
        #expect(s.nav.children.map(\.id) == ["list", "detail"])
        #expect(s.nav.view.subviews.map(\.id) == ["detail"])
        #expect(detail.view.presentation.frame == content)
        #expect(s.list.view.superview == nil)
        #expect(s.log.entries == [
            "detail.willMove(nil)", "detail.willDisappear", "list.willAppear", "detail.didMove(nav)",
            "list.willDisappear", "list.didDisappear", "detail.willAppear", "detail.didAppear",
        ])
    }

    @Test func theEdgeSwipeFinishesPastHalfWayOrWithAFlick() throws {
        let (s, detail) = try pushed()
        try swipe(s, to: 10 + 0.6 * 390)
        try s.f.advance(1)
        #expect(s.nav.viewControllers.map(\.id) == ["list"])
        #expect(detail.parent == nil)
        #expect(s.list.view.frame == content)

        // A short flick: 0.2 of the width in 4 / 120 s is far faster than 500 pt/s.
        let (t, other) = try pushed()
        try swipe(t, to: 10 + 0.2 * 390)
        try t.f.advance(1)
        #expect(t.nav.viewControllers.map(\.id) == ["list"])
        #expect(other.parent == nil)
    }

    @Test func aSwipeReleasedBeforeThePopBeginsStillEndsAsItWasReleased() throws {
        let (s, _) = try pushed()
        #expect(try s.f.window.sendPan(.began, at: Point(x: 10, y: 400)))
        try s.f.window.sendPan(.changed, at: Point(x: 40, y: 400))
        try s.f.window.sendPan(.cancelled, at: Point(x: 40, y: 400))
        try s.f.advance(1)
        #expect(s.nav.viewControllers.map(\.id) == ["list", "detail"])
        #expect(s.f.events.contains { if case .ended(_, false) = $0 { true } else { false } })
    }

    @Test func theEdgeSwipeBeginsOnlyAtTheLeftEdgeOfAStackOfTwoOrMore() throws {
        let s = try scene()
        #expect(try s.f.window.sendPan(.began, at: Point(x: 10, y: 400)) == false)
        let (t, _) = try pushed()
        #expect(try t.f.window.sendPan(.began, at: Point(x: 30, y: 400)) == false)
        #expect(try t.f.window.sendPan(.began, at: Point(x: 20, y: 400)))
        try t.f.window.sendPan(.ended, at: Point(x: 20, y: 400))
        try t.f.advance(1)
        #expect(t.nav.viewControllers.map(\.id) == ["list", "detail"])
    }

    @Test func theEdgeSwipeDrivesTheDelegatesAnimator() throws {
        let (s, detail) = try pushed()
        s.nav.delegate = LoggingNavigationDelegate(log: s.log, animator: SlideAnimator(duration: 1))
        #expect(try s.f.window.sendPan(.began, at: Point(x: 10, y: 400)))
        try s.f.advance(tick)
        try s.f.window.sendPan(.changed, at: Point(x: 10 + 0.25 * 390, y: 400))
        try s.f.advance(tick)
        // SlideAnimator moves the popped view out linearly over the width.
        #expect(close(detail.view.presentation.frame.minX, 97.5))
        try s.f.advance(0.2)
        try s.f.window.sendPan(.ended, at: Point(x: 10 + 0.25 * 390, y: 400))
        try s.f.advance(2)
        #expect(s.nav.viewControllers.map(\.id) == ["list", "detail"])
        #expect(s.f.trace.contains("startInteractiveTransition(InteractivePop)"))
        #expect(s.f.trace.contains("animationControllerForOperation(navDelegate)"))
    }
}
