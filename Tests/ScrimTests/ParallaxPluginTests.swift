import Foundation
import Scrim
import ScrimTestSupport
import Testing

// Plugins/parallax.lua and its Swift twin ParallaxTransition: the same navigation controller in two
// hosts, one with the Swift delegate, one with the plugin's; every push, pop and edge swipe is done
// to both and the views compared at sampled times, and the values checked against the curve.

private let width = 390.0
private let content = Rect(x: 0, y: 0, width: 390, height: 844)

private func easeInOut(_ x: Double) -> Double { ReferenceCurve.easeInOut(x) }

private func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

@MainActor
private func find(_ id: String, in view: View) -> View? { view.descendant(withID: id) }

/// One navigation controller (`list` at the root) in a host on the shipped plugins.
@MainActor
private struct NavigationSide {
    let host: ScrimHost
    let navigation: NavigationController
    let list = ViewController(id: "list")
    let detail = ViewController(id: "detail")
    /// Records the transitions' events and trace.
    let fixture: TransitionFixture

    init(delegate: (ScrimHost) throws -> any NavigationControllerDelegate) throws {
        navigation = NavigationController(id: "nav", rootViewController: list)
        host = try ScrimHost(plugins: Repository.plugins, clock: .manual(frameRate: 60), rootViewController: navigation)
        navigation.delegate = try delegate(host)
        fixture = TransitionFixture(window: host.window, clock: try #require(host.clock as? ManualClock))
    }

    var stack: [String] { navigation.viewControllers.map(\.id) }
}

/// The Swift twin and the plugin, side by side.
@MainActor
private final class ParallaxTwins {
    let twin = ParallaxTransition()
    let swift: NavigationSide
    let lua: NavigationSide
    private(set) var distinctFrames: Set<String> = []

    init() throws {
        let twin = self.twin
        swift = try NavigationSide { _ in twin }
        // As Plugins.md shows: a delegate plugin with the navigation delegate's methods is one.
        lua = try NavigationSide { host in try #require(try host.delegate(named: "parallax") as? any NavigationControllerDelegate) }
    }

    func advance(_ seconds: Double) {
        swift.host.advance(by: seconds)
        lua.host.advance(by: seconds)
    }

    func push() throws {
        try swift.navigation.pushViewController(swift.detail, animated: true)
        try lua.navigation.pushViewController(lua.detail, animated: true)
    }

    func pop() throws {
        try swift.navigation.popViewController(animated: true)
        try lua.navigation.popViewController(animated: true)
    }

    func sendPan(_ phase: PanPhase, x: Double, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let a = try swift.host.window.sendPan(phase, at: Point(x: x, y: 400))
        let b = try lua.host.window.sendPan(phase, at: Point(x: x, y: 400))
        #expect(a && b, "the pan reached a recognizer", sourceLocation: sourceLocation)
    }

    /// The presentation values of the views, which must be in both windows or in neither.
    func expectSame(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for id in ["list", "detail", "parallax.dimming"] {
            let a = find(id, in: swift.host.window), b = find(id, in: lua.host.window)
            #expect((a == nil) == (b == nil), "\(id) in one window only, \(label)", sourceLocation: sourceLocation)
            guard let a, let b else { continue }
            let p = a.presentation, q = b.presentation
            #expect(p.frame == q.frame, "\(id).frame \(label): swift \(p.frame), lua \(q.frame)", sourceLocation: sourceLocation)
            #expect(p.alpha == q.alpha, "\(id).alpha \(label): swift \(p.alpha), lua \(q.alpha)", sourceLocation: sourceLocation)
            #expect(
                a.superview?.subviews.map(\.id) == b.superview?.subviews.map(\.id), "\(id)'s siblings \(label)",
                sourceLocation: sourceLocation)
            distinctFrames.insert("\(id) \(p.frame) \(p.alpha)")
        }
    }

    /// Compares the twins at `count` + 1 times over `duration` from now, then just past it.
    func sample(over duration: Double, count: Int = 10, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        expectSame("\(label) at 0/\(count)", sourceLocation: sourceLocation)
        for step in 1...count {
            advance(duration / Double(count))
            expectSame("\(label) at \(step)/\(count)", sourceLocation: sourceLocation)
        }
        advance(0.01)
        expectSame("\(label) at the end", sourceLocation: sourceLocation)
    }

    func expectClean(sourceLocation: SourceLocation = #_sourceLocation) {
        let diagnostics = lua.host.scriptDiagnostics.values.flatMap { $0 }
        #expect(diagnostics.isEmpty, "\(diagnostics)", sourceLocation: sourceLocation)
    }

