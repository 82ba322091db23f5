extension Window {
    /// Sends a synthesized pan event. A `began` event goes to the nearest pan
    /// recognizer on `view` (or, without one, on the frontmost view under `location`) or its
    /// superviews; the events up to `ended`/`cancelled` go to the same recognizer. As a touch's
    /// moves in UIKit, a pan is in progress from its `began` to its `ended` or `cancelled` whether
    /// or not a recognizer took it: events that no recognizer receives are accepted and go nowhere.
    /// Returns whether a recognizer received the event.
    ///
    /// - Throws: `InputError` for a location that is not finite, a view that is not in this
    ///   window, or a `changed`/`ended`/`cancelled` event with no pan in progress (no `began`
    ///   since the last `ended` or `cancelled`).
    @discardableResult
    public func sendPan(_ phase: PanPhase, at location: Point, in view: View? = nil) throws(InputError) -> Bool {
        guard location.isFinite else { throw .nonFiniteLocation(location) }
        if let view, view.window !== self { throw .viewNotInWindow(view.id) }
        if phase == .began {
            if let current = activePan, current.state != .possible {
                current.handle(.cancelled, at: location, time: engine.now)
            }
            isPanInProgress = true
            let target = view ?? hitTest(location)
            var candidate: View? = target
            activePan = nil
            while let current = candidate {
                if let recognizer = current.gestureRecognizers.first(where: {
                    $0.isEnabled && $0.shouldBegin?(location) != false
                }) {
                    activePan = recognizer
                    break
                }
                candidate = current.superview
            }
            guard let recognizer = activePan else { return false }
            recognizer.handle(.began, at: location, time: engine.now)
            return true
        }
        guard isPanInProgress else { throw .noPanInProgress(phase) }
        let recognizer = activePan
        if phase == .ended || phase == .cancelled {
            isPanInProgress = false
            activePan = nil
        }
        guard let recognizer, recognizer.state == .began || recognizer.state == .changed else { return false }
        recognizer.handle(phase, at: location, time: engine.now)
        return true
    }

    /// Sends a synthesized tap at `location` (window coordinates) and returns the deepest view hit
    /// (`hitTest`), or nil outside the window. While a popover is shown on top, a tap outside it and
    /// outside its `passthroughViews` dismisses it, animated, unless its delegate's
    /// `popoverPresentationControllerShouldDismissPopover` returns false (the popover's container is
    /// the view hit); a tap in a passthrough view returns that view. A tap that reaches a view goes
    /// to the window's tap handlers, then triggers the segue whose trigger view it is in (see
    /// `ViewController.triggeredSegue(for:)`).
    ///
    /// - Throws: `InputError.nonFiniteLocation` for a location that is not finite.
    @discardableResult
    public func sendTap(at location: Point) throws(InputError) -> View? {
        guard location.isFinite else { throw .nonFiniteLocation(location) }
        let hit = hitTest(location)
        switch routePopoverTap(at: location, hit: hit) {
        case .taken:
            return hit
        case .deliver(let target):
            if let target, !tapHandlers.contains(where: { $0(target, location) }) {
                performSegue(triggeredBy: target)
            }
            return target
        }
    }

    /// Runs the segue whose trigger is `view` (or its nearest superview that triggers one) in the
    /// view controllers shown in this window, asking its source's `shouldPerformSegue` first. A
    /// segue that cannot run is a diagnostic (role `segue`, the segue's identifier); nothing
    /// changes.
    private func performSegue(triggeredBy view: View) {
        guard let (source, template, trigger) = rootViewController?.triggeredSegue(for: view) else { return }
        do {
            try source.performTriggeredSegue(template, trigger: trigger)
        } catch {
            transitionRunner.diagnose(role: .segue, object: template.identifier, message: "\(error)")
        }
    }

    /// The frontmost view that contains `point` (window coordinates, model values), as UIKit hit-tests:
    /// hidden views, views whose alpha is below 0.01 and views with `isUserInteractionEnabled`
    /// false (labels and image views, by default) are skipped with everything in them, and
    /// a view is searched only when it contains the point, so a subview outside its superview's
    /// bounds is not hit whether the superview clips or not. Through a 3-D transform the point is
    /// unprojected onto each view's plane; a view that faces away with `isDoubleSided` false is not
    /// hit, nor is anything in it. As in UIKit, `zPosition` does not change the order views are
    /// searched in (the last subview first). Nil outside the window.
    public func hitTest(_ point: Point) -> View? { hitTest(point, skipping: nil) }

    /// `hitTest`, with `skipped` and everything inside it left out.
    func hitTest(_ point: Point, skipping skipped: View?) -> View? {
        // UIKit's rule: a view that does not contain the point is not searched, nor are its
        // subviews (a subview outside its superview's bounds cannot be tapped, clipped or not).
        // Each view's values are read once: the walk runs for every tap.
        func search(_ view: View, _ model: ViewValues, _ local: Point) -> View? {
            guard view !== skipped, !view.isHidden, view.isUserInteractionEnabled, model.alpha >= 0.01, model.bounds.contains(local)
            else { return nil }
            for subview in view.subviews.reversed() {
                let values = subview.model
                guard subview.isDoubleSided || !values.isFacingAway(in: model),
                      let inner = values.convertFromSuperlayer(local, superlayer: model)
                else { continue }
                if let hit = search(subview, values, inner) { return hit }
            }
            return view
        }
        return search(self, model, point)
    }
}
