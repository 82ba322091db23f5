import Testing
@testable import ScrimCore
import ScrimTestSupport

/// Docs/Transitions.md, "Layout in regular width": the pure geometry of `PopoverLayout` in a 1024×768
/// window — the margin area is x 10…1014, y 10…758 — and the same rules through a presentation.
@MainActor @Suite struct PopoverLayoutTests {
    let window = Size(width: 1024, height: 768)

    func layout(
        _ source: Rect, size: Size = .zero, permitted: PopoverArrowDirection = .any
    ) -> PopoverLayout {
        PopoverLayout.layout(source: source, windowSize: window, preferredContentSize: size, permitted: permitted)
    }

    // MARK: Each direction

    @Test func upPutsThePopoverBelowTheSourceAfterTheArrow() {
        // Room below: 758 − (130 + 13) = 615 ≥ 480. Centred on x = 120 it would start at −40: moved to the margin.
        let result = layout(Rect(x: 100, y: 100, width: 40, height: 30))
        #expect(result == PopoverLayout(frame: Rect(x: 10, y: 143, width: 320, height: 480), arrowDirection: .up))
    }

    @Test func downPutsThePopoverAboveWhenThereIsNoRoomBelow() {
        // Below: 758 − 743 = 15 < 480. Above: 700 − 13 − 10 = 677: y = 700 − 13 − 480.
        let result = layout(Rect(x: 500, y: 700, width: 40, height: 30))
        #expect(result == PopoverLayout(frame: Rect(x: 360, y: 207, width: 320, height: 480), arrowDirection: .down))
    }

    @Test func leftPutsThePopoverToTheRightOfAFullHeightSource() {
        // No room above or below a full-height bar; to its right 1014 − 153 = 861 ≥ 320.
        let result = layout(Rect(x: 100, y: 0, width: 40, height: 768))
        #expect(result == PopoverLayout(frame: Rect(x: 153, y: 144, width: 320, height: 480), arrowDirection: .left))
    }

    @Test func rightPutsThePopoverToTheLeftWhenTheRightSideIsTooNarrow() {
        // To the right: 1014 − 953 = 61 < 320; to the left: 900 − 13 − 10 = 877: x = 900 − 13 − 320.
        let result = layout(Rect(x: 900, y: 0, width: 40, height: 768))
        #expect(result == PopoverLayout(frame: Rect(x: 567, y: 144, width: 320, height: 480), arrowDirection: .right))
    }

    @Test func onlyPermittedDirectionsAreTried() {
        // Below fits (case `up` above), but only `left` and `right` are permitted: to the right.
        let source = Rect(x: 100, y: 100, width: 40, height: 30)
        let result = layout(source, permitted: [.left, .right])
        #expect(result == PopoverLayout(frame: Rect(x: 153, y: 10, width: 320, height: 480), arrowDirection: .left))
        // `down` alone does not fit (100 − 13 − 10 = 77): it is the only candidate, shrunk to 77.
        #expect(layout(source, permitted: .down) == PopoverLayout(frame: Rect(x: 10, y: 10, width: 320, height: 77), arrowDirection: .down))
    }

    // MARK: No direction fits

    @Test func noFitTakesTheDirectionShowingTheMostAndShrinksIt() {
        // A full-width band: below 758 − 563 = 195, above 450 − 23 = 427, no room left or right.
        // Above shows 427 × 320, more than 195 × 320: the popover is above, 427 tall.
        let result = layout(Rect(x: 0, y: 450, width: 1024, height: 100))
        #expect(result == PopoverLayout(frame: Rect(x: 352, y: 10, width: 320, height: 427), arrowDirection: .down))
        // Moved up by 100: below 758 − 463 = 295, above 350 − 23 = 327: above still shows more.
        let higher = layout(Rect(x: 0, y: 350, width: 1024, height: 100))
        #expect(higher == PopoverLayout(frame: Rect(x: 352, y: 10, width: 320, height: 327), arrowDirection: .down))
        // Higher still, below wins: 758 − 263 = 495 ≥ 480 fits whole.
        let top = layout(Rect(x: 0, y: 150, width: 1024, height: 100))
        #expect(top == PopoverLayout(frame: Rect(x: 352, y: 263, width: 320, height: 480), arrowDirection: .up))
    }

    @Test func aSourceCoveringTheWindowCentresThePopoverWithNoArrow() {
        let result = layout(Rect(x: 0, y: 0, width: 1024, height: 768))
        #expect(result == PopoverLayout(frame: Rect(x: 352, y: 144, width: 320, height: 480), arrowDirection: .unknown))
    }

    // MARK: Margins and sizes

