/// `flipHorizontal`: the two views turn over together about their vertical axis, in perspective,
/// as the two faces of a card (Docs/Transitions.md, "Built-in animations"). Presenting, the
/// outgoing view's right edge comes toward the viewer and the card turns from right to left;
/// dismissing, it turns back the other way. In the first half (0.3 s) the outgoing face turns from
/// flat to edge-on, in the second the incoming face turns from edge-on to flat.
@MainActor
final class FlipHorizontalAnimator: StyleAnimator {
    static let duration = 0.6

    func animate(_ moving: View, in context: TransitionContext) throws {
        let other = context.isPresenting ? context.viewController(forKey: .from)?.view : context.view(forKey: .to)
        let outgoing = context.isPresenting ? other : moving
        let incoming = context.isPresenting ? moving : other
        let outgoingStart = outgoing?.transform3D ?? .identity
        let incomingEnd = incoming?.transform3D ?? .identity
        // Presenting turns right to left (the right edge comes toward the viewer: a negative turn).
        let edgeOn = (context.isPresenting ? -Double.pi : Double.pi) / 2
        View.performWithoutAnimation {
            outgoing?.transform3D = CardFlip.face(outgoingStart, turnedBy: 0)
            incoming?.transform3D = CardFlip.face(incomingEnd, turnedBy: -edgeOn)
        }
        try View.animateKeyframes(withDuration: Self.duration, animations: {
            try View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
                outgoing?.transform3D = CardFlip.face(outgoingStart, turnedBy: edgeOn)
            }
            try View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
                incoming?.transform3D = CardFlip.face(incomingEnd, turnedBy: 0)
            }
        }, completion: { _ in
            View.performWithoutAnimation {
                outgoing?.transform3D = outgoingStart
                incoming?.transform3D = incomingEnd
            }
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}
