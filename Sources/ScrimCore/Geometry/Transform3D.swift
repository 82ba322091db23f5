import Foundation

/// A 3-D homogeneous transform, as Core Animation's `CATransform3D`.
///
/// Core Animation's row-vector convention: a point is a row vector multiplied on the left,
/// `(x', y', z', w') = (x, y, z, 1) · M`, then divided by `w'`. The translation is in `m41`, `m42`,
/// `m43`, and `m34` is the perspective entry: `m34 = -1/d` shows the plane from a viewer at distance
/// `d` in front of it (z grows toward the viewer). `m11 … m44` in order are also the 16 arguments of
/// CSS `matrix3d()`. See "3-D transforms" in Docs/Animation.md.
public struct Transform3D: Sendable, Hashable, CustomStringConvertible {
    /// The entries of the first row: the image of the x axis.
    public var m11: Double, m12: Double, m13: Double, m14: Double
    /// The entries of the second row: the image of the y axis.
    public var m21: Double, m22: Double, m23: Double, m24: Double
    /// The entries of the third row: the image of the z axis; `m34` is the perspective entry.
    public var m31: Double, m32: Double, m33: Double, m34: Double
    /// The entries of the fourth row: the translation (`m41`, `m42`, `m43`) and `m44`.
    public var m41: Double, m42: Double, m43: Double, m44: Double

    /// A transform from its 16 entries; an entry left out is the identity's, so
    /// `Transform3D(m34: -1.0 / 500)` is a plain perspective.
    public init(
        m11: Double = 1, m12: Double = 0, m13: Double = 0, m14: Double = 0,
        m21: Double = 0, m22: Double = 1, m23: Double = 0, m24: Double = 0,
        m31: Double = 0, m32: Double = 0, m33: Double = 1, m34: Double = 0,
        m41: Double = 0, m42: Double = 0, m43: Double = 0, m44: Double = 1
    ) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// The transform that changes nothing (`CATransform3DIdentity`).
    public static let identity = Transform3D()

    /// A translation by (`tx`, `ty`, `tz`) (`CATransform3DMakeTranslation`).
    public static func translation(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
        Transform3D(m41: tx, m42: ty, m43: tz)
    }

    /// A scale by `sx`, `sy` and `sz` along the axes (`CATransform3DMakeScale`).
    public static func scale(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
        Transform3D(m11: sx, m22: sy, m33: sz)
    }

