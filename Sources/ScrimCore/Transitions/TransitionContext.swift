/// What an animator and an interaction controller know about a running transition, and how they
/// report back (`UIViewControllerContextTransitioning`).
@MainActor
public final class TransitionContext {
    /// `UITransitionContextViewControllerKey` / `ViewKey`.
    public enum Key: String, Sendable, Hashable, CaseIterable {
        case from, to
    }

    /// The transition's id (the protocol's `transition`).
    public let id: Int
    public let kind: TransitionKind
    /// Scrim's addition: true for a presentation or a push, false for a dismissal or a pop.
    public var isPresenting: Bool { kind == .presentation || kind == .push }

    /// What the transition does to a container: `.push` or `.pop` for a navigation controller,
    /// `.tab` for a tab bar controller, `.none` for a presentation or dismissal.
    public var operation: TransitionOperation {
        switch kind {
        case .push: .push
        case .pop: .pop
        case .tab: .tab
        case .presentation, .dismissal: .none
        }
    }
    /// The view the transition happens in. The animator adds the presented view to it.
    public let containerView: View
    /// The effective style of the presentation involved.
    public let presentationStyle: ModalPresentationStyle
    public let isAnimated: Bool
    /// Always the identity: Scrim has no rotations of the interface.
    public var targetTransform: AffineTransform { .identity }

    private let viewControllers: [Key: ViewController]
    private let views: [Key: View]
    private let initialFrames: [ObjectIdentifier: Rect]
    private let finalFrames: [ObjectIdentifier: Rect]
    /// The transition this context reports to (weak: the transition owns the context).
    weak var transition: Transition?
    /// What the context answers once its transition ended.
    private var ended: (cancelled: Bool, duration: Double)?
    /// Where a call that comes after the transition is reported, and whom it names.
    weak var runner: TransitionRunner?
    var animatorName = "animator"
    private var completeCalls = 0

    /// The transition ended: from now on the context answers from this.
    func freeze(cancelled: Bool) {
        ended = (cancelled, transition?.machine.duration ?? 0)
    }

    init(
        id: Int, kind: TransitionKind, containerView: View, presentationStyle: ModalPresentationStyle,
        isAnimated: Bool, viewControllers: [Key: ViewController], views: [Key: View],
        initialFrames: [ObjectIdentifier: Rect], finalFrames: [ObjectIdentifier: Rect]
    ) {
        self.id = id
        self.kind = kind
        self.containerView = containerView
        self.presentationStyle = presentationStyle
        self.isAnimated = isAnimated
        self.viewControllers = viewControllers
        self.views = views
        self.initialFrames = initialFrames
        self.finalFrames = finalFrames
    }

    /// The view controller that is leaving (`.from`) or arriving (`.to`).
    public func viewController(forKey key: Key) -> ViewController? { viewControllers[key] }

    /// The view to animate for `key`: the presentation controller's `presentedView` for the
    /// presented side. `nil` for the presenting side when its view stays in the window
    /// (`over…` styles, or `custom` without `shouldRemovePresentersView`).
    public func view(forKey key: Key) -> View? { views[key] }

    /// Where the view controller's view starts, in the container's coordinates (`.zero` where
    /// unknown, as UIKit).
    public func initialFrame(for viewController: ViewController) -> Rect {
        initialFrames[ObjectIdentifier(viewController)] ?? .zero
    }

    /// Where the view controller's view must end, in the container's coordinates (`.zero` where
    /// unknown, as UIKit).
    public func finalFrame(for viewController: ViewController) -> Rect {
        finalFrames[ObjectIdentifier(viewController)] ?? .zero
    }

    /// Whether the transition is being driven interactively now.
    public var isInteractive: Bool { ended == nil ? transition?.machine.isInteractive ?? false : false }

    /// Whether the transition was cancelled (interactively, or by the host after a fault).
    public var transitionWasCancelled: Bool { ended?.cancelled ?? transition?.machine.wasCancelled ?? false }

    /// How far the transition is, 0…1.
    public var percentComplete: Double {
        if let ended { return ended.cancelled ? 0 : 1 }
        return transition?.percentComplete ?? 1
    }

    /// The duration the animator gave.
    public var transitionDuration: Double { ended?.duration ?? transition?.machine.duration ?? 0 }

    /// Whether the transition has ended (its context answers from its final state).
    public var hasEnded: Bool { ended != nil || transition == nil }

    /// Tells the host the animations are done. Call it exactly once, with
    /// `!transitionWasCancelled` as UIKit's animators do; a second call is ignored with a
    /// diagnostic. A cancelled transition does not complete, whatever the argument says.
    public func completeTransition(_ didComplete: Bool) {
        completeCalls += 1
        if let transition {
            transition.completeTransition(didComplete)
            return
        }
        // A first call after the host ended the transition (a fault, the watchdog) is expected
        // and ignored silently; a second call is the animator's mistake.
        guard completeCalls > 1 else { return }
        runner?.emit(.diagnostic(TransitionDiagnostic(
            transition: id, role: .animator, object: animatorName, method: "animateTransition",
            message: "completeTransition was called a second time; the call was ignored")))
    }

    /// Moves an interactive transition to `percentComplete` (clamped to 0…1).
    public func updateInteractiveTransition(_ percentComplete: Double) {
        transition?.updateInteraction(percentComplete)
    }

    /// Runs the rest of an interactive transition forward.
    public func finishInteractiveTransition() { transition?.finishInteraction() }

    /// Runs an interactive transition back to its start and cancels it.
    public func cancelInteractiveTransition() { transition?.cancelInteraction() }

    /// Stops a finishing or cancelling transition where it is and makes it interactive again.
    public func pauseInteractiveTransition() { transition?.pauseInteraction() }

    /// Ends the transition as cancelled because a role failed in a way the host cannot see (a
    /// script error inside an animation completion, say); `message` becomes the diagnostic.
    public func reportFault(role: TransitionRole, object: String, method: String? = nil, message: String) {
        transition?.fault(role: role, object: object, method: method, message: message)
    }
}
