extension View {
    /// A transition of `view` from how it looks now to how `animations` leaves it, as
    /// `UIView.transition(with:duration:options:animations:completion:)` (Docs/Animation.md, "View
    /// transitions"). The old look is a snapshot placed over the view in its superview; the
    /// changes `animations` makes apply at once; then `options.transition` animates from the
    /// snapshot to the view, and the snapshot is removed before `completion` runs.
    ///
    /// - Flips turn the snapshot to edge-on in the first half and the view from edge-on in the
    ///   second, each in perspective about its anchor point, at a constant rate.
    /// - `transitionCrossDissolve` fades the snapshot out with the options' curve.
    /// - `transitionCurlUp` lifts the snapshot away upwards and fades it; `transitionCurlDown`
    ///   brings the view down over the snapshot (approximations of a page curl).
    /// - With no transition option, the changes are animated as `View.animate` would.
    /// - A view without a superview has nowhere to show its old look: the changes apply at once and
    ///   `completion` runs on the next tick.
    ///
    /// - Throws: `AnimationError` for a negative or non-finite duration; any error `animations`
    ///   throws, or `AnimationError.nonFiniteValue` when it sets a non-finite value. Then nothing
    ///   it changed is kept, no snapshot stays and `completion` is not called.
    public static func transition(
        with view: View, duration: Double, options: AnimationOptions = [],
        animations: (() throws -> Void)?, completion: ((Bool) -> Void)? = nil
    ) throws {
        guard let transition = options.transition else {
            return try animate(withDuration: duration, options: options, animations: { try animations?() }, completion: completion)
        }
        _ = try validate(duration: duration, delay: 0, timing: .curve(options.curve))
        guard let superview = view.superview else {
            try performWithoutAnimationThrowing { try animations?() }
            return try animate(withDuration: 0, animations: {}, completion: completion)
        }
        let snapshot = view.snapshotView()
        snapshot.name = "transition snapshot of \(view.id)"
        if transition == .curlDown {
            superview.insertSubview(snapshot, belowSubview: view)
        } else {
            superview.insertSubview(snapshot, aboveSubview: view)
        }
        do {
            try performWithoutAnimationThrowing { try animations?() }
        } catch {
            snapshot.removeFromSuperview()
            throw error
        }
        let viewStart = view.transform3D, viewAlpha = view.alpha
        let finish: (Bool) -> Void = { finished in
            snapshot.removeFromSuperview()
            View.performWithoutAnimation {
                view.transform3D = viewStart
                view.alpha = viewAlpha
            }
            completion?(finished)
        }
        switch transition {
        case .flipFromLeft, .flipFromRight, .flipFromTop, .flipFromBottom:
            // Left and bottom come toward the viewer with a positive turn (Docs/Animation.md,
            // "3-D transforms": about y a positive angle takes the right edge away).
            let aboutX = transition == .flipFromTop || transition == .flipFromBottom
            let edgeOn = (transition == .flipFromLeft || transition == .flipFromBottom ? 1 : -1) * Double.pi / 2
            let snapshotStart = snapshot.transform3D
            performWithoutAnimation {
                snapshot.transform3D = CardFlip.face(snapshotStart, turnedBy: 0, aboutX: aboutX)
                view.transform3D = CardFlip.face(viewStart, turnedBy: -edgeOn, aboutX: aboutX)
            }
            try animateKeyframes(withDuration: duration, animations: {
                try addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
                    snapshot.transform3D = CardFlip.face(snapshotStart, turnedBy: edgeOn, aboutX: aboutX)
                }
                try addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
                    view.transform3D = CardFlip.face(viewStart, turnedBy: 0, aboutX: aboutX)
                }
            }, completion: finish)
        case .crossDissolve:
            try animate(withDuration: duration, options: options, animations: { snapshot.alpha = 0 }, completion: finish)
        case .curlUp, .curlDown:
            let lifted = Transform3D(PartialCurlAnimator.lifted(height: view.bounds.height))
            let page = transition == .curlUp ? snapshot : view
            let pageStart = page.transform3D
            if transition == .curlDown {
                performWithoutAnimation {
                    view.transform3D = lifted.concatenating(viewStart)
                    view.alpha = 0
                }
            }
            try animate(withDuration: duration, options: options, animations: {
                page.transform3D = transition == .curlUp ? lifted.concatenating(pageStart) : viewStart
                page.alpha = transition == .curlUp ? 0 : viewAlpha
            }, completion: finish)
        }
    }

    /// A transition from `fromView` to `toView`, as `UIView.transition(from:to:duration:options:
    /// completion:)`: a `transition(with:)` of `fromView`'s superview whose change replaces
    /// `fromView` by `toView` at its place in `subviews` — or, with `showHideTransitionViews`,
    /// hides `fromView` and shows `toView`, which must already be in the superview. A `fromView`
    /// without a superview is a programmer error.
    public static func transition(
        from fromView: View, to toView: View, duration: Double, options: AnimationOptions = [],
        completion: ((Bool) -> Void)? = nil
    ) throws {
        guard let superview = fromView.superview else {
            preconditionFailure("transition(from:to:): the view '\(fromView.id)' is not in a superview")
        }
        try transition(with: superview, duration: duration, options: options, animations: {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else {
                superview.insertSubview(toView, aboveSubview: fromView)
                fromView.removeFromSuperview()
            }
        }, completion: completion)
    }
}
