import ScrimCore
internal import ScrimLua

/// A navigation or tab bar controller's delegate made from a transitioning delegate — the roles a
/// client or a scene names for a container: a push or a tab switch asks it as a presentation, a
/// pop as a dismissal.
@MainActor
package final class TransitioningNavigationDelegate: NavigationControllerDelegate, TabBarControllerDelegate, NamedTransitionRole {
    package let base: any TransitioningDelegate
    private var lastOperation = TransitionOperation.push

    package init(_ base: any TransitioningDelegate) { self.base = base }

    /// The navigation delegate for `delegate`: a delegate plugin that defines the navigation
    /// delegate's methods is one itself; any other is asked through this adapter.
    package static func make(for delegate: any TransitioningDelegate) -> any NavigationControllerDelegate {
        if let lua = delegate as? LuaDelegate, lua.definesContainerDelegateMethods { return lua }
        return TransitioningNavigationDelegate(delegate)
    }

    /// The tab bar delegate for `delegate`, as `make(for:)`.
    package static func makeForTabs(for delegate: any TransitioningDelegate) -> any TabBarControllerDelegate {
        if let lua = delegate as? LuaDelegate, lua.definesContainerDelegateMethods { return lua }
        return TransitioningNavigationDelegate(delegate)
    }

    /// The transitioning delegate's name (its plugins', for one a host built).
    package var roleName: String { (base as? NamedTransitionRole)?.roleName ?? String(describing: type(of: base)) }

    package func navigationController(
        _ navigationController: NavigationController, animationControllerFor operation: TransitionOperation,
        from fromViewController: ViewController, to toViewController: ViewController
    ) throws -> (any AnimatedTransitioning)? {
        lastOperation = operation
        return operation == .pop
            ? try base.animationController(forDismissed: fromViewController)
            : try base.animationController(forPresented: toViewController, presenting: fromViewController, source: navigationController)
    }

    package func navigationController(
        _ navigationController: NavigationController, interactionControllerFor animator: any AnimatedTransitioning
    ) throws -> (any InteractiveTransitioning)? {
        lastOperation == .pop
            ? try base.interactionControllerForDismissal(using: animator)
            : try base.interactionControllerForPresentation(using: animator)
    }

    package func tabBarController(
        _ tabBarController: TabBarController, animationControllerForTransitionFrom fromViewController: ViewController,
        to toViewController: ViewController
    ) throws -> (any AnimatedTransitioning)? {
        lastOperation = .tab
        return try base.animationController(forPresented: toViewController, presenting: fromViewController, source: tabBarController)
    }

    package func tabBarController(
        _ tabBarController: TabBarController, interactionControllerFor animator: any AnimatedTransitioning
    ) throws -> (any InteractiveTransitioning)? {
        try base.interactionControllerForPresentation(using: animator)
    }
}
