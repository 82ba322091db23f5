import CLua
import ScrimCore

/// A navigation or tab bar controller's delegate played by a delegate plugin (Docs/Containers.md,
/// "Delegates written in Lua"): the vending methods return what the transitioning delegate's do
/// (a plugin name, `scrim.plugin(name, options)`, a table, or nil); the others are told, and
/// `shouldSelect` answers true or false. A method the plugin does not define does what UIKit's
/// default does.
extension LuaDelegate: NavigationControllerDelegate, TabBarControllerDelegate {
    /// Whether the plugin defines one of the container delegate's methods (else a container
    /// asks it as a transitioning delegate: a push as a presentation, a pop as a dismissal).
    package var definesContainerDelegateMethods: Bool {
        Plugin.containerDelegateMethods.contains { (try? instance.type($0)) == LUA_TFUNCTION }
    }

    package func navigationController(
        _ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool
    ) throws {
        try instance.perform("willShow") { call in push(viewController, animated, call) }
    }

    package func navigationController(
        _ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool
    ) throws {
        try instance.perform("didShow") { call in push(viewController, animated, call) }
    }

    package func navigationController(
        _ navigationController: NavigationController, animationControllerFor operation: TransitionOperation,
        from fromViewController: ViewController, to toViewController: ViewController
    ) throws -> (any AnimatedTransitioning)? {
        try vend(
            .animator, "animationControllerForOperation", [fromViewController, toViewController], leading: operation.rawValue)
    }

    package func navigationController(
        _ navigationController: NavigationController, interactionControllerFor animator: any AnimatedTransitioning
    ) throws -> (any InteractiveTransitioning)? {
        try vend(.interaction, "interactionControllerForNavigation", [], animator: animator)
    }

    package func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) throws -> Bool {
        let answer = try instance.ask("shouldSelect") { call in
            call.pushViewController(viewController)
            return 1
        }
        return answer ?? true
    }

    package func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController) throws {
        try instance.perform("didSelect") { call in
            call.pushViewController(viewController)
            return 1
        }
    }

    package func tabBarController(
        _ tabBarController: TabBarController, animationControllerForTransitionFrom fromViewController: ViewController,
        to toViewController: ViewController
    ) throws -> (any AnimatedTransitioning)? {
        try vend(.animator, "animationControllerForTab", [fromViewController, toViewController])
    }

    package func tabBarController(
        _ tabBarController: TabBarController, interactionControllerFor animator: any AnimatedTransitioning
    ) throws -> (any InteractiveTransitioning)? {
        try vend(.interaction, "interactionControllerForTab", [], animator: animator)
    }

    /// The arguments of `willShow(vc, animated)` and `didShow(vc, animated)`.
    private func push(_ viewController: ViewController, _ animated: Bool, _ call: LuaCall) -> Int32 {
        call.pushViewController(viewController)
        call.push(animated)
        return 2
    }
}
