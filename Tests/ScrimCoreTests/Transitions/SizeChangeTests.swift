import Testing
@testable import ScrimCore
import ScrimTestSupport

/// Docs/Transitions.md, "Size changes", and step 8 of "Presentation" (container layout):
/// `Window.setSize` while a sheet is presented in a regular-width window.
@MainActor @Suite struct SizeChangeTests {
    let regular = Rect(x: 0, y: 0, width: 1024, height: 768)
    let smaller = Size(width: 900, height: 700)

    struct Scene {
        let f: TransitionFixture
        let home: RecordingViewController
        let sheet: RecordingViewController
        let log: EventLog
        let container: View
    }

    /// A 1024×768 window whose recording root `home` presents `sheet` (style `style`); the
    /// presentation has ended and the log is empty.
    func scene(
        _ style: ModalPresentationStyle, configure: ((RecordingPresentationController) -> Void)? = nil
    ) throws -> Scene {
        let f = try TransitionFixture(size: regular.size)
        let log = EventLog()
        let home = RecordingViewController(id: "home", log: log)
        f.window.rootViewController = home
        let sheet = RecordingViewController(id: "sheet", log: log)
        sheet.modalPresentationStyle = style
        // Let go of once the presentation is made: it may capture the controller, which holds
        // `sheet`, which holds the delegate and so the closure below.
        var configure = configure
        if style == .custom {
            sheet.transitioningDelegate = FixtureDelegate { presented, presenting in
                let made = RecordingPresentationController(presentedViewController: presented, presenting: presenting)
                made.log = log
                configure?(made)
                return made
            }
        }
        var completed: Bool?
        try home.present(sheet, animated: true) { completed = $0 }
        try f.advance(oneFrame + 0.51)
        configure = nil
        #expect(completed == true)
        let container = try #require(sheet.view.superview)
        log.clear()
        f.clearEvents()
        return Scene(f: f, home: home, sheet: sheet, log: log, container: container)
    }

    /// The interpolation of a rectangle at `progress`.
    func between(_ from: Rect, _ to: Rect, _ progress: Double) -> Rect {
        Rect(
            x: from.minX + (to.minX - from.minX) * progress, y: from.minY + (to.minY - from.minY) * progress,
            width: from.width + (to.width - from.width) * progress,
            height: from.height + (to.height - from.height) * progress)
    }

    // MARK: Built-in sheets

    @Test(arguments: [
        (ModalPresentationStyle.formSheet, Rect(x: 242, y: 74, width: 540, height: 620), Rect(x: 180, y: 40, width: 540, height: 620)),
        (.pageSheet, Rect(x: 160, y: 40, width: 704, height: 688), Rect(x: 98, y: 40, width: 704, height: 620)),
    ])
    func aSheetIsLaidOutAgainInTheSizeAnimation(_ style: ModalPresentationStyle, _ before: Rect, _ after: Rect) throws {
        let s = try scene(style)
        let newBounds = Rect(origin: .zero, size: smaller)
        #expect(s.sheet.view.frame == before)
        try s.f.window.setSize(smaller)
        #expect(s.log.entries == ["home.viewWillTransition(900x700)", "sheet.viewWillTransition(900x700)"])
        #expect(s.f.window.bounds == newBounds)
        #expect(s.f.window.traitCollection.horizontalSizeClass == .regular)
        // The model values are the new layout at once; what is on screen follows the 0.3 s animation.
        #expect(s.container.frame == newBounds)
        #expect(s.sheet.view.frame == after)
        #expect(s.home.view.frame == newBounds)

        try s.f.advance(0.075)
        let quarter = CubicBezier.easeInOut.progress(at: 0.25)
        #expect(isApprox(s.container.presentation.frame, between(regular, newBounds, quarter), tolerance: 1e-6))
        #expect(isApprox(s.sheet.view.presentation.frame, between(before, after, quarter), tolerance: 1e-6))
        try s.f.advance(0.075)
        #expect(isApprox(s.container.presentation.frame, between(regular, newBounds, 0.5), tolerance: 1e-6))
        #expect(isApprox(s.sheet.view.presentation.frame, between(before, after, 0.5), tolerance: 1e-6))
        #expect(isApprox(s.home.view.presentation.frame, between(regular, newBounds, 0.5), tolerance: 1e-6))
        // The dimming view was laid out for the new container size at the first tick.
        let dimming = s.container.subviews[0]
        #expect(dimming.id == "sheet.dimming")
        #expect(dimming.frame == newBounds)

        try s.f.advance(0.16)
        #expect(s.container.presentation.frame == newBounds)
        #expect(s.sheet.view.presentation.frame == after)
        #expect(s.home.view.presentation.frame == newBounds)
        #expect(dimming.presentation.frame == newBounds)
        // Never dismissed: still presented, no transition ran.
        #expect(s.home.presentedViewController === s.sheet)
        #expect(s.sheet.view.superview === s.container)
        #expect(ids(s.f.window.subviews) == ["home", "sheet.container"])
        #expect(!s.f.window.isTransitioning)
        #expect(s.f.events.isEmpty)
        #expect(s.log.entries.count == 2)
    }

