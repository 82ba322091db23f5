import Foundation
import Testing
@testable import ScrimCore

/// An independent reference for the springs: fourth-order Runge–Kutta on
/// m·x″ + c·x′ + k·(x − 1) = 0 with x(0) = 0, x′(0) = v0.
enum SpringIntegration {
    /// x at each of the ascending `times` (≥ 0), with steps of at most `step` seconds.
    static func progress(
        mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double,
        at times: [Double], step: Double = 1e-5
    ) -> [Double] {
        func acceleration(_ x: Double, _ v: Double) -> Double { (-damping * v - stiffness * (x - 1)) / mass }
        var x = 0.0
        var v = initialVelocity
        var t = 0.0
        var result: [Double] = []
        for target in times {
            while t < target {
                let h = min(step, target - t)
                let k1x = v
                let k1v = acceleration(x, v)
                let k2x = v + h / 2 * k1v
                let k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
                let k3x = v + h / 2 * k2v
                let k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
                let k4x = v + h * k3v
                let k4v = acceleration(x + h * k3x, v + h * k3v)
                x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                t += h
            }
            result.append(x)
        }
        return result
    }
}

/// The bound on |1 − x(t)| that defines the settling duration, written out independently.
private func envelopeBound(_ spring: SpringParameters, at t: Double) -> Double {
    let omega = (spring.stiffness / spring.mass).squareRoot()
    let zeta = spring.damping / (2 * (spring.stiffness * spring.mass).squareRoot())
    let v0 = spring.initialVelocity
    if zeta < 1 {
        let omegaD = omega * (1 - zeta * zeta).squareRoot()
        let b = (zeta * omega - v0) / omegaD
        return (1 + b * b).squareRoot() * exp(-zeta * omega * t)
    }
    if zeta == 1 {
        return exp(-omega * t) * (1 + abs(omega - v0) * t)
    }
    let r1 = -omega * (zeta - (zeta * zeta - 1).squareRoot())
    let r2 = -omega * (zeta + (zeta * zeta - 1).squareRoot())
    // 1 − x = C1·e^(r1 t) + C2·e^(r2 t), C1 + C2 = 1, r1·C1 + r2·C2 = −v0.
    let c1 = (-v0 - r2) / (r1 - r2)
    let c2 = 1 - c1
    return abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t)
}

@Suite struct SpringParametersTests {
    static let springs: [(mass: Double, stiffness: Double, damping: Double, velocity: Double)] = [
        (1, 100, 4, 0),  // ζ = 0.2
        (2, 300, 10, -3),  // under-damped, starting away from the target
        (1, 170, 26, 5),  // ζ ≈ 0.997
        (1, 100, 20, 0),  // critical
        (1, 100, 20, 40),  // critical, fast start: the bound rises before it decays
        (4, 25, 20, -2),  // critical, mass 4
        (1, 100, 50, 0),  // ζ = 2.5
        (1, 100, 50, 30),
        (0.5, 50, 100, -10),  // ζ = 10
    ]

    @Test(arguments: springs)
    func closedFormMatchesNumericalIntegration(
        _ p: (mass: Double, stiffness: Double, damping: Double, velocity: Double)
    ) throws {
        let spring = try SpringParameters(
            mass: p.mass, stiffness: p.stiffness, damping: p.damping, initialVelocity: p.velocity)
        let times = (1..<400).map { Double($0) / 400 * spring.settlingDuration }
        let reference = SpringIntegration.progress(
            mass: p.mass, stiffness: p.stiffness, damping: p.damping, initialVelocity: p.velocity, at: times)
        var worst = 0.0
        for (t, expected) in zip(times, reference) {
            worst = max(worst, abs(spring.progress(at: t) - expected))
        }
        #expect(worst < 1e-8, "largest error \(worst)")
    }

    @Test(arguments: springs)
    func motionStaysWithinTheThresholdAfterTheSettlingDuration(
        _ p: (mass: Double, stiffness: Double, damping: Double, velocity: Double)
    ) throws {
        let spring = try SpringParameters(
            mass: p.mass, stiffness: p.stiffness, damping: p.damping, initialVelocity: p.velocity)
        let settling = spring.settlingDuration
        let times = (0...300).map { settling * (1 + Double($0) / 100) }
        let reference = SpringIntegration.progress(
            mass: p.mass, stiffness: p.stiffness, damping: p.damping, initialVelocity: p.velocity, at: times)
        #expect(reference.allSatisfy { abs(1 - $0) <= 0.001 + 1e-12 })
        #expect(times.allSatisfy { spring.progress(at: $0) == 1 })
    }

    @Test(arguments: springs)
    func settlingDurationIsWhereTheBoundLastReachesTheThreshold(
        _ p: (mass: Double, stiffness: Double, damping: Double, velocity: Double)
    ) throws {
        let spring = try SpringParameters(
            mass: p.mass, stiffness: p.stiffness, damping: p.damping, initialVelocity: p.velocity)
        let settling = spring.settlingDuration
        #expect(abs(envelopeBound(spring, at: settling) - 0.001) <= 1e-12)
        // Above the threshold at every earlier time, so no smaller duration would do.
        #expect((0..<1000).allSatisfy { envelopeBound(spring, at: settling * Double($0) / 1000) > 0.001 })
    }

