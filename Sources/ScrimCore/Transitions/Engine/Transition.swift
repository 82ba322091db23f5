/// One presentation, dismissal, push or pop, from the tick it begins to its completion handler:
/// runs the sequence (Docs/Transitions.md, "The sequence"; for a navigation controller
/// Docs/Containers.md, "NavigationController"), owns the roles (strongly, until it ends), the
/// context, the coordinator and the timeline its animations follow, and turns what the state
/// machine decides into effects. The members the navigation steps use
/// (`Transition+Navigation.swift`) are internal rather than private.
@MainActor
final class Transition {
    let id: Int
    let kind: TransitionKind
    /// The runner owns the transition while it is queued or running.
    unowned let runner: TransitionRunner
    /// Presentation: the view controller being presented. Dismissal: the top of the chain. Push
    /// or pop: the view controller that ends on top (`.to`).
    let presented: ViewController
    /// Presentation: the presenting view controller. Dismissal: the one that stays. Push or pop:
    /// the view controller on top before (`.from`).
    let presenting: ViewController
    /// The view controller `present` was called on.
    let source: ViewController
    let animated: Bool
    /// Dismissal: the presentations that end, from the top down (the top one is animated).
    private let dismissedChain: [Presentation]
    /// Push or pop: the navigation controller and its stacks.
    let navigation: NavigationChange?
    /// Tab switch: the tab bar controller, the tab it selects and whether a user selected it.
    let tabSwitch: TabSwitch?
    /// Push, pop or tab switch: the view the container inserts over its content for the animation.
    var navigationContainer: View?
    private var completion: ((Bool) -> Void)?

    private var delegate: (any TransitioningDelegate)?
    var animator: (any AnimatedTransitioning)?
    var interaction: (any InteractiveTransitioning)?
    private(set) var presentation: Presentation?
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

    /// A presentation.
    init(
        id: Int, runner: TransitionRunner, presenting: ViewController, presented: ViewController,
        source: ViewController, animated: Bool, completion: ((Bool) -> Void)?
    ) {
        self.id = id
        kind = .presentation
        self.runner = runner
        self.presented = presented
        self.presenting = presenting
        self.source = source
        self.animated = animated
        self.completion = completion
        dismissedChain = []
        navigation = nil
        tabSwitch = nil
    }

    /// A dismissal of `chain` (from the top down) back to `presenting`.
    init(
        id: Int, runner: TransitionRunner, dismissing chain: [Presentation], to presenting: ViewController,
        source: ViewController, animated: Bool, completion: ((Bool) -> Void)?
    ) {
        self.id = id
        kind = .dismissal
        self.runner = runner
        presented = chain[0].presented
        self.presenting = presenting
        self.source = source
        self.animated = animated
        self.completion = completion
        dismissedChain = chain
        navigation = nil
        tabSwitch = nil
    }

    /// A push or pop.
    init(id: Int, runner: TransitionRunner, navigation change: NavigationChange, animated: Bool, completion: ((Bool) -> Void)?) {
        self.id = id
        kind = change.operation == .push ? .push : .pop
        self.runner = runner
        presented = change.after[change.after.count - 1]
        presenting = change.before[change.before.count - 1]
        source = change.controller
        self.animated = animated
        self.completion = completion
        dismissedChain = []
        navigation = change
        tabSwitch = nil
    }

    /// A tab switch (animated when the delegate vends an animator, else at once).
    init(id: Int, runner: TransitionRunner, tabSwitch change: TabSwitch, completion: ((Bool) -> Void)?) {
        self.id = id
        kind = .tab
        self.runner = runner
        presented = change.to
        presenting = change.from
        source = change.controller
        animated = true
        self.completion = completion
        dismissedChain = []
        navigation = nil
        tabSwitch = change
    }

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

    /// Runs on the tick after the request.
    func begin() {
        switch kind {
        case .presentation: beginPresentation()
        case .dismissal: beginDismissal()
        case .push, .pop: beginNavigation()
        case .tab: beginTabSwitch()
        }
    }

