import Testing
@testable import ScrimCore
import ScrimTestSupport

/// Interactive transitions (Docs/Transitions.md, "The sequence",
/// "Interaction and cancellation"): the call order of interactive presentations and dismissals,
/// the percent-driven interaction controller, completion speed and curves, cancel restoring every
/// touched property, the interruptible-animator path and the coordinator.
@MainActor @Suite struct InteractionTests {
    /// The window's width: `SlideAnimator` and `ScriptedAnimator.slide` start the presented view
    /// this far to the right.
    let width = 390.0

    /// The steps of an interactive presentation up to the start of its animations.
    static let interactivePresentationStart = [
        "animationControllerForPresented(delegate)", "interactionControllerForPresentation(delegate)",
        "viewWillDisappear(root)", "viewWillAppear(details)",
        "presentationTransitionWillBegin(StylePresentationController)", "transitionDuration(slide)",
        "startInteractiveTransition(PercentDrivenInteractiveTransition)", "animateTransition(slide)",
    ]

    /// The steps of an interactive dismissal up to the start of its animations.
    static let interactiveDismissalStart = [
        "animationControllerForDismissed(delegate)", "interactionControllerForDismissal(delegate)",
        "viewWillDisappear(details)", "viewWillAppear(root)",
        "dismissalTransitionWillBegin(StylePresentationController)", "transitionDuration(slide)",
        "startInteractiveTransition(PercentDrivenInteractiveTransition)", "animateTransition(slide)",
    ]

    /// Completion flags, collected by reference from completion handlers.
    @MainActor final class Completions {
        var values: [Bool] = []
        func add(_ value: Bool) { values.append(value) }
    }

    /// Presents a full-screen `details` with `SlideAnimator` (1 s, linear) and `interaction`,
    /// and runs the first tick: the transition has begun, paused at 0.
    func beginInteractivePresentation(
        _ f: TransitionFixture, _ interaction: PercentDrivenInteractiveTransition, duration: Double = 1
    ) throws -> (ViewController, Completions) {
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        details.transitioningDelegate = FixtureDelegate(animator: SlideAnimator(duration: duration), interaction: interaction)
        let completions = Completions()
        try f.root.present(details, animated: true) { completions.add($0) }
        try f.advance(ixFrame)
        return (details, completions)
    }

    /// Presents a full-screen `details` without animation, then begins an interactive dismissal.
    func beginInteractiveDismissal(
        _ f: TransitionFixture, _ interaction: PercentDrivenInteractiveTransition
    ) throws -> (ViewController, Completions, before: [IXViewState]) {
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        details.transitioningDelegate = FixtureDelegate(animator: SlideAnimator(), interaction: interaction)
        try f.root.present(details, animated: false)
        try f.advance(ixFrame)
        #expect(f.root.presentedViewController === details)
        f.clearEvents()
        let before = ixTree(f.window)
        let completions = Completions()
        try details.dismiss(animated: true) { completions.add($0) }
        try f.advance(ixFrame)
        return (details, completions, before)
    }

    /// The presented view's on-screen x for transition progress `p` of a slide from the right.
    func slideX(_ p: Double) -> Double { width * (1 - p) }

    // MARK: The call order

