import Foundation
import Scrim
import ScrimTestSupport
import Testing

// The plugins of `Plugins/` (Docs/Plugins.md). The ports of the seeds (diagonal, pop, swipe,
// dimming) run the same scene and the same events as their Swift twins in `ScrimTestSupport`, and
// must produce the same frames, alphas and corner radii at every sampled time; the others are
// checked against values computed here.

private let shippedPlugins = Repository.plugins

private let frame60 = 1.0 / 60
private let windowBounds = Rect(x: 0, y: 0, width: 390, height: 844)
private let rightHalf = Rect(x: 195, y: 0, width: 195, height: 844)

// MARK: - Independent references

private let easeInOut: @Sendable (Double) -> Double = { ReferenceCurve.easeInOut($0) }
private let easeOut: @Sendable (Double) -> Double = { ReferenceCurve.easeOut($0) }
/// The engine's Bézier solver may be off by 1e-6 in progress (Docs/Animation.md, "CubicBezier").
private let curveTolerance = 1e-6

private func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

/// Component-wise, with a tolerance scaled for values of up to ~1000 points.
private func near(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
    near(a.minX, b.minX, tolerance) && near(a.minY, b.minY, tolerance) && near(a.width, b.width, tolerance)
        && near(a.height, b.height, tolerance)
}

private func near(_ a: ScrimCore.AffineTransform, _ b: ScrimCore.AffineTransform, _ tolerance: Double = 1e-9) -> Bool {
    near(a.a, b.a, tolerance) && near(a.b, b.b, tolerance) && near(a.c, b.c, tolerance) && near(a.d, b.d, tolerance)
        && near(a.tx, b.tx, tolerance) && near(a.ty, b.ty, tolerance)
}

private func lerp(_ a: Rect, _ b: Rect, _ p: Double) -> Rect {
    Rect(
        x: a.minX + (b.minX - a.minX) * p, y: a.minY + (b.minY - a.minY) * p,
        width: a.width + (b.width - a.width) * p, height: a.height + (b.height - a.height) * p)
}

/// The view with `id` in the tree under `view`, or nil.
@MainActor
private func find(_ id: String, in view: View) -> View? { view.descendant(withID: id) }

@MainActor
private func ids(_ views: [View]) -> [String] { views.map(\.id) }

/// Whether no plugin file of the host has a diagnostic.
@MainActor
private func isClean(_ host: ScrimHost) -> Bool {
    host.scriptDiagnostics.values.allSatisfy { $0.isEmpty }
}

/// A host on the shipped plugins, checked clean.
@MainActor
private func makeHost() throws -> ScrimHost {
    let host = try ScrimHost(plugins: shippedPlugins)
    #expect(isClean(host), "\(host.scriptDiagnostics)")
    return host
}

/// The seeds' scene in a host's window, with a delegate made by the host.
@MainActor
private func luaScene(
    _ host: ScrimHost, style: ModalPresentationStyle = .fullScreen,
    delegate: (ScrimHost) throws -> any TransitioningDelegate
) throws -> SeedScene {
    let clock = try #require(host.clock as? ManualClock)
    return try SeedScene.make(on: TransitionFixture(window: host.window, clock: clock), style: style) { _ in
        try delegate(host)
    }
}

// MARK: - Twins: a Swift seed and its Lua port, side by side

/// The same scene twice: with the Swift fixtures, and in a host with the shipped plugins. Every
/// step is done to both; `expectSame` compares the views named.
@MainActor
private final class Twins {
    let swift: SeedScene
    let lua: SeedScene
    let host: ScrimHost
    /// Every comparison made, to check that the samples cover real motion.
    private(set) var samples: [String: [ViewValues]] = [:]

    init(
        style: ModalPresentationStyle = .fullScreen, swift makeSwift: (View) -> SeedDelegate,
        lua makeLua: (ScrimHost) throws -> any TransitioningDelegate
    ) throws {
        swift = try SeedScene.make(style: style, delegate: makeSwift)
        host = try makeHost()
        lua = try luaScene(host, style: style, delegate: makeLua)
    }

    var now: Double { swift.fixture.clock.now }

    func advance(_ seconds: Double) throws {
        try swift.fixture.advance(seconds)
        try lua.fixture.advance(seconds)
        #expect(swift.fixture.clock.now == lua.fixture.clock.now)
    }

    func advance(to offset: Double, from start: Double) throws { try advance(start + offset - now) }

    func present(animated: Bool = true) throws -> (swift: Completion, lua: Completion) {
        let s = Completion(), l = Completion()
        try swift.root.present(swift.details, animated: animated) { s.value = $0 }
        try lua.root.present(lua.details, animated: animated) { l.value = $0 }
        return (s, l)
    }

    func dismiss() throws -> (swift: Completion, lua: Completion) {
        let s = Completion(), l = Completion()
        try swift.details.dismiss(animated: true) { s.value = $0 }
        try lua.details.dismiss(animated: true) { l.value = $0 }
        return (s, l)
    }

    func presentWithoutAnimation() throws {
        try swift.presentWithoutAnimation()
        try lua.presentWithoutAnimation()
    }

    func sendPan(_ phase: PanPhase, at location: Point) throws {
        let a = try swift.window.sendPan(phase, at: location)
        let b = try lua.window.sendPan(phase, at: location)
        #expect(a == b)
    }

    func setSize(_ size: Size) throws {
        try swift.window.setSize(size)
        try lua.window.setSize(size)
    }

