import Foundation

extension Transform3D {
    /// A transform split as CSS Transforms Level 2 decomposes a 3-D matrix ("unmatrix" from
    /// Graphics Gems II, with a quaternion for the rotation). In the row-vector form,
    /// `M = scale · skew · rotation · translation · perspective`: a point is scaled, skewed, turned,
    /// moved, then seen in perspective. Interpolating these parts instead of the entries makes a
    /// rotation turn rather than collapse.
    public struct Decomposition: Sendable, Hashable {
        /// The translation, `m41`, `m42`, `m43` of the normalized matrix.
        public var translationX: Double, translationY: Double, translationZ: Double
        /// The scale along each axis; a reflection makes all three negative.
        public var scaleX: Double, scaleY: Double, scaleZ: Double
        /// The skew factors XY, XZ and YZ.
        public var skewXY: Double, skewXZ: Double, skewYZ: Double
        /// The perspective column (`m14`, `m24`, `m34`, `m44`) of the perspective part; (0, 0, 0, 1) for none.
        public var perspectiveX: Double, perspectiveY: Double, perspectiveZ: Double, perspectiveW: Double
        /// The rotation as a unit quaternion (x, y, z, w): a turn by θ about the unit axis `a` is
        /// (a·sin(θ/2), cos(θ/2)), with the axis and sign of ``Transform3D/rotation(_:_:_:_:)``.
        public var quaternionX: Double, quaternionY: Double, quaternionZ: Double, quaternionW: Double

        /// A decomposition; a part left out is the identity's.
        public init(
            translationX: Double = 0, translationY: Double = 0, translationZ: Double = 0,
            scaleX: Double = 1, scaleY: Double = 1, scaleZ: Double = 1,
            skewXY: Double = 0, skewXZ: Double = 0, skewYZ: Double = 0,
            perspectiveX: Double = 0, perspectiveY: Double = 0, perspectiveZ: Double = 0, perspectiveW: Double = 1,
            quaternionX: Double = 0, quaternionY: Double = 0, quaternionZ: Double = 0, quaternionW: Double = 1
        ) {
            (self.translationX, self.translationY, self.translationZ) = (translationX, translationY, translationZ)
            (self.scaleX, self.scaleY, self.scaleZ) = (scaleX, scaleY, scaleZ)
            (self.skewXY, self.skewXZ, self.skewYZ) = (skewXY, skewXZ, skewYZ)
            (self.perspectiveX, self.perspectiveY) = (perspectiveX, perspectiveY)
            (self.perspectiveZ, self.perspectiveW) = (perspectiveZ, perspectiveW)
            (self.quaternionX, self.quaternionY) = (quaternionX, quaternionY)
            (self.quaternionZ, self.quaternionW) = (quaternionZ, quaternionW)
        }
    }

    /// The decomposition of this transform, following the CSS Transforms Level 2 pseudo-code step by
    /// step; `nil` when the matrix cannot be decomposed (`m44` is 0, the upper 3×3 is singular, or an
    /// entry is not finite).
    public var decomposition: Decomposition? {
        // Normalize the matrix.
        guard isFinite, m44 != 0 else { return nil }
        let m = dividingEntries(by: m44)

        // The perspective matrix solves for perspective and tests the upper 3×3 for singularity.
        var perspectiveMatrix = m
        (perspectiveMatrix.m14, perspectiveMatrix.m24, perspectiveMatrix.m34, perspectiveMatrix.m44) = (0, 0, 0, 1)
        guard perspectiveMatrix.determinant != 0 else { return nil }

        var parts = Decomposition()
        // First, isolate perspective: solve perspectiveMatrix · p = (m14, m24, m34, m44).
        if m.m14 != 0 || m.m24 != 0 || m.m34 != 0 {
            let i = perspectiveMatrix.inverted()
            let (r0, r1, r2, r3) = (m.m14, m.m24, m.m34, m.m44)
            parts.perspectiveX = i.m11 * r0 + i.m12 * r1 + i.m13 * r2 + i.m14 * r3
            parts.perspectiveY = i.m21 * r0 + i.m22 * r1 + i.m23 * r2 + i.m24 * r3
            parts.perspectiveZ = i.m31 * r0 + i.m32 * r1 + i.m33 * r2 + i.m34 * r3
            parts.perspectiveW = i.m41 * r0 + i.m42 * r1 + i.m43 * r2 + i.m44 * r3
        }

        // Next take care of translation.
        (parts.translationX, parts.translationY, parts.translationZ) = (m.m41, m.m42, m.m43)

        // Now get scale and shear.
        var row0 = Vector3(m.m11, m.m12, m.m13)
        var row1 = Vector3(m.m21, m.m22, m.m23)
        var row2 = Vector3(m.m31, m.m32, m.m33)

        // Compute X scale factor and normalize first row.
        parts.scaleX = row0.length
        row0 = row0.divided(by: parts.scaleX)

        // Compute XY shear factor and make 2nd row orthogonal to 1st.
        parts.skewXY = row0.dot(row1)
        row1 = row1.minus(row0, times: parts.skewXY)

        // Now, compute Y scale and normalize 2nd row.
        parts.scaleY = row1.length
        row1 = row1.divided(by: parts.scaleY)
        parts.skewXY /= parts.scaleY

        // Compute XZ and YZ shears, orthogonalize 3rd row.
        parts.skewXZ = row0.dot(row2)
        row2 = row2.minus(row0, times: parts.skewXZ)
        parts.skewYZ = row1.dot(row2)
        row2 = row2.minus(row1, times: parts.skewYZ)

        // Next, get Z scale and normalize 3rd row.
        parts.scaleZ = row2.length
        row2 = row2.divided(by: parts.scaleZ)
        parts.skewXZ /= parts.scaleZ
        parts.skewYZ /= parts.scaleZ

        // The rows are orthonormal. If they flip the coordinate system, negate them and the scales.
        if row0.dot(row1.cross(row2)) < 0 {
            (parts.scaleX, parts.scaleY, parts.scaleZ) = (-parts.scaleX, -parts.scaleY, -parts.scaleZ)
            (row0, row1, row2) = (row0.negated, row1.negated, row2.negated)
        }

        // Now, get the rotation out: the spec's quaternion, whose squared components are these.
        let xx = max(1 + row0.x - row1.y - row2.z, 0) / 4
        let yy = max(1 - row0.x + row1.y - row2.z, 0) / 4
        let zz = max(1 - row0.x - row1.y + row2.z, 0) / 4
        let ww = max(1 + row0.x + row1.y + row2.z, 0) / 4
        (parts.quaternionX, parts.quaternionY, parts.quaternionZ, parts.quaternionW) =
            Self.quaternion(rows: row0, row1, row2, squares: xx, yy, zz, ww)
        return parts
    }

