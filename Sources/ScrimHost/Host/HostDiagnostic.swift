import ScrimCore

/// A diagnostic the host reports (`onDiagnostics`).
public enum HostDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// A fault contained during a transition.
    case transition(TransitionDiagnostic)
    /// The current diagnostics of a plugin file (published after every load and every reported
    /// error; empty when the file is clean), as LSP's `publishDiagnostics`.
    case script(path: String, diagnostics: [ScriptDiagnostic])

    public var description: String {
        switch self {
        case .transition(let diagnostic): diagnostic.description
        case .script(let path, let diagnostics):
            diagnostics.isEmpty ? "\(path): clean" : diagnostics.map(\.description).joined(separator: "\n")
        }
    }
}