    /// The presentation values of the views with these ids (found in each window; a view that is in
    /// neither window is skipped, one in only one window is a failure), compared to 1e-9.
    func expectSame(_ viewIDs: [String], _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for id in viewIDs {
            let a = find(id, in: swift.window), b = find(id, in: lua.window)
            #expect((a == nil) == (b == nil), "\(id) in one window only, \(label)", sourceLocation: sourceLocation)
            guard let a, let b else { continue }
            let p = a.presentation, q = b.presentation
            #expect(near(p.frame, q.frame), "\(id).frame \(label): swift \(p.frame), lua \(q.frame)", sourceLocation: sourceLocation)
            #expect(near(p.alpha, q.alpha), "\(id).alpha \(label): swift \(p.alpha), lua \(q.alpha)", sourceLocation: sourceLocation)
            #expect(
                near(p.cornerRadius, q.cornerRadius),
                "\(id).cornerRadius \(label): swift \(p.cornerRadius), lua \(q.cornerRadius)", sourceLocation: sourceLocation)
            #expect(near(p.transform, q.transform), "\(id).transform \(label)", sourceLocation: sourceLocation)
            #expect(a.isHidden == b.isHidden, "\(id).isHidden \(label)", sourceLocation: sourceLocation)
            #expect(ids(a.superview?.subviews ?? []) == ids(b.superview?.subviews ?? []), "\(id)'s siblings \(label)", sourceLocation: sourceLocation)
            samples[id, default: []].append(p)
        }
    }

    /// Samples a transition that began on the last tick: `count` + 1 evenly spaced times over
    /// `duration`, then just past its end.
    func sample(_ viewIDs: [String], over duration: Double, count: Int = 10, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let start = now
        for step in 0...count {
            try advance(to: duration * Double(step) / Double(count), from: start)
            expectSame(viewIDs, "\(label) at \(step)/\(count)", sourceLocation: sourceLocation)
        }
        try advance(to: duration + 0.01, from: start)
        expectSame(viewIDs, "\(label) at the end", sourceLocation: sourceLocation)
    }

    /// How many different values the view showed (frames, alphas and corner radii), to check the
    /// samples saw it move.
    func distinctSamples(of id: String) -> Int {
        var seen: [String] = []
        for values in samples[id] ?? [] {
            let key = "\(values.frame)|\(values.alpha)|\(values.cornerRadius)"
            if !seen.contains(key) { seen.append(key) }
        }
        return seen.count
    }

    func expectClean(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(swift.fixture.diagnostics.isEmpty, "\(swift.fixture.diagnostics)", sourceLocation: sourceLocation)
        #expect(lua.fixture.diagnostics.isEmpty, "\(lua.fixture.diagnostics)", sourceLocation: sourceLocation)
        #expect(isClean(host), "\(host.scriptDiagnostics)", sourceLocation: sourceLocation)
    }
}

/// A completion handler's result.
@MainActor
private final class Completion {
    var value: Bool?
}

// MARK: - Loading

@MainActor @Suite struct ShippedPluginLoadingTests {
    @Test func everyShippedPluginLoadsWithoutDiagnostics() throws {
        let host = try ScrimHost(plugins: shippedPlugins)
        #expect(host.plugins.map(\.name) == ["crossfade", "cube", "diagonal", "dimming", "flip", "parallax", "pop", "sheet", "slide", "swipe", "zoomsegue"])
        #expect(host.scriptDiagnostics.count == 11)
        for (path, diagnostics) in host.scriptDiagnostics {
            #expect(diagnostics.isEmpty, "\(path): \(diagnostics)")
        }
        let roles = Dictionary(uniqueKeysWithValues: host.plugins.map { ($0.name, $0.roles) })
        #expect(roles["diagonal"] == [.animator])
        #expect(roles["pop"] == [.animator])
        #expect(roles["crossfade"] == [.animator])
        #expect(roles["slide"] == [.animator])
        #expect(roles["swipe"] == [.interaction])
        #expect(roles["dimming"] == [.presentation])
        #expect(Set(roles["sheet"] ?? []) == [.animator, .interaction, .presentation, .delegate])
        #expect(Set(roles["parallax"] ?? []) == [.animator, .interaction, .delegate])
        #expect(roles["zoomsegue"] == [.segue])
        #expect(roles["flip"] == [.animator])
        #expect(roles["cube"] == [.animator])
    }
}

// MARK: - diagonal.lua (Listing 10-2)

@MainActor @Suite struct DiagonalPluginTests {
    @Test func presentationAndDismissalMatchTheSwiftAnimator() throws {
        let twins = try Twins(swift: { _ in SeedDelegate(animator: DiagonalAnimator()) }, lua: { try $0.delegate(animator: "diagonal") })
        let completed = try twins.present()
        try twins.advance(frame60)
        try twins.sample(["details", "root"], over: DiagonalAnimator.defaultDuration, "presenting")
        #expect(completed.swift.value == true && completed.lua.value == true)
        #expect(twins.lua.details.view.frame == windowBounds)
        #expect(twins.lua.root.view.superview == nil)
        #expect(twins.distinctSamples(of: "details") >= 10)

        let dismissed = try twins.dismiss()
        try twins.advance(frame60)
        try twins.sample(["details", "root"], over: DiagonalAnimator.defaultDuration, "dismissing")
        #expect(dismissed.swift.value == true && dismissed.lua.value == true)
        #expect(twins.lua.details.view.frame == Rect(x: 390, y: 844, width: 390, height: 844))
        #expect(ids(twins.lua.window.subviews) == ["root"])
        #expect(twins.lua.root.presentedViewController == nil)
        #expect(twins.distinctSamples(of: "details") >= 20)
        twins.expectClean()
    }

    @Test func theDurationOptionIsUsed() throws {
        let host = try makeHost()
        let scene = try luaScene(host) { try $0.delegate(animator: "diagonal", options: ["duration": .number(0.2)]) }
        let done = Completion()
        try scene.root.present(scene.details, animated: true) { done.value = $0 }
        try scene.fixture.advance(frame60 + 0.1)
        let p = easeInOut(0.5)
        #expect(near(scene.details.view.presentation.frame, Rect(x: 390 * (1 - p), y: 844 * (1 - p), width: 390 * p, height: 844 * p), 1e-3))
        try scene.fixture.advance(0.11)
        #expect(done.value == true)
    }
}

// MARK: - pop.lua (the tutorial's PopAnimator)

@MainActor @Suite struct PopPluginTests {
    @Test func popWithAnOriginFrameMatchesTheSwiftAnimator() throws {
        let twins = try Twins(
            swift: { _ in
                let pop = PopAnimator(originFrame: SeedScene.cardFrame)
                return SeedDelegate(animator: pop)
            },
            lua: { try $0.delegate(animator: "pop", options: ["originFrame": .rect(SeedScene.cardFrame)]) })
        let presented = try twins.present()
        try twins.advance(frame60)
        #expect(near(twins.lua.details.view.presentation.frame, SeedScene.cardFrame))
        #expect(twins.lua.details.view.clipsToBounds)
        try twins.sample(["details"], over: 0.8, count: 20, "presenting")
        #expect(presented.swift.value == true && presented.lua.value == true)
        #expect(twins.lua.details.view.cornerRadius == 0)
        #expect(twins.lua.details.view.transform == .identity)

        let dismissed = try twins.dismiss()
        try twins.advance(frame60)
        try twins.sample(["details", "root"], over: 0.8, count: 20, "dismissing")
        #expect(dismissed.swift.value == true && dismissed.lua.value == true)
        #expect(near(twins.lua.details.view.frame, SeedScene.cardFrame))
        #expect(twins.lua.details.view.cornerRadius == 20)
        #expect(ids(twins.lua.window.subviews) == ["root"])
        #expect(twins.distinctSamples(of: "details") >= 40)
        twins.expectClean()
    }

