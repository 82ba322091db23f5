import Testing
@testable import ScrimCore
import ScrimTestSupport

/// A popover delegate that logs its calls into a shared log and answers `shouldDismiss`.
@MainActor
final class RecordingPopoverDelegate: PopoverPresentationControllerDelegate {
    let log: EventLog
    var shouldDismiss = true
    /// What `adaptivePresentationStyle(for:traitCollection:)` answers (nil: the default).
    var adaptiveStyle: ModalPresentationStyle?
    /// What `viewControllerForAdaptivePresentationStyle` returns.
    var replacement: (() -> ViewController?)?
    /// The coordinators `willPresentWithAdaptiveStyle` received.
    var coordinators: [TransitionCoordinator?] = []

    init(log: EventLog) { self.log = log }

    func popoverPresentationControllerShouldDismissPopover(_ controller: PopoverPresentationController) throws -> Bool {
        log.add("delegate.shouldDismiss")
        return shouldDismiss
    }

    func popoverPresentationControllerDidDismissPopover(_ controller: PopoverPresentationController) throws {
        log.add("delegate.didDismiss")
    }

    func adaptivePresentationStyle(
        for controller: PresentationController, traitCollection: TraitCollection
    ) throws -> ModalPresentationStyle {
        log.add("delegate.adaptivePresentationStyle(\(traitCollection.horizontalSizeClass))")
        return adaptiveStyle ?? controller.adaptivePresentationStyle(for: traitCollection)
    }

    func presentationController(
        _ controller: PresentationController, viewControllerForAdaptivePresentationStyle style: ModalPresentationStyle
    ) throws -> ViewController? {
        log.add("delegate.viewControllerForAdaptivePresentationStyle(\(style))")
        return replacement?()
    }

    func presentationController(
        _ controller: PresentationController, willPresentWithAdaptiveStyle style: ModalPresentationStyle,
        transitionCoordinator: TransitionCoordinator?
    ) throws {
        log.add("delegate.willPresentWithAdaptiveStyle(\(style))")
        coordinators.append(transitionCoordinator)
    }
}

/// Docs/Transitions.md, "Taps outside", and Docs/Protocol.md, "scrim/input": the hit-testing of
/// `Window.sendTap(at:)`, a popover dismissed by a tap outside it, and `popoverWithoutAnchor`.
@MainActor @Suite struct PopoverTapTests {
    struct Scene {
        let f: TransitionFixture
        let log: EventLog
        let home: RecordingViewController
        let popover: RecordingViewController
        let controller: PopoverPresentationController
        let delegate: RecordingPopoverDelegate
        let button: View
        let other: View
    }

    /// A 1024×768 window: `home` holds `button` (500, 100, 60, 30) and `other` (40, 600, 100, 100);
    /// `popover` (with a subview `inner`) is presented anchored at `button` and the presentation
    /// has ended: it is at (370, 143, 320, 480).
    func scene() throws -> Scene {
        let f = try TransitionFixture(size: Size(width: 1024, height: 768))
        let log = EventLog()
        let home = RecordingViewController(id: "home", log: log)
        f.window.rootViewController = home
        let button = View(id: "button", frame: Rect(x: 500, y: 100, width: 60, height: 30))
        let other = View(id: "other", frame: Rect(x: 40, y: 600, width: 100, height: 100))
        home.view.addSubview(button)
        home.view.addSubview(other)
        let popover = RecordingViewController(id: "popover", log: log)
        popover.view.addSubview(View(id: "inner", frame: Rect(x: 10, y: 10, width: 100, height: 100)))
        popover.modalPresentationStyle = .popover
        let controller = try #require(popover.popoverPresentationController)
        controller.sourceView = button
        let delegate = RecordingPopoverDelegate(log: log)
        controller.delegate = delegate
        try home.present(popover, animated: true)
        try f.advance(oneFrame + 0.51)
        #expect(home.presentedViewController === popover)
        #expect(popover.view.frame == Rect(x: 370, y: 143, width: 320, height: 480))
        log.clear()
        f.clearEvents()
        return Scene(f: f, log: log, home: home, popover: popover, controller: controller, delegate: delegate, button: button, other: other)
    }

    // MARK: Dismissal by a tap outside

    @Test func aTapOutsideAsksTheDelegateDismissesAnimatedThenTellsIt() throws {
        let s = try scene()
        let hit = try s.f.window.sendTap(at: Point(x: 90, y: 650))
        // The popover's container takes the tap (UIKit's dimming view): the view under it is not reached.
        #expect(hit?.id == "popover.container")
        #expect(s.log.entries == ["delegate.shouldDismiss"])
        #expect(s.f.window.isTransitioning)
        try s.f.advance(oneFrame)
        #expect(runningContext(s.f)?.isAnimated == true)
        #expect(beganEvents(s.f) == ["dismissal:popover->home"])
        try s.f.advance(0.25)
        // Not told before the dismissal completed.
        #expect(s.log.entries == ["delegate.shouldDismiss", "popover.willDisappear"])
        try s.f.advance(0.26)
        #expect(s.log.entries == ["delegate.shouldDismiss", "popover.willDisappear", "popover.didDisappear", "delegate.didDismiss"])
        #expect(s.home.presentedViewController == nil)
        #expect(ids(s.f.window.subviews) == ["home"])
        #expect(s.f.diagnostics.isEmpty)
    }

