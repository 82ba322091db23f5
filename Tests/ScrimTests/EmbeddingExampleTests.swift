import Foundation
import Scrim
import Testing
import ScrimTestSupport

// The complete example of Docs/Embedding.md, compiled and run as a test. Keep the two in step.

/// Slides the presented view up from the bottom edge, and back down on dismissal.
@MainActor
final class SlideUpAnimator: AnimatedTransitioning {
    let duration: Double

    init(options: RoleOptions) {
        duration = options["duration"]?.number ?? 0.4
    }

    func transitionDuration(using context: TransitionContext?) throws -> Double { duration }

    func animateTransition(using context: TransitionContext) throws {
        let container = context.containerView
        let presenting = context.isPresenting
        guard let view = context.view(forKey: presenting ? .to : .from) else {
            return context.completeTransition(false)
        }
        let shown = presenting ? context.finalFrame(for: context.viewController(forKey: .to)!) : view.frame
        let hidden = shown.offsetBy(dx: 0, dy: container.bounds.height - shown.minY)
        if presenting {
            container.addSubview(view)
            View.performWithoutAnimation { view.frame = hidden }
        }
        try View.animate(
            withDuration: duration, options: .curveEaseOut,
            animations: { view.frame = presenting ? shown : hidden },
            completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
    }
}

/// Shows the presented view in the bottom half of the window.
@MainActor
final class HalfSheetController: PresentationController {
    override var frameOfPresentedViewInContainerView: Rect {
        guard let bounds = containerView?.bounds else { return .zero }
        return Rect(x: 0, y: bounds.height / 2, width: bounds.width, height: bounds.height / 2)
    }
}

@MainActor
func runEmbeddingExample() throws -> [String] {
    let host = try ScrimHost(clock: .manual(frameRate: 60))
    host.register(animator: "slideUp") { options in SlideUpAnimator(options: options) }
    host.register(presentation: "halfSheet") { _, presented, presenting in
        HalfSheetController(presentedViewController: presented, presenting: presenting)
    }
    var log: [String] = []
    host.onDiagnostics { diagnostic in log.append("diagnostic: \(diagnostic)") }

    let details = ViewController(id: "details")
    details.modalPresentationStyle = .custom
    details.transitioningDelegate = try host.delegate(
        animator: "slideUp", presentation: "halfSheet", options: ["duration": .number(0.5)])
    try host.rootViewController.present(details, animated: true) { completed in log.append("presented: \(completed)") }

    host.advance(by: 0.3)
    log.append("at 0.3 s: y = \(details.view.presentation.frame.minY)")
    host.advance(by: 0.3)
    log.append("at 0.6 s: y = \(details.view.presentation.frame.minY)")

    try details.dismiss(animated: true) { completed in log.append("dismissed: \(completed)") }
    host.advance(by: 1)
    return log
}

@MainActor @Suite struct EmbeddingExampleTests {
    @Test func theDocumentedExampleRuns() throws {
        let log = try runEmbeddingExample()
        // The transition begins at the first tick (1/60 s); 0.3 s later the view is
        // easeOut(0.2833 / 0.5) of the way from y = 844 to y = 422.
        let progress = CubicBezier.easeOut.progress(at: (0.3 - 1.0 / 60) / 0.5)
        let expected = 844 - 422 * progress
        #expect(log.count == 4)
        #expect(log[0].hasPrefix("at 0.3 s: y = "))
        let y = Double(log[0].dropFirst("at 0.3 s: y = ".count))!
        #expect(abs(y - expected) < 1e-9)
        #expect(Array(log.dropFirst()) == ["presented: true", "at 0.6 s: y = 422.0", "dismissed: true"])
    }
}

/// The snippets of Docs/Embedding.md that use the shipped plugins: they advance the clock far
/// enough for their completions to run, and print what the page says.
@MainActor @Suite struct EmbeddingSnippetTests {
    static let plugins = Repository.plugins

