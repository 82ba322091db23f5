import Testing
@testable import ScrimCore
import ScrimTestSupport

/// The graph at scale (Docs/Reliability.md, *Hostile clients of the language server*): the work
/// of a push or pop does not grow with the stack's depth, a wide container adds its children one
/// by one, and a presented view controller cannot be adopted. Timings are in `scrim bench`
/// (`graph.children`, `graph.deepStack`); these tests check the counts and the values.
@MainActor @Suite struct GraphScalingTests {
    /// F15: 800 screens pushed and played one by one. Each push compares its top alone (the
    /// stack was diffed element by element, on every use: a tick grew with the depth squared);
    /// the last push slides its screen in from the right and leaves a stack 801 deep.
    @Test func aPushComparesItsTopAloneHoweverDeepTheStack() throws {
        let f = try TransitionFixture()
        let nav = NavigationController(id: "nav", rootViewController: ViewController(id: "home"))
        f.window.rootViewController = nav
        for index in 1...800 {
            let screen = ViewController(id: "screen\(index)")
            let change = NavigationChange(controller: nav, operation: .push, after: nav.viewControllers + [screen])
            #expect(change.comparedCount == 1 && change.added.map(\.id) == ["screen\(index)"] && change.removed.isEmpty)
            try nav.pushViewController(screen, animated: true)
            if index == 800 {
                try f.advance(1.0 / 60)
                try f.advance(0.175)
                // Half way through the 0.35 s ease-in-out slide: the screen is half in.
                #expect(abs(screen.view.presentation.frame.minX - 195) < 0.001)
                #expect(abs(nav.viewControllers[799].view.presentation.frame.minX + 58.5) < 0.001)
            }
            try f.advance(0.6)
        }
        #expect(nav.viewControllers.count == 801 && nav.children.count == 801)
        #expect(nav.topViewController?.id == "screen800" && nav.topViewController?.view.frame.origin.x == 0)
        let pop = NavigationChange(controller: nav, operation: .pop, after: Array(nav.viewControllers.dropLast()))
        #expect(pop.comparedCount == 1 && pop.removed.map(\.id) == ["screen800"] && pop.added.isEmpty)
        // Replacing the whole stack compares all of it.
        let replace = NavigationChange(controller: nav, operation: .none, after: [ViewController(id: "fresh")])
        #expect(replace.comparedCount == 802 && replace.removed.count == 801 && replace.added.map(\.id) == ["fresh"])
    }

    /// F13: 10 000 child view controllers added to one parent, as a container does; each keeps
    /// its place and its view's.
    @Test func tenThousandChildrenJoinOneParent() throws {
        let f = try TransitionFixture()
        let children = (0..<10_000).map { ViewController(id: "child\($0)") }
        for child in children {
            f.root.addChild(child)
            f.root.view.addSubview(child.view)
            child.didMove(toParent: f.root)
        }
        #expect(f.root.children.count == 10_000 && f.root.view.subviews.count == 10_000)
        #expect(f.root.children[9_999].id == "child9999" && children[4_321].parent === f.root)
        #expect(children[0].view.window === f.window)
    }

    /// F12: a presented view controller made a child of something inside its presenter made its
    /// `presentedViewController` chain come back to itself. `addChild` refuses it (dismiss it
    /// first), while it is being presented too, unless the new parent is nowhere yet.
    @Test func aPresentedViewControllerIsNotAdopted() throws {
        let f = try TransitionFixture()
        let page = ViewController(id: "page")
        let nav = NavigationController(id: "nav", rootViewController: page)
        f.window.rootViewController = nav
        let sheet = ViewController(id: "sheet")
        try nav.present(sheet, animated: true)
        try f.advance(1.0 / 60)
        #expect(page.adoptionRefusal(of: sheet) == "cannot add 'sheet' as a child of 'page': it is presented by 'nav'; dismiss it first")
        try f.advance(1)
        #expect(sheet.presentingViewController === nav)
        #expect(page.adoptionRefusal(of: sheet) == "cannot add 'sheet' as a child of 'page': it is presented by 'nav'; dismiss it first")
        // A view controller that is nowhere yet may adopt it (an adaptive delegate's wrapper),
        // but that wrapper cannot then go inside the presenter.
        let wrapper = ViewController(id: "wrapper")
        #expect(wrapper.adoptionRefusal(of: sheet) == nil)
        wrapper.addChild(sheet)
        #expect(try wrapper.placementRefusal(at: nav) == .alreadyPresented(viewController: "wrapper"))
        #expect(page.adoptionRefusal(of: wrapper) == "cannot add 'wrapper' as a child of 'page': 'sheet' inside it is presented by 'nav'; dismiss it first")
        wrapper.willMove(toParent: nil)
        sheet.removeFromParent()
        try sheet.dismiss(animated: false)
        try f.advance(1.0 / 60)
        #expect(page.adoptionRefusal(of: sheet) == nil)
    }
}
