import Foundation
import Testing
@testable import ScrimCore

@MainActor @Suite struct AnimateTests {
    @Test func linearAlphaAtGivenTimesAndCompletionAtTheEnd() throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        var completions: [(Double, Bool)] = []
        try View.animate(withDuration: 1, options: .curveLinear, animations: { view.alpha = 0 }) { finished in
            completions.append((f.clock.now, finished))
        }
        #expect(view.alpha == 0)
        #expect(view.presentation.alpha == 1)
        try f.advance(0.5)
        #expect(view.presentation.alpha == 0.5)
        try f.advance(0.25)
        #expect(view.presentation.alpha == 0.25)
        #expect(completions.isEmpty)
        try f.advance(0.25)
        #expect(view.presentation.alpha == 0)
        #expect(completions.count == 1)
        #expect(completions.first?.0 == 1.0)
        #expect(completions.first?.1 == true)
        #expect(!view.isAnimating(.alpha))
    }

    @Test func frameAnimatesCenterAndBoundsWithTheDefaultEaseInOut() throws {
        let f = try EngineFixture()
        let view = f.addView("v", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        try View.animate(withDuration: 1, animations: { view.frame = Rect(x: 100, y: 100, width: 200, height: 200) })
        #expect(view.isAnimating(.center) && view.isAnimating(.bounds))
        try f.advance(0.5)
        // easeInOut is symmetric: half way in time is half way in progress.
        let frame = view.presentation.frame
        #expect(abs(frame.x - 50) < 1e-6 && abs(frame.width - 150) < 1e-6)
        try f.advance(0.25)
        // easeInOut is (0.42, 0, 0.58, 1): compared with an independent bisection, to 1e-6 in progress.
        let expected = referenceProgress(0.42, 0, 0.58, 1, at: 0.75)
        #expect(abs(view.presentation.frame.x / 100 - expected) <= 1e-6)
        try f.advance(0.25)
        #expect(view.presentation.frame == Rect(x: 100, y: 100, width: 200, height: 200))
    }

    /// The engine solves each group's curve incrementally from one frame to the next: every frame
    /// must match an independent bisection of the Bézier to 1e-6 in progress.
    @Test(arguments: [(0.42, 0.0, 0.58, 1.0), (0.68, -0.55, 0.27, 1.55), (0.9, 0.0, 0.1, 1.0), (0.1, 0.7, 0.1, 1.0)])
    func everyFrameOfABezierMatchesAnIndependentBisection(points: (Double, Double, Double, Double)) throws {
        let f = try EngineFixture(frameRate: 120)
        let view = f.addView("v")  // center (50, 50)
        let curve = try CubicBezier(points.0, points.1, points.2, points.3)
        var frames: [(time: Double, progress: Double)] = []
        f.engine.addFrameObserver { time in frames.append((time, (view.presentation.center.x - 50) / 100)) }
        try View.animate(withDuration: 1, timing: .cubicBezier(curve), animations: { view.center = Point(x: 150, y: 50) })
        try f.advance(1)
        #expect(frames.count == 120)
        for frame in frames {
            let expected = referenceProgress(points.0, points.1, points.2, points.3, at: frame.time)
            #expect(abs(frame.progress - expected) <= 1e-6, "at t = \(frame.time)")
        }
        #expect(frames.last?.progress == 1)
    }

    @Test func reanimatingMidFlightStartsFromThePresentationValue() throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        var log: [String] = []
        try View.animate(withDuration: 1, options: .curveLinear, animations: { view.alpha = 0 }) {
            log.append("first \($0) at \(f.clock.now)")
        }
        try f.advance(0.5)
        try View.animate(withDuration: 1, options: .curveLinear, animations: { view.alpha = 1 }) {
            log.append("second \($0) at \(f.clock.now)")
        }
        #expect(view.presentation.alpha == 0.5)
        #expect(log.isEmpty)  // the replaced animation's completion runs on the next tick
        f.clock.advance(frames: 1)
        #expect(log == ["first false at \(0.5 + 1.0 / 60)"])
        try f.advance(0.5 - 1.0 / 60)
        #expect(abs(view.presentation.alpha - 0.75) < 1e-12)
        try f.advance(0.5)
        #expect(view.presentation.alpha == 1)
        #expect(log.last == "second true at 1.5")
    }

    @Test func settingWithoutAnimationEndsTheRunningOneUnfinished() throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        var finished: Bool?
        try View.animate(withDuration: 1, animations: { view.cornerRadius = 20 }) { finished = $0 }
        try f.advance(0.3)
        view.cornerRadius = 5
        #expect(view.presentation.cornerRadius == 5)
        #expect(!view.isAnimating(.cornerRadius))
        f.clock.advance(frames: 1)
        #expect(finished == false)
    }

    @Test func zeroDurationAppliesAtOnceAndCompletesOnTheNextTick() throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        var finished: Bool?
        try View.animate(withDuration: 0, animations: { view.alpha = 0.25 }) { finished = $0 }
        #expect(view.presentation.alpha == 0.25)
        #expect(finished == nil)
        f.clock.advance(frames: 1)
        #expect(finished == true)
    }

    @Test func anEmptyBlockCompletesOnTheNextTick() throws {
        let f = try EngineFixture()
        var finished: Bool?
        try View.animate(withDuration: 2, animations: {}) { finished = $0 }
        #expect(finished == nil)
        f.clock.advance(frames: 1)
        #expect(finished == true)
    }

    @Test func aDelayHoldsTheStartValue() throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        try View.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { view.alpha = 0 })
        try f.advance(0.25)
        #expect(view.presentation.alpha == 1)
        try f.advance(0.75)
        #expect(view.presentation.alpha == 0.5)
        try f.advance(0.5)
        #expect(view.presentation.alpha == 0)
    }

    @Test func completionsDueInOneTickRunInCreationOrderAfterTheAdvance() throws {
        let f = try EngineFixture()
        let a = f.addView("a"), b = f.addView("b")
        var log: [String] = []
        f.engine.addBeginTickHandler { _ in log.append("begin") }
        f.engine.addFrameObserver { _ in log.append("frame") }
        f.engine.addLayoutHandler { _ in log.append("layout") }
        try View.animate(withDuration: 0.5, animations: { b.alpha = 0 }) { _ in log.append("b done, b.alpha=\(b.presentation.alpha)") }
        try View.animate(withDuration: 0.5, animations: { a.alpha = 0 }) { _ in log.append("a done") }
        try f.advance(0.5)
        #expect(Array(log.suffix(5)) == ["begin", "b done, b.alpha=0.0", "a done", "frame", "layout"])
    }

    @Test func anAnimationCreatedDuringATickShowsItsStartValuesInThatFrame() throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        var seen: [Double] = []
        f.engine.addFrameObserver { _ in seen.append(view.presentation.alpha) }
        try View.animate(withDuration: 0.5, options: .curveLinear, animations: { view.alpha = 0 }) { _ in
            try? View.animate(withDuration: 0.5, options: .curveLinear, animations: { view.alpha = 1 })
        }
        try f.advance(0.5)
        #expect(seen.last == 0)  // the frame that ran the completion shows the new animation's start
        f.clock.advance(frames: 3)
        #expect(abs(seen.last! - 0.1) < 1e-12)
    }

    @Test func aRotationTurnsInsteadOfShearing() throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        try View.animate(withDuration: 1, options: .curveLinear, animations: { view.transform = .rotation(.pi / 2) })
        try f.advance(0.5)
        let t = view.presentation.transform
        let expected = AffineTransform.rotation(.pi / 4)
        for (actual, wanted) in zip([t.a, t.b, t.c, t.d, t.tx, t.ty], [expected.a, expected.b, expected.c, expected.d, 0, 0]) {
            #expect(abs(actual - wanted) < 1e-12)
        }
        try f.advance(0.5)
        #expect(view.presentation.transform == .rotation(.pi / 2))
    }

    @Test func colorsInterpolateInPremultipliedSpace() throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        view.backgroundColor = Color(red: 1, green: 0, blue: 0)
        try View.animate(withDuration: 1, options: .curveLinear, animations: { view.backgroundColor = .clear })
        try f.advance(0.5)
        let color = view.presentation.backgroundColor
        #expect(color == Color(red: 1, green: 0, blue: 0, alpha: 0.5))
    }

    @Test func aDurationSpringLandsExactlyOnTargetAtItsDuration() throws {
        let f = try EngineFixture()
        let view = f.addView("v", frame: Rect(x: 20, y: 120, width: 350, height: 200))
        var completedAt: Double?
        try View.animate(
            withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0.2,
            animations: { view.frame = Rect(x: 0, y: 0, width: 390, height: 844) }
        ) { _ in completedAt = f.clock.now }
        try f.advance(0.5 - 1.0 / 60)
        #expect(completedAt == nil)
        #expect(view.presentation.frame != view.frame)
        f.clock.advance(frames: 1)
        #expect(completedAt != nil && abs(completedAt! - 0.5) < 1e-12)
        #expect(view.presentation.frame == Rect(x: 0, y: 0, width: 390, height: 844))
    }

    @Test func keyframesInterpolateLinearlyAndHoldBetweenKeyframes() throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        var finished: Bool?
        try View.animateKeyframes(withDuration: 1, animations: {
            try View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { view.alpha = 0.5 }
            try View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.alpha = 0 }
        }) { finished = $0 }
        #expect(view.alpha == 0)
        try f.advance(0.125)
        #expect(abs(view.presentation.alpha - 0.75) < 1e-12)
        try f.advance(0.25)
        #expect(view.presentation.alpha == 0.5)  // held until the second keyframe starts
        try f.advance(0.375)
        #expect(abs(view.presentation.alpha - 0.25) < 1e-12)
        try f.advance(0.25)
        #expect(view.presentation.alpha == 0)
        #expect(finished == true)
    }

    @Test(arguments: [
        (-0.1, 0.5, "relativeStartTime", -0.1), (1.5, 0.0, "relativeStartTime", 1.5),
        (0.2, -0.25, "relativeDuration", -0.25), (0.0, 1.25, "relativeDuration", 1.25),
        (0.6, 0.5, "relativeDuration", 0.5),  // ends at 1.1, after the animation
    ])
    func aKeyframeOutsideZeroToOneThrowsNamingTheValue(
        start: Double, duration: Double, name: String, value: Double
    ) throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        var completed = false
        #expect(throws: AnimationError.invalidKeyframe(name: name, value: value)) {
            try View.animateKeyframes(withDuration: 1, animations: {
                view.cornerRadius = 4
                try View.addKeyframe(withRelativeStartTime: start, relativeDuration: duration) { view.alpha = 0 }
            }) { _ in completed = true }
        }
        #expect(
            AnimationError.invalidKeyframe(name: name, value: value).description
                == "invalid keyframe \(name) \(value): relative start times and durations lie in 0…1")
        #expect(view.alpha == 1 && view.cornerRadius == 0)
        #expect(f.engine.runningTrackCount == 0)
        try f.advance(1)
        #expect(!completed)
    }

    @Test(arguments: [Double.nan, .infinity])
    func aNonFiniteKeyframeTimeThrowsNamingTheValue(value: Double) throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        for (start, duration, name) in [(value, 0.5, "relativeStartTime"), (0.5, value, "relativeDuration")] {
            do {
                try View.animateKeyframes(withDuration: 1, animations: {
                    try View.addKeyframe(withRelativeStartTime: start, relativeDuration: duration) { view.alpha = 0 }
                })
                Issue.record("\(name) \(value) accepted")
            } catch let error as AnimationError {
                #expect(error.description == "invalid keyframe \(name) \(value): relative start times and durations lie in 0…1")
            }
        }
        #expect(view.alpha == 1)
    }

    @Test func addKeyframeOutsideAKeyframeAnimationThrows() throws {
        let fixture = try EngineFixture()
        defer { withExtendedLifetime(fixture) {} }
        #expect(throws: AnimationError.keyframeOutsideKeyframeAnimation) {
            try View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) {}
        }
        #expect(throws: AnimationError.keyframeOutsideKeyframeAnimation) {
            try View.animate(withDuration: 1, animations: {
                try View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) {}
            })
        }
    }

    @Test(arguments: [-1.0, .nan, .infinity])
    func badDurationsAndDelaysThrowAndChangeNothing(value: Double) throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        var ran = false
        do {
            try View.animate(withDuration: value, animations: { ran = true; view.alpha = 0 })
            Issue.record("duration \(value) accepted")
        } catch let error as AnimationError {
            #expect(error.description.hasPrefix("invalid duration \(value)"))
        }
        do {
            try View.animate(withDuration: 1, delay: value, animations: { ran = true; view.alpha = 0 })
            Issue.record("delay \(value) accepted")
        } catch let error as AnimationError {
            #expect(error.description.hasPrefix("invalid delay \(value)"))
        }
        #expect(!ran)
        #expect(view.alpha == 1)
    }

    @Test func aNonFiniteValueRollsBackTheWholeBlock() throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        var completed = false
        let error = #expect(throws: AnimationError.self) {
            try View.animate(withDuration: 1, animations: {
                view.alpha = 0.5
                view.frame = Rect(x: .nan, y: 0, width: 10, height: 10)
            }) { _ in completed = true }
        }
        #expect(error == .nonFiniteValue(property: "frame", value: "(nan, 0, 10, 10)", view: "v"))
        #expect(error?.description == "view 'v': frame (nan, 0, 10, 10) is not finite (NaN or infinite); nothing was changed")
        #expect(view.alpha == 1)
        #expect(view.frame == Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(!view.isAnimating(.alpha))
        try f.advance(1)
        #expect(!completed)
    }

    @Test func anErrorThrownByTheBlockRollsItBack() throws {
        struct Failure: Error {}
        let f = try EngineFixture()
        let view = f.addView("v")
        #expect(throws: Failure.self) {
            try View.animate(withDuration: 1, animations: {
                view.cornerRadius = 12
                throw Failure()
            })
        }
        #expect(view.cornerRadius == 0)
        #expect(view.presentation.cornerRadius == 0)
    }

    @Test func aNonFiniteValueOutsideAnimationsIsIgnored() throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        view.alpha = .nan
        view.center = Point(x: .infinity, y: 0)
        #expect(view.alpha == 1)
        #expect(view.center == Point(x: 50, y: 50))
    }

    @Test(arguments: [0.0, -0.5, .nan, -.infinity])
    func aDampingRatioAtOrBelowZeroThrows(ratio: Double) throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        var ran = false
        let error = #expect(throws: AnimationError.self) {
            try View.animate(
                withDuration: 1, usingSpringWithDamping: ratio, initialSpringVelocity: 0,
                animations: { ran = true; view.alpha = 0 })
        }
        // `==` cannot match NaN, so the case is checked through its message.
        #expect(
            error?.description
                == "invalid damping ratio \(ratio): it must be a finite number > 0 (values above 1 are clamped to 1)")
        if !ratio.isNaN { #expect(error == .invalidDampingRatio(ratio)) }
        #expect(!ran)
        #expect(view.alpha == 1)
    }

    @Test func unchangedPropertiesDoNotAnimate() throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        try View.animate(withDuration: 1, animations: {
            view.alpha = 1
            view.cornerRadius = 4
        })
        #expect(!view.isAnimating(.alpha))
        #expect(view.isAnimating(.cornerRadius))
        #expect(f.engine.runningTrackCount == 1)
    }

    @Test func performWithoutAnimationAppliesAtOnceInsideABlock() throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        try View.animate(withDuration: 1, animations: {
            view.alpha = 0
            View.performWithoutAnimation { view.cornerRadius = 8 }
        })
        #expect(view.presentation.cornerRadius == 8)
        #expect(view.isAnimating(.alpha))
        #expect(!view.isAnimating(.cornerRadius))
    }
}
