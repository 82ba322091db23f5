import Testing
@testable import ScrimCore
import ScrimTestSupport

/// Docs/Transitions.md, "Adaptivity": a popover in a compact-width window with and without an adaptive
/// delegate, a replacement view controller, and the adaptation again when a size change crosses
/// the 600 pt boundary while the popover is shown.
@MainActor @Suite struct PopoverAdaptivityTests {
    struct Scene {
        let f: TransitionFixture
        let log: EventLog
        let home: RecordingViewController
        let popover: RecordingViewController
        let controller: PopoverPresentationController
        let delegate: RecordingPopoverDelegate?
    }

    /// `home` holds `button` (20, 100, 50, 30); `popover` is anchored at it, with a recording
    /// delegate when `delegate` is true (configured by `configure`).
    func scene(
        _ size: Size, delegate: Bool = true, configure: (RecordingPopoverDelegate) -> Void = { _ in }
    ) throws -> Scene {
        let f = try TransitionFixture(size: size)
        let log = EventLog()
        let home = RecordingViewController(id: "home", log: log)
        f.window.rootViewController = home
        let button = View(id: "button", frame: Rect(x: 20, y: 100, width: 50, height: 30))
        home.view.addSubview(button)
        let popover = RecordingViewController(id: "popover", log: log)
        popover.modalPresentationStyle = .popover
        let controller = try #require(popover.popoverPresentationController)
        controller.sourceView = button
        var made: RecordingPopoverDelegate?
        if delegate {
            let recording = RecordingPopoverDelegate(log: log)
            configure(recording)
            controller.delegate = recording
            made = recording
        }
        log.clear()
        return Scene(f: f, log: log, home: home, popover: popover, controller: controller, delegate: made)
    }

    func present(_ s: Scene) throws {
        var completed: Bool?
        try s.home.present(s.popover, animated: true) { completed = $0 }
        try s.f.advance(oneFrame + 0.51)
        #expect(completed == true)
    }

    let compact = Size(width: 390, height: 844)
    let regular = Size(width: 1024, height: 768)

    // MARK: Presenting in compact width

    @Test func withoutADelegateACompactPopoverFillsTheWindowOverThePresenter() throws {
        let s = try scene(compact, delegate: false)
        try present(s)
        #expect(s.popover.view.frame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(s.controller.adaptiveStyle == .overFullScreen)
        #expect(s.controller.arrowDirection == .unknown)
        #expect(s.controller.shouldPresentInFullscreen)
        #expect(ids(s.f.window.subviews) == ["home", "popover.container"])
        // Adapted, it is no popover: a tap cannot be outside it.
        #expect(try s.f.window.sendTap(at: Point(x: 5, y: 5))?.id == "popover")
        #expect(!s.f.window.isTransitioning)
    }

