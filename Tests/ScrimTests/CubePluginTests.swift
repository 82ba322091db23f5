import Foundation
import Scrim
import ScrimHost
import ScrimTestSupport
import Testing

// Plugins/cube.lua and its Swift twin CubeTransition: the same navigation controller in two hosts,
// one with the Swift animator, one with the plugin's; each frame of a push and a pop is compared,
// and the values are checked at a quarter, a half and three quarters.

private let content = Rect(x: 0, y: 0, width: 390, height: 844)

private func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

/// One navigation controller (`list` at the root, `detail` to push) whose delegate vends `animator`.
@MainActor
private struct CubeSide {
    let host: ScrimHost
    let navigation: NavigationController
    let list = ViewController(id: "list")
    let detail = ViewController(id: "detail")

    init(animator: (ScrimHost) throws -> any TransitioningDelegate) throws {
        navigation = NavigationController(id: "nav", rootViewController: list)
        host = try ScrimHost(plugins: Repository.plugins, clock: .manual(frameRate: 60), rootViewController: navigation)
        navigation.delegate = TransitioningNavigationDelegate.make(for: try animator(host))
    }

    var stack: [String] { navigation.viewControllers.map(\.id) }
}

@MainActor
private final class CubeTwins {
    let swift = try! CubeSide { _ in FixtureDelegate(animator: CubeTransition()) }
    let lua: CubeSide
    private(set) var distinct: Set<String> = []

    init() throws {
        lua = try CubeSide { host in try host.delegate(animator: "cube") }
    }

    func advance(_ seconds: Double) {
        swift.host.advance(by: seconds)
        lua.host.advance(by: seconds)
    }

    func sampleEveryFrame(for seconds: Double, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for frame in 0...Int((seconds * 60).rounded(.up)) {
            for id in ["list", "detail", "nav.transition"] {
                let a = swift.host.window.descendant(withID: id), b = lua.host.window.descendant(withID: id)
                #expect((a == nil) == (b == nil), "\(id) in one window only, \(label) frame \(frame)", sourceLocation: sourceLocation)
                guard let a, let b else { continue }
                let differences = a.presentation.differences(from: b.presentation, tolerance: 1e-9)
                #expect(differences.isEmpty, "\(id) \(label) frame \(frame): \(differences)", sourceLocation: sourceLocation)
                distinct.insert("\(id) \(a.presentation.namedNumbers.map(\.value))")
            }
            advance(1.0 / 60)
        }
    }
}

@MainActor @Suite struct CubePluginTests {
    @Test func thePluginAndItsTwinGiveTheSameValuesAtEveryFrame() throws {
        let twins = try CubeTwins()
        try twins.swift.navigation.pushViewController(twins.swift.detail, animated: true)
        try twins.lua.navigation.pushViewController(twins.lua.detail, animated: true)
        twins.sampleEveryFrame(for: 0.6, "pushing")
        #expect(twins.swift.stack == ["list", "detail"] && twins.lua.stack == ["list", "detail"])
        try twins.swift.navigation.popViewController(animated: true)
        try twins.lua.navigation.popViewController(animated: true)
        twins.sampleEveryFrame(for: 0.6, "popping")
        #expect(twins.swift.stack == ["list"] && twins.lua.stack == ["list"])
        #expect(twins.distinct.count >= 50)
        #expect(twins.lua.host.scriptDiagnostics.values.flatMap { $0 }.isEmpty)
    }

    @Test func theFacesTurnAboutTheEdgeTheyShare() throws {
        let side = try CubeSide { host in try host.delegate(animator: "cube") }
        let list = side.list.view, detail = side.detail.view
        try side.navigation.pushViewController(side.detail, animated: true)
        side.host.advance(by: 1.0 / 60)
        let container = try #require(detail.superview)
        #expect(container.presentation.sublayerTransform == Transform3D(m34: -1.0 / 800))
        #expect(list.layer.anchorPoint == Point(x: 1, y: 0.5) && detail.layer.anchorPoint == Point(x: 0, y: 0.5))
        for fraction in [0.25, 0.5, 0.75] {
            side.host.advance(by: 0.125)
            let p = ReferenceCurve.easeInOut(fraction)
            // The shared edge, where both anchor points are, has moved by p of the width to the left.
            #expect(near(list.presentation.center.x, 390 * (1 - p)) && near(detail.presentation.center.x, 390 * (1 - p)))
            #expect(near(list.presentation.center.y, 422))
            // The old face has turned away by p × 90°, the new one has p × 90° to go.
            #expect(near(list.presentation.transform3D, FlipTransition.turned(-.pi / 2 * p)), "at \(fraction)")
            #expect(near(detail.presentation.transform3D, FlipTransition.turned(.pi / 2 * (1 - p))), "at \(fraction)")
            // Seen flat, each face is as wide as the cosine of its turn.
            #expect(near(list.presentation.frame.width, 390 * cos(.pi / 2 * p)))
            #expect(near(detail.presentation.frame.minX, 390 * (1 - p)))
        }
        side.host.advance(by: 0.2)
        #expect(side.stack == ["list", "detail"])
        #expect(detail.frame == content && detail.layer.anchorPoint == Point(x: 0.5, y: 0.5) && detail.transform3D == .identity)
        #expect(list.frame == content && list.layer.anchorPoint == Point(x: 0.5, y: 0.5))
        #expect(container.layer.sublayerTransform == .identity)

        try side.navigation.popViewController(animated: true)
        side.host.advance(by: 1.0 / 60 + 0.25)
        // Half way back: the edge in the middle, each face at 45°, the list (on the left) coming back.
        #expect(near(list.presentation.center.x, 195) && near(detail.presentation.center.x, 195))
        #expect(near(list.presentation.transform3D, FlipTransition.turned(-.pi / 4)))
        #expect(near(detail.presentation.transform3D, FlipTransition.turned(.pi / 4)))
        side.host.advance(by: 0.3)
        #expect(side.stack == ["list"] && list.frame == content && list.transform3D == .identity)
        #expect(side.host.scriptDiagnostics.values.flatMap { $0 }.isEmpty)
    }
}
