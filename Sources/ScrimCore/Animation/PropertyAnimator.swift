/// An interruptible, scrubbable, reversible animation, as `UIViewPropertyAnimator`.
///
/// `addAnimations` runs its block at once: the model values change, and on screen the properties
/// hold their current values until the animator starts (or is scrubbed). While the animator is
/// paused, setting `fractionComplete` moves the properties linearly in time, as UIKit's default
/// (set `scrubsLinearly` to false to have the curve shape the scrubbed motion). When it ends at `.start` —
/// reversed, or finished at `.start` — every property it animated is back at its start value,
/// model and presentation alike.
@MainActor
public final class PropertyAnimator {
    /// `UIViewAnimatingState`.
    public enum State: String, Sendable {
        case inactive, active, stopped
    }

    /// `UIViewAnimatingPosition`.
    public enum Position: String, Sendable {
        case end, start, current
    }

    public let duration: Double
    public let timingParameters: TimingParameters

    public private(set) var state: State = .inactive
    /// Whether the animator may be paused, scrubbed and reversed (always true here; kept for UIKit
    /// compatibility).
    public var isInterruptible = true
    /// When true (the default, as UIKit), scrubbing `fractionComplete` while paused moves the
    /// properties linearly in time; when false, the timing curve shapes the scrubbed motion.
    public var scrubsLinearly = true
    /// When true, the animator stays active (paused) at its end instead of completing.
    public var pausesOnCompletion = false

    /// True while active and not paused.
    public var isRunning: Bool {
        state == .active && group.map { slot in engine!.withGroup(slot) { $0.speed != 0 } } == true
    }

    /// Runs the animation backwards. Changing it while running turns the motion around from
    /// where it is.
    public var isReversed = false {
        didSet {
            guard oldValue != isReversed, isRunning else { return }
            resume()
        }
    }

    private let resolvedTiming: ResolvedTiming
    /// Weak: the engine owns the animator while its group lives, not the other way round.
    private weak var engine: AnimationEngine?
    private var group: Int32?
    private var completions: [(Position) -> Void] = []
    /// The presentation values each animated property started from.
    private var startValues: [(view: View, property: AnimatableProperty, values: ViewValues)] = []
    /// Values kept by `stopAnimation(false)` for `finishAnimation(at:)`.
    private var stoppedValues: [(view: View, property: AnimatableProperty, start: ViewValues, end: ViewValues)] = []
    /// The fractions of time that the current timing segment spans.
    private var segmentFractions = (from: 0.0, to: 1.0)
    /// True after a linear scrub: resuming must rejoin the real timing from where things are.
    private var needsRebase = false

    /// `init(duration:curve:)`.
    public convenience init(duration: Double, curve: AnimationCurve) throws(AnimationError) {
        try self.init(duration: duration, timingParameters: .curve(curve))
    }

    /// `init(duration:controlPoint1:controlPoint2:)`.
    public convenience init(duration: Double, controlPoint1: Point, controlPoint2: Point) throws(AnimationError) {
        let bezier = try CubicBezier(controlPoint1.x, controlPoint1.y, controlPoint2.x, controlPoint2.y)
        try self.init(duration: duration, timingParameters: .cubicBezier(bezier))
    }

    /// `init(duration:dampingRatio:)`: a duration spring with no initial velocity.
    public convenience init(duration: Double, dampingRatio: Double) throws(AnimationError) {
        try self.init(duration: duration, timingParameters: .durationSpring(dampingRatio: dampingRatio, initialVelocity: 0))
    }

    /// `init(duration:timingParameters:)`. A physical spring lasts its settling duration.
    public init(duration: Double, timingParameters: TimingParameters) throws(AnimationError) {
        let (effective, resolved) = try View.validate(duration: duration, delay: 0, timing: timingParameters)
        self.duration = effective
        self.timingParameters = timingParameters
        self.resolvedTiming = resolved
    }

    // MARK: Animations and completions

