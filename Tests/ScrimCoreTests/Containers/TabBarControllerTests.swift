import Testing
@testable import ScrimCore
import ScrimTestSupport

/// A tab bar delegate that logs its calls, refuses the tabs it is told to, and vends an animator.
@MainActor
final class LoggingTabBarDelegate: TabBarControllerDelegate, NamedTransitionRole {
    let log: EventLog
    var animator: (any AnimatedTransitioning)?
    var refused: Set<String> = []
    let roleName = "tabDelegate"

    init(log: EventLog, animator: (any AnimatedTransitioning)? = nil) {
        self.log = log
        self.animator = animator
    }

    func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) throws -> Bool {
        log.add("delegate.shouldSelect(\(viewController.id))")
        return !refused.contains(viewController.id)
    }

    func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController) throws {
        log.add("delegate.didSelect(\(viewController.id))")
    }

    func tabBarController(
        _ tabBarController: TabBarController, animationControllerForTransitionFrom fromViewController: ViewController,
        to toViewController: ViewController
    ) throws -> (any AnimatedTransitioning)? {
        log.add("delegate.animationController(\(fromViewController.id) → \(toViewController.id))")
        return animator
    }
}

/// An animator that records the context's operation and slides the new tab in from the right
/// over 1 s, linearly.
@MainActor
final class OperationRecordingAnimator: AnimatedTransitioning {
    var operations: [TransitionOperation] = []

    func transitionDuration(using context: TransitionContext?) throws -> Double { 1 }

    func animateTransition(using context: TransitionContext) throws {
        operations.append(context.operation)
        let view = context.view(forKey: .to)!
        let final = context.finalFrame(for: context.viewController(forKey: .to)!)
        context.containerView.addSubview(view)
        View.performWithoutAnimation { view.frame = final.offsetBy(dx: final.width, dy: 0) }
        try View.animate(withDuration: 1, options: .curveLinear, animations: { view.frame = final }) { _ in
            context.completeTransition(!context.transitionWasCancelled)
        }
    }
}

/// Docs/Containers.md, "TabBarController": switches at once or animated, users' selections and the
/// delegate, refusals.
@MainActor @Suite struct TabBarControllerTests {
    let tick = 1.0 / 60
    let content = Rect(x: 0, y: 0, width: 390, height: 844)

    struct Scene {
        let f: TransitionFixture
        let log: EventLog
        let tabs: TabBarController
        let a: RecordingViewController
        let b: RecordingViewController
    }

    func scene() throws -> Scene {
        let f = try TransitionFixture()
        let log = EventLog()
        let a = RecordingViewController(id: "a", log: log)
        let b = RecordingViewController(id: "b", log: log)
        let tabs = TabBarController(id: "tabs", viewControllers: [a, b])
        f.window.rootViewController = tabs
        log.clear()
        f.clearEvents()
        return Scene(f: f, log: log, tabs: tabs, a: a, b: b)
    }

    @Test func theFirstTabIsSelectedAndFillsTheTabBarController() throws {
        let s = try scene()
        #expect(s.tabs.selectedIndex == 0)
        #expect(s.tabs.selectedViewController === s.a)
        #expect(s.tabs.children.map(\.id) == ["a", "b"])
        #expect(s.tabs.view.subviews.map(\.id) == ["a"])
        #expect(s.a.view.frame == content)
        #expect(s.a.appearanceState == .appeared && s.b.appearanceState == .disappeared)
    }

