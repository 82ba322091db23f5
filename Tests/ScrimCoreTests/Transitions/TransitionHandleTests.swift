import Testing
import ScrimCore
import ScrimTestSupport

/// Docs/Embedding.md, "Reading what is on screen" (handles): each operation that queues a
/// transition returns it, with the id its events carry; one that changes things at once returns
/// nil.
@MainActor @Suite struct TransitionHandleTests {
    /// The ids the window's `began` events carry, in order.
    private func began(_ f: TransitionFixture) -> [Int] {
        f.events.compactMap { event in
            if case .began(let transition, _, _, _, _) = event { return transition }
            return nil
        }
    }

    @Test func presentAndDismissReturnTheTransitionsTheyQueued() throws {
        let f = try TransitionFixture()
        let details = ViewController(id: "details")
        let presentation = try f.root.present(details, animated: true)
        #expect(presentation.kind == .presentation)
        #expect(f.window.transitionStatuses.map(\.id) == [presentation.id])
        try f.advance(1)
        let dismissal = try details.dismiss(animated: true)
        #expect(dismissal.kind == .dismissal && dismissal.id == presentation.id + 1)
        try f.advance(1)
        #expect(began(f) == [presentation.id, dismissal.id])
    }

    @Test func navigationShowAndTabsReturnTheirTransitionsOrNil() throws {
        // Regular width: the split view controller is expanded.
        let f = try TransitionFixture(size: Size(width: 1024, height: 768))
        let nav = NavigationController(id: "nav", rootViewController: ViewController(id: "home"))
        let split = SplitViewController(id: "split", viewControllers: [ViewController(id: "primary")])
        let tabs = TabBarController(id: "tabs", viewControllers: [nav, split])
        f.window.rootViewController = tabs

        let push = try nav.pushViewController(ViewController(id: "first"), animated: true)
        #expect(push.kind == .push)
        try f.advance(1)
        let shown = try nav.viewControllers[1].show(ViewController(id: "second"), sender: nil)
        #expect(shown.kind == .push && shown.id == push.id + 1)
        try f.advance(1)
        let pop = try nav.pop(downTo: 0, animated: true)
        #expect(pop.popped.map(\.id) == ["first", "second"] && pop.transition?.kind == .pop)
        try f.advance(1)
        // The root popped: nothing to pop, no transition.
        let none = try nav.pop(downTo: -1, animated: true)
        #expect(none.popped.isEmpty && none.transition == nil)

        // The selected tab: no switch; another tab: a switch.
        #expect(try tabs.select(0, byUser: true).transition == nil)
        let tab = try tabs.select(1, byUser: true)
        #expect(tab.accepted && tab.transition?.kind == .tab)
        try f.advance(1)
        // A split's secondary is replaced at once.
        #expect(try split.viewControllers[0].showDetailViewController(ViewController(id: "detail"), sender: nil) == nil)
        // Off screen, a stack changes at once.
        let offScreen = NavigationController(id: "offScreen", rootViewController: ViewController(id: "a"))
        #expect(try offScreen.setViewControllers([ViewController(id: "b")], animated: true) == nil)

        let ids = [push.id, shown.id, pop.transition!.id, tab.transition!.id]
        #expect(began(f) == ids)
    }

    @Test func aSegueKnowsTheTransitionItsPerformQueued() throws {
        let f = try TransitionFixture()
        let storyboard = Storyboard()
        storyboard.register(viewController: "details") { ViewController(id: $0) }
        f.root.storyboard = storyboard
        f.root.segueTemplates = [SegueTemplate(identifier: "open", kind: .present, destination: "details")]
        let segue = try f.root.performSegue(withIdentifier: "open", sender: nil)
        let transition = try #require(segue.transition)
        #expect(transition.kind == .presentation)
        try f.advance(1)
        #expect(began(f) == [transition.id])
        #expect(f.root.presentedViewController === segue.destination)
    }
}
