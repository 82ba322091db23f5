/// A synthesized input event that cannot be delivered.
public enum InputError: Error, Hashable, Sendable, CustomStringConvertible {
    case nonFiniteLocation(Point)
    case viewNotInWindow(String)
    case noPanInProgress(PanPhase)

    public var description: String {
        switch self {
        case .nonFiniteLocation(let point): "invalid location (\(point.x), \(point.y)): a location must be finite window coordinates"
        case .viewNotInWindow(let id): "view '\(id)' is not in the window: pan events go to views in the window"
        case .noPanInProgress(let phase): "a '\(phase.rawValue)' pan event needs a pan in progress: send 'began' first"
        }
    }
}
