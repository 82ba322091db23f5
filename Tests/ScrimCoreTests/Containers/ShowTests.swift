import Testing
@testable import ScrimCore
import ScrimTestSupport

/// `show` and `showDetailViewController` through `targetViewController(forAction:sender:)`
/// (Docs/Containers.md, "show and showDetailViewController").
@MainActor @Suite struct ShowTests {
    let tick = 1.0 / 60

    @Test func showPushesOnTheNearestNavigationController() throws {
        let f = try TransitionFixture()
        let list = ViewController(id: "list")
        let nav = NavigationController(id: "nav", rootViewController: list)
        f.window.rootViewController = nav
        #expect(list.targetViewController(forAction: .show, sender: nil) === nav)
        #expect(list.targetViewController(forAction: .showDetail, sender: nil) == nil)
        let detail = ViewController(id: "detail")
        var completions: [Bool] = []
        try list.show(detail, sender: list) { completions.append($0) }
        try f.advance(0.5)
        #expect(completions == [true])
        #expect(nav.viewControllers.map(\.id) == ["list", "detail"])
        #expect(detail.presentingViewController == nil)
    }

    @Test func showWithoutANavigationControllerPresentsWithTheShownStyles() throws {
        let f = try TransitionFixture()
        let shown = ViewController(id: "shown")
        shown.modalPresentationStyle = .overFullScreen
        try f.root.show(shown, sender: nil)
        try f.advance(1)
        #expect(f.root.presentedViewController === shown)
        #expect(f.window.subviews.map(\.id) == ["root", "shown.container"])
    }

    @Test func aPresentedViewControllerFindsTheNavigationControllerOfItsPresenter() throws {
        let f = try TransitionFixture()
        let list = ViewController(id: "list")
        let nav = NavigationController(id: "nav", rootViewController: list)
        f.window.rootViewController = nav
        let sheet = ViewController(id: "sheet")
        sheet.modalPresentationStyle = .overFullScreen
        try list.present(sheet, animated: false)
        try f.advance(tick)
        #expect(sheet.targetViewController(forAction: .show, sender: nil) === nav)
    }

    @Test func showDetailReplacesTheSecondaryOfAnExpandedSplitAtOnce() throws {
        let f = try TransitionFixture(size: Size(width: 1000, height: 800))
        let log = EventLog()
        let primary = RecordingViewController(id: "primary", log: log)
        let old = RecordingViewController(id: "old", log: log)
        let split = SplitViewController(id: "split", viewControllers: [primary, old])
        f.window.rootViewController = split
        log.clear()
        let new = RecordingViewController(id: "new", log: log)
        var completions: [Bool] = []
        try primary.showDetailViewController(new, sender: primary) { completions.append($0) }
        #expect(completions == [true])
        #expect(split.viewControllers.map(\.id) == ["primary", "new"])
        #expect(split.children.map(\.id) == ["primary", "new"])
        #expect(split.view.subviews.map(\.id) == ["primary", "new"])
        #expect(new.view.frame == Rect(x: 320, y: 0, width: 680, height: 800))
        #expect(old.parent == nil && old.view.superview == nil)
        #expect(log.entries == [
            "old.willMove(nil)", "old.willDisappear", "old.didDisappear", "old.didMove(nil)", "new.willMove(split)",
            "new.willAppear", "new.didAppear", "new.didMove(split)",
        ])
        try f.advance(1)
        #expect(f.events.isEmpty)
        #expect(throws: TransitionError.alreadyPresented(viewController: "new")) {
            try primary.showDetailViewController(new, sender: nil)
        }
    }

    @Test func showDetailOnACollapsedSplitShowsOnThePrimary() throws {
        let f = try TransitionFixture(size: Size(width: 390, height: 800))
        let list = ViewController(id: "list")
        let nav = NavigationController(id: "nav", rootViewController: list)
        let split = SplitViewController(id: "split", viewControllers: [nav, ViewController(id: "placeholder")])
        f.window.rootViewController = split
        #expect(split.isCollapsed)
        let detail = ViewController(id: "detail")
        try list.showDetailViewController(detail, sender: list)
        try f.advance(0.5)
        #expect(nav.viewControllers.map(\.id) == ["list", "detail"])
        #expect(split.viewControllers.map(\.id) == ["nav", "placeholder"])
    }

    @Test func showDetailWithoutASplitPresents() throws {
        let f = try TransitionFixture()
        let detail = ViewController(id: "detail")
        try f.root.showDetailViewController(detail, sender: nil)
        try f.advance(1)
        #expect(f.root.presentedViewController === detail)
    }
}
