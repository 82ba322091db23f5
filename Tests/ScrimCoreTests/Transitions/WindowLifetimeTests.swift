import Testing
@testable import ScrimCore
import ScrimTestSupport

/// A window that goes away takes everything in it along, whatever is running: its engine, its root
/// view controller and the view controllers presented or being presented in it (no cycle keeps
/// them; `scripts/test-sanitized` checks the whole suite for leaks as well).
@MainActor @Suite struct WindowLifetimeTests {
    /// What stays alive once a scene's last strong references went.
    struct Survivors {
        weak var window: Window?
        weak var engine: AnimationEngine?
        weak var root: ViewController?
        weak var presented: ViewController?
        weak var controller: PresentationController?

        var alive: [String] {
            let objects: [(String, AnyObject?)] = [
                ("window", window), ("engine", engine), ("root", root), ("presented", presented), ("controller", controller),
            ]
            return objects.filter { $0.1 != nil }.map(\.0)
        }
    }

    /// Builds a fixture, runs `body` on it, and reports what is still alive once both are gone.
    func survivors(_ body: (TransitionFixture, inout Survivors) throws -> Void) throws -> [String] {
        var survivors = Survivors()
        try {
            let f = try TransitionFixture()
            survivors.window = f.window
            survivors.engine = f.engine
            survivors.root = f.root
            try body(f, &survivors)
        }()
        return survivors.alive
    }

    @Test func aWindowGoingAwayDuringASizeChangeIsReleased() throws {
        let alive = try survivors { f, _ in
            try f.window.setSize(Size(width: 300, height: 600))
            try f.advance(0.1)
            #expect(f.window.engine.activeGroupCount > 0)
        }
        #expect(alive == [])
    }

    @Test(arguments: [ModalPresentationStyle.fullScreen, .overFullScreen])
    func aWindowGoingAwayDuringAPresentationReleasesItsViewControllers(_ style: ModalPresentationStyle) throws {
        let alive = try survivors { f, survivors in
            let details = ViewController(id: "details")
            details.modalPresentationStyle = style
            details.transitioningDelegate = FixtureDelegate(animator: SlideAnimator())
            try f.root.present(details, animated: true)
            try f.advance(oneFrame + 0.3)
            #expect(details.transitionCoordinator != nil)
            survivors.presented = details
            survivors.controller = details.presentationController
        }
        #expect(alive == [])
    }

    @Test func aWindowGoingAwayDuringAnInteractivePresentationReleasesItsViewControllers() throws {
        let alive = try survivors { f, survivors in
            let details = ViewController(id: "details")
            let interaction = PercentDrivenInteractiveTransition()
            details.transitioningDelegate = FixtureDelegate(animator: SlideAnimator(), interaction: interaction)
            try f.root.present(details, animated: true)
            try f.advance(oneFrame)
            interaction.update(0.4)
            try f.advance(0.1)
            #expect(details.transitionCoordinator?.isInteractive == true)
            survivors.presented = details
            survivors.controller = details.presentationController
        }
        #expect(alive == [])
    }

    @Test func aWindowGoingAwayDuringADismissalReleasesItsViewControllers() throws {
        let alive = try survivors { f, survivors in
            let details = ViewController(id: "details")
            details.modalPresentationStyle = .custom
            details.transitioningDelegate = SeedDelegate(animator: DiagonalAnimator(), usesDimming: true)
            try f.root.present(details, animated: false)
            try f.advance(oneFrame)
            try details.dismiss(animated: true)
            try f.advance(oneFrame + 0.2)
            #expect(details.transitionCoordinator != nil)
            survivors.presented = details
            survivors.controller = details.presentationController
        }
        #expect(alive == [])
    }

    @Test func aWindowGoingAwayWithAViewControllerPresentedReleasesIt() throws {
        let alive = try survivors { f, survivors in
            let details = ViewController(id: "details")
            details.modalPresentationStyle = .custom
            details.transitioningDelegate = SeedDelegate(animator: DiagonalAnimator(), usesDimming: true)
            try f.root.present(details, animated: true)
            try f.advance(oneFrame + 1)
            #expect(f.root.presentedViewController === details)
            survivors.presented = details
            survivors.controller = details.presentationController
        }
        #expect(alive == [])
    }
}
