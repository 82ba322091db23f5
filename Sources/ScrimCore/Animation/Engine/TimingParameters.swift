/// How an animation's progress follows time: a named or custom Bézier curve, UIKit's
/// duration spring, or a physical spring.
public enum TimingParameters: Sendable, Hashable {
    case curve(AnimationCurve)
    case cubicBezier(CubicBezier)
    /// UIKit's `usingSpringWithDamping:initialSpringVelocity:` over the animation's duration.
    case durationSpring(dampingRatio: Double, initialVelocity: Double)
    /// A physical spring; the animation lasts its `settlingDuration`.
    case spring(SpringParameters)

    /// UIKit's default for `animate`.
    public static let `default` = TimingParameters.curve(.easeInOut)

    /// The evaluable timing for an animation of `duration` seconds, validated.
    func resolved(duration: Double) throws(AnimationError) -> ResolvedTiming {
        switch self {
        case .curve(let curve):
            return curve == .linear ? .linear : .bezier(curve.bezier)
        case .cubicBezier(let bezier):
            return .bezier(bezier)
        case .durationSpring(let dampingRatio, let initialVelocity):
            return .durationSpring(
                try DurationSpring(duration: duration, dampingRatio: dampingRatio, initialVelocity: initialVelocity))
        case .spring(let parameters):
            return .spring(parameters)
        }
    }

    /// The duration the timing imposes regardless of the requested one (a physical spring's
    /// settling duration), if any.
    var intrinsicDuration: Double? {
        if case .spring(let parameters) = self { return parameters.settlingDuration }
        return nil
    }
}

/// Timing ready to evaluate every frame: no validation, no allocation.
enum ResolvedTiming {
    case linear
    case bezier(CubicBezier)
    case durationSpring(DurationSpring)
    case spring(SpringParameters)

    /// Progress at local time `time` (seconds) of an animation lasting `duration`. `hint` carries
    /// a Bézier solver's parameter from one evaluation to the next.
    @inline(__always)
    func progress(at time: Double, duration: Double, hint: inout CubicBezier.SolverHint) -> Double {
        switch self {
        case .linear:
            return duration > 0 ? min(max(time / duration, 0), 1) : (time >= 0 ? 1 : 0)
        case .bezier(let bezier):
            let fraction = duration > 0 ? min(max(time / duration, 0), 1) : (time >= 0 ? 1 : 0)
            return bezier.progress(at: fraction, hint: &hint)
        case .durationSpring(let spring):
            return spring.progress(at: time)
        case .spring(let spring):
            return spring.progress(at: time)
        }
    }
}
