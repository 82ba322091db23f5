/// What a transition does: presents, dismisses, pushes or pops on a navigation stack, or
/// switches tabs.
public enum TransitionKind: String, Sendable, Hashable {
    case presentation, dismissal, push, pop, tab
}