    /// A rotation by `angle` radians about the axis (`x`, `y`, `z`) through the origin
    /// (`CATransform3DMakeRotation`); the axis need not be of unit length, and a zero axis gives the
    /// identity. The matrix is CSS `rotate3d(x, y, z, angle)`'s: about z it is
    /// ``AffineTransform/rotation(_:)`` (clockwise on screen); about y a positive angle takes the
    /// right edge (+x) away from the viewer; about x it brings the bottom edge (+y) toward the viewer.
    public static func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else { return .identity }
        let (x, y, z) = (x / length, y / length, z / length)
        let (s, c) = (sin(angle), cos(angle))
        let k = 1 - c
        return Transform3D(
            m11: c + k * x * x, m12: k * x * y + s * z, m13: k * x * z - s * y,
            m21: k * x * y - s * z, m22: c + k * y * y, m23: k * y * z + s * x,
            m31: k * x * z + s * y, m32: k * y * z - s * x, m33: c + k * z * z)
    }

    /// The transform Core Animation makes of an affine transform (`CATransform3DMakeAffineTransform`):
    /// `a`, `b`, `c`, `d` go to `m11`, `m12`, `m21`, `m22` and `tx`, `ty` to `m41`, `m42`.
    public init(_ affine: AffineTransform) {
        self.init(m11: affine.a, m12: affine.b, m21: affine.c, m22: affine.d, m41: affine.tx, m42: affine.ty)
    }

    /// True when this is exactly the identity (`CATransform3DIsIdentity`).
    public var isIdentity: Bool { self == .identity }

    /// True when every entry is finite.
    public var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m14.isFinite
            && m21.isFinite && m22.isFinite && m23.isFinite && m24.isFinite
            && m31.isFinite && m32.isFinite && m33.isFinite && m34.isFinite
            && m41.isFinite && m42.isFinite && m43.isFinite && m44.isFinite
    }

    /// True when the transform is exactly an ``AffineTransform`` embedded in 3-D
    /// (`CATransform3DIsAffine`): no z, no perspective, `m33 = m44 = 1`.
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0
            && m33 == 1 && m34 == 0 && m43 == 0 && m44 == 1
    }

    /// The affine part: `m11`, `m12`, `m21`, `m22`, `m41`, `m42` (`CATransform3DGetAffineTransform`).
    /// Exact when ``isAffine``; otherwise the other entries are dropped (Core Animation leaves that
    /// case undefined).
    public var affineTransform: AffineTransform {
        AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
    }

    /// `self` followed by `other`, `self · other` (`CATransform3DConcat(self, other)`).
    public func concatenating(_ other: Transform3D) -> Transform3D {
        let o = other
        return Transform3D(
            m11: m11 * o.m11 + m12 * o.m21 + m13 * o.m31 + m14 * o.m41,
            m12: m11 * o.m12 + m12 * o.m22 + m13 * o.m32 + m14 * o.m42,
            m13: m11 * o.m13 + m12 * o.m23 + m13 * o.m33 + m14 * o.m43,
            m14: m11 * o.m14 + m12 * o.m24 + m13 * o.m34 + m14 * o.m44,
            m21: m21 * o.m11 + m22 * o.m21 + m23 * o.m31 + m24 * o.m41,
            m22: m21 * o.m12 + m22 * o.m22 + m23 * o.m32 + m24 * o.m42,
            m23: m21 * o.m13 + m22 * o.m23 + m23 * o.m33 + m24 * o.m43,
            m24: m21 * o.m14 + m22 * o.m24 + m23 * o.m34 + m24 * o.m44,
            m31: m31 * o.m11 + m32 * o.m21 + m33 * o.m31 + m34 * o.m41,
            m32: m31 * o.m12 + m32 * o.m22 + m33 * o.m32 + m34 * o.m42,
            m33: m31 * o.m13 + m32 * o.m23 + m33 * o.m33 + m34 * o.m43,
            m34: m31 * o.m14 + m32 * o.m24 + m33 * o.m34 + m34 * o.m44,
            m41: m41 * o.m11 + m42 * o.m21 + m43 * o.m31 + m44 * o.m41,
            m42: m41 * o.m12 + m42 * o.m22 + m43 * o.m32 + m44 * o.m42,
            m43: m41 * o.m13 + m42 * o.m23 + m43 * o.m33 + m44 * o.m43,
            m44: m41 * o.m14 + m42 * o.m24 + m43 * o.m34 + m44 * o.m44)
    }

    /// A translation followed by `self` (`CATransform3DTranslate(self, tx, ty, tz)`).
    public func translated(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
        Transform3D.translation(tx, ty, tz).concatenating(self)
    }

    /// A scale followed by `self` (`CATransform3DScale(self, sx, sy, sz)`).
    public func scaled(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
        Transform3D.scale(sx, sy, sz).concatenating(self)
    }

    /// A rotation followed by `self` (`CATransform3DRotate(self, angle, x, y, z)`); a zero axis
    /// rotates nothing.
    public func rotated(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        Transform3D.rotation(angle, x, y, z).concatenating(self)
    }

    /// The determinant of the 4×4 matrix.
    var determinant: Double { Minors(self).determinant }

    /// The inverse transform, or `self` unchanged when it is not invertible (as `CATransform3DInvert`).
    public func inverted() -> Transform3D {
        let n = Minors(self)
        let det = n.determinant
        guard det != 0, det.isFinite else { return self }
        let r = 1 / det
        return Transform3D(
            m11: (m22 * n.c5 - m23 * n.c4 + m24 * n.c3) * r,
            m12: (-m12 * n.c5 + m13 * n.c4 - m14 * n.c3) * r,
            m13: (m42 * n.s5 - m43 * n.s4 + m44 * n.s3) * r,
            m14: (-m32 * n.s5 + m33 * n.s4 - m34 * n.s3) * r,
            m21: (-m21 * n.c5 + m23 * n.c2 - m24 * n.c1) * r,
            m22: (m11 * n.c5 - m13 * n.c2 + m14 * n.c1) * r,
            m23: (-m41 * n.s5 + m43 * n.s2 - m44 * n.s1) * r,
            m24: (m31 * n.s5 - m33 * n.s2 + m34 * n.s1) * r,
            m31: (m21 * n.c4 - m22 * n.c2 + m24 * n.c0) * r,
            m32: (-m11 * n.c4 + m12 * n.c2 - m14 * n.c0) * r,
            m33: (m41 * n.s4 - m42 * n.s2 + m44 * n.s0) * r,
            m34: (-m31 * n.s4 + m32 * n.s2 - m34 * n.s0) * r,
            m41: (-m21 * n.c3 + m22 * n.c1 - m23 * n.c0) * r,
            m42: (m11 * n.c3 - m12 * n.c1 + m13 * n.c0) * r,
            m43: (-m41 * n.s3 + m42 * n.s1 - m43 * n.s0) * r,
            m44: (m31 * n.s3 - m32 * n.s1 + m33 * n.s0) * r)
    }

    /// The point `point` maps to, after the homogeneous divide by
    /// `w = x·m14 + y·m24 + z·m34 + m44`. A point at `w = 0` (on the viewer's plane) maps to
    /// non-finite coordinates; one with `w < 0` is behind the viewer and Core Animation would not draw it.
    public func apply(to point: Point3D) -> Point3D {
        let (x, y, z) = (point.x, point.y, point.z)
        let w = x * m14 + y * m24 + z * m34 + m44
        return Point3D(
            x: (x * m11 + y * m21 + z * m31 + m41) / w,
            y: (x * m12 + y * m22 + z * m32 + m42) / w,
            z: (x * m13 + y * m23 + z * m33 + m43) / w)
    }

    /// Where a point of the layer's plane (z = 0) lands on screen: the projection of
    /// ``apply(to:)-(Point3D)`` with z dropped.
    public func apply(to point: Point) -> Point {
        let p = apply(to: Point3D(x: point.x, y: point.y, z: 0))
        return Point(x: p.x, y: p.y)
    }

    /// The 16 entries in the order `m11, m12, … m44`.
    public var description: String {
        let entries = [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
        return "[\(entries.map(\.shortDescription).joined(separator: ", "))]"
    }
}

/// The 2×2 minors of the top two and bottom two rows, from which the determinant and the
/// inverse are built (Laplace expansion by complementary minors).
private struct Minors {
    let s0, s1, s2, s3, s4, s5: Double
    let c0, c1, c2, c3, c4, c5: Double

    init(_ t: Transform3D) {
        s0 = t.m11 * t.m22 - t.m21 * t.m12
        s1 = t.m11 * t.m23 - t.m21 * t.m13
        s2 = t.m11 * t.m24 - t.m21 * t.m14
        s3 = t.m12 * t.m23 - t.m22 * t.m13
        s4 = t.m12 * t.m24 - t.m22 * t.m14
        s5 = t.m13 * t.m24 - t.m23 * t.m14
        c5 = t.m33 * t.m44 - t.m43 * t.m34
        c4 = t.m32 * t.m44 - t.m42 * t.m34
        c3 = t.m32 * t.m43 - t.m42 * t.m33
        c2 = t.m31 * t.m44 - t.m41 * t.m34
        c1 = t.m31 * t.m43 - t.m41 * t.m33
        c0 = t.m31 * t.m42 - t.m41 * t.m32
    }

    var determinant: Double { s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0 }
}
