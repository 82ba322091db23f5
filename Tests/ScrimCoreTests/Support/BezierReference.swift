/// Progress of the curve with control points (x1, y1, x2, y2) at `x`, by 100 plain bisections on the
/// Bernstein form of x(t): an independent reference for `CubicBezier.progress(at:)`.
func referenceProgress(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func bernstein(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        let s = 1 - t
        return 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t
    }
    var lower = 0.0
    var upper = 1.0
    for _ in 0..<100 {
        let middle = 0.5 * (lower + upper)
        if bernstein(x1, x2, middle) < x {
            lower = middle
        } else {
            upper = middle
        }
    }
    return bernstein(y1, y2, 0.5 * (lower + upper))
}
