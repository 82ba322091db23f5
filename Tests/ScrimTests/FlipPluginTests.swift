import Foundation
import Scrim
import ScrimTestSupport
import Testing

// Plugins/flip.lua and its Swift twin FlipTransition: the same cards screen in two hosts, one
// presenting with the Swift animator, one with the plugin; each frame of the presentation and the
// dismissal is compared, and the values are checked at a quarter, a half and three quarters.

private let fullScreen = Rect(x: 0, y: 0, width: 390, height: 844)
private let card2Frame = Rect(x: 20, y: 340, width: 350, height: 200)

private func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

/// Whether every entry of `a` is within 1e-9 of `b`'s.
func near(_ a: Transform3D, _ b: Transform3D) -> Bool {
    var values = ViewValues(center: .zero, bounds: .zero), other = values
    values.transform3D = a
    other.transform3D = b
    return values.differences(from: other, tolerance: 1e-9).isEmpty
}

/// A screen of two cards (`card1`, `card2`, each with a label) and a full-screen `details`.
@MainActor
private struct CardsSide {
    let host: ScrimHost
    let home = ViewController(id: "home")
    let details = ViewController(id: "details")

    init(delegate: (ScrimHost) throws -> any TransitioningDelegate) throws {
        host = try ScrimHost(plugins: Repository.plugins, clock: .manual(frameRate: 60), rootViewController: home)
        for (index, color) in [Color(red: 0.95, green: 0.55, blue: 0.35), Color(red: 0.4, green: 0.7, blue: 0.45)].enumerated() {
            let card = View(id: "card\(index + 1)", frame: Rect(x: 20, y: 120 + Double(index) * 220, width: 350, height: 200))
            card.backgroundColor = color
            card.cornerRadius = 20
            let title = Label(id: "card\(index + 1).title", frame: Rect(x: 20, y: 26, width: 310, height: 34))
            title.content.text = index == 0 ? "Pasta" : "Salad"
            card.addSubview(title)
            home.view.addSubview(card)
        }
        details.view.backgroundColor = .white
        details.modalPresentationStyle = .fullScreen
        details.transitioningDelegate = try delegate(host)
    }

    /// The views that move: the card, the details and the card's snapshot (by its name: its id is generated).
    func movingViews() -> [String: View] {
        var views: [String: View] = [:]
        views["card2"] = host.window.descendant(withID: "card2")
        views["details"] = host.window.descendant(withID: "details")
        func snapshot(in view: View) -> View? {
            view.name == "snapshot of card2" ? view : view.subviews.lazy.compactMap(snapshot).first
        }
        views["snapshot"] = snapshot(in: host.window)
        return views
    }

    var container: View? { details.view.superview }
}

/// The Swift twin and the plugin, side by side.
@MainActor
private final class FlipTwins {
    let swift: CardsSide
    let lua: CardsSide
    private(set) var distinct: Set<String> = []

    init() throws {
        swift = try CardsSide { _ in FixtureDelegate(animator: FlipTransition(sourceViewID: "card2")) }
        lua = try CardsSide { host in try host.delegate(animator: "flip", options: ["sourceViewId": .string("card2")]) }
    }

    func advance(_ seconds: Double) {
        swift.host.advance(by: seconds)
        lua.host.advance(by: seconds)
    }

    /// Every moving view's presentation values, in both windows or in neither, within 1e-9.
    func expectSame(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let a = swift.movingViews(), b = lua.movingViews()
        #expect(Set(a.keys) == Set(b.keys), "views \(label): swift \(a.keys.sorted()), lua \(b.keys.sorted())", sourceLocation: sourceLocation)
        for (name, view) in a {
            guard let other = b[name] else { continue }
            let differences = view.presentation.differences(from: other.presentation, tolerance: 1e-9)
            #expect(differences.isEmpty, "\(name) \(label): \(differences)", sourceLocation: sourceLocation)
            #expect(view.isHidden == other.isHidden && view.isDoubleSided == other.isDoubleSided, "\(name) \(label)", sourceLocation: sourceLocation)
            distinct.insert("\(name) \(view.presentation.namedNumbers.map(\.value))")
        }
        if let c = swift.container, let d = lua.container {
            #expect(c.presentation.differences(from: d.presentation, tolerance: 1e-9).isEmpty, "container \(label)", sourceLocation: sourceLocation)
        }
    }

    /// Compares every frame for `seconds`.
    func sampleEveryFrame(for seconds: Double, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let frames = Int((seconds * 60).rounded(.up))
        for frame in 0...frames {
            expectSame("\(label), frame \(frame)", sourceLocation: sourceLocation)
            advance(1.0 / 60)
        }
    }

    func present() throws {
        try swift.home.present(swift.details, animated: true)
        try lua.home.present(lua.details, animated: true)
    }

    func dismiss() throws {
        try swift.details.dismiss(animated: true)
        try lua.details.dismiss(animated: true)
    }