    /// Runs `animations` now and animates what it changes with this animator. Added while the
    /// animator runs, they cover the remaining time.
    public func addAnimations(_ animations: () throws -> Void) throws {
        precondition(state != .stopped, "addAnimations: the animator is stopped; finish it first")
        let transaction = try AnimationTransaction.collect(animations)
        let slot = ensureGroup(near: transaction.changes.first?.view)
        let engine = engine!
        for change in transaction.changes {
            let view = change.view, property = change.property
            let from = view.presentation, to = view.model
            if !startValues.contains(where: { $0.view === view && $0.property == property }) {
                startValues.append((view, property, view.presentation))
            }
            engine.recordTouched(view, property, start: change.originalModel)
            engine.addTrack(view: view, property: property, from: from, to: to, group: slot)
        }
    }

    /// Adds a block called with the final position when the animation ends.
    public func addCompletion(_ completion: @escaping (Position) -> Void) {
        completions.append(completion)
    }

    // MARK: Running

    /// Starts (or resumes) the animation, after `delay` seconds.
    public func startAnimation(afterDelay delay: Double = 0) throws(AnimationError) {
        guard delay.isFinite, delay >= 0 else { throw .invalidDelay(delay) }
        precondition(state != .stopped, "startAnimation: the animator is stopped; call finishAnimation(at:)")
        _ = ensureGroup(near: nil)
        state = .active
        resume(afterDelay: delay)
    }

    /// Pauses the animation where it is (activating an inactive animator at its start).
    public func pauseAnimation() {
        precondition(state != .stopped, "pauseAnimation: the animator is stopped; call finishAnimation(at:)")
        let slot = ensureGroup(near: nil)
        state = .active
        let now = engine!.time(ofGroup: slot)
        engine!.withGroup(slot) { group in
            group.anchorLocal = group.localTime(at: now)
            group.anchorTime = now
            group.speed = 0
        }
    }

    /// The fraction of the animation's time that has passed (settable while paused or inactive).
    public var fractionComplete: Double {
        get {
            guard let group, let engine else { return 0 }
            let now = engine.time(ofGroup: group)
            let local = engine.withGroup(group) { $0.duration > 0 ? min(max($0.localTime(at: now) / $0.duration, 0), 1) : 1 }
            return segmentFractions.from + (segmentFractions.to - segmentFractions.from) * local
        }
        set {
            precondition(!isRunning, "fractionComplete can only be set while the animator is paused or inactive")
            precondition(state != .stopped, "fractionComplete: the animator is stopped")
            let fraction = newValue.isFinite ? min(max(newValue, 0), 1) : 0
            let slot = ensureGroup(near: nil)
            state = .active
            let engine = engine!
            let now = engine.time(ofGroup: slot)
            segmentFractions = (0, 1)
            needsRebase = scrubsLinearly
            engine.withGroup(slot) { group in
                group.timing = scrubsLinearly ? .linear : resolvedTiming
                group.duration = duration
                group.progressFrom = 0
                group.progressTo = 1
                group.anchorLocal = fraction * duration
                group.anchorTime = now
                group.speed = 0
                group.hasEnded = false
            }
            engine.refresh(group: slot)
        }
    }

