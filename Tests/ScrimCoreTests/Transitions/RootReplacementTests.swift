import ScrimCore
import ScrimTestSupport
import Testing

/// A new root view controller is a new scene: the old root's presentations leave with it.
@MainActor @Suite struct RootReplacementTests {
    @Test func replacingTheRootTakesThePresentationsOverItAway() throws {
        let fixture = try TransitionFixture()
        let sheet = ViewController(id: "sheet")
        sheet.modalPresentationStyle = .overFullScreen
        let top = ViewController(id: "top")
        top.modalPresentationStyle = .fullScreen
        try fixture.root.present(sheet, animated: false)
        try fixture.advance(0.1)
        try sheet.present(top, animated: false)
        try fixture.advance(0.1)
        #expect(fixture.root.presentedViewController === sheet)
        #expect(fixture.window.subviews.count == 3)
        #expect(top.appearanceState == .appeared)

        let newRoot = ViewController(id: "new")
        fixture.window.rootViewController = newRoot
        #expect(fixture.window.subviews.map(\.id) == [newRoot.view.id])
        #expect(fixture.root.presentedViewController == nil)
        #expect(sheet.presentingViewController == nil)
        #expect(sheet.presentedViewController == nil)
        #expect(top.presentingViewController == nil)
        #expect(top.appearanceState == .disappeared)
        #expect(sheet.appearanceState == .disappeared)

        // The old view controllers can be presented again, over the new root.
        try newRoot.present(top, animated: false)
        try fixture.advance(0.1)
        #expect(newRoot.presentedViewController === top)
        // Full screen: the presenter's view left; only the new presentation's container is there.
        #expect(fixture.window.subviews.count == 1)
        #expect(newRoot.view.superview == nil)
        // A size change lays out only what is in the window now.
        try fixture.window.setSize(Size(width: 600, height: 800))
        try fixture.advance(1)
        #expect(top.view.frame == Rect(x: 0, y: 0, width: 600, height: 800))
        #expect(fixture.diagnostics.isEmpty)
    }
}
