/// Behaviour a script gives a view controller of any kind (a Lua plugin playing the controller
/// role): the view controller calls it after its own callbacks, and asks it about segues before
/// its defaults. A method the script does not define returns nil (or does nothing).
@MainActor
package protocol ViewControllerScript: AnyObject {
    /// `viewDidLoad`, `viewWillAppear`, `viewDidAppear`, `viewWillDisappear`, `viewDidDisappear`.
    func viewControllerCallback(_ viewController: ViewController, _ callback: ViewControllerCallback, animated: Bool?)
    /// `viewWillTransition(to:with:)`: the window is about to change size.
    func viewWillTransition(_ viewController: ViewController, to size: Size, with coordinator: TransitionCoordinator)
    func shouldPerformSegue(_ viewController: ViewController, identifier: String, sender: AnyObject?) -> Bool?
    /// Throws to stop the segue (nothing has moved yet).
    func prepare(_ viewController: ViewController, for segue: StoryboardSegue, sender: AnyObject?) throws
    func canPerformUnwindSegueAction(
        _ viewController: ViewController, action: String, from fromViewController: ViewController, sender: AnyObject?
    ) -> Bool?
    /// The script's unwind action `name`, if it has one.
    func unwindAction(_ viewController: ViewController, named name: String) -> ((StoryboardSegue) throws -> Void)?
}

/// The view controller callbacks a script hears.
package enum ViewControllerCallback: String, Sendable {
    case viewDidLoad, viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear
}