    @Test(arguments: [ModalPresentationStyle.formSheet, .pageSheet])
    func regularToCompactMakesTheSheetFillTheWindow(_ style: ModalPresentationStyle) throws {
        let s = try scene(style)
        let before = s.sheet.view.frame
        let compact = Rect(x: 0, y: 0, width: 390, height: 844)
        try s.f.window.setSize(compact.size)
        #expect(s.f.window.traitCollection.horizontalSizeClass == .compact)
        #expect(s.sheet.view.frame == compact)
        try s.f.advance(0.15)
        #expect(isApprox(s.sheet.view.presentation.frame, between(before, compact, 0.5), tolerance: 1e-6))
        try s.f.advance(0.16)
        #expect(s.container.presentation.frame == compact)
        #expect(s.sheet.view.presentation.frame == compact)
        #expect(s.container.subviews[0].frame == compact)
        #expect(s.home.presentedViewController === s.sheet)
        // The presenter's view stays behind the (now full-window) sheet.
        #expect(ids(s.f.window.subviews) == ["home", "sheet.container"])
        #expect(s.f.events.isEmpty)

        // Back to regular: the sheet frame again.
        try s.f.window.setSize(regular.size)
        try s.f.advance(0.31)
        #expect(s.sheet.view.presentation.frame == before)
        #expect(s.home.presentedViewController === s.sheet)
    }

