import Foundation
import ScrimCore
import ScrimExport
import Testing

/// The reducer keeps the fewest keyframes that replay every sample within the tolerances.
@Suite struct KeyframeReducerTests {
    let reducer = KeyframeReducer()
    /// Frame times at 60 fps over `seconds`, as fractions of it.
    static func times(frames: Int) -> [Double] { (0...frames).map { Double($0) / Double(frames) } }

    /// A damped spring's progress (damping 0.5, about 0.8 s), as `scrim.animate` springs.
    static func spring(_ t: Double) -> Double {
        let omega = 12.0, zeta = 0.5, damped = omega * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * omega * t) * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
    }

    @Test func aStraightLineKeepsItsTwoEnds() {
        let times = Self.times(frames: 48)
        let samples = times.map { [100 + 200 * $0, 50 - 30 * $0] }
        #expect(reducer.keep(times: times, samples: samples, of: .position) == [0, 48])
    }

    @Test func aSpringKeepsTensOfKeyframesAndReplaysWithinTheTolerance() {
        let times = Self.times(frames: 48)
        let samples = times.map { t in [20 + 350 * Self.spring(t * 0.8), 120 + 600 * Self.spring(t * 0.8)] }
        let kept = reducer.keep(times: times, samples: samples, of: .position)
        #expect(kept.first == 0 && kept.last == 48)
        #expect((10...40).contains(kept.count), "\(kept.count) keyframes")
        let track = KeyframeTrack(property: .position, keyTimes: kept.map { times[$0] }, values: kept.map { samples[$0] })
        for (time, sample) in zip(times, samples) {
            let replayed = track.value(at: time)
            #expect(abs(replayed[0] - sample[0]) <= 0.25 && abs(replayed[1] - sample[1]) <= 0.25, "at \(time)")
        }
    }

    @Test func aTighterToleranceKeepsMore() {
        let times = Self.times(frames: 48)
        let samples = times.map { [Self.spring($0 * 0.8)] }
        var fine = KeyframeReducer()
        fine.tolerance.fraction = 0.0002
        let coarse = reducer.keep(times: times, samples: samples, of: .opacity)
        let finer = fine.keep(times: times, samples: samples, of: .opacity)
        #expect(finer.count > coarse.count)
        // Opacity's tolerance is 0.002: a change of 0.0019 over the track is one segment.
        let flat = times.map { [0.4 + 0.0019 * sin($0 * .pi)] }
        #expect(reducer.keep(times: times, samples: flat, of: .opacity) == [0, 48])
    }

    @Test func aRotationKeepsWhatTheDecomposedInterpolationCannotReplay() {
        // A half turn about y with perspective, at a constant angular speed: the decomposed
        // interpolation of its ends goes straight through the turn, so few keys are needed; a
        // turn that speeds up needs more.
        let times = Self.times(frames: 30)
        func turn(_ angle: Double) -> [Double] {
            var t = Transform3D.identity
            t.m34 = -1.0 / 500
            return ExportedProperty.entries(t.rotated(angle, 0, 1, 0))
        }
        let even = reducer.keep(times: times, samples: times.map { turn($0 * .pi / 2) }, of: .transform)
        let easing = reducer.keep(times: times, samples: times.map { turn($0 * $0 * .pi / 2) }, of: .transform)
        #expect(even.count <= 3, "\(even)")
        #expect(easing.count > even.count, "\(easing)")
    }

    @Test func theTolerancesAreTheDocumentedOnes() {
        let tolerance = KeyframeReducer.Tolerance()
        #expect(tolerance.of(.position, component: 0) == 0.25)
        #expect(tolerance.of(.opacity, component: 0) == 0.002)
        #expect(tolerance.of(.backgroundColor, component: 3) == 0.002)
        #expect(tolerance.of(.transform, component: 0) == 0.001)
        #expect(tolerance.of(.transform, component: 13) == 0.25)
        #expect(tolerance.of(.transform, component: 11) == 0.00001)
        #expect(tolerance.of(.anchorPoint, component: 1) == 0.001)
        // 0.001 in a rotation's entries is under 0.1°.
        #expect(sin(0.1 * .pi / 180) > tolerance.matrixLinear)
    }
}
