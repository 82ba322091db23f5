import ScrimCore

/// A window with a root view controller on a manual clock, recording every transition event.
@MainActor
public final class TransitionFixture {
    public let clock: ManualClock
    public let engine: AnimationEngine
    public let window: Window
    public let root: ViewController
    public private(set) var events: [TransitionEvent] = []

    public init(size: Size = Window.defaultSize, frameRate: Double = 60) throws {
        clock = try ManualClock(frameRate: frameRate)
        engine = AnimationEngine(clock: clock)
        window = Window(size: size, engine: engine)
        root = ViewController(id: "root")
        window.rootViewController = root
        window.addTransitionObserver { [unowned self] event in self.events.append(event) }
    }

    /// A fixture over a window made elsewhere (an embedding host's, say): `clock` must be the
    /// manual clock of the window's engine, and the window must have a root view controller.
    public init(window: Window, clock: ManualClock) {
        self.clock = clock
        engine = window.engine
        self.window = window
        root = window.rootViewController!
        // Weak: the window may outlive the fixture.
        window.addTransitionObserver { [weak self] event in self?.events.append(event) }
    }

    public func advance(_ seconds: Double) throws { try clock.advance(by: seconds) }

    /// The traced steps as "step(object)" strings.
    public var trace: [String] {
        events.compactMap { event in
            if case .trace(let step) = event { return "\(step.step.rawValue)(\(step.object))" }
            return nil
        }
    }

    public var diagnostics: [TransitionDiagnostic] {
        events.compactMap { event in
            if case .diagnostic(let diagnostic) = event { return diagnostic }
            return nil
        }
    }

    public func clearEvents() { events = [] }
}

/// An animator that moves the presented view in from the right over `duration`, and back out on
/// dismissal, completing when its animation ends.
@MainActor
public final class SlideAnimator: AnimatedTransitioning, NamedTransitionRole {
    public let duration: Double
    public let roleName = "slide"

    public init(duration: Double = 1) { self.duration = duration }

    public func transitionDuration(using context: TransitionContext?) throws -> Double { duration }

    public func animateTransition(using context: TransitionContext) throws {
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
public final class FixtureDelegate: TransitioningDelegate, NamedTransitionRole {
    public var animator: (any AnimatedTransitioning)?
    public var interaction: (any InteractiveTransitioning)?
    public var presentation: ((ViewController, ViewController?) -> PresentationController?)?
    public let roleName = "delegate"

    public init(
        animator: (any AnimatedTransitioning)? = nil, interaction: (any InteractiveTransitioning)? = nil,
        presentation: ((ViewController, ViewController?) -> PresentationController?)? = nil
    ) {
        self.animator = animator
        self.interaction = interaction
        self.presentation = presentation
    }

    public func animationController(
        forPresented presented: ViewController, presenting: ViewController, source: ViewController
    ) throws -> (any AnimatedTransitioning)? { animator }

    public func animationController(forDismissed dismissed: ViewController) throws -> (any AnimatedTransitioning)? {
        animator
    }

    public func interactionControllerForPresentation(using animator: any AnimatedTransitioning) throws
        -> (any InteractiveTransitioning)?
    { interaction }

    public func interactionControllerForDismissal(using animator: any AnimatedTransitioning) throws
        -> (any InteractiveTransitioning)?
    { interaction }

    public func presentationController(
        forPresented presented: ViewController, presenting: ViewController?, source: ViewController
    ) throws -> PresentationController? { presentation?(presented, presenting) }
}
