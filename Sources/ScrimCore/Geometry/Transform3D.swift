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
    var determinant: Double { Minors(rows).determinant }

    /// The inverse transform, or `self` unchanged when it is not invertible (as `CATransform3DInvert`).
    public func inverted() -> Transform3D {
        let rows = rows
        let minors = Minors(rows)
        let det = minors.determinant
        guard det != 0, det.isFinite else { return self }
        let r = 1 / det
        // The adjugate's columns: the cofactors along each row, from the other row pair's minors.
        let c1 = minors.bottom.cofactors(along: rows.1) * r, c2 = -minors.bottom.cofactors(along: rows.0) * r
        let c3 = minors.top.cofactors(along: rows.3) * r, c4 = -minors.top.cofactors(along: rows.2) * r
        return Transform3D(
            m11: c1.x, m12: c2.x, m13: c3.x, m14: c4.x, m21: c1.y, m22: c2.y, m23: c3.y, m24: c4.y,
            m31: c1.z, m32: c2.z, m33: c3.z, m34: c4.z, m41: c1.w, m42: c2.w, m43: c3.w, m44: c4.w)
    }

    /// The four rows.
    private var rows: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>) {
        (SIMD4(m11, m12, m13, m14), SIMD4(m21, m22, m23, m24), SIMD4(m31, m32, m33, m34), SIMD4(m41, m42, m43, m44))
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
    /// The 2×2 minors of two rows `a` and `b`, named by their columns.
    struct RowPair {
        let m12, m13, m14, m23, m24, m34: Double

        init(_ a: SIMD4<Double>, _ b: SIMD4<Double>) {
            (m12, m13, m14) = (a.x * b.y - b.x * a.y, a.x * b.z - b.x * a.z, a.x * b.w - b.x * a.w)
            (m23, m24, m34) = (a.y * b.z - b.y * a.z, a.y * b.w - b.y * a.w, a.z * b.w - b.z * a.w)
        }

        /// The cofactors of a row of the other pair, expanded along that row with these minors.
        func cofactors(along row: SIMD4<Double>) -> SIMD4<Double> {
            SIMD4(
                row.y * m34 - row.z * m24 + row.w * m23,
                -(row.x * m34 - row.z * m14 + row.w * m13),
                row.x * m24 - row.y * m14 + row.w * m12,
                -(row.x * m23 - row.y * m13 + row.z * m12))
        }
    }

    let top: RowPair
    let bottom: RowPair

    init(_ rows: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>)) {
        (top, bottom) = (RowPair(rows.0, rows.1), RowPair(rows.2, rows.3))
    }

    var determinant: Double {
        top.m12 * bottom.m34 - top.m13 * bottom.m24 + top.m14 * bottom.m23
            + top.m23 * bottom.m14 - top.m24 * bottom.m13 + top.m34 * bottom.m12
    }
}
