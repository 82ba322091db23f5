/// One transition — a presentation, dismissal, push, pop or tab switch — from the tick it begins
/// to its completion handler: the shared driver of the sequence (Docs/Transitions.md, "The
/// sequence"; for the containers Docs/Containers.md). It owns the roles (strongly, until it ends),
/// the context, the coordinator and the timeline its animations follow, runs steps 5–14, and turns
/// what the state machine decides into effects. What differs by kind — the state, how it begins,
/// how it finishes — is its `plan` (`TransitionPlan`); the members the plans use are internal
/// rather than private.
@MainActor
final class Transition {
    let id: Int
    /// The runner owns the transition while it is queued or running.
    unowned let runner: TransitionRunner
    private let plan: any TransitionPlan
    private var completion: ((Bool) -> Void)?

    /// The transitioning delegate of a presentation or dismissal (set when it begins).
    var delegate: (any TransitioningDelegate)?
    var animator: (any AnimatedTransitioning)?
    var interaction: (any InteractiveTransitioning)?
    private(set) var context: TransitionContext?
    private(set) var coordinator: TransitionCoordinator?
    private(set) var interruptibleAnimator: PropertyAnimator?
    var machine = TransitionStateMachine()
    private var timeline: Int32 = -1
    /// True while steps 5–8 run: an end requested meanwhile waits for step 8.
    private var isStarting = false
    private var deferredEnd: Bool?
    private var hasRunEnd = false
    /// The object named by the next diagnostic of a fault reported from outside.
    private var faultObject: String?

    private var engine: AnimationEngine { runner.window.engine }

    init(id: Int, runner: TransitionRunner, plan: any TransitionPlan, completion: ((Bool) -> Void)?) {
        self.id = id
        self.runner = runner
        self.plan = plan
        self.completion = completion
    }

    var kind: TransitionKind { plan.kind }
    /// The view controller that ends on top when the transition completes (see `TransitionPlan`).
    var presented: ViewController { plan.presented }
    /// The view controller on top when the transition began (see `TransitionPlan`).
    var presenting: ViewController { plan.presenting }
    var animated: Bool { plan.animated }

    // MARK: State for the context and coordinator

    var percentComplete: Double {
        switch machine.phase {
        case .preparing: return 0
        case .interactive(let percent): return percent
        case .completed, .aborting: return machine.wasCancelled ? 0 : 1
        default:
            guard machine.duration > 0, timeline >= 0 else { return 1 }
            return min(max(engine.time(ofTimeline: timeline) / machine.duration, 0), 1)
        }
    }

    /// The transition time left before the end (for alongside animations started late).
    var remainingDuration: Double {
        guard timeline >= 0 else { return machine.duration }
        return machine.duration - engine.time(ofTimeline: timeline)
    }

    var completionSpeed: Double { interaction?.completionSpeed ?? 1 }
    var completionCurve: AnimationCurve { interaction?.completionCurve ?? .easeInOut }

    private var completionTiming: TimingParameters {
        (interaction as? PercentDrivenInteractiveTransition)?.timingCurve ?? .curve(completionCurve)
    }

    // MARK: Beginning (steps 1–8)

    /// Runs on the tick after the request: the plan runs steps 1–4 and starts the animations.
    func begin() {
        plan.begin(self)
    }

    /// Runs a kind's steps 1–3 (`steps`): when a role fails, the transition ends before it started
    /// and this returns nil.
    func prepare<Result>(_ steps: () throws -> Result) -> Result? {
        do {
            return try steps()
        } catch let failure as RoleFailure {
            endBeforeStart(failure)
            return nil
        } catch {
            preconditionFailure("role calls throw RoleFailure")
        }
    }

