import Testing
@testable import ScrimCore
import ScrimTestSupport

@MainActor @Suite struct TransitionSequenceTests {
    @Test func presentationRunsTheStepsInOrderAndBeginsOnTheNextTick() throws {
        let f = try TransitionFixture()
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        details.transitioningDelegate = FixtureDelegate(animator: SlideAnimator())
        var completed: Bool?
        try f.root.present(details, animated: true) { completed = $0 }
        #expect(f.trace.isEmpty)
        try f.advance(1.0 / 60)
        #expect(f.trace == [
            "animationControllerForPresented(delegate)", "interactionControllerForPresentation(delegate)",
            "viewWillDisappear(root)", "viewWillAppear(details)",
            "presentationTransitionWillBegin(StylePresentationController)", "transitionDuration(slide)",
            "animateTransition(slide)",
        ])
        #expect(details.view.presentation.frame.minX == 390)
        try f.advance(0.5)
        #expect(abs(details.view.presentation.frame.minX - 195) < 1e-9)
        try f.advance(0.49)
        #expect(completed == nil)
        try f.advance(0.02)
        #expect(completed == true)
        #expect(Array(f.trace.dropFirst(7)) == [
            "completeTransition(slide)", "presentationTransitionDidEnd(StylePresentationController)",
            "animationEnded(slide)", "viewDidAppear(details)", "viewDidDisappear(root)", "completion(details)",
        ])
        #expect(f.root.presentedViewController === details)
        #expect(details.presentingViewController === f.root)
        #expect(f.root.view.superview == nil)
        #expect(details.view.superview?.id == "details.container")
        #expect(f.diagnostics.isEmpty)
    }
}

@MainActor @Suite struct TransitionSmokeTests {
    func presented(_ f: TransitionFixture, delegate: FixtureDelegate) throws -> ViewController {
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        details.transitioningDelegate = delegate
        try f.root.present(details, animated: false)
        try f.advance(1.0 / 60)
        f.clearEvents()
        return details
    }

    @Test func dismissalRestoresThePresenter() throws {
        let f = try TransitionFixture()
        let details = try presented(f, delegate: FixtureDelegate(animator: SlideAnimator()))
        #expect(f.root.view.superview == nil)
        var completed: Bool?
        try details.dismiss(animated: true) { completed = $0 }
        try f.advance(1.0 / 60)
        #expect(f.root.view.superview === f.window)
        try f.advance(1.01)
        #expect(completed == true)
        #expect(f.root.presentedViewController == nil)
        #expect(details.view.superview == nil)
        #expect(f.window.subviews.map(\.id) == ["root"])
        #expect(f.trace == [
            "animationControllerForDismissed(delegate)", "interactionControllerForDismissal(delegate)",
            "viewWillDisappear(details)", "viewWillAppear(root)",
            "dismissalTransitionWillBegin(StylePresentationController)", "transitionDuration(slide)",
            "animateTransition(slide)", "completeTransition(slide)",
            "dismissalTransitionDidEnd(StylePresentationController)", "animationEnded(slide)",
            "viewDidDisappear(details)", "viewDidAppear(root)", "completion(details)",
        ])
    }

    @Test func interactiveCancelRestoresEverything() throws {
        let f = try TransitionFixture()
        let interaction = PercentDrivenInteractiveTransition()
        let details = try presented(f, delegate: FixtureDelegate(animator: SlideAnimator(), interaction: interaction))
        let before = details.view.frame
        var completed: Bool?
        try details.dismiss(animated: true) { completed = $0 }
        try f.advance(1.0 / 60)
        #expect(interaction.percentComplete == 0)
        interaction.update(0.5)
        #expect(abs(details.view.presentation.frame.minX - 195) < 1e-9)
        try f.advance(1)
        #expect(abs(details.view.presentation.frame.minX - 195) < 1e-9)
        interaction.cancel()
        try f.advance(0.25)
        #expect(abs(details.view.presentation.frame.minX - 97.5) < 1)
        try f.advance(0.3)
        #expect(completed == false)
        #expect(details.view.frame == before)
        #expect(details.view.presentation.frame == before)
        #expect(f.root.presentedViewController === details)
        #expect(f.root.view.superview == nil)
        #expect(f.diagnostics.isEmpty)
    }

    @Test func interactiveFinishCompletes() throws {
        let f = try TransitionFixture()
        let interaction = PercentDrivenInteractiveTransition()
        let details = try presented(f, delegate: FixtureDelegate(animator: SlideAnimator(), interaction: interaction))
        var completed: Bool?
        try details.dismiss(animated: true) { completed = $0 }
        try f.advance(1.0 / 60)
        interaction.update(0.5)
        interaction.finish()
        try f.advance(0.6)
        #expect(completed == true)
        #expect(f.root.presentedViewController == nil)
        #expect(f.diagnostics.isEmpty)
    }

    @Test func watchdogCancelsAnAnimatorThatNeverCompletes() throws {
        final class Silent: AnimatedTransitioning {
            func transitionDuration(using context: TransitionContext?) throws -> Double { 0.5 }
            func animateTransition(using context: TransitionContext) throws {
                context.containerView.addSubview(context.view(forKey: .to)!)
            }
        }
        let f = try TransitionFixture()
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        details.transitioningDelegate = FixtureDelegate(animator: Silent())
        var completed: Bool?
        try f.root.present(details, animated: true) { completed = $0 }
        try f.advance(2.5)
        #expect(completed == nil)
        try f.advance(0.1)
        #expect(completed == false)
        #expect(f.diagnostics.map(\.message) == [
            "'Silent' did not call completeTransition within its duration (0.5 s) + 2 s; the host cancelled the transition"
        ])
        #expect(f.window.subviews.map(\.id) == ["root"])
    }
}
