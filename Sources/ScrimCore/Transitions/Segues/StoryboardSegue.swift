/// A segue on its way (`UIStoryboardSegue`): made afresh each time a declared segue runs, with a
/// new instance of its destination. `perform()` shows the destination as the kind says; a custom
/// segue class overrides it and shows the destination itself.
@MainActor
open class StoryboardSegue {
    public let identifier: String?
    public let source: ViewController
    public let destination: ViewController
    public let kind: SegueKind
    /// Whether the transition animates.
    public internal(set) var animated = true
    /// The trigger view, or what `performSegue` was given.
    public internal(set) var sender: AnyObject?
    /// For an unwind segue: its action.
    public internal(set) var action: String?
    /// The first transition `perform()` queued, once `performSegue` has returned; nil when it
    /// queued none (a split view controller's secondary replaced at once, nothing to unwind).
    public internal(set) var transition: TransitionHandle?
    /// Called once the transition `perform()` started has ended (true when it completed).
    var completion: ((Bool) -> Void)?

    public init(identifier: String?, source: ViewController, destination: ViewController, kind: SegueKind = .custom) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
        self.kind = kind
    }

    /// Shows the destination: `show`, `showDetailViewController`, `present` (a popover anchored
    /// at the trigger view), or for an unwind segue the unwind transition. A custom segue class
    /// overrides it.
    ///
    /// - Throws: `TransitionError` when the transition cannot start.
    open func perform() throws {
        let completion = self.completion
        self.completion = nil
        switch kind {
        case .show:
            try source.show(destination, sender: sender, animated: animated, completion: completion)
        case .showDetail:
            try source.showDetailViewController(destination, sender: sender, animated: animated, completion: completion)
        case .present:
            try source.present(destination, animated: animated, completion: completion)
        case .popover:
            // Anchored at the trigger view; else where the destination's declaration anchors it.
            if let trigger = sender as? View {
                destination.makePopoverPresentationController().sourceView = trigger
            }
            try source.present(destination, animated: animated, completion: completion)
        case .unwind:
            try destination.unwind(animated: animated, completion: completion)
        case .custom:
            completion?(false)
            throw TransitionError.segueFailed(
                identifier: identifier ?? "", message: "a custom segue must override perform() and show the destination itself")
        }
    }
}
