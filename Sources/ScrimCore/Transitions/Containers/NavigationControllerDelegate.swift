/// Follows a navigation controller's pushes and pops and vends their custom transition objects
/// (`UINavigationControllerDelegate`). Every method is optional: the defaults do nothing and
/// return `nil` (then the built-in slide runs). A navigation controller holds its delegate
/// strongly, as a view controller holds its `transitioningDelegate`. A method that throws ends the
/// transition as cancelled, with a diagnostic.
@MainActor
public protocol NavigationControllerDelegate: AnyObject {
    /// Step 4, after the appearance callbacks: `viewController` is about to be shown.
    func navigationController(
        _ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool) throws
    /// Step 10, when the transition completed: `viewController` is shown.
    func navigationController(
        _ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool) throws
    /// Step 2: the animator of a push or pop (nil: the built-in slide).
    func navigationController(
        _ navigationController: NavigationController, animationControllerFor operation: TransitionOperation,
        from fromViewController: ViewController, to toViewController: ViewController
    ) throws -> (any AnimatedTransitioning)?
    /// Step 3, only when step 2 vended an animator: the interaction controller (nil: none).
    func navigationController(
        _ navigationController: NavigationController, interactionControllerFor animator: any AnimatedTransitioning
    ) throws -> (any InteractiveTransitioning)?
}

extension NavigationControllerDelegate {
    public func navigationController(
        _ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool
    ) throws {}

    public func navigationController(
        _ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool
    ) throws {}

    public func navigationController(
        _ navigationController: NavigationController, animationControllerFor operation: TransitionOperation,
        from fromViewController: ViewController, to toViewController: ViewController
    ) throws -> (any AnimatedTransitioning)? { nil }

    public func navigationController(
        _ navigationController: NavigationController, interactionControllerFor animator: any AnimatedTransitioning
    ) throws -> (any InteractiveTransitioning)? { nil }
}
