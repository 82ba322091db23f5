import ScrimCore

/// The Swift twin of `Plugins/flip.lua`: a card flips over, in perspective, into the details
/// screen, and back — written as a UIKit app would write the animator.
///
/// Exact behaviour (what the Lua plugin must reproduce):
/// - the card is the view `sourceViewId` in the presenting view controller's view (that whole view
///   when it is nil or not found); a snapshot of it is added on top of the container and the card
///   is hidden until the end;
/// - the snapshot and the details, both with `isDoubleSided` false, go from the card's frame (in
///   the container) to the details' final frame (presenting; the reverse dismissing), by bounds and
///   center on `curve` over `duration`; the details' corner radius from the card's to its own (not
///   clipped: a layer that masks to its bounds clips its shadow too);
/// - keyframes over `duration`: the turn `u` goes 0 → π/2 → π (π → π/2 → 0 dismissing); the
///   snapshot is turned by `u` about y, the details by `u − π`; the shadow opacity and radius of
///   both go to `shadowOpacity` and `shadowRadius` in the first half and back in the second;
/// - the container's `sublayerTransform` is `m34 = −1/perspective` meanwhile; at the end the
///   snapshot goes, the card shows again and every value set by hand is given back.
@MainActor
public final class FlipTransition: AnimatedTransitioning, NamedTransitionRole {
    public let roleName = "flip"
    public nonisolated static let defaultDuration = 0.6

    public var sourceViewID: String?
    public var duration = defaultDuration
    public var curve = AnimationCurve.easeInOut
    public var perspective = 800.0
    public var shadowOpacity = 0.4
    public var shadowRadius = 24.0

    public init(sourceViewID: String? = nil) {
        self.sourceViewID = sourceViewID
    }

    /// Turned by `angle` about the vertical axis.
    public static func turned(_ angle: Double) -> Transform3D { .rotation(angle, 0, 1, 0) }

    private static func place(_ view: View, _ frame: Rect) {
        view.bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        view.center = Point(x: frame.midX, y: frame.midY)
    }

    public func transitionDuration(using context: TransitionContext?) throws -> Double { duration }

    public func animateTransition(using context: TransitionContext) throws {
        let container = context.containerView
        let presenting = context.isPresenting
        let presenter = context.viewController(forKey: presenting ? .from : .to)!
        let details = context.view(forKey: presenting ? .to : .from)!
        if let toView = context.view(forKey: .to) { container.addSubview(toView) }
        container.bringSubviewToFront(details)

        let source = sourceViewID.flatMap { presenter.view.descendant(withID: $0) } ?? presenter.view
        let cardFrame = source.convert(source.bounds, to: container)
        let fullFrame = presenting ? context.finalFrame(for: context.viewController(forKey: .to)!) : details.frame
        let card = source.snapshotView()
        container.addSubview(card)
        source.isHidden = true

        let sublayerTransform = container.layer.sublayerTransform
        let doubleSided = details.layer.isDoubleSided, transform = details.transform3D
        let radius = details.cornerRadius

        container.layer.sublayerTransform = Transform3D(m34: -1 / perspective)
        let startTurn = presenting ? 0 : Double.pi
        let endTurn = Double.pi - startTurn
        let startFrame = presenting ? cardFrame : fullFrame
        let endFrame = presenting ? fullFrame : cardFrame
        let startRadius = presenting ? source.cornerRadius : radius
        let endRadius = presenting ? radius : source.cornerRadius
        let faces = [card, details]
        let rest = faces.map { (opacity: $0.layer.shadowOpacity, radius: $0.layer.shadowRadius) }
        for face in faces {
            face.layer.isDoubleSided = false
            Self.place(face, startFrame)
        }
        card.transform3D = Self.turned(startTurn)
        details.transform3D = Self.turned(startTurn - .pi)
        details.cornerRadius = startRadius

        try View.animate(withDuration: duration, timing: .curve(curve), animations: {
            Self.place(card, endFrame)
            Self.place(details, endFrame)
            details.cornerRadius = endRadius
        })
        let (peakOpacity, peakRadius) = (shadowOpacity, shadowRadius)
        try View.animateKeyframes(withDuration: duration, animations: {
            try View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
                card.transform3D = Self.turned(.pi / 2)
                details.transform3D = Self.turned(-.pi / 2)
                for face in faces {
                    face.layer.shadowOpacity = peakOpacity
                    face.layer.shadowRadius = peakRadius
                }
            }
            try View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
                card.transform3D = Self.turned(endTurn)
                details.transform3D = Self.turned(endTurn - .pi)
                for (face, rest) in zip(faces, rest) {
                    face.layer.shadowOpacity = rest.opacity
                    face.layer.shadowRadius = rest.radius
                }
            }
        }, completion: { _ in
            card.removeFromSuperview()
            source.isHidden = false
            container.layer.sublayerTransform = sublayerTransform
            details.layer.isDoubleSided = doubleSided
            details.transform3D = transform
            details.cornerRadius = radius
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}
