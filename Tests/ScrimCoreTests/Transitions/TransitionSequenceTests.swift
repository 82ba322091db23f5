import Testing
@testable import ScrimCore

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
