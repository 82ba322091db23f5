import ScrimCore

/// The player's picture: the window and every view in it as HTML elements, nested as the views
/// are at the first frame, under an SVG of the overlays. The page's script
/// (`PreviewPlayerScript`) styles each element for the frame shown (its CSS `matrix3d`,
/// `transform-origin`, colours, shadow, border, clipping: Docs/Preview.md, "How the stage
/// draws") and moves elements when the tree changes; a view that joins the window later waits in
/// `#offstage`.
///
/// A view is `<div class="view">` holding its content (a label's text or an image view's
/// placeholder, added by the script) and `<div class="sub">`, its subviews back to front, whose
/// origin is the view's bounds origin: a subview is placed in its superview's bounds coordinates.
/// The elements sit in `#views`, a box of the window's size that the script scales to the stage;
/// over them, the SVG `#stage` (the window's size in its `viewBox`, so that its screen matrix
/// maps window points) holds what the script shows over the views: the finger marker, its trail,
/// `waiting for a drag`. It lets the pointer through: `#screen`, holding both, takes it.
enum PreviewStage {
    static func html(_ recording: PreviewRecording) -> String {
        var children: [Int: [Int]] = [:]
        var roots: [Int] = []
        var placed = Set<Int>()
        for node in recording.frames.first?.tree ?? [] {
            placed.insert(node.view)
            if let parent = node.parent { children[parent, default: []].append(node.view) } else { roots.append(node.view) }
        }
        let width = Markup.number(recording.windowSize.width), height = Markup.number(recording.windowSize.height)
        // Its width over its height, for the style sheet to size it without letterboxing.
        let ratio = recording.windowSize.height > 0 ? recording.windowSize.width / recording.windowSize.height : 1
        var out = "<div id=\"screen\">\n<div id=\"views\" style=\"width: \(width)px; height: \(height)px\">\n"
        func write(_ view: Int, tree: [Int: [Int]]) {
            let info = recording.views[view]
            out += "<div class=\"view\" id=\"v\(view)\" data-v=\"\(view)\" data-id=\"\(Markup.escape(info.id))\""
            out += " title=\"\(Markup.escape(info.label))\"><div class=\"sub\">"
            for child in tree[view] ?? [] { write(child, tree: tree) }
            out += "</div></div>\n"
        }
        for root in roots { write(root, tree: children) }
        out += "</div>\n<div id=\"offstage\" hidden>\n"
        for view in recording.views.indices where !placed.contains(view) { write(view, tree: [:]) }
        out += "</div>\n"
        out += "<svg id=\"stage\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\""
        out += " style=\"--ratio: \(Markup.number(ratio))\" role=\"img\" aria-label=\"The window, \(width) by \(height) points\">\n"
        out += overlays(width: recording.windowSize.width, height: recording.windowSize.height)
        out += "</svg>\n</div>"
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
}
