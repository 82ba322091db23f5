import Testing
@testable import ScrimCore
import ScrimTestSupport

/// Docs/Transitions.md, "Styles", "The sequence" (steps 4 and 13) and "From and to": for every
/// `modalPresentationStyle`, in a compact and a regular window, which view controller presents,
/// where the container and the presented view go, which views are in the window before, during
/// and after the presentation and its dismissal, and what the context's `view(forKey:)` returns.
@MainActor @Suite struct PresentationStyleTests {
    // MARK: Expected values

    /// The presented view's frame in the container (root presenting, container = window).
    func expectedFrame(_ style: StyleCase, _ kind: WindowKind) -> Rect {
        if style == .customWithController { return RecordingPresentationController.defaultFrame }
        guard kind == .regular else { return Rect(x: 0, y: 0, width: 390, height: 844) }
        switch style {
        // 1024×768: width min(704, 1024 − 80) centered, 40 pt from the top and the bottom.
        case .pageSheet, .automatic: return Rect(x: 160, y: 40, width: 704, height: 688)
        // 540×620 centered.
        case .formSheet: return Rect(x: 242, y: 74, width: 540, height: 620)
        // 320×480 centered.
        case .popover: return Rect(x: 352, y: 144, width: 320, height: 480)
        default: return Rect(x: 0, y: 0, width: 1024, height: 768)
        }
    }

    func isDimmed(_ style: StyleCase, _ kind: WindowKind) -> Bool {
        kind == .regular && (style == .pageSheet || style == .formSheet || style == .automatic)
    }

    func isCustom(_ style: StyleCase) -> Bool {
        style == .customWithController || style == .customWithoutController
    }

    func controllerName(_ style: StyleCase) -> String {
        style == .customWithController ? "recording" : style == .popover ? "PopoverPresentationController" : "StylePresentationController"
    }

    // MARK: Every style, presented from the root and dismissed

