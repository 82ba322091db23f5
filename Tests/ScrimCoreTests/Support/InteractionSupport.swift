@testable import ScrimCore
import ScrimTestSupport

// Helpers of InteractionTests and FaultTests. Names carry the `Scripted`/`ix` prefix so they do
// not collide with the other support files of the module.

/// One frame of the fixtures' 60 Hz manual clock: the tick on which a queued transition begins.
let ixFrame = 1.0 / 60

/// An error a role throws on purpose; it prints as its description.
struct ScriptedError: Error, CustomStringConvertible {
    let description: String
}

/// One view of a tree with its values, for comparing whole hierarchies before and after.
struct IXViewState: Equatable, CustomStringConvertible {
    /// The ids from the root of the tree down to the view, joined by "/".
    let path: String
    let index: Int
    let model: ViewValues
    let presentation: ViewValues
    let isHidden: Bool

    var description: String { "\(path)#\(index)" }
}

/// `root` and every view below it, depth first, with their model and presentation values.
@MainActor
func ixTree(_ root: View) -> [IXViewState] {
    var result: [IXViewState] = []
    func visit(_ view: View, _ path: String, _ index: Int) {
        let here = path.isEmpty ? view.id : "\(path)/\(view.id)"
        result.append(IXViewState(
            path: here, index: index, model: view.model, presentation: view.presentation, isHidden: view.isHidden))
        for (offset, subview) in view.subviews.enumerated() { visit(subview, here, offset) }
    }
    visit(root, "", 0)
    return result
}

/// Whether any animatable property of `view` is animating.
@MainActor
func ixIsAnimating(_ view: View) -> Bool {
    AnimatableProperty.allCases.contains { view.isAnimating($0) }
}

/// The `.ended` events a fixture heard, as completed flags.
@MainActor
func ixEnded(_ f: TransitionFixture) -> [Bool] {
    f.events.compactMap { event in
        if case .ended(_, let completed) = event { return completed }
        return nil
    }
}

/// The `.began` events a fixture heard, as their `interactive` flags.
@MainActor
func ixBeganInteractive(_ f: TransitionFixture) -> [Bool] {
    f.events.compactMap { event in
        if case .began(_, _, _, _, let interactive) = event { return interactive }
        return nil
    }
}

/// `from + (to − from) × progress` for rects, component-wise.
func ixLerp(_ from: Rect, _ to: Rect, _ progress: Double) -> Rect {
    Rect(
        x: from.minX + (to.minX - from.minX) * progress, y: from.minY + (to.minY - from.minY) * progress,
        width: from.width + (to.width - from.width) * progress,
        height: from.height + (to.height - from.height) * progress)
}

/// `from + (to − from) × progress`.
func ixLerp(_ from: Double, _ to: Double, _ progress: Double) -> Double {
    from + (to - from) * progress
}

/// An animator whose every method is a closure, with a record of its calls.
@MainActor
final class ScriptedAnimator: AnimatedTransitioning, NamedTransitionRole {
    let roleName: String
    var duration: (TransitionContext?) throws -> Double
    var animate: (ScriptedAnimator, TransitionContext) throws -> Void
    var interruptible: ((ScriptedAnimator, TransitionContext) throws -> PropertyAnimator?)?
    /// `animationEnded` arguments, in order.
    private(set) var ended: [Bool] = []
    private(set) var animateCalls = 0
    /// The `finished` flags the animation completions received (for animators that record them).
    var finishedFlags: [Bool] = []

    init(
        _ roleName: String = "scripted", duration: Double = 1,
        animate: @escaping (ScriptedAnimator, TransitionContext) throws -> Void
    ) {
        self.roleName = roleName
        self.duration = { _ in duration }
        self.animate = animate
    }

    func transitionDuration(using context: TransitionContext?) throws -> Double { try duration(context) }

    func animateTransition(using context: TransitionContext) throws {
        animateCalls += 1
        try animate(self, context)
    }

    func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }

    func interruptibleAnimator(using context: TransitionContext) throws -> PropertyAnimator? {
        try interruptible?(self, context)
    }
}

/// An interaction controller that may throw when it starts, and otherwise hands over to the
/// percent-driven behaviour.
@MainActor
final class ScriptedInteraction: PercentDrivenInteractiveTransition, NamedTransitionRole {
    let roleName = "scripted-interaction"
    var startError: ScriptedError?

    override func startInteractiveTransition(_ context: TransitionContext) throws {
        if let startError { throw startError }
        try super.startInteractiveTransition(context)
    }
}

