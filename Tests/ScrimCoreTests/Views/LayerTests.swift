import Foundation
import Testing
@testable import ScrimCore

/// The layer model (Docs/Animation.md, "Layers" and "Layers in 3-D"): the anchor point, the 3-D
/// transform and its relation to `transform`, placement through a perspective sublayer transform,
/// hit-testing by unprojection, and `isDoubleSided`.
@MainActor @Suite struct LayerTests {
    private func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
    private func near(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
        near(a.minX, b.minX, tolerance) && near(a.minY, b.minY, tolerance)
            && near(a.width, b.width, tolerance) && near(a.height, b.height, tolerance)
    }

    @Test func transformAndTransform3DAreTwoViewsOfOneValue() throws {
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let turn = Transform3D.rotation(.pi / 3, 0, 1, 0)
        view.transform3D = turn
        #expect(view.transform3D == turn)
        #expect(view.layer.transform == turn)
        #expect(view.transform == turn.affineTransform)
        view.transform = AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 5, ty: 0)
        #expect(view.transform3D == Transform3D(AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 5, ty: 0)))
        #expect(view.transform3D.isAffine)
    }

    @Test func theDefaultsAreCoreAnimations() {
        let view = View()
        let layer = view.layer
        #expect(view.layer === layer)
        #expect(layer.anchorPoint == Point(x: 0.5, y: 0.5))
        #expect(layer.zPosition == 0 && layer.sublayerTransform.isIdentity && layer.isDoubleSided)
        #expect(layer.shadowColor == .black && layer.shadowOpacity == 0 && layer.shadowRadius == 3)
        #expect(layer.shadowOffset == Size(width: 0, height: -3))
        #expect(layer.borderWidth == 0 && layer.borderColor == .black && !layer.masksToBounds)
        withExtendedLifetime(view) {}
    }

    @Test func theAnchorPointSitsAtTheCenterAndMovesTheFrame() {
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        view.layer.anchorPoint = Point(x: 0, y: 0)
        #expect(view.center == Point(x: 50, y: 25))
        #expect(view.frame == Rect(x: 50, y: 25, width: 100, height: 50))
        // Setting the frame puts the anchor point where it falls in the new frame.
        view.frame = Rect(x: 10, y: 20, width: 200, height: 100)
        #expect(view.center == Point(x: 10, y: 20))
        #expect(view.frame == Rect(x: 10, y: 20, width: 200, height: 100))
    }

    @Test func theTransformTurnsAboutTheAnchorPoint() {
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.layer.anchorPoint = Point(x: 0, y: 0)
        view.transform = .rotation(.pi / 2)
        // Bounds relative to the anchor span x, y in 0…100; a quarter turn takes them to −100…0, 0…100.
        #expect(near(view.frame, Rect(x: -50, y: 50, width: 100, height: 100)))
    }

    @Test func aTurnAboutYNarrowsTheFrameByItsCosine() {
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.transform3D = .rotation(.pi / 3, 0, 1, 0)
        #expect(near(view.frame, Rect(x: 25, y: 0, width: 50, height: 100)))
    }

    /// A container with a perspective of 500 points and a card turned 60° about y inside it.
    private func perspectiveScene() throws -> (EngineFixture, View, View) {
        let f = try EngineFixture()
        let container = f.addView("container", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        container.layer.sublayerTransform = perspective
        let card = View(id: "card", frame: Rect(x: 100, y: 100, width: 200, height: 200))
        container.addSubview(card)
        card.transform3D = .rotation(.pi / 3, 0, 1, 0)
        return (f, container, card)
    }

    @Test func aPointIsProjectedThroughTheSuperviewsPerspective() throws {
        let (_, container, card) = try perspectiveScene()
        // By hand: the card's right-top corner, relative to its anchor, is (100, −100, 0). Turned
        // 60° about y (x' = x·cos, z' = x·sin as Core Animation's rotation gives), moved to the center
        // (200, 200), then seen from 500 points in front of the container's anchor (200, 200).
        let (c, s) = (cos(Double.pi / 3), sin(Double.pi / 3))
        let rotation = Transform3D.rotation(.pi / 3, 0, 1, 0)
        let turned = rotation.apply(to: Point3D(x: 100, y: -100, z: 0))
        #expect(near(turned.x, 100 * c) && near(abs(turned.z), 100 * s))
        let w = 1 - turned.z / 500
        let expected = Point(x: 200 + turned.x / w, y: 200 + turned.y / w)
        let corner = card.convert(Point(x: 200, y: 0), to: container)
        #expect(near(corner.x, expected.x) && near(corner.y, expected.y))
        // And back: the container's point unprojects onto the card's plane.
        let back = container.convert(corner, to: card)
        #expect(near(back.x, 200, 1e-6) && near(back.y, 0, 1e-6))
    }

    @Test func hitTestingUnprojectsOntoTheTurnedPlane() throws {
        let (f, container, card) = try perspectiveScene()
        // The card's middle is still at the container's anchor.
        #expect(f.window.hitTest(Point(x: 200, y: 200)) === card)
        // Its untransformed left edge area is outside the turned card (which is about half as wide).
        #expect(f.window.hitTest(Point(x: 110, y: 200)) === container)
        // Just inside the projected left and right edges.
        let left = card.convert(Point(x: 2, y: 100), to: container)
        let right = card.convert(Point(x: 198, y: 100), to: container)
        #expect(f.window.hitTest(left) === card && f.window.hitTest(right) === card)
        #expect(right.x - left.x < 130)
    }

    @Test func aSingleSidedLayerSeenFromBehindIsNotHit() throws {
        let (f, container, card) = try perspectiveScene()
        card.transform3D = .rotation(.pi * 0.75, 0, 1, 0)
        #expect(card.model.isFacingAway(in: container.model))
        #expect(f.window.hitTest(Point(x: 200, y: 200)) === card)
        card.layer.isDoubleSided = false
        #expect(f.window.hitTest(Point(x: 200, y: 200)) === container)
        card.transform3D = .rotation(.pi / 4, 0, 1, 0)
        #expect(!card.model.isFacingAway(in: container.model))
        #expect(f.window.hitTest(Point(x: 200, y: 200)) === card)
    }

    @Test func aLayerSeenEdgeOnIsNotHitBesideItsEdge() throws {
        let (f, container, card) = try perspectiveScene()
        card.transform3D = .rotation(.pi / 2, 0, 1, 0)
        // The line of sight through (150, 200) meets the card's plane only next to the viewer, far
        // outside the card's bounds.
        #expect(!card.bounds.contains(container.convert(Point(x: 150, y: 200), to: card)))
        #expect(f.window.hitTest(Point(x: 150, y: 200)) === container)
    }

    @Test func aSnapshotKeepsTheLayer() {
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.layer.anchorPoint = Point(x: 0.25, y: 1)
        view.layer.zPosition = 4
        view.layer.shadowOpacity = 0.5
        view.layer.borderWidth = 2
        view.layer.isDoubleSided = false
        view.transform3D = .rotation(1, 1, 0, 0)
        let snapshot = view.snapshotView()
        #expect(snapshot.model == view.presentation)
        #expect(snapshot.presentation == view.presentation)
        #expect(!snapshot.layer.isDoubleSided)
    }
}
