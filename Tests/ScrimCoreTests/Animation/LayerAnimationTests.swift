import Foundation
import Testing
@testable import ScrimCore

/// The engine animates the layer's values (Docs/Animation.md, "Layers"): a 3-D transform by
/// decomposition, so a half turn about y passes through a quarter turn at its middle, and the
/// other values component by component.
@MainActor @Suite struct LayerAnimationTests {
    private func near(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-9) -> Bool {
        let x = [a.m11, a.m12, a.m13, a.m14, a.m21, a.m22, a.m23, a.m24, a.m31, a.m32, a.m33, a.m34, a.m41, a.m42, a.m43, a.m44]
        let y = [b.m11, b.m12, b.m13, b.m14, b.m21, b.m22, b.m23, b.m24, b.m31, b.m32, b.m33, b.m34, b.m41, b.m42, b.m43, b.m44]
        return zip(x, y).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test func aHalfTurnAboutYPassesThroughAQuarterTurn() throws {
        let f = try EngineFixture()
        let view = f.addView("card")
        var finished: Bool?
        try View.animate(withDuration: 1, options: .curveLinear, animations: {
            view.transform3D = .rotation(.pi * 0.999, 0, 1, 0)
        }) { finished = $0 }
        #expect(view.isAnimating(.transform))
        try f.advance(0.25)
        #expect(near(view.presentation.transform3D, .rotation(.pi * 0.999 * 0.25, 0, 1, 0)))
        try f.advance(0.25)
        let middle = view.presentation.transform3D
        #expect(near(middle, .rotation(.pi * 0.999 * 0.5, 0, 1, 0)))
        #expect(abs(middle.m11) < 0.01 && abs(abs(middle.m13) - 1) < 0.01)
        #expect(view.presentation.frame.width < 2)
        try f.advance(0.5)
        #expect(view.presentation.transform3D == .rotation(.pi * 0.999, 0, 1, 0))
        #expect(!view.isAnimating(.transform) && finished == true)
    }

    @Test func aMatrixTrackFollowsTransform3DInterpolateAtEveryFrame() throws {
        let f = try EngineFixture()
        let view = f.addView("card")
        var from = Transform3D.rotation(0.3, 1, 0, 0).translated(10, 0, -20)
        from.m34 = -1.0 / 800
        view.transform3D = from
        let to = Transform3D.scale(0.5, 2, 1).rotated(2, 0, 1, 1)
        try View.animate(withDuration: 1, options: .curveLinear, animations: { view.transform3D = to })
        for frame in 1...59 {
            try f.advance(1.0 / 60)
            #expect(near(view.presentation.transform3D, Transform3D.interpolate(from, to, fraction: Double(frame) / 60), 1e-9))
        }
    }

    @Test func affineEndsKeepThe2DPathAndItsShorterTurn() throws {
        let f = try EngineFixture()
        let view = f.addView("card")
        view.transform = .rotation(3)
        try View.animate(withDuration: 1, options: .curveLinear, animations: { view.transform = .rotation(-3) })
        try f.advance(0.5)
        // From 3 to −3 the shorter way is through π, not through 0.
        let angle = atan2(view.presentation.transform.b, view.presentation.transform.a)
        #expect(abs(abs(angle) - .pi) < 1e-9)
        #expect(view.presentation.transform3D.isAffine)
    }

    @Test func keyframesTurnThroughEachKeyframe() throws {
        let f = try EngineFixture()
        let view = f.addView("card")
        try View.animateKeyframes(withDuration: 1, animations: {
            try View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.transform3D = .rotation(.pi / 2, 0, 1, 0) }
            try View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.transform3D = .rotation(.pi, 1, 0, 0) }
        })
        try f.advance(0.25)
        #expect(near(view.presentation.transform3D, .rotation(.pi / 4, 0, 1, 0)))
        try f.advance(0.25)
        #expect(near(view.presentation.transform3D, .rotation(.pi / 2, 0, 1, 0)))
        try f.advance(0.25)
        #expect(near(
            view.presentation.transform3D,
            Transform3D.interpolate(.rotation(.pi / 2, 0, 1, 0), .rotation(.pi, 1, 0, 0), fraction: 0.5)))
    }

    @Test func theLayersValuesAnimateComponentByComponent() throws {
        let f = try EngineFixture()
        let view = f.addView("card")
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        try View.animate(withDuration: 1, options: .curveLinear, animations: {
            view.layer.anchorPoint = Point(x: 0, y: 1)
            view.layer.zPosition = 10
            view.layer.sublayerTransform = perspective
            view.layer.shadowOpacity = 0.6
            view.layer.shadowRadius = 13
            view.layer.shadowOffset = Size(width: 4, height: 7)
            view.layer.shadowColor = Color(red: 1, green: 0, blue: 0)
            view.layer.borderWidth = 4
            view.layer.borderColor = Color(red: 0, green: 0, blue: 1, alpha: 0)
        })
        try f.advance(0.5)
        let p = view.presentation
        #expect(p.anchorPoint == Point(x: 0.25, y: 0.75))
        #expect(p.zPosition == 5 && p.shadowOpacity == 0.3 && p.shadowRadius == 8 && p.borderWidth == 2)
        #expect(p.shadowOffset == Size(width: 2, height: 2))
        #expect(p.shadowColor == Color(red: 0.5, green: 0, blue: 0))
        // Premultiplied: fading to a clear blue keeps black's hue until it is gone.
        #expect(p.borderColor == Color(red: 0, green: 0, blue: 0, alpha: 0.5))
        #expect(abs(p.sublayerTransform.m34 + 0.5 / 500) < 1e-12)
        try f.advance(0.5)
        #expect(view.presentation == view.model)
    }

    @Test func aPropertyAnimatorScrubsA3DTurnAndCanGoBack() throws {
        let f = try EngineFixture()
        let view = f.addView("card")
        let animator = try PropertyAnimator(duration: 1, timingParameters: .curve(.linear))
        try animator.addAnimations { view.transform3D = .rotation(.pi * 0.9, 0, 1, 0) }
        animator.fractionComplete = 0.5
        try f.advance(1.0 / 60)
        #expect(near(view.presentation.transform3D, .rotation(.pi * 0.45, 0, 1, 0)))
        animator.stopAnimation(false)
        animator.finishAnimation(at: .start)
        #expect(view.transform3D == .identity && view.presentation.transform3D == .identity)
    }

    @Test func aFailedBlockPutsTheLayerBack() throws {
        let f = try EngineFixture()
        let view = f.addView("card")
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            try View.animate(withDuration: 1, animations: {
                view.layer.zPosition = 3
                view.transform3D = .rotation(1, 0, 1, 0)
                throw Failure()
            })
        }
        #expect(view.layer.zPosition == 0 && view.transform3D == .identity)
        #expect(!view.isAnimating(.transform))
    }
}