    @Test func aDelegateReturningNoneKeepsAPopoverInCompactWidth() throws {
        let s = try scene(compact) { $0.adaptiveStyle = ModalPresentationStyle.none }
        var styles: [ModalPresentationStyle] = []
        s.f.window.addTransitionObserver { _ in }
        try s.home.present(s.popover, animated: true)
        try s.f.advance(oneFrame)
        styles.append(runningContext(s.f)?.presentationStyle ?? .custom)
        try s.f.advance(0.51)
        #expect(styles == [.popover])
        // Below the button, at the left margin; the width fits in 390 − 20.
        #expect(s.popover.view.frame == Rect(x: 10, y: 143, width: 320, height: 480))
        #expect(s.controller.arrowDirection == .up)
        #expect(s.log.entries == [
            "delegate.adaptivePresentationStyle(compact)", "delegate.willPresentWithAdaptiveStyle(none)",
            "popover.willAppear", "popover.didAppear",
        ])
        // The presentation's coordinator.
        #expect(s.delegate?.coordinators.count == 1)
        #expect(s.delegate?.coordinators.first??.isAnimated == true)
        // A popover still: a tap outside dismisses it.
        try s.f.window.sendTap(at: Point(x: 380, y: 20))
        try s.f.advance(oneFrame + 0.51)
        #expect(s.home.presentedViewController == nil)
    }

    @Test func aReplacementViewControllerIsShownInsteadAndWrapsTheContent() throws {
        var wrapper: NavigationController?
        let s = try scene(compact) { delegate in
            delegate.adaptiveStyle = .fullScreen
        }
        s.delegate?.replacement = {
            let navigation = NavigationController(id: "wrapper", rootViewController: s.popover)
            wrapper = navigation
            return navigation
        }
        try present(s)
        let navigation = try #require(wrapper)
        #expect(s.log.entries == [
            "delegate.adaptivePresentationStyle(compact)", "delegate.viewControllerForAdaptivePresentationStyle(fullScreen)",
            "popover.willMove(wrapper)", "popover.didMove(wrapper)",
            "delegate.willPresentWithAdaptiveStyle(fullScreen)", "popover.willAppear", "popover.didAppear",
        ])
        // A popover adapted to a full-screen style keeps the presenter in the window (as overFullScreen).
        #expect(ids(s.f.window.subviews) == ["home", "popover.container"])
        #expect(navigation.view.superview?.id == "popover.container")
        #expect(navigation.view.frame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(s.popover.view.superview === navigation.view)
        #expect(s.popover.view.frame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(s.popover.navigationController === navigation)
        #expect(navigation.appearanceState == .appeared)
        #expect(s.controller.presentedView === navigation.view)
        // The presented view controller is still the popover; the wrapper can dismiss it too.
        #expect(s.home.presentedViewController === s.popover)
        #expect(navigation.presentingViewController === s.home)
        try navigation.dismiss(animated: true)
        try s.f.advance(oneFrame + 0.51)
        #expect(s.home.presentedViewController == nil)
        #expect(navigation.view.superview == nil)
        #expect(navigation.appearanceState == .disappeared)
        #expect(s.popover.appearanceState == .disappeared)
        #expect(navigation.presentingViewController == nil)
        #expect(ids(s.f.window.subviews) == ["home"])
    }

    @Test func inRegularWidthTheDelegateIsNotAskedToAdapt() throws {
        let s = try scene(regular)
        try present(s)
        #expect(s.log.entries == ["popover.willAppear", "popover.didAppear"])
        #expect(s.controller.arrowDirection == .up)
    }

    @Test func aThrowingAdaptiveDelegateCancelsThePresentationBeforeItBegins() throws {
        final class Throwing: AdaptivePresentationControllerDelegate {
            struct Failure: Error {}
            func adaptivePresentationStyle(for controller: PresentationController, traitCollection: TraitCollection) throws
                -> ModalPresentationStyle { throw Failure() }
        }
        let s = try scene(compact, delegate: false)
        s.controller.delegate = Throwing()
        var completed: Bool?
        try s.home.present(s.popover, animated: true) { completed = $0 }
        try s.f.advance(oneFrame)
        #expect(completed == false)
        #expect(s.f.diagnostics.map(\.object) == ["Throwing"])
        #expect(ids(s.f.window.subviews) == ["home"])
    }

    @Test(arguments: [(ModalPresentationStyle.none, "recording"), (.formSheet, "StylePresentationController")])
    func aCustomPresentationAsksTheAdaptiveDelegateOfItsController(_ answer: ModalPresentationStyle, _ controllerName: String) throws {
        let f = try TransitionFixture(size: compact)
        let log = EventLog()
        let delegate = RecordingPopoverDelegate(log: log)
        delegate.adaptiveStyle = answer
        let presented = ViewController(id: "custom")
        presented.modalPresentationStyle = .custom
        presented.transitioningDelegate = FixtureDelegate { presented, presenting in
            let controller = RecordingPresentationController(presentedViewController: presented, presenting: presenting)
            controller.delegate = delegate
            return controller
        }
        try f.root.present(presented, animated: false)
        try f.advance(oneFrame)
        #expect(roleName(of: try #require(presented.presentationController)) == controllerName)
        #expect(presented.view.frame == (answer == .none ? RecordingPresentationController.defaultFrame : Rect(origin: .zero, size: compact)))
        #expect(log.entries == [
            "delegate.adaptivePresentationStyle(compact)",
        ] + (answer == .none ? [] : ["delegate.viewControllerForAdaptivePresentationStyle(formSheet)"]) + [
            "delegate.willPresentWithAdaptiveStyle(\(answer))",
        ])
    }

    // MARK: Size changes across the boundary

    @Test func aRegularPopoverFillsACompactWindowAndComesBackWithoutADismissal() throws {
        let s = try scene(regular, delegate: false)
        try present(s)
        let popoverFrame = Rect(x: 10, y: 143, width: 320, height: 480)
        #expect(s.popover.view.frame == popoverFrame)
        s.log.clear()
        s.f.clearEvents()

        try s.f.window.setSize(compact)
        let full = Rect(origin: .zero, size: compact)
        #expect(s.popover.view.frame == full)
        #expect(s.controller.adaptiveStyle == .overFullScreen)
        #expect(s.controller.arrowDirection == .unknown)
        try s.f.advance(0.15)
        // Inside the size animation (ease-in-out: half way at half time).
        #expect(isApprox(s.popover.view.presentation.frame.width, (320 + 390) / 2, tolerance: 1e-6))
        try s.f.advance(0.16)
        #expect(s.popover.view.presentation.frame == full)
        #expect(s.home.presentedViewController === s.popover)
        #expect(s.popover.appearanceState == .appeared)
        #expect(s.log.entries == ["home.viewWillTransition(390x844)", "popover.viewWillTransition(390x844)"])
        #expect(s.f.events.isEmpty)

        try s.f.window.setSize(regular)
        #expect(s.popover.view.frame == popoverFrame)
        #expect(s.controller.adaptiveStyle == .none)
        #expect(s.controller.arrowDirection == .up)
        try s.f.advance(0.31)
        #expect(s.popover.view.presentation.frame == popoverFrame)
        #expect(s.home.presentedViewController === s.popover)
        #expect(s.f.events.isEmpty)
        // A popover again: a tap outside dismisses it.
        try s.f.window.sendTap(at: Point(x: 900, y: 700))
        try s.f.advance(oneFrame + 0.51)
        #expect(s.home.presentedViewController == nil)
    }

    @Test func aSizeChangeSwapsTheReplacementInAndOut() throws {
        var made = 0
        let s = try scene(regular) { $0.adaptiveStyle = .overFullScreen }
        var wrapper: NavigationController?
        s.delegate?.replacement = {
            made += 1
            if let wrapper { return wrapper }
            let navigation = NavigationController(id: "wrapper", rootViewController: s.popover)
            wrapper = navigation
            return navigation
        }
        try present(s)
        let container = try #require(s.popover.view.superview)
        s.log.clear()

        try s.f.window.setSize(compact)
        let navigation = try #require(wrapper)
        #expect(container.subviews.map(\.id) == ["wrapper"])
        #expect(s.popover.view.superview === navigation.view)
        #expect(navigation.view.frame == Rect(origin: .zero, size: compact))
        #expect(navigation.appearanceState == .appeared)
        #expect(s.log.entries == [
            "home.viewWillTransition(390x844)", "popover.viewWillTransition(390x844)",
            "delegate.adaptivePresentationStyle(compact)", "delegate.viewControllerForAdaptivePresentationStyle(overFullScreen)",
            "popover.willMove(wrapper)", "popover.didMove(wrapper)", "delegate.willPresentWithAdaptiveStyle(overFullScreen)",
        ])
        // The size change's coordinator.
        #expect(s.delegate?.coordinators.last??.transitionDuration == 0.3)
        try s.f.advance(0.31)
        #expect(s.popover.view.presentation.frame == Rect(origin: .zero, size: compact))
        s.log.clear()

        try s.f.window.setSize(regular)
        #expect(container.subviews.map(\.id) == ["popover"])
        #expect(navigation.view.superview == nil)
        #expect(navigation.appearanceState == .disappeared)
        #expect(navigation.presentingViewController == nil)
        // The content moved: it disappears with the wrapper and appears in the popover again.
        #expect(s.log.entries == [
            "home.viewWillTransition(1024x768)", "popover.viewWillTransition(1024x768)",
            "popover.willDisappear", "popover.didDisappear", "popover.willAppear", "popover.didAppear",
            "delegate.willPresentWithAdaptiveStyle(none)",
        ])
        #expect(s.popover.view.frame == Rect(x: 10, y: 143, width: 320, height: 480))
        try s.f.advance(0.31)
        #expect(s.popover.view.presentation.frame == Rect(x: 10, y: 143, width: 320, height: 480))

        // Compact again: the same wrapper shows the content where it did.
        try s.f.window.setSize(compact)
        #expect(made == 2)
        #expect(s.popover.view.superview === navigation.view)
        #expect(container.subviews.map(\.id) == ["wrapper"])
        try s.f.advance(0.31)
        #expect(s.popover.view.presentation.frame == Rect(origin: .zero, size: compact))
        #expect(s.home.presentedViewController === s.popover)
        #expect(s.f.diagnostics.isEmpty)
    }

    @Test func aPopoverKeptByNoneStaysAPopoverAcrossTheBoundary() throws {
        let s = try scene(regular) { $0.adaptiveStyle = ModalPresentationStyle.none }
        try present(s)
        s.log.clear()
        try s.f.window.setSize(compact)
        #expect(s.controller.adaptiveStyle == .none)
        #expect(s.popover.view.frame == Rect(x: 10, y: 143, width: 320, height: 480))
        #expect(s.log.entries.suffix(2) == ["delegate.adaptivePresentationStyle(compact)", "delegate.willPresentWithAdaptiveStyle(none)"])
        s.log.clear()
        // Back to regular: it was not adapted, so nothing is said.
        try s.f.window.setSize(regular)
        #expect(!s.log.entries.contains { $0.hasPrefix("delegate.") })
    }
}
