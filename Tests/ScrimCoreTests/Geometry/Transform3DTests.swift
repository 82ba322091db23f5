import Foundation
import ScrimTestSupport
import Testing
@testable import ScrimCore

@Suite struct Transform3DTests {
    private static let degree = Double.pi / 180

    /// A matrix with every entry drawn from [-range, range].
    private static func randomMatrix(_ random: inout SeededRandom, range: Double = 2) -> Transform3D {
        func r() -> Double { Double.random(in: -range...range, using: &random) }
        return Transform3D(
            m11: r(), m12: r(), m13: r(), m14: r(), m21: r(), m22: r(), m23: r(), m24: r(),
            m31: r(), m32: r(), m33: r(), m34: r(), m41: r(), m42: r(), m43: r(), m44: r())
    }

    /// scale · rotation · translation · perspective with random parts: a matrix a layer could have.
    private static func randomLayerTransform(_ random: inout SeededRandom) -> Transform3D {
        func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
        return Transform3D.scale(r(0.2...3), r(0.2...3), r(0.2...3))
            .concatenating(.rotation(r(-3...3), r(-1...1), r(-1...1), r(-1...1)))
            .concatenating(.translation(r(-300...300), r(-300...300), r(-300...300)))
            .concatenating(Transform3D(m34: -1 / r(200...2000)))
    }

    // MARK: Constructors

    @Test func identityAndDefaultsLeaveEveryEntryOfTheIdentity() {
        #expect(Transform3D.identity.isIdentity)
        #expect(Transform3D() == .identity)
        let p = Transform3D(m34: -1.0 / 500)
        #expect(!p.isIdentity)
        #expect(p.m11 == 1 && p.m22 == 1 && p.m33 == 1 && p.m44 == 1 && p.m34 == -0.002 && p.m43 == 0)
        #expect(Transform3D.identity.apply(to: Point3D(x: 3, y: -4, z: 5)) == Point3D(x: 3, y: -4, z: 5))
    }

    @Test func translationAndScale() {
        #expect(Transform3D.translation(10, -20, 30) == Transform3D(m41: 10, m42: -20, m43: 30))
        #expect(Transform3D.scale(2, 3, 4) == Transform3D(m11: 2, m22: 3, m33: 4))
        #expect(Transform3D.translation(10, -20, 30).apply(to: Point3D(x: 1, y: 2, z: 3)) == Point3D(x: 11, y: -18, z: 33))
        #expect(Transform3D.scale(2, 3, 4).apply(to: Point3D(x: 1, y: 2, z: 3)) == Point3D(x: 2, y: 6, z: 12))
    }

    @Test func quarterTurnAboutZIsTheAffineRotation() {
        let expected = Transform3D(m11: 0, m12: 1, m21: -1, m22: 0)
        let t = Transform3D.rotation(.pi / 2, 0, 0, 1)
        #expect(isApprox(t, expected))
        #expect(isApprox(t, Transform3D(AffineTransform.rotation(.pi / 2))))
        // Clockwise on screen (y down): +x goes to +y.
        #expect(isApprox(t.apply(to: Point3D(x: 1, y: 0, z: 0)), Point3D(x: 0, y: 1, z: 0)))
    }

    @Test func quarterTurnAboutYTakesTheRightEdgeAway() {
        let expected = Transform3D(m11: 0, m13: -1, m31: 1, m33: 0)
        let t = Transform3D.rotation(.pi / 2, 0, 1, 0)
        #expect(isApprox(t, expected))
        #expect(isApprox(t.apply(to: Point3D(x: 1, y: 0, z: 0)), Point3D(x: 0, y: 0, z: -1)))
        #expect(isApprox(t.apply(to: Point3D(x: 0, y: 0, z: 1)), Point3D(x: 1, y: 0, z: 0)))
    }

    @Test func quarterTurnAboutXBringsTheBottomEdgeNear() {
        let expected = Transform3D(m22: 0, m23: 1, m32: -1, m33: 0)
        let t = Transform3D.rotation(.pi / 2, 1, 0, 0)
        #expect(isApprox(t, expected))
        #expect(isApprox(t.apply(to: Point3D(x: 0, y: 1, z: 0)), Point3D(x: 0, y: 0, z: 1)))
    }

    @Test func rotationAxisIsNormalizedAndAZeroAxisRotatesNothing() {
        #expect(isApprox(Transform3D.rotation(0.7, 0, 3, 0), .rotation(0.7, 0, 1, 0)))
        #expect(Transform3D.rotation(0.7, 0, 0, 0) == .identity)
        // A third of a turn about (1, 1, 1) cycles the axes: x → y → z → x.
        let t = Transform3D.rotation(120 * Self.degree, 1, 1, 1)
        #expect(isApprox(t, Transform3D(m11: 0, m12: 1, m13: 0, m21: 0, m22: 0, m23: 1, m31: 1, m32: 0, m33: 0)))
    }

