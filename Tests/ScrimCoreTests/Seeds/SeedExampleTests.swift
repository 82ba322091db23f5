import Foundation
import Testing
@testable import ScrimCore
import ScrimTestSupport

// MARK: - Independent references

/// UIKit's ease-in-out, solved independently of `CubicBezier`.
private func easeInOut(_ x: Double) -> Double { ReferenceCurve.easeInOut(x) }

/// The pop's spring (ζ = 0.5, v0 = 0.2, T = 0.8 s, ε = 0.001; Docs/Animation.md,
/// "Duration spring"), solved here by bisection on the decreasing branch of the envelope
/// equation, independently of `DurationSpring`: the fraction of the distance covered at `t`.
private func popSpringProgress(_ t: Double) -> Double {
    let zeta = PopAnimator.springDamping, v0 = PopAnimator.springVelocity, duration = PopAnimator.defaultDuration
    if t >= duration { return 1 }
    if t <= 0 { return 0 }
    let scale = (1 - zeta * zeta).squareRoot()
    func envelope(_ omega: Double) -> Double {
        (zeta * omega - v0) / (omega * scale) * exp(-zeta * omega * duration) - 0.001
    }
    var low = 2.0, high = 200.0  // the envelope is positive at 2 and negative at 200 for these parameters
    for _ in 0..<200 {
        let mid = 0.5 * (low + high)
        if envelope(mid) > 0 { low = mid } else { high = mid }
    }
    let omega = 0.5 * (low + high), damped = omega * scale
    let remaining = exp(-zeta * omega * t) * (cos(damped * t) + (zeta * omega - v0) / damped * sin(damped * t))
    return 1 - remaining
}

private func lerp(_ a: Rect, _ b: Rect, _ p: Double) -> Rect {
    Rect(
        x: a.x + (b.x - a.x) * p, y: a.y + (b.y - a.y) * p,
        width: a.width + (b.width - a.width) * p, height: a.height + (b.height - a.height) * p)
}

/// The Bézier solver may be off by 1e-6 in progress (Docs/Animation.md, "CubicBezier"): at most
/// ~1e-3 pt on 844 pt.
private let curveTolerance = 1e-3
/// Springs and linear maps are closed forms: they must agree to rounding.
private let exactTolerance = 1e-9

private let windowBounds = Rect(x: 0, y: 0, width: 390, height: 844)
private let rightHalf = Rect(x: 195, y: 0, width: 195, height: 844)

// MARK: - Tests

@MainActor @Suite struct SeedExampleTests {
    /// Moves the clock to `start + offset` (in whole 60 fps frames plus an exact remainder).
    private func advance(_ f: TransitionFixture, to offset: Double, from start: Double) throws {
        try f.advance(start + offset - f.clock.now)
    }

    // MARK: Listing 10-2

    @Test func diagonalPresentationGrowsFromTheLowerRightCorner() throws {
        let scene = try SeedScene.make { _ in SeedDelegate(animator: DiagonalAnimator()) }
        let f = scene.fixture, view = scene.details.view
        var completed: Bool?
        try scene.root.present(scene.details, animated: true) { completed = $0 }
        #expect(f.trace.isEmpty)
        try f.advance(1.0 / 60)
        #expect(f.trace.suffix(2) == ["transitionDuration(diagonal)", "animateTransition(diagonal)"])
        let start = f.clock.now, duration = DiagonalAnimator.defaultDuration
        #expect(view.presentation.frame == Rect(x: 390, y: 844, width: 0, height: 0))
        for quarter in [0.25, 0.5, 0.75, 1.0] {
            try advance(f, to: quarter * duration, from: start)
            let p = easeInOut((f.clock.now - start) / duration)
            let expected = Rect(x: 390 * (1 - p), y: 844 * (1 - p), width: 390 * p, height: 844 * p)
            #expect(isApprox(view.presentation.frame, expected, tolerance: curveTolerance), "at \(quarter)")
        }
        try advance(f, to: duration + 0.01, from: start)
        #expect(completed == true)
        #expect(view.frame == windowBounds)
        #expect(view.presentation.frame == windowBounds)
        #expect(scene.root.presentedViewController === scene.details)
        #expect(scene.root.view.superview == nil)
        #expect(f.diagnostics.isEmpty)
    }