    @Test func popTakesTheTutorialsTimingAndItsOptionsChangeIt() throws {
        let host = try makeHost()
        let scene = try luaScene(host) { try $0.delegate(animator: "pop", options: ["originFrame": .rect(SeedScene.cardFrame)]) }
        var completions: [Bool] = []
        try scene.root.present(scene.details, animated: true) { completions.append($0) }
        try scene.fixture.advance(frame60 + 0.8 - 1e-6)
        #expect(completions.isEmpty)
        try scene.fixture.advance(frame60)
        #expect(completions == [true])

        let options: RoleOptions = [
            "originFrame": .rect(SeedScene.cardFrame), "duration": .number(0.5), "damping": .number(0.8),
            "velocity": .number(0), "cornerRadius": .number(12),
        ]
        let twins = try Twins(
            swift: { _ in
                SeedDelegate(animator: PopAnimator(
                    originFrame: SeedScene.cardFrame, duration: 0.5, damping: 0.8, velocity: 0, cornerRadius: 12))
            },
            lua: { try $0.delegate(animator: "pop", options: options) })
        let presented = try twins.present()
        try twins.advance(frame60)
        #expect(twins.lua.details.view.presentation.cornerRadius == 12)
        try twins.sample(["details"], over: 0.5, count: 10, "presenting with options")
        #expect(presented.swift.value == true && presented.lua.value == true)
        twins.expectClean()
    }

    @Test func theSourceViewIsHiddenWhilePresentedAndDismissCompletionRunsOnce() throws {
        var logged: [String] = []
        let twins = try Twins(
            swift: { card in SeedDelegate(animator: PopAnimator(), sourceView: card) },
            lua: { try $0.delegate(animator: "pop", options: ["sourceViewId": .string("card1")]) })
        twins.host.onLog { logged.append("\($0.plugin): \($0.text)") }
        _ = try twins.present()
        try twins.advance(frame60)
        #expect(twins.lua.card.isHidden && twins.swift.card.isHidden)
        try twins.sample(["details", "card1"], over: 0.8, "presenting")

        let dismissed = try twins.dismiss()
        try twins.advance(frame60)
        #expect(twins.lua.card.isHidden)
        try twins.sample(["details", "card1"], over: 0.8, "dismissing")
        #expect(dismissed.lua.value == true)
        #expect(!twins.lua.card.isHidden && !twins.swift.card.isHidden)
        try twins.advance(1)
        #expect(logged == ["pop: dismissed back to Rect(20, 120, 350, 200)"])
        twins.expectClean()
    }

    @Test func popIntoTheDimmingControllerMatchesTheSwiftRoles() throws {
        let twins = try Twins(
            style: .custom,
            swift: { card in SeedDelegate(animator: PopAnimator(), usesDimming: true, sourceView: card) },
            lua: { try $0.delegate(animator: "pop", presentation: "dimming", options: ["sourceViewId": .string("card1")]) })
        _ = try twins.present()
        try twins.advance(frame60)
        try twins.sample(["details", "details.dimming"], over: 0.8, count: 16, "presenting")
        #expect(twins.lua.details.view.frame == rightHalf)
        let dismissed = try twins.dismiss()
        try twins.advance(frame60)
        try twins.sample(["details", "details.dimming"], over: 0.8, count: 16, "dismissing")
        #expect(dismissed.lua.value == true)
        #expect(ids(twins.lua.window.subviews) == ["root"])
        #expect(twins.distinctSamples(of: "details.dimming") >= 16)
        twins.expectClean()
    }
}

// MARK: - dimming.lua (Listings 11-1 to 11-5)

@MainActor @Suite struct DimmingPluginTests {
    private func twins() throws -> Twins {
        try Twins(
            style: .custom, swift: { _ in SeedDelegate(animator: DiagonalAnimator(), usesDimming: true) },
            lua: { try $0.delegate(animator: "diagonal", presentation: "dimming") })
    }

    @Test func presentationAndDismissalMatchTheSwiftController() throws {
        let twins = try twins()
        let presented = try twins.present()
        try twins.advance(frame60)
        let container = try #require(twins.lua.details.view.superview)
        #expect(ids(container.subviews) == ["details.dimming", "details"])
        let dimming = try #require(find("details.dimming", in: twins.lua.window))
        #expect(dimming.backgroundColor == .black)
        #expect(dimming.name == "dimming")
        #expect(dimming.frame == windowBounds)
        try twins.sample(["details", "details.dimming", "root"], over: 0.5, "presenting")
        #expect(presented.swift.value == true && presented.lua.value == true)
        #expect(twins.lua.details.view.frame == rightHalf)
        #expect(dimming.presentation.alpha == 0.4)
        #expect(ids(twins.lua.window.subviews) == ["root", "details.container"])

        let dismissed = try twins.dismiss()
        try twins.advance(frame60)
        try twins.sample(["details", "details.dimming", "root"], over: 0.5, "dismissing")
        #expect(dismissed.swift.value == true && dismissed.lua.value == true)
        #expect(dimming.superview == nil)
        #expect(dimming.alpha == 0)
        #expect(ids(twins.lua.window.subviews) == ["root"])
        #expect(twins.distinctSamples(of: "details.dimming") >= 10)
        twins.expectClean()
    }

    @Test func theFrameIsTheRightHalfRoundedDown() throws {
        let host = try makeHost()
        try host.window.setSize(Size(width: 375, height: 667))
        let scene = try luaScene(host, style: .custom) { try $0.delegate(animator: "diagonal", presentation: "dimming") }
        try scene.presentWithoutAnimation()
        #expect(scene.details.view.frame == Rect(x: 188, y: 0, width: 187, height: 667))
        #expect(find("details.dimming", in: host.window)?.presentation.alpha == 0.4)
        #expect(scene.fixture.diagnostics.isEmpty)
    }

