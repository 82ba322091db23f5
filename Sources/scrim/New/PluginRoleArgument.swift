import ArgumentParser
import Scrim

/// The role word given to `scrim new`: one of the roles a plugin plays (`RoleKind`, the words of
/// Docs/LuaAPI.md's role table). Help, completion and the usage error of a word that names none
/// list them.
///
/// A wrapper, not `extension RoleKind: @retroactive ExpressibleByArgument`, for the reason
/// `PresentationStyleArgument` gives.
struct PluginRoleArgument: ExpressibleByArgument {
    let role: RoleKind

    init?(argument: String) {
        guard let role = RoleKind(rawValue: argument) else { return nil }
        self.role = role
    }

    static var allValueStrings: [String] { RoleKind.allCases.map(\.rawValue) }

    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
