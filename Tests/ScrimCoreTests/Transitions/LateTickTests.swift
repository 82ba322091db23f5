import Testing
@testable import ScrimCore
import ScrimTestSupport

/// A real-time clock whose tick comes late (a stalled process, a loaded machine): the watchdog
/// runs after the tick's animations and completions, so a transition whose animation ends in that
/// tick completes instead of being cancelled as a fault.
@MainActor @Suite struct LateTickTests {
    /// Seconds of the injected monotonic time source.
    final class FakeTime {
        var now = 100.0
    }

    /// A window with a root view controller, on a 60 fps DisplayLink that reads `FakeTime`.
    func lateWindow() throws -> (FakeTime, DisplayLink, Window) {
        let time = FakeTime()
        let clock = try DisplayLink(frameRate: 60, timeSource: { time.now })
        let window = Window(engine: AnimationEngine(clock: clock))
        window.rootViewController = ViewController(id: "root")
        return (time, clock, window)
    }

    @Test func aLateTickLetsTheAnimationCompleteInsteadOfFaultingIt() throws {
        let (time, clock, window) = try lateWindow()
        let root = try #require(window.rootViewController)
        var events: [TransitionEvent] = []
        window.addTransitionObserver { events.append($0) }
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        details.transitioningDelegate = FixtureDelegate(animator: SlideAnimator(duration: 0.5))
        var completed: Bool?
        try root.present(details, animated: true) { completed = $0 }
        #expect(clock.fire())  // the transition begins
        time.now += 5  // the next tick comes 5 s late: past duration + 2 s
        #expect(clock.fire())
        #expect(completed == true)
        #expect(details.view.presentation.frame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(!events.contains { if case .diagnostic = $0 { true } else { false } })
    }

    @Test func anAnimatorThatNeverCompletesIsStillCancelledOnALateTick() throws {
        let (time, clock, window) = try lateWindow()
        let root = try #require(window.rootViewController)
        var diagnostics: [TransitionDiagnostic] = []
        window.addTransitionObserver { if case .diagnostic(let diagnostic) = $0 { diagnostics.append(diagnostic) } }
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        details.transitioningDelegate = FixtureDelegate(animator: ScriptedAnimator("silent", duration: 0.5) { _, _ in })
        var completed: Bool?
        try root.present(details, animated: true) { completed = $0 }
        #expect(clock.fire())
        time.now += 5
        #expect(clock.fire())
        #expect(completed == false)
        #expect(diagnostics.map(\.message) == [
            "'silent' did not call completeTransition within its duration (0.5 s) + 2 s; the host cancelled the transition",
        ])
        #expect(root.view.window === window)
    }
}
