import Testing
@testable import ScrimCore

/// The pure interaction and watchdog logic of a transition (Docs/Transitions.md,
/// "Interaction and cancellation" and "Faults"), driven with plain numbers. Times are chosen to
/// be exact in binary floating point.
@MainActor @Suite struct TransitionStateMachineTests {
    typealias Machine = TransitionStateMachine
    let easeInOut = TimingParameters.curve(.easeInOut)
    let linear = TimingParameters.curve(.linear)

    static let secondCallMessage = "completeTransition was called a second time; the call was ignored"
    static func interactiveTimeoutMessage(_ animator: String) -> String {
        "the interactive transition (animator '\(animator)') was left without an update for 30 s after startInteractiveTransition; the host cancelled it"
    }

    static func lateMessage(_ name: String, _ duration: String) -> String {
        "'\(name)' did not call completeTransition within its duration (\(duration) s) + 2 s; the host cancelled the transition"
    }

    /// A machine started interactively at `now` with `duration`, then updated to `percent`.
    func interactive(duration: Double = 2, percent: Double? = nil, at now: Double = 1) -> Machine {
        var machine = Machine()
        _ = machine.start(at: now, duration: duration, interactive: true)
        if let percent { _ = machine.update(percent, at: now) }
        return machine
    }

    // MARK: Initial state and start

    @Test func aNewMachineIsPreparingWithNoDeadline() {
        let machine = Machine()
        #expect(machine.phase == .preparing)
        #expect(machine.duration == 0)
        #expect(!machine.wasCancelled)
        #expect(!machine.initiallyInteractive)
        #expect(!machine.isInteractive)
        #expect(!machine.hasEnded)
        #expect(machine.deadline == .infinity)
        #expect(Machine.completionGrace == 2)
        #expect(Machine.interactiveTimeout == 30)
    }

    @Test func nonInteractiveStartRunsWithADeadlineOfDurationPlusTwoSeconds() {
        var machine = Machine()
        let actions = machine.start(at: 1.5, duration: 0.5, interactive: false)
        #expect(actions == [])
        #expect(machine.phase == .running)
        #expect(machine.duration == 0.5)
        #expect(machine.deadline == 4)
        #expect(!machine.isInteractive)
        #expect(!machine.initiallyInteractive)
        #expect(!machine.wasCancelled)
        #expect(!machine.hasEnded)
    }

    @Test func interactiveStartPausesTheTimelineAtZeroWithAThirtySecondDeadline() {
        var machine = Machine()
        let actions = machine.start(at: 2, duration: 0.75, interactive: true)
        #expect(actions == [.pauseTimeline(at: 0)])
        #expect(machine.phase == .interactive(percent: 0))
        #expect(machine.duration == 0.75)
        #expect(machine.deadline == 32)
        #expect(machine.isInteractive)
        #expect(machine.initiallyInteractive)
        #expect(!machine.wasCancelled)
    }