    @Test func alongsideAnimationsShareTheSizeChangeTiming() throws {
        let s = try scene(.formSheet)
        let badge = View(id: "badge", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        s.home.view.addSubview(badge)
        var coordinatorSeen: TransitionCoordinator?
        s.home.onSizeTransition = { size, coordinator in
            coordinatorSeen = coordinator
            #expect(size == Size(width: 900, height: 700))
            #expect(coordinator.transitionDuration == 0.3)
            #expect(coordinator.completionCurve == .easeInOut)
            #expect(coordinator.isAnimated)
            #expect(!coordinator.isInteractive)
            #expect(!coordinator.isCancelled)
            #expect(coordinator.viewController(forKey: .from) == nil)
            let registered = coordinator.animate(alongsideTransition: { _ in badge.alpha = 0 }) { _ in
                s.log.add("alongside.completion")
            }
            #expect(registered)
        }
        try s.f.window.setSize(smaller)
        let coordinator = try #require(coordinatorSeen)
        #expect(coordinator.containerView === s.f.window)
        #expect(badge.alpha == 0)
        #expect(badge.presentation.alpha == 1)

        try s.f.advance(0.075)
        let quarter = CubicBezier.easeInOut.progress(at: 0.25)
        #expect(isApprox(badge.presentation.alpha, 1 - quarter, tolerance: 1e-6))
        #expect(isApprox(s.container.presentation.frame.width, 1024 - 124 * quarter, tolerance: 1e-6))
        try s.f.advance(0.075)
        #expect(isApprox(badge.presentation.alpha, 0.5, tolerance: 1e-6))
        try s.f.advance(0.075)
        let threeQuarters = CubicBezier.easeInOut.progress(at: 0.75)
        #expect(isApprox(badge.presentation.alpha, 1 - threeQuarters, tolerance: 1e-6))
        #expect(isApprox(s.container.presentation.frame.width, 1024 - 124 * threeQuarters, tolerance: 1e-6))
        try s.f.advance(0.065)
        #expect(!s.log.entries.contains("alongside.completion"))
        try s.f.advance(0.02)
        #expect(s.log.entries.filter { $0 == "alongside.completion" }.count == 1)
        #expect(badge.presentation.alpha == 0)
        // Once the size change ended, the coordinator takes no more blocks.
        #expect(!coordinator.animate(alongsideTransition: { _ in badge.alpha = 1 }))
        #expect(badge.alpha == 0)
        try s.f.advance(0.5)
        #expect(s.log.entries.filter { $0 == "alongside.completion" }.count == 1)
    }

    @Test func alongsideBlockRegisteredWithoutAnAnimationStillCompletes() throws {
        let s = try scene(.pageSheet)
        var completions = 0
        s.sheet.onSizeTransition = { _, coordinator in
            coordinator.animate(alongsideTransition: nil) { _ in completions += 1 }
        }
        try s.f.window.setSize(smaller)
        try s.f.advance(0.29)
        #expect(completions == 0)
        try s.f.advance(0.02)
        #expect(completions == 1)
    }

    // MARK: Presenters whose view left the window

    @Test func aFullScreenPresenterComesBackAtTheNewSize() throws {
        let f = try TransitionFixture()
        let presented = ViewController(id: "x")
        presented.modalPresentationStyle = .fullScreen
        try f.root.present(presented, animated: true)
        try f.advance(oneFrame + 0.51)
        #expect(f.root.view.superview == nil)
        let newBounds = Rect(x: 0, y: 0, width: 420, height: 900)
        try f.window.setSize(newBounds.size)
        try f.advance(0.31)
        #expect(presented.view.presentation.frame == newBounds)
        #expect(presented.view.superview?.frame == newBounds)
        #expect(f.root.view.frame == newBounds)
        try presented.dismiss(animated: true)
        try f.advance(oneFrame)
        #expect(f.root.view.superview === f.window)
        #expect(f.root.view.presentation.frame == newBounds)
        try f.advance(0.51)
        #expect(ids(f.window.subviews) == ["root"])
        #expect(f.root.view.presentation.frame == newBounds)
    }

    @Test func aPresentationFromAChildViewControllerIsLaidOutAgain() throws {
        let f = try TransitionFixture()
        let log = EventLog()
        let nav = ViewController(id: "nav")
        f.root.addChild(nav)
        nav.view.frame = f.window.bounds
        f.root.view.addSubview(nav.view)
        let presented = RecordingViewController(id: "x", log: log)
        presented.modalPresentationStyle = .fullScreen
        try nav.present(presented, animated: true)
        try f.advance(oneFrame + 0.51)
        #expect(presented.presentingViewController === nav)
        let container = try #require(presented.view.superview)
        log.clear()
        let newBounds = Rect(x: 0, y: 0, width: 420, height: 900)
        try f.window.setSize(newBounds.size)
        #expect(log.entries.contains("x.viewWillTransition(420x900)"))
        try f.advance(0.31)
        #expect(container.frame == newBounds)
        #expect(presented.view.frame == newBounds)
        #expect(presented.view.presentation.frame == newBounds)
    }

    /// root.view ⊃ context.view at (100, 50, 400, 300); context defines the presentation context
    /// and presents a recording view controller "x" in `style`.
    func currentContextScene(
        _ style: ModalPresentationStyle
    ) throws -> (TransitionFixture, RecordingViewController, View, EventLog) {
        let f = try TransitionFixture(size: regular.size)
        let log = EventLog()
        let context = ViewController(id: "context")
        context.definesPresentationContext = true
        f.root.addChild(context)
        context.view.frame = Rect(x: 100, y: 50, width: 400, height: 300)
        f.root.view.addSubview(context.view)
        let presented = RecordingViewController(id: "x", log: log)
        presented.modalPresentationStyle = style
        try context.present(presented, animated: true)
        try f.advance(oneFrame + 0.51)
        #expect(presented.presentingViewController === context)
        let container = try #require(presented.view.superview)
        #expect(container.frame == Rect(x: 100, y: 50, width: 400, height: 300))
        log.clear()
        return (f, presented, container, log)
    }

    @Test(arguments: [ModalPresentationStyle.currentContext, .overCurrentContext])
    func aCurrentContextContainerStaysOverItsContextAcrossASizeChange(_ style: ModalPresentationStyle) throws {
        let (f, presented, container, log) = try currentContextScene(style)
        // Still regular: the context's view keeps its frame, and so does the presentation over it.
        try f.window.setSize(Size(width: 1000, height: 760))
        #expect(log.entries == ["x.viewWillTransition(1000x760)"])
        try f.advance(0.31)
        #expect(container.frame == Rect(x: 100, y: 50, width: 400, height: 300))
        #expect(container.presentation.frame == Rect(x: 100, y: 50, width: 400, height: 300))
        #expect(presented.view.frame == Rect(x: 0, y: 0, width: 400, height: 300))
        #expect(f.root.presentedViewController == nil)
        #expect(f.window.subviews.last === container)
    }

    // MARK: Custom presentation controllers

    func inset(_ size: Size) -> Rect { Rect(x: 100, y: 50, width: size.width - 200, height: size.height - 100) }

    @Test func aCustomPresentationControllerHearsTheSizeChangeAndLaysOutAgain() throws {
        var made: RecordingPresentationController?
        let s = try scene(.custom) { controller in
            controller.frameInContainer = { size in
                Rect(x: 100, y: 50, width: size.width - 200, height: size.height - 100)
            }
            made = controller
        }
        let controller = try #require(made)
        #expect(controller.calls == [
            "presentationTransitionWillBegin", "containerViewWillLayoutSubviews(1024x768)",
            "containerViewDidLayoutSubviews(1024x768)", "presentationTransitionDidEnd(true)",
        ])
        #expect(s.sheet.view.frame == inset(regular.size))
        controller.calls = []
        let chrome = View(id: "chrome", frame: Rect(x: 0, y: 0, width: 1024, height: 20))
        s.container.insertSubview(chrome, at: 0)
        controller.onSizeTransition = { size, coordinator in
            coordinator.animate(alongsideTransition: { _ in chrome.frame = Rect(x: 0, y: 0, width: size.width, height: 20) })
        }

