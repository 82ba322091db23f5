/// A transition's own time, which the animations created for the transition follow instead of
/// the clock: it runs with the clock, stands still at a chosen time (an interactive transition
/// at `percentComplete × duration`), or eases to a target (finishing or cancelling).
struct Timeline {
    enum Mode {
        /// `time = from + (now − since)`.
        case running(since: Double, from: Double)
        /// Interactive: the time is set, not advanced; no animation on it may end.
        case paused(at: Double)
        /// From `from` to `to` with `timing` over `duration` seconds of clock time from `start`;
        /// then running on (`runsOn`) or paused at `to`.
        case easing(from: Double, to: Double, start: Double, duration: Double, timing: ResolvedTiming, runsOn: Bool)
    }

    var mode: Mode
    var isLive: Bool
    let record: TimelineRecord

    /// The timeline's time at clock time `now`, and whether an easing reached its target.
    func time(at now: Double) -> (time: Double, settled: Bool) {
        switch mode {
        case .running(let since, let from):
            return (from + (now - since), false)
        case .paused(let time):
            return (time, false)
        case .easing(let from, let to, let start, let duration, let timing, _):
            let elapsed = now - start
            if elapsed >= duration - TimingGroup.endTolerance { return (to, true) }
            var hint = CubicBezier.SolverHint()
            return (from + (to - from) * timing.progress(at: max(elapsed, 0), duration: duration, hint: &hint), false)
        }
    }

    var isPaused: Bool {
        if case .paused = mode { return true }
        return false
    }
}

/// What a timeline's owner needs beyond the numbers: the start value of every property its
/// animations touched (to restore on cancel) and who hears when an easing settles.
@MainActor
final class TimelineRecord {
    struct Touched {
        let view: View
        let property: AnimatableProperty
        let start: ViewValues
    }

    private(set) var touched: [Touched] = []
    private var keys: Set<Key> = []
    /// Called in the completion phase of the tick in which an easing reached its target.
    var onSettle: ((_ target: Double) -> Void)?

    private struct Key: Hashable {
        let view: ObjectIdentifier
        let property: AnimatableProperty
    }

    /// Remembers `start` as the value `property` of `view` had before the transition touched it.
    func recordTouched(_ view: View, _ property: AnimatableProperty, start: ViewValues) {
        if keys.insert(Key(view: ObjectIdentifier(view), property: property)).inserted {
            touched.append(Touched(view: view, property: property, start: start))
        }
    }

    /// Hands over the recorded start values and forgets them, so that they are restored once: a
    /// completion that runs after the restore may set a property again, and a later cancel of the
    /// same timeline (the transition's end) must not undo that.
    func takeTouched() -> [Touched] {
        defer {
            touched = []
            keys = []
        }
        return touched
    }
}

/// A timeline's time this frame, as the group pass reads it.
struct TimelineFrame {
    var time: Double
    /// False while the timeline is paused: animations on it keep their progress but never end.
    var allowsEnding: Bool
}
