/// What a transition does: presents, dismisses, or pushes or pops on a navigation stack.
public enum TransitionKind: String, Sendable, Hashable {
    case presentation, dismissal, push, pop
}
