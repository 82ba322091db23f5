import ScrimCore

/// What a host tells about a plugin (`ScrimHost.plugins`).
public struct PluginInfo: Sendable, Hashable {
    public let name: String
    public let path: String
    public let roles: [RoleKind]
    public let generation: Int
    public let diagnostics: [ScriptDiagnostic]
}
