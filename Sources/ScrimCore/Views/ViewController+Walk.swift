extension ViewController {
    /// Follows `link` from this view controller (this one first) and returns the first answer
    /// `body` gives, or nil at the end of the chain. Every walk of the presentation chain and of
    /// the containment tree goes through here: it is bounded whatever the graph — Brent's cycle
    /// detection, no allocation — so a corrupt graph throws instead of spinning.
    ///
    /// - Throws: `TransitionError.graphCycle` when the chain comes back to a view controller it
    ///   passed (the graph is a tree and the chain acyclic by construction: see Docs/Containers.md);
    ///   what `body` throws.
    package func walk<Result>(
        along link: ViewControllerLink, _ body: (ViewController) throws(TransitionError) -> Result?
    ) throws(TransitionError) -> Result? {
        var current = self
        // Brent's algorithm: `mark` waits at power-of-two steps; on a cycle the walk meets it.
        var mark = self
        var power = 1
        var steps = 0
        while true {
            if let answer = try body(current) { return answer }
            guard let next = link.next(from: current) else { return nil }
            if next === mark { throw TransitionError.graphCycle(viewController: next.id, link: link.rawValue) }
            steps += 1
            if steps == power {
                mark = next
                power *= 2
                steps = 0
            }
            current = next
        }
    }

    /// The last view controller along `link` from this one (this one when the link leads nowhere).
    ///
    /// - Throws: `TransitionError.graphCycle`, as `walk(along:_:)`.
    package func last(along link: ViewControllerLink) throws(TransitionError) -> ViewController {
        var last = self
        _ = try walk(along: link) { (viewController) -> Bool? in
            last = viewController
            return nil
        }
        return last
    }

    /// Whether `other` is this view controller or is reached from it along `link`.
    ///
    /// - Throws: `TransitionError.graphCycle`, as `walk(along:_:)`.
    package func reaches(_ other: ViewController, along link: ViewControllerLink) throws(TransitionError) -> Bool {
        try walk(along: link) { $0 === other ? true : nil } ?? false
    }
}
