/// The part of a timing group the engine's track pass reads, refreshed by the group pass.
struct GroupFrame {
    var progress: Double
    /// The group is an animation call that ended: its tracks finish this frame.
    var endsTracks: Bool
}

/// What owns a timing group and hears when it ends.
enum TimingGroupKind: UInt8 {
    /// A `View.animate`/`animateKeyframes` call: its tracks end with it, then its completion runs.
    case animation
    /// A `PropertyAnimator`: it decides what happens at the end.
    case animator
}

/// The timing shared by all the property tracks of one animation call or animator.
///
/// Local time runs as `anchorLocal + speed · max(now − anchorTime, 0)`; the timing maps it to a
/// progress that is then mapped into `progressFrom…progressTo`. A paused group has `speed == 0`.
struct TimingGroup {
    var timing: ResolvedTiming
    var duration: Double
    var anchorTime: Double
    var anchorLocal: Double
    var speed: Double
    var progressFrom: Double
    var progressTo: Double
    /// The progress computed by the last evaluation.
    var progress: Double
    /// Creation order: completions run in this order.
    var sequence: Int
    /// Tracks still attached.
    var pendingTracks: Int32
    var kind: TimingGroupKind
    var isLive: Bool
    /// False once any track was removed before its end.
    var allFinished: Bool
    /// True once the group reached an end (and is waiting to be handled).
    var hasEnded: Bool
    /// Which end it reached.
    var endedAtStart: Bool
    /// The Bézier solver's last solve (the next one starts from it).
    var solverHint = CubicBezier.SolverHint()
    /// The timeline whose time drives the group (a transition's), or −1 for the engine's clock.
    /// `anchorTime` is in that timeline's time.
    var timeline: Int32 = -1

    /// Local time at `now`; it stands still before `anchorTime` (a delayed start).
    @inline(__always)
    func localTime(at now: Double) -> Double {
        anchorLocal + speed * max(now - anchorTime, 0)
    }

    /// Progress for a given local time (no end handling).
    @inline(__always)
    mutating func progress(atLocalTime local: Double) -> Double {
        let eased = timing.progress(at: local, duration: duration, hint: &solverHint)
        return progressFrom + (progressTo - progressFrom) * eased
    }

    /// How close to an end counts as there: a nanosecond is floating-point noise (a tick at n / 60
    /// for an animation begun at 1 / 60 lasting (n − 1) / 60 lands a few ulps short), not time.
    static let endTolerance = 1e-9

    /// Evaluates the group at `now`; returns true when it reaches an end in this evaluation.
    @inline(__always)
    mutating func evaluate(at now: Double) -> Bool {
        let local = localTime(at: now)
        if speed > 0, local >= duration - Self.endTolerance {
            progress = progressTo
            hasEnded = true
            endedAtStart = false
            return true
        }
        if speed < 0, local <= Self.endTolerance {
            progress = progressFrom
            hasEnded = true
            endedAtStart = true
            return true
        }
        progress = progress(atLocalTime: local)
        return false
    }
}
