import Testing
@testable import ScrimCore
import ScrimTestSupport

// Members of the coordinator and the context (Docs/Transitions.md, "Context and coordinator")
// that no other suite checks — `animateAlongsideTransition(in:animation:completion:)`,
// `targetTransform`, `isAnimated` — and the retention rule (Docs/Transitions.md, "Retention"): a
// transition holds the roles it was vended until it ends, so they need no other owner.
// Every time below is on the fixture's 60 fps manual clock; a presentation requested at 0 begins
// at the first tick, `oneFrame` (1/60 s).

/// A delegate that holds the roles it is given only until it vends them: once the host has them,
/// the host's references are the only ones (the test keeps `weak` ones).
@MainActor
private final class HandOffDelegate: TransitioningDelegate {
    private var animator: (any AnimatedTransitioning)?
    private var interaction: (any InteractiveTransitioning)?
    private var makeController: ((ViewController, ViewController?) -> PresentationController)?

    init(
        animator: any AnimatedTransitioning, interaction: any InteractiveTransitioning,
        controller: @escaping (ViewController, ViewController?) -> PresentationController
    ) {
        self.animator = animator
        self.interaction = interaction
        makeController = controller
    }

    func presentationController(
        forPresented presented: ViewController, presenting: ViewController?, source: ViewController
    ) throws -> PresentationController? {
        defer { makeController = nil }
        return makeController?(presented, presenting)
    }

    func animationController(
        forPresented presented: ViewController, presenting: ViewController, source: ViewController
    ) throws -> (any AnimatedTransitioning)? {
        defer { animator = nil }
        return animator
    }

    func interactionControllerForPresentation(using animator: any AnimatedTransitioning) throws
        -> (any InteractiveTransitioning)?
    {
        defer { interaction = nil }
        return interaction
    }
}

/// Which role objects are alive at one moment, as a string such as "delegate animator".
@MainActor
private func aliveNames(
    delegate: AnyObject?, animator: AnyObject?, interaction: AnyObject?, controller: AnyObject?
) -> String {
    [("delegate", delegate), ("animator", animator), ("interaction", interaction), ("controller", controller)]
        .filter { $0.1 != nil }.map(\.0).joined(separator: " ")
}

/// The roles of a hand-off delegate (a 1 s slide, a percent-driven interaction and a scripted
/// presentation controller), set on a view controller and seen by the test only through weak
/// references.
@MainActor
private final class WatchedRoles {
    weak var delegate: HandOffDelegate?
    weak var animator: ScriptedAnimator?
    weak var interaction: PercentDrivenInteractiveTransition?
    weak var controller: ScriptedPresentationController?

    init(on details: ViewController) {
        let madeAnimator = ScriptedAnimator.slide("slide", duration: 1)
        let madeInteraction = PercentDrivenInteractiveTransition()
        let madeDelegate = HandOffDelegate(animator: madeAnimator, interaction: madeInteraction) { [weak self] presented, presenting in
            let made = ScriptedPresentationController(presentedViewController: presented, presenting: presenting)
            self?.controller = made
            return made
        }
        delegate = madeDelegate
        animator = madeAnimator
        interaction = madeInteraction
        details.transitioningDelegate = madeDelegate
    }

    /// The names of those still alive.
    var alive: String {
        aliveNames(delegate: delegate, animator: animator, interaction: interaction, controller: controller)
    }
}

@MainActor @Suite struct CoordinatorMembersTests {
    /// A fixture in which `details` is presented `.custom` with a 1 s linear slide from the right
    /// and a scripted presentation controller whose `presentationTransitionWillBegin` runs
    /// `willBegin` (step 5).
    struct Scene {
        let f: TransitionFixture
        let details: ViewController
        let animator: ScriptedAnimator
        let controller: () -> ScriptedPresentationController?
        /// Keeps `willBegin` for the test's duration.
        let hooks: Hooks
    }