    /// Pushes `detail` and lets the push end.
    func pushed() throws {
        try push()
        advance(1.0 / 60 + ParallaxTransition.defaultDuration + 0.01)
        #expect(swift.stack == ["list", "detail"] && lua.stack == ["list", "detail"])
    }
}

@MainActor @Suite struct ParallaxPluginTests {
    @Test func pushAndPopMatchTheTwinAndTheCurve() throws {
        let twins = try ParallaxTwins()
        try twins.push()
        twins.advance(1.0 / 60)
        // The push has begun: the detail waits off the right edge, the list at 0, no dimming yet.
        #expect(twins.lua.detail.view.presentation.frame == content.offsetBy(dx: width, dy: 0))
        #expect(find("parallax.dimming", in: twins.lua.host.window)?.presentation.alpha == 0)
        twins.advance(0.35 * 0.3)
        let p = easeInOut(0.3)
        #expect(near(twins.lua.detail.view.presentation.frame.minX, width * (1 - p)))
        #expect(near(twins.lua.list.view.presentation.frame.minX, -0.3 * width * p))
        #expect(near(find("parallax.dimming", in: twins.lua.host.window)!.presentation.alpha, 0.2 * p))
        twins.expectSame("push at 0.3")
        twins.sample(over: 0.35 * 0.7, count: 7, "pushing")
        #expect(twins.lua.stack == ["list", "detail"] && twins.swift.stack == ["list", "detail"])
        #expect(twins.lua.list.view.window == nil)
        #expect(twins.lua.detail.view.frame == content)
        #expect(find("parallax.dimming", in: twins.lua.host.window) == nil)

        try twins.pop()
        twins.advance(1.0 / 60)
        #expect(twins.lua.list.view.presentation.frame.minX == -0.3 * width)
        #expect(near(find("parallax.dimming", in: twins.lua.host.window)!.presentation.alpha, 0.2))
        #expect(!twins.twin.swiping)
        twins.advance(0.35 * 0.5)
        #expect(near(twins.lua.detail.view.presentation.frame.minX, width * 0.5))
        #expect(near(twins.lua.list.view.presentation.frame.minX, -0.3 * width * 0.5))
        twins.sample(over: 0.35 * 0.5, count: 5, "popping")
        #expect(twins.lua.stack == ["list"] && twins.swift.stack == ["list"])
        #expect(twins.lua.detail.view.window == nil)
        #expect(twins.lua.list.view.frame == content)
        #expect(twins.distinctFrames.count >= 30)
        twins.expectClean()
    }

    @Test func anEdgeSwipeReleasedPastHalfWayFinishesThePop() throws {
        let twins = try ParallaxTwins()
        try twins.pushed()
        try twins.sendPan(.began, x: 5)
        twins.advance(1.0 / 60)
        #expect(twins.twin.swiping)
        // The plugin's interaction drives the pop, not the navigation controller's own.
        for side in [twins.swift, twins.lua] {
            #expect(side.fixture.trace.suffix(2) == ["startInteractiveTransition(parallax)", "animateTransition(parallax)"])
        }
        // 40 % across: the animation held at 40 % of its duration, eased.
        try twins.sendPan(.changed, x: 5 + 0.4 * width)
        twins.advance(1.0 / 60)
        let p = easeInOut(0.4)
        #expect(near(twins.lua.detail.view.presentation.frame.minX, width * p))
        #expect(near(twins.lua.list.view.presentation.frame.minX, -0.3 * width * (1 - p)))
        #expect(near(find("parallax.dimming", in: twins.lua.host.window)!.presentation.alpha, 0.2 * (1 - p)))
        twins.expectSame("swiped 40 %")
        twins.advance(0.2)
        twins.expectSame("held at 40 %")
        #expect(near(twins.lua.detail.view.presentation.frame.minX, width * p), "no finger movement, no progress")
        try twins.sendPan(.changed, x: 5 + 0.6 * width)
        try twins.sendPan(.ended, x: 5 + 0.6 * width)
        twins.sample(over: 0.35 * 0.4, count: 4, "finishing")
        #expect(twins.lua.stack == ["list"] && twins.swift.stack == ["list"])
        #expect(twins.lua.detail.view.window == nil)
        #expect(twins.lua.list.view.frame == content)
        twins.expectClean()
    }

    @Test func aShortSwipeIsCancelledAndAFlickFinishes() throws {
        let twins = try ParallaxTwins()
        try twins.pushed()
        try twins.sendPan(.began, x: 5)
        twins.advance(1.0 / 60)
        try twins.sendPan(.changed, x: 5 + 0.2 * width)
        twins.advance(1.0 / 60)
        twins.expectSame("swiped 20 %")
        // Released slowly at 20 %: back to where it was, every property with it.
        twins.advance(0.3)
        try twins.sendPan(.ended, x: 5 + 0.2 * width)
        twins.sample(over: 0.35 * 0.2, count: 4, "cancelling")
        #expect(twins.lua.stack == ["list", "detail"] && twins.swift.stack == ["list", "detail"])
        #expect(twins.lua.list.view.window == nil)
        #expect(twins.lua.detail.view.frame == content && twins.lua.detail.view.presentation.frame == content)
        #expect(twins.lua.list.view.frame == content.offsetBy(dx: -0.3 * width, dy: 0))
        #expect(find("parallax.dimming", in: twins.lua.host.window) == nil)

        // A flick: 20 % (78 pt) in a fifteenth of a second is 1 170 pt/s, past 500 pt/s: the pop finishes.
        try twins.sendPan(.began, x: 5)
        twins.advance(1.0 / 60)
        #expect(twins.twin.swiping)
        twins.advance(0.05)
        try twins.sendPan(.changed, x: 5 + 0.2 * width)
        try twins.sendPan(.ended, x: 5 + 0.2 * width)
        twins.sample(over: 0.35 * 0.8, count: 8, "finishing a flick")
        #expect(twins.lua.stack == ["list"] && twins.swift.stack == ["list"])
        #expect(twins.lua.list.view.frame == content)
        twins.expectClean()
    }

    /// A pan that does not begin at the edge does not pop; a pop from code is not interactive.
    @Test func onlyTheEdgeSwipesAndCodePopsAnimate() throws {
        let twins = try ParallaxTwins()
        try twins.pushed()
        #expect(try twins.lua.host.window.sendPan(.began, at: Point(x: 100, y: 400)) == false)
        twins.advance(0.5)
        #expect(twins.lua.stack == ["list", "detail"])
        try twins.pop()
        twins.advance(1.0 / 60 + 0.36)
        #expect(!twins.twin.swiping)
        #expect(!twins.lua.fixture.trace.contains { $0.hasPrefix("startInteractiveTransition") })
        #expect(twins.lua.fixture.trace.contains("animateTransition(parallax)"))
        #expect(twins.lua.stack == ["list"] && twins.swift.stack == ["list"])
        twins.expectClean()
    }
}