    @Test func aSizeChangeMovesTheDimmingViewAlongside() throws {
        let twins = try twins()
        _ = try twins.present()
        try twins.advance(frame60 + 0.51)
        try twins.setSize(Size(width: 375, height: 667))
        twins.expectSame(["details", "details.dimming", "details.container"], "right after setSize")
        try twins.sample(["details", "details.dimming", "details.container"], over: 0.3, count: 9, "resizing")
        let dimming = try #require(find("details.dimming", in: twins.lua.window))
        #expect(dimming.presentation.frame == Rect(x: 0, y: 0, width: 375, height: 667))
        #expect(twins.lua.details.view.presentation.frame == Rect(x: 188, y: 0, width: 187, height: 667))
        #expect(twins.distinctSamples(of: "details.dimming") >= 9)
        twins.expectClean()
    }
}

// MARK: - swipe.lua (Listings 10-3 and 10-4)

@MainActor @Suite struct SwipePluginTests {
    private func dismissalTwins(style: ModalPresentationStyle = .fullScreen, dimming: Bool = false) throws -> Twins {
        try Twins(
            style: style,
            swift: { _ in SeedDelegate(animator: DiagonalAnimator(), usesDimming: dimming) },
            lua: { host in
                try host.delegate(animator: "diagonal", interaction: "swipe", presentation: dimming ? "dimming" : nil)
            })
    }

    @Test func aSwipePastTheThresholdFinishesTheDismissalAsTheSwiftController() throws {
        let twins = try dismissalTwins()
        try twins.presentWithoutAnimation()
        twins.swift.delegate.dismissalInteraction = SwipeInteractionController()
        let dismissed = try twins.dismiss()
        try twins.advance(frame60)
        #expect(twins.lua.fixture.trace.suffix(2) == ["startInteractiveTransition(swipe)", "animateTransition(diagonal)"])
        let container = try #require(twins.lua.details.view.superview)
        #expect(container.gestureRecognizers.count == 1)
        twins.expectSame(["details", "root"], "before the pan")

        try twins.sendPan(.began, at: Point(x: 200, y: 100))
        for (step, y) in [0.1, 0.25, 0.3, 0.45, 0.6].enumerated() {
            try twins.sendPan(.changed, at: Point(x: 230, y: 100 + y * 844))
            twins.expectSame(["details", "root"], "changed \(step)")
            try twins.advance(0.05)  // interactive: the transition's time stands still
            twins.expectSame(["details", "root"], "changed \(step), later")
        }
        try twins.sendPan(.ended, at: Point(x: 250, y: 100 + 0.6 * 844))
        #expect(container.gestureRecognizers.isEmpty)
        // The rest, (1 − 0.6) × 0.5 s = 0.2 s.
        try twins.sample(["details", "root"], over: 0.2, "finishing")
        #expect(dismissed.swift.value == true && dismissed.lua.value == true)
        #expect(twins.lua.root.presentedViewController == nil)
        #expect(ids(twins.lua.window.subviews) == ["root"])
        #expect(twins.distinctSamples(of: "details") >= 12)
        twins.expectClean()
    }

    @Test func aShortSwipeCancelsAndRestoresAsTheSwiftController() throws {
        let twins = try dismissalTwins()
        try twins.presentWithoutAnimation()
        twins.swift.delegate.dismissalInteraction = SwipeInteractionController()
        let dismissed = try twins.dismiss()
        try twins.advance(frame60)
        try twins.sendPan(.began, at: Point(x: 200, y: 600))
        // Upward travel counts as well: the percentage is |translation.y| / height.
        try twins.sendPan(.changed, at: Point(x: 200, y: 600 - 0.2 * 844))
        twins.expectSame(["details", "root"], "changed up")
        try twins.sendPan(.changed, at: Point(x: 200, y: 600 - 0.4 * 844))
        twins.expectSame(["details", "root"], "changed up more")
        try twins.sendPan(.ended, at: Point(x: 200, y: 600 - 0.4 * 844))
        try twins.sample(["details", "root"], over: 0.4 * 0.5, "cancelling")
        #expect(dismissed.swift.value == false && dismissed.lua.value == false)
        #expect(twins.lua.details.view.presentation.frame == windowBounds)
        #expect(twins.lua.root.presentedViewController === twins.lua.details)
        #expect(twins.lua.root.view.superview == nil)
        #expect(twins.distinctSamples(of: "details") >= 10)
        twins.expectClean()
    }

    @Test func aSwipedPresentationCancelledRemovesTheDimmingViewAsTheSwiftController() throws {
        let twins = try Twins(
            style: .custom,
            swift: { _ in
                SeedDelegate(animator: DiagonalAnimator(), usesDimming: true, presentationInteraction: SwipeInteractionController())
            },
            lua: { try $0.delegate(animator: "diagonal", interaction: "swipe", presentation: "dimming") })
        let presented = try twins.present()
        try twins.advance(frame60)
        try twins.sendPan(.began, at: Point(x: 100, y: 800))
        for y in [0.05, 0.15, 0.3] {
            try twins.sendPan(.changed, at: Point(x: 100, y: 800 - y * 844))
            twins.expectSame(["details", "details.dimming"], "changed to \(y)")
        }
        try twins.sendPan(.ended, at: Point(x: 100, y: 800 - 0.3 * 844))
        try twins.sample(["details", "details.dimming"], over: 0.3 * 0.5, count: 9, "cancelling")
        #expect(presented.swift.value == false && presented.lua.value == false)
        #expect(find("details.dimming", in: twins.lua.window) == nil)
        #expect(ids(twins.lua.window.subviews) == ["root"])
        #expect(twins.lua.root.presentedViewController == nil)
        #expect(twins.distinctSamples(of: "details.dimming") >= 8)
        twins.expectClean()
    }