    @Test func aFaultAfterCompletionIsOnlyADiagnosticUnlessTheEndIsPending() {
        var ended = Machine()
        _ = ended.start(at: 0, duration: 1, interactive: false)
        _ = ended.complete(true)
        #expect(ended.fault(role: .animator, method: nil, message: "late") == [.diagnose(.animator, method: nil, "late")])
        // The animator completed inside animateTransition, then failed before returning: the end
        // has not run, and it runs as cancelled.
        var pending = Machine()
        _ = pending.start(at: 0, duration: 1, interactive: false)
        _ = pending.complete(true)
        #expect(pending.fault(role: .animator, method: nil, message: "failed", endPending: true)
            == [.diagnose(.animator, method: nil, "failed"), .cancelAnimations, .end(completed: false)])
        #expect(pending.wasCancelled)
        #expect(pending.complete(true) == [])
    }

    @Test func startingTwiceIsIgnored() {
        var machine = Machine()
        _ = machine.start(at: 1, duration: 1, interactive: false)
        let again = machine.start(at: 5, duration: 3, interactive: true)
        #expect(again == [])
        #expect(machine.phase == .running)
        #expect(machine.duration == 1)
        #expect(machine.deadline == 4)
        #expect(!machine.initiallyInteractive)
    }

    @Test func aZeroDurationStartIsValid() {
        var machine = Machine()
        #expect(machine.start(at: 3, duration: 0, interactive: false) == [])
        #expect(machine.deadline == 5)
        #expect(machine.complete(true) == [.end(completed: true)])
    }

    // MARK: update

    @Test(arguments: [
        (0.25, 0.25), (0.5, 0.5), (1.0, 1.0), (0.0, 0.0), (1.5, 1.0), (-0.5, 0.0), (Double.infinity, 1.0),
        (-Double.infinity, 0.0),
    ])
    func updateClampsToZeroThroughOne(_ percent: Double, _ clamped: Double) {
        var machine = interactive(duration: 2)
        let actions = machine.update(percent, at: 10)
        #expect(actions == [.pauseTimeline(at: clamped * 2)])
        #expect(machine.phase == .interactive(percent: clamped))
        #expect(machine.deadline == 40)
        #expect(machine.isInteractive)
    }

    @Test func updateWithNaNIsIgnored() {
        var machine = interactive(duration: 2, percent: 0.25, at: 1)
        let actions = machine.update(.nan, at: 20)
        #expect(actions == [])
        #expect(machine.phase == .interactive(percent: 0.25))
        // The watchdog is not fed by an ignored update.
        #expect(machine.deadline == 31)
    }

    @Test func updateIsIgnoredUnlessInteractive() {
        var preparing = Machine()
        #expect(preparing.update(0.5, at: 1) == [])
        #expect(preparing.phase == .preparing)

        var running = Machine()
        _ = running.start(at: 1, duration: 2, interactive: false)
        #expect(running.update(0.5, at: 2) == [])
        #expect(running.phase == .running)
        #expect(running.deadline == 5)

        var finishing = interactive(duration: 2, percent: 0.5)
        _ = finishing.finish(at: 2, speed: 1, timing: easeInOut)
        #expect(finishing.update(0.25, at: 2.5) == [])
        #expect(finishing.phase == .finishing)

        var cancelling = interactive(duration: 2, percent: 0.5)
        _ = cancelling.cancel(at: 2, speed: 1, timing: easeInOut)
        #expect(cancelling.update(0.75, at: 2.5) == [])
        #expect(cancelling.phase == .cancelling)

        var completed = interactive(duration: 2, percent: 0.5)
        _ = completed.complete(true)
        #expect(completed.update(0.75, at: 2.5) == [])
        #expect(completed.phase == .completed)
    }

    @Test func eachUpdateMovesTheDeadline() {
        var machine = interactive(duration: 1, at: 0)
        #expect(machine.deadline == 30)
        _ = machine.update(0.25, at: 12)
        #expect(machine.deadline == 42)
        _ = machine.update(0.5, at: 20.5)
        #expect(machine.deadline == 50.5)
    }

    // MARK: finish and cancel

    @Test func finishRunsTheRestForwardInOneMinusPTimesDuration() {
        var machine = interactive(duration: 2, percent: 0.25, at: 1)
        let actions = machine.finish(at: 4, speed: 1, timing: easeInOut)
        #expect(actions == [
            .easeTimeline(to: 2, duration: 1.5, timing: easeInOut, runsOn: true), .interactionChanged,
        ])
        #expect(machine.phase == .finishing)
        #expect(!machine.isInteractive)
        #expect(!machine.wasCancelled)
        #expect(machine.deadline == 7.5)
    }

    @Test func cancelRunsBackToZeroInPTimesDuration() {
        var machine = interactive(duration: 2, percent: 0.25, at: 1)
        let actions = machine.cancel(at: 4, speed: 1, timing: linear)
        #expect(actions == [
            .easeTimeline(to: 0, duration: 0.5, timing: linear, runsOn: false), .interactionChanged,
        ])
        #expect(machine.phase == .cancelling)
        #expect(machine.wasCancelled)
        #expect(!machine.isInteractive)
        #expect(machine.deadline == 6.5)
    }

    @Test(arguments: [(2.0, 0.75, 0.25), (0.5, 3.0, 1.0), (4.0, 0.375, 0.125)])
    func completionSpeedDividesTheRemainingTime(_ speed: Double, _ finishTime: Double, _ cancelTime: Double) {
        var finishing = interactive(duration: 2, percent: 0.25)
        #expect(finishing.finish(at: 1, speed: speed, timing: easeInOut).first
            == .easeTimeline(to: 2, duration: finishTime, timing: easeInOut, runsOn: true))
        #expect(finishing.deadline == 1 + finishTime + 2)

        var cancelling = interactive(duration: 2, percent: 0.25)
        #expect(cancelling.cancel(at: 1, speed: speed, timing: easeInOut).first
            == .easeTimeline(to: 0, duration: cancelTime, timing: easeInOut, runsOn: false))
        #expect(cancelling.deadline == 1 + cancelTime + 2)
    }

    @Test(arguments: [0.0, -1.0, -0.5, Double.nan, Double.infinity, -Double.infinity])
    func anInvalidCompletionSpeedCountsAsOne(_ speed: Double) {
        var finishing = interactive(duration: 2, percent: 0.25)
        #expect(finishing.finish(at: 1, speed: speed, timing: easeInOut).first
            == .easeTimeline(to: 2, duration: 1.5, timing: easeInOut, runsOn: true))
        #expect(finishing.deadline == 4.5)

        var cancelling = interactive(duration: 2, percent: 0.25)
        #expect(cancelling.cancel(at: 1, speed: speed, timing: easeInOut).first
            == .easeTimeline(to: 0, duration: 0.5, timing: easeInOut, runsOn: false))
        #expect(cancelling.deadline == 3.5)
    }

    @Test func finishAtOneAndCancelAtZeroTakeNoTime() {
        var finishing = interactive(duration: 2, percent: 1)
        #expect(finishing.finish(at: 1, speed: 1, timing: easeInOut).first
            == .easeTimeline(to: 2, duration: 0, timing: easeInOut, runsOn: true))
        var cancelling = interactive(duration: 2, percent: 0)
        #expect(cancelling.cancel(at: 1, speed: 1, timing: easeInOut).first
            == .easeTimeline(to: 0, duration: 0, timing: easeInOut, runsOn: false))
        #expect(cancelling.wasCancelled)
    }

    @Test func theTimingIsPassedThrough() throws {
        let custom = TimingParameters.cubicBezier(try CubicBezier(0.1, 0.9, 0.2, 1))
        var machine = interactive(duration: 1, percent: 0.5)
        #expect(machine.finish(at: 1, speed: 1, timing: custom).first
            == .easeTimeline(to: 1, duration: 0.5, timing: custom, runsOn: true))
    }

    @Test func finishAndCancelAreIgnoredUnlessInteractive() {
        var preparing = Machine()
        #expect(preparing.finish(at: 1, speed: 1, timing: easeInOut) == [])
        #expect(preparing.cancel(at: 1, speed: 1, timing: easeInOut) == [])
        #expect(preparing.phase == .preparing)
        #expect(!preparing.wasCancelled)

        var running = Machine()
        _ = running.start(at: 0, duration: 1, interactive: false)
        #expect(running.finish(at: 0.5, speed: 1, timing: easeInOut) == [])
        #expect(running.cancel(at: 0.5, speed: 1, timing: easeInOut) == [])
        #expect(running.phase == .running)
        #expect(!running.wasCancelled)
        #expect(running.deadline == 3)

        var finishing = interactive(duration: 2, percent: 0.5)
        _ = finishing.finish(at: 1, speed: 1, timing: easeInOut)
        #expect(finishing.cancel(at: 1.5, speed: 1, timing: easeInOut) == [])
        #expect(finishing.finish(at: 1.5, speed: 1, timing: easeInOut) == [])
        #expect(finishing.phase == .finishing)
        #expect(!finishing.wasCancelled)

        var cancelling = interactive(duration: 2, percent: 0.5)
        _ = cancelling.cancel(at: 1, speed: 1, timing: easeInOut)
        #expect(cancelling.finish(at: 1.5, speed: 1, timing: easeInOut) == [])
        #expect(cancelling.phase == .cancelling)
        #expect(cancelling.wasCancelled)
    }

    // MARK: pause

    @Test func pauseWhileFinishingMakesItInteractiveAgainAtThePercent() {
        var machine = interactive(duration: 2, percent: 0.25)
        _ = machine.finish(at: 1, speed: 1, timing: easeInOut)
        let actions = machine.pause(at: 1.5, percent: 0.625)
        #expect(actions == [.pauseTimeline(at: 1.25), .interactionChanged])
        #expect(machine.phase == .interactive(percent: 0.625))
        #expect(machine.isInteractive)
        #expect(!machine.wasCancelled)
        #expect(machine.deadline == 31.5)
        // It can be driven and finished again.
        #expect(machine.update(0.75, at: 2) == [.pauseTimeline(at: 1.5)])
        #expect(machine.finish(at: 2, speed: 1, timing: easeInOut).first
            == .easeTimeline(to: 2, duration: 0.5, timing: easeInOut, runsOn: true))
    }

    @Test func pauseWhileCancellingClearsTheCancellation() {
        var machine = interactive(duration: 2, percent: 0.5)
        _ = machine.cancel(at: 1, speed: 1, timing: easeInOut)
        #expect(machine.wasCancelled)
        let actions = machine.pause(at: 1.25, percent: 0.375)
        #expect(actions == [.pauseTimeline(at: 0.75), .interactionChanged])
        #expect(machine.phase == .interactive(percent: 0.375))
        #expect(!machine.wasCancelled)
        #expect(machine.deadline == 31.25)
        _ = machine.finish(at: 2, speed: 1, timing: easeInOut)
        _ = machine.timelineSettled(atStart: false)
        #expect(machine.complete(true) == [.end(completed: true)])
    }

    @Test(arguments: [(Double.nan, 0.0), (1.5, 1.0), (-0.25, 0.0)])
    func pauseClampsThePercent(_ percent: Double, _ clamped: Double) {
        var machine = interactive(duration: 2, percent: 0.5)
        _ = machine.finish(at: 1, speed: 1, timing: easeInOut)
        #expect(machine.pause(at: 1.25, percent: percent) == [.pauseTimeline(at: clamped * 2), .interactionChanged])
        #expect(machine.phase == .interactive(percent: clamped))
    }

    @Test func pauseIsIgnoredUnlessFinishingOrCancelling() {
        var preparing = Machine()
        #expect(preparing.pause(at: 1, percent: 0.5) == [])
        #expect(preparing.phase == .preparing)

        var interactiveMachine = interactive(duration: 2, percent: 0.5)
        #expect(interactiveMachine.pause(at: 2, percent: 0.25) == [])
        #expect(interactiveMachine.phase == .interactive(percent: 0.5))
        #expect(interactiveMachine.deadline == 31)

        var running = Machine()
        _ = running.start(at: 0, duration: 1, interactive: false)
        #expect(running.pause(at: 0.5, percent: 0.5) == [])
        #expect(running.phase == .running)

        var completed = interactive(duration: 2, percent: 0.5)
        _ = completed.finish(at: 1, speed: 1, timing: easeInOut)
        _ = completed.complete(true)
        #expect(completed.pause(at: 1.5, percent: 0.5) == [])
        #expect(completed.phase == .completed)
    }

    // MARK: timelineSettled

    @Test func aCancelSettledAtTheStartCancelsTheAnimations() {
        var machine = interactive(duration: 2, percent: 0.5)
        _ = machine.cancel(at: 1, speed: 1, timing: easeInOut)
        #expect(machine.timelineSettled(atStart: true) == [.cancelAnimations])
        #expect(machine.phase == .cancelling)
        #expect(machine.wasCancelled)
        #expect(machine.complete(false) == [.end(completed: false)])
    }

    @Test func aFinishSettledAtTheEndRunsOn() {
        var machine = interactive(duration: 2, percent: 0.5)
        _ = machine.finish(at: 1, speed: 1, timing: easeInOut)
        #expect(machine.timelineSettled(atStart: false) == [])
        #expect(machine.phase == .running)
        #expect(!machine.isInteractive)
        // The deadline is still the finish's.
        #expect(machine.deadline == 4)
    }

    @Test func settlingAtTheOtherEndDoesNothing() {
        var finishing = interactive(duration: 2, percent: 0.5)
        _ = finishing.finish(at: 1, speed: 1, timing: easeInOut)
        #expect(finishing.timelineSettled(atStart: true) == [])
        #expect(finishing.phase == .finishing)

        var cancelling = interactive(duration: 2, percent: 0.5)
        _ = cancelling.cancel(at: 1, speed: 1, timing: easeInOut)
        #expect(cancelling.timelineSettled(atStart: false) == [])
        #expect(cancelling.phase == .cancelling)

        var running = Machine()
        _ = running.start(at: 0, duration: 1, interactive: false)
        #expect(running.timelineSettled(atStart: true) == [])
        #expect(running.timelineSettled(atStart: false) == [])
        #expect(running.phase == .running)

        var paused = interactive(duration: 2, percent: 0.5)
        #expect(paused.timelineSettled(atStart: true) == [])
        #expect(paused.phase == .interactive(percent: 0.5))
    }

    // MARK: complete

    @Test(arguments: [true, false])
    func completeEndsTheTransitionWithTheAnimatorsAnswer(_ didComplete: Bool) {
        var machine = Machine()
        _ = machine.start(at: 0, duration: 1, interactive: false)
        #expect(machine.complete(didComplete) == [.end(completed: didComplete)])
        #expect(machine.phase == .completed)
        #expect(machine.hasEnded)
        #expect(!machine.wasCancelled)
    }

    @Test func aCancelledTransitionNeverCompletes() {
        var machine = interactive(duration: 1, percent: 0.5)
        _ = machine.cancel(at: 1, speed: 1, timing: easeInOut)
        #expect(machine.complete(true) == [.end(completed: false)])
        #expect(machine.phase == .completed)
        #expect(machine.wasCancelled)
    }

    @Test func aFinishedInteractionCompletes() {
        var machine = interactive(duration: 1, percent: 0.5)
        _ = machine.finish(at: 1, speed: 1, timing: easeInOut)
        #expect(machine.complete(true) == [.end(completed: true)])
    }

    @Test func completeWhilePreparingEnds() {
        var machine = Machine()
        #expect(machine.complete(true) == [.end(completed: true)])
        #expect(machine.hasEnded)
    }

    @Test func aSecondCompleteIsDiagnosedAndIgnored() {
        var machine = Machine()
        _ = machine.start(at: 0, duration: 1, interactive: false)
        _ = machine.complete(true)
        #expect(machine.complete(true) == [.diagnose(.animator, method: "animateTransition", Self.secondCallMessage)])
        #expect(machine.complete(false) == [.diagnose(.animator, method: "animateTransition", Self.secondCallMessage)])
        #expect(machine.phase == .completed)
        #expect(!machine.wasCancelled)
    }

    @Test func completeIsIgnoredSilentlyWhileAborting() {
        var machine = Machine()
        _ = machine.start(at: 0, duration: 1, interactive: false)
        _ = machine.fault(role: .animator, method: nil, message: "boom")
        #expect(machine.phase == .aborting)
        #expect(machine.complete(true) == [])
        #expect(machine.complete(false) == [])
        #expect(machine.phase == .aborting)
    }

    // MARK: The watchdog

    @Test func theWatchdogEndsANonInteractiveTransitionAfterDurationPlusTwo() {
        var machine = Machine()
        _ = machine.start(at: 1, duration: 0.5, interactive: false)
        #expect(machine.tick(at: 2, animatorName: "slide") == [])
        #expect(machine.tick(at: 3.5, animatorName: "slide") == [])
        let actions = machine.tick(at: 3.5 + 1.0 / 64, animatorName: "slide")
        #expect(actions == [
            .diagnose(.animator, method: "animateTransition", Self.lateMessage("slide", "0.5")), .cancelAnimations, .end(completed: false),
        ])
        #expect(machine.phase == .aborting)
        #expect(machine.wasCancelled)
        #expect(machine.hasEnded)
        // Once ended, the watchdog is silent.
        #expect(machine.tick(at: 100, animatorName: "slide") == [])
    }

    @Test(arguments: [(1.0, "1"), (0.25, "0.25"), (3.0, "3"), (0.0, "0")])
    func theLateMessageNamesTheDuration(_ duration: Double, _ text: String) {
        var machine = Machine()
        _ = machine.start(at: 0, duration: duration, interactive: false)
        #expect(machine.tick(at: duration + 2, animatorName: "pop") == [])
        #expect(machine.tick(at: duration + 2.5, animatorName: "pop").first
            == .diagnose(.animator, method: "animateTransition", Self.lateMessage("pop", text)))
    }

    @Test func theWatchdogEndsAnInteractiveTransitionThirtySecondsAfterTheLastUpdate() {
        var machine = interactive(duration: 1, at: 0)
        _ = machine.update(0.5, at: 10)
        #expect(machine.tick(at: 30.5, animatorName: "slide") == [])
        #expect(machine.tick(at: 40, animatorName: "slide") == [])
        let actions = machine.tick(at: 40.25, animatorName: "slide")
        #expect(actions == [
            .diagnose(.interactionController, method: "startInteractiveTransition", Self.interactiveTimeoutMessage("slide")), .cancelAnimations,
            .end(completed: false),
        ])
        #expect(machine.phase == .aborting)
        #expect(machine.wasCancelled)
    }

    @Test func theWatchdogEndsAnInteractiveTransitionNeverUpdated() {
        var machine = interactive(duration: 1, at: 2)
        #expect(machine.tick(at: 32, animatorName: "x") == [])
        #expect(machine.tick(at: 32.5, animatorName: "x").first
            == .diagnose(.interactionController, method: "startInteractiveTransition", Self.interactiveTimeoutMessage("x")))
    }

    @Test func afterFinishTheDeadlineIsTheRemainingTimePlusTwo() {
        var machine = interactive(duration: 2, percent: 0.25, at: 1)
        _ = machine.finish(at: 5, speed: 1, timing: easeInOut)
        // remaining 1.5 s: deadline 5 + 1.5 + 2 = 8.5, well before the interactive 30 s.
        #expect(machine.tick(at: 8.5, animatorName: "slide") == [])
        let actions = machine.tick(at: 8.75, animatorName: "slide")
        #expect(actions == [
            .diagnose(.animator, method: "animateTransition", Self.lateMessage("slide", "2")), .cancelAnimations, .end(completed: false),
        ])
    }

    @Test func afterCancelTheDeadlineIsTheRemainingTimePlusTwo() {
        var machine = interactive(duration: 2, percent: 0.25, at: 1)
        _ = machine.cancel(at: 5, speed: 2, timing: easeInOut)
        // remaining 0.25 × 2 / 2 = 0.25 s: deadline 7.25.
        #expect(machine.deadline == 7.25)
        #expect(machine.tick(at: 7.25, animatorName: "slide") == [])
        #expect(machine.tick(at: 7.5, animatorName: "slide") == [
            .diagnose(.animator, method: "animateTransition", Self.lateMessage("slide", "2")), .cancelAnimations, .end(completed: false),
        ])
    }

    @Test func theWatchdogNeverFiresBeforeTheStartOrAfterTheEnd() {
        var preparing = Machine()
        #expect(preparing.tick(at: 1_000_000, animatorName: "slide") == [])
        #expect(preparing.phase == .preparing)

        var completed = Machine()
        _ = completed.start(at: 0, duration: 1, interactive: false)
        _ = completed.complete(true)
        #expect(completed.tick(at: 1_000, animatorName: "slide") == [])
        #expect(completed.phase == .completed)
    }

    // MARK: Faults

    @Test func aFaultBeforeTheStartEndsWithoutCancellingAnimations() {
        var machine = Machine()
        let actions = machine.fault(role: .delegate, method: "animationControllerForPresented", message: "animationControllerForPresented threw: boom")
        #expect(actions == [
            .diagnose(.delegate, method: "animationControllerForPresented", "animationControllerForPresented threw: boom"), .end(completed: false),
        ])
        #expect(machine.phase == .aborting)
        #expect(machine.wasCancelled)
        #expect(machine.hasEnded)
    }

    @Test(arguments: [false, true])
    func aFaultAfterTheStartCancelsTheAnimations(_ interactive: Bool) {
        var machine = Machine()
        _ = machine.start(at: 0, duration: 1, interactive: interactive)
        let actions = machine.fault(role: .presentationController, method: nil, message: "layout threw")
        #expect(actions == [
            .diagnose(.presentationController, method: nil, "layout threw"), .cancelAnimations, .end(completed: false),
        ])
        #expect(machine.phase == .aborting)
        #expect(machine.wasCancelled)
        #expect(!machine.isInteractive)
    }

    @Test func aFaultWhileFinishingCancelsTheAnimations() {
        var machine = interactive(duration: 1, percent: 0.5)
        _ = machine.finish(at: 1, speed: 1, timing: easeInOut)
        #expect(machine.fault(role: .animator, method: nil, message: "x") == [
            .diagnose(.animator, method: nil, "x"), .cancelAnimations, .end(completed: false),
        ])
    }

    @Test func aFaultAfterTheEndIsOnlyDiagnosed() {
        var completed = Machine()
        _ = completed.start(at: 0, duration: 1, interactive: false)
        _ = completed.complete(true)
        #expect(completed.fault(role: .animator, method: nil, message: "late") == [.diagnose(.animator, method: nil, "late")])
        #expect(completed.phase == .completed)
        #expect(!completed.wasCancelled)

        var aborted = Machine()
        _ = aborted.fault(role: .delegate, method: nil, message: "first")
        #expect(aborted.fault(role: .animator, method: nil, message: "second") == [.diagnose(.animator, method: nil, "second")])
        #expect(aborted.phase == .aborting)
    }

    @Test func nothingDrivesAnAbortedTransition() {
        var machine = interactive(duration: 1, percent: 0.5)
        _ = machine.fault(role: .interactionController, method: nil, message: "x")
        #expect(machine.update(0.75, at: 2) == [])
        #expect(machine.finish(at: 2, speed: 1, timing: easeInOut) == [])
        #expect(machine.cancel(at: 2, speed: 1, timing: easeInOut) == [])
        #expect(machine.pause(at: 2, percent: 0.5) == [])
        #expect(machine.timelineSettled(atStart: true) == [])
        #expect(machine.phase == .aborting)
    }
}
