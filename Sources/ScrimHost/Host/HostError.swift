import ScrimCore

/// A request to the host that cannot be carried out. A role that cannot be made says why
/// (Docs/Embedding.md, "Roles by name"): no such name, its plugin file does not load, the plugin
/// plays other roles, or its constructor failed.
public enum HostError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No role of this kind is registered under this name (`known`: the names that are).
    case unknownRole(kind: RoleKind, name: String, known: [String])
    /// No plugin is loaded under this name, but the plugin file that would load as it (its file
    /// name without `.lua`) at `path` failed to load: `error` is its first error.
    case pluginFailedToLoad(kind: RoleKind, name: String, path: String, error: ScriptDiagnostic)
    /// The plugin of this name (from `path`) does not play the role; it plays `plays`.
    case notARole(kind: RoleKind, name: String, path: String, plays: [RoleKind])
    /// The role's constructor failed (a plugin's `new(options)` raised an error): `message` says why.
    case constructorFailed(kind: RoleKind, name: String, message: String)
    /// A plugin's `new(options)` returned something other than a table: `message` names the
    /// file and line.
    case constructorBadResult(kind: RoleKind, name: String, message: String)
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
        case .pluginFailedToLoad(_, let name, _, let error):
            "plugin '\(name)' failed to load: \(error)"
        case .notARole(let kind, let name, let path, let plays):
            "plugin '\(name)' (\(path)) is not \(kind == .animator || kind == .interaction ? "an" : "a") \(kind.rawValue); it plays: "
                + plays.map(\.rawValue).joined(separator: ", ")
        case .constructorFailed(_, _, let message), .constructorBadResult(_, _, let message):
            message
        case .emptyDelegate:
            "a delegate needs at least one of animator, interaction or presentation"
        case .invalidFrameRate(let value):
            "invalid frame rate \(value): it must be a finite number of frames per second in (0, 1000]"
        case .luaUnavailable(let reason):
            "the Lua runtime could not be set up: \(reason)"
        }
    }
}