    private func beginPresentation() {
        let window = runner.window
        let traits = window.traitCollection
        var style = PresentationStyleRules.adapted(presented.modalPresentationStyle, to: traits)
        delegate = presented.transitioningDelegate
        let controller: PresentationController
        var transitionStyle = presented.modalTransitionStyle
        // The controller whose adaptive delegate hears `willPresentWithAdaptiveStyle`, and the style.
        var adaptiveAnswer: (controller: PresentationController, style: ModalPresentationStyle)?
        var replacement: ViewController?
        do {
            try checkPlacement(of: presented, at: presenting)
            var custom: PresentationController?
            if presented.modalPresentationStyle == .popover, let popover = presented.popoverPresentationController {
                guard let sourceView = popover.sourceView, sourceView.window === window else {
                    throw RoleFailure(
                        role: .viewController, object: presented.id,
                        message: "the popover's source view \(popover.sourceView.map { "'\($0.id)' " } ?? "")is no longer in the window; the presentation does not begin")
                }
                let answer = try adaptiveStyle(of: popover, in: traits)
                popover.adaptiveStyle = answer == .popover ? .none : answer
                style = popover.isAdapted ? .overFullScreen : .popover
                if popover.isAdapted { replacement = try adaptiveReplacement(of: popover, for: answer) }
                if traits.horizontalSizeClass == .compact, popover.delegate != nil { adaptiveAnswer = (popover, answer) }
                custom = popover
            } else if let sheet = presented.sheetStorage, sheet.style == presented.modalPresentationStyle.resolved {
                // A sheet whose controller was made before presenting (for its adaptive delegate):
                // in compact width the delegate's answer (`.none`: stay a sheet) is the style.
                if traits.horizontalSizeClass == .compact {
                    let answer = try adaptiveStyle(of: sheet, in: traits)
                    style = answer == .none ? sheet.style : PresentationStyleRules.adapted(answer, to: traits)
                    if style == .custom || style == .popover { style = .fullScreen }
                    if answer != .none { replacement = try adaptiveReplacement(of: sheet, for: answer) }
                    if sheet.delegate != nil { adaptiveAnswer = (sheet, answer) }
                }
                sheet.style = style
                custom = sheet
            } else if style == .custom, let delegate {
                custom = try call(.delegate, delegate, .presentationControllerForPresented) {
                    try delegate.presentationController(forPresented: presented, presenting: presenting, source: source)
                }
                if let vended = custom, traits.horizontalSizeClass == .compact {
                    let answer = try adaptiveStyle(of: vended, in: traits)
                    if vended.delegate != nil { adaptiveAnswer = (vended, answer) }
                    if answer != .custom, answer != .none {
                        style = PresentationStyleRules.adapted(answer, to: traits)
                        replacement = try adaptiveReplacement(of: vended, for: answer)
                        custom = nil
                    }
                }
            }
            if style == .custom, custom == nil { style = .fullScreen }
            controller = custom ?? StylePresentationController(style: style, presented: presented, presenting: presenting)
            controller.adaptiveViewController = replacement
            transitionStyle = PresentationStyleRules.transitionStyle(presented: presented, presenting: presenting, style: style)
            try chooseAnimator(builtIn: transitionStyle) { delegate in
                try delegate.animationController(forPresented: presented, presenting: presenting, source: source)
            } interaction: { delegate, animator in
                try delegate.interactionControllerForPresentation(using: animator)
            }
        } catch let failure as RoleFailure {
            endBeforeStart(failure)
            return
        } catch {
            preconditionFailure("role calls throw RoleFailure")
        }

        // Step 4.
        let container = View(id: "\(presented.id).container", frame: PresentationStyleRules.containerFrame(
            style: style, presenting: presenting, in: window))
        container.clipsToBounds = style.usesCurrentContext
        window.addSubview(container)
        controller.containerView = container
        controller.presentingViewController = presenting
        controller.holdPresentedViewController()
        let presenterView = presenting.view
        let placement = presenterView.superview.map { superview in
            Presentation.Placement(superview: superview, index: superview.subviews.firstIndex { $0 === presenterView } ?? 0)
        }
        let record = Presentation(
            presented: presented, presenting: presenting, style: style, controller: controller,
            container: container, presenterPlacement: placement, transitionStyle: transitionStyle)
        presented.presentation = record
        presentation = record
        runner.add(record)

        let toView = record.presentedView
        let finalFrame = controller.frameOfPresentedViewInContainerView
        let frameIsValid = finalFrame.isFinite
        if frameIsValid {
            View.performWithoutAnimation {
                toView.frame = finalFrame
                (replacement ?? presented).layoutContent()
            }
        }
        let fromView = record.removesPresenterView ? presenterView : nil
        var views: [TransitionContext.Key: View] = [.to: toView]
        if let fromView { views[.from] = fromView }
        let context = TransitionContext(
            id: id, kind: .presentation, containerView: container, presentationStyle: style, isAnimated: animated,
            viewControllers: [.from: presenting, .to: presented], views: views,
            initialFrames: [ObjectIdentifier(presenting): presenterView.convert(presenterView.bounds, to: container)],
            finalFrames: frameIsValid ? [ObjectIdentifier(presented): finalFrame] : [:])
        start(context: context, from: presenting, to: presented)
        // Before the appearance callbacks, with the presentation's coordinator.
        if let (adaptive, answer) = adaptiveAnswer, let adaptiveDelegate = adaptive.delegate {
            do {
                try call(.delegate, adaptiveDelegate, nil) {
                    try adaptiveDelegate.presentationController(
                        adaptive, willPresentWithAdaptiveStyle: answer, transitionCoordinator: coordinator)
                }
            } catch let failure as RoleFailure {
                fault(role: failure.role, object: failure.object, message: failure.message)
                return
            } catch {
                preconditionFailure("role calls throw RoleFailure")
            }
        }
        if record.removesPresenterView { appearance(presenting, appearing: false) }
        if let replacement { appearance(replacement, appearing: true) }
        appearance(presented, appearing: true)
        if let message = controller.propertyFault {
            controller.propertyFault = nil
            fault(role: .presentationController, object: roleName(of: controller), message: message)
            return
        }
        guard frameIsValid else {
            fault(
                role: .presentationController, object: roleName(of: controller),
                message: "frameOfPresentedViewInContainerView returned \(finalFrame), which is not finite")
            return
        }
        runAnimations(willBegin: .presentationTransitionWillBegin) { try controller.presentationTransitionWillBegin() }
    }