    @Test(arguments: StyleCase.allCases, WindowKind.allCases)
    func presentationAndDismissalHierarchy(_ style: StyleCase, _ kind: WindowKind) throws {
        let f = try TransitionFixture(size: kind.size)
        let bounds = Rect(origin: .zero, size: kind.size)
        let presented = ViewController(id: "x")
        style.configure(presented, anchor: f.root.view)
        let removes = style.removesPresenter(in: kind)
        let frame = expectedFrame(style, kind)
        var completions: [Bool] = []

        try f.root.present(presented, animated: true) { completions.append($0) }
        // Before the next tick nothing has happened.
        #expect(ids(f.window.subviews) == ["root"])
        #expect(f.window.isTransitioning)
        #expect(f.window.transitionContexts.isEmpty)
        #expect(f.trace.isEmpty)

        try f.advance(oneFrame)
        // During the presentation.
        let context = try #require(runningContext(f))
        #expect(context.isPresenting)
        #expect(context.presentationStyle == style.effectiveStyle(in: kind))
        #expect(context.viewController(forKey: .from) === f.root)
        #expect(context.viewController(forKey: .to) === presented)
        #expect(context.view(forKey: .to) === presented.view)
        if removes {
            #expect(context.view(forKey: .from) === f.root.view)
        } else {
            #expect(context.view(forKey: .from) == nil)
        }
        #expect(context.finalFrame(for: presented) == frame)
        #expect(context.initialFrame(for: f.root) == bounds)
        #expect(ids(f.window.subviews) == ["root", "x.container"])
        #expect(f.root.view.superview === f.window)
        let container = context.containerView
        #expect(container.id == "x.container")
        #expect(container.frame == bounds)
        #expect(container.clipsToBounds == style.effectiveStyle(in: kind).usesCurrentContext)
        #expect(ids(container.subviews) == (isDimmed(style, kind) ? ["x.dimming", "x"] : ["x"]))
        #expect(presented.view.frame == frame)
        #expect(f.root.presentedViewController == nil)
        #expect(presented.presentingViewController == nil)
        let coordinator = try #require(presented.transitionCoordinator)
        #expect(f.root.transitionCoordinator === coordinator)
        #expect(coordinator.presentationStyle == style.effectiveStyle(in: kind))
        if style == .customWithController {
            #expect(presented.presentationController is RecordingPresentationController)
        } else if style == .popover {
            // The popover's own controller, made before the presentation, adapted in compact width.
            let controller = try #require(presented.presentationController as? PopoverPresentationController)
            #expect(controller === presented.popoverPresentationController)
            #expect(controller.adaptiveStyle == (kind == .compact ? .overFullScreen : .none))
            #expect(!controller.shouldRemovePresentersView)
        } else {
            let controller = try #require(presented.presentationController as? StylePresentationController)
            #expect(controller.style == style.effectiveStyle(in: kind))
            #expect(controller.shouldRemovePresentersView == removes)
        }
        var steps: [String] = []
        if isCustom(style) {
            steps += ["presentationControllerForPresented(delegate)", "animationControllerForPresented(delegate)"]
        }
        if removes { steps.append("viewWillDisappear(root)") }
        steps += [
            "viewWillAppear(x)", "presentationTransitionWillBegin(\(controllerName(style)))",
            "transitionDuration(CoverVerticalAnimator)", "animateTransition(CoverVerticalAnimator)",
        ]
        #expect(f.trace == steps)

        try f.advance(0.51)
        // After the presentation.
        #expect(completions == [true])
        #expect(!f.window.isTransitioning)
        #expect(ids(f.window.subviews) == (removes ? ["x.container"] : ["root", "x.container"]))
        #expect((f.root.view.superview === f.window) == !removes)
        #expect(presented.view.superview === container)
        #expect(presented.view.frame == frame)
        #expect(isApprox(presented.view.presentation.frame, frame, tolerance: 1e-9))
        #expect(f.root.presentedViewController === presented)
        #expect(presented.presentingViewController === f.root)
        #expect(presented.transitionCoordinator == nil)
        #expect(f.root.transitionCoordinator == nil)
        if isDimmed(style, kind) {
            let dimming = container.subviews[0]
            #expect(dimming.frame == bounds)
            #expect(dimming.alpha == StylePresentationController.dimmingAlpha)
            #expect(isApprox(dimming.presentation.alpha, 0.4, tolerance: 1e-9))
            #expect(dimming.backgroundColor == .black)
        }
        var endSteps = [
            "completeTransition(CoverVerticalAnimator)", "presentationTransitionDidEnd(\(controllerName(style)))",
            "animationEnded(CoverVerticalAnimator)", "viewDidAppear(x)",
        ]
        if removes { endSteps.append("viewDidDisappear(root)") }
        endSteps.append("completion(x)")
        #expect(Array(f.trace.dropFirst(steps.count)) == endSteps)
        f.clearEvents()

        try presented.dismiss(animated: true) { completions.append($0) }
        try f.advance(oneFrame)
        // During the dismissal: the presenter's view is back under the container.
        let dismissal = try #require(runningContext(f))
        #expect(!dismissal.isPresenting)
        #expect(dismissal.containerView === container)
        #expect(dismissal.viewController(forKey: .from) === presented)
        #expect(dismissal.viewController(forKey: .to) === f.root)
        #expect(dismissal.view(forKey: .from) === presented.view)
        if removes {
            #expect(dismissal.view(forKey: .to) === f.root.view)
        } else {
            #expect(dismissal.view(forKey: .to) == nil)
        }
        #expect(dismissal.finalFrame(for: f.root) == bounds)
        #expect(ids(f.window.subviews) == ["root", "x.container"])
        #expect(f.root.view.frame == bounds)
        #expect(presented.transitionCoordinator != nil)

        try f.advance(0.51)
        // After the dismissal.
        #expect(completions == [true, true])
        #expect(ids(f.window.subviews) == ["root"])
        #expect(container.superview == nil)
        #expect(presented.view.superview == nil)
        #expect(f.root.view.frame == bounds)
        #expect(f.root.presentedViewController == nil)
        #expect(presented.presentingViewController == nil)
        expectPresentationControllerAtRest(presented)
        #expect(presented.transitionCoordinator == nil)
        #expect(f.trace.last == "completion(x)")
        #expect(f.trace.contains("dismissalTransitionDidEnd(\(controllerName(style)))"))
        #expect(f.diagnostics.isEmpty)
    }

