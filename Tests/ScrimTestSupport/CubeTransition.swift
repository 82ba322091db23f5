import ScrimCore

/// The Swift twin of `Plugins/cube.lua`: a navigation push and pop as the turn of a cube, written
/// as a UIKit app would write the animator.
///
/// Exact behaviour (what the Lua plugin must reproduce): `content` is the to view controller's
/// final frame (push; a presentation plays as a push) or the from view's frame (pop; a dismissal);
/// the to view goes on top of the container at `content`. The face left of the shared edge (from
/// for a push, to for a pop) gets the anchor point (1, 0.5), the face on its right (0, 0.5); both
/// centers go from the edge's start (the right side of `content` pushing, its left side popping)
/// to its end on `curve` over `duration`, while the left face turns about y from 0 to −π/2
/// (pushing; −π/2 to 0 popping) and the right one from π/2 to 0 (pushing; 0 to π/2 popping). The
/// container's `sublayerTransform` is `m34 = −1/perspective` meanwhile; at the end each face gets
/// back its transform and anchor point and its frame is `content`.
@MainActor
public final class CubeTransition: AnimatedTransitioning, NamedTransitionRole {
    public let roleName = "cube"
    public nonisolated static let defaultDuration = 0.5

    public var duration = defaultDuration
    public var curve = AnimationCurve.easeInOut
    public var perspective = 800.0

    public init() {}

    private struct Face {
        let view: View, anchor: Point, start: Transform3D, end: Transform3D
        let anchorPoint: Point, transform: Transform3D
    }

    public func transitionDuration(using context: TransitionContext?) throws -> Double { duration }

    public func animateTransition(using context: TransitionContext) throws {
        let container = context.containerView
        let pushing = context.operation == .push || (context.operation == .none && context.isPresenting)
        let fromView = context.view(forKey: .from), toView = context.view(forKey: .to)
        let content = pushing ? context.finalFrame(for: context.viewController(forKey: .to)!) : fromView!.frame
        if let toView {
            container.addSubview(toView)
            toView.frame = content
        }
        let left = pushing ? fromView : toView
        let right = (pushing ? toView : fromView)!
        let startEdge = content.minX + (pushing ? content.width : 0)
        let endEdge = content.minX + (pushing ? 0 : content.width)

        let sublayerTransform = container.layer.sublayerTransform
        container.layer.sublayerTransform = Transform3D(m34: -1 / perspective)
        let turned = FlipTransition.turned
        var faces: [Face] = []
        if let left {
            faces.append(Face(
                view: left, anchor: Point(x: 1, y: 0.5), start: turned(pushing ? 0 : -.pi / 2),
                end: turned(pushing ? -.pi / 2 : 0), anchorPoint: left.layer.anchorPoint, transform: left.transform3D))
        }
        faces.append(Face(
            view: right, anchor: Point(x: 0, y: 0.5), start: turned(pushing ? .pi / 2 : 0),
            end: turned(pushing ? 0 : .pi / 2), anchorPoint: right.layer.anchorPoint, transform: right.transform3D))
        for face in faces {
            face.view.layer.anchorPoint = face.anchor
            face.view.center = Point(x: startEdge, y: content.midY)
            face.view.transform3D = face.start
        }

        try View.animate(
            withDuration: duration, timing: .curve(curve),
            animations: {
                for face in faces {
                    face.view.center = Point(x: endEdge, y: content.midY)
                    face.view.transform3D = face.end
                }
            },
            completion: { _ in
                container.layer.sublayerTransform = sublayerTransform
                for face in faces {
                    face.view.transform3D = face.transform
                    face.view.layer.anchorPoint = face.anchorPoint
                    face.view.frame = content
                }
                context.completeTransition(!context.transitionWasCancelled)
            })
    }
}