    /// Stops the animation where it is: the properties keep their current on-screen values as
    /// model values. Without finishing, the animator becomes inactive and its completions are dropped, never run;
    /// otherwise it is `stopped` until `finishAnimation(at:)`.
    public func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active, let group, let engine else { return }
        stoppedValues = engine.animatedProperties(ofGroup: group).map { entry in
            let start = startValues.first { $0.view === entry.view && $0.property == entry.property }?.values
            return (entry.view, entry.property, start ?? entry.view.presentation, entry.view.model)
        }
        for entry in stoppedValues {
            entry.view.setModelAndPresentation(entry.property, from: entry.view.presentation)
        }
        engine.discardGroup(group)
        self.group = nil
        if withoutFinishing {
            stoppedValues = []
            startValues = []
            completions = []
            state = .inactive
        } else {
            state = .stopped
        }
    }

    /// Completes a stopped animator: puts the properties at `position` and runs the completions.
    /// Calling it in any state but `stopped` is a programmer error and traps (UIKit raises).
    public func finishAnimation(at position: Position) {
        precondition(
            state == .stopped,
            "finishAnimation(at:) requires a stopped animator (call stopAnimation(false) first); it is \(state)")
        for entry in stoppedValues {
            switch position {
            case .end: entry.view.setModelAndPresentation(entry.property, from: entry.end)
            case .start: entry.view.setModelAndPresentation(entry.property, from: entry.start)
            case .current: break
            }
        }
        stoppedValues = []
        startValues = []
        state = .inactive
        runCompletions(position)
    }

    /// Continues a paused animator with new timing (nil: the original) over
    /// `durationFactor × duration × remaining fraction` seconds.
    public func continueAnimation(withTimingParameters parameters: TimingParameters?, durationFactor: Double) throws(AnimationError) {
        guard durationFactor.isFinite, durationFactor >= 0 else {
            throw .invalidDurationFactor(durationFactor)
        }
        precondition(state == .active, "continueAnimation: the animator is \(state), not active")
        let remaining = isReversed ? fractionComplete : 1 - fractionComplete
        let segmentDuration = parameters?.intrinsicDuration ?? durationFactor * duration * remaining
        let timing = try (parameters ?? timingParameters).resolved(duration: segmentDuration)
        rebase(timing: timing, segmentDuration: segmentDuration)
    }

    // MARK: Internals

    /// The engine group, created on first use on the engine of `view`'s window (or the current one).
    private func ensureGroup(near view: View?) -> Int32 {
        if let group { return group }
        guard let engine = view?.window?.engine ?? engine ?? AnimationEngine.current else {
            preconditionFailure("PropertyAnimator needs an AnimationEngine: create a Window or ScrimHost first")
        }
        self.engine = engine
        let slot = engine.makeAnimatorGroup(timing: resolvedTiming, duration: duration, animator: self)
        group = slot
        segmentFractions = (0, 1)
        return slot
    }

    /// Sets the group running in the current direction from where it is.
    private func resume(afterDelay delay: Double = 0) {
        guard let group, let engine else { return }
        let direction: Double = isReversed ? -1 : 1
        let spansWholeRange = engine.withGroup(group) { $0.progressFrom == 0 && $0.progressTo == 1 }
        if needsRebase || !spansWholeRange {
            let remaining = isReversed ? fractionComplete : 1 - fractionComplete
            let segmentDuration = timingParameters.intrinsicDuration ?? duration * remaining
            let timing = (try? timingParameters.resolved(duration: segmentDuration)) ?? .linear
            rebase(timing: timing, segmentDuration: segmentDuration, delay: delay)
            return
        }
        let now = engine.time(ofGroup: group)
        engine.withGroup(group) { group in
            group.anchorLocal = group.localTime(at: now)
            group.anchorTime = now + delay
            group.speed = direction
            group.hasEnded = false
        }
    }

    /// Replaces the group's timing with a new segment that runs from the current progress to the
    /// end the animator is heading for.
    private func rebase(timing: ResolvedTiming, segmentDuration: Double, delay: Double = 0) {
        guard let group, let engine else { return }
        let fraction = fractionComplete
        let progress = engine.withGroup(group) { $0.progress }
        needsRebase = false
        let now = engine.time(ofGroup: group)
        engine.withGroup(group) { group in
            group.timing = timing
            group.duration = segmentDuration
            group.anchorTime = now + delay
            group.hasEnded = false
            if isReversed {
                (group.progressFrom, group.progressTo) = (0, progress)
                group.anchorLocal = segmentDuration
                group.speed = -1
            } else {
                (group.progressFrom, group.progressTo) = (progress, 1)
                group.anchorLocal = 0
                group.speed = 1
            }
        }
        segmentFractions = isReversed ? (0, fraction) : (fraction, 1)
    }

    /// Called by the engine when the group reaches an end.
    func groupDidReachEnd(atStart: Bool) {
        guard let group, let engine else { return }
        if pausesOnCompletion {
            let now = engine.time(ofGroup: group)
            engine.withGroup(group) { group in
                group.anchorLocal = atStart ? 0 : group.duration
                group.anchorTime = now
                group.speed = 0
            }
            return
        }
        if atStart {
            for entry in startValues { entry.view.setModelAndPresentation(entry.property, from: entry.values) }
        } else {
            for entry in engine.animatedProperties(ofGroup: group) {
                entry.view.setModelAndPresentation(entry.property, from: entry.view.model)
            }
        }
        engine.removeTracks(ofGroup: group, finished: true)
        engine.discardGroup(group)
        self.group = nil
        startValues = []
        state = .inactive
        runCompletions(atStart ? .start : .end)
    }

    private func runCompletions(_ position: Position) {
        let blocks = completions
        completions = []
        for block in blocks { block(position) }
    }
}