    // MARK: Concatenation

    @Test func concatenationAppliesSelfFirst() {
        let move = Transform3D.translation(10, 0, 0)
        let turn = Transform3D.rotation(.pi / 2, 0, 0, 1)
        let point = Point3D(x: 1, y: 0, z: 0)
        // Translate then rotate: (1, 0) → (11, 0) → (0, 11).
        #expect(isApprox(move.concatenating(turn).apply(to: point), Point3D(x: 0, y: 11, z: 0)))
        // Rotate then translate: (1, 0) → (0, 1) → (10, 1).
        #expect(isApprox(turn.concatenating(move).apply(to: point), Point3D(x: 10, y: 1, z: 0)))
    }

    @Test func translatedScaledRotatedApplyTheNewStepFirst() {
        let turn = Transform3D.rotation(.pi / 2, 0, 0, 1)
        // As CATransform3DTranslate(t, …) = translation · t.
        #expect(turn.translated(10, 0, 0) == Transform3D.translation(10, 0, 0).concatenating(turn))
        #expect(isApprox(turn.translated(10, 0, 0).apply(to: Point3D(x: 1, y: 0, z: 0)), Point3D(x: 0, y: 11, z: 0)))
        #expect(turn.scaled(2, 3, 4) == Transform3D.scale(2, 3, 4).concatenating(turn))
        #expect(isApprox(turn.scaled(2, 1, 1).apply(to: Point3D(x: 1, y: 0, z: 0)), Point3D(x: 0, y: 2, z: 0)))
        let move = Transform3D.translation(10, 0, 0)
        #expect(move.rotated(.pi / 2, 0, 0, 1) == Transform3D.rotation(.pi / 2, 0, 0, 1).concatenating(move))
        #expect(isApprox(move.rotated(.pi / 2, 0, 0, 1).apply(to: Point3D(x: 1, y: 0, z: 0)), Point3D(x: 10, y: 1, z: 0)))
    }

    @Test func concatenationOfAffineTransformsMatchesAffineTransform() {
        let a = AffineTransform(a: 1.5, b: 0.2, c: -0.3, d: 0.8, tx: 12, ty: -7)
        let b = AffineTransform.rotation(0.4).concatenating(.translation(3, 9))
        let product = Transform3D(a).concatenating(Transform3D(b))
        #expect(product.isAffine)
        #expect(isApprox(product.affineTransform, a.concatenating(b)))
    }

    // MARK: Inversion

    @Test func inverseUndoesTheTransform() {
        var random = SeededRandom(seed: 26)
        for _ in 0..<50 {
            let m = Self.randomMatrix(&random)
            #expect(isApprox(m.concatenating(m.inverted()), .identity, tolerance: 1e-9))
            #expect(isApprox(m.inverted().concatenating(m), .identity, tolerance: 1e-9))
        }
        let layer = Self.randomLayerTransform(&random)
        let point = Point3D(x: 40, y: -25, z: 0)
        #expect(isApprox(layer.inverted().apply(to: layer.apply(to: point)), point, tolerance: 1e-9))
        #expect(isApprox(Transform3D.translation(1, 2, 3).inverted(), .translation(-1, -2, -3)))
    }

    @Test func singularMatrixIsReturnedUnchanged() {
        let flat = Transform3D.scale(2, 3, 0)
        #expect(flat.inverted() == flat)
        let broken = Transform3D(m11: .nan)
        #expect(broken.inverted().m11.isNaN)
        #expect(!broken.isFinite && Transform3D.identity.isFinite)
    }

    // MARK: Affine

    @Test func affineRoundTrip() {
        let affine = AffineTransform(a: 1.5, b: 0.2, c: -0.3, d: 0.8, tx: 12, ty: -7)
        let t = Transform3D(affine)
        #expect(t == Transform3D(m11: 1.5, m12: 0.2, m21: -0.3, m22: 0.8, m41: 12, m42: -7))
        #expect(t.isAffine)
        #expect(t.affineTransform == affine)
        #expect(t.apply(to: Point(x: 3, y: 4)) == affine.apply(to: Point(x: 3, y: 4)))
    }

    @Test func transformsWithDepthOrPerspectiveAreNotAffine() {
        #expect(!Transform3D.rotation(0.3, 0, 1, 0).isAffine)
        #expect(!Transform3D(m34: -1.0 / 500).isAffine)
        #expect(!Transform3D.translation(0, 0, 1).isAffine)
        #expect(!Transform3D.scale(1, 1, 2).isAffine)
        #expect(Transform3D.rotation(0.3, 0, 0, 1).isAffine)
        // The affine part keeps m11, m12, m21, m22, m41, m42 and drops the rest.
        let t = Transform3D.rotation(.pi / 3, 0, 1, 0).concatenating(.translation(5, 6, 7))
        #expect(isApprox(t.affineTransform, AffineTransform(a: 0.5, b: 0, c: 0, d: 1, tx: 5, ty: 6)))
    }

