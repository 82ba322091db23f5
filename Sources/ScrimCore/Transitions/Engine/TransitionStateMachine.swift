/// The interaction and watchdog logic of one transition, as a pure value: it takes events with
/// the clock time they happen at and returns what the transition must do (Docs/Transitions.md,
/// "Interaction and cancellation" and "Faults"). The transition performs the actions on its
/// timeline; tests drive the machine with plain numbers.
struct TransitionStateMachine {
    enum Phase: Equatable {
        /// Before the animations start (steps 1–6).
        case preparing
        /// Animations running on their own.
        case running
        /// Driven by `update`; the timeline stands at `percent × duration`.
        case interactive(percent: Double)
        /// After `finish`: the rest runs forward.
        case finishing
        /// After `cancel`: the rest runs back to the start.
        case cancelling
        /// `completeTransition` was called (or the host ended the transition).
        case completed
        /// The host is ending the transition after a fault: late calls are ignored silently.
        case aborting
    }

    enum Action: Equatable {
        /// Stop the timeline at this time (seconds of transition time) and show it.
        case pauseTimeline(at: Double)
        /// Ease the timeline to `to` over `duration` seconds, then run on or stay.
        case easeTimeline(to: Double, duration: Double, timing: TimingParameters, runsOn: Bool)
        /// Restore every touched property and run the completions (as finished).
        case cancelAnimations
        /// Run the end of the sequence (steps 10–14).
        case end(completed: Bool)
        /// Report a contained fault.
        case diagnose(TransitionRole, method: String?, String)
        /// The transition stopped or started being interactive (`notifyWhenInteractionChanges`).
        case interactionChanged
    }

    /// How long after its duration a non-interactive transition may go without completing.
    static let completionGrace = 2.0
    /// How long an interactive transition may go without an update.
    static let interactiveTimeout = 30.0

    private(set) var phase: Phase = .preparing
    private(set) var duration = 0.0
    private(set) var wasCancelled = false
    private(set) var initiallyInteractive = false
    /// The clock time after which the watchdog ends the transition.
    private(set) var deadline = Double.infinity

    var isInteractive: Bool {
        if case .interactive = phase { return true }
        return false
    }

    var hasEnded: Bool { phase == .completed || phase == .aborting }

    /// Step 7 is about to run: the animations start running, or paused at 0 when interactive.
    mutating func start(at now: Double, duration: Double, interactive: Bool) -> [Action] {
        guard phase == .preparing else { return [] }
        self.duration = duration
        initiallyInteractive = interactive
        if interactive {
            phase = .interactive(percent: 0)
            deadline = now + Self.interactiveTimeout
            return [.pauseTimeline(at: 0)]
        }
        phase = .running
        deadline = now + duration + Self.completionGrace
        return []
    }

    /// `updateInteractiveTransition(_:)`: clamped to 0…1; ignored unless interactive or for NaN.
    mutating func update(_ percent: Double, at now: Double) -> [Action] {
        guard isInteractive, !percent.isNaN else { return [] }
        let clamped = min(max(percent, 0), 1)
        phase = .interactive(percent: clamped)
        deadline = now + Self.interactiveTimeout
        return [.pauseTimeline(at: clamped * duration)]
    }

    /// `finishInteractiveTransition()`: the rest runs forward in `(1 − p) × duration / speed`.
    mutating func finish(at now: Double, speed: Double, timing: TimingParameters) -> [Action] {
        guard case .interactive(let percent) = phase else { return [] }
        let remaining = (1 - percent) * duration / Self.validSpeed(speed)
        phase = .finishing
        deadline = now + remaining + Self.completionGrace
        return [.easeTimeline(to: duration, duration: remaining, timing: timing, runsOn: true), .interactionChanged]
    }

    /// `cancelInteractiveTransition()`: the rest runs back to 0 in `p × duration / speed`.
    mutating func cancel(at now: Double, speed: Double, timing: TimingParameters) -> [Action] {
        guard case .interactive(let percent) = phase else { return [] }
        let remaining = percent * duration / Self.validSpeed(speed)
        phase = .cancelling
        wasCancelled = true
        deadline = now + remaining + Self.completionGrace
        return [.easeTimeline(to: 0, duration: remaining, timing: timing, runsOn: false), .interactionChanged]
    }

    /// `pauseInteractiveTransition()` while finishing or cancelling: interactive again at `percent`.
    mutating func pause(at now: Double, percent: Double) -> [Action] {
        guard phase == .finishing || phase == .cancelling else { return [] }
        let clamped = percent.isNaN ? 0 : min(max(percent, 0), 1)
        phase = .interactive(percent: clamped)
        wasCancelled = false
        deadline = now + Self.interactiveTimeout
        return [.pauseTimeline(at: clamped * duration), .interactionChanged]
    }

    /// The timeline reached the end it was eased to.
    mutating func timelineSettled(atStart: Bool) -> [Action] {
        if phase == .cancelling, atStart { return [.cancelAnimations] }
        if phase == .finishing, !atStart { phase = .running }
        return []
    }

    /// `completeTransition(_:)`. The transition completes only if it was not cancelled.
    mutating func complete(_ didComplete: Bool) -> [Action] {
        switch phase {
        case .aborting:
            return []
        case .completed:
            return [.diagnose(.animator, method: "animateTransition", "completeTransition was called a second time; the call was ignored")]
        default:
            phase = .completed
            return [.end(completed: didComplete && !wasCancelled)]
        }
    }

    /// A clock tick: the watchdog.
    ///
    /// A non-interactive stall is the animator's (it never called `completeTransition`); an
    /// interactive one is the interaction controller's: its `startInteractiveTransition` began an
    /// interaction that nothing drove since. Both messages name the animator.
    mutating func tick(at now: Double, animatorName: String) -> [Action] {
        guard !hasEnded, phase != .preparing, now > deadline else { return [] }
        if isInteractive {
            return abort(
                role: .interactionController, method: "startInteractiveTransition",
                message: "the interactive transition (animator '\(animatorName)') was left without an update for \(Self.format(Self.interactiveTimeout)) s after startInteractiveTransition; the host cancelled it")
        }
        return abort(
            role: .animator, method: "animateTransition",
            message: "'\(animatorName)' did not call completeTransition within its duration (\(Self.format(duration)) s) + \(Self.format(Self.completionGrace)) s; the host cancelled the transition")
    }

    /// A role threw or returned something it must not: the transition ends as cancelled. After
    /// `completeTransition`, only a diagnostic — unless the end is still `pending` (the animator
    /// completed inside `animateTransition` and then failed before returning): then the fault
    /// wins and the transition ends as cancelled after all, so it cannot be left half-ended.
    mutating func fault(role: TransitionRole, method: String?, message: String, endPending: Bool = false) -> [Action] {
        if hasEnded, !(endPending && phase == .completed) { return [.diagnose(role, method: method, message)] }
        return abort(role: role, method: method, message: message)
    }

    private mutating func abort(role: TransitionRole, method: String?, message: String) -> [Action] {
        let started = phase != .preparing
        phase = .aborting
        wasCancelled = true
        return [.diagnose(role, method: method, message)] + (started ? [.cancelAnimations] : []) + [.end(completed: false)]
    }

    private static func validSpeed(_ speed: Double) -> Double {
        speed.isFinite && speed > 0 ? speed : 1
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
