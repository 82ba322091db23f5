import Foundation
import Testing
@testable import ScrimCore

@MainActor @Suite struct PropertyAnimatorTests {
    @Test func runsToTheEndAndReportsThePosition() throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        let animator = try PropertyAnimator(duration: 1, curve: .linear)
        try animator.addAnimations { view.alpha = 0 }
        var positions: [PropertyAnimator.Position] = []
        animator.addCompletion { positions.append($0) }
        #expect(animator.state == .inactive)
        #expect(view.alpha == 0)
        #expect(view.presentation.alpha == 1)
        try f.advance(0.5)
        #expect(view.presentation.alpha == 1)  // nothing moves before start
        try animator.startAnimation()
        #expect(animator.state == .active && animator.isRunning)
        try f.advance(0.5)
        #expect(view.presentation.alpha == 0.5)
        #expect(animator.fractionComplete == 0.5)
        try f.advance(0.5)
        #expect(view.presentation.alpha == 0)
        #expect(positions == [.end])
        #expect(animator.state == .inactive)
        #expect(!animator.isRunning)
    }

    @Test func pausedScrubbingIsAFractionOfTimeShapedByTheCurveWhenNotLinear() throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        let animator = try PropertyAnimator(duration: 2, curve: .easeIn)
        animator.scrubsLinearly = false
        try animator.addAnimations { view.alpha = 0 }
        animator.pauseAnimation()
        #expect(animator.state == .active && !animator.isRunning)
        animator.fractionComplete = 0.5
        let eased = AnimationCurve.easeIn.bezier.progress(at: 0.5)
        #expect(abs(view.presentation.alpha - (1 - eased)) < 1e-12)
        #expect(animator.fractionComplete == 0.5)
        try f.advance(1)
        #expect(abs(view.presentation.alpha - (1 - eased)) < 1e-12)  // paused: time does not move it
    }

    /// UIKit's default: a paused animator scrubbed to 25 % shows its properties 25 % of the way.
    @Test func scrubsLinearlyByDefault() throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        let animator = try PropertyAnimator(duration: 1, curve: .easeIn)
        #expect(animator.scrubsLinearly)
        try animator.addAnimations { view.alpha = 0 }
        animator.fractionComplete = 0.25
        #expect(abs(view.presentation.alpha - 0.75) < 1e-12)
    }

    @Test func reversingMidFlightReturnsEverythingToItsStartValue() throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        view.transform = .rotation(0.3)
        let startTransform = view.transform
        let animator = try PropertyAnimator(duration: 1, curve: .linear)
        try animator.addAnimations {
            view.alpha = 0
            view.transform = .scale(2, 2)
        }
        var positions: [PropertyAnimator.Position] = []
        animator.addCompletion { positions.append($0) }
        try animator.startAnimation()
        try f.advance(0.5)
        animator.isReversed = true
        #expect(animator.isRunning)
        try f.advance(0.25)
        #expect(abs(view.presentation.alpha - 0.75) < 1e-12)
        try f.advance(0.25)
        #expect(positions == [.start])
        #expect(view.alpha == 1 && view.presentation.alpha == 1)
        #expect(view.transform == startTransform && view.presentation.transform == startTransform)
    }

    @Test func continueWithNewTimingCoversTheRemainingFraction() throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        let animator = try PropertyAnimator(duration: 1, curve: .linear)
        try animator.addAnimations { view.alpha = 0 }
        try animator.startAnimation()
        try f.advance(0.5)
        animator.pauseAnimation()
        try animator.continueAnimation(withTimingParameters: .curve(.linear), durationFactor: 2)
        try f.advance(0.5)
        // Remaining half of the time takes 0.5 × 1 s × 2 = 1 s: half of it covers half the rest.
        #expect(abs(view.presentation.alpha - 0.25) < 1e-12)
        #expect(abs(animator.fractionComplete - 0.75) < 1e-12)
        try f.advance(0.5)
        #expect(view.presentation.alpha == 0)
        #expect(animator.state == .inactive)
    }

    @Test func pausesOnCompletionKeepsItActiveWithoutCompleting() throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        let animator = try PropertyAnimator(duration: 0.5, curve: .linear)
        animator.pausesOnCompletion = true
        try animator.addAnimations { view.cornerRadius = 10 }
        var completed = false
        animator.addCompletion { _ in completed = true }
        try animator.startAnimation()
        try f.advance(1)
        #expect(!completed)
        #expect(animator.state == .active && !animator.isRunning)
        #expect(animator.fractionComplete == 1)
        #expect(view.presentation.cornerRadius == 10)
        animator.isReversed = true
        try animator.startAnimation()
        try f.advance(0.25)
        #expect(abs(view.presentation.cornerRadius - 5) < 1e-12)
    }

    @Test func stopWithoutFinishingKeepsCurrentValuesAndSkipsCompletions() throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        let animator = try PropertyAnimator(duration: 1, curve: .linear)
        try animator.addAnimations { view.alpha = 0 }
        var completed = false
        animator.addCompletion { _ in completed = true }
        try animator.startAnimation()
        try f.advance(0.5)
        animator.stopAnimation(true)
        #expect(animator.state == .inactive)
        #expect(view.alpha == 0.5 && view.presentation.alpha == 0.5)
        try f.advance(1)
        #expect(!completed)
        #expect(view.presentation.alpha == 0.5)
        // The dropped completion stays dropped when the animator is used again.
        var positions: [PropertyAnimator.Position] = []
        try animator.addAnimations { view.alpha = 1 }
        animator.addCompletion { positions.append($0) }
        try animator.startAnimation()
        try f.advance(1.01)
        #expect(!completed)
        #expect(positions == [.end])
        #expect(view.presentation.alpha == 1)
    }

    @Test(arguments: [(PropertyAnimator.Position.end, 0.0), (.start, 1.0), (.current, 0.5)])
    func stopThenFinishAtAPosition(position: PropertyAnimator.Position, alpha: Double) throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        let animator = try PropertyAnimator(duration: 1, curve: .linear)
        try animator.addAnimations { view.alpha = 0 }
        var positions: [PropertyAnimator.Position] = []
        animator.addCompletion { positions.append($0) }
        try animator.startAnimation()
        try f.advance(0.5)
        animator.stopAnimation(false)
        #expect(animator.state == .stopped)
        #expect(view.alpha == 0.5)
        animator.finishAnimation(at: position)
        #expect(animator.state == .inactive)
        #expect(positions == [position])
        #expect(view.alpha == alpha && view.presentation.alpha == alpha)
    }

    @Test func animationsAddedWhileRunningCoverTheRemainingTime() throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        let animator = try PropertyAnimator(duration: 1, curve: .linear)
        try animator.addAnimations { view.alpha = 0 }
        try animator.startAnimation()
        try f.advance(0.5)
        try animator.addAnimations { view.cornerRadius = 10 }
        #expect(view.presentation.cornerRadius == 0)
        try f.advance(0.25)
        #expect(abs(view.presentation.cornerRadius - 5) < 1e-12)
        try f.advance(0.25)
        #expect(view.presentation.cornerRadius == 10)
    }

    @Test func aSpringAnimatorLandsOnTarget() throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        let animator = try PropertyAnimator(duration: 0.6, dampingRatio: 0.4)
        try animator.addAnimations { view.center = Point(x: 300, y: 400) }
        try animator.startAnimation()
        try f.advance(0.3)
        #expect(view.presentation.center != Point(x: 300, y: 400))
        try f.advance(0.3)
        #expect(view.presentation.center == Point(x: 300, y: 400))
        #expect(animator.state == .inactive)
    }

    @Test func badParametersThrow() throws {
        let fixture = try EngineFixture()
        defer { withExtendedLifetime(fixture) {} }
        #expect(throws: AnimationError.invalidDuration(-1)) { try PropertyAnimator(duration: -1, curve: .linear) }
        #expect(throws: AnimationError.invalidDampingRatio(0)) { try PropertyAnimator(duration: 1, dampingRatio: 0) }
        let animator = try PropertyAnimator(duration: 1, curve: .linear)
        #expect(throws: AnimationError.invalidDelay(-2)) { try animator.startAnimation(afterDelay: -2) }
        animator.pauseAnimation()
        let error = #expect(throws: AnimationError.invalidDurationFactor(-1)) {
            try animator.continueAnimation(withTimingParameters: nil, durationFactor: -1)
        }
        #expect(error?.description == "invalid durationFactor -1.0: it must be a finite number ≥ 0")
    }

    @Test(arguments: [-0.5, .nan, .infinity])
    func aBadDurationFactorThrowsNamingItAndChangesNothing(factor: Double) throws {
        let f = try EngineFixture()
        let view = f.addView("v")
        let animator = try PropertyAnimator(duration: 1, curve: .linear)
        try animator.addAnimations { view.alpha = 0 }
        animator.fractionComplete = 0.25
        let error = #expect(throws: AnimationError.self) {
            try animator.continueAnimation(withTimingParameters: nil, durationFactor: factor)
        }
        // `==` cannot match NaN, so the case is checked through its message.
        #expect(error?.description == "invalid durationFactor \(factor): it must be a finite number ≥ 0")
        #expect(animator.state == .active && !animator.isRunning)
        try f.advance(1)
        #expect(view.presentation.alpha == 0.75)
    }

    /// Only the precondition can end the child process with a trap: a failed set-up exits with
    /// code 3, which `.signal` does not match, and the child's standard error must hold the
    /// precondition's message.
    @Test func finishingAnAnimatorThatIsNotStoppedTraps() async throws {
        #if arch(arm64)
        let trapSignal = SIGTRAP
        #else
        let trapSignal = SIGILL
        #endif
        let result = try await #require(processExitsWith: .signal(trapSignal), observing: [\.standardErrorContent]) {
            await MainActor.run {
                do {
                    let engine = AnimationEngine(clock: try ManualClock())
                    let window = Window(engine: engine)
                    let view = View(id: "v")
                    window.addSubview(view)
                    let animator = try PropertyAnimator(duration: 1, curve: .linear)
                    try animator.addAnimations { view.alpha = 0 }
                    try animator.startAnimation()
                    animator.finishAnimation(at: .end)
                } catch {
                    exit(3)
                }
            }
        }
        let standardError = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(standardError.contains(
            "finishAnimation(at:) requires a stopped animator (call stopAnimation(false) first); it is active"))
    }

    @Test func aTrackAddedMidFlightStaysAtItsStartWhenReversedBelowIt() throws {
        let f = try EngineFixture()
        let first = f.addView("first"), late = f.addView("late")
        let animator = try PropertyAnimator(duration: 1, curve: .linear)
        try animator.addAnimations { first.alpha = 0 }
        animator.pauseAnimation()
        animator.fractionComplete = 0.5
        try animator.addAnimations { late.alpha = 0 }
        #expect(late.presentation.alpha == 1)
        animator.fractionComplete = 0.75
        #expect(abs(late.presentation.alpha - 0.5) < 1e-12)
        animator.fractionComplete = 0.25
        #expect(late.presentation.alpha == 1)
        #expect(abs(first.presentation.alpha - 0.75) < 1e-12)
    }
}
