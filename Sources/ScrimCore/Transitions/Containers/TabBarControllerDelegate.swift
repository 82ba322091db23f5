/// Decides and follows a tab bar controller's selections and vends the objects of an animated
/// tab switch (`UITabBarControllerDelegate`). Every method is optional: by default every
/// selection is allowed and no animator is vended (the switch happens at once). A tab bar
/// controller holds its delegate strongly. A method that throws is a fault with a diagnostic: a
/// throwing `shouldSelect` refuses the selection, a throwing animator or interaction method ends
/// the switch as cancelled.
@MainActor
public protocol TabBarControllerDelegate: AnyObject {
    /// Asked for selections made as a user makes them (`TabBarController.selectTab`), not for
    /// selections from code.
    func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) throws -> Bool
    /// Told after a user's selection (when the switch completed, or at once for the selected tab).
    func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController) throws
    /// Step 2 of a switch: its animator (nil: the switch happens at once, as in UIKit).
    func tabBarController(
        _ tabBarController: TabBarController, animationControllerForTransitionFrom fromViewController: ViewController,
        to toViewController: ViewController
    ) throws -> (any AnimatedTransitioning)?
    /// Step 3, only when step 2 vended an animator.
    func tabBarController(
        _ tabBarController: TabBarController, interactionControllerFor animator: any AnimatedTransitioning
    ) throws -> (any InteractiveTransitioning)?
}

extension TabBarControllerDelegate {
    public func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) throws -> Bool {
        true
    }

    public func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController) throws {}

    public func tabBarController(
        _ tabBarController: TabBarController, animationControllerForTransitionFrom fromViewController: ViewController,
        to toViewController: ViewController
    ) throws -> (any AnimatedTransitioning)? { nil }

    public func tabBarController(
        _ tabBarController: TabBarController, interactionControllerFor animator: any AnimatedTransitioning
    ) throws -> (any InteractiveTransitioning)? { nil }
}