    @Test func aSwipedDismissalOfTheDimmingPresentationFinishesAsTheSwiftController() throws {
        let twins = try dismissalTwins(style: .custom, dimming: true)
        try twins.presentWithoutAnimation()
        twins.swift.delegate.dismissalInteraction = SwipeInteractionController()
        let dismissed = try twins.dismiss()
        try twins.advance(frame60)
        try twins.sendPan(.began, at: Point(x: 300, y: 100))
        for y in [0.2, 0.55] {
            try twins.sendPan(.changed, at: Point(x: 300, y: 100 + y * 844))
            twins.expectSame(["details", "details.dimming"], "changed to \(y)")
        }
        try twins.sendPan(.ended, at: Point(x: 300, y: 100 + 0.55 * 844))
        try twins.sample(["details", "details.dimming"], over: 0.45 * 0.5, count: 9, "finishing")
        #expect(dismissed.swift.value == true && dismissed.lua.value == true)
        #expect(ids(twins.lua.window.subviews) == ["root"])
        twins.expectClean()
    }

    @Test func theFinishThresholdOptionIsUsed() throws {
        let host = try makeHost()
        let scene = try luaScene(host) {
            try $0.delegate(animator: "diagonal", interaction: "swipe", options: ["finishThreshold": .number(0.2)])
        }
        try scene.presentWithoutAnimation()
        let done = Completion()
        try scene.details.dismiss(animated: true) { done.value = $0 }
        try scene.fixture.advance(frame60)
        try scene.window.sendPan(.began, at: Point(x: 200, y: 100))
        try scene.window.sendPan(.changed, at: Point(x: 200, y: 100 + 0.25 * 844))
        try scene.window.sendPan(.ended, at: Point(x: 200, y: 100 + 0.25 * 844))
        try scene.fixture.advance(0.75 * 0.5 + 0.01)
        #expect(done.value == true)
        #expect(scene.fixture.diagnostics.isEmpty)
    }
}

// MARK: - crossfade.lua

@MainActor @Suite struct CrossfadePluginTests {
    @Test func presentationFadesTheDetailsInOverTheFadingRoot() throws {
        let host = try makeHost()
        let scene = try luaScene(host) { try $0.delegate(animator: "crossfade") }
        let details = scene.details.view, root = scene.root.view
        let done = Completion()
        try scene.root.present(scene.details, animated: true) { done.value = $0 }
        try scene.fixture.advance(frame60)
        let start = scene.fixture.clock.now
        #expect(details.presentation.alpha == 0)
        #expect(details.frame == windowBounds)
        #expect(root.presentation.alpha == 1)
        for step in 1...9 {
            try scene.fixture.advance(start + 0.3 * Double(step) / 10 - scene.fixture.clock.now)
            let p = easeInOut((scene.fixture.clock.now - start) / 0.3)
            #expect(near(details.presentation.alpha, p, curveTolerance), "at \(step)")
            #expect(near(root.presentation.alpha, 1 - p, curveTolerance), "at \(step)")
        }
        try scene.fixture.advance(start + 0.31 - scene.fixture.clock.now)
        #expect(done.value == true)
        #expect(details.presentation.alpha == 1)
        #expect(root.superview == nil)
        // The presenting view left the window with its alpha given back.
        #expect(root.alpha == 1 && root.presentation.alpha == 1)
        #expect(scene.fixture.diagnostics.isEmpty)
    }

    @Test func linearDismissalWithADurationFadesExactly() throws {
        let host = try makeHost()
        let scene = try luaScene(host) {
            try $0.delegate(animator: "crossfade", options: ["duration": .number(0.5), "curve": .string("linear")])
        }
        let details = scene.details.view, root = scene.root.view
        try scene.root.present(scene.details, animated: true)
        try scene.fixture.advance(frame60 + 0.51)
        let done = Completion()
        try scene.details.dismiss(animated: true) { done.value = $0 }
        try scene.fixture.advance(frame60)
        let start = scene.fixture.clock.now
        #expect(ids(details.superview?.subviews ?? []) == ["root", "details"])
        for step in 0...10 {
            try scene.fixture.advance(start + 0.05 * Double(step) - scene.fixture.clock.now)
            let p = (scene.fixture.clock.now - start) / 0.5
            if step < 10 {  // at the end, the dismissed view gets its alpha back as it leaves
                #expect(near(details.presentation.alpha, 1 - p, 1e-12), "at \(step)")
            }
            #expect(near(root.presentation.alpha, p, 1e-12), "at \(step)")
        }
        try scene.fixture.advance(0.01)
        #expect(done.value == true)
        #expect(details.superview == nil)
        #expect(details.alpha == 1)  // given back for the next presentation
        #expect(root.alpha == 1)
        #expect(ids(scene.window.subviews) == ["root"])
        #expect(scene.fixture.diagnostics.isEmpty)
    }

    @Test func overFullScreenFadesOnlyThePresentedView() throws {
        let host = try makeHost()
        let scene = try luaScene(host, style: .overFullScreen) {
            try $0.delegate(animator: "crossfade", options: ["curve": .string("linear")])
        }
        let details = scene.details.view, root = scene.root.view
        try scene.root.present(scene.details, animated: true)
        try scene.fixture.advance(frame60 + 0.15)
        #expect(near(details.presentation.alpha, 0.5, 1e-12))
        #expect(root.presentation.alpha == 1)
        try scene.fixture.advance(0.16)
        try scene.details.dismiss(animated: true)
        try scene.fixture.advance(frame60 + 0.15)
        #expect(near(details.presentation.alpha, 0.5, 1e-12))
        #expect(root.presentation.alpha == 1)
        try scene.fixture.advance(0.16)
        #expect(ids(scene.window.subviews) == ["root"])
        #expect(details.alpha == 1)
        #expect(scene.fixture.diagnostics.isEmpty)
    }

    @Test func aCancelledPresentationGivesTheAlphasBack() throws {
        let host = try makeHost()
        let scene = try luaScene(host) { try $0.delegate(animator: "crossfade", interaction: "percent") }
        let details = scene.details.view, root = scene.root.view
        let done = Completion()
        try scene.root.present(scene.details, animated: true) { done.value = $0 }
        try scene.fixture.advance(frame60)
        let context = try #require(scene.window.transitionContexts.first)
        context.updateInteractiveTransition(0.5)
        #expect(near(details.presentation.alpha, 0.5, curveTolerance))
        context.cancelInteractiveTransition()
        try scene.fixture.advance(0.2)
        #expect(done.value == false)
        #expect(root.alpha == 1 && root.presentation.alpha == 1)
        #expect(details.alpha == 1 && details.presentation.alpha == 1)
        #expect(details.superview == nil)
        #expect(scene.fixture.diagnostics.isEmpty)
    }
}