    func expectClean(sourceLocation: SourceLocation = #_sourceLocation) {
        let diagnostics = lua.host.scriptDiagnostics.values.flatMap { $0 }
        #expect(diagnostics.isEmpty, "\(diagnostics)", sourceLocation: sourceLocation)
    }
}

@MainActor @Suite struct FlipPluginTests {
    @Test func thePluginAndItsTwinGiveTheSameValuesAtEveryFrame() throws {
        let twins = try FlipTwins()
        try twins.present()
        twins.sampleEveryFrame(for: 0.7, "presenting")
        #expect(twins.lua.home.presentedViewController?.id == "details")
        try twins.dismiss()
        twins.sampleEveryFrame(for: 0.7, "dismissing")
        #expect(twins.lua.details.view.window == nil && twins.swift.details.view.window == nil)
        // Real motion was compared: the three views at most of the 86 frames are distinct values.
        #expect(twins.distinct.count >= 100)
        twins.expectClean()
    }

    @Test func theCardTurnsOverIntoTheDetailsWithAShadowThatPeaksEdgeOn() throws {
        let side = try CardsSide { host in try host.delegate(animator: "flip", options: ["sourceViewId": .string("card2")]) }
        try side.home.present(side.details, animated: true)
        side.host.advance(by: 1.0 / 60)
        let card = try #require(side.movingViews()["snapshot"])
        let details = side.details.view
        let container = try #require(side.container)
        #expect(side.host.window.descendant(withID: "card2")?.isHidden == true)
        #expect((card.subviews.first as? Label)?.content.text == "Salad", "the snapshot keeps the card's title")
        #expect(container.presentation.sublayerTransform == Transform3D(m34: -1.0 / 800))
        #expect(!card.isDoubleSided && !details.isDoubleSided)
        // The start: both faces on the card's frame, the details turned by π (its back to the viewer).
        #expect(card.presentation.frame == card2Frame)
        #expect(near(details.presentation.transform3D, FlipTransition.turned(-.pi)))
        #expect(details.presentation.cornerRadius == 20)

        for (fraction, cardTurn, shadow) in [(0.25, Double.pi / 4, 0.5), (0.5, .pi / 2, 1), (0.75, 3 * .pi / 4, 0.5)] {
            side.host.advance(by: 0.15)
            let p = ReferenceCurve.easeInOut(fraction)
            let label = "at \(fraction)"
            for face in [card, details] {
                let values = face.presentation
                #expect(near(values.bounds.width, 350 + 40 * p) && near(values.bounds.height, 200 + 644 * p), "\(label)")
                #expect(near(values.center.y, 440 - 18 * p) && near(values.center.x, 195), "\(label)")
                #expect(near(values.shadowOpacity, 0.4 * shadow, 1e-9) && near(values.shadowRadius, 3 + 21 * shadow, 1e-9), "\(label)")
            }
            #expect(near(card.presentation.transform3D, FlipTransition.turned(cardTurn)), "\(label)")
            #expect(near(details.presentation.transform3D, FlipTransition.turned(cardTurn - .pi)), "\(label)")
            // Half way both are edge-on (m11 = cos π/2 = 0). Which face shows: the one whose m11 (the cosine of its turn) is positive.
            let cardFacesAway = card.presentation.transform3D.m11 < -1e-9
            let detailsFacesAway = details.presentation.transform3D.m11 < -1e-9
            #expect(cardFacesAway == (fraction > 0.5) && detailsFacesAway == (fraction < 0.5), "\(label)")
            #expect(near(details.presentation.cornerRadius, 20 * (1 - p)), "\(label)")
        }
        // The end: the snapshot gone, the card back, everything set by hand given back.
        side.host.advance(by: 0.16)
        #expect(side.movingViews()["snapshot"] == nil)
        #expect(side.home.view.descendant(withID: "card2")?.isHidden == false)
        #expect(details.presentation.frame == fullScreen && details.transform3D == .identity)
        #expect(details.isDoubleSided && details.cornerRadius == 0)
        #expect(details.presentation.shadowOpacity == 0)
        #expect(side.host.scriptDiagnostics.values.flatMap { $0 }.isEmpty)
    }

    @Test func withoutACardTheWholeScreenTurnsOver() throws {
        let side = try CardsSide { host in try host.delegate(animator: "flip") }
        try side.home.present(side.details, animated: true)
        side.host.advance(by: 1.0 / 60 + 0.3)
        let details = side.details.view
        #expect(details.presentation.bounds.size == fullScreen.size)
        #expect(near(details.presentation.transform3D, FlipTransition.turned(-.pi / 2)))
        #expect(side.home.view.isHidden)
        side.host.advance(by: 0.31)
        #expect(!side.home.view.isHidden)
        #expect(side.home.presentedViewController?.id == "details")
    }
}
