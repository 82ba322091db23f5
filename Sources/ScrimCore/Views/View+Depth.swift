extension View {
    /// How deeply views may nest in a window, the window being the first level. A snapshot of the
    /// window (`scrim/snapshot`, Docs/Protocol.md) nests two JSON levels a view and two around
    /// them: 802 at this depth, under the 1 000 the protocol accepts and within what recursive
    /// parsers (Python's `json`, about 1 000 frames) take.
    package nonisolated static let maximumDepth = 400

    /// The levels of the view's subtree: 1 without subviews. Walked without recursion.
    package var subtreeDepth: Int {
        var deepest = 0
        var pending: [(View, Int)] = [(self, 1)]
        while let (view, level) = pending.popLast() {
            deepest = max(deepest, level)
            for subview in view.subviews { pending.append((subview, level + 1)) }
        }
        return deepest
    }
}
