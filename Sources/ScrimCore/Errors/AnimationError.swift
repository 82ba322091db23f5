/// Bad input to the animation engine: a duration, a timing parameter, a clock setting or a value
/// that cannot be animated. Each message names the offending value and what was expected.
public enum AnimationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A duration that is negative, NaN or infinite.
    case invalidDuration(Double)
    /// A delay that is negative, NaN or infinite.
    case invalidDelay(Double)
    /// A spring damping ratio that is ≤ 0 or not finite (values above 1 are clamped to 1).
    case invalidDampingRatio(Double)
    /// A spring parameter (`mass`, `stiffness`, `damping`, `initialVelocity`) out of range.
    case invalidSpringParameter(name: String, value: Double)
    /// A cubic Bézier control point out of range (`x1`, `x2` must lie in 0…1; all must be finite).
    case invalidControlPoint(name: String, value: Double)
    /// A frame rate ≤ 0, above 1000 or not finite.
    case invalidFrameRate(Double)
    /// A clock step that is negative or not finite.
    case invalidTimeInterval(Double)
    /// A `ManualClock.advance(by:)` step longer than `ManualClock.maximumFramesPerAdvance` frames.
    case timeStepTooLong(seconds: Double, frameRate: Double)
    /// A keyframe whose relative start or duration is outside 0…1 or not finite.
    case invalidKeyframe(name: String, value: Double)
    /// `addKeyframe` called outside an `animateKeyframes` block.
    case keyframeOutsideKeyframeAnimation
    /// A view property was given a NaN or infinite value (`value` is its text) inside an animation
    /// block or the throwing `performWithoutAnimation`.
    case nonFiniteValue(property: String, value: String, view: String)
    /// A `continueAnimation` duration factor that is negative or not finite.
    case invalidDurationFactor(Double)

    public var description: String {
        switch self {
        case .invalidDuration(let value):
            "invalid duration \(value): a duration must be a finite number of seconds ≥ 0"
        case .invalidDelay(let value):
            "invalid delay \(value): a delay must be a finite number of seconds ≥ 0"
        case .invalidDampingRatio(let value):
            "invalid damping ratio \(value): it must be a finite number > 0 (values above 1 are clamped to 1)"
        case .invalidSpringParameter(let name, let value):
            "invalid spring \(name) \(value): "
                + (name == "initialVelocity" ? "it must be finite" : "it must be a finite number > 0")
        case .invalidControlPoint(let name, let value):
            "invalid control point \(name) = \(value): "
                + (name.hasPrefix("x") ? "x values must lie in 0…1" : "control points must be finite")
        case .invalidFrameRate(let value):
            "invalid frame rate \(value): it must be a finite number of frames per second in (0, 1000]"
        case .invalidTimeInterval(let value):
            "invalid time interval \(value): a clock moves forward by a finite number of seconds ≥ 0"
        case .timeStepTooLong(let seconds, let frameRate):
            "time step \(seconds) s is too long: at \(frameRate) frames per second one advance may tick at most "
                + "\(ManualClock.maximumFramesPerAdvance) frames (\(Double(ManualClock.maximumFramesPerAdvance) / frameRate) s)"
        case .invalidKeyframe(let name, let value):
            "invalid keyframe \(name) \(value): relative start times and durations lie in 0…1"
        case .keyframeOutsideKeyframeAnimation:
            "addKeyframe was called outside the animations block of animateKeyframes"
        case .nonFiniteValue(let property, let value, let view):
            "view '\(view)': \(property) \(value) is not finite (NaN or infinite); nothing was changed"
        case .invalidDurationFactor(let value):
            "invalid durationFactor \(value): it must be a finite number ≥ 0"
        }
    }
}