    @Test func theLuaPluginsSnippetPresentsWithinItsAdvance() throws {
        let host = try ScrimHost(plugins: Self.plugins, clock: .manual(frameRate: 60))
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .custom
        details.transitioningDelegate = try host.delegate(
            animator: "pop", presentation: "dimming", options: ["originFrame": .rect(Rect(x: 20, y: 120, width: 350, height: 200))])
        var presented: [Bool] = []
        try host.rootViewController.present(details, animated: true) { completed in presented.append(completed) }
        host.advance(by: 1.0 / 60 + 0.8)
        #expect(presented == [true])
        #expect("\(details.view.presentation.frame)" == "(195, 0, 195, 844)")
    }

    @Test func thePercentSnippetFinishesWithinItsAdvance() throws {
        let host = try ScrimHost()
        host.register(animator: "slideUp") { options in SlideUpAnimator(options: options) }
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        details.transitioningDelegate = try host.delegate(animator: "slideUp", interaction: "percent")
        var presented: [Bool] = []
        try host.rootViewController.present(details, animated: true) { presented.append($0) }
        host.advance(by: 1.0 / 60)
        let context = host.window.transitionContexts[0]
        context.updateInteractiveTransition(0.5)
        #expect(details.view.presentation.frame.minY > 266.16 && details.view.presentation.frame.minY < 266.17)
        context.finishInteractiveTransition()
        host.advance(by: 0.25)
        #expect(presented == [true])
    }
}

@MainActor @Suite struct ScrimHostTests {
    @Test func unknownRolesAreNamedWithTheKnownOnes() throws {
        let host = try ScrimHost()
        host.register(animator: "fade") { _ in SlideUpAnimator(options: [:]) }
        #expect(throws: HostError.unknownRole(kind: .animator, name: "fda", known: ["fade"])) {
            _ = try host.delegate(animator: "fda")
        }
        #expect("\(HostError.unknownRole(kind: .animator, name: "fda", known: ["fade"]))" == "no animator named 'fda'; known: fade")
        #expect(throws: HostError.emptyDelegate) { _ = try host.delegate() }
        #expect(host.roleNames(.interaction) == ["percent"])
    }

    @Test func eachTransitionGetsNewInstancesWithTheOptions() throws {
        let host = try ScrimHost()
        var made: [Double] = []
        host.register(animator: "slideUp") { options in
            made.append(options["duration"]?.number ?? -1)
            return SlideUpAnimator(options: options)
        }
        let details = ViewController(id: "details")
        details.modalPresentationStyle = .fullScreen
        details.transitioningDelegate = try host.delegate(animator: "slideUp", options: ["duration": .number(0.2)])
        try host.rootViewController.present(details, animated: true)
        host.advance(by: 0.5)
        try details.dismiss(animated: true)
        host.advance(by: 0.5)
        #expect(made == [0.2, 0.2])
        #expect(host.rootViewController.presentedViewController == nil)
    }

    @Test func invalidFrameRatesThrow() {
        #expect(throws: HostError.invalidFrameRate(0)) { _ = try ScrimHost(clock: .manual(frameRate: 0)) }
        #expect(throws: HostError.invalidFrameRate(2000)) { _ = try ScrimHost(clock: .realTime(frameRate: 2000)) }
    }

    @Test func aFailingFactoryBecomesADiagnosticAndTheTransitionIsCancelled() throws {
        struct Refused: Error, CustomStringConvertible { var description: String { "no, thanks" } }
        let host = try ScrimHost()
        host.register(animator: "broken") { _ in throw Refused() }
        var diagnostics: [String] = []
        host.onDiagnostics { diagnostics.append("\($0)") }
        let details = ViewController(id: "details")
        details.transitioningDelegate = try host.delegate(animator: "broken")
        var completed: Bool?
        try host.rootViewController.present(details, animated: true) { completed = $0 }
        host.advance(by: 0.1)
        #expect(completed == false)
        #expect(diagnostics == ["delegate 'delegate(broken)': animationControllerForPresented threw: no, thanks"])
        #expect(host.window.subviews.map(\.id) == ["root"])
    }
}
