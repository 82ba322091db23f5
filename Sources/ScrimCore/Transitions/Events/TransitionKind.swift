/// Whether a transition presents or dismisses.
public enum TransitionKind: String, Sendable, Hashable {
    case presentation, dismissal
}
