import ScrimCore

/// A request to the host that cannot be carried out.
public enum HostError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No role of this kind is registered under this name.
    case unknownRole(kind: RoleKind, name: String, known: [String])
    /// A delegate was asked for with no role at all.
    case emptyDelegate
    /// A frame rate that is not finite or outside (0, 1000].
    case invalidFrameRate(Double)
    /// The Lua runtime could not be set up.
    case luaUnavailable(String)

    public var description: String {
        switch self {
        case .unknownRole(let kind, let name, let known):
            "no \(kind.rawValue) named '\(name)'"
                + (known.isEmpty ? "; none is registered" : "; known: \(known.sorted().joined(separator: ", "))")
        case .emptyDelegate:
            "a delegate needs at least one of animator, interaction or presentation"
        case .invalidFrameRate(let value):
            "invalid frame rate \(value): it must be a finite number of frames per second in (0, 1000]"
        case .luaUnavailable(let reason):
            "the Lua runtime could not be set up: \(reason)"
        }
    }
}
