/// What a transition does to a container: a navigation push or pop, a tab switch, or nothing
/// (a presentation or dismissal). `UINavigationController.Operation`, with tabs.
public enum TransitionOperation: String, Sendable, Hashable, CaseIterable {
    case none, push, pop, tab
}
