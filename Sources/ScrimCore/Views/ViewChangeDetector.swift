/// Finds, in a view tree, the views whose state changed since the previous look: what
/// `scrim/frame` and `scrim run` report, and what a preview records at each tick.
///
/// A view is known by its identity, not its id: a view seen for the first time counts as changed,
/// even if another view with the same id was seen before (a presentation controller's dimming view,
/// made again for each transition). Each view gets a number at its first sighting, counting from 0.
/// Views are held weakly: the detector keeps none alive.
@MainActor
package final class ViewChangeDetector<State: Equatable> {
    /// A view found by `look(at:)`.
    package struct Sighting {
        package let view: View
        /// The view's number: its rank among the views this detector has seen.
        package let index: Int
        /// The number of its nearest ancestor that was looked at (its superview, without a filter).
        package let parent: Int?
        package let state: State
        /// Whether the view is new or its state differs from the previous look.
        package let changed: Bool
    }

    private struct Seen {
        let index: Int
        weak var view: View?
        var state: State
    }

    /// Only the views with these ids are looked at (nil: every view); their subviews are visited
    /// either way.
    package let views: Set<String>?
    private let state: @MainActor (View) -> State
    private var seen: [ObjectIdentifier: Seen] = [:]
    /// How many views have been seen: the next view's number.
    package private(set) var count = 0

    /// - Parameters:
    ///   - views: the ids of the views to look at (nil: every view).
    ///   - state: what is compared from one look to the next.
    package init(views: Set<String>? = nil, state: @escaping @MainActor (View) -> State) {
        self.views = views
        self.state = state
    }

    /// Forgets every view seen: each counts as new at the next look, numbered from 0 again.
    package func reset() {
        seen = [:]
        count = 0
    }

    /// The views under `root` (itself included, depth first, back to front) that pass the `views`
    /// filter, each with its state and whether it changed since the previous look.
    package func look(at root: View) -> [Sighting] {
        var sightings: [Sighting] = []
        func visit(_ view: View, parent: Int?) {
            var index = parent
            if views?.contains(view.id) ?? true {
                let sighting = sight(view, parent: parent)
                sightings.append(sighting)
                index = sighting.index
            }
            for subview in view.subviews { visit(subview, parent: index) }
        }
        visit(root, parent: nil)
        return sightings
    }

    /// The views under `root` that changed since the previous look (as `look(at:)` orders them).
    package func changes(in root: View) -> [View] {
        look(at: root).filter(\.changed).map(\.view)
    }

    private func sight(_ view: View, parent: Int?) -> Sighting {
        let current = state(view)
        let key = ObjectIdentifier(view)
        // A view gone whose identity is reused by a new one is told apart by the reference.
        if var known = seen[key], known.view === view {
            let changed = known.state != current
            if changed {
                known.state = current
                seen[key] = known
            }
            return Sighting(view: view, index: known.index, parent: parent, state: current, changed: changed)
        }
        let index = count
        count += 1
        seen[key] = Seen(index: index, view: view, state: current)
        return Sighting(view: view, index: index, parent: parent, state: current, changed: true)
    }
}
