/// The named timing curves (UIKit's case names; `default` is Core Animation's default timing function).
public enum AnimationCurve: String, Sendable, Hashable, CaseIterable {
    case linear, easeIn, easeOut, easeInOut, `default`

    /// The curve's Core Animation control points.
    public var bezier: CubicBezier {
        switch self {
        case .linear: .linear
        case .easeIn: .easeIn
        case .easeOut: .easeOut
        case .easeInOut: .easeInOut
        case .default: .default
        }
    }
}
