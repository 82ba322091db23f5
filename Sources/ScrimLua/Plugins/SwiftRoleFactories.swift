import ScrimCore

/// The roles the embedding program registered in Swift, by kind and name (kept by the host's
/// registry; `RoleType` names a kind's table).
@MainActor
package struct SwiftRoleFactories {
    package var animators: [String: RoleMaker<any AnimatedTransitioning>] = [:]
    package var interactions: [String: RoleMaker<any InteractiveTransitioning>] = [:]
    package var presentations: [String: RoleMaker<PresentationController>] = [:]
    package var delegates: [String: RoleMaker<any TransitioningDelegate>] = [:]

    package init() {}

    /// The names registered for `kind` (none for segues and controllers, which only plugins play).
    package func names(of kind: RoleKind) -> [String] {
        switch kind {
        case .animator: Array(animators.keys)
        case .interaction: Array(interactions.keys)
        case .presentation: Array(presentations.keys)
        case .delegate: Array(delegates.keys)
        case .segue, .controller: []
        }
    }
}