    /// Steps 2–3 of a presentation or dismissal: the transitioning delegate's animator (or the
    /// built-in one) and its interaction controller, traced as `steps`.
    func chooseAnimator(
        builtIn: ModalTransitionStyle, steps: (animator: TransitionStep, interaction: TransitionStep),
        animator vend: (any TransitioningDelegate) throws -> (any AnimatedTransitioning)?,
        interaction vendInteraction: (any TransitioningDelegate, any AnimatedTransitioning) throws -> (any InteractiveTransitioning)?
    ) throws {
        guard animated else { return }
        if let delegate {
            animator = try call(.delegate, delegate, steps.animator) { try vend(delegate) }
        }
        guard let animator else {
            self.animator = BuiltInAnimator.make(builtIn)
            return
        }
        if let delegate {
            interaction = try call(.delegate, delegate, steps.interaction) { try vendInteraction(delegate, animator) }
        }
    }

    /// The rest of step 4: the context, the coordinator, and the view controllers' links to it.
    func start(context: TransitionContext, from: ViewController, to: ViewController) {
        context.transition = self
        context.runner = runner
        context.animatorName = animator.map { roleName(of: $0) } ?? "host"
        self.context = context
        let coordinator = TransitionCoordinator(transition: self, context: context)
        self.coordinator = coordinator
        for viewController in plan.involvedViewControllers { viewController.transitionCoordinator = coordinator }
        runner.emit(.began(
            transition: id, kind: kind, from: from.id, to: to.id,
            interactive: interaction?.wantsInteractiveStart ?? false))
    }

    /// Steps 5–8. With an animator, the transition's timeline exists from step 5, so what the
    /// presentation controller animates in `…TransitionWillBegin` belongs to the transition too.
    /// With none, `placeWithoutAnimator` puts the views where the animator would have.
    func runAnimations(
        willBegin step: TransitionStep?, _ willBegin: () throws -> Void, placeWithoutAnimator: () -> Void = {}
    ) {
        guard let context, let coordinator else { return }
        isStarting = true
        let interaction = interaction?.wantsInteractiveStart == true ? interaction : nil
        if animated, animator != nil {
            timeline = engine.makeTimeline(paused: interaction != nil)
            engine.record(ofTimeline: timeline).onSettle = { [weak self] _ in self?.timelineSettled() }
        }
        do {
            if let step { try withTimeline { try call(.presentationController, plan.presentationController, step, willBegin) } }
            if !animated || animator == nil {
                // No animator (a tab switch the delegate animates not): the host puts the
                // presented view in its container itself.
                placeWithoutAnimator()
                _ = machine.start(at: engine.now, duration: 0, interactive: false)
                coordinator.start()
                trace(.completeTransition, "host", detail: "true")
                perform(machine.complete(true))
            } else if let animator {
                try start(animator, interaction: interaction, context: context, coordinator: coordinator)
            }
        } catch let failure as RoleFailure {
            isStarting = false
            // An end deferred by a completeTransition before the failure is not run as it was:
            // the fault ends the transition as cancelled instead.
            let endPending = deferredEnd != nil
            deferredEnd = nil
            faultObject = failure.object
            perform(machine.fault(role: failure.role, method: failure.method, message: failure.message, endPending: endPending))
            faultObject = nil
            return
        } catch {
            preconditionFailure("role calls throw RoleFailure")
        }
        isStarting = false
        if let completed = deferredEnd {
            deferredEnd = nil
            runEnd(completed: completed)
        }
    }

    /// Steps 6–8 with an animator: its duration starts the machine, then the interaction
    /// controller (an interactive start) or the animator starts on the timeline, then the
    /// coordinator.
    private func start(
        _ animator: any AnimatedTransitioning, interaction: (any InteractiveTransitioning)?, context: TransitionContext,
        coordinator: TransitionCoordinator
    ) throws {
        let duration = try call(.animator, animator, .transitionDuration) {
            try animator.transitionDuration(using: context)
        }
        guard duration.isFinite, duration >= 0 else {
            throw RoleFailure(
                role: .animator, object: roleName(of: animator), method: "transitionDuration",
                message: "transitionDuration returned \(duration.isNaN ? "NaN" : "\(duration)"); it must be a finite number of seconds ≥ 0")
        }
        perform(machine.start(at: engine.now, duration: duration, interactive: interaction != nil))
        try withTimeline {
            if let interaction {
                try call(.interactionController, interaction, .startInteractiveTransition) {
                    try interaction.startInteractiveTransition(context)
                }
            } else {
                try call(.animator, animator, .animateTransition) { try animator.animateTransition(using: context) }
            }
            coordinator.start()
        }
    }