    @Test(arguments: StyleCase.allCases, WindowKind.allCases)
    func unanimatedPresentationAppliesTheEndStateOnTheNextTick(_ style: StyleCase, _ kind: WindowKind) throws {
        let f = try TransitionFixture(size: kind.size)
        let presented = ViewController(id: "x")
        style.configure(presented, anchor: f.root.view)
        let removes = style.removesPresenter(in: kind)
        var completions: [Bool] = []
        try f.root.present(presented, animated: false) { completions.append($0) }
        #expect(completions.isEmpty)
        try f.advance(oneFrame)
        #expect(completions == [true])
        #expect(ids(f.window.subviews) == (removes ? ["x.container"] : ["root", "x.container"]))
        let container = try #require(f.window.subviews.last)
        // No animator runs, so the host itself puts the presented view in the container.
        #expect(ids(container.subviews) == (isDimmed(style, kind) ? ["x.dimming", "x"] : ["x"]))
        #expect(presented.view.superview === container)
        #expect(presented.view.window === f.window)
        #expect(presented.view.frame == expectedFrame(style, kind))
        #expect(presented.view.presentation.frame == expectedFrame(style, kind))
        #expect(!presented.view.isAnimating(.center))
        #expect(f.root.presentedViewController === presented)
        #expect(!f.trace.contains { $0.hasPrefix("animateTransition") || $0.hasPrefix("transitionDuration") })
        if isDimmed(style, kind) {
            let dimming = try #require(container.subviews.first)
            #expect(dimming.id == "x.dimming")
            #expect(dimming.presentation.alpha == StylePresentationController.dimmingAlpha)
        }

        try presented.dismiss(animated: false) { completions.append($0) }
        try f.advance(oneFrame)
        #expect(completions == [true, true])
        #expect(ids(f.window.subviews) == ["root"])
        #expect(presented.view.superview == nil)
        #expect(f.root.presentedViewController == nil)
        #expect(f.diagnostics.isEmpty)
    }

    // MARK: Sheets

    @Test(arguments: [StyleCase.pageSheet, .formSheet])
    func sheetDimmingFadesInAndOutWithTheTransition(_ style: StyleCase) throws {
        let f = try TransitionFixture(size: WindowKind.regular.size)
        let sheet = ViewController(id: "sheet")
        style.configure(sheet, anchor: f.root.view)
        try f.root.present(sheet, animated: true)
        try f.advance(oneFrame)
        let dimming = try #require(f.window.subviews.last?.subviews.first)
        #expect(dimming.id == "sheet.dimming")
        #expect(dimming.presentation.alpha == 0)
        #expect(dimming.alpha == 0.4)
        // The alongside fade shares the 0.5 s of coverVertical, with the ease-in-out curve.
        try f.advance(0.125)
        #expect(isApprox(dimming.presentation.alpha, 0.4 * CubicBezier.easeInOut.progress(at: 0.25), tolerance: 1e-6))
        try f.advance(0.125)
        #expect(isApprox(dimming.presentation.alpha, 0.2, tolerance: 1e-6))
        try f.advance(0.26)
        #expect(dimming.presentation.alpha == 0.4)

        try sheet.dismiss(animated: true)
        try f.advance(oneFrame)
        #expect(dimming.alpha == 0)
        #expect(dimming.presentation.alpha == 0.4)
        try f.advance(0.25)
        #expect(isApprox(dimming.presentation.alpha, 0.2, tolerance: 1e-6))
        try f.advance(0.26)
        #expect(dimming.superview == nil)
        #expect(ids(f.window.subviews) == ["root"])
    }

    @Test func formSheetAndPopoverUsePreferredContentSizeClampedToTheMargins() throws {
        let f = try TransitionFixture(size: WindowKind.regular.size)
        let form = ViewController(id: "form")
        form.modalPresentationStyle = .formSheet
        form.preferredContentSize = Size(width: 400, height: 300)
        try f.root.present(form, animated: false)
        try f.advance(oneFrame)
        #expect(form.view.frame == Rect(x: 312, y: 234, width: 400, height: 300))
        try form.dismiss(animated: false)
        try f.advance(oneFrame)

        let popover = ViewController(id: "popover")
        popover.modalPresentationStyle = .popover
        // Anchored at the whole window: no side has room, so it is centred with no arrow.
        popover.popoverPresentationController?.sourceView = f.root.view
        // Taller than the window: clamped to 768 − 2 × 10 (a popover's window margin).
        popover.preferredContentSize = Size(width: 200, height: 2000)
        try f.root.present(popover, animated: false)
        try f.advance(oneFrame)
        #expect(popover.view.frame == Rect(x: 412, y: 10, width: 200, height: 748))
        #expect(popover.popoverPresentationController?.arrowDirection == .unknown)
        #expect(f.diagnostics.isEmpty)
    }

    @Test func pageSheetIsAtMost704WideInAWideWindow() throws {
        let f = try TransitionFixture(size: Size(width: 1366, height: 1024))
        let sheet = ViewController(id: "sheet")
        sheet.modalPresentationStyle = .pageSheet
        try f.root.present(sheet, animated: false)
        try f.advance(oneFrame)
        #expect(sheet.view.frame == Rect(x: 331, y: 40, width: 704, height: 944))
    }

    // MARK: Adaptation