    /// The test's `willBegin`, which the delegate and the controller reach weakly: it may capture
    /// the fixture or the coordinators, which keep `details` (its delegate and controller too).
    final class Hooks {
        let willBegin: ((ScriptedPresentationController) throws -> Void)?
        init(willBegin: ((ScriptedPresentationController) throws -> Void)?) { self.willBegin = willBegin }
    }

    func scene(willBegin: ((ScriptedPresentationController) throws -> Void)? = nil) throws -> Scene {
        let f = try TransitionFixture()
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .custom
        let animator = ScriptedAnimator.slide("slide", duration: 1)
        let hooks = Hooks(willBegin: willBegin)
        // Weak: the controller holds `details`, which holds the delegate and so this closure.
        weak var made: ScriptedPresentationController?
        details.transitioningDelegate = ScriptedDelegate(animator: animator) { [weak hooks] presented, presenting in
            let controller = ScriptedPresentationController(presentedViewController: presented, presenting: presenting)
            if hooks?.willBegin != nil {
                controller.willBegin = { [weak hooks] in try hooks?.willBegin?($0) }
            }
            made = controller
            return controller
        }
        return Scene(f: f, details: details, animator: animator, controller: { made }, hooks: hooks)
    }

    // MARK: animateAlongsideTransition(in:animation:completion:)