// MARK: - slide.lua

@MainActor @Suite struct SlidePluginTests {
    @Test func fullScreenPushAndPopWithParallax() throws {
        let host = try makeHost()
        let scene = try luaScene(host) { try $0.delegate(animator: "slide") }
        let details = scene.details.view, root = scene.root.view
        let done = Completion()
        try scene.root.present(scene.details, animated: true) { done.value = $0 }
        try scene.fixture.advance(frame60)
        let start = scene.fixture.clock.now
        #expect(details.presentation.frame == Rect(x: 390, y: 0, width: 390, height: 844))
        for step in 0...8 {
            try scene.fixture.advance(start + 0.35 * Double(step) / 8 - scene.fixture.clock.now)
            let p = easeInOut((scene.fixture.clock.now - start) / 0.35)
            #expect(near(details.presentation.frame, Rect(x: 390 * (1 - p), y: 0, width: 390, height: 844), 390 * curveTolerance), "at \(step)")
            if step < 8 {  // at the end, the completion gives the presenter back its frame as it leaves the window
                #expect(near(root.presentation.frame, Rect(x: -117 * p, y: 0, width: 390, height: 844), 117 * curveTolerance), "at \(step)")
            }
        }
        try scene.fixture.advance(0.01)
        #expect(done.value == true)
        #expect(details.presentation.frame == windowBounds)
        #expect(root.superview == nil)
        #expect(root.frame == windowBounds)  // not left parked off-screen

        let dismissed = Completion()
        try scene.details.dismiss(animated: true) { dismissed.value = $0 }
        try scene.fixture.advance(frame60)
        let back = scene.fixture.clock.now
        #expect(ids(details.superview?.subviews ?? []) == ["root", "details"])
        #expect(root.presentation.frame == Rect(x: -117, y: 0, width: 390, height: 844))
        for step in 0...8 {
            try scene.fixture.advance(back + 0.35 * Double(step) / 8 - scene.fixture.clock.now)
            let p = easeInOut((scene.fixture.clock.now - back) / 0.35)
            #expect(near(details.presentation.frame, Rect(x: 390 * p, y: 0, width: 390, height: 844), 390 * curveTolerance), "at \(step)")
            #expect(near(root.presentation.frame, Rect(x: -117 * (1 - p), y: 0, width: 390, height: 844), 117 * curveTolerance), "at \(step)")
        }
        try scene.fixture.advance(0.01)
        #expect(dismissed.value == true)
        #expect(root.frame == windowBounds && root.presentation.frame == windowBounds)
        #expect(ids(scene.window.subviews) == ["root"])
        #expect(details.superview == nil)
        #expect(scene.fixture.diagnostics.isEmpty)
    }

    @Test func aKeptPresenterIsMovedThroughItsViewControllerAndStaysParked() throws {
        let host = try makeHost()
        let scene = try luaScene(host, style: .overFullScreen) {
            try $0.delegate(animator: "slide", options: ["curve": .string("linear"), "duration": .number(0.4), "parallax": .number(0.5)])
        }
        let details = scene.details.view, root = scene.root.view
        try scene.root.present(scene.details, animated: true)
        try scene.fixture.advance(frame60)
        #expect(scene.window.transitionContexts.first?.view(forKey: .from) == nil)
        let start = scene.fixture.clock.now
        for step in 0...8 {
            try scene.fixture.advance(start + 0.05 * Double(step) - scene.fixture.clock.now)
            let p = (scene.fixture.clock.now - start) / 0.4
            #expect(near(details.presentation.frame, Rect(x: 390 * (1 - p), y: 0, width: 390, height: 844)), "at \(step)")
            #expect(near(root.presentation.frame, Rect(x: -195 * p, y: 0, width: 390, height: 844)), "at \(step)")
        }
        try scene.fixture.advance(0.01)
        #expect(root.superview === scene.window)
        #expect(root.frame == Rect(x: -195, y: 0, width: 390, height: 844))

        try scene.details.dismiss(animated: true)
        try scene.fixture.advance(frame60)
        let back = scene.fixture.clock.now
        #expect(scene.window.transitionContexts.first?.view(forKey: .to) == nil)
        for step in 0...8 {
            try scene.fixture.advance(back + 0.05 * Double(step) - scene.fixture.clock.now)
            let p = (scene.fixture.clock.now - back) / 0.4
            #expect(near(details.presentation.frame, Rect(x: 390 * p, y: 0, width: 390, height: 844)), "at \(step)")
            #expect(near(root.presentation.frame, Rect(x: -195 * (1 - p), y: 0, width: 390, height: 844)), "at \(step)")
        }
        try scene.fixture.advance(0.01)
        #expect(root.frame == windowBounds)
        #expect(ids(scene.window.subviews) == ["root"])
        #expect(scene.fixture.diagnostics.isEmpty)
    }

    @Test func intoTheDimmingControllerTheRightHalfSlidesInFromTheEdge() throws {
        let host = try makeHost()
        let scene = try luaScene(host, style: .custom) {
            try $0.delegate(animator: "slide", presentation: "dimming", options: ["curve": .string("linear")])
        }
        let details = scene.details.view, root = scene.root.view
        try scene.root.present(scene.details, animated: true)
        try scene.fixture.advance(frame60)
        #expect(details.presentation.frame == Rect(x: 390, y: 0, width: 195, height: 844))
        try scene.fixture.advance(0.35 / 2)
        #expect(near(details.presentation.frame, Rect(x: 292.5, y: 0, width: 195, height: 844)))
        #expect(near(root.presentation.frame, Rect(x: -58.5, y: 0, width: 390, height: 844)))
        #expect(near(find("details.dimming", in: scene.window)?.presentation.alpha ?? -1, 0.4 * easeInOut(0.5), 1e-6))
        try scene.fixture.advance(0.35 / 2 + 0.01)
        #expect(details.frame == rightHalf)
        #expect(root.frame == Rect(x: -117, y: 0, width: 390, height: 844))
        #expect(scene.fixture.diagnostics.isEmpty)
    }
}

// MARK: - sheet.lua

@MainActor @Suite struct SheetPluginTests {
    private static let rest = Rect(x: 0, y: 422, width: 390, height: 422)
    private static let below = Rect(x: 0, y: 844, width: 390, height: 422)

