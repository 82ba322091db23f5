/// Timing curves computed independently of the engine's `CubicBezier` (which solves with Newton
/// steps), for tests to check frames against: the Bézier is solved by bisection.
public enum ReferenceCurve {
    /// The progress of the cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1) and
    /// (x2, y2) at time fraction `x` (clamped to 0…1).
    public static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        func component(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var low = 0.0, high = 1.0
        for _ in 0..<200 {
            let mid = 0.5 * (low + high)
            if component(mid, x1, x2) < x { low = mid } else { high = mid }
        }
        return component(0.5 * (low + high), y1, y2)
    }

    /// UIKit's ease-in-out (Core Animation's control points 0.42, 0, 0.58, 1).
    public static func easeInOut(_ x: Double) -> Double { bezier(0.42, 0, 0.58, 1, at: x) }

    /// UIKit's ease-out (0, 0, 0.58, 1).
    public static func easeOut(_ x: Double) -> Double { bezier(0, 0, 0.58, 1, at: x) }
}
