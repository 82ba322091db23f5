/// A Core Animation timing function: a cubic Bézier from (0,0) to (1,1) with control points
/// (x1,y1), (x2,y2).
public struct CubicBezier: Sendable, Hashable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    // Polynomial coefficients of x(t) = ((ax·t + bx)·t + cx)·t and y(t), as in WebKit's UnitBezier.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double
    // Slopes of the linear extrapolation before 0 and after 1.
    private let startSlope: Double, endSlope: Double
    // y(t) == x(t) for every t, so progress is the fraction itself.
    private let isIdentity: Bool

    /// A Newton step this small ends the solve: convergence is quadratic, so the parameter it
    /// lands on is within ~1e-15 where x'(t) is not tiny, and within ~1e-8 where it is.
    private static let newtonTolerance = 1e-8
    /// The bracket width at which bisection stops.
    private static let bracketTolerance = 1e-13
    /// Enough for Newton's linear convergence at a stationary point of x(t), or 40-odd bisections.
    private static let maximumIterations = 100

    /// Throws `AnimationError.invalidControlPoint` if any value is not finite or x1/x2 is outside 0…1.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws(AnimationError) {
        for (name, value) in [("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)] where !value.isFinite {
            throw .invalidControlPoint(name: name, value: value)
        }
        guard (0...1).contains(x1) else { throw .invalidControlPoint(name: "x1", value: x1) }
        guard (0...1).contains(x2) else { throw .invalidControlPoint(name: "x2", value: x2) }
        self.init(validated: x1, y1, x2, y2)
    }

    private init(validated x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
        if x1 > 0 {
            startSlope = y1 / x1
        } else if y1 == 0 && x2 > 0 {
            startSlope = y2 / x2
        } else if y1 == 0 && y2 == 0 {
            startSlope = 1
        } else {
            startSlope = 0
        }
        if x2 < 1 {
            endSlope = (y2 - 1) / (x2 - 1)
        } else if y2 == 1 && x1 < 1 {
            endSlope = (y1 - 1) / (x1 - 1)
        } else if y2 == 1 && y1 == 1 {
            endSlope = 1
        } else {
            endSlope = 0
        }
        isIdentity = x1 == y1 && x2 == y2
    }

    /// The progress (y) at the given time fraction (x). Outside 0…1 it extrapolates linearly along
    /// the end tangents, as WebKit's UnitBezier does.
    public func progress(at fraction: Double) -> Double {
        var hint = SolverHint()
        return progress(at: fraction, hint: &hint)
    }

    /// Where the solver ended last time, so the next solve can start from a prediction.
    struct SolverHint {
        /// The fraction solved for; negative when there is none.
        var fraction = -1.0
        var parameter = 0.0
        /// x'(parameter).
        var slope = 0.0
    }

    /// `progress(at:)` for a fraction near the one in `hint` (the previous frame's): the solver
    /// starts from the tangent-line prediction, so consecutive frames need one or two Newton
    /// steps instead of four or five. `hint` receives this solve.
    @inline(__always)
    func progress(at fraction: Double, hint: inout SolverHint) -> Double {
        if isIdentity { return fraction }
        if fraction <= 0 { return fraction < 0 ? startSlope * fraction : 0 }
        if fraction >= 1 { return 1 + endSlope * (fraction - 1) }
        var start = fraction
        if hint.fraction >= 0, hint.slope > 0 {
            let predicted = hint.parameter + (fraction - hint.fraction) / hint.slope
            if predicted > 0, predicted < 1 { start = predicted }
        }
        let (parameter, slope) = parameter(forX: fraction, start: start)
        hint = SolverHint(fraction: fraction, parameter: parameter, slope: slope)
        return sampleY(parameter)
    }

    public static let linear = CubicBezier(validated: 0, 0, 1, 1)
    public static let easeIn = CubicBezier(validated: 0.42, 0, 1, 1)
    public static let easeOut = CubicBezier(validated: 0, 0, 0.58, 1)
    public static let easeInOut = CubicBezier(validated: 0.42, 0, 0.58, 1)
    /// Core Animation's default timing function.
    public static let `default` = CubicBezier(validated: 0.25, 0.1, 0.25, 1)

    @inline(__always)
    private func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }

    @inline(__always)
    private func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }

    @inline(__always)
    private func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The t in (0, 1) with x(t) == x: Newton–Raphson kept inside a shrinking bracket, bisecting
    /// whenever a Newton step would leave it (x(t) is non-decreasing because x1, x2 lie in 0…1).
    /// Returns the parameter and x' at the last Newton step (near enough for the next prediction).
    private func parameter(forX x: Double, start: Double) -> (parameter: Double, slope: Double) {
        var lower = 0.0
        var upper = 1.0
        var t = start
        var slope = 0.0
        for _ in 0..<Self.maximumIterations {
            let error = sampleX(t) - x
            if error < 0 {
                lower = t
            } else if error > 0 {
                upper = t
            } else {
                return (t, slope)
            }
            slope = slopeX(t)
            let newton = t - error / slope
            if lower < newton && newton < upper {
                if abs(newton - t) <= Self.newtonTolerance { return (newton, slope) }
                t = newton
            } else {
                t = 0.5 * (lower + upper)
                if upper - lower <= Self.bracketTolerance { return (t, slope) }
            }
        }
        return (t, slope)
    }
}