    /// Called by `PercentDrivenInteractiveTransition.startInteractiveTransition`: the animator's
    /// animations start paused (through its interruptible animator if it has one).
    func startPercentDrivenAnimations() throws {
        guard let animator, let context else { return }
        let offered = try engine.withTimeline(-1) {
            try call(.animator, animator, nil, method: "interruptibleAnimator") { try animator.interruptibleAnimator(using: context) }
        }
        if let offered {
            guard offered.state != .stopped else {
                throw RoleFailure(
                    role: .animator, object: roleName(of: animator), method: "interruptibleAnimator",
                    message: "interruptibleAnimator returned a stopped property animator; it must be inactive or active")
            }
            interruptibleAnimator = offered
            offered.pauseAnimation()
            return
        }
        try call(.animator, animator, .animateTransition) { try animator.animateTransition(using: context) }
    }

    // MARK: Events

    func completeTransition(_ didComplete: Bool) {
        if !machine.hasEnded {
            trace(.completeTransition, animator.map { roleName(of: $0) } ?? "host", detail: String(didComplete))
        }
        perform(machine.complete(didComplete))
    }

    func updateInteraction(_ percent: Double) { perform(machine.update(percent, at: engine.now)) }

    func finishInteraction() {
        perform(machine.finish(at: engine.now, speed: completionSpeed, timing: completionTiming))
    }

    func cancelInteraction() {
        perform(machine.cancel(at: engine.now, speed: completionSpeed, timing: completionTiming))
    }

    func pauseInteraction() {
        perform(machine.pause(at: engine.now, percent: percentComplete))
    }

    /// A fault reported by a role (a throw, a script error): the transition ends as cancelled.
    func fault(role: TransitionRole, object: String, method: String? = nil, message: String) {
        faultObject = object
        perform(machine.fault(role: role, method: method, message: message))
        faultObject = nil
    }

    /// The watchdog, at the start of every tick.
    func tick(at now: Double) {
        perform(machine.tick(at: now, animatorName: animator.map { roleName(of: $0) } ?? "host"))
    }

    private func timelineSettled() {
        perform(machine.timelineSettled(atStart: machine.phase == .cancelling))
    }

    // MARK: Effects

    private func perform(_ actions: [TransitionStateMachine.Action]) {
        for action in actions {
            switch action {
            case .pauseTimeline(let time):
                if timeline >= 0 { engine.pauseTimeline(timeline, at: time) }
                if let driven = interruptibleAnimator, driven.state == .active {
                    if driven.isRunning { driven.pauseAnimation() }
                    driven.fractionComplete = machine.duration > 0 ? time / machine.duration : 1
                }
            case .easeTimeline(let target, let duration, let timing, let runsOn):
                let resolved = (try? timing.resolved(duration: duration)) ?? .bezier(.easeInOut)
                if timeline >= 0 {
                    engine.easeTimeline(timeline, to: target, duration: duration, timing: resolved, runsOn: runsOn)
                }
                if let driven = interruptibleAnimator, driven.state == .active {
                    driven.isReversed = !runsOn
                    try? driven.continueAnimation(withTimingParameters: timing, durationFactor: 1 / completionSpeedFactor)
                }
            case .cancelAnimations:
                if timeline >= 0 { engine.cancelTimeline(timeline) }
                if let driven = interruptibleAnimator, driven.state == .active {
                    driven.stopAnimation(false)
                    driven.finishAnimation(at: .start)
                }
            case .end(let completed):
                if isStarting {
                    deferredEnd = completed
                } else {
                    runEnd(completed: completed)
                }
            case .diagnose(let role, let method, let message):
                runner.emit(.diagnostic(TransitionDiagnostic(
                    transition: id, role: role, object: faultObject ?? objectName(for: role), method: method, message: message)))
            case .interactionChanged:
                coordinator?.interactionChanged()
            }
        }
    }