    /// The style `controller` adapts to in a window with `traits`: in compact width the adaptive
    /// delegate's answer (its default: the controller's own), in regular width `.none`.
    private func adaptiveStyle(of controller: PresentationController, in traits: TraitCollection) throws -> ModalPresentationStyle {
        guard traits.horizontalSizeClass == .compact else { return .none }
        guard let adaptiveDelegate = controller.delegate else { return controller.adaptivePresentationStyle(for: traits) }
        return try call(.delegate, adaptiveDelegate, nil) {
            try adaptiveDelegate.adaptivePresentationStyle(for: controller, traitCollection: traits)
        }
    }

    /// The view controller the adaptive delegate shows instead of the presented one.
    private func adaptiveReplacement(of controller: PresentationController, for style: ModalPresentationStyle) throws -> ViewController? {
        guard let adaptiveDelegate = controller.delegate else { return nil }
        let made = try call(.delegate, adaptiveDelegate, nil) {
            try adaptiveDelegate.presentationController(controller, viewControllerForAdaptivePresentationStyle: style)
        }
        return made === presented ? nil : made
    }

    private func beginDismissal() {
        let top = dismissedChain[0]
        let bottom = dismissedChain[dismissedChain.count - 1]
        delegate = presented.transitioningDelegate
        do {
            try chooseAnimator(builtIn: top.transitionStyle) { delegate in
                try delegate.animationController(forDismissed: presented)
            } interaction: { delegate, animator in
                try delegate.interactionControllerForDismissal(using: animator)
            }
        } catch let failure as RoleFailure {
            endBeforeStart(failure)
            return
        } catch {
            preconditionFailure("role calls throw RoleFailure")
        }

        // Step 4.
        if bottom.removesPresenterView { bottom.restorePresenterView() }
        let fromView = top.presentedView
        let toView = bottom.removesPresenterView ? presenting.view : nil
        var views: [TransitionContext.Key: View] = [.from: fromView]
        if let toView { views[.to] = toView }
        let container = top.container
        let context = TransitionContext(
            id: id, kind: .dismissal, containerView: container, presentationStyle: top.style, isAnimated: animated,
            viewControllers: [.from: presented, .to: presenting], views: views,
            initialFrames: [ObjectIdentifier(presented): fromView.convert(fromView.bounds, to: container)],
            finalFrames: [ObjectIdentifier(presenting): presenting.view.convert(presenting.view.bounds, to: container)])
        start(context: context, from: presented, to: presenting)
        if let replacement = top.controller.adaptiveViewController { appearance(replacement, appearing: false) }
        appearance(presented, appearing: false)
        if bottom.removesPresenterView { appearance(presenting, appearing: true) }
        let controller = top.controller
        runAnimations(willBegin: .dismissalTransitionWillBegin) { try controller.dismissalTransitionWillBegin() }
    }

