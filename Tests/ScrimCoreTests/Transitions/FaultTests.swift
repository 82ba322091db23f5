import Testing
@testable import ScrimCore
import ScrimTestSupport

/// Faults are contained (Docs/Transitions.md, "Faults"); the no-animator and unanimated paths
/// ("Built-in animations", "The non-animated path") and overlapping requests
/// ("Presenting and dismissing") of the same page.
@MainActor @Suite struct FaultTests {
    /// Collects completion flags and other events in order.
    @MainActor final class Log {
        var entries: [String] = []
        func add(_ entry: String) { entries.append(entry) }
    }

    /// "role 'object': message" for each diagnostic.
    func diagnosticLines(_ f: TransitionFixture) -> [String] {
        f.diagnostics.map { "\($0.role.rawValue) '\($0.object)': \($0.message)" }
    }

    /// The id of every `.ended` event.
    func endedIDs(_ f: TransitionFixture) -> [Int] {
        f.events.compactMap { event in
            if case .ended(let id, _) = event { return id }
            return nil
        }
    }

    /// Expects that `presented` took no part in the window any more and that the window is as
    /// `before`.
    func expectUntouched(
        _ f: TransitionFixture, _ presented: ViewController, before: [IXViewState],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(ixTree(f.window) == before, sourceLocation: sourceLocation)
        #expect(f.root.presentedViewController == nil, sourceLocation: sourceLocation)
        #expect(presented.presentingViewController == nil, sourceLocation: sourceLocation)
        #expect(presented.presentationController == nil, sourceLocation: sourceLocation)
        #expect(presented.transitionCoordinator == nil, sourceLocation: sourceLocation)
        #expect(f.root.transitionCoordinator == nil, sourceLocation: sourceLocation)
        #expect(f.root.appearanceState == .appeared, sourceLocation: sourceLocation)
        #expect(presented.appearanceState == .disappeared, sourceLocation: sourceLocation)
        #expect(!f.window.isTransitioning, sourceLocation: sourceLocation)
        #expect(f.window.transitionContexts.isEmpty, sourceLocation: sourceLocation)
        #expect(f.engine.runningTrackCount == 0, sourceLocation: sourceLocation)
    }

    /// Presents another view controller without animation: the window is not stuck.
    func expectWindowIsUsable(_ f: TransitionFixture, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let other = ViewController(id: "other")
        other.modalPresentationStyle = .overFullScreen
        var completed: Bool?
        try f.root.present(other, animated: false) { completed = $0 }
        try f.advance(ixFrame)
        #expect(completed == true, sourceLocation: sourceLocation)
        #expect(f.root.presentedViewController === other, sourceLocation: sourceLocation)
    }

    // MARK: The watchdog

