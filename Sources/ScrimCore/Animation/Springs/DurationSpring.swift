import Foundation

/// UIKit's `usingSpringWithDamping:initialSpringVelocity:` spring: mass 1, with the
/// natural frequency whose envelope has decayed to 0.001 of the distance at `duration`.
public struct DurationSpring: Sendable, Hashable {
    /// Seconds; the motion ends exactly on the target then. ω0 is solved for it clamped into [0.01, 10].
    public let duration: Double
    /// ζ in (0, 1]; larger values are clamped to 1.
    public let dampingRatio: Double
    /// v0, whole distance per second, positive toward the target.
    public let initialVelocity: Double
    /// ω0, in radians per second.
    public let naturalFrequency: Double
    private let motion: SpringMotion

    /// k = ω0² (mass 1).
    public var stiffness: Double { naturalFrequency * naturalFrequency }
    /// c = 2ζω0.
    public var damping: Double { 2 * dampingRatio * naturalFrequency }

    /// Throws `.invalidDuration` if `duration` is negative or not finite, `.invalidDampingRatio` if
    /// `dampingRatio` is ≤ 0 or not finite, `.invalidSpringParameter` if `initialVelocity` is not finite.
    public init(duration: Double, dampingRatio: Double, initialVelocity: Double) throws(AnimationError) {
        guard duration.isFinite && duration >= 0 else { throw .invalidDuration(duration) }
        guard dampingRatio.isFinite && dampingRatio > 0 else { throw .invalidDampingRatio(dampingRatio) }
        guard initialVelocity.isFinite else {
            throw .invalidSpringParameter(name: "initialVelocity", value: initialVelocity)
        }
        self.duration = duration
        self.dampingRatio = min(dampingRatio, 1)
        self.initialVelocity = initialVelocity
        let equation = EnvelopeEquation(
            duration: min(max(duration, 0.01), 10), dampingRatio: self.dampingRatio,
            initialVelocity: initialVelocity)
        naturalFrequency = equation.naturalFrequency
        motion = SpringMotion(
            naturalFrequency: naturalFrequency, dampingRatio: self.dampingRatio, initialVelocity: initialVelocity)
    }

    /// Fraction of the distance covered at `time` seconds since the start: exactly 1 for
    /// t ≥ `duration`, otherwise 0 for t ≤ 0, then the closed-form oscillator.
    public func progress(at time: Double) -> Double {
        if time >= duration { return 1 }
        if time <= 0 { return 0 }
        return 1 - motion.remaining(at: time)
    }
}

/// The equation for ω0 (Docs/Animation.md, "Duration spring") as residual(ω0) = envelope(ω0) − ε,
/// where the envelope is ((ζω0 − v0)/ωd)·e^(−ζω0T) under-damped and e^(−ω0T)·((ω0 − v0)T + 1)
/// critically damped.
private struct EnvelopeEquation {
    /// The spring's settling duration T, damping ratio ζ and initial velocity v0.
    let duration, dampingRatio, initialVelocity: Double
    let isCritical: Bool
    /// √(1 − ζ²), under-damped only.
    let dampedScale: Double

    private static let maximumIterations = 100
    private static let relativeTolerance = 1e-14

    init(duration: Double, dampingRatio: Double, initialVelocity: Double) {
        (self.duration, self.dampingRatio, self.initialVelocity) = (duration, dampingRatio, initialVelocity)
        isCritical = abs(dampingRatio - 1) < SpringMotion.criticalTolerance
        dampedScale = (1 - dampingRatio * dampingRatio).squareRoot()
    }

    func residual(_ omega: Double) -> Double {
        if isCritical {
            return exp(-omega * duration) * ((omega - initialVelocity) * duration + 1) - SpringMotion.settlingThreshold
        }
        return (dampingRatio - initialVelocity / omega) / dampedScale * exp(-dampingRatio * omega * duration)
            - SpringMotion.settlingThreshold
    }

    func derivative(_ omega: Double) -> Double {
        if isCritical {
            return -duration * duration * (omega - initialVelocity) * exp(-omega * duration)
        }
        let ratio = initialVelocity / omega
        return exp(-dampingRatio * omega * duration) / dampedScale
            * (ratio / omega - dampingRatio * duration * (dampingRatio - ratio))
    }

    /// The ω0 above which the residual strictly decreases (toward −ε): its maximum for v0 > 0, else 0.
    var decreasingFrom: Double {
        guard initialVelocity > 0 else { return 0 }
        if isCritical { return initialVelocity }
        let scaled = initialVelocity * duration
        return (scaled + (scaled * scaled + 4 * scaled).squareRoot()) / (2 * dampingRatio * duration)
    }

    /// The residual's supremum on its decreasing branch: there is a root iff this is > 0.
    var supremum: Double {
        let start = decreasingFrom
        if start > 0 { return residual(start) }
        if isCritical { return 1 - initialVelocity * duration - SpringMotion.settlingThreshold }
        return initialVelocity < 0 ? .infinity : dampingRatio / dampedScale - SpringMotion.settlingThreshold
    }

    /// The root on the decreasing branch by Newton's method from 5/T, kept inside a bracket and
    /// bisecting whenever a step would leave it. Without a root (a large v0, or ζ near 0), the ω0
    /// whose pure decay e^(−ζω0T) reaches ε.
    var naturalFrequency: Double {
        guard supremum > 0 else {
            return min(-log(SpringMotion.settlingThreshold) / (dampingRatio * duration), Self.largestFrequency)
        }
        var lower = decreasingFrom
        var upper = max(2 * lower, 10 / duration)
        while residual(upper) > 0 {
            lower = upper
            upper *= 2
        }
        let guess = 5 / duration
        var omega = lower < guess && guess < upper ? guess : 0.5 * (lower + upper)
        for _ in 0..<Self.maximumIterations {
            let value = residual(omega)
            if value > 0 {
                lower = omega
            } else if value < 0 {
                upper = omega
            } else {
                return omega
            }
            let newton = omega - value / derivative(omega)
            let next = lower < newton && newton < upper ? newton : 0.5 * (lower + upper)
            if abs(next - omega) <= Self.relativeTolerance * omega { return next }
            omega = next
        }
        return omega
    }

    /// Keeps k = ω0² finite.
    private static let largestFrequency = Double.greatestFiniteMagnitude.squareRoot()
}