    private var completionSpeedFactor: Double {
        completionSpeed.isFinite && completionSpeed > 0 ? completionSpeed : 1
    }

    // MARK: The end (steps 10–14)

    private func runEnd(completed: Bool) {
        guard !hasRunEnd else { return }
        hasRunEnd = true
        // Whatever still runs on the timeline of a cancelled transition goes back to its start
        // (a fault before the animator started leaves the presentation controller's animations).
        if !completed, timeline >= 0 { engine.cancelTimeline(timeline) }
        do {
            try plan.endPresentationController(self, completed: completed)
        } catch let failure as RoleFailure {
            // The transition is ending already: the fault is reported, the end goes on.
            report(failure)
        } catch {
            preconditionFailure("role calls throw RoleFailure")
        }
        coordinator?.finish { trace(.alongsideCompletion, "coordinator") }
        if let animator {
            trace(.animationEnded, roleName(of: animator), detail: String(completed))
            animator.animationEnded(completed)
        }
        // From here the window is free: a completion handler or `viewDidAppear` may present or
        // dismiss again (that transition begins on the next tick).
        context?.freeze(cancelled: !completed)
        runner.release(self)
        plan.finish(self, completed: completed)
        for viewController in plan.involvedViewControllers where viewController.transitionCoordinator === coordinator {
            viewController.transitionCoordinator = nil
        }
        if timeline >= 0 {
            engine.releaseTimeline(timeline)
            timeline = -1
        }
        trace(.completion, presented.id, detail: String(completed))
        let handler = completion
        completion = nil
        handler?(completed)
        runner.transitionDidEnd(self, completed: completed)
    }

    /// The window went away while this transition ran: it will never end, so the view controllers
    /// involved let go of its coordinator now (the coordinator holds the context, which holds
    /// them). No role code runs and nothing is reported.
    func abandon() {
        guard let coordinator else { return }
        for viewController in plan.involvedViewControllers where viewController.transitionCoordinator === coordinator {
            viewController.transitionCoordinator = nil
        }
    }

