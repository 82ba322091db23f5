import Foundation
import Testing
@testable import ScrimCore
import ScrimTestSupport

/// Docs/Transitions.md, "Gesture input": `PanGestureRecognizer` fed with synthesized pan events
/// through `Window.sendPan`.
@MainActor @Suite struct PanGestureTests {
    /// A recognizer whose action records the state and the window translation of every event.
    @MainActor final class Recorder {
        let recognizer: PanGestureRecognizer
        var states: [PanGestureRecognizer.State] = []
        var translations: [Point] = []

        init() {
            let recognizer = PanGestureRecognizer()
            self.recognizer = recognizer
            recognizer.addTarget { [unowned self] pan in
                states.append(pan.state)
                translations.append(pan.translation(in: nil))
            }
        }

        func attach(to view: View) -> Self {
            view.addGestureRecognizer(recognizer)
            return self
        }
    }

    func addView(_ f: EngineFixture, _ id: String, _ frame: Rect, to superview: View? = nil) -> View {
        let view = View(id: id, frame: frame)
        (superview ?? f.window).addSubview(view)
        return view
    }

    // MARK: States, translation, actions

    @Test func aPanGoesThroughBeganChangedEndedAndRunsItsActions() throws {
        let f = try EngineFixture()
        let pad = addView(f, "pad", Rect(x: 0, y: 0, width: 200, height: 200))
        var calls: [String] = []
        let recognizer = PanGestureRecognizer { calls.append("first \($0.state.rawValue)") }
        recognizer.addTarget { calls.append("second \($0.state.rawValue)") }
        pad.addGestureRecognizer(recognizer)
        #expect(recognizer.view === pad)
        #expect(pad.gestureRecognizers.count == 1)
        #expect(recognizer.state == .possible)

        #expect(try f.window.sendPan(.began, at: Point(x: 10, y: 10)))
        #expect(recognizer.state == .began)
        #expect(recognizer.translation(in: nil) == .zero)
        #expect(try f.window.sendPan(.changed, at: Point(x: 20, y: 15)))
        #expect(recognizer.state == .changed)
        #expect(recognizer.translation(in: nil) == Point(x: 10, y: 5))
        #expect(recognizer.location(in: nil) == Point(x: 20, y: 15))
        #expect(try f.window.sendPan(.changed, at: Point(x: 40, y: 30)))
        #expect(recognizer.translation(in: nil) == Point(x: 30, y: 20))
        #expect(try f.window.sendPan(.ended, at: Point(x: 50, y: 30)))
        // After the actions saw `ended`, the recognizer is ready for the next gesture.
        #expect(recognizer.state == .possible)
        #expect(recognizer.translation(in: nil) == Point(x: 40, y: 20))
        #expect(calls == [
            "first began", "second began", "first changed", "second changed",
            "first changed", "second changed", "first ended", "second ended",
        ])
    }

    @Test func aCancelledPanEndsWithCancelled() throws {
        let f = try EngineFixture()
        let pad = addView(f, "pad", Rect(x: 0, y: 0, width: 200, height: 200))
        let recorder = Recorder().attach(to: pad)
        try f.window.sendPan(.began, at: Point(x: 50, y: 50))
        try f.window.sendPan(.changed, at: Point(x: 60, y: 50))
        try f.window.sendPan(.cancelled, at: Point(x: 70, y: 50))
        #expect(recorder.states == [.began, .changed, .cancelled])
        #expect(recorder.translations == [.zero, Point(x: 10, y: 0), Point(x: 20, y: 0)])
        #expect(recorder.recognizer.state == .possible)
        #expect(throws: InputError.noPanInProgress(.changed)) { try f.window.sendPan(.changed, at: .zero) }
    }

    @Test func aNewPanCancelsTheOneInProgress() throws {
        let f = try EngineFixture()
        let left = addView(f, "left", Rect(x: 0, y: 0, width: 100, height: 100))
        let right = addView(f, "right", Rect(x: 200, y: 0, width: 100, height: 100))
        let first = Recorder().attach(to: left)
        let second = Recorder().attach(to: right)
        try f.window.sendPan(.began, at: Point(x: 10, y: 10))
        try f.window.sendPan(.changed, at: Point(x: 20, y: 10))
        try f.window.sendPan(.began, at: Point(x: 250, y: 50))
        #expect(first.states == [.began, .changed, .cancelled])
        #expect(first.recognizer.state == .possible)
        #expect(second.states == [.began])
        try f.window.sendPan(.ended, at: Point(x: 260, y: 50))
        #expect(second.states == [.began, .ended])
        #expect(first.states.count == 3)
    }

    @Test func translationInAnOffsetViewEqualsTheWindowTranslation() throws {
        let f = try EngineFixture()
        let pad = addView(f, "pad", Rect(x: 100, y: 200, width: 200, height: 200))
        let inner = addView(f, "inner", Rect(x: 30, y: 40, width: 50, height: 50), to: pad)
        let recognizer = PanGestureRecognizer()
        pad.addGestureRecognizer(recognizer)
        try f.window.sendPan(.began, at: Point(x: 150, y: 250))
        try f.window.sendPan(.changed, at: Point(x: 170, y: 240))
        #expect(recognizer.translation(in: pad) == Point(x: 20, y: -10))
        #expect(recognizer.translation(in: inner) == Point(x: 20, y: -10))
        #expect(recognizer.location(in: pad) == Point(x: 70, y: 40))
        #expect(recognizer.location(in: inner) == Point(x: 40, y: 0))
    }

    @Test func translationInATransformedViewIsInItsCoordinates() throws {
        let f = try EngineFixture()
        let scaled = addView(f, "scaled", Rect(x: 0, y: 0, width: 100, height: 100))
        scaled.transform = .scale(2, 2)
        let turned = addView(f, "turned", Rect(x: 200, y: 200, width: 100, height: 100))
        turned.transform = .rotation(.pi / 2)
        let inside = addView(f, "inside", Rect(x: 10, y: 10, width: 20, height: 20), to: scaled)
        let recognizer = PanGestureRecognizer()
        scaled.addGestureRecognizer(recognizer)
        try f.window.sendPan(.began, at: Point(x: 50, y: 50))
        try f.window.sendPan(.changed, at: Point(x: 70, y: 40))
        #expect(recognizer.translation(in: nil) == Point(x: 20, y: -10))
        #expect(isApprox(recognizer.translation(in: scaled), Point(x: 10, y: -5), tolerance: 1e-9))
        #expect(isApprox(recognizer.translation(in: inside), Point(x: 10, y: -5), tolerance: 1e-9))
        // A quarter turn clockwise: window (20, −10) is (−10, −20) in the turned view.
        #expect(isApprox(recognizer.translation(in: turned), Point(x: -10, y: -20), tolerance: 1e-9))
    }

    @Test func setTranslationRebasesTheTranslation() throws {
        let f = try EngineFixture()
        let pad = addView(f, "pad", Rect(x: 0, y: 0, width: 300, height: 300))
        let scaled = addView(f, "scaled", Rect(x: 0, y: 0, width: 100, height: 100), to: pad)
        scaled.transform = .scale(2, 2)
        let recorder = Recorder().attach(to: pad)
        let pan = recorder.recognizer
        try f.window.sendPan(.began, at: Point(x: 100, y: 100))
        try f.window.sendPan(.changed, at: Point(x: 130, y: 110))
        #expect(pan.translation(in: nil) == Point(x: 30, y: 10))
        pan.setTranslation(.zero, in: nil)
        #expect(pan.translation(in: nil) == .zero)
        try f.window.sendPan(.changed, at: Point(x: 135, y: 100))
        #expect(pan.translation(in: nil) == Point(x: 5, y: -10))
        #expect(recorder.translations.last == Point(x: 5, y: -10))

        pan.setTranslation(Point(x: 3, y: 4), in: scaled)
        #expect(isApprox(pan.translation(in: scaled), Point(x: 3, y: 4), tolerance: 1e-9))
        #expect(isApprox(pan.translation(in: nil), Point(x: 6, y: 8), tolerance: 1e-9))
        try f.window.sendPan(.changed, at: Point(x: 145, y: 100))
        #expect(isApprox(pan.translation(in: scaled), Point(x: 8, y: 4), tolerance: 1e-9))
        #expect(isApprox(pan.translation(in: nil), Point(x: 16, y: 8), tolerance: 1e-9))

        // A new gesture starts from zero again.
        try f.window.sendPan(.ended, at: Point(x: 145, y: 100))
        try f.window.sendPan(.began, at: Point(x: 10, y: 10))
        #expect(pan.translation(in: nil) == .zero)
    }

    // MARK: Velocity

    @Test func velocityIsMeasuredOverTheLastTenthOfASecond() throws {
        let f = try EngineFixture()
        let pad = addView(f, "pad", Rect(x: 0, y: 0, width: 390, height: 844))
        let scaled = addView(f, "scaled", Rect(x: 0, y: 0, width: 100, height: 100), to: pad)
        scaled.transform = .scale(2, 2)
        let recognizer = PanGestureRecognizer()
        pad.addGestureRecognizer(recognizer)
        var x = 0.0, y = 400.0
        try f.window.sendPan(.began, at: Point(x: x, y: y))
        // A single sample: no velocity yet.
        #expect(recognizer.velocity(in: nil) == .zero)
        // 10 frames at 10 pt right and 5 pt up per frame: 600 pt/s, −300 pt/s.
        for _ in 0..<10 {
            try f.advance(oneFrame)
            x += 10
            y -= 5
            try f.window.sendPan(.changed, at: Point(x: x, y: y))
        }
        #expect(isApprox(recognizer.velocity(in: nil), Point(x: 600, y: -300), tolerance: 1e-6))
        #expect(isApprox(recognizer.velocity(in: pad), Point(x: 600, y: -300), tolerance: 1e-6))
        #expect(isApprox(recognizer.velocity(in: scaled), Point(x: 300, y: -150), tolerance: 1e-6))
        // 10 more frames at 20 pt per frame: only the last 0.1 s counts, so 1200 pt/s.
        for _ in 0..<10 {
            try f.advance(oneFrame)
            x += 20
            try f.window.sendPan(.changed, at: Point(x: x, y: y))
        }
        #expect(isApprox(recognizer.velocity(in: nil), Point(x: 1200, y: 0), tolerance: 1e-6))
        // The ended event is a sample too; the actions see the velocity it gives.
        var velocityAtEnd: Point?
        recognizer.addTarget { pan in if pan.state == .ended { velocityAtEnd = pan.velocity(in: nil) } }
        try f.advance(oneFrame)
        try f.window.sendPan(.ended, at: Point(x: x + 20, y: y))
        #expect(isApprox(velocityAtEnd ?? .zero, Point(x: 1200, y: 0), tolerance: 1e-6))
    }

    @Test func aPanHeldStillHasNoVelocity() throws {
        let f = try EngineFixture()
        let pad = addView(f, "pad", Rect(x: 0, y: 0, width: 390, height: 844))
        let recognizer = PanGestureRecognizer()
        pad.addGestureRecognizer(recognizer)
        try f.window.sendPan(.began, at: Point(x: 0, y: 0))
        for step in 1...5 {
            try f.advance(oneFrame)
            try f.window.sendPan(.changed, at: Point(x: Double(step) * 10, y: 0))
        }
        #expect(isApprox(recognizer.velocity(in: nil), Point(x: 600, y: 0), tolerance: 1e-6))
        for _ in 0..<12 {
            try f.advance(oneFrame)
            try f.window.sendPan(.changed, at: Point(x: 50, y: 0))
        }
        #expect(recognizer.velocity(in: nil) == .zero)
        #expect(recognizer.translation(in: nil) == Point(x: 50, y: 0))
    }

    // MARK: Hit-testing

    @Test func theFrontmostViewUnderTheLocationReceivesThePan() throws {
        let f = try EngineFixture()
        let back = addView(f, "back", Rect(x: 0, y: 0, width: 200, height: 200))
        let front = addView(f, "front", Rect(x: 100, y: 100, width: 200, height: 200))
        let backPan = Recorder().attach(to: back)
        let frontPan = Recorder().attach(to: front)
        #expect(f.window.hitTest(Point(x: 150, y: 150)) === front)
        #expect(f.window.hitTest(Point(x: 50, y: 50)) === back)
        #expect(f.window.hitTest(Point(x: 350, y: 500)) === f.window)
        #expect(f.window.hitTest(Point(x: 500, y: 500)) == nil)

        try f.window.sendPan(.began, at: Point(x: 150, y: 150))
        try f.window.sendPan(.ended, at: Point(x: 160, y: 150))
        #expect(frontPan.states == [.began, .ended])
        #expect(backPan.states.isEmpty)
        try f.window.sendPan(.began, at: Point(x: 50, y: 50))
        try f.window.sendPan(.ended, at: Point(x: 60, y: 50))
        #expect(backPan.states == [.began, .ended])
        // Outside every view with a recognizer: nobody receives it, but the pan is in progress
        // (as a touch's moves in UIKit) until it ends: its moves are accepted and go nowhere.
        #expect(try f.window.sendPan(.began, at: Point(x: 350, y: 500)) == false)
        #expect(try f.window.sendPan(.changed, at: Point(x: 50, y: 50)) == false)
        #expect(try f.window.sendPan(.ended, at: Point(x: 60, y: 50)) == false)
        #expect(throws: InputError.noPanInProgress(.changed)) { try f.window.sendPan(.changed, at: Point(x: 1, y: 1)) }
        #expect(frontPan.states.count == 2 && backPan.states.count == 2)
    }

    @Test func hiddenAndTransparentViewsAreSkipped() throws {
        let f = try EngineFixture()
        let back = addView(f, "back", Rect(x: 0, y: 0, width: 200, height: 200))
        let front = addView(f, "front", Rect(x: 0, y: 0, width: 200, height: 200))
        let backPan = Recorder().attach(to: back)
        let frontPan = Recorder().attach(to: front)
        front.isHidden = true
        #expect(f.window.hitTest(Point(x: 50, y: 50)) === back)
        try f.window.sendPan(.began, at: Point(x: 50, y: 50))
        try f.window.sendPan(.ended, at: Point(x: 50, y: 50))
        #expect(backPan.states == [.began, .ended])

        front.isHidden = false
        // UIKit's rule: a view whose alpha is below 0.01 is skipped; 0.01 itself is hit.
        front.alpha = 0.009
        #expect(f.window.hitTest(Point(x: 50, y: 50)) === back)
        front.alpha = 0.01
        #expect(f.window.hitTest(Point(x: 50, y: 50)) === front)
        try f.window.sendPan(.began, at: Point(x: 50, y: 50))
        #expect(frontPan.states == [.began])
        #expect(backPan.states == [.began, .ended])

        // A hidden superview hides its subviews too.
        let hiddenParent = addView(f, "hiddenParent", Rect(x: 0, y: 0, width: 200, height: 200))
        let child = addView(f, "child", Rect(x: 0, y: 0, width: 50, height: 50), to: hiddenParent)
        hiddenParent.isHidden = true
        #expect(f.window.hitTest(Point(x: 10, y: 10)) === front)
        #expect(child.window === f.window)
    }

    /// UIKit's `isUserInteractionEnabled`: a view where it is false is skipped with its subviews;
    /// labels and image views take no touches by default, so a pan on a card's title is the card's.
    @Test func viewsThatTakeNoTouchesAreSkippedWithTheirSubviews() throws {
        let f = try EngineFixture()
        let card = addView(f, "card", Rect(x: 0, y: 0, width: 200, height: 200))
        let title = Label(id: "title", frame: Rect(x: 10, y: 10, width: 180, height: 40))
        let photo = ImageView(id: "photo", frame: Rect(x: 10, y: 60, width: 180, height: 100))
        card.addSubview(title)
        card.addSubview(photo)
        #expect(!title.isUserInteractionEnabled && !photo.isUserInteractionEnabled && card.isUserInteractionEnabled)
        let cardPan = Recorder().attach(to: card)
        #expect(f.window.hitTest(Point(x: 50, y: 30)) === card)
        #expect(f.window.hitTest(Point(x: 50, y: 100)) === card)
        try f.window.sendPan(.began, at: Point(x: 50, y: 30))
        try f.window.sendPan(.ended, at: Point(x: 50, y: 30))
        #expect(cardPan.states == [.began, .ended])

        title.isUserInteractionEnabled = true
        #expect(f.window.hitTest(Point(x: 50, y: 30)) === title)
        // A container that takes none hides its subviews from touches too: the window is hit.
        card.isUserInteractionEnabled = false
        #expect(f.window.hitTest(Point(x: 50, y: 30)) === f.window)
        // A snapshot keeps the flag, as it keeps isHidden.
        #expect(card.snapshotView().isUserInteractionEnabled == false)
        #expect(photo.snapshotView().isUserInteractionEnabled == false)
    }

    @Test func aRecognizerOnASuperviewReceivesPansOnItsSubviews() throws {
        let f = try EngineFixture()
        let card = addView(f, "card", Rect(x: 50, y: 50, width: 300, height: 300))
        let label = addView(f, "label", Rect(x: 10, y: 10, width: 100, height: 30), to: card)
        let recorder = Recorder().attach(to: card)
        #expect(f.window.hitTest(Point(x: 70, y: 70)) === label)
        try f.window.sendPan(.began, at: Point(x: 70, y: 70))
        #expect(recorder.states == [.began])
        #expect(recorder.recognizer.view === card)
        #expect(recorder.recognizer.location(in: label) == Point(x: 10, y: 10))
    }

    @Test func aDisabledRecognizerIsPassedOverForTheSuperviews() throws {
        let f = try EngineFixture()
        let card = addView(f, "card", Rect(x: 0, y: 0, width: 300, height: 300))
        let handle = addView(f, "handle", Rect(x: 0, y: 0, width: 100, height: 100), to: card)
        let cardPan = Recorder().attach(to: card)
        let handlePan = Recorder().attach(to: handle)
        handlePan.recognizer.isEnabled = false
        try f.window.sendPan(.began, at: Point(x: 10, y: 10))
        #expect(cardPan.states == [.began])
        #expect(handlePan.states.isEmpty)
    }

    @Test func aPanAddressedToAViewSkipsHitTesting() throws {
        let f = try EngineFixture()
        let back = addView(f, "back", Rect(x: 0, y: 0, width: 100, height: 100))
        let front = addView(f, "front", Rect(x: 0, y: 0, width: 100, height: 100))
        let backPan = Recorder().attach(to: back)
        let frontPan = Recorder().attach(to: front)
        try f.window.sendPan(.began, at: Point(x: 300, y: 300), in: back)
        try f.window.sendPan(.changed, at: Point(x: 310, y: 300), in: back)
        #expect(backPan.states == [.began, .changed])
        #expect(backPan.translations.last == Point(x: 10, y: 0))
        #expect(frontPan.states.isEmpty)
    }

    @Test func hitTestingFollowsTransforms() throws {
        let f = try EngineFixture()
        let scaled = addView(f, "scaled", Rect(x: 0, y: 0, width: 100, height: 100))
        scaled.transform = .scale(2, 2)
        // Scaled about its center (50, 50): it covers (−50, −50) to (150, 150).
        #expect(f.window.hitTest(Point(x: 140, y: 140)) === scaled)
        #expect(f.window.hitTest(Point(x: 160, y: 140)) === f.window)
    }

    @Test func removedAndMovedRecognizers() throws {
        let f = try EngineFixture()
        let a = addView(f, "a", Rect(x: 0, y: 0, width: 100, height: 100))
        let b = addView(f, "b", Rect(x: 200, y: 0, width: 100, height: 100))
        let recorder = Recorder()
        #expect(recorder.recognizer.maximumNumberOfTouches == Int.max)
        recorder.recognizer.maximumNumberOfTouches = 1
        #expect(recorder.recognizer.maximumNumberOfTouches == 1)
        _ = recorder.attach(to: a)
        b.addGestureRecognizer(recorder.recognizer)
        #expect(a.gestureRecognizers.isEmpty)
        #expect(recorder.recognizer.view === b)
        #expect(try f.window.sendPan(.began, at: Point(x: 10, y: 10)) == false)
        #expect(try f.window.sendPan(.began, at: Point(x: 210, y: 10)))
        try f.window.sendPan(.ended, at: Point(x: 210, y: 10))
        b.removeGestureRecognizer(recorder.recognizer)
        #expect(recorder.recognizer.view == nil)
        #expect(try f.window.sendPan(.began, at: Point(x: 210, y: 10)) == false)
        #expect(recorder.states == [.began, .ended])
    }

    // MARK: Errors

    @Test func nonFiniteLocationsAreRefused() throws {
        let f = try EngineFixture()
        let pad = addView(f, "pad", Rect(x: 0, y: 0, width: 100, height: 100))
        let recorder = Recorder().attach(to: pad)
        #expect(throws: InputError.nonFiniteLocation(Point(x: .infinity, y: 0))) {
            try f.window.sendPan(.began, at: Point(x: .infinity, y: 0))
        }
        let error = #expect(throws: InputError.self) { try f.window.sendPan(.began, at: Point(x: 1, y: .nan)) }
        if case .nonFiniteLocation(let point)? = error {
            #expect(point.x == 1 && point.y.isNaN)
        } else {
            Issue.record("expected nonFiniteLocation, got \(String(describing: error))")
        }
        #expect(recorder.states.isEmpty)
        // During a pan, a bad event changes nothing and the pan goes on.
        try f.window.sendPan(.began, at: Point(x: 10, y: 10))
        #expect(throws: InputError.nonFiniteLocation(Point(x: -.infinity, y: 10))) {
            try f.window.sendPan(.changed, at: Point(x: -.infinity, y: 10))
        }
        #expect(recorder.states == [.began])
        #expect(recorder.recognizer.translation(in: nil) == .zero)
        try f.window.sendPan(.changed, at: Point(x: 15, y: 10))
        #expect(recorder.states == [.began, .changed])
    }

    @Test func viewsOutsideTheWindowAreRefused() throws {
        let f = try EngineFixture()
        let loose = View(id: "loose", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let recorder = Recorder().attach(to: loose)
        #expect(throws: InputError.viewNotInWindow("loose")) {
            try f.window.sendPan(.began, at: Point(x: 10, y: 10), in: loose)
        }
        let other = try EngineFixture()
        let elsewhere = other.addView("elsewhere")
        #expect(throws: InputError.viewNotInWindow("elsewhere")) {
            try f.window.sendPan(.began, at: Point(x: 10, y: 10), in: elsewhere)
        }
        #expect(recorder.states.isEmpty)
    }

    @Test(arguments: [PanPhase.changed, .ended, .cancelled])
    func eventsWithoutAPanInProgressAreRefused(_ phase: PanPhase) throws {
        let f = try EngineFixture()
        let pad = addView(f, "pad", Rect(x: 0, y: 0, width: 100, height: 100))
        let recorder = Recorder().attach(to: pad)
        #expect(throws: InputError.noPanInProgress(phase)) { try f.window.sendPan(phase, at: Point(x: 1, y: 1)) }
        try f.window.sendPan(.began, at: Point(x: 1, y: 1))
        try f.window.sendPan(.ended, at: Point(x: 2, y: 1))
        #expect(throws: InputError.noPanInProgress(phase)) { try f.window.sendPan(phase, at: Point(x: 1, y: 1)) }
        #expect(recorder.states == [.began, .ended])
        #expect(InputError.noPanInProgress(phase).description.contains("'\(phase.rawValue)'"))
    }

    // MARK: Driving a transition

    @Test func aPanDrivesAnInteractiveDismissal() throws {
        let f = try TransitionFixture()
        let interaction = PercentDrivenInteractiveTransition()
        let delegate = FixtureDelegate(animator: SlideAnimator())
        let presented = ViewController(id: "details")
        presented.modalPresentationStyle = .fullScreen
        presented.transitioningDelegate = delegate
        try f.root.present(presented, animated: true)
        try f.advance(oneFrame + 1.01)
        delegate.interaction = interaction

        var completed: Bool?
        let pan = PanGestureRecognizer { pan in
            switch pan.state {
            case .began:
                _ = try? presented.dismiss(animated: true) { completed = $0 }
            case .changed:
                interaction.update(pan.translation(in: nil).x / 390)
            case .ended:
                if pan.velocity(in: nil).x > 0 { interaction.finish() } else { interaction.cancel() }
            default:
                break
            }
        }
        presented.view.addGestureRecognizer(pan)
        try f.window.sendPan(.began, at: Point(x: 0, y: 400))
        try f.advance(oneFrame)
        #expect(f.window.transitionContexts.first?.isInteractive == true)
        for step in 1...6 {
            try f.window.sendPan(.changed, at: Point(x: Double(step) * 32.5, y: 400))
            try f.advance(oneFrame)
        }
        #expect(isApprox(interaction.percentComplete, 0.5, tolerance: 1e-9))
        #expect(isApprox(presented.view.presentation.frame.minX, 195, tolerance: 1e-9))
        try f.window.sendPan(.ended, at: Point(x: 227.5, y: 400))
        #expect(completed == nil)
        try f.advance(0.6)
        #expect(completed == true)
        #expect(f.root.presentedViewController == nil)
        #expect(ids(f.window.subviews) == ["root"])
        #expect(f.diagnostics.isEmpty)
    }
}