    /// A scene presenting the details as a sheet (the plugin as its own delegate), presented and
    /// settled.
    private func presentedSheet(
        options: RoleOptions = [:], duration: Double = 0.35, rest: Rect = rest
    ) throws -> (ScrimHost, SeedScene) {
        let host = try makeHost()
        let scene = try luaScene(host, style: .custom) { try $0.delegate(named: "sheet", options: options) }
        try scene.root.present(scene.details, animated: true)
        try scene.fixture.advance(frame60 + duration + 0.01)
        #expect(scene.details.view.presentation.frame == rest)
        return (host, scene)
    }

    private func rubberBand(_ x: Double) -> Double { (1 - 1 / (x * 0.55 / 422 + 1)) * 422 }

    @Test func theSheetRisesIntoTheBottomHalfOverADimmedBackground() throws {
        let host = try makeHost()
        let scene = try luaScene(host, style: .custom) { try $0.delegate(named: "sheet") }
        let details = scene.details.view
        let done = Completion()
        try scene.root.present(scene.details, animated: true) { done.value = $0 }
        try scene.fixture.advance(frame60)
        #expect(scene.fixture.trace.contains("presentationControllerForPresented(sheet)"))
        #expect(!scene.fixture.trace.contains("startInteractiveTransition(sheet)"))
        let container = try #require(details.superview)
        #expect(ids(container.subviews) == ["details.dimming", "details"])
        let dimming = try #require(find("details.dimming", in: scene.window))
        #expect(details.cornerRadius == 16)
        let start = scene.fixture.clock.now
        for step in 0...8 {
            try scene.fixture.advance(start + 0.35 * Double(step) / 8 - scene.fixture.clock.now)
            let p = easeInOut((scene.fixture.clock.now - start) / 0.35)
            #expect(near(details.presentation.frame, lerp(Self.below, Self.rest, p), 844 * curveTolerance), "at \(step)")
            #expect(near(dimming.presentation.alpha, 0.3 * p, curveTolerance), "at \(step)")
        }
        try scene.fixture.advance(0.01)
        #expect(done.value == true)
        #expect(details.frame == Self.rest)
        #expect(dimming.presentation.alpha == 0.3)
        #expect(scene.root.view.superview === scene.window)  // a custom presentation keeps the presenter
        #expect(scene.fixture.diagnostics.isEmpty)
        #expect(isClean(host))
    }

    @Test func aDragPastTheThresholdDismisses() throws {
        let (host, scene) = try presentedSheet()
        let details = scene.details.view
        let dimming = try #require(find("details.dimming", in: scene.window))
        let done = Completion()
        try scene.details.dismiss(animated: true) { done.value = $0 }
        try scene.fixture.advance(frame60)
        #expect(scene.fixture.trace.contains("interactionControllerForDismissal(sheet)"))
        let container = try #require(details.superview)
        #expect(container.gestureRecognizers.count == 1)
        #expect(try scene.window.sendPan(.began, at: Point(x: 200, y: 500)))
        // Dragging down, the sheet follows the finger point for point.
        for dy in [40.0, 120, 200] {
            try scene.window.sendPan(.changed, at: Point(x: 210, y: 500 + dy))
            #expect(near(details.presentation.frame, Self.rest.offsetBy(dx: 0, dy: dy)), "at \(dy)")
            #expect(near(dimming.presentation.alpha, 0.3 * (1 - easeInOut(dy / 422)), curveTolerance), "at \(dy)")
            try scene.fixture.advance(0.1)
            #expect(near(details.presentation.frame, Self.rest.offsetBy(dx: 0, dy: dy)), "at \(dy), later")
        }
        try scene.window.sendPan(.ended, at: Point(x: 210, y: 700))
        #expect(container.gestureRecognizers.isEmpty)
        // The rest of the way, (1 − p) × 0.35 s, eased out.
        let p = 200.0 / 422, remaining = (1 - p) * 0.35, released = scene.fixture.clock.now
        for step in 1...8 {
            try scene.fixture.advance(released + remaining * Double(step) / 9 - scene.fixture.clock.now)
            let time = p + (1 - p) * easeOut((scene.fixture.clock.now - released) / remaining)
            #expect(near(details.presentation.frame, lerp(Self.rest, Self.below, time), 844 * curveTolerance), "at \(step)")
        }
        try scene.fixture.advance(released + remaining + 0.01 - scene.fixture.clock.now)
        #expect(done.value == true)
        #expect(details.superview == nil)
        #expect(details.cornerRadius == 0)  // given back
        #expect(dimming.superview == nil)
        #expect(ids(scene.window.subviews) == ["root"])
        #expect(scene.root.presentedViewController == nil)
        #expect(scene.fixture.diagnostics.isEmpty)
        #expect(isClean(host))
    }

    @Test func aShortDragSnapsBack() throws {
        let (_, scene) = try presentedSheet()
        let details = scene.details.view
        let dimming = try #require(find("details.dimming", in: scene.window))
        let done = Completion()
        try scene.details.dismiss(animated: true) { done.value = $0 }
        try scene.fixture.advance(frame60)
        let container = try #require(details.superview)
        try scene.window.sendPan(.began, at: Point(x: 200, y: 500))
        try scene.window.sendPan(.changed, at: Point(x: 200, y: 600))
        #expect(near(details.presentation.frame, Self.rest.offsetBy(dx: 0, dy: 100)))
        try scene.window.sendPan(.ended, at: Point(x: 200, y: 600))
        // Back in p × 0.35 s, eased out.
        let p = 100.0 / 422, back = p * 0.35, released = scene.fixture.clock.now
        try scene.fixture.advance(back / 2)
        let time = p * (1 - easeOut((scene.fixture.clock.now - released) / back))
        #expect(near(details.presentation.frame, lerp(Self.rest, Self.below, time), 844 * curveTolerance))
        try scene.fixture.advance(back / 2 + 0.01)
        #expect(done.value == false)
        #expect(details.frame == Self.rest && details.presentation.frame == Self.rest)
        #expect(details.cornerRadius == 16)
        #expect(dimming.alpha == 0.3 && dimming.presentation.alpha == 0.3)
        #expect(container.gestureRecognizers.isEmpty)
        #expect(scene.root.presentedViewController === scene.details)
        #expect(scene.fixture.diagnostics.isEmpty)

        // The sheet can be dragged again: a new dismissal, a new drag.
        let again = Completion()
        try scene.details.dismiss(animated: true) { again.value = $0 }
        try scene.fixture.advance(frame60)
        #expect(container.gestureRecognizers.count == 1)
        try scene.window.sendPan(.began, at: Point(x: 200, y: 500))
        try scene.window.sendPan(.changed, at: Point(x: 200, y: 800))
        try scene.window.sendPan(.ended, at: Point(x: 200, y: 800))
        try scene.fixture.advance(0.35)
        #expect(again.value == true)
        #expect(scene.fixture.diagnostics.isEmpty)
    }

