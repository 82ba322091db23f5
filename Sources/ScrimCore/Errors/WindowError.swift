/// Bad input to a window.
public enum WindowError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A size that is not finite or not positive.
    case invalidSize(Size)

    public var description: String {
        switch self {
        case .invalidSize(let size):
            "invalid window size \(size.width)×\(size.height): width and height must be finite numbers > 0"
        }
    }
}