    @Test func aDelegateReturningFalseKeepsThePopover() throws {
        let s = try scene()
        s.delegate.shouldDismiss = false
        #expect(try s.f.window.sendTap(at: Point(x: 90, y: 650))?.id == "popover.container")
        #expect(s.log.entries == ["delegate.shouldDismiss"])
        #expect(!s.f.window.isTransitioning)
        try s.f.advance(1)
        #expect(s.home.presentedViewController === s.popover)
        #expect(s.f.events.isEmpty)
    }

    @Test func withoutADelegateATapOutsideDismisses() throws {
        let s = try scene()
        s.controller.delegate = nil
        try s.f.window.sendTap(at: Point(x: 1000, y: 20))
        try s.f.advance(oneFrame + 0.51)
        #expect(s.home.presentedViewController == nil)
        #expect(endedEvents(s.f) == [true])
    }

    @Test func aTapInsideThePopoverReachesItsViewsAndDismissesNothing() throws {
        let s = try scene()
        // (395, 168) is (25, 25) in the popover: inside `inner`.
        #expect(try s.f.window.sendTap(at: Point(x: 395, y: 168))?.id == "inner")
        #expect(try s.f.window.sendTap(at: Point(x: 600, y: 600))?.id == "popover")
        #expect(s.log.entries.isEmpty)
        #expect(!s.f.window.isTransitioning)
    }

    @Test func aTapInAPassthroughViewReachesItAndKeepsThePopover() throws {
        let s = try scene()
        s.controller.passthroughViews = [s.other]
        var handled: [String] = []
        s.f.window.tapHandlers.append { view, _ in
            handled.append(view.id)
            return true
        }
        #expect(try s.f.window.sendTap(at: Point(x: 90, y: 650))?.id == "other")
        #expect(handled == ["other"])
        #expect(s.log.entries.isEmpty)
        #expect(!s.f.window.isTransitioning)
        // The button is not a passthrough view: the popover takes that tap, the handlers hear nothing.
        #expect(try s.f.window.sendTap(at: Point(x: 530, y: 115))?.id == "popover.container")
        #expect(handled == ["other"])
        #expect(s.log.entries == ["delegate.shouldDismiss"])
    }

    @Test func aDismissalFromCodeDoesNotTellTheDelegate() throws {
        let s = try scene()
        try s.popover.dismiss(animated: true)
        try s.f.advance(oneFrame + 0.51)
        #expect(s.home.presentedViewController == nil)
        #expect(s.log.entries == ["popover.willDisappear", "popover.didDisappear"])
    }

    @Test func aTapDuringATransitionDismissesNothing() throws {
        let s = try scene()
        try s.popover.dismiss(animated: true)
        try s.f.advance(oneFrame)
        #expect(try s.f.window.sendTap(at: Point(x: 90, y: 650))?.id == "popover.container")
        #expect(!s.log.entries.contains("delegate.shouldDismiss"))
    }

    @Test func thePopoverCanBePresentedAgainWithItsAnchor() throws {
        let s = try scene()
        try s.f.window.sendTap(at: Point(x: 90, y: 650))
        try s.f.advance(oneFrame + 0.51)
        try s.home.present(s.popover, animated: false)
        try s.f.advance(oneFrame)
        #expect(s.popover.presentationController === s.controller)
        #expect(s.popover.view.frame == Rect(x: 370, y: 143, width: 320, height: 480))
    }

    // MARK: Anchors