    @Test func anInteractivePresentationThatFinishes() throws {
        let f = try TransitionFixture()
        let interaction = PercentDrivenInteractiveTransition()
        let (details, completions) = try beginInteractivePresentation(f, interaction)
        #expect(f.trace == Self.interactivePresentationStart)
        #expect(ixBeganInteractive(f) == [true])
        #expect(interaction.percentComplete == 0)
        #expect(interaction.duration == 1)
        #expect(details.view.presentation.frame.minX == width)
        #expect(details.view.frame.minX == 0)

        // Time stands still while interactive.
        try f.advance(2)
        #expect(details.view.presentation.frame.minX == width)
        #expect(completions.values.isEmpty)

        interaction.update(0.25)
        #expect(interaction.percentComplete == 0.25)
        #expect(isApprox(details.view.presentation.frame.minX, slideX(0.25), tolerance: 1e-9))
        try f.advance(1)
        #expect(isApprox(details.view.presentation.frame.minX, slideX(0.25), tolerance: 1e-9))
        interaction.update(0.5)
        #expect(isApprox(details.view.presentation.frame.minX, slideX(0.5), tolerance: 1e-9))
        interaction.finish()
        #expect(f.trace == Self.interactivePresentationStart)

        // (1 − 0.5) × 1 s / 1 = 0.5 s.
        try f.advance(0.49)
        #expect(completions.values.isEmpty)
        #expect(details.view.presentation.frame.minX > 0)
        try f.advance(0.02)
        #expect(completions.values == [true])
        #expect(Array(f.trace.dropFirst(Self.interactivePresentationStart.count)) == [
            "completeTransition(slide)", "presentationTransitionDidEnd(StylePresentationController)",
            "animationEnded(slide)", "viewDidAppear(details)", "viewDidDisappear(root)", "completion(details)",
        ])
        #expect(details.view.frame == f.window.bounds)
        #expect(details.view.presentation.frame == f.window.bounds)
        #expect(f.root.presentedViewController === details)
        #expect(details.presentingViewController === f.root)
        #expect(f.root.view.superview == nil)
        #expect(f.window.subviews.map(\.id) == ["details.container"])
        #expect(details.transitionCoordinator == nil)
        #expect(f.root.transitionCoordinator == nil)
        #expect(ixEnded(f) == [true])
        #expect(f.diagnostics.isEmpty)
    }

    @Test func anInteractivePresentationThatIsCancelledCallsTheReverseAppearancePair() throws {
        let f = try TransitionFixture()
        let before = ixTree(f.window)
        let interaction = PercentDrivenInteractiveTransition()
        let (details, completions) = try beginInteractivePresentation(f, interaction)
        interaction.update(0.5)
        interaction.cancel()
        try f.advance(0.25)
        #expect(completions.values.isEmpty)
        // Running back: further from the end than at the cancel.
        #expect(details.view.presentation.frame.minX > slideX(0.5))
        try f.advance(0.24)
        #expect(completions.values.isEmpty)
        try f.advance(0.02)
        #expect(completions.values == [false])
        #expect(Array(f.trace.dropFirst(Self.interactivePresentationStart.count)) == [
            "completeTransition(slide)", "presentationTransitionDidEnd(StylePresentationController)",
            "animationEnded(slide)",
            "viewWillDisappear(details)", "viewDidDisappear(details)", "viewWillAppear(root)", "viewDidAppear(root)",
            "completion(details)",
        ])
        #expect(ixTree(f.window) == before)
        #expect(f.root.presentedViewController == nil)
        #expect(details.presentingViewController == nil)
        #expect(details.presentationController == nil)
        #expect(details.view.superview == nil)
        #expect(f.root.appearanceState == .appeared)
        #expect(details.appearanceState == .disappeared)
        #expect(details.transitionCoordinator == nil)
        #expect(f.root.transitionCoordinator == nil)
        #expect(!f.window.isTransitioning)
        #expect(ixEnded(f) == [false])
        #expect(f.diagnostics.isEmpty)

        // The window is free: the same view controller can be presented again.
        let again = Completions()
        try f.root.present(details, animated: false) { again.add($0) }
        try f.advance(ixFrame)
        #expect(again.values == [true])
        #expect(f.root.presentedViewController === details)
    }

    @Test func anInteractiveDismissalThatFinishes() throws {
        let f = try TransitionFixture()
        let interaction = PercentDrivenInteractiveTransition()
        let (details, completions, _) = try beginInteractiveDismissal(f, interaction)
        #expect(f.trace == Self.interactiveDismissalStart)
        #expect(ixBeganInteractive(f) == [true])
        #expect(f.root.view.superview === f.window)
        #expect(details.view.presentation.frame.minX == 0)
        interaction.update(0.75)
        #expect(isApprox(details.view.presentation.frame.minX, width * 0.75, tolerance: 1e-9))
        interaction.finish()
        try f.advance(0.24)
        #expect(completions.values.isEmpty)
        try f.advance(0.02)
        #expect(completions.values == [true])
        #expect(Array(f.trace.dropFirst(Self.interactiveDismissalStart.count)) == [
            "completeTransition(slide)", "dismissalTransitionDidEnd(StylePresentationController)",
            "animationEnded(slide)", "viewDidDisappear(details)", "viewDidAppear(root)", "completion(details)",
        ])
        #expect(f.window.subviews.map(\.id) == ["root"])
        #expect(f.root.presentedViewController == nil)
        #expect(details.presentingViewController == nil)
        #expect(details.view.superview == nil)
        #expect(f.diagnostics.isEmpty)
    }

    @Test func anInteractiveDismissalThatIsCancelledPutsEverythingBack() throws {
        let f = try TransitionFixture()
        let interaction = PercentDrivenInteractiveTransition()
        let (details, completions, before) = try beginInteractiveDismissal(f, interaction)
        interaction.update(0.75)
        interaction.cancel()
        try f.advance(0.74)
        #expect(completions.values.isEmpty)
        try f.advance(0.02)
        #expect(completions.values == [false])
        #expect(Array(f.trace.dropFirst(Self.interactiveDismissalStart.count)) == [
            "completeTransition(slide)", "dismissalTransitionDidEnd(StylePresentationController)",
            "animationEnded(slide)",
            "viewWillAppear(details)", "viewDidAppear(details)", "viewWillDisappear(root)", "viewDidDisappear(root)",
            "completion(details)",
        ])
        #expect(ixTree(f.window) == before)
        #expect(f.window.subviews.map(\.id) == ["details.container"])
        #expect(f.root.view.superview == nil)
        #expect(f.root.presentedViewController === details)
        #expect(details.presentingViewController === f.root)
        #expect(details.appearanceState == .appeared)
        #expect(f.root.appearanceState == .disappeared)
        #expect(f.diagnostics.isEmpty)

        // Still presented: it can be dismissed for real.
        let again = Completions()
        try details.dismiss(animated: false) { again.add($0) }
        try f.advance(ixFrame)
        #expect(again.values == [true])
        #expect(f.window.subviews.map(\.id) == ["root"])
    }

    @Test func anInteractionControllerThatDoesNotWantAnInteractiveStartRunsTheAnimator() throws {
        let f = try TransitionFixture()
        let interaction = PercentDrivenInteractiveTransition()
        interaction.wantsInteractiveStart = false
        let (details, completions) = try beginInteractivePresentation(f, interaction)
        #expect(f.trace == [
            "animationControllerForPresented(delegate)", "interactionControllerForPresentation(delegate)",
            "viewWillDisappear(root)", "viewWillAppear(details)",
            "presentationTransitionWillBegin(StylePresentationController)", "transitionDuration(slide)",
            "animateTransition(slide)",
        ])
        #expect(ixBeganInteractive(f) == [false])
        let coordinator = try #require(details.transitionCoordinator)
        #expect(!coordinator.isInteractive)
        #expect(!coordinator.initiallyInteractive)
        try f.advance(0.5)
        #expect(isApprox(details.view.presentation.frame.minX, slideX(0.5), tolerance: 1e-9))
        try f.advance(0.51)
        #expect(completions.values == [true])
    }

    // MARK: The percent-driven interaction

    @Test func pauseWhileFinishingMakesItInteractiveAgainAtTheCurrentPercent() throws {
        let f = try TransitionFixture()
        let interaction = PercentDrivenInteractiveTransition()
        let (details, completions) = try beginInteractivePresentation(f, interaction)
        let context = try #require(interaction.context)
        interaction.update(0.3)
        interaction.finish()
        #expect(!context.isInteractive)
        let start = f.engine.now
        try f.advance(0.1)
        let elapsed = f.engine.now - start
        // The rest, 0.7 s, runs with the default ease-in-out.
        let expected = 0.3 + 0.7 * CubicBezier.easeInOut.progress(at: elapsed / 0.7)
        #expect(isApprox(interaction.percentComplete, expected, tolerance: 1e-6))
        interaction.pause()
        #expect(context.isInteractive)
        #expect(!context.transitionWasCancelled)
        #expect(isApprox(interaction.percentComplete, expected, tolerance: 1e-6))
        #expect(isApprox(details.view.presentation.frame.minX, slideX(expected), tolerance: 1e-4))

        // Paused again: time stands still.
        try f.advance(1)
        #expect(completions.values.isEmpty)
        #expect(isApprox(interaction.percentComplete, expected, tolerance: 1e-6))
        #expect(isApprox(details.view.presentation.frame.minX, slideX(expected), tolerance: 1e-4))

        interaction.update(0.8)
        #expect(isApprox(details.view.presentation.frame.minX, slideX(0.8), tolerance: 1e-9))
        interaction.finish()
        try f.advance(0.19)
        #expect(completions.values.isEmpty)
        try f.advance(0.02)
        #expect(completions.values == [true])
        #expect(f.root.presentedViewController === details)
        #expect(f.diagnostics.isEmpty)
    }

    @Test func pauseWhileCancellingThenFinishCompletes() throws {
        let f = try TransitionFixture()
        let interaction = PercentDrivenInteractiveTransition()
        let (details, completions) = try beginInteractivePresentation(f, interaction)
        let context = try #require(interaction.context)
        interaction.update(0.6)
        interaction.cancel()
        #expect(context.transitionWasCancelled)
        try f.advance(0.2)
        #expect(interaction.percentComplete < 0.6)
        #expect(interaction.percentComplete > 0)
        interaction.pause()
        #expect(context.isInteractive)
        #expect(!context.transitionWasCancelled)
        interaction.finish()
        try f.advance(1.01)
        #expect(completions.values == [true])
        #expect(f.root.presentedViewController === details)
        #expect(details.view.presentation.frame == f.window.bounds)
    }

    @Test func pauseAndFinishAreIgnoredWhereTheyMeanNothing() throws {
        let f = try TransitionFixture()
        let interaction = PercentDrivenInteractiveTransition()
        let (details, completions) = try beginInteractivePresentation(f, interaction)
        let context = try #require(interaction.context)
        // pause while interactive: nothing happens.
        interaction.update(0.5)
        interaction.pause()
        #expect(context.isInteractive)
        #expect(interaction.percentComplete == 0.5)
        // finish twice: the second is ignored (the rest still takes 0.5 s).
        interaction.finish()
        try f.advance(0.25)
        interaction.finish()
        interaction.update(0.1)
        #expect(!context.isInteractive)
        try f.advance(0.24)
        #expect(completions.values.isEmpty)
        try f.advance(0.02)
        #expect(completions.values == [true])
        #expect(f.root.presentedViewController === details)
    }

    @Test func completionSpeedTwoHalvesTheRemainingTime() throws {
        let f = try TransitionFixture()
        let interaction = PercentDrivenInteractiveTransition()
        interaction.completionSpeed = 2
        let (details, completions) = try beginInteractivePresentation(f, interaction)
        #expect(details.transitionCoordinator?.completionVelocity == 2)
        interaction.update(0.5)
        interaction.finish()
        let start = f.engine.now
        try f.advance(0.125)
        let elapsed = f.engine.now - start
        // (1 − 0.5) × 1 s / 2 = 0.25 s.
        let expected = 0.5 + 0.5 * CubicBezier.easeInOut.progress(at: elapsed / 0.25)
        #expect(isApprox(interaction.percentComplete, expected, tolerance: 1e-6))
        #expect(isApprox(details.view.presentation.frame.minX, slideX(expected), tolerance: 1e-4))
        try f.advance(0.115)
        #expect(completions.values.isEmpty)
        try f.advance(0.02)
        #expect(completions.values == [true])
    }

    @Test func completionSpeedTwoHalvesTheTimeOfACancelToo() throws {
        let f = try TransitionFixture()
        let interaction = PercentDrivenInteractiveTransition()
        interaction.completionSpeed = 2
        let (_, completions) = try beginInteractivePresentation(f, interaction)
        interaction.update(0.5)
        interaction.cancel()
        // 0.5 × 1 s / 2 = 0.25 s.
        try f.advance(0.24)
        #expect(completions.values.isEmpty)
        try f.advance(0.02)
        #expect(completions.values == [false])
    }

    @Test(arguments: [AnimationCurve.linear, .easeIn, .easeOut])
    func completionCurveShapesTheRestAfterFinish(_ curve: AnimationCurve) throws {
        let f = try TransitionFixture()
        let interaction = PercentDrivenInteractiveTransition()
        interaction.completionCurve = curve
        let (details, completions) = try beginInteractivePresentation(f, interaction)
        #expect(details.transitionCoordinator?.completionCurve == curve)
        interaction.update(0.5)
        interaction.finish()
        let start = f.engine.now
        try f.advance(0.2)
        let elapsed = f.engine.now - start
        let expected = 0.5 + 0.5 * curve.bezier.progress(at: elapsed / 0.5)
        #expect(isApprox(interaction.percentComplete, expected, tolerance: 1e-6))
        #expect(isApprox(details.view.presentation.frame.minX, slideX(expected), tolerance: 1e-4))
        try f.advance(0.31)
        #expect(completions.values == [true])
    }

    @Test func completionCurveShapesTheRestAfterCancel() throws {
        let f = try TransitionFixture()
        let interaction = PercentDrivenInteractiveTransition()
        interaction.completionCurve = .easeIn
        let (details, completions) = try beginInteractivePresentation(f, interaction)
        interaction.update(0.5)
        interaction.cancel()
        let start = f.engine.now
        try f.advance(0.3)
        let elapsed = f.engine.now - start
        let expected = 0.5 - 0.5 * AnimationCurve.easeIn.bezier.progress(at: elapsed / 0.5)
        #expect(isApprox(interaction.percentComplete, expected, tolerance: 1e-6))
        #expect(isApprox(details.view.presentation.frame.minX, slideX(expected), tolerance: 1e-4))
        try f.advance(0.21)
        #expect(completions.values == [false])
    }

    @Test func timingCurveWinsOverCompletionCurve() throws {
        let f = try TransitionFixture()
        let interaction = PercentDrivenInteractiveTransition()
        let bezier = try CubicBezier(0.1, 0.9, 0.2, 1)
        interaction.completionCurve = .linear
        interaction.timingCurve = .cubicBezier(bezier)
        let (details, completions) = try beginInteractivePresentation(f, interaction)
        interaction.update(0.5)
        interaction.finish()
        let start = f.engine.now
        try f.advance(0.1)
        let elapsed = f.engine.now - start
        let expected = 0.5 + 0.5 * bezier.progress(at: elapsed / 0.5)
        let linear = 0.5 + 0.5 * elapsed / 0.5
        #expect(abs(expected - linear) > 0.1)
        #expect(isApprox(interaction.percentComplete, expected, tolerance: 1e-6))
        #expect(isApprox(details.view.presentation.frame.minX, slideX(expected), tolerance: 1e-4))
        try f.advance(0.41)
        #expect(completions.values == [true])
    }

    // MARK: Cancel restores every touched property

    /// A window whose root view holds a `badge`, a custom presentation whose controller fades in
    /// a dimming view and rounds the presenting view through the coordinator, and an animator
    /// that moves the presented view and changes every animatable property of the presenting
    /// view, registers an alongside animation of the badge during `animateTransition` and a
    /// delayed ease-in rotation.
    struct Scene {
        let f: TransitionFixture
        let details: ViewController
        let badge: View
        let dim: View
        let animator: ScriptedAnimator
        let interaction: PercentDrivenInteractiveTransition
        let completions: Completions
        let finalFrame: Rect
        let startFrame: Rect
        let before: [IXViewState]
    }

    static let badgeFrame = Rect(x: 10, y: 20, width: 50, height: 40)
    static let badgeEndFrame = Rect(x: 100, y: 200, width: 80, height: 60)
    /// The badge's frame is set while it has a rotation: its center and size are what it sets
    /// (the frame then reads as the bounding box of the rotated bounds).
    static let badgeCenter = Point(x: 35, y: 40)
    static let badgeEndCenter = Point(x: 140, y: 230)
    static let badgeSize = Size(width: 50, height: 40)
    static let badgeEndSize = Size(width: 80, height: 60)
    static let rootEndColor = Color(red: 0.2, green: 0.3, blue: 0.4)
    static let badgeEndColor = Color(red: 0, green: 1, blue: 0)

    func scene() throws -> Scene {
        let f = try TransitionFixture()
        let root = f.root.view
        root.backgroundColor = .white
        let badge = View(id: "badge", frame: Self.badgeFrame)
        badge.backgroundColor = Color(red: 1, green: 0, blue: 0)
        root.addSubview(badge)
        let dim = View(id: "dim")
        dim.backgroundColor = .black
        dim.alpha = 0

        let finalFrame = Rect(x: 0, y: 100, width: 390, height: 744)
        let startFrame = finalFrame.offsetBy(dx: 0, dy: 744)
        let animator = ScriptedAnimator("multi", duration: 1) { animator, context in
            let to = context.view(forKey: .to)!
            let from = context.viewController(forKey: .from)!.view
            context.containerView.addSubview(to)
            View.performWithoutAnimation {
                to.frame = startFrame
                to.alpha = 0.2
            }
            try View.animate(withDuration: 1, options: .curveLinear, animations: {
                to.frame = finalFrame
                to.alpha = 1
                from.transform = .scale(0.9, 0.9)
                from.alpha = 0.7
                from.backgroundColor = Self.rootEndColor
                from.bounds = Rect(x: 5, y: 6, width: 300, height: 700)
            }) { [unowned animator] finished in
                animator.finishedFlags.append(finished)
                context.completeTransition(!context.transitionWasCancelled)
            }
            try View.animate(withDuration: 0.5, delay: 0.25, options: .curveEaseIn, animations: {
                badge.transform = .rotation(0.5)
            })
            // Registered during step 7: starts with the animations (step 8).
            context.viewController(forKey: .to)!.transitionCoordinator!.animate(alongsideTransition: { _ in
                badge.frame = Self.badgeEndFrame
                badge.alpha = 0.5
            })
        }
        let interaction = PercentDrivenInteractiveTransition()
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .custom
        details.transitioningDelegate = ScriptedDelegate(animator: animator, interaction: interaction) {
            presented, presenting in
            let controller = ScriptedPresentationController(presentedViewController: presented, presenting: presenting)
            controller.frame = { _ in finalFrame }
            controller.willBegin = { controller in
                let container = controller.containerView!
                View.performWithoutAnimation { dim.frame = container.bounds }
                container.insertSubview(dim, at: 0)
                // Registered before the animations start, by the presentation controller.
                let coordinator = controller.presentedViewController.transitionCoordinator!
                coordinator.animate(alongsideTransition: { _ in
                    dim.alpha = 0.4
                    dim.cornerRadius = 6
                })
                coordinator.animate(alongsideTransition: { _ in root.cornerRadius = 24 })
            }
            controller.didEnd = { _, completed in
                if !completed { dim.removeFromSuperview() }
            }
            return controller
        }
        let before = ixTree(f.window)
        let completions = Completions()
        try f.root.present(details, animated: true) { completions.add($0) }
        try f.advance(ixFrame)
        return Scene(
            f: f, details: details, badge: badge, dim: dim, animator: animator, interaction: interaction,
            completions: completions, finalFrame: finalFrame, startFrame: startFrame, before: before)
    }

    @Test func everyAnimationOfTheTransitionFollowsTheInteraction() throws {
        let s = try scene()
        let root = s.f.root.view
        #expect(s.f.trace.contains("startInteractiveTransition(PercentDrivenInteractiveTransition)"))
        // At 0 everything shows its start value, though the models hold the end values.
        #expect(root.presentation.alpha == 1)
        #expect(root.alpha == 0.7)
        #expect(s.badge.presentation.frame == Self.badgeFrame)
        #expect(s.badge.center == Self.badgeEndCenter)
        #expect(s.badge.bounds.size == Self.badgeEndSize)
        #expect(s.dim.presentation.alpha == 0)
        #expect(s.details.view.presentation.frame == s.startFrame)

        s.interaction.update(0.5)
        let easedHalf = CubicBezier.easeInOut.progress(at: 0.5)
        #expect(isApprox(root.presentation.alpha, 0.85, tolerance: 1e-9))
        #expect(isApprox(root.presentation.transform, .scale(0.95, 0.95), tolerance: 1e-9))
        #expect(isApprox(root.presentation.backgroundColor, Color(red: 0.6, green: 0.65, blue: 0.7), tolerance: 1e-9))
        #expect(isApprox(root.presentation.cornerRadius, 24 * easedHalf, tolerance: 1e-9))
        #expect(isApprox(s.details.view.presentation.frame, ixLerp(s.startFrame, s.finalFrame, 0.5), tolerance: 1e-9))
        #expect(isApprox(s.details.view.presentation.alpha, 0.6, tolerance: 1e-9))
        #expect(isApprox(s.badge.presentation.center, Point(
            x: ixLerp(Self.badgeCenter.x, Self.badgeEndCenter.x, easedHalf),
            y: ixLerp(Self.badgeCenter.y, Self.badgeEndCenter.y, easedHalf)), tolerance: 1e-6))
        #expect(isApprox(s.badge.presentation.bounds.size, Size(
            width: ixLerp(Self.badgeSize.width, Self.badgeEndSize.width, easedHalf),
            height: ixLerp(Self.badgeSize.height, Self.badgeEndSize.height, easedHalf)), tolerance: 1e-6))
        #expect(isApprox(s.badge.presentation.alpha, ixLerp(1, 0.5, easedHalf), tolerance: 1e-9))
        #expect(isApprox(s.dim.presentation.alpha, 0.4 * easedHalf, tolerance: 1e-9))
        // The delayed rotation: 0.25 s into its 0.5 s, ease-in.
        let rotation = 0.5 * CubicBezier.easeIn.progress(at: 0.5)
        #expect(isApprox(s.badge.presentation.transform, .rotation(rotation), tolerance: 1e-6))

        // Nothing moves while the interaction holds.
        let held = ixTree(s.f.window)
        try s.f.advance(3)
        #expect(ixTree(s.f.window) == held)
        #expect(s.completions.values.isEmpty)
    }

    @Test func anAlongsideAnimationRegisteredWhileInteractiveFollowsTheInteraction() throws {
        let s = try scene()
        s.interaction.update(0.5)
        let coordinator = try #require(s.details.transitionCoordinator)
        #expect(coordinator.animate(alongsideTransition: { _ in
            s.badge.backgroundColor = Self.badgeEndColor
            s.badge.cornerRadius = 9
        }))
        // It starts at once with the remaining time (0.5 s), at its start value.
        #expect(s.badge.cornerRadius == 9)
        #expect(s.badge.presentation.cornerRadius == 0)
        try s.f.advance(1)
        #expect(s.badge.presentation.cornerRadius == 0)
        s.interaction.update(0.75)
        let eased = CubicBezier.easeInOut.progress(at: 0.5)
        #expect(isApprox(s.badge.presentation.cornerRadius, 9 * eased, tolerance: 1e-6))
        s.interaction.update(0.25)
        #expect(s.badge.presentation.cornerRadius == 0)
        #expect(s.badge.presentation.backgroundColor == Color(red: 1, green: 0, blue: 0))
        s.interaction.update(1)
        #expect(isApprox(s.badge.presentation.cornerRadius, 9, tolerance: 1e-9))
    }

    @Test func cancelRestoresEveryTouchedPropertyModelAndPresentation() throws {
        let s = try scene()
        s.interaction.update(0.5)
        // Registered while the transition runs.
        s.details.transitionCoordinator?.animate(alongsideTransition: { _ in
            s.badge.backgroundColor = Self.badgeEndColor
            s.badge.cornerRadius = 9
            s.badge.transform3D = .rotation(1, 0, 1, 0)
            s.badge.layer.shadowOpacity = 0.7
            s.badge.layer.zPosition = 5
        })
        s.interaction.update(0.75)
        #expect(s.badge.presentation.shadowOpacity > 0 && !s.badge.presentation.transform3D.isAffine)
        s.interaction.cancel()
        try s.f.advance(0.74)
        #expect(s.completions.values.isEmpty)
        try s.f.advance(0.02)
        #expect(s.completions.values == [false])

        // The window: exactly as before, every value of every view, model and presentation.
        let after = ixTree(s.f.window)
        #expect(after == s.before)
        for (old, new) in zip(s.before, after) where old != new {
            Issue.record("\(new.path): model \(new.model) presentation \(new.presentation), expected \(old.model)")
        }
        let root = s.f.root.view
        #expect(root.alpha == 1)
        #expect(root.presentation.alpha == 1)
        #expect(root.transform == .identity)
        #expect(root.presentation.transform == .identity)
        #expect(root.backgroundColor == .white)
        #expect(root.presentation.backgroundColor == .white)
        #expect(root.cornerRadius == 0)
        #expect(root.presentation.cornerRadius == 0)
        #expect(root.bounds == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(root.presentation.bounds == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(s.badge.frame == Self.badgeFrame)
        #expect(s.badge.presentation.frame == Self.badgeFrame)
        #expect(s.badge.alpha == 1)
        #expect(s.badge.presentation.alpha == 1)
        #expect(s.badge.transform == .identity)
        #expect(s.badge.presentation.transform == .identity)
        #expect(s.badge.cornerRadius == 0)
        #expect(s.badge.presentation.cornerRadius == 0)
        #expect(s.badge.backgroundColor == Color(red: 1, green: 0, blue: 0))
        #expect(s.badge.presentation.backgroundColor == Color(red: 1, green: 0, blue: 0))
        // The layer's values too.
        #expect(s.badge.transform3D == .identity && s.badge.presentation.transform3D == .identity)
        #expect(s.badge.layer.shadowOpacity == 0 && s.badge.presentation.shadowOpacity == 0)
        #expect(s.badge.layer.zPosition == 0 && s.badge.presentation.zPosition == 0)
        // The views that left the window are back at their start values too.
        #expect(s.details.view.frame == s.startFrame)
        #expect(s.details.view.presentation.frame == s.startFrame)
        #expect(s.details.view.alpha == 0.2)
        #expect(s.details.view.presentation.alpha == 0.2)
        #expect(s.dim.alpha == 0)
        #expect(s.dim.presentation.alpha == 0)
        #expect(s.dim.cornerRadius == 0)
        #expect(s.dim.presentation.cornerRadius == 0)
        #expect(s.dim.superview == nil)
        #expect(s.details.view.superview == nil)
        // Nothing animates any more; the completions saw finished == true.
        for view in [root, s.badge, s.dim, s.details.view] { #expect(!ixIsAnimating(view)) }
        #expect(s.f.engine.runningTrackCount == 0)
        #expect(s.animator.finishedFlags == [true])
        #expect(s.animator.ended == [false])
        #expect(s.f.root.presentedViewController == nil)
        #expect(s.f.diagnostics.isEmpty)
    }

    @Test func finishLeavesEveryPropertyAtItsEndValue() throws {
        let s = try scene()
        s.interaction.update(0.5)
        s.details.transitionCoordinator?.animate(alongsideTransition: { _ in
            s.badge.backgroundColor = Self.badgeEndColor
            s.badge.cornerRadius = 9
        })
        s.interaction.finish()
        try s.f.advance(0.51)
        #expect(s.completions.values == [true])
        let root = s.f.root.view
        for view in allViewsOf(s.f.window) {
            #expect(view.presentation == view.model, "\(view.id)")
            #expect(!ixIsAnimating(view), "\(view.id)")
        }
        #expect(root.alpha == 0.7)
        #expect(root.cornerRadius == 24)
        #expect(s.badge.center == Self.badgeEndCenter)
        #expect(s.badge.bounds.size == Self.badgeEndSize)
        #expect(s.badge.cornerRadius == 9)
        #expect(s.badge.backgroundColor == Self.badgeEndColor)
        #expect(s.badge.transform == .rotation(0.5))
        #expect(s.dim.alpha == 0.4)
        #expect(s.details.view.frame == s.finalFrame)
        #expect(s.details.view.alpha == 1)
        #expect(s.animator.finishedFlags == [true])
        #expect(s.f.root.presentedViewController === s.details)
        #expect(s.f.diagnostics.isEmpty)
    }

    @Test func aValueSetByACompletionAfterTheCancelIsKept() throws {
        // The animator sets the alpha to 0 by hand, animates it to 1, and on cancel gives the view
        // its alpha back in the completion. The restore of the cancel runs before the completion
        // and only once: the end of the transition must not put the 0 back.
        let f = try TransitionFixture()
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        let animator = ScriptedAnimator("fade-in", duration: 1) { _, context in
            let to = context.view(forKey: .to)!
            context.containerView.addSubview(to)
            to.alpha = 0
            try View.animate(withDuration: 1, options: .curveLinear, animations: { to.alpha = 1 }) { _ in
                if context.transitionWasCancelled {
                    to.removeFromSuperview()
                    to.alpha = 1
                }
                context.completeTransition(!context.transitionWasCancelled)
            }
        }
        let interaction = PercentDrivenInteractiveTransition()
        details.transitioningDelegate = FixtureDelegate(animator: animator, interaction: interaction)
        let completions = Completions()
        try f.root.present(details, animated: true) { completions.add($0) }
        try f.advance(ixFrame)
        interaction.update(0.5)
        #expect(details.view.presentation.alpha == 0.5)
        interaction.cancel()
        try f.advance(0.51)
        #expect(completions.values == [false])
        #expect(details.view.alpha == 1)
        #expect(details.view.presentation.alpha == 1)
        #expect(details.view.superview == nil)
        #expect(f.diagnostics.isEmpty)
    }

    /// `view` and every view below it.
    func allViewsOf(_ view: View) -> [View] {
        [view] + view.subviews.flatMap { allViewsOf($0) }
    }

    @Test func aCancelledDismissalRestoresBothViews() throws {
        let f = try TransitionFixture()
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .overFullScreen
        let animator = ScriptedAnimator("multi-dismiss", duration: 0.8) { _, context in
            #expect(context.view(forKey: .to) == nil)
            let from = context.view(forKey: .from)!
            let to = context.viewController(forKey: .to)!.view
            try View.animate(withDuration: 0.8, options: .curveEaseOut, animations: {
                from.frame = from.frame.offsetBy(dx: 0, dy: 844)
                from.alpha = 0.1
                from.cornerRadius = 30
                to.transform = .translation(-20, 0)
                to.backgroundColor = .black
            }) { _ in context.completeTransition(!context.transitionWasCancelled) }
        }
        let interaction = PercentDrivenInteractiveTransition()
        details.transitioningDelegate = FixtureDelegate(animator: animator, interaction: interaction)
        try f.root.present(details, animated: false)
        try f.advance(ixFrame)
        details.view.backgroundColor = Color(red: 0.5, green: 0.5, blue: 1)
        let before = ixTree(f.window)
        #expect(before.map(\.path) == ["window", "window/root", "window/details.container", "window/details.container/details"])

        let completions = Completions()
        try details.dismiss(animated: true) { completions.add($0) }
        try f.advance(ixFrame)
        interaction.update(0.5)
        #expect(details.view.presentation.frame.minY > 0)
        #expect(f.root.view.presentation.transform != .identity)
        interaction.cancel()
        try f.advance(0.41)
        #expect(completions.values == [false])
        #expect(ixTree(f.window) == before)
        #expect(f.root.presentedViewController === details)
        #expect(f.engine.runningTrackCount == 0)
        #expect(f.diagnostics.isEmpty)
    }

    // MARK: The interruptible-animator path

    /// An animator offering a property animator: the presented view slides in from the right
    /// and fades from 0.5 to 1, linearly, over 1 s.
    @MainActor final class InterruptibleSlide: AnimatedTransitioning, NamedTransitionRole {
        let roleName = "interruptible"
        /// The property animator's damping ratio: nil for a linear curve.
        var dampingRatio: Double?
        var propertyAnimator: PropertyAnimator?
        var positions: [PropertyAnimator.Position] = []
        var animateCalls = 0
        var offers = 0

        func transitionDuration(using context: TransitionContext?) throws -> Double { 1 }

        func animateTransition(using context: TransitionContext) throws {
            animateCalls += 1
            try interruptibleAnimator(using: context)?.startAnimation()
        }

        func interruptibleAnimator(using context: TransitionContext) throws -> PropertyAnimator? {
            offers += 1
            if let propertyAnimator { return propertyAnimator }
            let view = context.view(forKey: .to)!
            let final = context.finalFrame(for: context.viewController(forKey: .to)!)
            context.containerView.addSubview(view)
            View.performWithoutAnimation {
                view.frame = final.offsetBy(dx: 390, dy: 0)
                view.alpha = 0.5
            }
            let animator = try dampingRatio.map { try PropertyAnimator(duration: 1, dampingRatio: $0) }
                ?? PropertyAnimator(duration: 1, curve: .linear)
            try animator.addAnimations {
                view.frame = final
                view.alpha = 1
            }
            animator.addCompletion { [unowned self] position in
                positions.append(position)
                context.completeTransition(!context.transitionWasCancelled)
            }
            propertyAnimator = animator
            return animator
        }
    }

    func beginInterruptible(
        _ f: TransitionFixture, _ interaction: PercentDrivenInteractiveTransition, dampingRatio: Double? = nil
    ) throws -> (ViewController, InterruptibleSlide, Completions) {
        let animator = InterruptibleSlide()
        animator.dampingRatio = dampingRatio
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        details.transitioningDelegate = FixtureDelegate(animator: animator, interaction: interaction)
        let completions = Completions()
        try f.root.present(details, animated: true) { completions.add($0) }
        try f.advance(ixFrame)
        return (details, animator, completions)
    }

    @Test func anInterruptibleAnimatorIsDrivenInsteadOfAnimateTransition() throws {
        let f = try TransitionFixture()
        let interaction = PercentDrivenInteractiveTransition()
        let (details, animator, completions) = try beginInterruptible(f, interaction)
        #expect(f.trace == [
            "animationControllerForPresented(delegate)", "interactionControllerForPresentation(delegate)",
            "viewWillDisappear(root)", "viewWillAppear(details)",
            "presentationTransitionWillBegin(StylePresentationController)", "transitionDuration(interruptible)",
            "startInteractiveTransition(PercentDrivenInteractiveTransition)",
        ])
        #expect(animator.animateCalls == 0)
        #expect(animator.offers == 1)
        let property = try #require(animator.propertyAnimator)
        #expect(property.state == .active)
        #expect(!property.isRunning)
        #expect(property.fractionComplete == 0)
        #expect(details.transitionCoordinator?.isInterruptible == true)
        #expect(details.view.presentation.frame.minX == 390)

        interaction.update(0.25)
        #expect(property.fractionComplete == 0.25)
        #expect(!property.isRunning)
        #expect(isApprox(details.view.presentation.frame.minX, 292.5, tolerance: 1e-9))
        #expect(isApprox(details.view.presentation.alpha, 0.625, tolerance: 1e-9))
        try f.advance(1)
        #expect(property.fractionComplete == 0.25)
        #expect(isApprox(details.view.presentation.frame.minX, 292.5, tolerance: 1e-9))
        interaction.update(0.6)
        #expect(isApprox(property.fractionComplete, 0.6, tolerance: 1e-12))
        #expect(isApprox(details.view.presentation.frame.minX, 156, tolerance: 1e-9))
        #expect(completions.values.isEmpty)
    }

    /// UIKit's default `scrubsLinearly`: a spring animator driven to 19.75 % shows the view
    /// 19.75 % of the way (the spring does not run ahead of the finger); finishing hands the rest
    /// to the spring from there.
    @Test func aSpringAnimatorFollowsTheFingerLinearly() throws {
        let f = try TransitionFixture()
        let interaction = PercentDrivenInteractiveTransition()
        let (details, animator, completions) = try beginInterruptible(f, interaction, dampingRatio: 0.6)
        let property = try #require(animator.propertyAnimator)
        #expect(property.scrubsLinearly)
        interaction.update(0.1975)
        #expect(isApprox(details.view.presentation.frame.minX, 390 * (1 - 0.1975), tolerance: 1e-9))
        #expect(isApprox(details.view.presentation.alpha, 0.5 + 0.5 * 0.1975, tolerance: 1e-9))
        interaction.finish()
        try f.advance(2)
        #expect(completions.values == [true])
        #expect(details.view.presentation.frame.minX == 0)
    }

    @Test func finishingRunsTheInterruptibleAnimatorToTheEnd() throws {
        let f = try TransitionFixture()
        let interaction = PercentDrivenInteractiveTransition()
        let (details, animator, completions) = try beginInterruptible(f, interaction)
        let property = try #require(animator.propertyAnimator)
        interaction.update(0.25)
        interaction.finish()
        #expect(property.isRunning)
        #expect(!property.isReversed)
        try f.advance(0.4)
        #expect(completions.values.isEmpty)
        #expect(details.view.presentation.frame.minX < 292.5)
        #expect(details.view.presentation.frame.minX > 0)
        // The rest: (1 − 0.25) × 1 s = 0.75 s.
        try f.advance(0.36)
        #expect(completions.values == [true])
        #expect(animator.positions == [.end])
        #expect(property.state == .inactive)
        #expect(details.view.frame == f.window.bounds)
        #expect(details.view.presentation.frame == f.window.bounds)
        #expect(details.view.presentation.alpha == 1)
        #expect(f.root.presentedViewController === details)
        #expect(animator.animateCalls == 0)
        #expect(f.diagnostics.isEmpty)
    }

    @Test func cancellingRunsTheInterruptibleAnimatorBackToTheStart() throws {
        let f = try TransitionFixture()
        let before = ixTree(f.window)
        let interaction = PercentDrivenInteractiveTransition()
        let (details, animator, completions) = try beginInterruptible(f, interaction)
        let property = try #require(animator.propertyAnimator)
        interaction.update(0.5)
        interaction.cancel()
        #expect(property.isReversed)
        #expect(property.isRunning)
        try f.advance(0.25)
        #expect(completions.values.isEmpty)
        #expect(details.view.presentation.frame.minX > 195)
        // Back to 0 in 0.5 × 1 s = 0.5 s.
        try f.advance(0.26)
        #expect(completions.values == [false])
        #expect(animator.positions == [.start])
        #expect(property.state == .inactive)
        #expect(details.view.frame == Rect(x: 390, y: 0, width: 390, height: 844))
        #expect(details.view.presentation.frame == Rect(x: 390, y: 0, width: 390, height: 844))
        #expect(details.view.alpha == 0.5)
        #expect(details.view.presentation.alpha == 0.5)
        #expect(ixTree(f.window) == before)
        #expect(f.root.presentedViewController == nil)
        #expect(f.diagnostics.isEmpty)
    }

    @Test func pauseWhileFinishingPausesTheInterruptibleAnimatorAtTheCurrentPercent() throws {
        let f = try TransitionFixture()
        let interaction = PercentDrivenInteractiveTransition()
        let (details, animator, completions) = try beginInterruptible(f, interaction)
        let property = try #require(animator.propertyAnimator)
        interaction.update(0.2)
        interaction.finish()
        let start = f.engine.now
        try f.advance(0.2)
        let elapsed = f.engine.now - start
        let expected = 0.2 + 0.8 * CubicBezier.easeInOut.progress(at: elapsed / 0.8)
        // On screen the property animator follows the ease-in-out rest too.
        #expect(isApprox(details.view.presentation.frame.minX, 390 * (1 - expected), tolerance: 1e-4))
        interaction.pause()
        #expect(interaction.context?.isInteractive == true)
        #expect(!property.isRunning)
        #expect(property.state == .active)
        #expect(isApprox(interaction.percentComplete, expected, tolerance: 1e-6))
        #expect(isApprox(property.fractionComplete, expected, tolerance: 1e-6))
        #expect(isApprox(details.view.presentation.frame.minX, 390 * (1 - expected), tolerance: 1e-4))
        try f.advance(1)
        #expect(completions.values.isEmpty)
        #expect(isApprox(details.view.presentation.frame.minX, 390 * (1 - expected), tolerance: 1e-4))
        interaction.update(0.9)
        #expect(isApprox(property.fractionComplete, 0.9, tolerance: 1e-12))
        #expect(isApprox(details.view.presentation.frame.minX, 39, tolerance: 1e-9))
        interaction.finish()
        try f.advance(0.11)
        #expect(completions.values == [true])
        #expect(animator.positions == [.end])
        #expect(details.view.presentation.frame == f.window.bounds)
    }

    @Test func completionSpeedAppliesToTheInterruptibleAnimator() throws {
        let f = try TransitionFixture()
        let interaction = PercentDrivenInteractiveTransition()
        interaction.completionSpeed = 2
        let (_, _, completions) = try beginInterruptible(f, interaction)
        interaction.update(0.5)
        interaction.finish()
        // (1 − 0.5) × 1 s / 2 = 0.25 s.
        try f.advance(0.24)
        #expect(completions.values.isEmpty)
        try f.advance(0.02)
        #expect(completions.values == [true])
    }

    // MARK: The coordinator

    @Test func theCoordinatorTellsTheInteractionState() throws {
        let f = try TransitionFixture()
        let interaction = PercentDrivenInteractiveTransition()
        let (details, completions) = try beginInteractivePresentation(f, interaction, duration: 0.8)
        let coordinator = try #require(details.transitionCoordinator)
        #expect(f.root.transitionCoordinator === coordinator)
        #expect(coordinator.isAnimated)
        #expect(coordinator.isInteractive)
        #expect(coordinator.initiallyInteractive)
        #expect(!coordinator.isCancelled)
        #expect(coordinator.percentComplete == 0)
        #expect(coordinator.transitionDuration == 0.8)
        #expect(coordinator.containerView?.id == "details.container")
        #expect(coordinator.viewController(forKey: .from) === f.root)
        #expect(coordinator.viewController(forKey: .to) === details)
        #expect(coordinator.view(forKey: .to) === details.view)
        #expect(coordinator.view(forKey: .from) === f.root.view)
        #expect(coordinator.presentationStyle == .fullScreen)
        #expect(coordinator.completionVelocity == 1)
        #expect(coordinator.completionCurve == .easeInOut)

        var notes: [String] = []
        coordinator.notifyWhenInteractionChanges { c in
            notes.append("interactive=\(c.isInteractive) cancelled=\(c.isCancelled)")
        }
        interaction.update(0.5)
        #expect(coordinator.percentComplete == 0.5)
        #expect(notes.isEmpty)

        interaction.cancel()
        #expect(notes == ["interactive=false cancelled=true"])
        #expect(!coordinator.isInteractive)
        #expect(coordinator.isCancelled)
        #expect(coordinator.initiallyInteractive)
        try f.advance(0.1)
        #expect(coordinator.percentComplete < 0.5)

        interaction.pause()
        #expect(notes == ["interactive=false cancelled=true", "interactive=true cancelled=false"])
        #expect(coordinator.isInteractive)
        #expect(!coordinator.isCancelled)

        interaction.update(0.75)
        #expect(coordinator.percentComplete == 0.75)
        interaction.finish()
        #expect(notes == [
            "interactive=false cancelled=true", "interactive=true cancelled=false", "interactive=false cancelled=false",
        ])
        try f.advance(0.21)
        #expect(completions.values == [true])
        #expect(notes.count == 3)
        #expect(coordinator.percentComplete == 1)
        #expect(!coordinator.isInteractive)
        #expect(details.transitionCoordinator == nil)
        #expect(f.root.transitionCoordinator == nil)
    }

    @Test func theCoordinatorOfANonInteractiveTransition() throws {
        let f = try TransitionFixture()
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        details.transitioningDelegate = FixtureDelegate(animator: SlideAnimator(duration: 1))
        var completed: Bool?
        try f.root.present(details, animated: true) { completed = $0 }
        try f.advance(ixFrame)
        let coordinator = try #require(details.transitionCoordinator)
        var notes = 0
        coordinator.notifyWhenInteractionChanges { _ in notes += 1 }
        #expect(!coordinator.isInteractive)
        #expect(!coordinator.initiallyInteractive)
        #expect(coordinator.transitionDuration == 1)
        #expect(!coordinator.isInterruptible)
        try f.advance(0.5)
        #expect(isApprox(coordinator.percentComplete, 0.5, tolerance: 1e-9))

        // Registered while it runs: starts at once with the remaining 0.5 s, ease-in-out.
        let badge = View(id: "badge", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        f.window.addSubview(badge)
        #expect(coordinator.animate(alongsideTransition: { _ in badge.alpha = 0 }))
        #expect(badge.presentation.alpha == 1)
        try f.advance(0.25)
        #expect(isApprox(badge.presentation.alpha, 1 - CubicBezier.easeInOut.progress(at: 0.5), tolerance: 1e-6))
        try f.advance(0.26)
        #expect(completed == true)
        #expect(badge.presentation.alpha == 0)
        #expect(!badge.isAnimating(.alpha))
        #expect(notes == 0)
    }

    // MARK: Alongside completions

    @Test(arguments: [true, false])
    func alongsideCompletionsRunAtStepEleven(_ finishes: Bool) throws {
        let f = try TransitionFixture()
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .custom
        let interaction = PercentDrivenInteractiveTransition()
        var seen: [String] = []
        var controllerRef: ScriptedPresentationController?
        // The closure below keeps `controllerRef`, which holds `details`, which holds the delegate.
        defer { details.transitioningDelegate = nil }
        details.transitioningDelegate = FixtureDelegate(animator: SlideAnimator(), interaction: interaction) {
            presented, presenting in
            let controller = ScriptedPresentationController(presentedViewController: presented, presenting: presenting)
            // Unowned: the window keeps the presentation, and so the controller, while presented.
            controller.willBegin = { [unowned f] controller in
                controller.presentedViewController.transitionCoordinator!.animate(alongsideTransition: nil) { c in
                    seen.append("first cancelled=\(c.isCancelled) after=\(f.trace.last ?? "")")
                }
            }
            controllerRef = controller
            return controller
        }
        let completions = Completions()
        try f.root.present(details, animated: true) { completions.add($0) }
        try f.advance(ixFrame)
        let coordinator = try #require(details.transitionCoordinator)
        coordinator.animate(alongsideTransition: { _ in }) { c in
            seen.append("second cancelled=\(c.isCancelled) after=\(f.trace.last ?? "")")
            // Step 11: the hierarchy is not updated yet, the coordinator is still set.
            seen.append("presented=\(f.root.presentedViewController != nil) coordinator=\(details.transitionCoordinator === c)")
        }
        interaction.update(0.5)
        if finishes { interaction.finish() } else { interaction.cancel() }
        try f.advance(0.51)
        #expect(completions.values == [finishes])
        #expect(seen == [
            "first cancelled=\(!finishes) after=alongsideCompletion(coordinator)",
            "second cancelled=\(!finishes) after=alongsideCompletion(coordinator)",
            "presented=false coordinator=true",
        ])
        #expect(Array(f.trace.prefix(8)) == [
            "presentationControllerForPresented(delegate)", "animationControllerForPresented(delegate)",
            "interactionControllerForPresentation(delegate)", "viewWillAppear(details)",
            "presentationTransitionWillBegin(scripted-presentation)", "transitionDuration(slide)",
            "startInteractiveTransition(PercentDrivenInteractiveTransition)", "animateTransition(slide)",
        ])
        let tail = finishes
            ? ["viewDidAppear(details)", "completion(details)"]
            : ["viewWillDisappear(details)", "viewDidDisappear(details)", "completion(details)"]
        #expect(Array(f.trace.suffix(5 + tail.count)) == [
            "completeTransition(slide)", "presentationTransitionDidEnd(scripted-presentation)",
            "alongsideCompletion(coordinator)", "alongsideCompletion(coordinator)", "animationEnded(slide)",
        ] + tail)
        #expect(controllerRef?.calls == ["presentationTransitionWillBegin", "presentationTransitionDidEnd(\(finishes))"])

        // After the end, the coordinator refuses new blocks.
        var late = false
        #expect(!coordinator.animate(alongsideTransition: { _ in late = true }) { _ in late = true })
        try f.advance(0.1)
        #expect(!late)
    }
}
