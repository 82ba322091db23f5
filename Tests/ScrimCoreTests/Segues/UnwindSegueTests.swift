import Testing
@testable import ScrimCore
import ScrimTestSupport

/// Docs/Segues.md, "Unwind segues": the search outwards from the source, the action run before
/// anything moves, then one unwind transition (dismissals, animating only the top; stacks popped).
@MainActor @Suite struct UnwindSegueTests {
    let tick = 1.0 / 60

    /// Registers the unwind action `name` on `controller`, logging what it sees when it runs.
    func registerDone(_ name: String = "done", on controller: ViewController, log: EventLog) {
        // Unowned: the view controller keeps its actions (a strong capture would be a cycle).
        controller.registerUnwindAction(name) { [unowned controller] segue in
            log.add("\(controller.id).\(name)(from \(segue.source.id), presents \(controller.presentedViewController?.id ?? "nil"))")
        }
    }

    @Test func theSearchGoesUpParentsThenPresentersWithEachContainersOtherChildrenFromTheTop() throws {
        let f = try TransitionFixture()
        let a = ViewController(id: "a"), b = ViewController(id: "b")
        let nav = NavigationController(id: "nav", rootViewController: a)
        let settings = ViewController(id: "settings")
        let tabs = TabBarController(id: "tabs", viewControllers: [nav, settings])
        f.window.rootViewController = tabs
        try nav.pushViewController(b, animated: false)
        try f.advance(tick)
        let x = ViewController(id: "x"), y = ViewController(id: "y")
        let sheetNav = NavigationController(id: "sheetNav", rootViewController: x)
        sheetNav.modalPresentationStyle = .fullScreen
        try b.present(sheetNav, animated: false)
        try f.advance(tick)
        try sheetNav.pushViewController(y, animated: false)
        try f.advance(tick)
        #expect(tabs.presentedViewController === sheetNav)

        #expect(y.unwindCandidates().map(\.id) == ["x", "sheetNav", "b", "a", "nav", "settings", "tabs"])
        #expect(x.unwindCandidates().map(\.id) == ["y", "sheetNav", "b", "a", "nav", "settings", "tabs"])
        #expect(b.unwindCandidates().map(\.id) == ["a", "nav", "settings", "tabs"])
    }

    @Test func anUnwindAcrossAPresentedStackRunsTheActionFirstThenDismisses() throws {
        let f = try TransitionFixture()
        let log = EventLog()
        let home = SegueRecordingViewController(id: "home", log: log)
        f.window.rootViewController = home
        registerDone(on: home, log: log)
        let x = ViewController(id: "x")
        let y = SegueRecordingViewController(id: "y", log: log)
        y.segueTemplates = [SegueTemplate(identifier: "close", kind: .unwind, trigger: "y.close", action: "done")]
        let sheetNav = NavigationController(id: "sheetNav", rootViewController: x)
        sheetNav.modalPresentationStyle = .fullScreen
        try home.present(sheetNav, animated: false)
        try f.advance(tick)
        try sheetNav.pushViewController(y, animated: false)
        try f.advance(tick)
        f.clearEvents()

        var completions: [Bool] = []
        let segue = try y.performSegue(withIdentifier: "close", sender: nil) { completions.append($0) }
        #expect(segue.kind == .unwind && segue.destination === home && segue.action == "done")
        // prepare on the source, then the destination's action while nothing has moved yet.
        #expect(log.entries == ["y.prepare(close, home, inWindow: true)", "home.done(from y, presents sheetNav)"])
        try f.advance(1)
        #expect(completions == [true])
        #expect(home.presentedViewController == nil)
        #expect(f.window.subviews.map(\.id) == ["home"])
        #expect(f.events.filter { if case .began = $0 { true } else { false } }.count == 1)
    }