    @Test func anInteractiveTransitionLeftWithoutAnUpdateFor30SecondsIsCancelled() throws {
        let f = try TransitionFixture()
        let before = ixTree(f.window)
        let interaction = PercentDrivenInteractiveTransition()
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        details.transitioningDelegate = FixtureDelegate(animator: SlideAnimator(), interaction: interaction)
        var completions: [Bool] = []
        try f.root.present(details, animated: true) { completions.append($0) }
        try f.advance(ixFrame)
        interaction.update(0.5)
        let updatedAt = f.engine.now
        try f.advance(29.9)
        #expect(completions.isEmpty)
        #expect(isApprox(details.view.presentation.frame.minX, 195, tolerance: 1e-9))
        #expect(f.diagnostics.isEmpty)
        try f.advance(0.2)
        #expect(f.engine.now - updatedAt > 30)
        #expect(completions == [false])
        #expect(diagnosticLines(f) == [
            "interactionController 'PercentDrivenInteractiveTransition': the interactive transition (animator 'slide') was left without an update for 30 s after startInteractiveTransition; the host cancelled it"
        ])
        #expect(f.diagnostics.first?.method == "startInteractiveTransition")
        #expect(f.diagnostics.first?.transition == endedIDs(f).first)
        // The animator's completion (finished, cancelled) called completeTransition late: ignored silently.
        #expect(!f.trace.contains("completeTransition(slide)"))
        #expect(Array(f.trace.suffix(7)) == [
            "presentationTransitionDidEnd(StylePresentationController)", "animationEnded(slide)",
            "viewWillDisappear(details)", "viewDidDisappear(details)", "viewWillAppear(root)", "viewDidAppear(root)",
            "completion(details)",
        ])
        expectUntouched(f, details, before: before)
        #expect(ixEnded(f) == [false])
        try expectWindowIsUsable(f)
    }

    @Test func updatesKeepAnInteractiveTransitionAlive() throws {
        let f = try TransitionFixture()
        let interaction = PercentDrivenInteractiveTransition()
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        details.transitioningDelegate = FixtureDelegate(animator: SlideAnimator(), interaction: interaction)
        var completions: [Bool] = []
        try f.root.present(details, animated: true) { completions.append($0) }
        try f.advance(ixFrame)
        try f.advance(20)
        interaction.update(0.25)
        try f.advance(20)
        interaction.update(0.5)
        try f.advance(29.9)
        #expect(completions.isEmpty)
        #expect(f.diagnostics.isEmpty)
        interaction.finish()
        try f.advance(0.51)
        #expect(completions == [true])
        #expect(f.diagnostics.isEmpty)
    }

    @Test func afterFinishAnAnimatorThatNeverCompletesIsCancelledAfterTheRestPlusTwoSeconds() throws {
        let f = try TransitionFixture()
        let before = ixTree(f.window)
        let silent = ScriptedAnimator("silent", duration: 1) { _, context in
            let view = context.view(forKey: .to)!
            context.containerView.addSubview(view)
            try View.animate(withDuration: 1, animations: { f.root.view.alpha = 0.5 })
        }
        let interaction = PercentDrivenInteractiveTransition()
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .overFullScreen
        details.transitioningDelegate = FixtureDelegate(animator: silent, interaction: interaction)
        var completions: [Bool] = []
        try f.root.present(details, animated: true) { completions.append($0) }
        try f.advance(ixFrame)
        interaction.update(0.5)
        interaction.finish()
        // The rest takes 0.5 s; the animator has 2 s more to call completeTransition.
        try f.advance(2.45)
        #expect(completions.isEmpty)
        #expect(f.root.view.presentation.alpha == 0.5)
        try f.advance(0.1)
        #expect(completions == [false])
        #expect(diagnosticLines(f) == [
            "animator 'silent': 'silent' did not call completeTransition within its duration (1 s) + 2 s; the host cancelled the transition"
        ])
        #expect(f.diagnostics.first?.method == "animateTransition")
        #expect(silent.ended == [false])
        expectUntouched(f, details, before: before)
    }

    // MARK: completeTransition twice

    @Test func aSecondCompleteTransitionInTheSameCompletionIsIgnoredWithADiagnostic() throws {
        let f = try TransitionFixture()
        let animator = ScriptedAnimator("double", duration: 0.5) { _, context in
            let view = context.view(forKey: .to)!
            context.containerView.addSubview(view)
            try View.animate(withDuration: 0.5, animations: { view.alpha = 0.9 }) { _ in
                context.completeTransition(true)
                context.completeTransition(true)
            }
        }
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        details.transitioningDelegate = FixtureDelegate(animator: animator)
        var completions: [Bool] = []
        try f.root.present(details, animated: true) { completions.append($0) }
        try f.advance(0.52)
        #expect(completions == [true])
        #expect(f.trace.filter { $0.hasPrefix("completeTransition") } == ["completeTransition(double)"])
        #expect(diagnosticLines(f) == [
            "animator 'double': completeTransition was called a second time; the call was ignored"
        ])
        #expect(f.diagnostics.last?.method == "animateTransition")
        #expect(f.root.presentedViewController === details)
        #expect(details.view.superview?.id == "details.container")
        #expect(animator.ended == [true])
        #expect(ixEnded(f) == [true])
    }

    @Test(arguments: [true, false])
    func aLateSecondCompleteTransitionIsIgnoredWithADiagnostic(_ secondArgument: Bool) throws {
        let f = try TransitionFixture()
        var kept: TransitionContext?
        let animator = ScriptedAnimator("double", duration: 0.5) { _, context in
            kept = context
            let view = context.view(forKey: .to)!
            context.containerView.addSubview(view)
            try View.animate(withDuration: 0.5, animations: { view.alpha = 0.9 }) { _ in
                context.completeTransition(true)
            }
        }
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        details.transitioningDelegate = FixtureDelegate(animator: animator)
        var completions: [Bool] = []
        try f.root.present(details, animated: true) { completions.append($0) }
        try f.advance(0.52)
        #expect(completions == [true])
        let tree = ixTree(f.window)
        try f.advance(ixFrame)
        let context = try #require(kept)
        context.completeTransition(secondArgument)
        try f.advance(ixFrame)
        #expect(completions == [true])
        #expect(diagnosticLines(f) == [
            "animator 'double': completeTransition was called a second time; the call was ignored"
        ])
        #expect(!context.transitionWasCancelled)
        #expect(ixTree(f.window) == tree)
        #expect(f.root.presentedViewController === details)
        #expect(ixEnded(f) == [true])
    }

    // MARK: Roles that throw

    enum FailingStep: String, CaseIterable, Sendable, CustomStringConvertible {
        case animationController, interactionController, presentationController
        case presentationTransitionWillBegin, transitionDuration, animateTransition, startInteractiveTransition

        var description: String { rawValue }

        /// The diagnostic, as "role 'object': message".
        var diagnostic: String {
            switch self {
            case .animationController:
                "delegate 'scripted-delegate': animationControllerForPresented threw: boom"
            case .interactionController:
                "delegate 'scripted-delegate': interactionControllerForPresentation threw: boom"
            case .presentationController:
                "delegate 'scripted-delegate': presentationControllerForPresented threw: boom"
            case .presentationTransitionWillBegin:
                "presentationController 'scripted-presentation': presentationTransitionWillBegin threw: boom"
            case .transitionDuration:
                "animator 'scripted': transitionDuration threw: boom"
            case .animateTransition:
                "animator 'scripted': animateTransition threw: boom"
            case .startInteractiveTransition:
                "interactionController 'scripted-interaction': startInteractiveTransition threw: boom"
            }
        }

        /// The role method the diagnostic is about (`TransitionDiagnostic.method`).
        var method: String {
            switch self {
            case .animationController: "animationControllerForPresented"
            case .interactionController: "interactionControllerForPresentation"
            case .presentationController: "presentationControllerForPresented"
            default: rawValue
            }
        }

        /// Whether the failure comes before step 4 (no context, no appearance callbacks).
        var failsBeforeTheContext: Bool {
            self == .animationController || self == .interactionController || self == .presentationController
        }

        /// The whole trace when the failure comes before step 4.
        var earlyTrace: [String] {
            switch self {
            case .presentationController:
                ["presentationControllerForPresented(scripted-delegate)", "completion(details)"]
            case .animationController:
                [
                    "presentationControllerForPresented(scripted-delegate)",
                    "animationControllerForPresented(scripted-delegate)", "completion(details)",
                ]
            case .interactionController:
                [
                    "presentationControllerForPresented(scripted-delegate)",
                    "animationControllerForPresented(scripted-delegate)",
                    "interactionControllerForPresentation(scripted-delegate)", "completion(details)",
                ]
            default: []
            }
        }
    }

    /// A custom presentation whose roles throw at `step`. The animator slides the presented view in
    /// and fades the presenting view; the presentation controller adds a dimming view and rounds
    /// the presenting view through the coordinator.
    func failingPresentation(
        _ f: TransitionFixture, at step: FailingStep
    ) -> (ViewController, ScriptedAnimator, Log) {
        let log = Log()
        let boom = ScriptedError(description: "boom")
        let root = f.root.view
        let animator = ScriptedAnimator("scripted", duration: 1) { animator, context in
            let view = context.view(forKey: .to)!
            let final = context.finalFrame(for: context.viewController(forKey: .to)!)
            context.containerView.addSubview(view)
            View.performWithoutAnimation { view.frame = final.offsetBy(dx: 390, dy: 0) }
            try View.animate(withDuration: 1, options: .curveLinear, animations: {
                view.frame = final
                root.alpha = 0.5
                root.transform = .scale(0.9, 0.9)
            }) { [unowned animator] finished in
                animator.finishedFlags.append(finished)
                // Late: the host ended the transition already; ignored silently.
                context.completeTransition(!context.transitionWasCancelled)
            }
            if step == .animateTransition { throw boom }
        }
        animator.duration = { _ in
            if step == .transitionDuration { throw boom }
            return 1
        }
        let interaction = ScriptedInteraction()
        if step == .startInteractiveTransition { interaction.startError = boom }
        let delegate = ScriptedDelegate(
            animator: animator,
            interaction: step == .interactionController || step == .startInteractiveTransition ? interaction : nil
        ) { presented, presenting in
            let controller = ScriptedPresentationController(presentedViewController: presented, presenting: presenting)
            controller.frame = { size in Rect(x: 20, y: 100, width: size.width - 40, height: 500) }
            controller.willBegin = { controller in
                let dim = View(id: "dim", frame: controller.containerView!.bounds)
                dim.alpha = 0
                controller.containerView!.insertSubview(dim, at: 0)
                controller.presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
                    dim.alpha = 0.4
                    root.cornerRadius = 12
                })
                if step == .presentationTransitionWillBegin { throw boom }
            }
            controller.didEnd = { _, completed in log.add("didEnd(\(completed))") }
            return controller
        }
        switch step {
        case .animationController: delegate.throwing = .animationControllerForPresented
        case .interactionController: delegate.throwing = .interactionControllerForPresentation
        case .presentationController: delegate.throwing = .presentationControllerForPresented
        default: break
        }
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .custom
        details.transitioningDelegate = delegate
        return (details, animator, log)
    }

    @Test(arguments: FailingStep.allCases)
    func aThrowingRoleEndsThePresentationCancelledWithTheWindowAsBefore(_ step: FailingStep) throws {
        let f = try TransitionFixture()
        f.root.view.backgroundColor = .white
        let before = ixTree(f.window)
        let (details, animator, log) = failingPresentation(f, at: step)
        var completions: [Bool] = []
        try f.root.present(details, animated: true) { completions.append($0) }
        #expect(completions.isEmpty)
        try f.advance(ixFrame)
        #expect(completions == [false])
        #expect(diagnosticLines(f) == [step.diagnostic])
        #expect(f.diagnostics.first?.method == step.method)
        #expect(f.diagnostics.first?.transition != nil)
        #expect(f.diagnostics.first?.transition == endedIDs(f).first)
        #expect(ixEnded(f) == [false])
        expectUntouched(f, details, before: before)
        #expect(f.root.view.alpha == 1)
        #expect(f.root.view.presentation.alpha == 1)
        #expect(f.root.view.transform == .identity)
        #expect(f.root.view.presentation.transform == .identity)
        #expect(f.root.view.cornerRadius == 0)
        #expect(f.root.view.presentation.cornerRadius == 0)
        #expect(details.view.superview == nil)
        #expect(!f.trace.contains("viewDidAppear(details)"))
        #expect(f.trace.last == "completion(details)")
        if step.failsBeforeTheContext {
            #expect(f.trace == step.earlyTrace)
            #expect(!details.isViewLoaded || details.view.superview == nil)
            #expect(animator.ended.isEmpty)
            #expect(log.entries.isEmpty)
        } else {
            // The appearance callbacks are balanced: the reverse pair ran.
            #expect(f.trace.contains("viewWillAppear(details)"))
            #expect(f.trace.contains("viewWillDisappear(details)"))
            #expect(f.trace.contains("viewDidDisappear(details)"))
            #expect(animator.ended == [false])
            #expect(log.entries == ["didEnd(false)"])
        }
        #expect(f.trace.contains("animateTransition(scripted)") == (step == .animateTransition))
        #expect(animator.finishedFlags == (step == .animateTransition ? [true] : []))
        #expect(!f.trace.contains("completeTransition(scripted)"))

        // Nothing more happens later, and the window can present again.
        try f.advance(5)
        #expect(completions == [false])
        #expect(f.diagnostics.count == 1)
        try expectWindowIsUsable(f)
    }

    @Test func anAlongsideAnimationSettingANonFiniteValueEndsTheTransitionCancelled() throws {
        let f = try TransitionFixture()
        let root = f.root.view
        let before = ixTree(f.window)
        let animator = ScriptedAnimator.slide()
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .custom
        details.transitioningDelegate = ScriptedDelegate(animator: animator) { presented, presenting in
            let controller = ScriptedPresentationController(presentedViewController: presented, presenting: presenting)
            controller.willBegin = { controller in
                controller.presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
                    root.alpha = 0.5
                    root.cornerRadius = .nan
                })
            }
            return controller
        }
        var completions: [Bool] = []
        try f.root.present(details, animated: true) { completions.append($0) }
        try f.advance(ixFrame)
        #expect(completions == [false])
        #expect(f.diagnostics.count == 1)
        #expect(f.diagnostics.first?.role == .presentationController)
        #expect(f.diagnostics.first?.object == "alongside animation")
        #expect(f.diagnostics.first?.message.hasPrefix("an alongside animation failed: ") == true)
        // The animator's slide (started in the same step) was put back as well.
        #expect(animator.finishedFlags == [true])
        #expect(animator.ended == [false])
        #expect(root.alpha == 1)
        #expect(root.presentation.alpha == 1)
        #expect(root.cornerRadius == 0)
        expectUntouched(f, details, before: before)
        try expectWindowIsUsable(f)
    }

    @Test func aThrowingPresentationTransitionDidEndIsReportedAndTheEndIsConsistent() throws {
        let f = try TransitionFixture()
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .custom
        details.transitioningDelegate = ScriptedDelegate(animator: ScriptedAnimator.slide(duration: 0.5)) {
            presented, presenting in
            let controller = ScriptedPresentationController(presentedViewController: presented, presenting: presenting)
            controller.didEnd = { _, _ in throw ScriptedError(description: "boom") }
            return controller
        }
        var completions: [Bool] = []
        try f.root.present(details, animated: true) { completions.append($0) }
        try f.advance(ixFrame)
        try f.advance(0.51)
        #expect(completions.count == 1)
        #expect(diagnosticLines(f) == [
            "presentationController 'scripted-presentation': presentationTransitionDidEnd threw: boom"
        ])
        #expect(f.trace.last == "completion(details)")
        #expect(!f.window.isTransitioning)
        // Never half-changed: presented in full, or not at all.
        if completions.first == true {
            #expect(f.root.presentedViewController === details)
            #expect(details.view.superview?.id == "details.container")
            #expect(details.appearanceState == .appeared)
        } else {
            #expect(f.root.presentedViewController == nil)
            #expect(details.view.superview == nil)
            #expect(f.window.subviews.map(\.id) == ["root"])
            #expect(details.appearanceState == .disappeared)
        }
    }

    @Test func aThrowingDismissalWillBeginLeavesThePresentationInPlace() throws {
        let f = try TransitionFixture()
        // Weak: it holds `details`, which holds the delegate and so the closure below (the
        // presentation keeps it).
        weak var controller: ScriptedPresentationController?
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .custom
        details.transitioningDelegate = ScriptedDelegate(animator: ScriptedAnimator.slide()) { presented, presenting in
            let made = ScriptedPresentationController(presentedViewController: presented, presenting: presenting)
            made.frame = { _ in Rect(x: 0, y: 200, width: 390, height: 644) }
            made.dismissalWillBegin = { _ in throw ScriptedError(description: "no dismissal today") }
            controller = made
            return made
        }
        try f.root.present(details, animated: false)
        try f.advance(ixFrame)
        #expect(f.root.presentedViewController === details)
        // The host put the presented view in its container at its frame.
        #expect(details.view.superview?.id == "details.container")
        f.clearEvents()
        let before = ixTree(f.window)

        var completions: [Bool] = []
        try details.dismiss(animated: true) { completions.append($0) }
        try f.advance(ixFrame)
        #expect(completions == [false])
        #expect(diagnosticLines(f) == [
            "presentationController 'scripted-presentation': dismissalTransitionWillBegin threw: no dismissal today"
        ])
        #expect(ixTree(f.window) == before)
        #expect(f.root.presentedViewController === details)
        #expect(details.presentingViewController === f.root)
        #expect(details.appearanceState == .appeared)
        #expect(f.root.appearanceState == .appeared)
        #expect(controller?.calls.suffix(2) == ["dismissalTransitionWillBegin", "dismissalTransitionDidEnd(false)"])
        #expect(!f.trace.contains("transitionDuration(scripted)"))
        #expect(f.trace.last == "completion(details)")
        #expect(!f.window.isTransitioning)
    }

    @Test func aThrowingDismissalAnimationControllerChangesNothing() throws {
        let f = try TransitionFixture()
        let delegate = ScriptedDelegate(animator: ScriptedAnimator.slide())
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        details.transitioningDelegate = delegate
        try f.root.present(details, animated: false)
        try f.advance(ixFrame)
        f.clearEvents()
        let before = ixTree(f.window)
        delegate.throwing = .animationControllerForDismissed
        var completions: [Bool] = []
        try details.dismiss(animated: true) { completions.append($0) }
        try f.advance(ixFrame)
        #expect(completions == [false])
        #expect(f.trace == ["animationControllerForDismissed(scripted-delegate)", "completion(details)"])
        #expect(diagnosticLines(f) == ["delegate 'scripted-delegate': animationControllerForDismissed threw: boom"])
        #expect(ixTree(f.window) == before)
        #expect(f.root.presentedViewController === details)
        #expect(f.root.view.superview == nil)
        #expect(details.appearanceState == .appeared)
        #expect(f.root.appearanceState == .disappeared)
    }

    // MARK: Values a role must not return

    @Test(arguments: [
        (Double.nan, "NaN"), (-Double.nan, "NaN"), (-1.0, "-1.0"), (Double.infinity, "inf"), (-Double.infinity, "-inf"),
    ])
    func anInvalidTransitionDurationIsAFaultNamingTheValue(_ duration: Double, _ text: String) throws {
        let f = try TransitionFixture()
        let before = ixTree(f.window)
        let animator = ScriptedAnimator.slide()
        animator.duration = { _ in duration }
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        details.transitioningDelegate = FixtureDelegate(animator: animator)
        var completions: [Bool] = []
        try f.root.present(details, animated: true) { completions.append($0) }
        try f.advance(ixFrame)
        #expect(completions == [false])
        #expect(diagnosticLines(f) == [
            "animator 'scripted': transitionDuration returned \(text); it must be a finite number of seconds ≥ 0"
        ])
        #expect(f.diagnostics.first?.method == "transitionDuration")
        #expect(f.trace.contains("transitionDuration(scripted)"))
        #expect(!f.trace.contains("animateTransition(scripted)"))
        #expect(animator.animateCalls == 0)
        #expect(animator.ended == [false])
        expectUntouched(f, details, before: before)
    }

    @Test func aZeroTransitionDurationIsValid() throws {
        let f = try TransitionFixture()
        let animator = ScriptedAnimator("instant", duration: 0) { _, context in
            context.containerView.addSubview(context.view(forKey: .to)!)
            context.completeTransition(true)
        }
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        details.transitioningDelegate = FixtureDelegate(animator: animator)
        var completions: [Bool] = []
        try f.root.present(details, animated: true) { completions.append($0) }
        try f.advance(ixFrame)
        #expect(completions == [true])
        #expect(f.diagnostics.isEmpty)
        #expect(f.root.presentedViewController === details)
    }

    @Test(arguments: [
        Rect(x: .nan, y: 0, width: 100, height: 100), Rect(x: 0, y: 0, width: .infinity, height: 100),
        Rect(x: 0, y: 10, width: 100, height: -.infinity),
    ])
    func aPresentationControllerReturningANonFiniteFrameIsAFault(_ frame: Rect) throws {
        let f = try TransitionFixture()
        let before = ixTree(f.window)
        let animator = ScriptedAnimator.slide()
        var controller: ScriptedPresentationController?
        let details = ViewController(id: "details")
        // The closure below keeps `controller`, which holds `details`, which holds the delegate.
        defer { details.transitioningDelegate = nil }
        details.modalPresentationStyle = .custom
        details.transitioningDelegate = ScriptedDelegate(animator: animator) { presented, presenting in
            let made = ScriptedPresentationController(presentedViewController: presented, presenting: presenting)
            made.frame = { _ in frame }
            controller = made
            return made
        }
        var completions: [Bool] = []
        try f.root.present(details, animated: true) { completions.append($0) }
        try f.advance(ixFrame)
        #expect(completions == [false])
        #expect(diagnosticLines(f) == [
            "presentationController 'scripted-presentation': frameOfPresentedViewInContainerView returned \(frame), which is not finite"
        ])
        #expect(f.diagnostics.first?.method == "frameOfPresentedViewInContainerView")
        #expect(f.diagnostics.first?.role == .presentationController)
        #expect(controller?.calls.contains("presentationTransitionWillBegin") == false)
        #expect(!f.trace.contains("transitionDuration(scripted)"))
        #expect(!f.trace.contains("animateTransition(scripted)"))
        // The view never got the non-finite frame.
        #expect(details.view.frame.isFinite)
        #expect(details.view.presentation.frame.isFinite)
        expectUntouched(f, details, before: before)
    }

    // MARK: reportFault

    @Test func reportFaultFromAnAnimationCompletionEndsTheTransitionCancelled() throws {
        let f = try TransitionFixture()
        let before = ixTree(f.window)
        let root = f.root.view
        let animator = ScriptedAnimator("faulty", duration: 0.5) { _, context in
            let view = context.view(forKey: .to)!
            context.containerView.addSubview(view)
            try View.animate(withDuration: 0.5, animations: {
                root.alpha = 0.3
                root.cornerRadius = 16
            }) { _ in
                context.reportFault(
                    role: .animator, object: "faulty.lua", message: "faulty.lua:12: attempt to index a nil value (field 'view')")
                #expect(context.transitionWasCancelled)
                // Too late: the host ended the transition; ignored silently.
                context.completeTransition(true)
            }
        }
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .overFullScreen
        details.transitioningDelegate = FixtureDelegate(animator: animator)
        var completions: [Bool] = []
        try f.root.present(details, animated: true) { completions.append($0) }
        try f.advance(ixFrame)
        try f.advance(0.4)
        #expect(completions.isEmpty)
        #expect(root.presentation.alpha < 1)
        try f.advance(0.11)
        #expect(completions == [false])
        #expect(diagnosticLines(f) == [
            "animator 'faulty.lua': faulty.lua:12: attempt to index a nil value (field 'view')"
        ])
        #expect(!f.trace.contains("completeTransition(faulty)"))
        #expect(animator.ended == [false])
        #expect(root.alpha == 1)
        #expect(root.presentation.alpha == 1)
        #expect(root.cornerRadius == 0)
        #expect(root.presentation.cornerRadius == 0)
        expectUntouched(f, details, before: before)
        try expectWindowIsUsable(f)
    }

    // MARK: No animator, no animation

    @Test func withoutAnAnimatorTheBuiltInCoverVerticalRuns() throws {
        let f = try TransitionFixture()
        let interaction = PercentDrivenInteractiveTransition()
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        details.transitioningDelegate = FixtureDelegate(animator: nil, interaction: interaction)
        #expect(details.modalTransitionStyle == .coverVertical)
        var completions: [Bool] = []
        try f.root.present(details, animated: true) { completions.append($0) }
        try f.advance(ixFrame)
        #expect(f.trace == [
            "animationControllerForPresented(delegate)", "viewWillDisappear(root)", "viewWillAppear(details)",
            "presentationTransitionWillBegin(StylePresentationController)", "transitionDuration(CoverVerticalAnimator)",
            "animateTransition(CoverVerticalAnimator)",
        ])
        #expect(ixBeganInteractive(f) == [false])
        #expect(interaction.context == nil)
        let shown = Rect(x: 0, y: 0, width: 390, height: 844)
        #expect(details.view.frame == shown)
        // Timeline 0: below the container.
        #expect(details.view.presentation.frame == shown.offsetBy(dx: 0, dy: 844))
        try f.advance(0.25)
        let quarter = 844 * (1 - CubicBezier.easeOut.progress(at: 0.5))
        #expect(isApprox(details.view.presentation.frame, shown.offsetBy(dx: 0, dy: quarter), tolerance: 1e-6))
        try f.advance(0.25)
        #expect(isApprox(details.view.presentation.frame, shown, tolerance: 1e-6))
        try f.advance(0.01)
        #expect(completions == [true])
        #expect(details.view.presentation.frame == shown)
        #expect(Array(f.trace.dropFirst(6)) == [
            "completeTransition(CoverVerticalAnimator)", "presentationTransitionDidEnd(StylePresentationController)",
            "animationEnded(CoverVerticalAnimator)", "viewDidAppear(details)", "viewDidDisappear(root)",
            "completion(details)",
        ])
        #expect(f.diagnostics.isEmpty)
    }

    @Test func anUnanimatedPresentationAndDismissalApplyTheEndStateOnTheNextTick() throws {
        let f = try TransitionFixture()
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        var completions: [Bool] = []
        try f.root.present(details, animated: false) { completions.append($0) }
        #expect(completions.isEmpty)
        #expect(f.trace.isEmpty)
        #expect(f.window.subviews.map(\.id) == ["root"])
        try f.advance(ixFrame)
        #expect(completions == [true])
        #expect(f.trace == [
            "viewWillDisappear(root)", "viewWillAppear(details)",
            "presentationTransitionWillBegin(StylePresentationController)", "completeTransition(host)",
            "presentationTransitionDidEnd(StylePresentationController)", "viewDidAppear(details)",
            "viewDidDisappear(root)", "completion(details)",
        ])
        #expect(f.window.subviews.map(\.id) == ["details.container"])
        #expect(details.view.superview?.id == "details.container")
        #expect(details.view.frame == f.window.bounds)
        #expect(details.view.presentation.frame == f.window.bounds)
        #expect(!ixIsAnimating(details.view))
        #expect(f.root.presentedViewController === details)
        #expect(ixBeganInteractive(f) == [false])

        f.clearEvents()
        try details.dismiss(animated: false) { completions.append($0) }
        try f.advance(ixFrame)
        #expect(completions == [true, true])
        #expect(f.trace == [
            "viewWillDisappear(details)", "viewWillAppear(root)",
            "dismissalTransitionWillBegin(StylePresentationController)", "completeTransition(host)",
            "dismissalTransitionDidEnd(StylePresentationController)", "viewDidDisappear(details)",
            "viewDidAppear(root)", "completion(details)",
        ])
        #expect(f.window.subviews.map(\.id) == ["root"])
        #expect(f.root.presentedViewController == nil)
        #expect(f.diagnostics.isEmpty)
    }

    @Test func anUnanimatedPresentationNeverAsksTheAnimator() throws {
        let f = try TransitionFixture()
        let animator = ScriptedAnimator.slide()
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        details.transitioningDelegate = FixtureDelegate(animator: animator, interaction: PercentDrivenInteractiveTransition())
        var completions: [Bool] = []
        try f.root.present(details, animated: false) { completions.append($0) }
        try f.advance(ixFrame)
        #expect(completions == [true])
        #expect(f.trace.contains("completeTransition(host)"))
        #expect(!f.trace.contains { $0.hasPrefix("transitionDuration") || $0.hasPrefix("animateTransition") })
        #expect(!f.trace.contains { $0.hasPrefix("startInteractiveTransition") || $0.hasPrefix("animationEnded") })
        #expect(animator.animateCalls == 0)
        #expect(animator.ended.isEmpty)
        #expect(details.view.superview?.id == "details.container")
        #expect(details.view.presentation.frame == f.window.bounds)
    }

    // MARK: Overlapping requests

    @Test func presentWhileAnotherIsQueuedOrRunningThrowsAndChangesNothing() throws {
        let f = try TransitionFixture()
        let log = Log()
        let a = ViewController(id: "a")
        a.modalPresentationStyle = .fullScreen
        a.transitioningDelegate = FixtureDelegate(animator: SlideAnimator())
        let b = ViewController(id: "b")
        b.modalPresentationStyle = .overFullScreen
        try f.root.present(a, animated: true) { log.add("a:\($0)") }
        let queued = ixTree(f.window)

        // While queued.
        #expect(throws: TransitionError.transitionInProgress(viewController: "b")) {
            try f.root.present(b, animated: true) { log.add("b:\($0)") }
        }
        #expect(log.entries == ["b:false"])
        #expect(ixTree(f.window) == queued)
        #expect(f.events.isEmpty)
        #expect(!b.isViewLoaded)

        // While running.
        try f.advance(ixFrame)
        let running = ixTree(f.window)
        #expect(throws: TransitionError.transitionInProgress(viewController: "b")) {
            try f.root.present(b, animated: false) { log.add("b:\($0)") }
        }
        // From the view controller being presented, too.
        #expect(throws: TransitionError.transitionInProgress(viewController: "b")) {
            try a.present(b, animated: true) { log.add("b:\($0)") }
        }
        #expect(log.entries == ["b:false", "b:false", "b:false"])
        #expect(ixTree(f.window) == running)
        #expect(b.presentingViewController == nil)
        #expect(b.transitionCoordinator == nil)
        #expect(b.presentationController == nil)

        // The running transition is not disturbed.
        try f.advance(0.5)
        #expect(isApprox(a.view.presentation.frame.minX, 195, tolerance: 1e-9))
        try f.advance(0.51)
        #expect(log.entries == ["b:false", "b:false", "b:false", "a:true"])
        #expect(f.root.presentedViewController === a)
        #expect(!f.trace.contains { $0.contains("(b)") })
        #expect(ixEnded(f) == [true])
        #expect(f.diagnostics.isEmpty)

        // Once it ended, b can be presented (from the top of the chain).
        try a.present(b, animated: false) { log.add("b:\($0)") }
        try f.advance(ixFrame)
        #expect(log.entries.last == "b:true")
        #expect(a.presentedViewController === b)
    }

    @Test func dismissWhileAnotherIsQueuedOrRunningThrowsAndChangesNothing() throws {
        let f = try TransitionFixture()
        let log = Log()
        let a = ViewController(id: "a")
        a.modalPresentationStyle = .fullScreen
        a.transitioningDelegate = FixtureDelegate(animator: SlideAnimator())
        try f.root.present(a, animated: false)
        try f.advance(ixFrame)
        f.clearEvents()

        try a.dismiss(animated: true) { log.add("first:\($0)") }
        let queued = ixTree(f.window)
        #expect(throws: TransitionError.transitionInProgress(viewController: "a")) {
            try a.dismiss(animated: true) { log.add("second:\($0)") }
        }
        #expect(throws: TransitionError.transitionInProgress(viewController: "root")) {
            try f.root.dismiss(animated: false) { log.add("third:\($0)") }
        }
        let b = ViewController(id: "b")
        #expect(throws: TransitionError.transitionInProgress(viewController: "b")) {
            try a.present(b, animated: true) { log.add("b:\($0)") }
        }
        #expect(log.entries == ["second:false", "third:false", "b:false"])
        #expect(ixTree(f.window) == queued)
        #expect(f.events.isEmpty)

        try f.advance(ixFrame)
        let running = ixTree(f.window)
        #expect(throws: TransitionError.transitionInProgress(viewController: "a")) {
            try a.dismiss(animated: false) { log.add("fourth:\($0)") }
        }
        #expect(ixTree(f.window) == running)
        try f.advance(1.01)
        #expect(log.entries == ["second:false", "third:false", "b:false", "fourth:false", "first:true"])
        #expect(f.root.presentedViewController == nil)
        #expect(f.window.subviews.map(\.id) == ["root"])
        #expect(ixEnded(f) == [true])
        #expect(f.trace.filter { $0.hasPrefix("completion") } == ["completion(a)"])
        #expect(f.diagnostics.isEmpty)
    }
}
