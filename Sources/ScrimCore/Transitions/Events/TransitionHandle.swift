/// The transition an operation queued (`present`, `dismiss`, a push, a pop, `show`, a tab
/// selection, a segue): its id, as the window's statuses, events and diagnostics name it, and
/// its kind. It begins on the next tick of the window's clock.
public struct TransitionHandle: Sendable, Hashable {
    public let id: Int
    public let kind: TransitionKind
}