    @Test func acrossTheArrowThePopoverStaysInsideTheMargins() {
        // Centred on x = 1010 it would end at 1170: moved to end at 1014.
        #expect(layout(Rect(x: 1000, y: 100, width: 20, height: 20)).frame == Rect(x: 694, y: 133, width: 320, height: 480))
        // Centred vertically on y = 750 to the right of the source: moved to end at 758.
        let low = layout(Rect(x: 100, y: 740, width: 20, height: 20), permitted: .left)
        #expect(low.frame == Rect(x: 133, y: 278, width: 320, height: 480))
    }

    @Test func aPreferredSizeLargerThanTheWindowIsShrunkToTheMargins() {
        // 2000 wide: 1004 (1024 − 2 × 10); 300 tall fits below.
        let result = layout(Rect(x: 500, y: 100, width: 20, height: 20), size: Size(width: 2000, height: 300))
        #expect(result == PopoverLayout(frame: Rect(x: 10, y: 133, width: 1004, height: 300), arrowDirection: .up))
    }

    @Test func thePreferredContentSizeIsUsedAndZeroMeansTheDefault() {
        let source = Rect(x: 500, y: 100, width: 20, height: 20)
        #expect(layout(source, size: Size(width: 200, height: 100)).frame == Rect(x: 410, y: 133, width: 200, height: 100))
        #expect(layout(source, size: Size(width: 200, height: 0)).frame.size == Size(width: 320, height: 480))
    }

    // MARK: Through a presentation

    /// A 1024×768 window whose root holds `bar` (at y 50) holding `button`, and a popover anchored
    /// at `button`.
    func presentation(configure: (PopoverPresentationController) -> Void = { _ in }) throws
        -> (TransitionFixture, ViewController, PopoverPresentationController)
    {
        let f = try TransitionFixture(size: window)
        let bar = View(id: "bar", frame: Rect(x: 0, y: 50, width: 1024, height: 44))
        let button = View(id: "button", frame: Rect(x: 600, y: 7, width: 60, height: 30))
        bar.addSubview(button)
        f.root.view.addSubview(bar)
        let popover = ViewController(id: "popover")
        popover.modalPresentationStyle = .popover
        let controller = try #require(popover.popoverPresentationController)
        controller.sourceView = button
        configure(controller)
        return (f, popover, controller)
    }

    @Test func theDefaultSourceRectIsTheSourceViewsBoundsInWindowCoordinates() throws {
        let (f, popover, controller) = try presentation()
        #expect(controller.sourceRect == Rect(x: 0, y: 0, width: 60, height: 30))
        #expect(controller.permittedArrowDirections == .any)
        #expect(controller.arrowDirection == .unknown)
        try f.root.present(popover, animated: false)
        try f.advance(oneFrame)
        // The button is at (600, 57, 60, 30) in the window: below it, centred on x = 630.
        #expect(popover.view.frame == Rect(x: 470, y: 100, width: 320, height: 480))
        #expect(controller.arrowDirection == .up)
        #expect(popover.presentationController === controller)
        #expect(controller.containerView?.frame == Rect(x: 0, y: 0, width: 1024, height: 768))
        #expect(f.diagnostics.isEmpty)
    }

    @Test func anExplicitSourceRectIsInTheSourceViewsCoordinates() throws {
        let (f, popover, controller) = try presentation { controller in
            controller.sourceRect = Rect(x: 0, y: 0, width: 10, height: 10)
            controller.permittedArrowDirections = .right
        }
        popover.preferredContentSize = Size(width: 300, height: 200)
        try f.root.present(popover, animated: false)
        try f.advance(oneFrame)
        // The rect is at (600, 57, 10, 10): to its left, x = 600 − 13 − 300, centred on y = 62.
        #expect(popover.view.frame == Rect(x: 287, y: 10, width: 300, height: 200))
        #expect(controller.arrowDirection == .right)
    }

    @Test func aBackgroundColorPutsAViewBehindThePopoverThatFollowsIt() throws {
        let (f, popover, controller) = try presentation { $0.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1) }
        try f.root.present(popover, animated: true)
        try f.advance(oneFrame)
        let container = try #require(controller.containerView)
        let background = try #require(container.subviews.first)
        #expect(background.id == "popover.popoverBackground")
        #expect(background.frame == Rect(x: 470, y: 100, width: 320, height: 480))
        #expect(background.presentation.alpha == 0)
        try f.advance(0.51)
        #expect(background.presentation.alpha == 1)
        #expect(container.subviews.map(\.id) == ["popover.popoverBackground", "popover"])
        // A smaller window: the popover moves inside the margins, the background with it.
        try f.window.setSize(Size(width: 700, height: 768))
        #expect(popover.view.frame == Rect(x: 370, y: 100, width: 320, height: 480))
        #expect(background.frame == popover.view.frame)
        try f.advance(0.31)
        try popover.dismiss(animated: true)
        try f.advance(oneFrame + 0.51)
        #expect(background.superview == nil)
        #expect(f.diagnostics.isEmpty)
    }
}