/// A delegate vending the given roles, throwing from the method named in `throwing`.
@MainActor
final class ScriptedDelegate: TransitioningDelegate, NamedTransitionRole {
    enum Method: String, Sendable {
        case animationControllerForPresented, animationControllerForDismissed
        case interactionControllerForPresentation, interactionControllerForDismissal
        case presentationControllerForPresented
    }

    let roleName = "scripted-delegate"
    var animator: (any AnimatedTransitioning)?
    var interaction: (any InteractiveTransitioning)?
    var presentation: ((ViewController, ViewController?) -> PresentationController?)?
    var throwing: Method?
    var error = ScriptedError(description: "boom")

    init(
        animator: (any AnimatedTransitioning)? = nil, interaction: (any InteractiveTransitioning)? = nil,
        presentation: ((ViewController, ViewController?) -> PresentationController?)? = nil
    ) {
        self.animator = animator
        self.interaction = interaction
        self.presentation = presentation
    }

    private func check(_ method: Method) throws {
        if throwing == method { throw error }
    }

    func animationController(
        forPresented presented: ViewController, presenting: ViewController, source: ViewController
    ) throws -> (any AnimatedTransitioning)? {
        try check(.animationControllerForPresented)
        return animator
    }

    func animationController(forDismissed dismissed: ViewController) throws -> (any AnimatedTransitioning)? {
        try check(.animationControllerForDismissed)
        return animator
    }

    func interactionControllerForPresentation(using animator: any AnimatedTransitioning) throws
        -> (any InteractiveTransitioning)?
    {
        try check(.interactionControllerForPresentation)
        return interaction
    }

    func interactionControllerForDismissal(using animator: any AnimatedTransitioning) throws
        -> (any InteractiveTransitioning)?
    {
        try check(.interactionControllerForDismissal)
        return interaction
    }

    func presentationController(
        forPresented presented: ViewController, presenting: ViewController?, source: ViewController
    ) throws -> PresentationController? {
        try check(.presentationControllerForPresented)
        return presentation?(presented, presenting)
    }
}

/// A custom presentation controller whose hooks are closures; it records its calls.
@MainActor
final class ScriptedPresentationController: PresentationController, NamedTransitionRole {
    let roleName = "scripted-presentation"
    var calls: [String] = []
    var frame: ((Size) -> Rect)?
    var removesPresenter = false
    var willBegin: ((ScriptedPresentationController) throws -> Void)?
    var didEnd: ((ScriptedPresentationController, Bool) throws -> Void)?
    var dismissalWillBegin: ((ScriptedPresentationController) throws -> Void)?

    override var frameOfPresentedViewInContainerView: Rect {
        guard let containerView else { return .zero }
        return frame?(containerView.bounds.size) ?? containerView.bounds
    }

    override var shouldRemovePresentersView: Bool { removesPresenter }

    override func presentationTransitionWillBegin() throws {
        calls.append("presentationTransitionWillBegin")
        try willBegin?(self)
    }

    override func presentationTransitionDidEnd(_ completed: Bool) throws {
        calls.append("presentationTransitionDidEnd(\(completed))")
        try didEnd?(self, completed)
    }

    override func dismissalTransitionWillBegin() throws {
        calls.append("dismissalTransitionWillBegin")
        try dismissalWillBegin?(self)
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) throws {
        calls.append("dismissalTransitionDidEnd(\(completed))")
    }
}

extension ScriptedAnimator {
    /// A presentation/dismissal animator that slides the presented view in from the right (or out
    /// to the right) linearly over `duration`, completing with `!transitionWasCancelled` and
    /// recording the `finished` flag its completion receives.
    static func slide(_ name: String = "scripted", duration: Double = 1) -> ScriptedAnimator {
        ScriptedAnimator(name, duration: duration) { animator, context in
            let container = context.containerView
            if context.isPresenting {
                let view = context.view(forKey: .to)!
                let final = context.finalFrame(for: context.viewController(forKey: .to)!)
                container.addSubview(view)
                View.performWithoutAnimation { view.frame = final.offsetBy(dx: container.bounds.width, dy: 0) }
                try View.animate(withDuration: duration, options: .curveLinear, animations: { view.frame = final }) {
                    [unowned animator] finished in
                    animator.finishedFlags.append(finished)
                    context.completeTransition(!context.transitionWasCancelled)
                }
            } else {
                let view = context.view(forKey: .from)!
                try View.animate(
                    withDuration: duration, options: .curveLinear,
                    animations: { view.frame = view.frame.offsetBy(dx: container.bounds.width, dy: 0) }
                ) { [unowned animator] finished in
                    animator.finishedFlags.append(finished)
                    context.completeTransition(!context.transitionWasCancelled)
                }
            }
        }
    }
}