    /// Recomposes a transform from its decomposition: the exact inverse of ``decomposition``, up to
    /// rounding. The CSS pseudo-code writes the same steps for column vectors; here each is written
    /// in Core Animation's row-vector form.
    public init(_ parts: Decomposition) {
        let (x, y, z, w) = (parts.quaternionX, parts.quaternionY, parts.quaternionZ, parts.quaternionW)
        // The rotation's rows.
        let r0 = Vector3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w))
        let r1 = Vector3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w))
        let r2 = Vector3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y))
        // Scale · skew · rotation.
        let row0 = r0.times(parts.scaleX)
        let row1 = r1.plus(r0, times: parts.skewXY).times(parts.scaleY)
        let row2 = r2.plus(r0, times: parts.skewXZ).plus(r1, times: parts.skewYZ).times(parts.scaleZ)
        // Then translation, then perspective: the perspective column is the linear part's
        // rows (and the translation) dotted with the perspective vector.
        let p = Vector3(parts.perspectiveX, parts.perspectiveY, parts.perspectiveZ)
        let t = Vector3(parts.translationX, parts.translationY, parts.translationZ)
        self.init(
            m11: row0.x, m12: row0.y, m13: row0.z, m14: row0.dot(p),
            m21: row1.x, m22: row1.y, m23: row1.z, m24: row1.dot(p),
            m31: row2.x, m32: row2.y, m33: row2.z, m34: row2.dot(p),
            m41: t.x, m42: t.y, m43: t.z, m44: t.dot(p) + parts.perspectiveW)
    }

    /// The transform a fraction `t` of the way from `from` to `to`, as CSS Transforms Level 2
    /// interpolates 3-D matrices: both are decomposed, translation, scale, skew and perspective are
    /// interpolated linearly, the rotation's quaternions by spherical linear interpolation, and the
    /// result is recomposed. So a turn of 0 → π about y passes through π/2 and never collapses.
    ///
    /// - When both are ``isAffine``, the 2-D rule of ``AffineTransform/interpolated(to:fraction:)``
    ///   applies (as CSS treats 2-D matrices as 2-D), so animating `transform` and an affine
    ///   `transform3D` take the same path.
    /// - When either cannot be decomposed, the value switches from `from` to `to` at `t = 0.5`.
    /// - `t` of exactly 0 or 1 gives `from` or `to` exactly; `t` outside [0, 1] extrapolates.
    ///
    /// Called per animated track per frame: it allocates nothing and looks nothing up.
    public static func interpolate(_ from: Transform3D, _ to: Transform3D, fraction t: Double) -> Transform3D {
        if t == 0 || from == to { return from }
        if t == 1 { return to }
        if from.isAffine && to.isAffine {
            return Transform3D(from.affineTransform.interpolated(to: to.affineTransform, fraction: t))
        }
        guard let a = from.decomposition, let b = to.decomposition else { return t < 0.5 ? from : to }
        return Transform3D(a.interpolated(to: b, fraction: t))
    }

    /// The unit quaternion of the rotation whose rows are `r0`, `r1`, `r2`, given its squared
    /// components. The spec takes the square root of each and signs x, y, z by the rotation's
    /// antisymmetric part, so that w ≥ 0; that loses half the digits of a component near 0 and can
    /// mix signs at a half turn. This takes the root of the largest only and the others from the
    /// matrix's off-diagonal sums and differences (as WebKit does): the same quaternion, stably.
    private static func quaternion(
        rows r0: Vector3, _ r1: Vector3, _ r2: Vector3, squares xx: Double, _ yy: Double, _ zz: Double, _ ww: Double
    ) -> (Double, Double, Double, Double) {
        // 4wx, 4wy, 4wz, 4xy, 4xz, 4yz.
        let (wx, wy, wz) = (r1.z - r2.y, r2.x - r0.z, r0.y - r1.x)
        let (xy, xz, yz) = (r1.x + r0.y, r2.x + r0.z, r2.y + r1.z)
        var q: (x: Double, y: Double, z: Double, w: Double)
        if ww >= xx && ww >= yy && ww >= zz {
            let w = ww.squareRoot()
            q = (wx / (4 * w), wy / (4 * w), wz / (4 * w), w)
        } else if xx >= yy && xx >= zz {
            let x = xx.squareRoot()
            q = (x, xy / (4 * x), xz / (4 * x), wx / (4 * x))
        } else if yy >= zz {
            let y = yy.squareRoot()
            q = (xy / (4 * y), y, yz / (4 * y), wy / (4 * y))
        } else {
            let z = zz.squareRoot()
            q = (xz / (4 * z), yz / (4 * z), z, wz / (4 * z))
        }
        if q.w < 0 { q = (-q.x, -q.y, -q.z, -q.w) }
        return (q.x, q.y, q.z, q.w)
    }

    /// Every entry divided by `k`: the same transform when `k` is not 0.
    func dividingEntries(by k: Double) -> Transform3D {
        Transform3D(
            m11: m11 / k, m12: m12 / k, m13: m13 / k, m14: m14 / k,
            m21: m21 / k, m22: m22 / k, m23: m23 / k, m24: m24 / k,
            m31: m31 / k, m32: m32 / k, m33: m33 / k, m34: m34 / k,
            m41: m41 / k, m42: m42 / k, m43: m43 / k, m44: m44 / k)
    }
}

