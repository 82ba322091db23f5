/// One step of the transition sequence (SPEC §4.4) or an appearance callback, with the names the
/// protocol's `scrim/trace` uses.
public enum TransitionStep: String, Sendable, Hashable, CaseIterable {
    case presentationControllerForPresented, animationControllerForPresented
    case interactionControllerForPresentation, animationControllerForDismissed
    case interactionControllerForDismissal
    case viewWillAppear, viewWillDisappear
    case presentationTransitionWillBegin, dismissalTransitionWillBegin
    case transitionDuration, animateTransition, startInteractiveTransition, completeTransition
    case presentationTransitionDidEnd, dismissalTransitionDidEnd
    case alongsideCompletion, animationEnded
    case viewDidAppear, viewDidDisappear
    case completion
}

/// Whether a transition presents or dismisses.
public enum TransitionKind: String, Sendable, Hashable {
    case presentation, dismissal
}

/// A traced step: which transition, which step, and the object it concerns (a view controller id
/// or a role's name).
public struct TransitionTraceEvent: Sendable, Hashable, CustomStringConvertible {
    public let transition: Int
    public let step: TransitionStep
    public let object: String
    public let detail: String?

    public init(transition: Int, step: TransitionStep, object: String, detail: String? = nil) {
        self.transition = transition
        self.step = step
        self.object = object
        self.detail = detail
    }

    public var description: String {
        "\(step.rawValue)(\(object)\(detail.map { ", \($0)" } ?? ""))"
    }
}

/// The part of the machinery a fault came from.
public enum TransitionRole: String, Sendable, Hashable {
    case delegate, animator, interactionController, presentationController, viewController, host
}

/// A fault contained by the host (SPEC §4.7): a role threw, never completed, completed twice or
/// returned a value it must not. The transition involved ended as cancelled (or, for a second
/// `completeTransition`, the call was ignored).
public struct TransitionDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The transition, or nil for a fault outside one (a size change, a gesture event).
    public let transition: Int?
    public let role: TransitionRole
    /// The role object's name (a plugin name, a type name or a view controller id).
    public let object: String
    public let message: String

    public init(transition: Int?, role: TransitionRole, object: String, message: String) {
        self.transition = transition
        self.role = role
        self.object = object
        self.message = message
    }

    public var description: String { "\(role.rawValue) '\(object)': \(message)" }
}

/// What a window's transition observers hear.
public enum TransitionEvent: Sendable, Hashable {
    /// A transition began (its step 4): its id, kind, the from and to view controllers' ids and
    /// whether it starts interactive.
    case began(transition: Int, kind: TransitionKind, from: String, to: String, interactive: Bool)
    /// A step of SPEC §4.4, in order.
    case trace(TransitionTraceEvent)
    /// A contained fault.
    case diagnostic(TransitionDiagnostic)
    /// A transition ended (after its completion handler ran).
    case ended(transition: Int, completed: Bool)
}

/// A role's name in traces and diagnostics: a plugin's name, or the Swift type's name.
@MainActor
public protocol NamedTransitionRole: AnyObject {
    var roleName: String { get }
}

@MainActor
func roleName(of object: AnyObject) -> String {
    (object as? any NamedTransitionRole)?.roleName ?? String(describing: type(of: object))
}
