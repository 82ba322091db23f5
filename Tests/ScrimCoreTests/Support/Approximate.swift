@testable import ScrimCore

/// Comparisons within a tolerance, for values computed with trigonometry or divisions.
/// Each returns `true` when every component differs by at most `tolerance`.

func isApprox(_ lhs: Double, _ rhs: Double, tolerance: Double = 1e-12) -> Bool {
    abs(lhs - rhs) <= tolerance
}

func isApprox(_ lhs: Point, _ rhs: Point, tolerance: Double = 1e-12) -> Bool {
    isApprox(lhs.x, rhs.x, tolerance: tolerance) && isApprox(lhs.y, rhs.y, tolerance: tolerance)
}

func isApprox(_ lhs: Size, _ rhs: Size, tolerance: Double = 1e-12) -> Bool {
    isApprox(lhs.width, rhs.width, tolerance: tolerance) && isApprox(lhs.height, rhs.height, tolerance: tolerance)
}

func isApprox(_ lhs: Rect, _ rhs: Rect, tolerance: Double = 1e-12) -> Bool {
    isApprox(lhs.origin, rhs.origin, tolerance: tolerance) && isApprox(lhs.size, rhs.size, tolerance: tolerance)
}

func isApprox(_ lhs: AffineTransform, _ rhs: AffineTransform, tolerance: Double = 1e-12) -> Bool {
    isApprox(lhs.a, rhs.a, tolerance: tolerance) && isApprox(lhs.b, rhs.b, tolerance: tolerance)
        && isApprox(lhs.c, rhs.c, tolerance: tolerance) && isApprox(lhs.d, rhs.d, tolerance: tolerance)
        && isApprox(lhs.tx, rhs.tx, tolerance: tolerance) && isApprox(lhs.ty, rhs.ty, tolerance: tolerance)
}

func isApprox(_ lhs: Color, _ rhs: Color, tolerance: Double = 1e-12) -> Bool {
    isApprox(lhs.red, rhs.red, tolerance: tolerance) && isApprox(lhs.green, rhs.green, tolerance: tolerance)
        && isApprox(lhs.blue, rhs.blue, tolerance: tolerance) && isApprox(lhs.alpha, rhs.alpha, tolerance: tolerance)
}

func isApprox(_ lhs: Point3D, _ rhs: Point3D, tolerance: Double = 1e-12) -> Bool {
    isApprox(lhs.x, rhs.x, tolerance: tolerance) && isApprox(lhs.y, rhs.y, tolerance: tolerance)
        && isApprox(lhs.z, rhs.z, tolerance: tolerance)
}

func isApprox(_ lhs: Transform3D, _ rhs: Transform3D, tolerance: Double = 1e-12) -> Bool {
    let pairs = [
        (lhs.m11, rhs.m11), (lhs.m12, rhs.m12), (lhs.m13, rhs.m13), (lhs.m14, rhs.m14),
        (lhs.m21, rhs.m21), (lhs.m22, rhs.m22), (lhs.m23, rhs.m23), (lhs.m24, rhs.m24),
        (lhs.m31, rhs.m31), (lhs.m32, rhs.m32), (lhs.m33, rhs.m33), (lhs.m34, rhs.m34),
        (lhs.m41, rhs.m41), (lhs.m42, rhs.m42), (lhs.m43, rhs.m43), (lhs.m44, rhs.m44),
    ]
    return pairs.allSatisfy { isApprox($0.0, $0.1, tolerance: tolerance) }
}
