/// A presentation or dismissal that cannot start. Thrown by `present` and `dismiss` (whose
/// completion is also called with `false`); nothing changes.
public enum TransitionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Another transition is running or queued in the same window.
    case transitionInProgress(viewController: String)
    /// The view controller is already presented (or being presented), presents one, its view is
    /// already in a window, or it is an ancestor of where it would go.
    case alreadyPresented(viewController: String)
    /// The view controller is already a child of `parent`: a view controller has one parent.
    case hasParent(viewController: String, parent: String)
    /// Following `link` from the view controller came back to it: the view-controller graph has
    /// a cycle, which its rules exclude (an internal error; nothing changed).
    case graphCycle(viewController: String, link: String)
    /// `dismiss` on a view controller that presents nothing and is not presented.
    case nothingToDismiss(viewController: String)
    /// The presenting view controller's view is not in a window.
    case notInWindow(viewController: String)
    /// A view controller cannot present itself.
    case presentingItself(viewController: String)
    /// The view controller already presents `presented` (UIKit logs "Attempt to present … which
    /// is already presenting …" and presents nothing); `top` is the top of its chain, the one
    /// to present from.
    case alreadyPresenting(viewController: String, presented: String, top: String)
    /// A navigation controller cannot be pushed (UIKit raises "Pushing a navigation controller is
    /// not supported").
    case pushingNavigationController(viewController: String)
    /// `popToViewController` with a view controller that is not in the navigation stack.
    case notInNavigationStack(viewController: String, navigationController: String)
    /// `setViewControllers` with no view controller.
    case emptyNavigationStack(navigationController: String)
    /// A tab index the tab bar controller does not have.
    case tabIndexOutOfRange(index: Int, count: Int, tabBarController: String)
    /// A popover presented with no `sourceView` on its `popoverPresentationController` (UIKit
    /// raises).
    case popoverWithoutAnchor(viewController: String)
    /// A popover whose `sourceView` is not in the presenting window.
    case popoverSourceViewNotInWindow(viewController: String, sourceView: String)

    /// `performSegue` with an identifier the view controller declares no segue for.
    case unknownSegue(identifier: String, viewController: String, declared: [String])
    /// A segue's destination names no view controller the storyboard declares.
    case unknownViewController(identifier: String, declared: [String])
    /// A custom segue names no segue class the storyboard has.
    case unknownSegueClass(name: String, known: [String])
    /// The view controller has segues but no storyboard to make their destinations.
    case noStoryboard(viewController: String)
    /// An unwind segue found no view controller that handles its action; nothing changed.
    case noUnwindDestination(identifier: String, action: String, source: String)
    /// A segue could not run: its class, its `perform()` or an unwind action failed.
    case segueFailed(identifier: String, message: String)

    public var description: String {
        switch self {
        case .transitionInProgress(let id):
            "cannot start a transition for '\(id)': another transition is running or queued in this window; wait for its completion"
        case .alreadyPresented(let id):
            "view controller '\(id)' is already presented or presenting (or its view is already in the window hierarchy)"
        case .hasParent(let id, let parent):
            "view controller '\(id)' is already a child of '\(parent)': a view controller has one parent; remove it from '\(parent)' first, or show a new instance"
        case .graphCycle(let id, let link):
            "internal error: following \(link) from '\(id)' comes back to '\(id)': the view-controller graph has a cycle; nothing changed (reload the scene, and please report this)"
        case .nothingToDismiss(let id):
            "view controller '\(id)' presents nothing and is not presented: there is nothing to dismiss"
        case .notInWindow(let id):
            "view controller '\(id)' is not in a window: only a view controller whose view is in a window can present"
        case .presentingItself(let id):
            "view controller '\(id)' cannot present itself"
        case .pushingNavigationController(let id):
            "cannot push navigation controller '\(id)': a navigation controller cannot be pushed; push its top view controller instead"
        case .tabIndexOutOfRange(let index, let count, let id):
            "tab bar controller '\(id)' has no tab \(index): " + (count == 0 ? "it has no tabs" : "its tabs are 0…\(count - 1)")
        case .emptyNavigationStack(let id):
            "navigation controller '\(id)' cannot have an empty stack: give it at least one view controller"
        case .notInNavigationStack(let id, let navigation):
            "view controller '\(id)' is not in the stack of navigation controller '\(navigation)'"
        case .unknownSegue(let identifier, let id, let declared):
            "view controller '\(id)' has no segue '\(identifier)' (" + (declared.isEmpty ? "it declares none)" : "declared: \(declared.joined(separator: ", ")))")
        case .unknownViewController(let identifier, let declared):
            "the storyboard declares no view controller '\(identifier)' (declared: \(declared.joined(separator: ", ")))"
        case .unknownSegueClass(let name, let known):
            "no segue class '\(name)' (" + (known.isEmpty ? "none is registered)" : "known: \(known.joined(separator: ", ")))")
        case .noStoryboard(let id):
            "view controller '\(id)' has no storyboard to make its segues' destinations"
        case .noUnwindDestination(let identifier, let action, let source):
            "unwind segue '\(identifier)' from '\(source)' found no view controller that handles '\(action)': nothing changed"
        case .segueFailed(let identifier, let message):
            "segue '\(identifier)': \(message)"
        case .alreadyPresenting(let id, let presented, let top):
            "view controller '\(id)' is already presenting '\(presented)'; present from the top of its chain ('\(top)')"
        case .popoverWithoutAnchor(let id):
            "popover '\(id)' has no anchor: set its popoverPresentationController's sourceView (and sourceRect) before presenting it"
        case .popoverSourceViewNotInWindow(let id, let source):
            "popover '\(id)' is anchored at view '\(source)', which is not in the window: anchor it at a view in the presenting window"
        }
    }
}
