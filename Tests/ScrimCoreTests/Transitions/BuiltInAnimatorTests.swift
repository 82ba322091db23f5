import Testing
@testable import ScrimCore
import ScrimTestSupport

/// Docs/Transitions.md, "Built-in animations": the animators of the four `modalTransitionStyle`s,
/// used when the delegate vends no animator. Expected values follow the curves the animators
/// document.
@MainActor @Suite struct BuiltInAnimatorTests {
    let full = Rect(x: 0, y: 0, width: 390, height: 844)

    /// A fixture with `x` (style `style`, transition `transition`) presented from the root.
    func present(
        _ transition: ModalTransitionStyle, style: ModalPresentationStyle = .fullScreen, kind: WindowKind = .compact,
        animated: Bool = true
    ) throws -> (TransitionFixture, ViewController, Box<[Bool]>) {
        let f = try TransitionFixture(size: kind.size)
        let presented = ViewController(id: "x")
        presented.modalPresentationStyle = style
        presented.modalTransitionStyle = transition
        let completions = Box<[Bool]>([])
        try f.root.present(presented, animated: animated) { completions.value.append($0) }
        try f.advance(oneFrame)
        return (f, presented, completions)
    }

    final class Box<Value> {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    func animatorName(_ style: ModalTransitionStyle) -> String {
        switch style {
        case .coverVertical: "CoverVerticalAnimator"
        case .crossDissolve: "CrossDissolveAnimator"
        case .flipHorizontal: "FlipHorizontalAnimator"
        case .partialCurl: "PartialCurlAnimator"
        }
    }

    func duration(_ style: ModalTransitionStyle) -> Double {
        switch style {
        case .coverVertical: 0.5
        case .crossDissolve: 0.4
        case .flipHorizontal: 0.6
        case .partialCurl: 0.5
        }
    }

    func snapshots(in f: TransitionFixture) -> [View] {
        allViews(in: f.window).filter { $0.name?.hasPrefix("snapshot of") == true }
    }

    // MARK: Every style

    @Test(arguments: ModalTransitionStyle.allCases)
    func presentationAndDismissalCompleteWithTheirDuration(_ transition: ModalTransitionStyle) throws {
        let (f, presented, completions) = try present(transition)
        let name = animatorName(transition)
        let duration = duration(transition)
        #expect(f.trace.suffix(2) == ["transitionDuration(\(name))", "animateTransition(\(name))"])
        #expect(presented.transitionCoordinator?.transitionDuration == duration)
        #expect(runningContext(f)?.transitionDuration == duration)
        try f.advance(duration - 0.02)
        #expect(completions.value.isEmpty)
        try f.advance(0.03)
        #expect(completions.value == [true])
        #expect(ids(f.window.subviews) == ["x.container"])
        #expect(ids(f.window.subviews[0].subviews) == ["x"])
        #expect(presented.view.frame == full)
        #expect(presented.view.presentation.frame == full)
        #expect(presented.view.presentation.transform == .identity)
        #expect(presented.view.presentation.alpha == 1)
        #expect(f.root.view.transform == .identity)
        #expect(f.root.view.alpha == 1)
        #expect(snapshots(in: f).isEmpty)
        #expect(Array(f.trace.suffix(6)) == [
            "completeTransition(\(name))", "presentationTransitionDidEnd(StylePresentationController)",
            "animationEnded(\(name))", "viewDidAppear(x)", "viewDidDisappear(root)", "completion(x)",
        ])