    // MARK: Projection

    @Test func perspectiveEnlargesWhatIsNear() {
        let eye = Transform3D(m34: -1.0 / 500)
        // w = 1 − z/500 = 0.8 for z = 100.
        #expect(isApprox(eye.apply(to: Point3D(x: 100, y: 50, z: 100)), Point3D(x: 125, y: 62.5, z: 125)))
        #expect(isApprox(eye.apply(to: Point3D(x: 100, y: 50, z: -500)), Point3D(x: 50, y: 25, z: -250)))
        #expect(eye.apply(to: Point(x: 100, y: 50)) == Point(x: 100, y: 50))
    }

    @Test func perspectiveProjectsATurnedPlane() {
        // A plane turned 60° about y, seen from 500 pt: (100, 40) goes to x = 100·cos60°,
        // z = −100·sin60°, then divides by w = 1 + 100·sin60°/500.
        let t = Transform3D.rotation(60 * Self.degree, 0, 1, 0).concatenating(Transform3D(m34: -1.0 / 500))
        let w = 1 + 100 * sin(60 * Self.degree) / 500
        #expect(isApprox(t.apply(to: Point(x: 100, y: 40)), Point(x: 50 / w, y: 40 / w)))
        #expect(!Transform3D(m34: -1.0 / 500).apply(to: Point3D(x: 1, y: 1, z: 500)).isFinite)
    }

    // MARK: Decomposition

    @Test func decompositionOfKnownParts() throws {
        let t = Transform3D.scale(2, 3, 4).concatenating(.rotation(.pi / 3, 0, 0, 1)).concatenating(.translation(5, 6, 7))
        let parts = try #require(t.decomposition)
        #expect(isApprox(parts.scaleX, 2) && isApprox(parts.scaleY, 3) && isApprox(parts.scaleZ, 4))
        #expect(isApprox(parts.translationX, 5) && isApprox(parts.translationY, 6) && isApprox(parts.translationZ, 7))
        #expect(isApprox(parts.skewXY, 0) && isApprox(parts.skewXZ, 0) && isApprox(parts.skewYZ, 0))
        #expect(isApprox(parts.quaternionZ, sin(.pi / 6)) && isApprox(parts.quaternionW, cos(.pi / 6)))
        #expect(parts.quaternionX == 0 && parts.quaternionY == 0)
        #expect(parts.perspectiveX == 0 && parts.perspectiveZ == 0 && parts.perspectiveW == 1)
        let eye = try #require(Transform3D(m34: -1.0 / 500).decomposition)
        #expect(isApprox(eye.perspectiveZ, -1.0 / 500) && isApprox(eye.perspectiveW, 1))
        #expect(Transform3D(Transform3D.Decomposition()) == .identity)
    }

    @Test func recompositionReproducesTheMatrix() throws {
        var random = SeededRandom(seed: 2026)
        for _ in 0..<100 {
            let layer = Self.randomLayerTransform(&random)
            let parts = try #require(layer.decomposition)
            #expect(isApprox(Transform3D(parts), layer.dividingEntries(by: layer.m44), tolerance: 1e-9), "\(layer)")
        }
        for _ in 0..<100 {
            // Any decomposable matrix, skew and reflection included.
            let m = Self.randomMatrix(&random)
            let parts = try #require(m.decomposition)
            #expect(isApprox(Transform3D(parts), m.dividingEntries(by: m.m44), tolerance: 1e-9), "\(m)")
        }
    }

    @Test func halfTurnsAboutAnyAxisRecompose() throws {
        // At a half turn w = 0 and the spec's per-component signs come from rounding noise.
        for (x, y, z) in [(1.0, 1.0, 0.0), (1, -1, 0), (0, 1, -1), (1, 2, 3), (-3, 1, 2), (1, 0, 0)] {
            let turn = Transform3D.rotation(.pi, x, y, z)
            let parts = try #require(turn.decomposition)
            #expect(isApprox(Transform3D(parts), turn, tolerance: 1e-9), "\(x), \(y), \(z)")
        }
    }

    @Test func turnsAboutOneAxisInterpolateTheirAngle() {
        var random = SeededRandom(seed: 3)
        for _ in 0..<50 {
            func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
            let (x, y, z) = (r(-1...1), r(-1...1), r(-1...1))
            let (a, b, t) = (r(-1.5...1.5), r(-1.5...1.5), r(0...1))
            let mid = Transform3D.interpolate(.rotation(a, x, y, z), .rotation(b, x, y, z), fraction: t)
            #expect(isApprox(mid, .rotation(a + (b - a) * t, x, y, z), tolerance: 1e-9))
        }
    }

