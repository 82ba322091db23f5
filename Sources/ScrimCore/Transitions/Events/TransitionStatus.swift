/// Where a transition of a window is now: queued (it begins on the next tick) or running.
public struct TransitionStatus: Sendable, Hashable {
    public let id: Int
    public let kind: TransitionKind
    /// False while queued: the transition has no context yet.
    public let hasBegun: Bool
    public let isInteractive: Bool
    /// 0 while queued.
    public let percentComplete: Double
}
