import ScrimCore

/// Resolves a role's name to how it is made: the host's registry, which owns the order (a Swift
/// role registered under the name, then the plugin of that name). The plugins sit below the host
/// and reach it through this when a Lua delegate vends a role by name.
@MainActor
package protocol RoleResolver: AnyObject {
    /// Every name `kind` can be made under, Swift or Lua.
    func names(of kind: RoleKind) -> [String]

    /// How the role `name` of `type` is made; throws why there is none.
    func maker<Role>(_ type: RoleType<Role>, named name: String) throws -> RoleMaker<Role>
}