    @Test func singularMatricesCannotBeDecomposed() {
        #expect(Transform3D.scale(1, 1, 0).decomposition == nil)
        #expect(Transform3D(m44: 0).decomposition == nil)
        #expect(Transform3D(m41: .infinity).decomposition == nil)
    }

    // MARK: Interpolation

    @Test func halfTurnAboutYPassesThroughAQuarterTurn() {
        let from = Transform3D.identity, to = Transform3D.rotation(.pi, 0, 1, 0)
        let half = Transform3D.interpolate(from, to, fraction: 0.5)
        #expect(isApprox(half, .rotation(.pi / 2, 0, 1, 0), tolerance: 1e-9))
        #expect(isApprox(Transform3D.interpolate(from, to, fraction: 0.25), .rotation(.pi / 4, 0, 1, 0), tolerance: 1e-9))
        // It never collapses: element-wise interpolation would reach a singular matrix at 0.5.
        for step in 0...20 {
            let t = Transform3D.interpolate(from, to, fraction: Double(step) / 20)
            #expect(isApprox(t.determinant, 1, tolerance: 1e-9))
        }
    }

    @Test func halfTurnWithPerspectiveKeepsThePerspective() {
        let eye = Transform3D(m34: -1.0 / 500)
        let to = Transform3D.rotation(.pi, 0, 1, 0).concatenating(eye)
        let half = Transform3D.interpolate(eye, to, fraction: 0.5)
        #expect(isApprox(half, Transform3D.rotation(.pi / 2, 0, 1, 0).concatenating(eye), tolerance: 1e-9))
    }

    @Test func translationScaleAndPerspectiveInterpolateLinearly() {
        let from = Transform3D.scale(1, 1, 1).concatenating(.translation(10, 20, 30))
        let to = Transform3D.scale(3, 2, 1).concatenating(.translation(50, -20, 0))
        let quarter = Transform3D.interpolate(from, to, fraction: 0.25)
        #expect(isApprox(quarter, Transform3D.scale(1.5, 1.25, 1).concatenating(.translation(20, 10, 22.5)), tolerance: 1e-9))
        let eye = Transform3D.interpolate(Transform3D(m34: -1.0 / 500), Transform3D(m34: -1.0 / 250), fraction: 0.5)
        #expect(isApprox(eye, Transform3D(m34: -0.003), tolerance: 1e-12))
    }

    @Test func affinePairsFollowTheTwoDimensionalRule() {
        let from = Transform3D.identity, to = Transform3D.rotation(.pi, 0, 0, 1).concatenating(.translation(40, 0, 0))
        let half = Transform3D.interpolate(from, to, fraction: 0.5)
        #expect(half.isAffine)
        #expect(half.affineTransform == from.affineTransform.interpolated(to: to.affineTransform, fraction: 0.5))
        #expect(isApprox(half, Transform3D.rotation(.pi / 2, 0, 0, 1).concatenating(.translation(20, 0, 0)), tolerance: 1e-9))
    }

    @Test func endsAreExact() {
        var random = SeededRandom(seed: 7)
        let from = Self.randomLayerTransform(&random), to = Self.randomLayerTransform(&random)
        #expect(Transform3D.interpolate(from, to, fraction: 0) == from)
        #expect(Transform3D.interpolate(from, to, fraction: 1) == to)
        #expect(Transform3D.interpolate(from, from, fraction: 0.3) == from)
    }

    @Test func undecomposableMatrixSwitchesAtHalf() {
        let flat = Transform3D.scale(1, 1, 0).concatenating(.translation(0, 0, 5))
        let turned = Transform3D.rotation(1, 0, 1, 0)
        #expect(Transform3D.interpolate(flat, turned, fraction: 0.49) == flat)
        #expect(Transform3D.interpolate(flat, turned, fraction: 0.5) == turned)
        #expect(Transform3D.interpolate(turned, flat, fraction: 0.49) == turned)
        #expect(Transform3D.interpolate(turned, flat, fraction: 0.5) == flat)
    }

    @Test func interpolatedRandomPairsStayFinite() {
        var random = SeededRandom(seed: 260)
        for pair in 0..<200 {
            let from = pair.isMultiple(of: 2) ? Self.randomLayerTransform(&random) : Self.randomMatrix(&random)
            let to = Self.randomLayerTransform(&random)
            for step in -2...22 {
                let t = Transform3D.interpolate(from, to, fraction: Double(step) / 20)
                #expect(t.isFinite, "\(from) → \(to) at \(Double(step) / 20)")
            }
        }
    }

    @Test func descriptionListsTheEntriesInOrder() {
        #expect(Transform3D(m34: -0.002, m41: 10).description == "[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 10, 0, 0, 1]")
        #expect(Point3D(x: 1, y: -2.5, z: 3).description == "(1, -2.5, 3)")
    }
}
