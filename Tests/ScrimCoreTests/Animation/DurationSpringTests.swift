import Foundation
import Testing
@testable import ScrimCore

/// The envelope of Docs/Animation.md, "Duration spring", at T (the duration clamped into
/// [0.01, 10]) for ω0, minus ε = 0.001.
private func envelopeResidual(omega: Double, dampingRatio zeta: Double, initialVelocity v0: Double, duration: Double)
    -> Double
{
    let t = min(max(duration, 0.01), 10)
    if zeta == 1 {
        return exp(-omega * t) * ((omega - v0) * t + 1) - 0.001
    }
    let omegaD = omega * (1 - zeta * zeta).squareRoot()
    return (zeta * omega - v0) / omegaD * exp(-zeta * omega * t) - 0.001
}

@Suite struct DurationSpringTests {
    static let springs: [(duration: Double, dampingRatio: Double, velocity: Double)] = [
        (0.5, 0.5, 0.2),  // the recipe tutorial's pop spring
        (0.5, 1, 0),  // critical
        (0.8, 1, 0.5),
        (0.5, 0.2, 3),
        (0.4, 0.7, -2),  // starts moving away from the target
        (1.2, 0.05, 0),  // nearly undamped
        (0.005, 0.6, 0),  // solved for T = 0.01
        (20, 0.5, 0.1),  // solved for T = 10
    ]

    @Test(arguments: springs)
    func solvedNaturalFrequencySatisfiesTheEnvelopeEquation(
        _ p: (duration: Double, dampingRatio: Double, velocity: Double)
    ) throws {
        let spring = try DurationSpring(duration: p.duration, dampingRatio: p.dampingRatio, initialVelocity: p.velocity)
        let residual = envelopeResidual(
            omega: spring.naturalFrequency, dampingRatio: p.dampingRatio, initialVelocity: p.velocity,
            duration: p.duration)
        #expect(abs(residual) / 0.001 < 1e-9, "ω0 = \(spring.naturalFrequency), residual \(residual)")
        #expect(spring.naturalFrequency > 0)
    }

    @Test(arguments: springs)
    func closedFormMatchesNumericalIntegration(_ p: (duration: Double, dampingRatio: Double, velocity: Double)) throws {
        let spring = try DurationSpring(duration: p.duration, dampingRatio: p.dampingRatio, initialVelocity: p.velocity)
        let end = min(p.duration, 3)
        let times = (1..<300).map { Double($0) / 300 * end }
        let reference = SpringIntegration.progress(
            stiffness: spring.stiffness, damping: spring.damping, initialVelocity: p.velocity, at: times)
        var worst = 0.0
        for (t, expected) in zip(times, reference) {
            worst = max(worst, abs(spring.progress(at: t) - expected))
        }
        #expect(worst < 1e-8, "largest error \(worst)")
    }

    @Test func popSpringHasTheExpectedShape() throws {
        let spring = try DurationSpring(duration: 0.5, dampingRatio: 0.5, initialVelocity: 0.2)
        #expect(spring.stiffness == spring.naturalFrequency * spring.naturalFrequency)
        #expect(spring.damping == spring.naturalFrequency)
        // Under-damped: it overshoots the target before the end.
        let peak = stride(from: 0.0, to: 0.5, by: 0.001).map { spring.progress(at: $0) }.max() ?? 0
        #expect(peak > 1.1)
    }

    @Test(arguments: [0.5, 1.0, 2.0])
    func progressIsExactlyOneFromTheDurationOn(_ duration: Double) throws {
        let spring = try DurationSpring(duration: duration, dampingRatio: 0.3, initialVelocity: 1)
        for t in [duration, duration + 1e-9, duration * 1.5, 100] {
            #expect(spring.progress(at: t) == 1)
        }
        #expect(spring.progress(at: duration - 1e-3) != 1)
        #expect(spring.progress(at: 0) == 0)
        #expect(spring.progress(at: -0.2) == 0)
    }

    @Test func zeroDurationJumpsToTheTarget() throws {
        let spring = try DurationSpring(duration: 0, dampingRatio: 0.5, initialVelocity: 0)
        #expect(spring.progress(at: 0) == 1)
        #expect(spring.progress(at: 1) == 1)
        #expect(spring.progress(at: -0.1) == 0)
    }

