/// What a segue does with its destination (a storyboard segue's kind).
public enum SegueKind: String, Sendable, Hashable, CaseIterable {
    /// `source.show(destination)`: pushed by a navigation controller up the hierarchy, else presented.
    case show
    /// `source.showDetailViewController(destination)`: a split view controller's new secondary,
    /// else shown.
    case showDetail
    /// Presented modally with the declared styles and delegate.
    case present
    /// Presented as a popover anchored at the trigger view (or the destination's declared source view).
    case popover
    /// A segue class of the storyboard's, whose `perform()` shows the destination itself.
    case custom
    /// Goes back to a view controller found up the hierarchy that handles the segue's action.
    case unwind
}
