import Testing
@testable import ScrimCore

@Suite struct AffineTransformTests {
    private static let degree = Double.pi / 180

    /// A shear matrix: x' = x + k·y.
    private static func shear(_ k: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: k, d: 1, tx: 0, ty: 0)
    }

    // MARK: Constructors and apply(to point)

    @Test func identityLeavesPointsAlone() {
        let t = AffineTransform.identity
        #expect(t == AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        #expect(t.isIdentity)
        #expect(t.apply(to: Point(x: 12.5, y: -7)) == Point(x: 12.5, y: -7))
        #expect(!AffineTransform.scale(1, 1.0001).isIdentity)
    }

    @Test func scaleMultipliesCoordinates() {
        let t = AffineTransform.scale(2, -3)
        #expect(t == AffineTransform(a: 2, b: 0, c: 0, d: -3, tx: 0, ty: 0))
        #expect(t.apply(to: Point(x: 5, y: 4)) == Point(x: 10, y: -12))
    }

    @Test func translationAddsOffsets() {
        let t = AffineTransform.translation(10, -20)
        #expect(t == AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 10, ty: -20))
        #expect(t.apply(to: Point(x: 1, y: 2)) == Point(x: 11, y: -18))
    }

    @Test func quarterRotationTurnsClockwiseOnScreen() {
        // y grows down, so a positive quarter turn takes +x to +y (clockwise on screen, as UIKit).
        let t = AffineTransform.rotation(.pi / 2)
        #expect(isApprox(t.apply(to: Point(x: 1, y: 0)), Point(x: 0, y: 1)))
        #expect(isApprox(t.apply(to: Point(x: 0, y: 1)), Point(x: -1, y: 0)))
        #expect(isApprox(t.apply(to: Point(x: 3, y: 4)), Point(x: -4, y: 3)))
        #expect(isApprox(t, AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)))
    }

    @Test func halfRotationNegatesPoints() {
        let t = AffineTransform.rotation(.pi)
        #expect(isApprox(t.apply(to: Point(x: 2, y: -5)), Point(x: -2, y: 5)))
    }

    // MARK: concatenating

    @Test func scaleThenTranslate() {
        // Scale first: (1, 1) → (2, 2), then translate → (12, 2).
        let t = AffineTransform.scale(2, 2).concatenating(.translation(10, 0))
        #expect(t == AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 0))
        #expect(t.apply(to: Point(x: 1, y: 1)) == Point(x: 12, y: 2))
    }

    @Test func translateThenScale() {
        // Translate first: (1, 1) → (11, 1), then scale → (22, 2).
        let t = AffineTransform.translation(10, 0).concatenating(.scale(2, 2))
        #expect(t == AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 20, ty: 0))
        #expect(t.apply(to: Point(x: 1, y: 1)) == Point(x: 22, y: 2))
    }

    @Test func concatenationAppliesSelfFirst() {
        let first = AffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let second = AffineTransform(a: -1, b: 0.5, c: 2, d: 1, tx: -3, ty: 7)
        let point = Point(x: 2, y: -1)
        let composed = first.concatenating(second)
        #expect(composed.apply(to: point) == second.apply(to: first.apply(to: point)))
        #expect(first.concatenating(.identity) == first)
        #expect(AffineTransform.identity.concatenating(first) == first)
    }

    @Test func rotateThenTranslateDiffersFromTranslateThenRotate() {
        let rotateFirst = AffineTransform.rotation(.pi / 2).concatenating(.translation(10, 0))
        let translateFirst = AffineTransform.translation(10, 0).concatenating(.rotation(.pi / 2))
        #expect(isApprox(rotateFirst.apply(to: Point(x: 1, y: 0)), Point(x: 10, y: 1)))
        #expect(isApprox(translateFirst.apply(to: Point(x: 1, y: 0)), Point(x: 0, y: 11)))
    }

    // MARK: inverted

    @Test func inverseOfACompositeTransformUndoesIt() {
        let m = AffineTransform.scale(2, 3)
            .concatenating(Self.shear(0.4))
            .concatenating(.rotation(0.7))
            .concatenating(.translation(15, -8))
        let inverse = m.inverted()
        #expect(isApprox(m.concatenating(inverse), .identity))
        #expect(isApprox(inverse.concatenating(m), .identity))
        let point = Point(x: 3, y: -4)
        #expect(isApprox(inverse.apply(to: m.apply(to: point)), point))
    }

    @Test func inverseOfSimpleTransformsIsExact() {
        #expect(AffineTransform.scale(2, 4).inverted() == .scale(0.5, 0.25))
        #expect(AffineTransform.translation(10, -20).inverted() == .translation(-10, 20))
        #expect(AffineTransform.identity.inverted() == .identity)
    }

    @Test func nonInvertibleTransformIsReturnedUnchanged() {
        let flat = AffineTransform.scale(0, 2)
        #expect(flat.inverted() == flat)
        let singular = AffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 5, ty: 6)  // det = 1·4 − 2·2 = 0
        #expect(singular.inverted() == singular)
    }

    // MARK: apply(to rect)

    @Test func rectUnderScaleAndTranslation() {
        let t = AffineTransform.scale(2, 3).concatenating(.translation(10, 20))
        #expect(t.apply(to: Rect(x: 1, y: 1, width: 2, height: 2)) == Rect(x: 12, y: 23, width: 4, height: 6))
    }

    @Test func rectUnderQuarterRotationIsItsBoundingBox() {
        // Corners (0,0) (100,0) (0,50) (100,50) → (0,0) (0,100) (−50,0) (−50,100).
        let box = AffineTransform.rotation(.pi / 2).apply(to: Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(isApprox(box, Rect(x: -50, y: 0, width: 50, height: 100)))
    }

    @Test func rectUnderEighthRotationIsItsBoundingBox() {
        let h = 0.5.squareRoot()  // cos 45° = sin 45°
        let box = AffineTransform.rotation(.pi / 4).apply(to: Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(isApprox(box, Rect(x: -h, y: 0, width: 2 * h, height: 2 * h)))
    }

    @Test func rectUnderReflectionIsStandardized() {
        let box = AffineTransform.scale(-1, 1).apply(to: Rect(x: 10, y: 5, width: 20, height: 30))
        #expect(box == Rect(x: -30, y: 5, width: 20, height: 30))
    }

    // MARK: Decomposition

    @Test func decompositionOfACompositeTransformRecoversItsParts() {
        let m = AffineTransform.scale(2, 3)
            .concatenating(Self.shear(0.4))
            .concatenating(.rotation(0.7))
            .concatenating(.translation(15, -8))
        let parts = m.decomposition
        #expect(isApprox(parts.translationX, 15))
        #expect(isApprox(parts.translationY, -8))
        #expect(isApprox(parts.angle, 0.7))
        #expect(isApprox(parts.scaleX, 2))
        #expect(isApprox(parts.scaleY, 3))
        #expect(isApprox(parts.shear, 0.4))
        #expect(isApprox(AffineTransform(parts), m))
    }

    @Test func decompositionRoundTripsAGeneralMatrix() {
        let m = AffineTransform(a: 1.3, b: -0.4, c: 0.9, d: 2.1, tx: -7.5, ty: 42)
        #expect(isApprox(AffineTransform(m.decomposition), m))
    }

    @Test func decompositionOfPureRotationHasUnitScaleAndNoShear() {
        let parts = AffineTransform.rotation(-2.5).decomposition
        #expect(isApprox(parts.angle, -2.5))
        #expect(isApprox(parts.scaleX, 1))
        #expect(isApprox(parts.scaleY, 1))
        #expect(isApprox(parts.shear, 0))
    }

    @Test func decompositionOfAHorizontalReflection() {
        let parts = AffineTransform.scale(-1, 1).decomposition
        #expect(parts.scaleX == -1)
        #expect(parts.scaleY == 1)
        #expect(isApprox(parts.angle, 0))
        #expect(isApprox(parts.shear, 0))
        #expect(parts.translationX == 0 && parts.translationY == 0)
        #expect(isApprox(AffineTransform(parts), .scale(-1, 1)))
    }

    @Test func decompositionOfAVerticalReflectionRoundTrips() {
        let m = AffineTransform.scale(1, -1).concatenating(.translation(3, 4))
        let parts = m.decomposition
        #expect(parts.scaleX < 0)  // the reflection is carried by scaleX
        #expect(isApprox(AffineTransform(parts), m))
    }

    // MARK: Interpolation

    @Test func halfwayBetweenNoRotationAndAQuarterTurnIsAnEighthTurn() {
        let mid = AffineTransform.identity.interpolated(to: .rotation(.pi / 2), fraction: 0.5)
        let h = 0.5.squareRoot()
        #expect(isApprox(mid.a, h))
        #expect(isApprox(mid.b, h))
        #expect(isApprox(mid.c, -h))
        #expect(isApprox(mid.d, h))
        // No shear: the columns stay orthogonal and of equal (unit) length.
        #expect(isApprox(mid.a * mid.c + mid.b * mid.d, 0))
        #expect(isApprox((mid.a * mid.a + mid.b * mid.b).squareRoot(), 1))
        #expect(isApprox((mid.c * mid.c + mid.d * mid.d).squareRoot(), 1))
        #expect(isApprox(mid, .rotation(.pi / 4)))
    }

    @Test func rotationInterpolatesTheAngleLinearly() {
        let quarter = AffineTransform.identity.interpolated(to: .rotation(.pi / 2), fraction: 0.25)
        #expect(isApprox(quarter, .rotation(.pi / 8)))
    }

    @Test func scaleInterpolatesLinearly() {
        let mid = AffineTransform.identity.interpolated(to: .scale(3, 3), fraction: 0.5)
        #expect(isApprox(mid, .scale(2, 2)))
        let anisotropic = AffineTransform.scale(1, 4).interpolated(to: .scale(3, 2), fraction: 0.25)
        #expect(isApprox(anisotropic, .scale(1.5, 3.5)))
    }

    @Test func translationInterpolatesLinearly() {
        let from = AffineTransform.translation(0, 10)
        let to = AffineTransform.translation(100, -50)
        #expect(isApprox(from.interpolated(to: to, fraction: 0.25), .translation(25, -5)))
        #expect(isApprox(from.interpolated(to: to, fraction: 0.5), .translation(50, -20)))
    }

    @Test func rotationAcrossTheHalfTurnTakesTheShortWay() {
        let from = AffineTransform.rotation(170 * Self.degree)
        let to = AffineTransform.rotation(-170 * Self.degree)
        let mid = from.interpolated(to: to, fraction: 0.5)
        // Through 180°, not through 0° (the long way would give the identity here).
        #expect(isApprox(mid, .rotation(.pi)))
        #expect(isApprox(mid.a, -1) && isApprox(mid.b, 0))
        let quarter = from.interpolated(to: to, fraction: 0.25)
        #expect(isApprox(quarter, .rotation(175 * Self.degree)))
        let threeQuarters = from.interpolated(to: to, fraction: 0.75)
        #expect(isApprox(threeQuarters, .rotation(185 * Self.degree)))
    }

    @Test func rotationBackwardsAcrossTheHalfTurnTakesTheShortWay() {
        let mid = AffineTransform.rotation(-170 * Self.degree)
            .interpolated(to: .rotation(170 * Self.degree), fraction: 0.5)
        #expect(isApprox(mid, .rotation(.pi)))
    }

    @Test func compositeInterpolationInterpolatesEachPart() {
        let to = AffineTransform.scale(3, 3).concatenating(.rotation(.pi / 2)).concatenating(.translation(100, 40))
        let mid = AffineTransform.identity.interpolated(to: to, fraction: 0.5)
        let expected = AffineTransform.scale(2, 2).concatenating(.rotation(.pi / 4)).concatenating(.translation(50, 20))
        #expect(isApprox(mid, expected))
    }

    @Test func interpolationEndpointsAreTheEndTransforms() {
        let from = AffineTransform.scale(2, 3).concatenating(.rotation(0.3)).concatenating(.translation(1, 2))
        let to = AffineTransform.scale(0.5, 1).concatenating(Self.shear(0.2)).concatenating(.rotation(-1.1))
            .concatenating(.translation(-40, 9))
        #expect(isApprox(from.interpolated(to: to, fraction: 0), from))
        #expect(isApprox(from.interpolated(to: to, fraction: 1), to))
    }
}