    @Test func durationIsClampedForSolvingOnly() throws {
        let long = try DurationSpring(duration: 20, dampingRatio: 0.5, initialVelocity: 0)
        let ten = try DurationSpring(duration: 10, dampingRatio: 0.5, initialVelocity: 0)
        #expect(long.duration == 20)
        #expect(long.naturalFrequency == ten.naturalFrequency)
        #expect(long.progress(at: 15) != 1)
        #expect(long.progress(at: 20) == 1)
        let short = try DurationSpring(duration: 0.001, dampingRatio: 0.5, initialVelocity: 0)
        let hundredth = try DurationSpring(duration: 0.01, dampingRatio: 0.5, initialVelocity: 0)
        #expect(short.naturalFrequency == hundredth.naturalFrequency)
    }

    @Test func dampingRatioAboveOneIsClampedToCritical() throws {
        let spring = try DurationSpring(duration: 0.8, dampingRatio: 1.5, initialVelocity: 0.5)
        #expect(spring.dampingRatio == 1)
        let critical = try DurationSpring(duration: 0.8, dampingRatio: 1, initialVelocity: 0.5)
        #expect(spring.naturalFrequency == critical.naturalFrequency)
        // Integrate with ζ = 1 explicitly.
        let omega = spring.naturalFrequency
        let times = (1..<100).map { Double($0) / 100 * 0.8 }
        let reference = SpringIntegration.progress(
            stiffness: omega * omega, damping: 2 * omega, initialVelocity: 0.5, at: times)
        for (t, expected) in zip(times, reference) {
            #expect(abs(spring.progress(at: t) - expected) < 1e-8, "at \(t)")
        }
        // A critically damped spring released at rest never overshoots.
        let atRest = try DurationSpring(duration: 0.8, dampingRatio: 3, initialVelocity: 0)
        #expect(times.allSatisfy { atRest.progress(at: $0) < 1 })
    }

    @Test func initialVelocitySetsTheStartingSlope() throws {
        let still = try DurationSpring(duration: 0.5, dampingRatio: 0.5, initialVelocity: 0)
        #expect(abs(still.progress(at: 1e-7) / 1e-7) < 1e-4)
        let moving = try DurationSpring(duration: 0.5, dampingRatio: 0.5, initialVelocity: 0.5)
        #expect(abs(moving.progress(at: 1e-7) / 1e-7 - 0.5) < 1e-4)
    }

    @Test(arguments: [(0.2, 50.0), (0.5, 400.0), (1e-4, 0.0), (1, 20)])
    func withoutARootTheFrequencyIsStillPositiveAndFinite(_ zeta: Double, _ velocity: Double) throws {
        let spring = try DurationSpring(duration: 0.5, dampingRatio: zeta, initialVelocity: velocity)
        #expect(spring.naturalFrequency.isFinite && spring.naturalFrequency > 0)
        #expect(spring.progress(at: 0.25).isFinite)
        #expect(spring.progress(at: 0.5) == 1)
    }

    @Test(arguments: [0.0, -1.0])
    func invalidDampingRatioThrows(_ zeta: Double) {
        #expect(throws: AnimationError.invalidDampingRatio(zeta)) {
            try DurationSpring(duration: 0.5, dampingRatio: zeta, initialVelocity: 0)
        }
    }

    @Test func notANumberDampingRatioThrows() {
        let error = #expect(throws: AnimationError.self) {
            try DurationSpring(duration: 0.5, dampingRatio: .nan, initialVelocity: 0)
        }
        guard case .invalidDampingRatio(let value) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(value.isNaN)
    }

    @Test(arguments: [-1.0, .nan, .infinity])
    func invalidDurationThrows(_ duration: Double) {
        let error = #expect(throws: AnimationError.self) {
            try DurationSpring(duration: duration, dampingRatio: 0.5, initialVelocity: 0)
        }
        guard case .invalidDuration(let value) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(value == duration || (value.isNaN && duration.isNaN))
    }

    @Test func invalidInitialVelocityThrows() {
        #expect(throws: AnimationError.invalidSpringParameter(name: "initialVelocity", value: -.infinity)) {
            try DurationSpring(duration: 0.5, dampingRatio: 0.5, initialVelocity: -.infinity)
        }
    }
}
