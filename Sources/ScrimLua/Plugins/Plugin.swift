import ScrimCore

/// One loaded plugin file (SPEC §6.1): its class table, the roles it plays, its generation and
/// its diagnostics.
@MainActor
final class Plugin {
    let name: String
    let path: String
    let source: String
    /// Goes up with every successful reload.
    let generation: Int
    /// The table the file returned.
    let classTable: LuaReference
    /// The plugin's global environment.
    let environment: LuaReference
    let roles: Set<RoleKind>

    init(
        name: String, path: String, source: String, generation: Int, classTable: LuaReference,
        environment: LuaReference, roles: Set<RoleKind>
    ) {
        self.name = name
        self.path = path
        self.source = source
        self.generation = generation
        self.classTable = classTable
        self.environment = environment
        self.roles = roles
    }

    /// The functions whose presence makes a role (SPEC §6.1).
    static let roleMarkers: [(RoleKind, [String])] = [
        (.animator, ["animateTransition"]),
        (.interaction, ["startInteractiveTransition"]),
        (.presentation, ["presentationTransitionWillBegin", "frameOfPresentedViewInContainerView"]),
        (.delegate, [
            "animationControllerForPresented", "animationControllerForDismissed",
            "interactionControllerForPresentation", "interactionControllerForDismissal",
            "presentationControllerForPresented",
        ]),
    ]
}

/// What a host tells about a plugin (`ScrimHost.plugins`).
public struct PluginInfo: Sendable, Hashable {
    public let name: String
    public let path: String
    public let roles: [RoleKind]
    public let generation: Int
    public let diagnostics: [ScriptDiagnostic]
}
