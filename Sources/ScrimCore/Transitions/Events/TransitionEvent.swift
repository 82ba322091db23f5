/// What a window's transition observers hear.
public enum TransitionEvent: Sendable, Hashable {
    /// A transition began (its step 4): its id, kind, the from and to view controllers' ids and
    /// whether it starts interactive.
    case began(transition: Int, kind: TransitionKind, from: String, to: String, interactive: Bool)
    /// A step of the transition sequence, in order.
    case trace(TransitionTraceEvent)
    /// A contained fault.
    case diagnostic(TransitionDiagnostic)
    /// A transition ended (after its completion handler ran).
    case ended(transition: Int, completed: Bool)
}