    /// Runs `body` with new animations joining this transition's timeline (while it has one).
    func withTimeline<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard timeline >= 0 else { return try body() }
        return try engine.withTimeline(timeline, body)
    }

    /// Steps 1–3 failed: nothing has changed yet.
    func endBeforeStart(_ failure: RoleFailure) {
        hasRunEnd = true
        report(failure)
        trace(.completion, presented.id, detail: "false")
        let handler = completion
        completion = nil
        handler?(false)
        runner.transitionDidEnd(self, completed: false)
    }

    // MARK: Helpers

    /// What `present` or a push checked when it was asked still holds now it begins: `placed` is
    /// still free to go to `destination` (meanwhile it may have become a split's secondary, or
    /// a child). Else the transition does not begin: the graph stays a tree.
    func checkPlacement(of placed: ViewController, at destination: ViewController) throws {
        do throws(TransitionError) {
            guard let refusal = try placed.placementRefusal(at: destination) else { return }
            throw refusal
        } catch {
            throw RoleFailure(role: .viewController, object: placed.id, message: "\(error); the \(kind.rawValue) does not begin")
        }
    }

    /// Step 4 of a container's transition (push, pop, tab switch): a view over the container's
    /// content (`ID.transition`) with the from view in it, the to view at the content frame (the
    /// animator adds it), the context and coordinator, then `viewWillDisappear` (from) and
    /// `viewWillAppear` (to). Returns the view it inserted, for `endInContainer`.
    func startInContainer(of owner: ViewController) -> View {
        let content = owner.view
        let container = View(id: "\(owner.id).transition", frame: content.bounds)
        content.addSubview(container)
        let fromView = presenting.view
        let toView = presented.view
        container.addSubview(fromView)
        let frame = container.bounds
        View.performWithoutAnimation {
            fromView.frame = frame
            toView.frame = frame
        }
        let context = TransitionContext(
            id: id, kind: kind, containerView: container, presentationStyle: .fullScreen, isAnimated: animated,
            viewControllers: [.from: presenting, .to: presented], views: [.from: fromView, .to: toView],
            initialFrames: [ObjectIdentifier(presenting): frame], finalFrames: [ObjectIdentifier(presented): frame])
        start(context: context, from: presenting, to: presented)
        appearance(presenting, appearing: false)
        appearance(presented, appearing: true)
        return container
    }

    /// Step 10 of a container's transition: the view shown (to when completed, else from) fills
    /// the container's view, the other leaves the window, `container` (the view
    /// `startInContainer` inserted) goes; then the change is committed (`commit`) and the
    /// appearance callbacks end, or it is undone (`keep`) and they are reversed.
    func endInContainer(
        of owner: ViewController, removing container: View?, completed: Bool, commit: () -> Void, keep: () -> Void
    ) {
        let content = owner.view
        let shown = completed ? presented : presenting
        let hidden = completed ? presenting : presented
        content.insertSubview(shown.view, at: 0)
        View.performWithoutAnimation { shown.view.frame = content.bounds }
        hidden.view.removeFromSuperview()
        container?.removeFromSuperview()
        if completed {
            commit()
            appearanceEnd(presenting)
            appearanceEnd(presented)
        } else {
            keep()
            appearance(presented, appearing: false)
            appearanceEnd(presented)
            appearance(presenting, appearing: true)
            appearanceEnd(presenting)
        }
    }

    private func objectName(for role: TransitionRole) -> String {
        switch role {
        case .delegate:
            ((delegate as AnyObject?) ?? plan.containerDelegate).map { roleName(of: $0) } ?? "delegate"
        case .animator: animator.map { roleName(of: $0) } ?? "animator"
        case .interactionController: interaction.map { roleName(of: $0) } ?? "interaction controller"
        case .presentationController: plan.presentationController.map { roleName(of: $0) } ?? "presentation controller"
        case .viewController: presented.id
        case .segue: "segue"
        case .host: "host"
        }
    }

    /// Reports a role's failure that does not change how the transition ends.
    func report(_ failure: RoleFailure) {
        runner.emit(.diagnostic(TransitionDiagnostic(
            transition: id, role: failure.role, object: failure.object, method: failure.method, message: failure.message)))
    }

    func trace(_ step: TransitionStep, _ object: String, detail: String? = nil) {
        runner.emit(.trace(TransitionTraceEvent(transition: id, step: step, object: object, detail: detail)))
    }

    /// Begins `viewController`'s appearance transition, tracing its callback and those it
    /// forwards to the children a container shows.
    func appearance(_ viewController: ViewController, appearing: Bool) {
        viewController.beginAppearanceTransition(appearing, animated: animated) { [self] called in
            trace(appearing ? .viewWillAppear : .viewWillDisappear, called.id)
        }
    }

    /// Ends `viewController`'s appearance transition, tracing its callback and the forwarded ones.
    func appearanceEnd(_ viewController: ViewController) {
        let appearing = viewController.appearanceState == .appearing
        viewController.endAppearanceTransition(animated: animated) { [self] called in
            trace(appearing ? .viewDidAppear : .viewDidDisappear, called.id)
        }
    }

    /// Calls a role, tracing `step` first; whatever it throws becomes a `RoleFailure` naming it and
    /// the method called (`method`, by default the step's name).
    func call<Result>(
        _ role: TransitionRole, _ object: AnyObject?, _ step: TransitionStep?, method: String? = nil,
        _ body: () throws -> Result
    ) throws -> Result {
        let name = object.map { roleName(of: $0) } ?? role.rawValue
        if let step { trace(step, name) }
        do {
            return try body()
        } catch let failure as RoleFailure {
            throw failure
        } catch {
            let method = method ?? step?.rawValue
            throw RoleFailure(role: role, object: name, method: method, message: "\(method ?? "call") threw: \(error)")
        }
    }
}

/// A role failed: which, and how.
struct RoleFailure: Error {
    let role: TransitionRole
    let object: String
    /// The role method that failed, if the failure is about one.
    var method: String? = nil
    let message: String
}