    @Test(arguments: [
        (ModalPresentationStyle.pageSheet, ModalPresentationStyle.fullScreen),
        (.formSheet, .fullScreen), (.currentContext, .fullScreen), (.popover, .overFullScreen),
        (.automatic, .fullScreen), (.fullScreen, .fullScreen), (.overFullScreen, .overFullScreen),
        (.overCurrentContext, .overCurrentContext), (.custom, .custom),
    ])
    func compactWidthAdaptation(_ style: ModalPresentationStyle, _ adapted: ModalPresentationStyle) {
        #expect(PresentationStyleRules.adapted(style, to: TraitCollection(horizontalSizeClass: .compact)) == adapted)
    }

    @Test(arguments: ModalPresentationStyle.allCases)
    func regularWidthKeepsEveryStyleButAutomatic(_ style: ModalPresentationStyle) {
        let adapted = PresentationStyleRules.adapted(style, to: TraitCollection(horizontalSizeClass: .regular))
        #expect(adapted == (style == .automatic ? .pageSheet : style))
    }

    @Test func forcedSizeClassWinsOverTheWidth() throws {
        let f = try TransitionFixture(size: WindowKind.regular.size)
        f.window.forcedHorizontalSizeClass = .compact
        let sheet = ViewController(id: "sheet")
        sheet.modalPresentationStyle = .formSheet
        try f.root.present(sheet, animated: false)
        try f.advance(oneFrame)
        #expect(sheet.view.frame == Rect(x: 0, y: 0, width: 1024, height: 768))
        #expect(ids(f.window.subviews) == ["sheet.container"])
    }

    @Test func customControllerCanAdaptInCompactWidth() throws {
        final class Adapting: PresentationController {
            override func adaptivePresentationStyle(for traitCollection: TraitCollection) -> ModalPresentationStyle {
                .overFullScreen
            }
            override var frameOfPresentedViewInContainerView: Rect { Rect(x: 1, y: 2, width: 3, height: 4) }
        }
        let f = try TransitionFixture()
        let presented = ViewController(id: "x")
        presented.modalPresentationStyle = .custom
        presented.transitioningDelegate = FixtureDelegate { presented, presenting in
            Adapting(presentedViewController: presented, presenting: presenting)
        }
        try f.root.present(presented, animated: true)
        try f.advance(oneFrame)
        let context = try #require(runningContext(f))
        #expect(context.presentationStyle == .overFullScreen)
        #expect(presented.presentationController is StylePresentationController)
        #expect(presented.view.frame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(context.view(forKey: .from) == nil)
        #expect(f.trace.first == "presentationControllerForPresented(delegate)")
        #expect(f.trace.contains("presentationTransitionWillBegin(StylePresentationController)"))
    }