    @Test func diagonalDismissalSlidesBackToTheLowerRightCorner() throws {
        let scene = try SeedScene.make { _ in SeedDelegate(animator: DiagonalAnimator()) }
        try scene.presentWithoutAnimation()
        let f = scene.fixture, view = scene.details.view
        var completed: Bool?
        try scene.details.dismiss(animated: true) { completed = $0 }
        try f.advance(1.0 / 60)
        let start = f.clock.now, duration = DiagonalAnimator.defaultDuration
        #expect(view.presentation.frame == windowBounds)
        // The presenting view is back, below the dismissed one, at its final frame.
        #expect(ids(view.superview?.subviews ?? []) == ["root", "details"])
        #expect(scene.root.view.frame == windowBounds)
        for quarter in [0.25, 0.5, 0.75, 1.0] {
            try advance(f, to: quarter * duration, from: start)
            let p = easeInOut((f.clock.now - start) / duration)
            let expected = Rect(x: 390 * p, y: 844 * p, width: 390, height: 844)
            #expect(isApprox(view.presentation.frame, expected, tolerance: curveTolerance), "at \(quarter)")
        }
        try advance(f, to: duration + 0.01, from: start)
        #expect(completed == true)
        #expect(view.frame == Rect(x: 390, y: 844, width: 390, height: 844))
        #expect(view.superview == nil)
        #expect(ids(f.window.subviews) == ["root"])
        #expect(scene.root.view.frame == windowBounds)
        #expect(scene.root.presentedViewController == nil)
        #expect(f.diagnostics.isEmpty)
    }

    // MARK: The tutorial's PopAnimator