        try s.f.window.setSize(smaller)
        #expect(s.log.entries == [
            "home.viewWillTransition(900x700)", "sheet.viewWillTransition(900x700)",
            "controller.viewWillTransition(900x700)",
        ])
        #expect(controller.calls == ["viewWillTransition(900x700)"])
        #expect(s.sheet.view.frame == inset(smaller))

        try s.f.advance(oneFrame)
        #expect(controller.calls == [
            "viewWillTransition(900x700)", "containerViewWillLayoutSubviews(900x700)",
            "containerViewDidLayoutSubviews(900x700)",
        ])
        try s.f.advance(0.15 - oneFrame)
        #expect(isApprox(s.sheet.view.presentation.frame, between(inset(regular.size), inset(smaller), 0.5), tolerance: 1e-6))
        #expect(isApprox(chrome.presentation.frame.width, 962, tolerance: 1e-6))
        try s.f.advance(0.16)
        #expect(s.sheet.view.presentation.frame == inset(smaller))
        #expect(chrome.presentation.frame.width == 900)
        // Laid out once for the new size, not on every frame; the traits did not change.
        #expect(controller.calls.count == 3)
        #expect(s.home.presentedViewController === s.sheet)
        #expect(s.f.events.isEmpty)
    }

    @Test func crossingTheCompactLimitTellsTheControllerTheTraitsChanged() throws {
        var made: RecordingPresentationController?
        let s = try scene(.custom) { made = $0 }
        let controller = try #require(made)
        controller.calls = []
        try s.f.window.setSize(Size(width: 500, height: 800))
        #expect(controller.calls == ["viewWillTransition(500x800)", "traitCollectionDidChange(regular)"])
        try s.f.advance(0.31)
        #expect(controller.calls == [
            "viewWillTransition(500x800)", "traitCollectionDidChange(regular)",
            "containerViewWillLayoutSubviews(500x800)", "containerViewDidLayoutSubviews(500x800)",
        ])
        controller.calls = []
        try s.f.window.setSize(Size(width: 1000, height: 800))
        #expect(controller.calls == ["viewWillTransition(1000x800)", "traitCollectionDidChange(compact)"])
        try s.f.advance(0.31)
        controller.calls = []
        // Same size class, same container size: no trait change; only the viewWillTransition.
        try s.f.window.setSize(Size(width: 1000, height: 800))
        try s.f.advance(0.31)
        #expect(controller.calls == ["viewWillTransition(1000x800)"])
    }

    // MARK: Invalid sizes

    @Test(arguments: [
        Size(width: .nan, height: 700), Size(width: 900, height: .nan), Size(width: 0, height: 700),
        Size(width: 900, height: 0), Size(width: -900, height: 700), Size(width: 900, height: -1),
        Size(width: .infinity, height: 700),
    ])
    func invalidSizesThrowAndChangeNothing(_ size: Size) throws {
        var made: RecordingPresentationController?
        let s = try scene(.custom) { made = $0 }
        let controller = try #require(made)
        controller.calls = []
        let sheetFrame = s.sheet.view.frame
        let error = #expect(throws: WindowError.self) { try s.f.window.setSize(size) }
        if case .invalidSize(let reported)? = error {
            #expect(reported.width.isNaN == size.width.isNaN)
            if !size.width.isNaN && !size.height.isNaN { #expect(reported == size) }
        } else {
            Issue.record("expected WindowError.invalidSize, got \(String(describing: error))")
        }
        #expect(s.f.window.bounds == regular)
        #expect(s.f.window.traitCollection.horizontalSizeClass == .regular)
        #expect(s.log.entries.isEmpty)
        #expect(controller.calls.isEmpty)
        try s.f.advance(0.31)
        #expect(controller.calls.isEmpty)
        #expect(s.container.frame == regular)
        #expect(s.sheet.view.frame == sheetFrame)
        #expect(s.sheet.view.presentation.frame == sheetFrame)
        #expect(s.home.view.frame == regular)
        #expect(s.f.events.isEmpty)
    }

    @Test func aSizeChangeWithoutPresentationsResizesTheRootView() throws {
        let f = try TransitionFixture(size: regular.size)
        let log = EventLog()
        let home = RecordingViewController(id: "home", log: log)
        f.window.rootViewController = home
        log.clear()
        try f.window.setSize(smaller)
        #expect(log.entries == ["home.viewWillTransition(900x700)"])
        try f.advance(0.15)
        #expect(isApprox(home.view.presentation.frame, between(regular, Rect(origin: .zero, size: smaller), 0.5), tolerance: 1e-6))
        try f.advance(0.16)
        #expect(home.view.presentation.frame == Rect(origin: .zero, size: smaller))
        #expect(f.events.isEmpty)
    }
}
