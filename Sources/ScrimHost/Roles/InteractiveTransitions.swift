/// Which transitions a delegate's interaction controller drives: the presentation (or push), the
/// dismissal (or pop), or both. UIKit asks `interactionControllerForPresentation` and
/// `interactionControllerForDismissal` separately; a delegate a host makes from named roles
/// answers the ones in this set with its interaction and the others with nil.
public struct InteractiveTransitions: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let presentation = InteractiveTransitions(rawValue: 1)
    public static let dismissal = InteractiveTransitions(rawValue: 2)
    public static let both: InteractiveTransitions = [.presentation, .dismissal]

    /// The words for it: `presentation`, `dismissal`, `both`.
    package static let words = ["presentation", "dismissal", "both"]

    /// The set a word names, or nil.
    package init?(word: String) {
        switch word {
        case "presentation": self = .presentation
        case "dismissal": self = .dismissal
        case "both": self = .both
        default: return nil
        }
    }
}