    @Test func aPopoverWithoutASourceViewIsRefused() throws {
        let f = try TransitionFixture(size: Size(width: 1024, height: 768))
        let popover = ViewController(id: "popover")
        popover.modalPresentationStyle = .popover
        #expect(popover.popoverPresentationController != nil)
        var completions: [Bool] = []
        #expect(throws: TransitionError.popoverWithoutAnchor(viewController: "popover")) {
            try f.root.present(popover, animated: true) { completions.append($0) }
        }
        #expect(completions == [false])
        #expect(!f.window.isTransitioning)
        try f.advance(1)
        #expect(f.root.presentedViewController == nil)
        #expect(f.events.isEmpty)
    }

    @Test func aSourceViewOutsideTheWindowIsRefused() throws {
        let f = try TransitionFixture(size: Size(width: 1024, height: 768))
        let popover = ViewController(id: "popover")
        popover.modalPresentationStyle = .popover
        popover.popoverPresentationController?.sourceView = View(id: "loose")
        let error = #expect(throws: TransitionError.self) { try f.root.present(popover, animated: true) }
        #expect(error == .popoverSourceViewNotInWindow(viewController: "popover", sourceView: "loose"))
        #expect(error?.description.contains("'loose', which is not in the window") == true)
        #expect(!f.window.isTransitioning)
    }

    @Test func aSourceViewThatLeavesBeforeTheNextTickCancelsThePresentation() throws {
        let f = try TransitionFixture(size: Size(width: 1024, height: 768))
        let button = View(id: "button", frame: Rect(x: 10, y: 10, width: 10, height: 10))
        f.root.view.addSubview(button)
        let popover = ViewController(id: "popover")
        popover.modalPresentationStyle = .popover
        popover.popoverPresentationController?.sourceView = button
        var completions: [Bool] = []
        try f.root.present(popover, animated: true) { completions.append($0) }
        button.removeFromSuperview()
        try f.advance(oneFrame)
        #expect(completions == [false])
        #expect(f.diagnostics.map(\.message) == ["the popover's source view 'button' is no longer in the window; the presentation does not begin"])
        #expect(ids(f.window.subviews) == ["root"])
    }

    @Test func otherStylesHaveNoPopoverController() {
        let plain = ViewController(id: "plain")
        #expect(plain.popoverPresentationController == nil)
        // `automatic` is a page sheet: its controller, made on access (as UIKit's).
        #expect((plain.presentationController as? StylePresentationController)?.style == .pageSheet)
        plain.modalPresentationStyle = .popover
        let controller = plain.popoverPresentationController
        #expect(controller != nil)
        #expect(plain.popoverPresentationController === controller)
        #expect(controller?.presentedViewController === plain)
    }

    @Test func aPopoverNeverPresentedDoesNotKeepItsViewControllerAlive() {
        weak var gone: ViewController?
        do {
            let popover = ViewController(id: "popover")
            popover.modalPresentationStyle = .popover
            popover.popoverPresentationController?.sourceView = View()
            gone = popover
        }
        #expect(gone == nil)
    }

    // MARK: Hit-testing

    @Test func hitTestingSkipsHiddenTransparentAndClippedViewsAndReturnsTheDeepest() throws {
        let f = try TransitionFixture(size: Size(width: 400, height: 400))
        let box = View(id: "box", frame: Rect(x: 100, y: 100, width: 100, height: 100))
        let inner = View(id: "inner", frame: Rect(x: 10, y: 10, width: 20, height: 20))
        let overhang = View(id: "overhang", frame: Rect(x: 90, y: 0, width: 50, height: 50))
        box.addSubview(inner)
        box.addSubview(overhang)
        f.root.view.addSubview(box)
        let window = f.window
        #expect(try window.sendTap(at: Point(x: 115, y: 115))?.id == "inner")
        #expect(try window.sendTap(at: Point(x: 150, y: 150))?.id == "box")
        // Outside its superview's bounds a subview is not hit, clipped or not (UIKit's rule).
        #expect(try window.sendTap(at: Point(x: 230, y: 110))?.id == "root")
        box.clipsToBounds = true
        #expect(try window.sendTap(at: Point(x: 230, y: 110))?.id == "root")
        #expect(try window.sendTap(at: Point(x: 195, y: 110))?.id == "overhang")
        inner.isHidden = true
        #expect(try window.sendTap(at: Point(x: 115, y: 115))?.id == "box")
        inner.isHidden = false
        inner.alpha = 0.009
        #expect(try window.sendTap(at: Point(x: 115, y: 115))?.id == "box")
        inner.alpha = 0.01
        #expect(try window.sendTap(at: Point(x: 115, y: 115))?.id == "inner")
        box.isHidden = true
        #expect(try window.sendTap(at: Point(x: 115, y: 115))?.id == "root")
        // Outside the window: nothing, even under a view that overhangs it.
        View.performWithoutAnimation { box.frame = Rect(x: 350, y: 0, width: 100, height: 100) }
        box.isHidden = false
        #expect(try window.sendTap(at: Point(x: 420, y: 50)) == nil)
        #expect(try window.sendTap(at: Point(x: -1, y: 50)) == nil)
        let error = #expect(throws: InputError.self) { try window.sendTap(at: Point(x: .nan, y: 0)) }
        guard case .nonFiniteLocation = error else {
            Issue.record("expected nonFiniteLocation, got \(String(describing: error))")
            return
        }
    }

    @Test func tapHandlersAreAskedInOrderUntilOneHandlesTheTap() throws {
        let f = try TransitionFixture(size: Size(width: 400, height: 400))
        var asked: [String] = []
        f.window.tapHandlers = [
            { view, location in asked.append("first \(view.id) \(location.x)"); return false },
            { _, _ in asked.append("second"); return true },
            { _, _ in asked.append("third"); return true },
        ]
        #expect(try f.window.sendTap(at: Point(x: 5, y: 6))?.id == "root")
        #expect(asked == ["first root 5.0", "second"])
        asked = []
        #expect(try f.window.sendTap(at: Point(x: 500, y: 6)) == nil)
        #expect(asked.isEmpty)
    }
}
