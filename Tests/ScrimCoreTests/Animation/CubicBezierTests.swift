import Testing
@testable import ScrimCore

/// 0.001, 0.002, … 0.999 and points very close to both ends.
private let sampleFractions: [Double] =
    (1..<1000).map { Double($0) / 1000 } + [1e-12, 1e-9, 1e-6, 1 - 1e-6, 1 - 1e-9, 1 - 1e-12]

@Suite struct CubicBezierTests {
    static let curves: [(Double, Double, Double, Double)] = [
        (0, 0, 1, 1),
        (0.42, 0, 1, 1),
        (0, 0, 0.58, 1),
        (0.42, 0, 0.58, 1),
        (0.25, 0.1, 0.25, 1),
        (0.68, -0.55, 0.27, 1.55),  // overshoots at both ends
        (0.1, 0.7, 0.1, 1),  // steep start
        (0, 1, 1, 0),  // x′(t) = 0 at both ends: vertical tangents
        (0.9, 0, 0.1, 1),  // nearly stationary x(t) in the middle
    ]

    @Test(arguments: curves)
    func progressMatchesABisectionReference(_ points: (Double, Double, Double, Double)) throws {
        let bezier = try CubicBezier(points.0, points.1, points.2, points.3)
        var worst = 0.0
        for x in sampleFractions {
            let expected = referenceProgress(points.0, points.1, points.2, points.3, at: x)
            worst = max(worst, abs(bezier.progress(at: x) - expected))
        }
        #expect(worst <= 1e-6, "largest error \(worst)")
    }

    @Test(arguments: curves)
    func endpointsAreExact(_ points: (Double, Double, Double, Double)) throws {
        let bezier = try CubicBezier(points.0, points.1, points.2, points.3)
        #expect(bezier.progress(at: 0) == 0)
        #expect(bezier.progress(at: 1) == 1)
    }

    @Test func namedCurvesHaveCoreAnimationsControlPoints() {
        let points = AnimationCurve.allCases.map { curve in
            let b = curve.bezier
            return [b.x1, b.y1, b.x2, b.y2]
        }
        #expect(AnimationCurve.allCases == [.linear, .easeIn, .easeOut, .easeInOut, .default])
        #expect(points == [[0, 0, 1, 1], [0.42, 0, 1, 1], [0, 0, 0.58, 1], [0.42, 0, 0.58, 1], [0.25, 0.1, 0.25, 1]])
        #expect(AnimationCurve(rawValue: "easeInOut") == .easeInOut)
        #expect(AnimationCurve.default.rawValue == "default")
    }

    @Test func namedCurvesMatchTheReference() {
        for curve in AnimationCurve.allCases {
            let b = curve.bezier
            for x in stride(from: 0.05, to: 1, by: 0.05) {
                let expected = referenceProgress(b.x1, b.y1, b.x2, b.y2, at: x)
                #expect(abs(b.progress(at: x) - expected) <= 1e-6, "\(curve) at \(x)")
            }
        }
    }

    @Test func linearIsTheIdentityEverywhere() {
        for x in [-2, -0.1, 0, 1e-9, 0.1, 1.0 / 3, 0.5, 0.77, 1, 1.5, 3] {
            #expect(CubicBezier.linear.progress(at: x) == x)
        }
    }

    @Test func easeInOutIsSymmetric() {
        for x in stride(from: 0.0, through: 0.5, by: 0.01) {
            let sum = CubicBezier.easeInOut.progress(at: x) + CubicBezier.easeInOut.progress(at: 1 - x)
            #expect(abs(sum - 1) <= 1e-9, "at \(x)")
        }
        #expect(abs(CubicBezier.easeInOut.progress(at: 0.5) - 0.5) <= 1e-12)
    }

    @Test func extrapolationFollowsTheEndTangents() throws {
        // easeIn starts flat; easeOut ends flat.
        #expect(CubicBezier.easeIn.progress(at: -0.1) == 0)
        #expect(CubicBezier.easeOut.progress(at: 1.1) == 1)
        #expect(CubicBezier.linear.progress(at: 1.5) == 1.5)
        // The start tangent points at the first control point…
        let steep = try CubicBezier(0.2, 0.6, 0.5, 1)
        #expect(abs(steep.progress(at: -0.1) - -0.3) <= 1e-12)
        // …or at the second when the first is (0,0); the same at the other end.
        #expect(abs(CubicBezier.easeOut.progress(at: -0.1) - -0.1 / 0.58) <= 1e-12)
        #expect(abs(CubicBezier.easeIn.progress(at: 1.1) - (1 + 0.1 / 0.58)) <= 1e-12)
        // End tangent from the second control point: slope (1.55 − 1) / (0.27 − 1).
        let overshoot = try CubicBezier(0.68, -0.55, 0.27, 1.55)
        #expect(abs(overshoot.progress(at: 1.2) - (1 + 0.2 * 0.55 / -0.73)) <= 1e-12)
        #expect(abs(overshoot.progress(at: -0.5) - (-0.5 * -0.55 / 0.68)) <= 1e-12)
    }

    @Test func extrapolationIsContinuousWithTheCurve() throws {
        let bezier = try CubicBezier(0.3, 0.8, 0.6, 0.9)
        #expect(abs(bezier.progress(at: 1e-7) - bezier.progress(at: -1e-7)) < 1e-5)
        #expect(abs(bezier.progress(at: 1 - 1e-7) - bezier.progress(at: 1 + 1e-7)) < 1e-5)
    }

    @Test(arguments: [
        ((-0.1, 0.0, 1.0, 1.0), "x1", "-0.1"),
        ((0.5, 0.0, 1.5, 1.0), "x2", "1.5"),
        ((0.5, Double.nan, 0.5, 1.0), "y1", "nan"),
        ((0.5, 0.0, 0.5, -Double.infinity), "y2", "-inf"),
        ((Double.nan, 0.0, 0.5, 1.0), "x1", "nan"),
    ])
    func invalidControlPointsThrowNamingTheValue(
        _ points: (Double, Double, Double, Double), _ name: String, _ value: String
    ) {
        let error = #expect(throws: AnimationError.self) {
            try CubicBezier(points.0, points.1, points.2, points.3)
        }
        guard case .invalidControlPoint(let thrownName, _) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(thrownName == name)
        let message = String(describing: error!)
        #expect(message.contains(name) && message.contains(value), "\(message)")
    }

    @Test func boundaryControlPointsAreAccepted() throws {
        let bezier = try CubicBezier(0, -3, 1, 4)
        #expect(bezier.x1 == 0 && bezier.y1 == -3 && bezier.x2 == 1 && bezier.y2 == 4)
    }
}