    @Test func aSelectionFromCodeWithoutAnimatorSwitchesAtOnceOnTheNextTick() throws {
        let s = try scene()
        let delegate = LoggingTabBarDelegate(log: s.log)
        s.tabs.delegate = delegate
        var completions: [Bool] = []
        try s.tabs.setSelectedIndex(1) { completions.append($0) }
        #expect(s.tabs.selectedIndex == 0)
        try s.f.advance(tick)
        #expect(completions == [true])
        #expect(s.tabs.selectedIndex == 1)
        #expect(s.tabs.view.subviews.map(\.id) == ["b"])
        #expect(s.b.view.frame == content)
        #expect(s.a.view.superview == nil)
        #expect(s.log.entries == [
            "delegate.animationController(a → b)", "a.willDisappear", "b.willAppear", "a.didDisappear", "b.didAppear",
        ])
    }

    @Test func anAnimatedSwitchRunsInAContainerWithTheTabOperation() throws {
        let s = try scene()
        let animator = OperationRecordingAnimator()
        s.tabs.delegate = LoggingTabBarDelegate(log: s.log, animator: animator)
        var completions: [Bool] = []
        try s.tabs.selectTab(at: 1) { completions.append($0) }
        try s.f.advance(tick)
        let container = try #require(s.a.view.superview)
        #expect(container.id == "tabs.transition")
        #expect(container.subviews.map(\.id) == ["a", "b"])
        #expect(animator.operations == [.tab])
        try s.f.advance(0.5)
        #expect(abs(s.b.view.presentation.frame.minX - 195) < 1e-6)
        #expect(s.tabs.selectedIndex == 0)
        try s.f.advance(0.5)
        #expect(completions == [true])
        #expect(s.tabs.selectedIndex == 1)
        #expect(s.tabs.view.subviews.map(\.id) == ["b"])
        #expect(s.log.entries == [
            "delegate.shouldSelect(b)", "delegate.animationController(a → b)", "a.willDisappear", "b.willAppear",
            "a.didDisappear", "b.didAppear", "delegate.didSelect(b)",
        ])
        let kinds = s.f.events.compactMap { event -> TransitionKind? in
            if case .began(_, let kind, "a", "b", false) = event { return kind }
            return nil
        }
        #expect(kinds == [.tab])
    }

    @Test func shouldSelectIsAskedForUsersOnlyAndARefusalChangesNothing() throws {
        let s = try scene()
        let delegate = LoggingTabBarDelegate(log: s.log)
        delegate.refused = ["b"]
        s.tabs.delegate = delegate
        var completions: [Bool] = []
        #expect(try s.tabs.selectTab(at: 1) { completions.append($0) } == false)
        try s.f.advance(tick)
        #expect(s.tabs.selectedIndex == 0)
        #expect(s.f.events.isEmpty)
        // Code is not asked.
        try s.tabs.setSelectedIndex(1) { completions.append($0) }
        try s.f.advance(tick)
        #expect(s.tabs.selectedIndex == 1)
        // The selected tab, tapped again: asked and told, nothing moves.
        s.log.clear()
        delegate.refused = []
        #expect(try s.tabs.selectTab(at: 1) { completions.append($0) })
        #expect(completions == [false, true, true])
        #expect(s.log.entries == ["delegate.shouldSelect(b)", "delegate.didSelect(b)"])
    }

    @Test func aSelectionThatCannotBeMadeIsRefusedWithItsReason() throws {
        let s = try scene()
        var completions: [Bool] = []
        #expect(throws: TransitionError.tabIndexOutOfRange(index: 2, count: 2, tabBarController: "tabs")) {
            try s.tabs.setSelectedIndex(2) { completions.append($0) }
        }
        try s.tabs.setSelectedIndex(1)
        #expect(throws: TransitionError.transitionInProgress(viewController: "a")) {
            try s.tabs.selectTab(at: 0) { completions.append($0) }
        }
        #expect(completions == [false, false])
        #expect(TransitionError.tabIndexOutOfRange(index: 2, count: 2, tabBarController: "tabs").description
            == "tab bar controller 'tabs' has no tab 2: its tabs are 0…1")
        #expect(TransitionError.tabIndexOutOfRange(index: 0, count: 0, tabBarController: "empty").description
            == "tab bar controller 'empty' has no tab 0: it has no tabs")
        // Off screen, a selection is made at once.
        let offscreen = TabBarController(id: "offscreen", viewControllers: [ViewController(id: "x"), ViewController(id: "y")])
        try offscreen.setSelectedIndex(1) { completions.append($0) }
        #expect(offscreen.selectedIndex == 1)
        #expect(offscreen.view.subviews.map(\.id) == ["y"])
        #expect(completions == [false, false, true])
    }

    @Test func aChildOfATabPresentsFromTheTabBarController() throws {
        let s = try scene()
        let sheet = ViewController(id: "sheet")
        sheet.modalPresentationStyle = .fullScreen
        try s.a.present(sheet, animated: false)
        try s.f.advance(tick)
        #expect(sheet.presentingViewController === s.tabs)
    }
}
