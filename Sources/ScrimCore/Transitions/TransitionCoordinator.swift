/// Lets other code animate along with a transition or a window size change
/// (`UIViewControllerTransitionCoordinator`), and tells what is going on.
///
/// Alongside animations registered before the transition's animations start run when they start;
/// registered later, they start at once with the remaining time. Either way they run with the
/// transition's duration and the ease-in-out curve, and they belong to the transition: an
/// interaction drives them and a cancel puts back what they touched. Completions run after the
/// transition's presentation controller heard of its end (step 11 of the transition sequence).
@MainActor
public final class TransitionCoordinator {
    public typealias Block = (TransitionCoordinator) -> Void

    /// The transition this coordinator belongs to (nil for a size change, or once it ended).
    weak var transition: Transition?
    /// Its context, which answers for it once it ended.
    private(set) var context: TransitionContext?

    /// The context of the transition this coordinator belongs to (nil for a size change).
    public var transitionContext: TransitionContext? { context }
    /// A size change's container (the window) and duration.
    private let sizeChange: SizeChange?
    private var pending: [Block] = []
    private var completions: [Block] = []
    private var interactionHandlers: [Block] = []
    private var started = false
    private var finished = false

    /// The duration and curve of a size change of the window.
    public static let sizeChangeDuration = 0.3

    init(transition: Transition, context: TransitionContext) {
        self.transition = transition
        self.context = context
        sizeChange = nil
    }

    init(sizeChangeIn container: View) {
        transition = nil
        sizeChange = SizeChange(container: container, duration: Self.sizeChangeDuration)
    }

    private struct SizeChange {
        /// Weak: the window's engine keeps the coordinator until the size animation completes,
        /// and the window owns its engine.
        weak var container: View?
        let duration: Double
    }

    // MARK: Registering

    /// Runs `animation` inside an animation block with the transition's timing, and `completion`
    /// after the transition ended. Returns false (and does nothing) once the transition ended.
    @discardableResult
    public func animate(alongsideTransition animation: Block?, completion: Block? = nil) -> Bool {
        guard !finished else { return false }
        if let completion { completions.append(completion) }
        guard let animation else { return true }
        if started {
            run([animation])
        } else {
            pending.append(animation)
        }
        return true
    }

    /// As `animate(alongsideTransition:completion:)`; the view is accepted for UIKit
    /// compatibility (every view animates with the transition here).
    @discardableResult
    public func animateAlongsideTransition(in view: View?, animation: Block?, completion: Block? = nil) -> Bool {
        animate(alongsideTransition: animation, completion: completion)
    }

    /// Calls `handler` whenever the transition stops or starts being interactive (on finish,
    /// cancel and pause).
    public func notifyWhenInteractionChanges(_ handler: @escaping Block) {
        interactionHandlers.append(handler)
    }

    // MARK: The transition's state

    public var isAnimated: Bool { context?.isAnimated ?? true }
    public var isInteractive: Bool { context?.isInteractive ?? false }
    public var isCancelled: Bool { context?.transitionWasCancelled ?? false }
    public var initiallyInteractive: Bool { transition?.machine.initiallyInteractive ?? false }
    /// Whether the transition's animator offers an interruptible property animator.
    public var isInterruptible: Bool { transition?.interruptibleAnimator != nil }
    public var percentComplete: Double { context?.percentComplete ?? (finished ? 1 : 0) }
    public var transitionDuration: Double { context?.transitionDuration ?? sizeChange?.duration ?? 0 }
    /// The speed of the rest of the transition after an interaction ended.
    public var completionVelocity: Double { transition?.completionSpeed ?? 1 }
    public var completionCurve: AnimationCurve { transition?.completionCurve ?? .easeInOut }
    public var containerView: View? { context?.containerView ?? sizeChange?.container }
    public var presentationStyle: ModalPresentationStyle { context?.presentationStyle ?? .fullScreen }
    public var targetTransform: AffineTransform { .identity }

    public func viewController(forKey key: TransitionContext.Key) -> ViewController? {
        context?.viewController(forKey: key)
    }

    public func view(forKey key: TransitionContext.Key) -> View? {
        context?.view(forKey: key)
    }

    // MARK: Driven by the host

    /// Starts the blocks registered so far (step 8), on the current timeline.
    func start() {
        guard !started else { return }
        started = true
        let blocks = pending
        pending = []
        run(blocks)
    }

    /// Runs the completion blocks (step 11); `each` is called before each one (for the trace).
    func finish(each: () -> Void = {}) {
        guard !finished else { return }
        finished = true
        pending = []
        let blocks = completions
        completions = []
        for block in blocks {
            each()
            block(self)
        }
    }

    func interactionChanged() {
        for handler in interactionHandlers { handler(self) }
    }

    private func run(_ blocks: [Block]) {
        guard !blocks.isEmpty else { return }
        let duration: Double
        if let transition {
            duration = context?.isAnimated == false ? 0 : max(transition.remainingDuration, 0)
        } else {
            duration = sizeChange?.duration ?? 0
        }
        do {
            // Alongside animations belong to the transition: they join its timeline, whoever
            // registers them and whenever.
            let animate = {
                try View.animate(withDuration: duration, options: .curveEaseInOut, animations: {
                    for block in blocks { block(self) }
                })
            }
            if let transition { try transition.withTimeline(animate) } else { try animate() }
        } catch {
            transition?.fault(
                role: .presentationController, object: "alongside animation",
                message: "an alongside animation failed: \(error)")
        }
    }
}
