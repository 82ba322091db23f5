import Foundation
import Testing
@testable import ScrimCore

/// `View.transition(with:…)` and `View.transition(from:to:…)` (Docs/Animation.md, "View transitions").
@MainActor @Suite struct ViewTransitionTests {
    private func scene() throws -> (EngineFixture, View, View) {
        let f = try EngineFixture()
        let card = f.addView("card", frame: Rect(x: 20, y: 40, width: 200, height: 100))
        let badge = View(id: "badge", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        card.addSubview(badge)
        return (f, card, badge)
    }

    private func snapshot(in f: EngineFixture) -> View? {
        f.window.subviews.first { $0.name == "transition snapshot of card" }
    }

    @Test func aFlipFromLeftTurnsTheOldLookAwayAndTheNewOneIn() throws {
        let (f, card, badge) = try scene()
        var finished: [Bool] = []
        try View.transition(with: card, duration: 1, options: .transitionFlipFromLeft, animations: {
            badge.isHidden = true
            card.backgroundColor = .white
        }, completion: { finished.append($0) })
        // The change applies at once; the old look is a snapshot over the card, with the badge.
        #expect(badge.isHidden && card.backgroundColor == .white)
        let old = try #require(snapshot(in: f))
        #expect(f.window.subviews.map(\.id) == ["card", old.id])
        #expect(old.subviews.count == 1 && !old.subviews[0].isHidden && old.backgroundColor == .clear)
        #expect(isApprox(old.presentation.frame, Rect(x: 20, y: 40, width: 200, height: 100), tolerance: 1e-9))
        try f.advance(0.25)
        // Left side toward the viewer: a positive turn about y.
        #expect(isApprox(old.presentation.transform3D, CardFlip.face(.identity, turnedBy: .pi / 4), tolerance: 1e-9))
        #expect(isApprox(card.presentation.transform3D, CardFlip.face(.identity, turnedBy: -.pi / 2), tolerance: 1e-9))
        let turning = old.presentation.frame
        #expect(120 - turning.minX > turning.maxX - 120)
        try f.advance(0.5)
        #expect(isApprox(card.presentation.transform3D, CardFlip.face(.identity, turnedBy: -.pi / 4), tolerance: 1e-9))
        try f.advance(0.25 + 1.0 / 60)
        #expect(finished == [true])
        #expect(snapshot(in: f) == nil && old.superview == nil)
        #expect(card.transform3D == .identity && card.presentation.transform3D == .identity)
    }

    @Test func aFlipFromTopTurnsAboutTheHorizontalAxis() throws {
        let (f, card, _) = try scene()
        try View.transition(with: card, duration: 1, options: .transitionFlipFromTop, animations: nil)
        let old = try #require(snapshot(in: f))
        try f.advance(0.25)
        #expect(isApprox(old.presentation.transform3D, CardFlip.face(.identity, turnedBy: -.pi / 4, aboutX: true), tolerance: 1e-9))
        // The top edge came toward the viewer: wider than the bottom.
        let top = old.convert(Point(x: 0, y: 0), to: nil), topRight = old.convert(Point(x: 200, y: 0), to: nil)
        let bottom = old.convert(Point(x: 0, y: 100), to: nil), bottomRight = old.convert(Point(x: 200, y: 100), to: nil)
        #expect(topRight.x - top.x > bottomRight.x - bottom.x)
    }

    @Test func aCrossDissolveFadesTheOldLookOut() throws {
        let (f, card, _) = try scene()
        try View.transition(with: card, duration: 1, options: [.transitionCrossDissolve, .curveLinear], animations: {
            card.cornerRadius = 12
        })
        let old = try #require(snapshot(in: f))
        try f.advance(0.5)
        #expect(abs(old.presentation.alpha - 0.5) < 1e-12)
        #expect(card.presentation.cornerRadius == 12 && card.presentation.alpha == 1)
    }

    @Test func curlsLiftTheOldLookOrBringTheNewOneDown() throws {
        let (f, card, _) = try scene()
        try View.transition(with: card, duration: 1, options: [.transitionCurlUp, .curveLinear], animations: nil)
        let up = try #require(snapshot(in: f))
        try f.advance(1)
        #expect(isApprox(up.presentation.transform3D, Transform3D(PartialCurlAnimator.lifted(height: 100)), tolerance: 1e-9))
        #expect(up.presentation.alpha == 0)
        try f.advance(1.0 / 60)
        try View.transition(with: card, duration: 1, options: [.transitionCurlDown, .curveLinear], animations: nil)
        let under = try #require(snapshot(in: f))
        #expect(f.window.subviews.map(\.id) == [under.id, "card"])
        #expect(card.presentation.alpha == 0)
        try f.advance(0.5)
        #expect(abs(card.presentation.alpha - 0.5) < 1e-12)
        try f.advance(0.5 + 1.0 / 60)
        #expect(card.alpha == 1 && card.transform3D == .identity && snapshot(in: f) == nil)
    }

    @Test func fromToReplacesTheViewOrSwapsWhichIsShown() throws {
        let f = try EngineFixture()
        let container = f.addView("container", frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let front = View(id: "front"), back = View(id: "back"), top = View(id: "top")
        container.addSubview(front)
        container.addSubview(top)
        try View.transition(from: front, to: back, duration: 0.5, options: .transitionFlipFromRight)
        #expect(container.subviews.map(\.id) == ["back", "top"] && front.superview == nil)
        #expect(f.window.subviews.map(\.name) == [nil, "transition snapshot of container"])
        try f.advance(0.6)
        container.addSubview(front)
        front.isHidden = true
        try View.transition(from: back, to: front, duration: 0.5, options: [.transitionCrossDissolve, .showHideTransitionViews])
        #expect(back.isHidden && !front.isHidden && back.superview === container)
    }

    @Test func aFailingChangeLeavesNothing() throws {
        let (f, card, badge) = try scene()
        struct Failure: Error {}
        var completed = false
        #expect(throws: Failure.self) {
            try View.transition(with: card, duration: 1, options: .transitionFlipFromLeft, animations: {
                badge.alpha = 0.5
                throw Failure()
            }, completion: { _ in completed = true })
        }
        #expect(badge.alpha == 1 && f.window.subviews.map(\.id) == ["card"])
        #expect(throws: AnimationError.self) {
            try View.transition(with: card, duration: -1, options: .transitionCurlUp, animations: nil)
        }
        #expect(f.window.subviews.map(\.id) == ["card"])
        try f.advance(1.1)
        #expect(!completed && card.transform3D == .identity)
    }

    @Test func aViewOutsideAnySuperviewChangesAtOnce() throws {
        let f = try EngineFixture()
        let loose = View(id: "loose")
        var finished: [Bool] = []
        try View.transition(with: loose, duration: 1, options: .transitionFlipFromLeft, animations: { loose.alpha = 0.3 }) {
            finished.append($0)
        }
        #expect(loose.alpha == 0.3 && loose.presentation.alpha == 0.3)
        try f.advance(1.0 / 60)
        #expect(finished == [true])
    }

    @Test func eachTransitionIsItsOption() {
        #expect(ViewTransition.allCases.map(\.option) == [
            .transitionFlipFromLeft, .transitionFlipFromRight, .transitionCurlUp, .transitionCurlDown,
            .transitionCrossDissolve, .transitionFlipFromTop, .transitionFlipFromBottom,
        ])
        #expect(AnimationOptions([.transitionCurlDown, .curveEaseIn]).transition == .curlDown)
        #expect(AnimationOptions.curveLinear.transition == nil)
    }
}
