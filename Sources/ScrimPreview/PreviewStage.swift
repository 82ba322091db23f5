import ScrimCore

/// The player's picture as SVG: the window and every view in it, as they are at the first frame.
/// The page's script moves them frame by frame (with the same attributes); a view that joins the
/// window later waits, hidden, in `#offstage`, drawn as it will first appear.
///
/// A view is a group placed in its superview's bounds coordinates (`matrix(…)`: its transform
/// about its center), faded by its alpha and hidden with `isHidden`; in it, a rectangle of its
/// bounds filled with its background colour and rounded by its corner radius, then a group of
/// its subviews, back to front, clipped to that rectangle when it clips to bounds. The page's
/// script adds a label's text and an image view's placeholder (`PreviewPlayerScript`). Over the views,
/// the overlays the script shows: the finger marker, its trail, `waiting for a drag`.
enum PreviewStage {
    static func svg(_ recording: PreviewRecording) -> String {
        var firstTree: [PreviewRecording.Node] = []
        var firstStates = [PreviewViewState?](repeating: nil, count: recording.views.count)
        recording.forEachFrame { index, frame, tree, _ in
            if index == 0 { firstTree = tree }
            for (view, state) in frame.changes where firstStates[view] == nil { firstStates[view] = state }
        }
        var children: [Int: [Int]] = [:]
        var roots: [Int] = []
        var placed = Set<Int>()
        for node in firstTree {
            placed.insert(node.view)
            if let parent = node.parent { children[parent, default: []].append(node.view) } else { roots.append(node.view) }
        }
        let width = Markup.number(recording.windowSize.width), height = Markup.number(recording.windowSize.height)
        var out = "<svg id=\"stage\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\""
        // Its width over its height, for the style sheet to size it without letterboxing.
        let ratio = recording.windowSize.height > 0 ? recording.windowSize.width / recording.windowSize.height : 1
        out += " style=\"--ratio: \(Markup.number(ratio))\" role=\"img\" aria-label=\"The window, \(width) by \(height) points\">\n<defs>\n"
        out += "<pattern id=\"checker\" width=\"16\" height=\"16\" patternUnits=\"userSpaceOnUse\">"
        out += "<rect width=\"16\" height=\"16\" fill=\"#e6e6eb\"/><rect width=\"8\" height=\"8\" fill=\"#f6f6f8\"/>"
        out += "<rect x=\"8\" y=\"8\" width=\"8\" height=\"8\" fill=\"#f6f6f8\"/></pattern>\n"
        for (view, state) in firstStates.enumerated() {
            guard let state else { continue }
            out += "<clipPath id=\"c\(view)\"><rect\(geometry(of: state))/></clipPath>\n"
        }
        out += "</defs>\n<rect class=\"backdrop\" width=\"\(width)\" height=\"\(height)\" fill=\"url(#checker)\"/>\n"
        func write(_ view: Int, tree: [Int: [Int]]) {
            guard let state = firstStates[view] else { return }
            let info = recording.views[view]
            let t = state.placement
            out += "<g class=\"view\" id=\"v\(view)\" data-v=\"\(view)\" data-id=\"\(Markup.escape(info.id))\""
            out += " transform=\"matrix(\([t.a, t.b, t.c, t.d, t.tx, t.ty].map(Markup.number).joined(separator: " ")))\""
            out += " opacity=\"\(Markup.number(state.values.alpha))\"\(state.isHidden ? " display=\"none\"" : "")>"
            out += "<rect class=\"bg\"\(geometry(of: state))\(fill(of: state.values.backgroundColor))>"
            out += "<title>\(Markup.escape(info.label))</title></rect>\n"
            out += "<g class=\"sub\"\(state.clipsToBounds ? " clip-path=\"url(#c\(view))\"" : "")>"
            for child in tree[view] ?? [] { write(child, tree: tree) }
            out += "</g></g>\n"
        }
        out += "<g id=\"views\">\n"
        for root in roots { write(root, tree: children) }
        out += "</g>\n<g id=\"offstage\" display=\"none\">\n"
        for view in recording.views.indices where !placed.contains(view) { write(view, tree: [:]) }
        out += "</g>\n"
        out += overlays(width: recording.windowSize.width, height: recording.windowSize.height)
        out += "</svg>"
        return out
    }

    /// What the page's script shows over the views: the finger marker of a pan in progress and
    /// the trail of its recent points, and the `waiting for a drag` label (`PreviewRecording`'s
    /// `waitingTransition`). Hidden until then; they never take the pointer.
    static func overlays(width: Double, height: Double) -> String {
        let n = Markup.number
        var out = "<g id=\"finger\" pointer-events=\"none\"><g id=\"trail\"></g>"
        out += "<circle id=\"finger-marker\" cx=\"0\" cy=\"0\" r=\"\(n(fingerRadius))\" display=\"none\"/></g>\n"
        let labelWidth = 200.0, labelHeight = 36.0
        out += "<g id=\"waiting\" pointer-events=\"none\" display=\"none\">"
        out += "<rect x=\"\(n((width - labelWidth) / 2))\" y=\"\(n(height - 80))\" width=\"\(n(labelWidth))\""
        out += " height=\"\(n(labelHeight))\" rx=\"\(n(labelHeight / 2))\"/>"
        out += "<text x=\"\(n(width / 2))\" y=\"\(n(height - 80 + labelHeight / 2 + 6))\" text-anchor=\"middle\">waiting for a drag</text></g>\n"
        return out
    }

    /// The finger marker's radius, in window points: a fingertip's.
    static let fingerRadius = 22.0

    /// ` x="…" y="…" width="…" height="…" rx="…"`: the view's bounds, rounded by its corner radius
    /// (a negative radius, as a spring's overshoot gives, draws square corners, as in UIKit).
    static func geometry(of state: PreviewViewState) -> String {
        let bounds = state.values.bounds
        return " x=\"\(Markup.number(bounds.x))\" y=\"\(Markup.number(bounds.y))\" width=\"\(Markup.number(bounds.width))\""
            + " height=\"\(Markup.number(bounds.height))\" rx=\"\(Markup.number(max(0, state.values.cornerRadius)))\""
    }

    /// ` fill="rgb(r,g,b)" fill-opacity="a"`, the components from 0…1 to 0…255.
    static func fill(of color: Color) -> String {
        func byte(_ component: Double) -> Int { Int((min(max(component, 0), 1) * 255).rounded()) }
        return " fill=\"rgb(\(byte(color.red)),\(byte(color.green)),\(byte(color.blue)))\" fill-opacity=\"\(Markup.number(color.alpha))\""
    }
}
