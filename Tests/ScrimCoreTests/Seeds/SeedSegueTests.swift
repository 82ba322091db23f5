import Testing
@testable import ScrimCore
import ScrimTestSupport

/// The seed's segue listings: Listing 9-1 (a segue performed from code when the device turns) and
/// Listing 9-2 (a custom segue presenting without animation).
@MainActor @Suite struct SeedSegueTests {
    let tick = 1.0 / 60

    func scene() throws -> (TransitionFixture, AlternateViewController) {
        let f = try TransitionFixture(size: Size(width: 390, height: 844))
        let storyboard = Storyboard()
        storyboard.register(viewController: "alternate") { id in
            let alternate = ViewController(id: id)
            alternate.modalPresentationStyle = .fullScreen
            return alternate
        }
        storyboard.register(segueClass: "immediate") { ImmediateSegue(identifier: $0, source: $1, destination: $2) }
        let root = AlternateViewController(id: "portrait")
        root.storyboard = storyboard
        root.segueTemplates = [
            SegueTemplate(identifier: "DisplayAlternateView", kind: .present, destination: "alternate"),
            SegueTemplate(identifier: "immediately", kind: .custom, destination: "alternate", segueClass: "immediate"),
        ]
        f.window.rootViewController = root
        return (f, root)
    }

    @Test func listing9_1PerformsTheSegueOnceWhenTheWindowTurnsToLandscape() throws {
        let (f, root) = try scene()
        try f.window.setSize(Size(width: 844, height: 390))
        try f.advance(1)
        #expect(root.isShowingLandscapeView)
        #expect(root.presentedViewController?.id == "alternate")
        #expect(root.performed.map(\.identifier) == ["DisplayAlternateView"])
        // Still landscape: not again.
        try f.window.setSize(Size(width: 800, height: 400))
        try f.advance(1)
        #expect(root.performed.count == 1)
        // Portrait: the alternate view goes; landscape again: a new instance (the first is still
        // held by the recorded segue, so it is numbered).
        try f.window.setSize(Size(width: 390, height: 844))
        try f.advance(1)
        #expect(root.presentedViewController == nil && !root.isShowingLandscapeView)
        try f.window.setSize(Size(width: 844, height: 390))
        try f.advance(1)
        #expect(root.presentedViewController?.id == "alternate#2")
        #expect(root.performed.map(\.destination.id) == ["alternate", "alternate#2"])
    }

    @Test func listing9_2PresentsWithoutAnimation() throws {
        let (f, root) = try scene()
        var completions: [Bool] = []
        let segue = try root.performSegue(withIdentifier: "immediately", sender: nil) { completions.append($0) }
        #expect(segue is ImmediateSegue)
        try f.advance(tick)
        #expect(root.presentedViewController === segue.destination)
        #expect(segue.destination.view.presentation.frame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(!f.trace.contains { $0.hasPrefix("animateTransition") })
        #expect(completions == [true])
    }
}
