/// A segue a storyboard declares on its source view controller (a scene's `segues` entry): run
/// by `performSegue(withIdentifier:sender:)`, or by a tap on its trigger view.
@MainActor
public struct SegueTemplate {
    public var identifier: String
    public var kind: SegueKind
    /// The declared view controller a new instance of which is the destination (nil for unwind).
    public var destination: String?
    /// The id of the view whose tap triggers the segue.
    public var trigger: String?
    /// Whether the transition animates (default true).
    public var animated: Bool
    /// Given to the destination before it is shown (present, popover and show kinds).
    public var modalPresentationStyle: ModalPresentationStyle?
    public var modalTransitionStyle: ModalTransitionStyle?
    public var transitioningDelegate: (any TransitioningDelegate)?
    /// For `custom`: the segue class registered with the storyboard.
    public var segueClass: String?
    /// For `unwind`: the unwind action the destination handles.
    public var action: String?

    public init(
        identifier: String, kind: SegueKind, destination: String? = nil, trigger: String? = nil, animated: Bool = true,
        modalPresentationStyle: ModalPresentationStyle? = nil, modalTransitionStyle: ModalTransitionStyle? = nil,
        transitioningDelegate: (any TransitioningDelegate)? = nil, segueClass: String? = nil, action: String? = nil
    ) {
        self.identifier = identifier
        self.kind = kind
        self.destination = destination
        self.trigger = trigger
        self.animated = animated
        self.modalPresentationStyle = modalPresentationStyle
        self.modalTransitionStyle = modalTransitionStyle
        self.transitioningDelegate = transitioningDelegate
        self.segueClass = segueClass
        self.action = action
    }
}