    @Test func popSpringMatchesTheIndependentReference() throws {
        let spring = try DurationSpring(
            duration: PopAnimator.defaultDuration, dampingRatio: PopAnimator.springDamping, initialVelocity: PopAnimator.springVelocity)
        for t in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(isApprox(spring.progress(at: t), popSpringProgress(t), tolerance: exactTolerance), "at \(t)")
        }
        // Damping 0.5 overshoots: by about 16 % near a quarter of a second.
        #expect(popSpringProgress(0.25) > 1.1)
    }

    @Test func popPresentationZoomsOutOfTheCard() throws {
        let scene = try SeedScene.make { card in SeedDelegate(animator: PopAnimator(), sourceView: card) }
        let f = scene.fixture, view = scene.details.view
        var dismissCompletions = 0
        let pop = try #require(scene.delegate.animator as? PopAnimator)
        let unhide = pop.dismissCompletion
        pop.dismissCompletion = {
            dismissCompletions += 1
            unhide?()
        }
        var completed: Bool?
        try scene.root.present(scene.details, animated: true) { completed = $0 }
        try f.advance(1.0 / 60)
        let start = f.clock.now
        #expect(pop.originFrame == SeedScene.cardFrame)
        #expect(scene.card.isHidden)
        #expect(view.clipsToBounds)
        #expect(isApprox(view.presentation.frame, SeedScene.cardFrame, tolerance: exactTolerance))
        #expect(view.presentation.cornerRadius == 20)
        for t in [0.1, 0.25, 0.5, 0.75, 0.8] {
            try advance(f, to: t, from: start)
            let p = popSpringProgress(f.clock.now - start)
            #expect(isApprox(view.presentation.frame, lerp(SeedScene.cardFrame, windowBounds, p), tolerance: exactTolerance), "at \(t)")
            #expect(isApprox(view.presentation.cornerRadius, 20 * (1 - p), tolerance: exactTolerance), "at \(t)")
        }
        #expect(completed == nil || completed == true)
        try advance(f, to: 0.81, from: start)
        #expect(completed == true)
        #expect(view.frame == windowBounds)
        #expect(view.presentation.frame == windowBounds)
        #expect(view.transform == .identity)
        #expect(view.cornerRadius == 0)
        #expect(dismissCompletions == 0)
        #expect(scene.card.isHidden)
        #expect(f.diagnostics.isEmpty)
    }

    @Test func popPresentationOvershootsWithTheSpring() throws {
        let scene = try SeedScene.make { card in SeedDelegate(animator: PopAnimator(), sourceView: card) }
        let f = scene.fixture, view = scene.details.view
        try scene.root.present(scene.details, animated: true)
        try f.advance(1.0 / 60)
        let start = f.clock.now
        try advance(f, to: 0.25, from: start)
        // Wider than the window and with a negative corner radius: the spring's overshoot, unclamped.
        #expect(view.presentation.frame.width > 390 + 4)
        #expect(view.presentation.cornerRadius < 0)
    }

    @Test func popDismissalZoomsBackToTheCardAndCallsDismissCompletionOnce() throws {
        let scene = try SeedScene.make { card in SeedDelegate(animator: PopAnimator(), sourceView: card) }
        let f = scene.fixture, view = scene.details.view
        var dismissCompletions = 0
        let pop = try #require(scene.delegate.animator as? PopAnimator)
        let unhide = pop.dismissCompletion
        pop.dismissCompletion = {
            dismissCompletions += 1
            unhide?()
        }
        try scene.root.present(scene.details, animated: true)
        try f.advance(1.0 / 60 + 0.81)
        #expect(scene.root.presentedViewController === scene.details)

        var completed: Bool?
        try scene.details.dismiss(animated: true) { completed = $0 }
        try f.advance(1.0 / 60)
        let start = f.clock.now
        #expect(pop.presenting == false)
        #expect(view.presentation.frame == windowBounds)
        #expect(view.presentation.cornerRadius == 0)
        // The presenting view is back in the container, behind the details view.
        #expect(ids(view.superview?.subviews ?? []) == ["root", "details"])
        for t in [0.1, 0.25, 0.5, 0.75, 0.8] {
            try advance(f, to: t, from: start)
            let p = popSpringProgress(f.clock.now - start)
            #expect(isApprox(view.presentation.frame, lerp(windowBounds, SeedScene.cardFrame, p), tolerance: exactTolerance), "at \(t)")
            #expect(isApprox(view.presentation.cornerRadius, 20 * p, tolerance: exactTolerance), "at \(t)")
        }
        try advance(f, to: 0.81, from: start)
        #expect(completed == true)
        #expect(dismissCompletions == 1)
        #expect(!scene.card.isHidden)
        #expect(isApprox(view.frame, SeedScene.cardFrame, tolerance: exactTolerance))
        #expect(view.cornerRadius == 20)
        #expect(view.superview == nil)
        #expect(ids(f.window.subviews) == ["root"])
        #expect(scene.root.view.frame == windowBounds)
        #expect(scene.root.presentedViewController == nil)
        try f.advance(1)
        #expect(dismissCompletions == 1)
        #expect(f.diagnostics.isEmpty)
    }

    @Test func popWithTheDimmingControllerZoomsIntoTheRightHalf() throws {
        let scene = try SeedScene.make(style: .custom) { card in
            SeedDelegate(animator: PopAnimator(), usesDimming: true, sourceView: card)
        }
        let f = scene.fixture, view = scene.details.view
        try scene.root.present(scene.details, animated: true)
        try f.advance(1.0 / 60)
        let start = f.clock.now
        let dimming = try #require(scene.delegate.dimmingController).dimmingView
        for t in [0.25, 0.5, 0.75] {
            try advance(f, to: t, from: start)
            let elapsed = f.clock.now - start
            let p = popSpringProgress(elapsed)
            #expect(isApprox(view.presentation.frame, lerp(SeedScene.cardFrame, rightHalf, p), tolerance: exactTolerance), "at \(t)")
            // The dimming fades with the coordinator's ease-in-out over the pop's 0.8 s, not with the spring.
            #expect(isApprox(dimming.presentation.alpha, 0.4 * easeInOut(elapsed / PopAnimator.defaultDuration), tolerance: 1e-6), "at \(t)")
        }
        try advance(f, to: 0.81, from: start)
        #expect(view.presentation.frame == rightHalf)
        #expect(dimming.presentation.alpha == 0.4)
        #expect(f.diagnostics.isEmpty)
    }

    // MARK: Listings 10-3 and 10-4

    @Test func swipeDrivesTheDismissalAndFinishesPastTheThreshold() throws {
        let scene = try SeedScene.make { _ in SeedDelegate(animator: DiagonalAnimator()) }
        try scene.presentWithoutAnimation()
        let f = scene.fixture, view = scene.details.view, duration = DiagonalAnimator.defaultDuration
        let swipe = SwipeInteractionController()
        scene.delegate.dismissalInteraction = swipe
        var completed: Bool?
        try scene.details.dismiss(animated: true) { completed = $0 }
        try f.advance(1.0 / 60)
        #expect(scene.delegate.dismissalInteraction == nil)
        // super starts the animator paused: its animateTransition runs inside startInteractiveTransition.
        #expect(f.trace.suffix(2) == ["startInteractiveTransition(swipe)", "animateTransition(diagonal)"])
        let container = try #require(view.superview)
        let pan = try #require(swipe.panGesture)
        #expect(pan.view === container)
        #expect(pan.maximumNumberOfTouches == 1)
        #expect(swipe.percentComplete == 0)
        #expect(view.presentation.frame == windowBounds)

        #expect(try f.window.sendPan(.began, at: Point(x: 200, y: 100)))
        try f.window.sendPan(.changed, at: Point(x: 230, y: 100 + 0.3 * 844))
        #expect(isApprox(swipe.percentComplete, 0.3))
        func frame(atProgress p: Double) -> Rect { Rect(x: 390 * p, y: 844 * p, width: 390, height: 844) }
        #expect(isApprox(view.presentation.frame, frame(atProgress: easeInOut(0.3)), tolerance: curveTolerance))
        try f.advance(0.2)  // interactive: time stands still
        #expect(isApprox(view.presentation.frame, frame(atProgress: easeInOut(0.3)), tolerance: curveTolerance))
        try f.window.sendPan(.changed, at: Point(x: 250, y: 100 + 0.6 * 844))
        #expect(isApprox(swipe.percentComplete, 0.6))
        #expect(isApprox(view.presentation.frame, frame(atProgress: easeInOut(0.6)), tolerance: curveTolerance))
        try f.window.sendPan(.ended, at: Point(x: 250, y: 100 + 0.6 * 844))
        #expect(swipe.panGesture == nil)
        #expect(container.gestureRecognizers.isEmpty)
        #expect(swipe.reportedPercentages.count == 2)

        // The rest, (1 − 0.6) × 0.5 s = 0.2 s, eases the transition time from 0.3 s to 0.5 s.
        let released = f.clock.now
        try advance(f, to: 0.1, from: released)
        let time = 0.6 * duration + 0.4 * duration * easeInOut((f.clock.now - released) / 0.2)
        #expect(isApprox(view.presentation.frame, frame(atProgress: easeInOut(time / duration)), tolerance: curveTolerance))
        #expect(completed == nil)
        try advance(f, to: 0.21, from: released)
        #expect(completed == true)
        #expect(view.superview == nil)
        #expect(ids(f.window.subviews) == ["root"])
        #expect(scene.root.presentedViewController == nil)
        #expect(f.diagnostics.isEmpty)
    }

    @Test func swipeReleasedBelowTheThresholdCancelsAndRestoresEverything() throws {
        let scene = try SeedScene.make { _ in SeedDelegate(animator: DiagonalAnimator()) }
        try scene.presentWithoutAnimation()
        let f = scene.fixture, view = scene.details.view, duration = DiagonalAnimator.defaultDuration
        let container = try #require(view.superview)
        let swipe = SwipeInteractionController()
        scene.delegate.dismissalInteraction = swipe
        var completed: Bool?
        try scene.details.dismiss(animated: true) { completed = $0 }
        try f.advance(1.0 / 60)
        try f.window.sendPan(.began, at: Point(x: 200, y: 100))
        try f.window.sendPan(.changed, at: Point(x: 200, y: 100 + 0.3 * 844))
        #expect(isApprox(swipe.percentComplete, 0.3))
        try f.window.sendPan(.ended, at: Point(x: 200, y: 100 + 0.3 * 844))
        #expect(container.gestureRecognizers.isEmpty)

        // Back to 0 in 0.3 × 0.5 s = 0.15 s; half way, the transition time is 0.075 s.
        let released = f.clock.now
        try advance(f, to: 0.075, from: released)
        let time = 0.3 * duration * (1 - easeInOut((f.clock.now - released) / 0.15))
        let p = easeInOut(time / duration)
        #expect(isApprox(view.presentation.frame, Rect(x: 390 * p, y: 844 * p, width: 390, height: 844), tolerance: curveTolerance))
        try advance(f, to: 0.16, from: released)
        #expect(completed == false)
        #expect(view.frame == windowBounds)
        #expect(view.presentation.frame == windowBounds)
        #expect(view.superview === container)
        #expect(ids(f.window.subviews) == ["details.container"])
        #expect(scene.root.view.superview == nil)
        #expect(scene.root.presentedViewController === scene.details)
        #expect(scene.details.presentingViewController === scene.root)
        #expect(f.diagnostics.isEmpty)
    }

    @Test func aCancelledPanCancelsEvenPastTheThreshold() throws {
        let scene = try SeedScene.make { _ in SeedDelegate(animator: DiagonalAnimator()) }
        try scene.presentWithoutAnimation()
        let f = scene.fixture, view = scene.details.view
        let swipe = SwipeInteractionController()
        scene.delegate.dismissalInteraction = swipe
        var completed: Bool?
        try scene.details.dismiss(animated: true) { completed = $0 }
        try f.advance(1.0 / 60)
        try f.window.sendPan(.began, at: Point(x: 200, y: 100))
        try f.window.sendPan(.changed, at: Point(x: 200, y: 100 + 0.8 * 844))
        try f.window.sendPan(.cancelled, at: Point(x: 200, y: 100 + 0.8 * 844))
        try f.advance(0.8 * DiagonalAnimator.defaultDuration + 0.01)
        #expect(completed == false)
        #expect(view.presentation.frame == windowBounds)
        #expect(scene.root.presentedViewController === scene.details)
        #expect(f.diagnostics.isEmpty)
    }

    // MARK: Listings 11-1 to 11-5

    @Test func dimmingPresentationShowsTheRightHalfOverAFadingDimmingView() throws {
        let scene = try SeedScene.make(style: .custom) { _ in
            SeedDelegate(animator: DiagonalAnimator(), usesDimming: true)
        }
        let f = scene.fixture, view = scene.details.view, duration = DiagonalAnimator.defaultDuration
        var completed: Bool?
        try scene.root.present(scene.details, animated: true) { completed = $0 }
        try f.advance(1.0 / 60)
        #expect(f.trace == [
            "presentationControllerForPresented(seeds)", "animationControllerForPresented(seeds)",
            "interactionControllerForPresentation(seeds)", "viewWillAppear(details)",
            "presentationTransitionWillBegin(dimming)", "transitionDuration(diagonal)", "animateTransition(diagonal)",
        ])
        let controller = try #require(scene.delegate.dimmingController)
        let dimming = controller.dimmingView
        let container = try #require(controller.containerView)
        let context = try #require(f.window.transitionContexts.first)
        #expect(controller.frameOfPresentedViewInContainerView == rightHalf)
        #expect(context.finalFrame(for: scene.details) == rightHalf)
        #expect(context.view(forKey: .from) == nil)
        #expect(ids(container.subviews) == ["details.dimming", "details"])
        #expect(dimming.frame == windowBounds)
        #expect(dimming.backgroundColor == .black)
        #expect(dimming.presentation.alpha == 0)
        #expect(dimming.alpha == 0.4)
        #expect(view.presentation.frame == Rect(x: 390, y: 844, width: 0, height: 0))

        let start = f.clock.now
        for quarter in [0.25, 0.5, 0.75, 1.0] {
            try advance(f, to: quarter * duration, from: start)
            let p = easeInOut((f.clock.now - start) / duration)
            #expect(isApprox(dimming.presentation.alpha, 0.4 * p, tolerance: 1e-6), "at \(quarter)")
            let expected = Rect(x: 390 - 195 * p, y: 844 * (1 - p), width: 195 * p, height: 844 * p)
            #expect(isApprox(view.presentation.frame, expected, tolerance: curveTolerance), "at \(quarter)")
        }
        try advance(f, to: duration + 0.01, from: start)
        #expect(completed == true)
        #expect(view.frame == rightHalf)
        #expect(view.presentation.frame == rightHalf)
        #expect(dimming.presentation.alpha == 0.4)
        #expect(ids(container.subviews) == ["details.dimming", "details"])
        #expect(ids(f.window.subviews) == ["root", "details.container"])
        #expect(scene.root.view.superview === f.window)
        #expect(Array(f.trace.suffix(4)) == [
            "presentationTransitionDidEnd(dimming)", "animationEnded(diagonal)", "viewDidAppear(details)",
            "completion(details)",
        ])
        #expect(f.diagnostics.isEmpty)
    }

    @Test func dimmingDismissalFadesOutAndRemovesTheDimmingView() throws {
        let scene = try SeedScene.make(style: .custom) { _ in
            SeedDelegate(animator: DiagonalAnimator(), usesDimming: true)
        }
        let f = scene.fixture, view = scene.details.view, duration = DiagonalAnimator.defaultDuration
        try scene.presentWithoutAnimation()
        let controller = try #require(scene.delegate.dimmingController)
        let dimming = controller.dimmingView
        #expect(dimming.presentation.alpha == 0.4)  // no coordinator animation without animation
        #expect(view.frame == rightHalf)

        var completed: Bool?
        try scene.details.dismiss(animated: true) { completed = $0 }
        try f.advance(1.0 / 60)
        #expect(f.trace.contains("dismissalTransitionWillBegin(dimming)"))
        #expect(f.window.transitionContexts.first?.view(forKey: .to) == nil)
        let start = f.clock.now
        for quarter in [0.25, 0.5, 0.75, 1.0] {
            try advance(f, to: quarter * duration, from: start)
            let p = easeInOut((f.clock.now - start) / duration)
            #expect(isApprox(dimming.presentation.alpha, 0.4 * (1 - p), tolerance: 1e-6), "at \(quarter)")
            let expected = Rect(x: 195 + 195 * p, y: 844 * p, width: 195, height: 844)
            #expect(isApprox(view.presentation.frame, expected, tolerance: curveTolerance), "at \(quarter)")
        }
        try advance(f, to: duration + 0.01, from: start)
        #expect(completed == true)
        #expect(dimming.superview == nil)
        #expect(dimming.alpha == 0)
        #expect(view.superview == nil)
        #expect(ids(f.window.subviews) == ["root"])
        #expect(f.trace.contains("dismissalTransitionDidEnd(dimming)"))
        #expect(f.diagnostics.isEmpty)
    }

    @Test func dimmingViewIsRemovedWhenAnInteractivePresentationIsCancelled() throws {
        let swipe = SwipeInteractionController()
        let scene = try SeedScene.make(style: .custom) { _ in
            SeedDelegate(animator: DiagonalAnimator(), usesDimming: true, presentationInteraction: swipe)
        }
        let f = scene.fixture, view = scene.details.view
        var completed: Bool?
        try scene.root.present(scene.details, animated: true) { completed = $0 }
        try f.advance(1.0 / 60)
        let controller = try #require(scene.delegate.dimmingController)
        let dimming = controller.dimmingView
        let container = try #require(controller.containerView)
        #expect(swipe.panGesture?.view === container)

        // Swipe up 30 % of the height.
        try f.window.sendPan(.began, at: Point(x: 100, y: 800))
        try f.window.sendPan(.changed, at: Point(x: 100, y: 800 - 0.3 * 844))
        #expect(isApprox(swipe.percentComplete, 0.3))
        let p = easeInOut(0.3)
        #expect(isApprox(dimming.presentation.alpha, 0.4 * p, tolerance: 1e-6))
        let expected = Rect(x: 390 - 195 * p, y: 844 * (1 - p), width: 195 * p, height: 844 * p)
        #expect(isApprox(view.presentation.frame, expected, tolerance: curveTolerance))
        try f.window.sendPan(.ended, at: Point(x: 100, y: 800 - 0.3 * 844))
        try f.advance(0.3 * DiagonalAnimator.defaultDuration + 0.01)

        #expect(completed == false)
        #expect(dimming.superview == nil)
        #expect(dimming.alpha == 0)
        #expect(dimming.presentation.alpha == 0)
        #expect(view.superview == nil)
        #expect(ids(f.window.subviews) == ["root"])
        #expect(scene.root.presentedViewController == nil)
        #expect(scene.details.presentingViewController == nil)
        #expect(f.trace.contains("presentationTransitionDidEnd(dimming)"))
        #expect(f.diagnostics.isEmpty)
    }

    @Test func dimmingViewStaysWhenAnInteractiveDismissalIsCancelled() throws {
        let scene = try SeedScene.make(style: .custom) { _ in
            SeedDelegate(animator: DiagonalAnimator(), usesDimming: true)
        }
        let f = scene.fixture, view = scene.details.view
        try scene.presentWithoutAnimation()
        let dimming = try #require(scene.delegate.dimmingController).dimmingView
        let swipe = SwipeInteractionController()
        scene.delegate.dismissalInteraction = swipe
        var completed: Bool?
        try scene.details.dismiss(animated: true) { completed = $0 }
        try f.advance(1.0 / 60)
        try f.window.sendPan(.began, at: Point(x: 300, y: 100))
        try f.window.sendPan(.changed, at: Point(x: 300, y: 100 + 0.4 * 844))
        #expect(isApprox(dimming.presentation.alpha, 0.4 * (1 - easeInOut(0.4)), tolerance: 1e-6))
        try f.window.sendPan(.ended, at: Point(x: 300, y: 100 + 0.4 * 844))
        try f.advance(0.4 * DiagonalAnimator.defaultDuration + 0.01)
        #expect(completed == false)
        #expect(dimming.alpha == 0.4)
        #expect(dimming.presentation.alpha == 0.4)
        #expect(ids(view.superview?.subviews ?? []) == ["details.dimming", "details"])
        #expect(view.presentation.frame == rightHalf)
        #expect(scene.root.presentedViewController === scene.details)
        #expect(f.diagnostics.isEmpty)
    }

    @Test func dimmingPresentationIsLaidOutAgainAfterASizeChange() throws {
        let scene = try SeedScene.make(style: .custom) { _ in
            SeedDelegate(animator: DiagonalAnimator(), usesDimming: true)
        }
        let f = scene.fixture, view = scene.details.view
        try scene.root.present(scene.details, animated: true)
        try f.advance(1.0 / 60 + DiagonalAnimator.defaultDuration + 0.01)
        let controller = try #require(scene.delegate.dimmingController)
        let dimming = controller.dimmingView
        let container = try #require(controller.containerView)

        let newBounds = Rect(x: 0, y: 0, width: 375, height: 667)
        let newHalf = Rect(x: 188, y: 0, width: 187, height: 667)  // floor(375 / 2) = 187 wide
        try f.window.setSize(Size(width: 375, height: 667))
        let start = f.clock.now
        #expect(container.frame == newBounds)
        #expect(controller.frameOfPresentedViewInContainerView == newHalf)
        #expect(view.frame == newHalf)
        #expect(dimming.frame == newBounds)
        #expect(view.presentation.frame == rightHalf)
        #expect(dimming.presentation.frame == windowBounds)

        try advance(f, to: 0.15, from: start)
        let p = easeInOut((f.clock.now - start) / TransitionCoordinator.sizeChangeDuration)
        #expect(isApprox(view.presentation.frame, lerp(rightHalf, newHalf, p), tolerance: curveTolerance))
        #expect(isApprox(dimming.presentation.frame, lerp(windowBounds, newBounds, p), tolerance: curveTolerance))
        try advance(f, to: TransitionCoordinator.sizeChangeDuration + 0.01, from: start)
        #expect(view.presentation.frame == newHalf)
        #expect(dimming.presentation.frame == newBounds)
        #expect(container.presentation.frame == newBounds)
        #expect(dimming.presentation.alpha == 0.4)
        #expect(ids(container.subviews) == ["details.dimming", "details"])
        #expect(f.diagnostics.isEmpty)
    }
}
