extension Window {
    /// Sends a synthesized pan event. A `began` event goes to the nearest pan
    /// recognizer on `view` (or, without one, on the frontmost view under `location`) or its
    /// superviews; the events up to `ended`/`cancelled` go to the same recognizer. Returns whether
    /// a recognizer received the event.
    ///
    /// - Throws: `InputError` for a location that is not finite, a view that is not in this
    ///   window, or a `changed`/`ended`/`cancelled` event with no pan in progress.
    @discardableResult
    public func sendPan(_ phase: PanPhase, at location: Point, in view: View? = nil) throws(InputError) -> Bool {
        guard location.isFinite else { throw .nonFiniteLocation(location) }
        if let view, view.window !== self { throw .viewNotInWindow(view.id) }
        if phase == .began {
            if let current = activePan, current.state != .possible {
                current.handle(.cancelled, at: location, time: engine.now)
            }
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
        guard let recognizer = activePan, recognizer.state == .began || recognizer.state == .changed else {
            throw .noPanInProgress(phase)
        }
        recognizer.handle(phase, at: location, time: engine.now)
        if phase == .ended || phase == .cancelled { activePan = nil }
        return true
    }

    /// The frontmost visible view that contains `point` (window coordinates), model values.
    public func hitTest(_ point: Point) -> View? {
        func search(_ view: View, _ local: Point) -> View? {
            guard !view.isHidden, view.alpha > 0.01 else { return nil }
            for subview in view.subviews.reversed() {
                if let hit = search(subview, subview.convertFromSuperview(local)) { return hit }
            }
            return view.bounds.contains(local) ? view : nil
        }
        return search(self, point)
    }
}
