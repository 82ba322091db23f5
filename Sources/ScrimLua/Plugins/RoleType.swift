import ScrimCore

/// A kind of role a name can be resolved to, with the Swift type of its instances: where the
/// Swift roles of the kind are registered and how a plugin plays it. The host's registry resolves
/// a `(RoleType, name)` to a `RoleMaker` of that type (Docs/Architecture.md, "Roles by name").
@MainActor
package struct RoleType<Role> {
    package let kind: RoleKind
    /// The Swift roles of this kind.
    package let factories: WritableKeyPath<SwiftRoleFactories, [String: RoleMaker<Role>]>
    /// A new instance of a plugin playing this role.
    package let plugin: (PluginLibrary, Plugin, RoleRequest) throws -> Role
    /// The role played by an existing instance, for a delegate that vends itself (`return self`),
    /// options and state and all; nil for a kind a delegate cannot vend itself as.
    var sharing: ((PluginInstance) -> Role)? = nil
}

extension RoleType where Role == any AnimatedTransitioning {
    package static var animator: Self {
        .init(
            kind: .animator, factories: \.animators,
            plugin: { library, plugin, request in try library.makeAnimator(plugin, options: request.options) },
            sharing: { instance in LuaAnimator(sharing: instance) })
    }
}

extension RoleType where Role == any InteractiveTransitioning {
    package static var interaction: Self {
        .init(kind: .interaction, factories: \.interactions) { library, plugin, request in
            try library.makeInteraction(plugin, options: request.options)
        }
    }
}

extension RoleType where Role == PresentationController {
    package static var presentation: Self {
        .init(kind: .presentation, factories: \.presentations) { library, plugin, request in
            try library.makePresentation(
                plugin, options: request.options, presented: request.presentedViewController, presenting: request.presenting)
        }
    }
}

extension RoleType where Role == any TransitioningDelegate {
    package static var delegate: Self {
        .init(kind: .delegate, factories: \.delegates) { library, plugin, request in
            try library.makeDelegate(plugin, options: request.options)
        }
    }
}
