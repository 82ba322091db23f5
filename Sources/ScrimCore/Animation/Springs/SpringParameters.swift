import Foundation

/// A physical spring, as `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`.
public struct SpringParameters: Sendable, Hashable {
    public let mass: Double, stiffness: Double, damping: Double
    /// Whole distance per second, positive toward the target.
    public let initialVelocity: Double
    /// The time after which the motion stays within 0.001 of the target (of the whole distance):
    /// the smallest T at which the bound on the motion's envelope is ≤ 0.001 for all t ≥ T.
    public let settlingDuration: Double
    private let motion: SpringMotion

    /// Throws `AnimationError.invalidSpringParameter` unless mass, stiffness and damping are finite
    /// and > 0 and the initial velocity is finite; also (naming `stiffness`) if the values are so
    /// extreme that the motion or its settling duration overflows.
    public init(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0)
        throws(AnimationError)
    {
        for (name, value) in [("mass", mass), ("stiffness", stiffness), ("damping", damping)]
        where !(value.isFinite && value > 0) {
            throw .invalidSpringParameter(name: name, value: value)
        }
        guard initialVelocity.isFinite else {
            throw .invalidSpringParameter(name: "initialVelocity", value: initialVelocity)
        }
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        motion = SpringMotion(
            naturalFrequency: (stiffness / mass).squareRoot(),
            dampingRatio: damping / (2 * (mass * stiffness).squareRoot()),
            initialVelocity: initialVelocity)
        settlingDuration = motion.settlingDuration
        guard motion.isFinite && settlingDuration.isFinite && settlingDuration > 0 else {
            throw .invalidSpringParameter(name: "stiffness", value: stiffness)
        }
    }

    /// ζ = c / (2√(mk)).
    public var dampingRatio: Double { damping / (2 * (mass * stiffness).squareRoot()) }

    /// ω0 = √(k/m), in radians per second.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// Fraction of the distance covered at `time` seconds: 0 for t ≤ 0, exactly 1 for
    /// t ≥ `settlingDuration`.
    public func progress(at time: Double) -> Double {
        if time <= 0 { return 0 }
        if time >= settlingDuration { return 1 }
        return 1 - motion.remaining(at: time)
    }
}

/// The closed-form motion of a spring (given by ω0, ζ and v0) released one whole distance from its target:
/// `remaining(at:)` is the signed fraction of the distance still to go, r(0) = 1, r′(0) = −v0.
enum SpringMotion: Sendable, Hashable {
    /// r = e^(−λt)(cos ωd·t + B sin ωd·t).
    case underDamped(decayRate: Double, frequency: Double, sineCoefficient: Double)
    /// r = e^(−ω0·t)(1 + B·t).
    case criticallyDamped(rate: Double, slope: Double)
    /// r = C1·e^(−s1·t) + C2·e^(−s2·t), s1 < s2.
    case overDamped(slowRate: Double, slowCoefficient: Double, fastRate: Double, fastCoefficient: Double)

    /// The fraction of the distance within which a spring counts as settled.
    static let settlingThreshold = 0.001

    /// ζ within this of 1 counts as critically damped.
    static let criticalTolerance = 1e-9

    /// More than enough to go from the smallest positive Double to infinity.
    private static let maximumDoublings = 2_100
    /// Narrows the bracket by 2^100, far below one ulp of the crossing.
    private static let bisections = 100

    init(naturalFrequency omega: Double, dampingRatio zeta: Double, initialVelocity v0: Double) {
        if abs(zeta - 1) < Self.criticalTolerance {
            self = .criticallyDamped(rate: omega, slope: omega - v0)
        } else if zeta < 1 {
            let decayRate = zeta * omega
            let frequency = omega * (1 - zeta * zeta).squareRoot()
            self = .underDamped(
                decayRate: decayRate, frequency: frequency, sineCoefficient: (decayRate - v0) / frequency)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let slowRate = omega / (zeta + root)
            let fastRate = omega * (zeta + root)
            self = .overDamped(
                slowRate: slowRate, slowCoefficient: (fastRate - v0) / (fastRate - slowRate),
                fastRate: fastRate, fastCoefficient: (v0 - slowRate) / (fastRate - slowRate))
        }
    }

    /// Whether every coefficient is finite (false only when the parameters overflow).
    var isFinite: Bool {
        switch self {
        case .underDamped(let decayRate, let frequency, let sineCoefficient):
            return decayRate.isFinite && frequency.isFinite && sineCoefficient.isFinite
        case .criticallyDamped(let rate, let slope):
            return rate.isFinite && slope.isFinite
        case .overDamped(let slowRate, let slowCoefficient, let fastRate, let fastCoefficient):
            return slowRate.isFinite && slowCoefficient.isFinite && fastRate.isFinite && fastCoefficient.isFinite
        }
    }

    /// The signed fraction of the distance still to go at `time` seconds.
    @inline(__always)
    func remaining(at time: Double) -> Double {
        switch self {
        case .underDamped(let decayRate, let frequency, let sineCoefficient):
            let (sine, cosine) = sineCosine(frequency * time)
            return exp(-decayRate * time) * (cosine + sineCoefficient * sine)
        case .criticallyDamped(let rate, let slope):
            return exp(-rate * time) * (1 + slope * time)
        case .overDamped(let slowRate, let slowCoefficient, let fastRate, let fastCoefficient):
            return slowCoefficient * exp(-slowRate * time) + fastCoefficient * exp(-fastRate * time)
        }
    }

    /// A bound on |remaining(at: time)|.
    func envelope(at time: Double) -> Double {
        switch self {
        case .underDamped(let decayRate, _, let sineCoefficient):
            return (1 + sineCoefficient * sineCoefficient).squareRoot() * exp(-decayRate * time)
        case .criticallyDamped(let rate, let slope):
            return exp(-rate * time) * (1 + abs(slope) * time)
        case .overDamped(let slowRate, let slowCoefficient, let fastRate, let fastCoefficient):
            return abs(slowCoefficient) * exp(-slowRate * time) + abs(fastCoefficient) * exp(-fastRate * time)
        }
    }

    /// The smallest T with `envelope(at: t)` ≤ `settlingThreshold` for all t ≥ T.
    var settlingDuration: Double {
        let threshold = Self.settlingThreshold
        let lower: Double
        let rate: Double
        switch self {
        case .underDamped(let decayRate, _, let sineCoefficient):
            return log((1 + sineCoefficient * sineCoefficient).squareRoot() / threshold) / decayRate
        case .criticallyDamped(let criticalRate, let slope):
            // The bound rises (from 1 at t = 0) until this time when |B| > ω0, then decreases.
            let magnitude = abs(slope)
            lower = magnitude > criticalRate ? (magnitude - criticalRate) / (criticalRate * magnitude) : 0
            rate = criticalRate
        case .overDamped(let slowRate, _, _, _):
            // Both terms decrease, from a sum ≥ 1 at t = 0.
            lower = 0
            rate = slowRate
        }
        // The bound exceeds the threshold on [0, lower] and decreases after it: bisect the crossing.
        // Both loops are bounded so that overflowing parameters end (with a non-finite or zero result).
        var below = lower
        var above = lower + 1 / rate
        var doublings = 0
        while envelope(at: above) > threshold && doublings < Self.maximumDoublings {
            below = above
            above *= 2
            doublings += 1
        }
        for _ in 0..<Self.bisections {
            let middle = 0.5 * (below + above)
            if envelope(at: middle) > threshold {
                below = middle
            } else {
                above = middle
            }
        }
        return above
    }
}