    @Test func customControllerThatRemovesThePresenter() throws {
        let f = try TransitionFixture()
        let presented = ViewController(id: "x")
        presented.modalPresentationStyle = .custom
        var made: RecordingPresentationController?
        // The closure below keeps `made`, which holds `presented`, which holds the delegate.
        defer { presented.transitioningDelegate = nil }
        presented.transitioningDelegate = FixtureDelegate { presented, presenting in
            let controller = RecordingPresentationController(presentedViewController: presented, presenting: presenting)
            controller.removesPresenter = true
            made = controller
            return controller
        }
        try f.root.present(presented, animated: true)
        try f.advance(oneFrame)
        let context = try #require(runningContext(f))
        #expect(context.view(forKey: .from) === f.root.view)
        #expect(context.presentationStyle == .custom)
        #expect(made?.containerView === context.containerView)
        #expect(made?.presentingViewController === f.root)
        try f.advance(0.51)
        #expect(ids(f.window.subviews) == ["x.container"])
        #expect(presented.view.frame == RecordingPresentationController.defaultFrame)
        #expect(made?.calls == [
            "presentationTransitionWillBegin", "containerViewWillLayoutSubviews(390x844)",
            "containerViewDidLayoutSubviews(390x844)", "presentationTransitionDidEnd(true)",
        ])

        try presented.dismiss(animated: true)
        try f.advance(oneFrame)
        #expect(runningContext(f)?.view(forKey: .to) === f.root.view)
        #expect(ids(f.window.subviews) == ["root", "x.container"])
        try f.advance(0.51)
        #expect(ids(f.window.subviews) == ["root"])
        #expect(made?.calls.suffix(2) == ["dismissalTransitionWillBegin", "dismissalTransitionDidEnd(true)"])
        #expect(f.diagnostics.isEmpty)
    }

    @Test func aControllerWithItsOwnPresentedViewIsWhatTheContextAnimates() throws {
        final class Wrapping: PresentationController {
            let wrapper = View(id: "wrapper")
            override var presentedView: View? { wrapper }
            override var frameOfPresentedViewInContainerView: Rect { Rect(x: 10, y: 20, width: 300, height: 500) }
            override func presentationTransitionWillBegin() throws {
                presentedViewController.view.frame = Rect(x: 0, y: 0, width: 300, height: 500)
                wrapper.addSubview(presentedViewController.view)
            }
        }
        let f = try TransitionFixture()
        let presented = ViewController(id: "x")
        presented.modalPresentationStyle = .custom
        presented.transitioningDelegate = FixtureDelegate { presented, presenting in
            Wrapping(presentedViewController: presented, presenting: presenting)
        }
        try f.root.present(presented, animated: true)
        try f.advance(oneFrame)
        let context = try #require(runningContext(f))
        let wrapper = try #require((presented.presentationController as? Wrapping)?.wrapper)
        #expect(context.view(forKey: .to) === wrapper)
        #expect(context.viewController(forKey: .to) === presented)
        #expect(context.finalFrame(for: presented) == Rect(x: 10, y: 20, width: 300, height: 500))
        try f.advance(0.51)
        #expect(ids(context.containerView.subviews) == ["wrapper"])
        #expect(wrapper.frame == Rect(x: 10, y: 20, width: 300, height: 500))
        #expect(presented.view.superview === wrapper)
        try presented.dismiss(animated: true)
        try f.advance(oneFrame)
        #expect(runningContext(f)?.view(forKey: .from) === wrapper)
        try f.advance(0.51)
        #expect(wrapper.superview == nil)
        #expect(ids(f.window.subviews) == ["root"])
    }

    // MARK: Which view controller presents

    /// root.view ⊃ background, nav.view (full window) ⊃ leaf.view; nav is root's child, leaf nav's.
    struct Containment {
        let nav: ViewController
        let leaf: ViewController
        let background: View
    }

    func fullWindowChild(_ f: TransitionFixture) -> Containment {
        let background = View(id: "background", frame: f.window.bounds)
        f.root.view.addSubview(background)
        let nav = ViewController(id: "nav")
        f.root.addChild(nav)
        nav.view.frame = f.window.bounds
        f.root.view.addSubview(nav.view)
        let leaf = ViewController(id: "leaf")
        nav.addChild(leaf)
        leaf.view.frame = Rect(x: 10, y: 10, width: 100, height: 100)
        nav.view.addSubview(leaf.view)
        return Containment(nav: nav, leaf: leaf, background: background)
    }

    @Test func fullScreenPresentsFromTheNearestAncestorThatCoversTheWindow() throws {
        let f = try TransitionFixture()
        let tree = fullWindowChild(f)
        let presented = ViewController(id: "x")
        presented.modalPresentationStyle = .fullScreen
        var completed: Bool?
        try tree.leaf.present(presented, animated: true) { completed = $0 }
        try f.advance(oneFrame)
        let context = try #require(runningContext(f))
        #expect(context.viewController(forKey: .from) === tree.nav)
        #expect(context.view(forKey: .from) === tree.nav.view)
        #expect(beganEvents(f) == ["presentation:nav->x"])
        try f.advance(0.51)
        #expect(completed == true)
        #expect(tree.nav.presentedViewController === presented)
        #expect(presented.presentingViewController === tree.nav)
        #expect(f.root.presentedViewController == nil)
        // nav's view left root's view; root's view stays in the window.
        #expect(ids(f.root.view.subviews) == ["background"])
        #expect(ids(f.window.subviews) == ["root", "x.container"])

        try tree.nav.dismiss(animated: true) { completed = $0 }
        try f.advance(oneFrame)
        #expect(ids(f.root.view.subviews) == ["background", "nav"])
        try f.advance(0.51)
        #expect(completed == true)
        #expect(ids(f.root.view.subviews) == ["background", "nav"])
        #expect(tree.nav.view.frame == f.window.bounds)
        #expect(ids(f.window.subviews) == ["root"])
        #expect(tree.nav.presentedViewController == nil)
    }

    @Test func fullScreenFromASmallChildPresentsFromTheRoot() throws {
        let f = try TransitionFixture()
        let card = ViewController(id: "card")
        f.root.addChild(card)
        card.view.frame = Rect(x: 20, y: 20, width: 200, height: 200)
        f.root.view.addSubview(card.view)
        let presented = ViewController(id: "x")
        presented.modalPresentationStyle = .fullScreen
        try card.present(presented, animated: false)
        try f.advance(oneFrame)
        #expect(presented.presentingViewController === f.root)
        #expect(f.root.presentedViewController === presented)
        #expect(ids(f.window.subviews) == ["x.container"])
    }

    @Test func aSourceWithoutParentThatDoesNotCoverTheWindowPresentsFromTheRoot() throws {
        let f = try TransitionFixture()
        let loose = ViewController(id: "loose")
        loose.view.frame = Rect(x: 0, y: 0, width: 50, height: 50)
        f.root.view.addSubview(loose.view)
        let presented = ViewController(id: "x")
        presented.modalPresentationStyle = .overFullScreen
        try loose.present(presented, animated: false)
        try f.advance(oneFrame)
        #expect(presented.presentingViewController === f.root)
        #expect(loose.presentedViewController == nil)
    }

    /// root.view ⊃ panel (at 50,20) ⊃ context.view (at 50,30, 400×300) ⊃ leaf.view; context
    /// defines the presentation context; leaf is context's child.
    struct CurrentContextTree {
        let context: ViewController
        let leaf: ViewController
    }

    func contextTree(_ f: TransitionFixture) -> CurrentContextTree {
        let panel = View(id: "panel", frame: Rect(x: 50, y: 20, width: 600, height: 600))
        f.root.view.addSubview(panel)
        let context = ViewController(id: "context")
        context.definesPresentationContext = true
        f.root.addChild(context)
        context.view.frame = Rect(x: 50, y: 30, width: 400, height: 300)
        panel.addSubview(View(id: "sibling"))
        panel.insertSubview(context.view, at: 0)
        let leaf = ViewController(id: "leaf")
        context.addChild(leaf)
        leaf.view.frame = Rect(x: 0, y: 0, width: 40, height: 40)
        context.view.addSubview(leaf.view)
        return CurrentContextTree(context: context, leaf: leaf)
    }

    @Test func currentContextPresentsFromTheNearestDefiningAncestorInRegularWidth() throws {
        let f = try TransitionFixture(size: WindowKind.regular.size)
        let tree = contextTree(f)
        let panel = try #require(tree.context.view.superview)
        let presented = ViewController(id: "x")
        presented.modalPresentationStyle = .currentContext
        var completed: Bool?
        try tree.leaf.present(presented, animated: true) { completed = $0 }
        try f.advance(oneFrame)
        let context = try #require(runningContext(f))
        #expect(context.presentationStyle == .currentContext)
        #expect(context.viewController(forKey: .from) === tree.context)
        #expect(context.view(forKey: .from) === tree.context.view)
        let container = context.containerView
        #expect(container.frame == Rect(x: 100, y: 50, width: 400, height: 300))
        #expect(container.clipsToBounds)
        #expect(presented.view.frame == Rect(x: 0, y: 0, width: 400, height: 300))
        // coverVertical starts below the container (its height is 300).
        #expect(presented.view.presentation.frame == Rect(x: 0, y: 300, width: 400, height: 300))
        try f.advance(0.51)
        #expect(completed == true)
        #expect(presented.presentingViewController === tree.context)
        #expect(tree.context.view.superview == nil)
        #expect(ids(panel.subviews) == ["sibling"])
        #expect(ids(f.window.subviews) == ["root", "x.container"])

        try presented.dismiss(animated: true) { completed = $0 }
        try f.advance(oneFrame)
        #expect(ids(panel.subviews) == ["context", "sibling"])
        #expect(runningContext(f)?.view(forKey: .to) === tree.context.view)
        try f.advance(0.51)
        #expect(completed == true)
        #expect(ids(panel.subviews) == ["context", "sibling"])
        #expect(tree.context.view.frame == Rect(x: 50, y: 30, width: 400, height: 300))
        #expect(ids(f.window.subviews) == ["root"])
        #expect(f.diagnostics.isEmpty)
    }

    @Test func currentContextInCompactWidthIsFullScreenFromTheRoot() throws {
        let f = try TransitionFixture()
        let tree = contextTree(f)
        let presented = ViewController(id: "x")
        presented.modalPresentationStyle = .currentContext
        try tree.leaf.present(presented, animated: true)
        try f.advance(oneFrame)
        let context = try #require(runningContext(f))
        #expect(context.presentationStyle == .fullScreen)
        #expect(context.viewController(forKey: .from) === f.root)
        #expect(context.containerView.frame == f.window.bounds)
        #expect(!context.containerView.clipsToBounds)
        try f.advance(0.51)
        #expect(ids(f.window.subviews) == ["x.container"])
        #expect(tree.context.view.superview != nil)
    }

    @Test(arguments: WindowKind.allCases)
    func overCurrentContextKeepsTheContextViewInPlace(_ kind: WindowKind) throws {
        let f = try TransitionFixture(size: kind.size)
        let tree = contextTree(f)
        let panel = try #require(tree.context.view.superview)
        let presented = ViewController(id: "x")
        presented.modalPresentationStyle = .overCurrentContext
        try tree.leaf.present(presented, animated: true)
        try f.advance(oneFrame)
        let context = try #require(runningContext(f))
        #expect(context.presentationStyle == .overCurrentContext)
        #expect(context.viewController(forKey: .from) === tree.context)
        #expect(context.view(forKey: .from) == nil)
        #expect(context.containerView.frame == Rect(x: 100, y: 50, width: 400, height: 300))
        #expect(context.containerView.clipsToBounds)
        try f.advance(0.51)
        #expect(ids(panel.subviews) == ["context", "sibling"])
        #expect(ids(f.window.subviews) == ["root", "x.container"])
        #expect(presented.view.frame == Rect(x: 0, y: 0, width: 400, height: 300))

        try presented.dismiss(animated: true)
        try f.advance(oneFrame)
        #expect(runningContext(f)?.view(forKey: .to) == nil)
        try f.advance(0.51)
        #expect(ids(panel.subviews) == ["context", "sibling"])
        #expect(ids(f.window.subviews) == ["root"])
    }

    @Test func overCurrentContextFromTheDefiningViewControllerItself() throws {
        let f = try TransitionFixture()
        let tree = contextTree(f)
        tree.leaf.definesPresentationContext = true
        let presented = ViewController(id: "x")
        presented.modalPresentationStyle = .overCurrentContext
        try tree.leaf.present(presented, animated: false)
        try f.advance(oneFrame)
        #expect(presented.presentingViewController === tree.leaf)
        // leaf.view is at (0,0) in context.view, which is at (100,50) in the window.
        #expect(f.window.subviews.last?.frame == Rect(x: 100, y: 50, width: 40, height: 40))
    }

    @Test(arguments: [ModalPresentationStyle.currentContext, .overCurrentContext])
    func currentContextWithoutADefiningAncestorPresentsFromTheRoot(_ style: ModalPresentationStyle) throws {
        let f = try TransitionFixture(size: WindowKind.regular.size)
        let tree = contextTree(f)
        tree.context.definesPresentationContext = false
        let presented = ViewController(id: "x")
        presented.modalPresentationStyle = style
        try tree.leaf.present(presented, animated: false)
        try f.advance(oneFrame)
        #expect(presented.presentingViewController === f.root)
        #expect(f.window.subviews.last?.frame == f.window.bounds)
        #expect(ids(f.window.subviews) == (style == .currentContext ? ["x.container"] : ["root", "x.container"]))
    }

    /// UIKit's rule: a view controller that is already presenting cannot present ("Attempt to
    /// present … which is already presenting …"); the top of its chain can.
    @Test func presentingFromAViewControllerThatAlreadyPresentsIsRefusedAndTheTopOfItsChainPresents() throws {
        let f = try TransitionFixture()
        let first = ViewController(id: "first")
        first.modalPresentationStyle = .overFullScreen
        try f.root.present(first, animated: true)
        try f.advance(0.52)
        #expect(ids(f.window.subviews[1].subviews) == ["first"])
        let second = ViewController(id: "second")
        second.modalPresentationStyle = .fullScreen
        var completed: Bool?
        #expect(throws: TransitionError.alreadyPresenting(viewController: "root", presented: "first", top: "first")) {
            try f.root.present(second, animated: true) { completed = $0 }
        }
        #expect(completed == false)
        #expect(first.presentedViewController == nil)
        #expect(second.presentingViewController == nil)
        #expect(ids(f.window.subviews) == ["root", "first.container"])

        completed = nil
        try first.present(second, animated: true) { completed = $0 }
        try f.advance(oneFrame)
        #expect(runningContext(f)?.viewController(forKey: .from) === first)
        #expect(runningContext(f)?.view(forKey: .from) === first.view)
        try f.advance(0.51)
        #expect(completed == true)
        #expect(f.root.presentedViewController === first)
        #expect(first.presentedViewController === second)
        #expect(second.presentingViewController === first)
        #expect(ids(f.window.subviews) == ["root", "first.container", "second.container"])
        // fullScreen removed the presenter's (first's) view from its container.
        #expect(f.window.subviews[1].subviews.isEmpty)

        try second.dismiss(animated: true) { completed = $0 }
        try f.advance(oneFrame)
        #expect(ids(f.window.subviews[1].subviews) == ["first"])
        try f.advance(0.51)
        #expect(completed == true)
        #expect(ids(f.window.subviews) == ["root", "first.container"])
        #expect(first.presentedViewController == nil)
        #expect(f.root.presentedViewController === first)
    }

    /// A presenter covered by a full-screen presentation (its view left the window) is already
    /// presenting: refused, with the top of its chain named.
    @Test func aPresenterWhoseViewLeftTheWindowIsRefusedAndNamesTheTopOfItsChain() throws {
        let f = try TransitionFixture()
        let first = ViewController(id: "first")
        first.modalPresentationStyle = .fullScreen
        try f.root.present(first, animated: false)
        try f.advance(oneFrame)
        #expect(f.root.view.window == nil)
        let second = ViewController(id: "second")
        second.modalPresentationStyle = .overFullScreen
        #expect(throws: TransitionError.alreadyPresenting(viewController: "root", presented: "first", top: "first")) {
            try f.root.present(second, animated: false)
        }
        #expect(ids(f.window.subviews) == ["first.container"])
        try first.present(second, animated: false)
        try f.advance(oneFrame)
        #expect(second.presentingViewController === first)
        #expect(ids(f.window.subviews) == ["first.container", "second.container"])
    }

    // MARK: providesPresentationContextTransitionStyle

    func contextProvidingCrossDissolve(_ f: TransitionFixture, provides: Bool) -> CurrentContextTree {
        let tree = contextTree(f)
        tree.context.providesPresentationContextTransitionStyle = provides
        tree.context.modalTransitionStyle = .crossDissolve
        return tree
    }

    @Test func aProvidingContextReplacesTheTransitionStyleOfCurrentContextPresentations() throws {
        let f = try TransitionFixture(size: WindowKind.regular.size)
        let tree = contextProvidingCrossDissolve(f, provides: true)
        let presented = ViewController(id: "x")
        presented.modalPresentationStyle = .currentContext
        presented.modalTransitionStyle = .coverVertical
        try tree.leaf.present(presented, animated: true)
        try f.advance(oneFrame)
        #expect(f.trace.contains("animateTransition(CrossDissolveAnimator)"))
        #expect(presented.view.presentation.frame == Rect(x: 0, y: 0, width: 400, height: 300))
        #expect(presented.view.presentation.alpha == 0)
        try f.advance(0.2)
        #expect(isApprox(presented.view.presentation.alpha, 0.5, tolerance: 1e-6))
        try f.advance(0.21)
        #expect(presented.view.presentation.alpha == 1)
        #expect(presented.presentingViewController === tree.context)
    }

    @Test func theDismissalOfAProvidedTransitionStyleUsesTheSameAnimation() throws {
        let f = try TransitionFixture(size: WindowKind.regular.size)
        let tree = contextProvidingCrossDissolve(f, provides: true)
        let presented = ViewController(id: "x")
        presented.modalPresentationStyle = .overCurrentContext
        try tree.leaf.present(presented, animated: true)
        try f.advance(0.5)
        #expect(presented.presentingViewController === tree.context)
        f.clearEvents()
        try presented.dismiss(animated: true)
        try f.advance(oneFrame)
        // The dismissal reverses the animation the presentation used (crossDissolve).
        #expect(f.trace.contains("animateTransition(CrossDissolveAnimator)"))
        try f.advance(0.2)
        #expect(isApprox(presented.view.presentation.alpha, 0.5, tolerance: 1e-6))
        #expect(presented.view.presentation.frame == Rect(x: 0, y: 0, width: 400, height: 300))
    }

    @Test func withoutProvidingThePresentedTransitionStyleIsUsed() throws {
        let f = try TransitionFixture(size: WindowKind.regular.size)
        let tree = contextProvidingCrossDissolve(f, provides: false)
        let presented = ViewController(id: "x")
        presented.modalPresentationStyle = .currentContext
        try tree.leaf.present(presented, animated: true)
        try f.advance(oneFrame)
        #expect(f.trace.contains("animateTransition(CoverVerticalAnimator)"))
        #expect(presented.view.presentation.alpha == 1)
        #expect(presented.view.presentation.frame == Rect(x: 0, y: 300, width: 400, height: 300))
    }

    @Test func providingAppliesOnlyToCurrentContextStyles() throws {
        let f = try TransitionFixture(size: WindowKind.regular.size)
        let tree = contextProvidingCrossDissolve(f, provides: true)
        let presented = ViewController(id: "x")
        presented.modalPresentationStyle = .overFullScreen
        try tree.leaf.present(presented, animated: true)
        try f.advance(oneFrame)
        #expect(presented.presentingViewController == nil)
        #expect(runningContext(f)?.viewController(forKey: .from) === f.root)
        #expect(f.trace.contains("animateTransition(CoverVerticalAnimator)"))
    }
}