    @Test func anUnwindDismissesAChainAnimatingOnlyTheTopThenPopsTheStack() throws {
        let f = try TransitionFixture()
        let log = EventLog()
        let a = ViewController(id: "a"), b = ViewController(id: "b")
        let nav = NavigationController(id: "nav", rootViewController: a)
        f.window.rootViewController = nav
        registerDone(on: a, log: log)
        try nav.pushViewController(b, animated: false)
        try f.advance(tick)
        let first = ViewController(id: "first"), second = ViewController(id: "second")
        first.modalPresentationStyle = .fullScreen
        second.modalPresentationStyle = .fullScreen
        second.segueTemplates = [SegueTemplate(identifier: "back", kind: .unwind, action: "done")]
        try b.present(first, animated: false)
        try f.advance(tick)
        try first.present(second, animated: false)
        try f.advance(tick)
        f.clearEvents()

        var completions: [Bool] = []
        try second.performSegue(withIdentifier: "back", sender: nil) { completions.append($0) }
        // `a` is nav's child: it reports what nav presents, as UIKit's does.
        #expect(log.entries == ["a.done(from second, presents first)"])
        try f.advance(2)
        #expect(completions == [true])
        #expect(nav.presentedViewController == nil)
        #expect(nav.viewControllers.map(\.id) == ["a"])
        #expect(f.window.subviews.map(\.id) == ["nav"])
        let kinds = f.events.compactMap { event -> String? in
            if case .began(_, let kind, let from, let to, _) = event { return "\(kind.rawValue) \(from) → \(to)" }
            return nil
        }
        #expect(kinds == ["dismissal second → nav", "pop b → a"])
        let animated = f.trace.filter { $0.hasPrefix("animateTransition") }
        #expect(animated.count == 2, "one dismissal (the top only) and one pop: \(animated)")
    }

    @Test func anUnwindWithinAStackPopsToTheDestination() throws {
        let f = try TransitionFixture()
        let log = EventLog()
        let a = ViewController(id: "a"), b = ViewController(id: "b"), c = ViewController(id: "c")
        let nav = NavigationController(id: "nav", rootViewController: a)
        f.window.rootViewController = nav
        registerDone(on: a, log: log)
        registerDone("other", on: b, log: log)
        try nav.setViewControllers([a, b, c], animated: false)
        try f.advance(tick)
        c.segueTemplates = [SegueTemplate(identifier: "back", kind: .unwind, action: "done")]
        var completions: [Bool] = []
        try c.performSegue(withIdentifier: "back", sender: nil) { completions.append($0) }
        try f.advance(tick + 0.175)
        #expect(nav.viewControllers.map(\.id) == ["a", "b", "c"], "the stack changes when the pop completes")
        #expect(abs(c.view.presentation.frame.minX - 195) < 1e-6, "the built-in slide, half way")
        try f.advance(0.2)
        #expect(completions == [true])
        #expect(nav.viewControllers.map(\.id) == ["a"])
        #expect(log.entries == ["a.done(from c, presents nil)"])
    }

    @Test func noDestinationOrAFailingActionChangesNothing() throws {
        let f = try TransitionFixture()
        let log = EventLog()
        let a = ViewController(id: "a"), b = ViewController(id: "b")
        let nav = NavigationController(id: "nav", rootViewController: a)
        f.window.rootViewController = nav
        try nav.pushViewController(b, animated: false)
        try f.advance(tick)
        b.segueTemplates = [
            SegueTemplate(identifier: "back", kind: .unwind, action: "done"),
            SegueTemplate(identifier: "broken", kind: .unwind, action: "explode"),
        ]
        struct Boom: Error, CustomStringConvertible { var description: String { "boom" } }
        a.registerUnwindAction("explode") { _ in throw Boom() }

        var completions: [Bool] = []
        #expect(throws: TransitionError.noUnwindDestination(identifier: "back", action: "done", source: "b")) {
            try b.performSegue(withIdentifier: "back", sender: nil) { completions.append($0) }
        }
        #expect(
            TransitionError.noUnwindDestination(identifier: "back", action: "done", source: "b").description
                == "unwind segue 'back' from 'b' found no view controller that handles 'done': nothing changed")
        #expect(throws: TransitionError.segueFailed(identifier: "broken", message: "unwind action 'explode' of 'a' threw: boom")) {
            try b.performSegue(withIdentifier: "broken", sender: nil) { completions.append($0) }
        }
        #expect(completions == [false, false])
        try f.advance(1)
        #expect(nav.viewControllers.map(\.id) == ["a", "b"])
        #expect(!f.window.isTransitioning)
        #expect(log.entries.isEmpty)
    }

    @Test func canPerformUnwindSegueActionCanBeOverridden() throws {
        final class Picky: ViewController {
            override func canPerformUnwindSegueAction(_ action: String, from fromViewController: ViewController, sender: AnyObject?) -> Bool {
                action == "pick" && fromViewController.id == "c"
            }
        }
        let f = try TransitionFixture()
        let picky = Picky(id: "picky")
        let nav = NavigationController(id: "nav", rootViewController: picky)
        f.window.rootViewController = nav
        let c = ViewController(id: "c")
        try nav.pushViewController(c, animated: false)
        try f.advance(tick)
        #expect(c.unwindDestination(for: "pick", sender: nil) === picky)
        #expect(c.unwindDestination(for: "other", sender: nil) == nil)
    }
}