    @Test func viewTargetedAlongsideAnimationRegisteredBeforeTheStartRunsWithTheTransitionsTiming() throws {
        let dimming = View(id: "dimming", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        dimming.alpha = 0
        var registered: Bool?
        var calls = 0
        var traceAtCompletion: [String]?
        var animationEndedAtCompletion: [Bool]?
        var f: TransitionFixture!
        var animator: ScriptedAnimator!
        let s = try scene { controller in
            let container = try #require(controller.containerView)
            container.insertSubview(dimming, at: 0)
            let coordinator = try #require(controller.presentedViewController.transitionCoordinator)
            registered = coordinator.animateAlongsideTransition(in: dimming, animation: { _ in
                calls += 1
                dimming.alpha = 1
            }, completion: { _ in
                traceAtCompletion = f.trace
                animationEndedAtCompletion = animator.ended
            })
        }
        f = s.f
        animator = s.animator
        try f.root.present(s.details, animated: true)
        try f.advance(oneFrame)
        #expect(registered == true)
        #expect(calls == 1)
        // Registered at step 5, started at step 8: the first frame shows the start value.
        #expect(dimming.alpha == 1)
        #expect(dimming.presentation.alpha == 0)
        #expect(s.details.view.presentation.frame.minX == 390)

        // 0.25 s into the 1 s transition: the slide (linear) is a quarter of the way, the
        // alongside animation is easeInOut(0.25) = 0.1292… of the way — the transition's duration
        // with the ease-in-out curve, not the animator's linear one.
        try f.advance(0.25)
        #expect(isApprox(s.details.view.presentation.frame.minX, 292.5, tolerance: 1e-9))
        #expect(isApprox(dimming.presentation.alpha, CubicBezier.easeInOut.progress(at: 0.25), tolerance: 1e-9))
        #expect(isApprox(dimming.presentation.alpha, 0.129162, tolerance: 1e-6))
        try f.advance(0.5)
        #expect(isApprox(dimming.presentation.alpha, CubicBezier.easeInOut.progress(at: 0.75), tolerance: 1e-9))
        try f.advance(0.24)
        #expect(isApprox(dimming.presentation.alpha, CubicBezier.easeInOut.progress(at: 0.99), tolerance: 1e-9))
        #expect(dimming.presentation.alpha < 1)
        #expect(traceAtCompletion == nil)

        // The transition ends at 1/60 + 1 s; the alongside completion runs at step 11: after the
        // presentation controller's `presentationTransitionDidEnd` (10), before `animationEnded` (12).
        try f.advance(0.02)
        #expect(dimming.presentation.alpha == 1)
        let trace = try #require(traceAtCompletion)
        #expect(Array(trace.suffix(3)) == [
            "completeTransition(slide)", "presentationTransitionDidEnd(scripted-presentation)",
            "alongsideCompletion(coordinator)",
        ])
        #expect(animationEndedAtCompletion == [])
        #expect(Array(f.trace.suffix(5)) == [
            "presentationTransitionDidEnd(scripted-presentation)", "alongsideCompletion(coordinator)",
            "animationEnded(slide)", "viewDidAppear(details)", "completion(details)",
        ])
        #expect(s.animator.ended == [true])
        #expect(calls == 1)
        #expect(f.diagnostics.isEmpty)
    }

    @Test func viewTargetedAlongsideAnimationRegisteredWhileRunningGetsTheRemainingTime() throws {
        let s = try scene()
        let f = s.f
        try f.root.present(s.details, animated: true)
        try f.advance(oneFrame)
        let container = try #require(runningContext(f)?.containerView)
        let badge = View(id: "badge", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        container.addSubview(badge)
        try f.advance(0.4)
        let coordinator = try #require(s.details.transitionCoordinator)
        var completionTrace: [String]?
        let registered = coordinator.animateAlongsideTransition(
            in: badge, animation: { _ in badge.alpha = 0 }, completion: { _ in completionTrace = f.trace })
        #expect(registered)
        // It starts at once (no tick yet: the presentation value is the start value) …
        #expect(badge.alpha == 0)
        #expect(badge.presentation.alpha == 1)
        #expect(badge.isAnimating(.alpha))
        // … and runs over the 0.6 s left, ease-in-out: half of it gone at 0.3 s.
        try f.advance(0.15)
        #expect(isApprox(badge.presentation.alpha, 1 - CubicBezier.easeInOut.progress(at: 0.25), tolerance: 1e-9))
        try f.advance(0.15)
        #expect(isApprox(badge.presentation.alpha, 0.5, tolerance: 1e-9))
        try f.advance(0.29)
        #expect(badge.presentation.alpha > 0)
        #expect(completionTrace == nil)
        try f.advance(0.02)
        #expect(badge.presentation.alpha == 0)
        #expect(completionTrace?.last == "alongsideCompletion(coordinator)")
        #expect(s.details.transitionCoordinator == nil)
        #expect(f.diagnostics.isEmpty)
    }

    @Test func viewTargetedAlongsideAnimationIsRefusedOnceTheTransitionEnded() throws {
        let s = try scene()
        let f = s.f
        try f.root.present(s.details, animated: true)
        try f.advance(oneFrame)
        let coordinator = try #require(s.details.transitionCoordinator)
        try f.advance(1.01)
        #expect(f.root.presentedViewController === s.details)
        let view = s.details.view
        var ran: [String] = []
        let registered = coordinator.animateAlongsideTransition(
            in: view, animation: { _ in
                ran.append("animation")
                view.alpha = 0.5
            }, completion: { _ in ran.append("completion") })
        try f.advance(1)
        #expect(!registered)
        #expect(ran.isEmpty)
        #expect(view.alpha == 1)
        #expect(view.presentation.alpha == 1)
    }

    // MARK: targetTransform

    @Test func targetTransformIsTheIdentityOnTheContextAndTheCoordinator() throws {
        var seen: [AffineTransform] = []
        let s = try scene()
        let f = s.f
        // An animator that turns and scales the presented view: the target transform (the
        // interface's rotation) stays the identity whatever the views do.
        s.animator.animate = { _, context in
            let view = try #require(context.view(forKey: context.isPresenting ? .to : .from))
            if context.isPresenting { context.containerView.addSubview(view) }
            seen.append(context.targetTransform)
            try View.animate(withDuration: 1, options: .curveLinear, animations: {
                view.transform = context.isPresenting
                    ? AffineTransform.rotation(.pi / 2).concatenating(.scale(2, 2)) : .identity
            }) { _ in context.completeTransition(!context.transitionWasCancelled) }
        }
        try f.root.present(s.details, animated: true)
        try f.advance(oneFrame + 0.5)
        let context = try #require(runningContext(f))
        let coordinator = try #require(s.details.transitionCoordinator)
        #expect(s.details.view.presentation.transform != .identity)
        #expect(context.targetTransform == .identity)
        #expect(coordinator.targetTransform == .identity)
        try f.advance(0.6)
        try s.details.dismiss(animated: true)
        try f.advance(oneFrame)
        let dismissalCoordinator = try #require(s.details.transitionCoordinator)
        #expect(dismissalCoordinator !== coordinator)
        #expect(dismissalCoordinator.targetTransform == .identity)
        #expect(runningContext(f)?.targetTransform == .identity)
        try f.advance(1.01)
        #expect(seen == [.identity, .identity])
        #expect(f.root.presentedViewController == nil)

        // A size change's coordinator (no transition context) too.
        let log = EventLog()
        let home = RecordingViewController(id: "home", log: log)
        let g = try TransitionFixture(size: Size(width: 1024, height: 768))
        g.window.rootViewController = home
        var sizeTarget: AffineTransform?
        home.onSizeTransition = { _, coordinator in
            #expect(coordinator.transitionContext == nil)
            sizeTarget = coordinator.targetTransform
        }
        try g.window.setSize(Size(width: 900, height: 700))
        #expect(sizeTarget == .identity)
    }

    // MARK: isAnimated

    @Test(arguments: [true, false])
    func isAnimatedFollowsThePresentAndDismissCalls(animated: Bool) throws {
        var seen: [String] = []
        var coordinators: [TransitionCoordinator] = []
        func record(_ label: String, _ controller: ScriptedPresentationController) throws {
            let coordinator = try #require(controller.presentedViewController.transitionCoordinator)
            let context = try #require(coordinator.transitionContext)
            coordinators.append(coordinator)
            seen.append("\(label): context \(context.isAnimated), coordinator \(coordinator.isAnimated)")
        }
        let s = try scene { try record("presentation", $0) }
        let f = s.f
        var presented: Bool?
        try f.root.present(s.details, animated: animated) { presented = $0 }
        try f.advance(oneFrame)
        // Without animation the presentation ends at the tick it begins; with it, 1 s later.
        #expect(presented == (animated ? nil : true))
        try f.advance(1.01)
        #expect(presented == true)
        let controller = try #require(s.controller())
        controller.dismissalWillBegin = { try record("dismissal", $0) }
        var dismissed: Bool?
        try s.details.dismiss(animated: animated) { dismissed = $0 }
        try f.advance(oneFrame)
        #expect(dismissed == (animated ? nil : true))
        try f.advance(1.01)
        #expect(dismissed == true)
        #expect(seen == [
            "presentation: context \(animated), coordinator \(animated)",
            "dismissal: context \(animated), coordinator \(animated)",
        ])
        // The coordinators go on answering once their transitions ended.
        #expect(coordinators.map(\.isAnimated) == [animated, animated])
        // The animator runs only for animated transitions.
        #expect(s.animator.animateCalls == (animated ? 2 : 0))
        #expect(f.diagnostics.isEmpty)
    }

    @Test func anAlongsideAnimationOfANonAnimatedTransitionLandsAtOnce() throws {
        let dimming = View(id: "dimming", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        dimming.alpha = 0
        var completions = 0
        let s = try scene { controller in
            controller.containerView?.insertSubview(dimming, at: 0)
            let coordinator = try #require(controller.presentedViewController.transitionCoordinator)
            #expect(!coordinator.isAnimated)
            coordinator.animateAlongsideTransition(
                in: dimming, animation: { _ in dimming.alpha = 1 }, completion: { _ in completions += 1 })
        }
        var presented: Bool?
        try s.f.root.present(s.details, animated: false) { presented = $0 }
        try s.f.advance(oneFrame)
        #expect(presented == true)
        #expect(completions == 1)
        #expect(dimming.alpha == 1)
        #expect(dimming.presentation.alpha == 1)
        #expect(!dimming.isAnimating(.alpha))
    }

    // MARK: Retention (Docs/Transitions.md, "Retention")

    /// Presents `details` with a hand-off delegate whose animator, interaction controller and
    /// presentation controller the test sees only through weak references; `dropDelegate` makes
    /// the view controller let go of the delegate while the transition runs.
    @Test(arguments: [false, true])
    func theHostRetainsTheRoleObjectsUntilTheTransitionEnds(dropDelegate: Bool) throws {
        let f = try TransitionFixture()
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .custom
        let roles = WatchedRoles(on: details)
        func now() -> String { roles.alive }
        // Until the transition begins, the delegate holds the roles (the controller is not made yet).
        #expect(now() == "delegate animator interaction")

        var atCompletion: String?
        try f.root.present(details, animated: true) { _ in atCompletion = now() }
        try f.advance(oneFrame)
        // The delegate has let go of everything it vended: the host holds them now.
        #expect(now() == "delegate animator interaction controller")
        #expect(runningContext(f)?.isInteractive == true)
        if dropDelegate {
            details.transitioningDelegate = nil
            #expect(now() == "delegate animator interaction controller")
        }
        roles.interaction?.update(0.5)
        try f.advance(0.5)
        #expect(now() == "delegate animator interaction controller")
        #expect(isApprox(details.view.presentation.frame.minX, 195, tolerance: 1e-9))
        roles.interaction?.finish()
        // The rest (0.5 × 1 s, ease-in-out) ends within 0.55 s.
        try f.advance(0.45)
        #expect(atCompletion == nil)
        #expect(now() == "delegate animator interaction controller")
        try f.advance(0.1)

        // Step 14 still found every role object alive …
        #expect(atCompletion == "delegate animator interaction controller")
        #expect(f.root.presentedViewController === details)
        // … and once the transition is over the per-transition ones are gone. The presentation
        // controller stays with the presentation (the dismissal uses it), the delegate with the
        // view controller as long as it holds it.
        #expect(now() == (dropDelegate ? "controller" : "delegate controller"))
        #expect(details.presentationController === roles.controller)
        details.transitioningDelegate = nil
        #expect(now() == "controller")

        // The dismissal (built-in animator: there is no delegate any more) ends the presentation,
        // and with it the presentation controller.
        var atDismissalCompletion: String?
        try details.dismiss(animated: true) { _ in atDismissalCompletion = now() }
        try f.advance(oneFrame)
        #expect(now() == "controller")
        try f.advance(1)
        #expect(atDismissalCompletion == "controller")
        #expect(f.root.presentedViewController == nil)
        #expect(now() == "")
        #expect(f.diagnostics.isEmpty)
    }

    @Test func aCancelledTransitionAlsoKeepsItsRolesUntilItsCompletionAndFreesThemAfter() throws {
        let f = try TransitionFixture()
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .custom
        let roles = WatchedRoles(on: details)
        func now() -> String { roles.alive }
        var atCompletion: (completed: Bool, alive: String)?
        try f.root.present(details, animated: true) { atCompletion = ($0, now()) }
        try f.advance(oneFrame)
        details.transitioningDelegate = nil
        roles.interaction?.update(0.4)
        roles.interaction?.cancel()
        // Back to 0 in 0.4 × 1 s.
        try f.advance(0.35)
        #expect(atCompletion == nil)
        try f.advance(0.1)
        #expect(atCompletion?.completed == false)
        #expect(atCompletion?.alive == "delegate animator interaction controller")
        // A cancelled presentation has no presentation left: everything is freed.
        #expect(details.presentationController == nil)
        #expect(now() == "")
        #expect(f.diagnostics.isEmpty)
    }
}
