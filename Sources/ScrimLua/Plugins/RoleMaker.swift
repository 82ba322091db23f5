import ScrimCore

/// How new instances of one role are made: a Swift factory the embedding program registered, or a
/// plugin's constructor. Typed by the kind of role, so what it makes needs no cast.
@MainActor
package struct RoleMaker<Role> {
    private let body: (RoleRequest) throws -> Role

    package init(_ body: @escaping (RoleRequest) throws -> Role) {
        self.body = body
    }

    /// A new instance.
    package func make(_ request: RoleRequest) throws -> Role { try body(request) }
}
