import ScrimCore

/// The roles the embedding program registered in Swift (the host's registry), which a Lua
/// delegate may vend by name: the engine sits below the host and reaches them through this.
@MainActor
package protocol SwiftRoleSource: AnyObject {
    /// Every name `kind` can be made under, Swift or Lua.
    func names(of kind: RoleKind) -> [String]

    /// A new instance of the Swift role registered as `name` for `kind`, or nil when no Swift
    /// role has that name.
    func makeSwiftRole(
        _ kind: RoleKind, _ name: String, options: RoleOptions, presented: ViewController?, presenting: ViewController?
    ) throws -> AnyObject?
}