        f.clearEvents()
        try presented.dismiss(animated: true) { completions.value.append($0) }
        try f.advance(oneFrame)
        #expect(f.trace.suffix(2) == ["transitionDuration(\(name))", "animateTransition(\(name))"])
        try f.advance(duration - 0.02)
        #expect(completions.value == [true])
        try f.advance(0.03)
        #expect(completions.value == [true, true])
        #expect(ids(f.window.subviews) == ["root"])
        #expect(presented.view.superview == nil)
        #expect(f.root.view.frame == full)
        #expect(f.root.view.presentation.frame == full)
        #expect(f.root.view.transform == .identity)
        #expect(f.root.view.presentation.transform == .identity)
        #expect(f.root.view.presentation.alpha == 1)
        #expect(snapshots(in: f).isEmpty)
        #expect(f.trace.last == "completion(x)")
        #expect(endedEvents(f) == [true])
        #expect(f.diagnostics.isEmpty)
    }

    @Test(arguments: ModalTransitionStyle.allCases)
    func unanimatedTransitionsShowTheEndStateOnTheNextTick(_ transition: ModalTransitionStyle) throws {
        let (f, presented, completions) = try present(transition, animated: false)
        #expect(completions.value == [true])
        #expect(!f.trace.contains("animateTransition(\(animatorName(transition)))"))
        #expect(presented.view.presentation.frame == full)
        #expect(presented.view.presentation.alpha == 1)
        #expect(presented.view.presentation.transform == .identity)
        #expect(ids(f.window.subviews) == ["x.container"])
        #expect(snapshots(in: f).isEmpty)
        try presented.dismiss(animated: false) { completions.value.append($0) }
        try f.advance(oneFrame)
        #expect(completions.value == [true, true])
        #expect(ids(f.window.subviews) == ["root"])
        #expect(f.root.view.presentation.transform == .identity)
    }

    // MARK: coverVertical

    @Test func coverVerticalSlidesUpFromBelowWithEaseOut() throws {
        let (f, presented, completions) = try present(.coverVertical)
        #expect(presented.view.frame == full)
        #expect(presented.view.presentation.frame == full.offsetBy(dx: 0, dy: 844))
        try f.advance(0.125)
        let quarter = 844 * (1 - CubicBezier.easeOut.progress(at: 0.25))
        #expect(isApprox(presented.view.presentation.frame, full.offsetBy(dx: 0, dy: quarter), tolerance: 1e-6))
        try f.advance(0.125)
        let half = 844 * (1 - CubicBezier.easeOut.progress(at: 0.5))
        #expect(isApprox(presented.view.presentation.frame, full.offsetBy(dx: 0, dy: half), tolerance: 1e-6))
        #expect(presented.view.presentation.alpha == 1)
        #expect(f.root.view.presentation.frame == full)
        try f.advance(0.26)
        #expect(completions.value == [true])
        #expect(presented.view.presentation.frame == full)
    }

    @Test func coverVerticalSlidesBackDownWithEaseIn() throws {
        let (f, presented, completions) = try present(.coverVertical)
        try f.advance(0.51)
        try presented.dismiss(animated: true) { completions.value.append($0) }
        try f.advance(oneFrame)
        #expect(presented.view.presentation.frame == full)
        #expect(presented.view.frame == full.offsetBy(dx: 0, dy: 844))
        try f.advance(0.25)
        let half = 844 * CubicBezier.easeIn.progress(at: 0.5)
        #expect(isApprox(presented.view.presentation.frame, full.offsetBy(dx: 0, dy: half), tolerance: 1e-6))
        try f.advance(0.125)
        let later = 844 * CubicBezier.easeIn.progress(at: 0.75)
        #expect(isApprox(presented.view.presentation.frame, full.offsetBy(dx: 0, dy: later), tolerance: 1e-6))
        #expect(f.root.view.presentation.frame == full)
        try f.advance(0.135)
        #expect(completions.value == [true, true])
        #expect(ids(f.window.subviews) == ["root"])
    }

    @Test func coverVerticalMovesASheetFromBelowTheContainerToItsFrame() throws {
        let (f, presented, completions) = try present(.coverVertical, style: .formSheet, kind: .regular)
        let sheet = Rect(x: 242, y: 74, width: 540, height: 620)
        #expect(presented.view.frame == sheet)
        #expect(presented.view.presentation.frame == Rect(x: 242, y: 768, width: 540, height: 620))
        try f.advance(0.25)
        let y = 768 + (74 - 768) * CubicBezier.easeOut.progress(at: 0.5)
        #expect(isApprox(presented.view.presentation.frame, Rect(x: 242, y: y, width: 540, height: 620), tolerance: 1e-6))
        try f.advance(0.26)
        #expect(completions.value == [true])
        #expect(presented.view.presentation.frame == sheet)

        try presented.dismiss(animated: true) { completions.value.append($0) }
        try f.advance(oneFrame + 0.25)
        let down = 74 + (768 - 74) * CubicBezier.easeIn.progress(at: 0.5)
        #expect(isApprox(presented.view.presentation.frame, Rect(x: 242, y: down, width: 540, height: 620), tolerance: 1e-6))
        try f.advance(0.26)
        #expect(completions.value == [true, true])
        #expect(ids(f.window.subviews) == ["root"])
    }

    // MARK: crossDissolve

    @Test func crossDissolveFadesInPlaceWithEaseInOut() throws {
        let (f, presented, completions) = try present(.crossDissolve)
        #expect(presented.view.presentation.alpha == 0)
        #expect(presented.view.alpha == 1)
        #expect(presented.view.presentation.frame == full)
        try f.advance(0.1)
        #expect(isApprox(presented.view.presentation.alpha, CubicBezier.easeInOut.progress(at: 0.25), tolerance: 1e-6))
        #expect(presented.view.presentation.frame == full)
        try f.advance(0.1)
        #expect(isApprox(presented.view.presentation.alpha, 0.5, tolerance: 1e-6))
        try f.advance(0.21)
        #expect(completions.value == [true])
        #expect(presented.view.presentation.alpha == 1)

        try presented.dismiss(animated: true) { completions.value.append($0) }
        try f.advance(oneFrame)
        #expect(presented.view.presentation.alpha == 1)
        try f.advance(0.3)
        #expect(isApprox(presented.view.presentation.alpha, 1 - CubicBezier.easeInOut.progress(at: 0.75), tolerance: 1e-6))
        #expect(presented.view.presentation.frame == full)
        try f.advance(0.11)
        #expect(completions.value == [true, true])
        #expect(presented.view.superview == nil)
        #expect(ids(f.window.subviews) == ["root"])
    }

    @Test func crossDissolveFadesToTheViewsOwnAlpha() throws {
        let f = try TransitionFixture()
        let presented = ViewController(id: "x")
        presented.modalPresentationStyle = .overFullScreen
        presented.modalTransitionStyle = .crossDissolve
        presented.view.alpha = 0.8
        try f.root.present(presented, animated: true)
        try f.advance(oneFrame + 0.2)
        #expect(isApprox(presented.view.presentation.alpha, 0.4, tolerance: 1e-6))
        try f.advance(0.21)
        #expect(presented.view.alpha == 0.8)
        #expect(presented.view.presentation.alpha == 0.8)
    }

    @Test func aViewControllerDismissedWithCrossDissolveCanBePresentedAgain() throws {
        let (f, presented, completions) = try present(.crossDissolve)
        try f.advance(0.41)
        try presented.dismiss(animated: true) { completions.value.append($0) }
        try f.advance(oneFrame + 0.41)
        #expect(completions.value == [true, true])
        try f.root.present(presented, animated: true) { completions.value.append($0) }
        try f.advance(oneFrame + 0.2)
        #expect(isApprox(presented.view.presentation.alpha, 0.5, tolerance: 1e-6))
        try f.advance(0.21)
        #expect(completions.value == [true, true, true])
        // The view shows again: the dismissal's fade-out did not stay on it.
        #expect(presented.view.alpha == 1)
        #expect(presented.view.presentation.alpha == 1)
    }

    // MARK: flipHorizontal

    func face(_ angle: Double) -> Transform3D { CardFlip.face(.identity, turnedBy: angle) }

    @Test func flipHorizontalTurnsThePresenterOverIntoThePresentedInPerspective() throws {
        let (f, presented, completions) = try present(.flipHorizontal)
        let root = f.root.view
        #expect(face(0).m34 == -1.0 / 1000)
        #expect(root.presentation.transform3D == face(0))
        #expect(presented.view.presentation.transform3D == face(.pi / 2))
        try f.advance(0.15)
        // A quarter of the way: the presenter turned by −45° (right edge toward the viewer), so its
        // right half looks wider than its left.
        #expect(isApprox(root.presentation.transform3D, face(-.pi / 4), tolerance: 1e-9))
        let turning = root.presentation.frame
        #expect(turning.maxX - 195 > 195 - turning.minX)
        #expect(turning.width < 390 && turning.height > 844)
        #expect(isApprox(presented.view.presentation.transform3D, face(.pi / 2), tolerance: 1e-9))
        try f.advance(0.15)
        #expect(isApprox(root.presentation.transform3D, face(-.pi / 2), tolerance: 1e-9))
        #expect(root.presentation.frame.width < 1e-6)
        try f.advance(0.15)
        #expect(isApprox(root.presentation.transform3D, face(-.pi / 2), tolerance: 1e-9))
        #expect(isApprox(presented.view.presentation.transform3D, face(.pi / 4), tolerance: 1e-9))
        let widening = presented.view.presentation.frame
        #expect(195 - widening.minX > widening.maxX - 195)
        try f.advance(0.16)
        #expect(completions.value == [true])
        #expect(presented.view.presentation.transform3D == .identity)
        // The presenter's transform is put back, and its view left the window (fullScreen).
        #expect(root.transform3D == .identity)
        #expect(root.presentation.transform3D == .identity)
        #expect(root.superview == nil)
    }

    @Test func flipHorizontalDismissalTurnsBackTheOtherWay() throws {
        let (f, presented, completions) = try present(.flipHorizontal)
        try f.advance(0.61)
        let root = f.root.view
        try presented.dismiss(animated: true) { completions.value.append($0) }
        try f.advance(oneFrame)
        #expect(root.superview === f.window)
        #expect(root.presentation.transform3D == face(-.pi / 2))
        #expect(presented.view.presentation.transform3D == face(0))
        try f.advance(0.15)
        #expect(isApprox(presented.view.presentation.transform3D, face(.pi / 4), tolerance: 1e-9))
        #expect(isApprox(root.presentation.transform3D, face(-.pi / 2), tolerance: 1e-9))
        try f.advance(0.3)
        #expect(isApprox(presented.view.presentation.transform3D, face(.pi / 2), tolerance: 1e-9))
        #expect(isApprox(root.presentation.transform3D, face(-.pi / 4), tolerance: 1e-9))
        try f.advance(0.16)
        #expect(completions.value == [true, true])
        #expect(root.transform3D == .identity)
        #expect(root.presentation.transform3D == .identity)
        #expect(presented.view.transform3D == .identity)
        #expect(presented.view.presentation.transform3D == .identity)
        #expect(ids(f.window.subviews) == ["root"])
    }

    @Test func flipHorizontalDismissalOfASheetLeavesThePresenterAlone() throws {
        let (f, presented, completions) = try present(.flipHorizontal, style: .formSheet, kind: .regular)
        try f.advance(0.61)
        #expect(completions.value == [true])
        #expect(f.root.view.transform3D == .identity)
        #expect(f.root.view.presentation.transform3D == .identity)
        try presented.dismiss(animated: true) { completions.value.append($0) }
        try f.advance(oneFrame)
        #expect(runningContext(f)?.view(forKey: .to) == nil)
        try f.advance(0.15)
        #expect(isApprox(presented.view.presentation.transform3D, face(.pi / 4), tolerance: 1e-9))
        #expect(f.root.view.presentation.transform3D == .identity)
        try f.advance(0.3)
        #expect(f.root.view.presentation.transform3D == .identity)
        try f.advance(0.16)
        #expect(completions.value == [true, true])
        #expect(presented.view.transform3D == .identity)
        #expect(f.root.view.presentation.transform3D == .identity)
        #expect(ids(f.window.subviews) == ["root"])
    }

    // MARK: partialCurl

    func lifted(height: Double) -> AffineTransform {
        AffineTransform.translation(0, -height * PartialCurlAnimator.lift).concatenating(.rotation(PartialCurlAnimator.turn))
    }

    @Test func partialCurlLiftsASnapshotOfThePresenterAway() throws {
        let (f, presented, completions) = try present(.partialCurl)
        let container = try #require(presented.view.superview)
        let page = try #require(snapshots(in: f).first)
        #expect(snapshots(in: f).count == 1)
        #expect(page.name == "snapshot of root")
        #expect(page.superview === container)
        #expect(container.subviews.map { $0 === presented.view || $0 === page } == [true, true])
        #expect(container.subviews.last === page)
        #expect(page.presentation.frame == full)
        #expect(page.bounds.size == full.size)
        #expect(page.presentation.transform == .identity)
        #expect(page.presentation.alpha == 1)
        #expect(presented.view.presentation.frame == full)
        let lifted = lifted(height: 844)
        try f.advance(0.125)
        let quarter = CubicBezier.easeInOut.progress(at: 0.25)
        #expect(isApprox(page.presentation.transform, AffineTransform.identity.interpolated(to: lifted, fraction: quarter), tolerance: 1e-6))
        #expect(isApprox(page.presentation.alpha, 1 - quarter, tolerance: 1e-6))
        try f.advance(0.125)
        #expect(isApprox(page.presentation.transform, AffineTransform.identity.interpolated(to: lifted, fraction: 0.5), tolerance: 1e-6))
        #expect(isApprox(page.presentation.alpha, 0.5, tolerance: 1e-6))
        #expect(presented.view.presentation.frame == full)
        try f.advance(0.26)
        #expect(completions.value == [true])
        #expect(page.superview == nil)
        #expect(snapshots(in: f).isEmpty)
        #expect(ids(container.subviews) == ["x"])
        #expect(ids(f.window.subviews) == ["x.container"])
    }

    @Test func partialCurlDismissalBringsTheSnapshotBackDown() throws {
        let (f, presented, completions) = try present(.partialCurl)
        try f.advance(0.51)
        try presented.dismiss(animated: true) { completions.value.append($0) }
        try f.advance(oneFrame)
        let page = try #require(snapshots(in: f).first)
        #expect(page.name == "snapshot of root")
        #expect(page.superview?.subviews.last === page)
        let lifted = lifted(height: 844)
        #expect(isApprox(page.presentation.transform, lifted, tolerance: 1e-9))
        #expect(page.presentation.alpha == 0)
        try f.advance(0.25)
        #expect(isApprox(page.presentation.transform, lifted.interpolated(to: .identity, fraction: 0.5), tolerance: 1e-6))
        #expect(isApprox(page.presentation.alpha, 0.5, tolerance: 1e-6))
        try f.advance(0.26)
        #expect(completions.value == [true, true])
        #expect(page.superview == nil)
        #expect(snapshots(in: f).isEmpty)
        #expect(ids(f.window.subviews) == ["root"])
    }

    @Test(arguments: WindowKind.allCases)
    func partialCurlSnapshotIsGoneAtTheEndForSheetsToo(_ kind: WindowKind) throws {
        let (f, presented, completions) = try present(.partialCurl, style: .pageSheet, kind: kind)
        #expect(snapshots(in: f).count == 1)
        try f.advance(0.51)
        #expect(completions.value == [true])
        #expect(snapshots(in: f).isEmpty)
        let container = try #require(presented.view.superview)
        #expect(ids(container.subviews) == (kind == .regular ? ["x.dimming", "x"] : ["x"]))
        try presented.dismiss(animated: true) { completions.value.append($0) }
        try f.advance(oneFrame)
        #expect(snapshots(in: f).count == 1)
        try f.advance(0.51)
        #expect(completions.value == [true, true])
        #expect(snapshots(in: f).isEmpty)
        #expect(ids(f.window.subviews) == ["root"])
    }

    @Test func partialCurlSnapshotIsRemovedWhenTheTransitionIsCancelledByAFault() throws {
        // A presentation controller whose layout throws at the first tick ends the transition as
        // cancelled (Docs/Transitions.md, "Faults") while the curl runs.
        final class FailingLayout: PresentationController {
            override func containerViewDidLayoutSubviews() throws { throw TestFailure.layout }
        }
        let f = try TransitionFixture()
        let presented = ViewController(id: "x")
        presented.modalPresentationStyle = .custom
        presented.modalTransitionStyle = .partialCurl
        var controller: FailingLayout?
        // The closure below keeps `controller`, which holds `presented`, which holds the delegate.
        defer { presented.transitioningDelegate = nil }
        presented.transitioningDelegate = FixtureDelegate { presented, presenting in
            let made = FailingLayout(presentedViewController: presented, presenting: presenting)
            controller = made
            return made
        }
        var completed: Bool?
        try f.root.present(presented, animated: true) { completed = $0 }
        try f.advance(oneFrame)
        let container = try #require(controller?.containerView)
        try f.advance(0.6)
        #expect(completed == false)
        #expect(container.subviews.isEmpty)
        #expect(container.superview == nil)
        #expect(snapshots(in: f).isEmpty)
        #expect(ids(f.window.subviews) == ["root"])
        #expect(f.root.view.presentation.transform == .identity)
        #expect(f.diagnostics.count == 1)
    }
}

enum TestFailure: Error {
    case layout
}