extension Transform3D.Decomposition {
    /// The parts a fraction `t` of the way to `other`: linear, except the quaternion (slerp).
    func interpolated(to other: Self, fraction t: Double) -> Self {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        var result = Self(
            translationX: mix(translationX, other.translationX),
            translationY: mix(translationY, other.translationY),
            translationZ: mix(translationZ, other.translationZ),
            scaleX: mix(scaleX, other.scaleX), scaleY: mix(scaleY, other.scaleY), scaleZ: mix(scaleZ, other.scaleZ),
            skewXY: mix(skewXY, other.skewXY), skewXZ: mix(skewXZ, other.skewXZ), skewYZ: mix(skewYZ, other.skewYZ),
            perspectiveX: mix(perspectiveX, other.perspectiveX),
            perspectiveY: mix(perspectiveY, other.perspectiveY),
            perspectiveZ: mix(perspectiveZ, other.perspectiveZ),
            perspectiveW: mix(perspectiveW, other.perspectiveW))
        (result.quaternionX, result.quaternionY, result.quaternionZ, result.quaternionW) = slerp(to: other, fraction: t)
        return result
    }

    /// Spherical linear interpolation of the quaternions, as the CSS pseudo-code: no turn to the
    /// nearer of q and −q, and `self`'s quaternion when the two are parallel.
    private func slerp(to other: Self, fraction t: Double) -> (Double, Double, Double, Double) {
        let a = (quaternionX, quaternionY, quaternionZ, quaternionW)
        let b = (other.quaternionX, other.quaternionY, other.quaternionZ, other.quaternionW)
        var product = a.0 * b.0 + a.1 * b.1 + a.2 * b.2 + a.3 * b.3
        product = max(min(product, 1), -1)
        if abs(product) == 1 { return a }
        let theta = acos(product)
        let w = sin(t * theta) / (1 - product * product).squareRoot()
        let scaleA = cos(t * theta) - product * w
        return (a.0 * scaleA + b.0 * w, a.1 * scaleA + b.1 * w, a.2 * scaleA + b.2 * w, a.3 * scaleA + b.3 * w)
    }
}

/// A 3-component vector for the decomposition's rows, on the stack.
private struct Vector3 {
    var x, y, z: Double

    init(_ x: Double, _ y: Double, _ z: Double) { (self.x, self.y, self.z) = (x, y, z) }

    var length: Double { dot(self).squareRoot() }
    var negated: Vector3 { Vector3(-x, -y, -z) }

    func dot(_ o: Vector3) -> Double { x * o.x + y * o.y + z * o.z }
    func cross(_ o: Vector3) -> Vector3 { Vector3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x) }
    func times(_ k: Double) -> Vector3 { Vector3(x * k, y * k, z * k) }
    func divided(by k: Double) -> Vector3 { Vector3(x / k, y / k, z / k) }
    /// `self + o·k` (the pseudo-code's `combine(self, o, 1, k)`).
    func plus(_ o: Vector3, times k: Double) -> Vector3 { Vector3(x + o.x * k, y + o.y * k, z + o.z * k) }
    /// `self − o·k`.
    func minus(_ o: Vector3, times k: Double) -> Vector3 { plus(o, times: -k) }
}