    /// Steps 2–3: the animator (or the built-in one) and the interaction controller.
    private func chooseAnimator(
        builtIn: ModalTransitionStyle,
        animator vend: (any TransitioningDelegate) throws -> (any AnimatedTransitioning)?,
        interaction vendInteraction: (any TransitioningDelegate, any AnimatedTransitioning) throws -> (any InteractiveTransitioning)?
    ) throws {
        guard animated else { return }
        if let delegate {
            let step: TransitionStep = kind == .presentation ? .animationControllerForPresented : .animationControllerForDismissed
            animator = try call(.delegate, delegate, step) { try vend(delegate) }
        }
        guard let animator else {
            self.animator = BuiltInAnimator.make(builtIn)
            return
        }
        if let delegate {
            let step: TransitionStep =
                kind == .presentation ? .interactionControllerForPresentation : .interactionControllerForDismissal
            interaction = try call(.delegate, delegate, step) { try vendInteraction(delegate, animator) }
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
        for viewController in involvedViewControllers { viewController.transitionCoordinator = coordinator }
        runner.emit(.began(
            transition: id, kind: kind, from: from.id, to: to.id,
            interactive: interaction?.wantsInteractiveStart ?? false))
    }

    /// Steps 5–8. With an animator, the transition's timeline exists from step 5, so what the
    /// presentation controller animates in `…TransitionWillBegin` belongs to the transition too.
    func runAnimations(willBegin step: TransitionStep?, _ willBegin: () throws -> Void) {
        guard let context, let coordinator else { return }
        isStarting = true
        let interaction = interaction?.wantsInteractiveStart == true ? interaction : nil
        if animated, animator != nil {
            timeline = engine.makeTimeline(paused: interaction != nil)
            engine.record(ofTimeline: timeline).onSettle = { [weak self] _ in self?.timelineSettled() }
        }
        do {
            if let step { try withTimeline { try call(.presentationController, controllerObject, step, willBegin) } }
            if !animated || animator == nil {
                // No animator (a tab switch the delegate animates not): the host puts the
                // presented view in its container itself.
                if kind == .presentation, let record = presentation, record.presentedView.superview !== record.container {
                    record.container.addSubview(record.presentedView)
                }
                _ = machine.start(at: engine.now, duration: 0, interactive: false)
                coordinator.start()
                trace(.completeTransition, "host", detail: "true")
                perform(machine.complete(true))
            } else if let animator {
                let duration = try call(.animator, animator, .transitionDuration) {
                    try animator.transitionDuration(using: context)
                }
                guard duration.isFinite, duration >= 0 else {
                    throw RoleFailure(
                        role: .animator, object: roleName(of: animator),
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
        } catch let failure as RoleFailure {
            isStarting = false
            // An end deferred by a completeTransition before the failure is not run as it was:
            // the fault ends the transition as cancelled instead.
            let endPending = deferredEnd != nil
            deferredEnd = nil
            faultObject = failure.object
            perform(machine.fault(role: failure.role, message: failure.message, endPending: endPending))
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

    /// Called by `PercentDrivenInteractiveTransition.startInteractiveTransition`: the animator's
    /// animations start paused (through its interruptible animator if it has one).
    func startPercentDrivenAnimations() throws {
        guard let animator, let context else { return }
        let offered = try engine.withTimeline(-1) {
            try call(.animator, animator, nil) { try animator.interruptibleAnimator(using: context) }
        }
        if let offered {
            guard offered.state != .stopped else {
                throw RoleFailure(
                    role: .animator, object: roleName(of: animator),
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
    func fault(role: TransitionRole, object: String, message: String) {
        faultObject = object
        perform(machine.fault(role: role, message: message))
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
            case .diagnose(let role, let message):
                runner.emit(.diagnostic(TransitionDiagnostic(
                    transition: id, role: role, object: faultObject ?? objectName(for: role), message: message)))
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
        if let controller = controllerObject {
            do {
                switch kind {
                case .presentation:
                    try call(.presentationController, controller, .presentationTransitionDidEnd) {
                        try controller.presentationTransitionDidEnd(completed)
                    }
                case .dismissal:
                    try call(.presentationController, controller, .dismissalTransitionDidEnd) {
                        try controller.dismissalTransitionDidEnd(completed)
                    }
                case .push, .pop, .tab:
                    break  // no presentation controller
                }
            } catch let failure as RoleFailure {
                // The transition is ending already: the fault is reported, the end goes on.
                runner.emit(.diagnostic(TransitionDiagnostic(
                    transition: id, role: failure.role, object: failure.object, message: failure.message)))
            } catch {
                preconditionFailure("role calls throw RoleFailure")
            }
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
        switch kind {
        case .presentation: finishPresentation(completed: completed)
        case .dismissal: finishDismissal(completed: completed)
        case .push, .pop: finishNavigation(completed: completed)
        case .tab: finishTabSwitch(completed: completed)
        }
        for viewController in involvedViewControllers where viewController.transitionCoordinator === coordinator {
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
        for viewController in involvedViewControllers where viewController.transitionCoordinator === coordinator {
            viewController.transitionCoordinator = nil
        }
    }

    /// Runs `body` with new animations joining this transition's timeline (while it has one).
    func withTimeline<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard timeline >= 0 else { return try body() }
        return try engine.withTimeline(timeline, body)
    }

    /// Step 13 of a presentation.
    private func finishPresentation(completed: Bool) {
        guard let record = presentation else { return }
        let replacement = record.controller.adaptiveViewController
        if completed {
            presenting.ownPresentedViewController = presented
            presented.ownPresentingViewController = presenting
            replacement?.ownPresentingViewController = presenting
            if record.removesPresenterView {
                presenting.view.removeFromSuperview()
            } else {
                record.restorePresenterView()
            }
            if let replacement { appearanceEnd(replacement) }
            appearanceEnd(presented)
            if record.removesPresenterView { appearanceEnd(presenting) }
        } else {
            record.presentedView.removeFromSuperview()
            record.container.removeFromSuperview()
            presented.presentation = nil
            runner.remove(record)
            record.controller.presentationDidEnd()
            record.restorePresenterView()
            if let replacement {
                appearance(replacement, appearing: false)
                appearanceEnd(replacement)
            }
            appearance(presented, appearing: false)
            appearanceEnd(presented)
            if record.removesPresenterView {
                appearance(presenting, appearing: true)
                appearanceEnd(presenting)
            }
        }
    }

    /// Step 13 of a dismissal.
    private func finishDismissal(completed: Bool) {
        let top = dismissedChain[0]
        let bottom = dismissedChain[dismissedChain.count - 1]
        if completed {
            let replacements = dismissedChain.map(\.controller.adaptiveViewController)
            for record in dismissedChain {
                record.presentedView.removeFromSuperview()
                record.container.removeFromSuperview()
                record.presented.presentation = nil
                runner.remove(record)
                record.presented.ownPresentingViewController = nil
                record.presenting.ownPresentedViewController = nil
                record.controller.adaptiveViewController?.ownPresentingViewController = nil
                record.controller.presentationDidEnd()
            }
            bottom.restorePresenterView()
            if let replacement = replacements[0] { appearanceEnd(replacement) }
            appearanceEnd(presented)
            for (record, replacement) in zip(dismissedChain, replacements).dropFirst() {
                for shown in [replacement, record.presented].compactMap({ $0 }) where shown.appearanceState != .disappeared {
                    appearance(shown, appearing: false)
                    appearanceEnd(shown)
                }
            }
            if bottom.removesPresenterView { appearanceEnd(presenting) }
        } else {
            if bottom.removesPresenterView { presenting.view.removeFromSuperview() }
            if top.presentedView.superview == nil { top.container.addSubview(top.presentedView) }
            let replacement = top.controller.adaptiveViewController
            if let replacement { appearance(replacement, appearing: true) }
            appearance(presented, appearing: true)
            if let replacement { appearanceEnd(replacement) }
            appearanceEnd(presented)
            if bottom.removesPresenterView {
                appearance(presenting, appearing: false)
                appearanceEnd(presenting)
            }
        }
    }

    /// Steps 1–3 failed: nothing has changed yet.
    func endBeforeStart(_ failure: RoleFailure) {
        hasRunEnd = true
        runner.emit(.diagnostic(TransitionDiagnostic(
            transition: id, role: failure.role, object: failure.object, message: failure.message)))
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

    private var controllerObject: PresentationController? {
        switch kind {
        case .presentation: presentation?.controller
        case .dismissal: dismissedChain.first?.controller
        case .push, .pop, .tab: nil
        }
    }

    private var involvedViewControllers: [ViewController] {
        [presented, presenting] + dismissedChain.dropFirst().map(\.presented) + (navigation.map { [$0.controller] } ?? [])
            + (tabSwitch.map { [$0.controller] } ?? [])
    }

    private func objectName(for role: TransitionRole) -> String {
        switch role {
        case .delegate:
            ((delegate as AnyObject?) ?? (navigation?.controller.delegate as AnyObject?)
                ?? (tabSwitch?.controller.delegate as AnyObject?)).map { roleName(of: $0) } ?? "delegate"
        case .animator: animator.map { roleName(of: $0) } ?? "animator"
        case .interactionController: interaction.map { roleName(of: $0) } ?? "interaction controller"
        case .presentationController: controllerObject.map { roleName(of: $0) } ?? "presentation controller"
        case .viewController: presented.id
        case .segue: "segue"
        case .host: "host"
        }
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

    /// Calls a role, tracing `step` first; whatever it throws becomes a `RoleFailure` naming it.
    func call<Result>(
        _ role: TransitionRole, _ object: AnyObject?, _ step: TransitionStep?, _ body: () throws -> Result
    ) throws -> Result {
        let name = object.map { roleName(of: $0) } ?? role.rawValue
        if let step { trace(step, name) }
        do {
            return try body()
        } catch let failure as RoleFailure {
            throw failure
        } catch {
            throw RoleFailure(role: role, object: name, message: "\(step?.rawValue ?? "call") threw: \(error)")
        }
    }
}

/// A role failed: which, and how.
struct RoleFailure: Error {
    let role: TransitionRole
    let object: String
    let message: String
}
