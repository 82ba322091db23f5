import ScrimCore

/// A diagnostic the host reports (`onDiagnostics`).
public enum HostDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// A fault contained during a transition (SPEC §4.7).
    case transition(TransitionDiagnostic)

    public var description: String {
        switch self {
        case .transition(let diagnostic): diagnostic.description
        }
    }
}