    @Test func draggingUpRubberBandsAndSpringsBack() throws {
        let (host, scene) = try presentedSheet()
        let details = scene.details.view
        let done = Completion()
        try scene.details.dismiss(animated: true) { done.value = $0 }
        try scene.fixture.advance(frame60)
        try scene.window.sendPan(.began, at: Point(x: 200, y: 500))
        for dy in [20.0, 100, 300, 1000] {
            try scene.window.sendPan(.changed, at: Point(x: 200, y: 500 - dy))
            let offset = rubberBand(dy)
            #expect(offset < dy && offset < 422)
            #expect(near(details.presentation.frame, Self.rest.offsetBy(dx: 0, dy: -offset)), "up \(dy)")
            #expect(near(details.presentation.transform, ScrimCore.AffineTransform.translation(0, -offset)), "up \(dy)")
            #expect(near(scene.window.transitionContexts.first?.percentComplete ?? -1, 0))
        }
        // Back down past the resting place: the rubber band lets go and the dismissal follows.
        try scene.window.sendPan(.changed, at: Point(x: 200, y: 550))
        #expect(details.presentation.transform == .identity)
        #expect(near(details.presentation.frame, Self.rest.offsetBy(dx: 0, dy: 50)))
        try scene.window.sendPan(.changed, at: Point(x: 200, y: 400))
        #expect(near(details.presentation.frame, Self.rest.offsetBy(dx: 0, dy: -rubberBand(100))))
        try scene.window.sendPan(.ended, at: Point(x: 200, y: 400))
        // The spring back (0.4 s, damping 0.8, on the clock); the dismissal, at 0 %, is cancelled
        // at once.
        let spring = try DurationSpring(duration: 0.4, dampingRatio: 0.8, initialVelocity: 0)
        let released = scene.fixture.clock.now, offset = rubberBand(100)
        for step in 1...8 {
            try scene.fixture.advance(released + 0.05 * Double(step) - scene.fixture.clock.now)
            let progress = spring.progress(at: scene.fixture.clock.now - released)
            #expect(near(details.presentation.frame, Self.rest.offsetBy(dx: 0, dy: -offset * (1 - progress))), "at \(step)")
        }
        #expect(done.value == false)
        try scene.fixture.advance(0.01)
        #expect(done.value == false)
        #expect(details.transform == .identity && details.presentation.transform == .identity)
        #expect(details.presentation.frame == Self.rest)
        #expect(scene.root.presentedViewController === scene.details)
        #expect(scene.fixture.diagnostics.isEmpty)
        #expect(isClean(host))
    }

    @Test func aFlickDismissesBeforeTheThreshold() throws {
        let (_, scene) = try presentedSheet()
        let done = Completion()
        try scene.details.dismiss(animated: true) { done.value = $0 }
        try scene.fixture.advance(frame60)
        try scene.window.sendPan(.began, at: Point(x: 200, y: 500))
        try scene.fixture.advance(frame60)
        try scene.window.sendPan(.changed, at: Point(x: 200, y: 530))
        try scene.fixture.advance(frame60)
        try scene.window.sendPan(.changed, at: Point(x: 200, y: 560))
        try scene.window.sendPan(.ended, at: Point(x: 200, y: 560))  // 60 pt in 2 frames: 1800 pt/s
        try scene.fixture.advance(0.35)
        #expect(done.value == true)
        #expect(scene.fixture.diagnostics.isEmpty)
    }

    @Test func withoutDragToDismissTheDismissalAnimatesOnItsOwn() throws {
        let (_, scene) = try presentedSheet(
            options: ["dragToDismiss": .bool(false), "duration": .number(0.5), "heightFraction": .number(0.25)],
            duration: 0.5, rest: Rect(x: 0, y: 633, width: 390, height: 211))
        let details = scene.details.view
        #expect(details.frame == Rect(x: 0, y: 633, width: 390, height: 211))
        let done = Completion()
        try scene.details.dismiss(animated: true) { done.value = $0 }
        try scene.fixture.advance(frame60)
        #expect(!scene.fixture.trace.contains("startInteractiveTransition(sheet)"))
        let start = scene.fixture.clock.now
        try scene.fixture.advance(0.25)
        let p = easeInOut((scene.fixture.clock.now - start) / 0.5)
        #expect(near(details.presentation.frame, Rect(x: 0, y: 633 + 211 * p, width: 390, height: 211), 844 * curveTolerance))
        try scene.fixture.advance(0.26)
        #expect(done.value == true)
        #expect(ids(scene.window.subviews) == ["root"])
        #expect(scene.fixture.diagnostics.isEmpty)
    }

    @Test func vendedByNameForEveryRoleThePresentationIsNotDragged() throws {
        let host = try makeHost()
        let scene = try luaScene(host, style: .custom) {
            try $0.delegate(animator: "sheet", interaction: "sheet", presentation: "sheet")
        }
        let done = Completion()
        try scene.root.present(scene.details, animated: true) { done.value = $0 }
        try scene.fixture.advance(frame60 + 0.36)
        #expect(done.value == true)
        #expect(scene.details.view.presentation.frame == Self.rest)
        let container = try #require(scene.details.view.superview)
        #expect(container.gestureRecognizers.isEmpty)
        // And its dismissal is dragged.
        let dismissed = Completion()
        try scene.details.dismiss(animated: true) { dismissed.value = $0 }
        try scene.fixture.advance(frame60)
        try scene.window.sendPan(.began, at: Point(x: 200, y: 500))
        try scene.window.sendPan(.changed, at: Point(x: 200, y: 800))
        try scene.window.sendPan(.ended, at: Point(x: 200, y: 800))
        try scene.fixture.advance(0.35)
        #expect(dismissed.value == true)
        #expect(scene.fixture.diagnostics.isEmpty)
        #expect(isClean(host))
    }
}
