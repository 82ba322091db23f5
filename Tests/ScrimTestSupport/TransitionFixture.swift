@testable import ScrimCore

/// A window with a root view controller on a manual clock, recording every transition event.
@MainActor
final class TransitionFixture {
    let clock: ManualClock
    let engine: AnimationEngine
    let window: Window
    let root: ViewController
    private(set) var events: [TransitionEvent] = []

    init(size: Size = Window.defaultSize, frameRate: Double = 60) throws {
        clock = try ManualClock(frameRate: frameRate)
        engine = AnimationEngine(clock: clock)
        window = Window(size: size, engine: engine)
        root = ViewController(id: "root")
        window.rootViewController = root
        window.addTransitionObserver { [unowned self] event in self.events.append(event) }
    }

    func advance(_ seconds: Double) throws { try clock.advance(by: seconds) }

    /// The traced steps as "step(object)" strings.
    var trace: [String] {
        events.compactMap { event in
            if case .trace(let step) = event { return "\(step.step.rawValue)(\(step.object))" }
            return nil
        }
    }

    var diagnostics: [TransitionDiagnostic] {
        events.compactMap { event in
            if case .diagnostic(let diagnostic) = event { return diagnostic }
            return nil
        }
    }

    func clearEvents() { events = [] }
}

/// An animator that moves the presented view in from the right over `duration`, and back out on
/// dismissal, completing when its animation ends.
@MainActor
final class SlideAnimator: AnimatedTransitioning, NamedTransitionRole {
    let duration: Double
    let roleName = "slide"

    init(duration: Double = 1) { self.duration = duration }

    func transitionDuration(using context: TransitionContext?) throws -> Double { duration }

    func animateTransition(using context: TransitionContext) throws {
        let container = context.containerView
        if context.isPresenting {
            let view = context.view(forKey: .to)!
            let final = context.finalFrame(for: context.viewController(forKey: .to)!)
            container.addSubview(view)
            View.performWithoutAnimation { view.frame = final.offsetBy(dx: container.bounds.width, dy: 0) }
            try View.animate(withDuration: duration, options: .curveLinear, animations: { view.frame = final }) { _ in
                context.completeTransition(!context.transitionWasCancelled)
            }
        } else {
            let view = context.view(forKey: .from)!
            try View.animate(
                withDuration: duration, options: .curveLinear,
                animations: { view.frame = view.frame.offsetBy(dx: container.bounds.width, dy: 0) }
            ) { _ in
                context.completeTransition(!context.transitionWasCancelled)
            }
        }
    }
}

/// A delegate vending the given roles.
@MainActor
final class FixtureDelegate: TransitioningDelegate, NamedTransitionRole {
    var animator: (any AnimatedTransitioning)?
    var interaction: (any InteractiveTransitioning)?
    var presentation: ((ViewController, ViewController?) -> PresentationController?)?
    let roleName = "delegate"

    init(
        animator: (any AnimatedTransitioning)? = nil, interaction: (any InteractiveTransitioning)? = nil,
        presentation: ((ViewController, ViewController?) -> PresentationController?)? = nil
    ) {
        self.animator = animator
        self.interaction = interaction
        self.presentation = presentation
    }

    func animationController(
        forPresented presented: ViewController, presenting: ViewController, source: ViewController
    ) throws -> (any AnimatedTransitioning)? { animator }

    func animationController(forDismissed dismissed: ViewController) throws -> (any AnimatedTransitioning)? {
        animator
    }

    func interactionControllerForPresentation(using animator: any AnimatedTransitioning) throws
        -> (any InteractiveTransitioning)?
    { interaction }

    func interactionControllerForDismissal(using animator: any AnimatedTransitioning) throws
        -> (any InteractiveTransitioning)?
    { interaction }

    func presentationController(
        forPresented presented: ViewController, presenting: ViewController?, source: ViewController
    ) throws -> PresentationController? { presentation?(presented, presenting) }
}
