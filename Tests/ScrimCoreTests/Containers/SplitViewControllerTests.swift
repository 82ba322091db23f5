import Testing
@testable import ScrimCore
import ScrimTestSupport

/// Docs/Containers.md, "SplitViewController": the 320 pt primary column in regular width,
/// collapsed in compact width, following the window's size class.
@MainActor @Suite struct SplitViewControllerTests {
    func scene(width: Double) throws -> (TransitionFixture, SplitViewController, ViewController, ViewController) {
        let f = try TransitionFixture(size: Size(width: width, height: 800))
        let primary = ViewController(id: "primary")
        let secondary = ViewController(id: "secondary")
        let split = SplitViewController(id: "split", viewControllers: [primary, secondary])
        f.window.rootViewController = split
        return (f, split, primary, secondary)
    }

    @Test func inRegularWidthThePrimaryColumnIs320PointsWideOnTheLeft() throws {
        let (f, split, primary, secondary) = try scene(width: 1000)
        defer { withExtendedLifetime(f) {} }
        #expect(!split.isCollapsed)
        #expect(split.view.subviews.map(\.id) == ["primary", "secondary"])
        #expect(primary.view.frame == Rect(x: 0, y: 0, width: 320, height: 800))
        #expect(secondary.view.frame == Rect(x: 320, y: 0, width: 680, height: 800))
        #expect(primary.appearanceState == .appeared && secondary.appearanceState == .appeared)
        #expect(split.children.map(\.id) == ["primary", "secondary"])
    }

    @Test func inCompactWidthItIsCollapsedToThePrimary() throws {
        let (f, split, primary, secondary) = try scene(width: 390)
        defer { withExtendedLifetime(f) {} }
        #expect(split.isCollapsed)
        #expect(split.view.subviews.map(\.id) == ["primary"])
        #expect(primary.view.frame == Rect(x: 0, y: 0, width: 390, height: 800))
        #expect(secondary.view.superview == nil)
        #expect(secondary.appearanceState == .disappeared)
    }

    @Test func theLayoutFollowsTheWindowAcrossTheSizeClasses() throws {
        let (f, split, primary, secondary) = try scene(width: 1000)
        try f.window.setSize(Size(width: 390, height: 800))
        try f.advance(1)
        #expect(split.isCollapsed)
        #expect(split.view.subviews.map(\.id) == ["primary"])
        #expect(primary.view.frame == Rect(x: 0, y: 0, width: 390, height: 800))
        try f.window.setSize(Size(width: 800, height: 600))
        try f.advance(1)
        #expect(!split.isCollapsed)
        #expect(split.view.subviews.map(\.id) == ["primary", "secondary"])
        #expect(secondary.view.frame == Rect(x: 320, y: 0, width: 480, height: 600))
    }

    @Test func collapsingMakesTheSecondaryDisappearAndExpandingMakesItAppear() throws {
        let f = try TransitionFixture(size: Size(width: 1000, height: 800))
        let log = EventLog()
        let primary = RecordingViewController(id: "primary", log: log)
        let secondary = RecordingViewController(id: "secondary", log: log)
        let split = SplitViewController(id: "split", viewControllers: [primary, secondary])
        f.window.rootViewController = split
        #expect(log.entries.suffix(4) == ["primary.willAppear", "secondary.willAppear", "primary.didAppear", "secondary.didAppear"])
        log.clear()
        try f.window.setSize(Size(width: 390, height: 800))
        try f.advance(1)
        // The size change reaches both children (forwarded by the split view controller), then the
        // collapse makes the secondary disappear.
        #expect(log.entries == [
            "primary.viewWillTransition(390x800)", "secondary.viewWillTransition(390x800)", "secondary.willDisappear",
            "secondary.didDisappear",
        ])
        #expect(secondary.appearanceState == .disappeared && primary.appearanceState == .appeared)
        log.clear()
        try f.window.setSize(Size(width: 800, height: 600))
        try f.advance(1)
        #expect(log.entries == [
            "primary.viewWillTransition(800x600)", "secondary.viewWillTransition(800x600)", "secondary.willAppear", "secondary.didAppear",
        ])
        #expect(secondary.appearanceState == .appeared)
        #expect(secondary.animatedFlags.allSatisfy { !$0 })
    }
}
