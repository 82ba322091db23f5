import Foundation

extension View {
    /// Animates the changes that `animations` makes, as `UIView.animate(withDuration:…)`: each
    /// animatable property that changes animates from its current presentation value to its new
    /// model value. `completion(finished)` runs once, after every animation of this call ended;
    /// `finished` is false if any was taken away before its end. A duration of 0 applies the values
    /// at once and completes on the next tick.
    ///
    /// - Throws: `AnimationError` for a negative or non-finite duration or delay, or when the block
    ///   sets a non-finite value; any error the block throws. Then every change the block made is
    ///   undone and `completion` is not called.
    public static func animate(
        withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
        animations: () throws -> Void, completion: ((Bool) -> Void)? = nil
    ) throws {
        try animate(
            withDuration: duration, delay: delay, timing: .curve(options.curve),
            animations: animations, completion: completion)
    }

    /// A spring animation, as `UIView.animate(withDuration:delay:usingSpringWithDamping:…)`:
    /// damping ratio in (0, 1] (above 1 is clamped), initial velocity in whole distances per second.
    public static func animate(
        withDuration duration: Double, delay: Double = 0, usingSpringWithDamping dampingRatio: Double,
        initialSpringVelocity velocity: Double, options: AnimationOptions = [],
        animations: () throws -> Void, completion: ((Bool) -> Void)? = nil
    ) throws {
        try animate(
            withDuration: duration, delay: delay,
            timing: .durationSpring(dampingRatio: dampingRatio, initialVelocity: velocity),
            animations: animations, completion: completion)
    }

    /// The general form: any timing. A physical spring lasts its settling duration whatever
    /// `duration` says.
    public static func animate(
        withDuration duration: Double, delay: Double = 0, timing: TimingParameters,
        animations: () throws -> Void, completion: ((Bool) -> Void)? = nil
    ) throws {
        let (duration, resolved) = try validate(duration: duration, delay: delay, timing: timing)
        let transaction = try AnimationTransaction.collect(animations)
        commit(transaction, timing: resolved, duration: duration, delay: delay, keyframed: false, completion: completion)
    }

    /// Keyframe animation, as `UIView.animateKeyframes`: inside `animations`, call
    /// `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`; values between keyframes
    /// are interpolated linearly in time (Core Animation's linear calculation mode). Changes made
    /// outside any keyframe animate over the whole duration.
    public static func animateKeyframes(
        withDuration duration: Double, delay: Double = 0,
        animations: () throws -> Void, completion: ((Bool) -> Void)? = nil
    ) throws {
        let (duration, resolved) = try validate(duration: duration, delay: delay, timing: .curve(.linear))
        let transaction = try AnimationTransaction.collect(acceptsKeyframes: true, animations)
        commit(transaction, timing: resolved, duration: duration, delay: delay, keyframed: true, completion: completion)
    }

    /// Adds a keyframe to the enclosing `animateKeyframes` block: the values `animations` sets
    /// are reached at `startTime + duration` (both relative to the whole animation, in 0…1).
    public static func addKeyframe(
        withRelativeStartTime startTime: Double, relativeDuration duration: Double, animations: () throws -> Void
    ) throws {
        guard let transaction = AnimationTransaction.current, transaction.acceptsKeyframes else {
            throw AnimationError.keyframeOutsideKeyframeAnimation
        }
        guard startTime.isFinite, (0...1).contains(startTime) else {
            throw AnimationError.invalidKeyframe(name: "relativeStartTime", value: startTime)
        }
        guard duration.isFinite, (0...1).contains(duration), startTime + duration <= 1 + 1e-9 else {
            throw AnimationError.invalidKeyframe(name: "relativeDuration", value: duration)
        }
        try transaction.addKeyframe(start: startTime, duration: duration, animations)
    }

    /// Runs `actions` with animations disabled, as `UIView.performWithoutAnimation`: each change
    /// applies at once, even inside an animation block. A non-finite value is dropped, as outside
    /// any block (use `performWithoutAnimationThrowing` to have it thrown).
    public static func performWithoutAnimation(_ actions: () throws -> Void) rethrows {
        try AnimationTransaction.suspended(actions)
    }

    /// Like `performWithoutAnimation`, all or nothing: the changes `changes` makes apply at once
    /// (even inside an animation block, ending any running animation of the changed properties)
    /// when it returns. If it sets a non-finite value or throws, every change it made is undone,
    /// nothing is applied and the error is thrown.
    ///
    /// - Throws: `AnimationError.nonFiniteValue` naming the first bad value; any error `changes`
    ///   throws.
    public static func performWithoutAnimationThrowing(_ changes: () throws -> Void) throws {
        let transaction = try AnimationTransaction.collect(changes)
        for change in transaction.changes { change.view.applyModelWithoutAnimation(change.property) }
    }

    static func validate(
        duration: Double, delay: Double, timing: TimingParameters
    ) throws(AnimationError) -> (Double, ResolvedTiming) {
        guard duration.isFinite, duration >= 0 else { throw .invalidDuration(duration) }
        guard delay.isFinite, delay >= 0 else { throw .invalidDelay(delay) }
        let effective = timing.intrinsicDuration ?? duration
        return (effective, try timing.resolved(duration: effective))
    }

    /// Turns the changes of a finished block into tracks on the engine of the first changed view's
    /// window (or the current engine).
    static func commit(
        _ transaction: AnimationTransaction, timing: ResolvedTiming, duration: Double, delay: Double,
        keyframed: Bool, completion: ((Bool) -> Void)?
    ) {
        let engine = transaction.changes.lazy.compactMap { $0.view.window?.engine }.first ?? AnimationEngine.current
        guard let engine else {
            // No engine anywhere: nothing can be shown animating, so the values apply at once.
            for change in transaction.changes { change.view.applyModelWithoutAnimation(change.property) }
            completion?(true)
            return
        }
        let group = engine.makeAnimationGroup(timing: timing, duration: duration, delay: delay, completion: completion)
        for change in transaction.changes {
            let view = change.view, property = change.property
            engine.recordTouched(view, property, start: change.originalModel)
            if duration == 0 && delay == 0 {
                view.applyModelWithoutAnimation(property)
                continue
            }
            let from = view.presentation, to = view.model
            if keyframed {
                let points = keyframePoints(from: from, change: change, finalValue: to)
                engine.addTrack(view: view, property: property, from: from, to: to, group: group, keyframes: points)
            } else if from.hasSameValue(of: property, as: to) {
                view.applyModelWithoutAnimation(property)
            } else {
                engine.addTrack(view: view, property: property, from: from, to: to, group: group)
            }
        }
        engine.scheduleCompletionIfIdle(group)
    }

    /// Keyframe points: the start value at 0, then for each keyframe (by start time) the previous
    /// value held until its start and its own value at its end.
    private static func keyframePoints(
        from: ViewValues, change: AnimationTransaction.Change, finalValue: ViewValues
    ) -> [AnimationEngine.KeyframePoint] {
        var keyframes = change.keyframes
        if keyframes.isEmpty { keyframes = [(0, 1, finalValue)] }
        let ordered = keyframes.enumerated().sorted {
            $0.element.start != $1.element.start ? $0.element.start < $1.element.start : $0.offset < $1.offset
        }.map(\.element)
        var points = [AnimationEngine.KeyframePoint(time: 0, values: from)]
        for keyframe in ordered {
            let previous = points[points.count - 1]
            if keyframe.start > previous.time { points.append(.init(time: keyframe.start, values: previous.values)) }
            points.append(.init(time: max(keyframe.start + keyframe.duration, points[points.count - 1].time), values: keyframe.value))
        }
        return points
    }
}