    @Test func underDampedMotionReachesTheThresholdJustBeforeSettling() throws {
        let spring = try SpringParameters(stiffness: 100, damping: 2)  // ζ = 0.1
        let settling = spring.settlingDuration
        let halfPeriod = Double.pi / (10 * (1 - 0.01).squareRoot())
        let times = (0...2000).map { settling - halfPeriod + halfPeriod * Double($0) / 2000 }
        let reference = SpringIntegration.progress(stiffness: 100, damping: 2, initialVelocity: 0, at: times)
        let largest = reference.map { abs(1 - $0) }.max() ?? 0
        // Within the envelope, which is 0.001·e^(ζω0·π/ωd) half a period before settling.
        #expect(largest > 0.0009 && largest <= 0.001 * exp(1 * halfPeriod), "largest deviation \(largest)")
    }

    @Test(arguments: [(100.0, 20.0), (100.0, 50.0)])
    func nonOscillatingMotionIsAboveTheThresholdJustBeforeSettling(_ stiffness: Double, _ damping: Double) throws {
        let spring = try SpringParameters(stiffness: stiffness, damping: damping)
        let before = 0.99 * spring.settlingDuration
        let reference = SpringIntegration.progress(
            stiffness: stiffness, damping: damping, initialVelocity: 0, at: [before, spring.settlingDuration])
        #expect(1 - reference[0] > 0.001)
        #expect(1 - reference[1] <= 0.001 + 1e-12)
    }

    @Test func settlingDurationOfAKnownSpring() throws {
        // ζ = 0.5, ω0 = 10, v0 = 0: amplitude √(1 + 1/3), decay rate 5.
        let spring = try SpringParameters(stiffness: 100, damping: 10)
        #expect(abs(spring.settlingDuration - log((4.0 / 3).squareRoot() / 0.001) / 5) <= 1e-12)
        // Critical, v0 = 0: e^(−10T)(1 + 10T) = 0.001 at T ≈ 0.92335.
        let critical = try SpringParameters(stiffness: 100, damping: 20)
        let t = critical.settlingDuration
        #expect(abs(exp(-10 * t) * (1 + 10 * t) - 0.001) <= 1e-12)
        #expect(abs(t - 0.92335) < 1e-4)
    }

    @Test func derivedDampingRatioAndNaturalFrequency() throws {
        let spring = try SpringParameters(mass: 2, stiffness: 8, damping: 4)
        #expect(spring.naturalFrequency == 2)
        #expect(spring.dampingRatio == 0.5)
        #expect(spring.initialVelocity == 0)
    }

    @Test func progressIsZeroBeforeTheStartAndFollowsTheInitialVelocity() throws {
        let spring = try SpringParameters(stiffness: 100, damping: 10, initialVelocity: 2)
        #expect(spring.progress(at: 0) == 0)
        #expect(spring.progress(at: -1) == 0)
        #expect(abs(spring.progress(at: 1e-7) / 1e-7 - 2) < 1e-4)
        let still = try SpringParameters(stiffness: 100, damping: 10)
        #expect(abs(still.progress(at: 1e-7) / 1e-7) < 1e-4)
    }

    @Test(arguments: [
        (0.0, 100.0, 10.0, 0.0, "mass", 0.0),
        (-1.0, 100.0, 10.0, 0.0, "mass", -1.0),
        (Double.infinity, 100.0, 10.0, 0.0, "mass", Double.infinity),
        (1.0, 0.0, 10.0, 0.0, "stiffness", 0.0),
        (1.0, -5.0, 10.0, 0.0, "stiffness", -5.0),
        (1.0, 100.0, 0.0, 0.0, "damping", 0.0),
        (1.0, 100.0, -2.0, 0.0, "damping", -2.0),
        (1.0, 100.0, 10.0, Double.infinity, "initialVelocity", Double.infinity),
    ])
    func invalidParametersThrowNamingTheParameter(
        _ mass: Double, _ stiffness: Double, _ damping: Double, _ velocity: Double, _ name: String, _ value: Double
    ) {
        #expect(throws: AnimationError.invalidSpringParameter(name: name, value: value)) {
            try SpringParameters(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
        }
    }

    @Test func notANumberParametersThrowNamingTheParameter() {
        for (index, name) in ["mass", "stiffness", "damping", "initialVelocity"].enumerated() {
            var values = [1.0, 100, 10, 0]
            values[index] = .nan
            let error = #expect(throws: AnimationError.self) {
                try SpringParameters(
                    mass: values[0], stiffness: values[1], damping: values[2], initialVelocity: values[3])
            }
            let message = error.map { String(describing: $0) } ?? ""
            #expect(message.contains(name) && message.contains("nan"), "\(message)")
        }
    }

    @Test func overflowingParametersThrowInsteadOfHanging() {
        #expect(throws: AnimationError.invalidSpringParameter(name: "stiffness", value: 1e300)) {
            try SpringParameters(mass: 1e-300, stiffness: 1e300, damping: 1)
        }
    }
}
