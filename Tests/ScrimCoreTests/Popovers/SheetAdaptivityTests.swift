import Testing
@testable import ScrimCore
import ScrimTestSupport

/// A form or page sheet's presentation controller exists before presenting, as UIKit makes it on
/// first access, so that its adaptive delegate can decide how the sheet adapts in compact width.
@MainActor @Suite struct SheetAdaptivityTests {
    let compact = Size(width: 390, height: 844)
    let regular = Size(width: 1024, height: 768)

    /// `home` in a window of `size`; `sheet` presented as a form sheet, its controller's delegate
    /// set (configured by `configure`) when `delegate` is true.
    func present(
        in size: Size, delegate: Bool = true, configure: (RecordingPopoverDelegate) -> Void = { _ in }
    ) throws -> (f: TransitionFixture, log: EventLog, home: ViewController, sheet: RecordingViewController, controller: PresentationController, styles: [ModalPresentationStyle]) {
        let f = try TransitionFixture(size: size)
        let log = EventLog()
        let home = ViewController(id: "home")
        f.window.rootViewController = home
        let sheet = RecordingViewController(id: "sheet", log: log)
        sheet.modalPresentationStyle = .formSheet
        let controller = try #require(sheet.presentationController)
        if delegate {
            let recording = RecordingPopoverDelegate(log: log)
            configure(recording)
            controller.delegate = recording
        }
        var completed: Bool?
        try home.present(sheet, animated: true) { completed = $0 }
        try f.advance(oneFrame)
        let styles = [runningContext(f)?.presentationStyle].compactMap { $0 }
        try f.advance(0.51)
        #expect(completed == true)
        return (f, log, home, sheet, controller, styles)
    }

    @Test func aSheetHasItsPresentationControllerBeforePresentingOtherStylesDoNot() throws {
        let sheet = ViewController(id: "sheet")
        #expect(sheet.modalPresentationStyle == .automatic)
        let automatic = try #require(sheet.presentationController)
        #expect(automatic === sheet.presentationController)  // made once
        sheet.modalPresentationStyle = .formSheet
        let form = try #require(sheet.presentationController)
        #expect(form !== automatic)  // another style, another controller
        for style: ModalPresentationStyle in [.fullScreen, .overFullScreen, .currentContext, .custom] {
            sheet.modalPresentationStyle = style
            #expect(sheet.presentationController == nil, "\(style)")
        }
    }

    @Test func theControllerMadeBeforeIsTheOnePresentingTheSheet() throws {
        let s = try present(in: regular)
        #expect(s.sheet.presentationController === s.controller)
        #expect(s.styles == [.formSheet])
        #expect(s.sheet.view.frame == Rect(x: 242, y: 74, width: 540, height: 620))
        // In regular width the delegate is not asked.
        #expect(s.log.entries == ["sheet.willAppear", "sheet.didAppear"])
    }

    @Test func inCompactWidthASheetBecomesFullScreenUnlessItsDelegateSaysOtherwise() throws {
        let plain = try present(in: compact, delegate: false)
        #expect(plain.styles == [.fullScreen])
        #expect(ids(plain.f.window.subviews) == ["sheet.container"])

        let asked = try present(in: compact)
        #expect(asked.styles == [.fullScreen])
        #expect(asked.log.entries == [
            "delegate.adaptivePresentationStyle(compact)", "delegate.viewControllerForAdaptivePresentationStyle(fullScreen)",
            "delegate.willPresentWithAdaptiveStyle(fullScreen)", "sheet.willAppear", "sheet.didAppear",
        ])
    }

    @Test func aDelegateReturningNoneKeepsTheSheetOverItsPresenter() throws {
        let s = try present(in: compact) { $0.adaptiveStyle = ModalPresentationStyle.none }
        #expect(s.styles == [.formSheet])
        #expect(ids(s.f.window.subviews) == ["home", "sheet.container"])
        #expect(s.log.entries == [
            "delegate.adaptivePresentationStyle(compact)", "delegate.willPresentWithAdaptiveStyle(none)",
            "sheet.willAppear", "sheet.didAppear",
        ])
        try s.sheet.dismiss(animated: true)
        try s.f.advance(oneFrame + 0.51)
        #expect(s.home.presentedViewController == nil)
        #expect(ids(s.f.window.subviews) == ["home"])
    }

    @Test func aDelegateMayChooseAnotherStyle() throws {
        let s = try present(in: compact) { $0.adaptiveStyle = .overFullScreen }
        #expect(s.styles == [.overFullScreen])
        #expect(ids(s.f.window.subviews) == ["home", "sheet.container"])
        #expect(s.sheet.view.frame == Rect(x: 0, y: 0, width: 390, height: 844))
    }
}
