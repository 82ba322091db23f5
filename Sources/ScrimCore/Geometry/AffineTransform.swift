import Foundation

/// A 2-D affine transform, as `CGAffineTransform`: a point (x, y) maps to
/// (a·x + c·y + tx, b·x + d·y + ty).
public struct AffineTransform: Sendable, Hashable, Codable, CustomStringConvertible {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    public static func translation(_ tx: Double, _ ty: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A rotation by `radians`; positive angles turn clockwise on screen (y grows down), as UIKit.
    public static func rotation(_ radians: Double) -> AffineTransform {
        let (s, c) = (sin(radians), cos(radians))
        return AffineTransform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    public var isIdentity: Bool { self == .identity }

    /// True when every component is finite.
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// `self` followed by `other` (`CGAffineTransformConcat(self, other)`).
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }

    /// The inverse transform, or `self` unchanged when it is not invertible (as `CGAffineTransformInvert`).
    public func inverted() -> AffineTransform {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return self }
        return AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The bounding box of the transformed rectangle.
    public func apply(to rect: Rect) -> Rect {
        let corners = [
            apply(to: Point(x: rect.minX, y: rect.minY)), apply(to: Point(x: rect.maxX, y: rect.minY)),
            apply(to: Point(x: rect.minX, y: rect.maxY)), apply(to: Point(x: rect.maxX, y: rect.maxY)),
        ]
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        return Rect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
    }

    public var description: String {
        "[\([a, b, c, d, tx, ty].map(\.shortDescription).joined(separator: ", "))]"
    }
}

extension AffineTransform {
    /// A transform split into translation, rotation, skew and scale:
    /// `M = translate(tx, ty) · rotate(angle) · skew(shear) · scale(scaleX, scaleY)`.
    /// Interpolating these components (as Core Animation does) makes a rotation turn rather than shear.
    public struct Decomposition: Sendable, Hashable {
        public var translationX: Double, translationY: Double
        public var angle: Double
        public var scaleX: Double, scaleY: Double
        public var shear: Double

        public init(
            translationX: Double, translationY: Double, angle: Double,
            scaleX: Double, scaleY: Double, shear: Double
        ) {
            (self.translationX, self.translationY, self.angle) = (translationX, translationY, angle)
            (self.scaleX, self.scaleY, self.shear) = (scaleX, scaleY, shear)
        }
    }

    /// The decomposition of this transform. A reflection is carried by a negative `scaleX`.
    public var decomposition: Decomposition {
        let det = a * d - b * c
        var scaleX = (a * a + b * b).squareRoot()
        if det < 0 { scaleX = -scaleX }
        let angle = scaleX == 0 ? 0 : atan2(b / scaleX, a / scaleX)
        let (sinA, cosA) = (sin(angle), cos(angle))
        let shearTimesScaleY = cosA * c + sinA * d
        let scaleY = -sinA * c + cosA * d
        let shear = scaleY == 0 ? 0 : shearTimesScaleY / scaleY
        return Decomposition(
            translationX: tx, translationY: ty, angle: angle,
            scaleX: scaleX, scaleY: scaleY, shear: shear)
    }

    /// Rebuilds a transform from its decomposition.
    public init(_ parts: Decomposition) {
        let (sinA, cosA) = (sin(parts.angle), cos(parts.angle))
        self.init(
            sinAngle: sinA, cosAngle: cosA, scaleX: parts.scaleX, scaleY: parts.scaleY,
            shear: parts.shear, tx: parts.translationX, ty: parts.translationY)
    }

    /// Rebuilds a transform from a decomposition whose angle's sine and cosine are already known.
    @inline(__always)
    init(sinAngle: Double, cosAngle: Double, scaleX: Double, scaleY: Double, shear: Double, tx: Double, ty: Double) {
        self.init(
            a: cosAngle * scaleX,
            b: sinAngle * scaleX,
            c: (cosAngle * shear - sinAngle) * scaleY,
            d: (sinAngle * shear + cosAngle) * scaleY,
            tx: tx, ty: ty)
    }

    /// The transform a fraction `t` of the way from `self` to `other`, interpolating the
    /// decompositions; the angle takes the shorter way round.
    public func interpolated(to other: AffineTransform, fraction t: Double) -> AffineTransform {
        let from = decomposition
        var to = other.decomposition
        to.angle = from.angle + Self.shortestTurn(from: from.angle, to: to.angle)
        return AffineTransform(
            Decomposition(
                translationX: from.translationX + (to.translationX - from.translationX) * t,
                translationY: from.translationY + (to.translationY - from.translationY) * t,
                angle: from.angle + (to.angle - from.angle) * t,
                scaleX: from.scaleX + (to.scaleX - from.scaleX) * t,
                scaleY: from.scaleY + (to.scaleY - from.scaleY) * t,
                shear: from.shear + (to.shear - from.shear) * t))
    }

    /// The signed angle in (−π, π] that turns `from` onto `to`.
    static func shortestTurn(from: Double, to: Double) -> Double {
        var delta = (to - from).truncatingRemainder(dividingBy: 2 * .pi)
        if delta > .pi { delta -= 2 * .pi }
        if delta <= -.pi { delta += 2 * .pi }
        return delta
    }
}
