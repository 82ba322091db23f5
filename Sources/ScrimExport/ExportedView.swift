import ScrimCore

/// A view an exported transition animates or adds: where the app's code gets it, where it goes
/// and its keyframes.
package struct ExportedView: Sendable, Equatable {
    /// Where the view comes from in the app.
    package enum Source: Sendable, Equatable {
        /// A view of the scene: the app's, looked up by its id in the scene.
        case scene(id: String)
        /// A view the plugin made in this transition (its id, and its name if it has one):
        /// created in code.
        case created(id: String, name: String?)
        /// A view the plugin made in an earlier transition (a presentation's dimming view, in
        /// the dismissal): found in the container by its id.
        case existing(id: String)
        /// A snapshot the plugin took of the scene's view with this id in this transition.
        case snapshot(of: String)
        /// The transition's container view (`containerView`): the plugin set its layer (a
        /// perspective in its `sublayerTransform`, say).
        case container
    }

    /// Where a view added in this transition goes.
    package enum Parent: Sendable, Equatable {
        /// The transition's container view (`containerView`).
        case container
        /// Another view of this transition, by its index in `ExportedTransition.views`.
        case view(Int)
        /// A view of the scene, by its id.
        case scene(id: String)
    }

    package var source: Source
    /// The id it had in the recording (a generated one for a view made without an id).
    package var id: String
    /// Where a view added in this transition is added (nil: it is not added by the animator).
    package var parent: Parent?
    /// Its index among its superview's subviews when it was added (`insertSubview(_:at:)`).
    package var index: Int
    /// Its values when the transition began (or when it appeared).
    package var start: ViewValues
    /// Its values when the transition ended (or when it was last seen).
    package var end: ViewValues
    package var clipsToBounds: Bool
    package var isDoubleSided: Bool
    /// Whether it is hidden when the transition begins, and when it ends.
    package var isHiddenAtStart: Bool
    package var isHiddenAtEnd: Bool
    /// Whether the plugin removed it before the transition ended.
    package var isRemovedAtEnd: Bool
    /// The animated properties, in `ExportedProperty` order.
    package var tracks: [KeyframeTrack]

    package init(
        source: Source, id: String, parent: Parent?, index: Int, start: ViewValues, end: ViewValues, clipsToBounds: Bool,
        isDoubleSided: Bool, isHiddenAtStart: Bool, isHiddenAtEnd: Bool, isRemovedAtEnd: Bool, tracks: [KeyframeTrack]
    ) {
        (self.source, self.id, self.parent, self.index, self.start, self.end) = (source, id, parent, index, start, end)
        (self.clipsToBounds, self.isDoubleSided, self.isRemovedAtEnd, self.tracks) = (clipsToBounds, isDoubleSided, isRemovedAtEnd, tracks)
        (self.isHiddenAtStart, self.isHiddenAtEnd) = (isHiddenAtStart, isHiddenAtEnd)
    }

    /// Whether the animator creates it (made by the plugin in this transition, or a snapshot).
    package var isCreated: Bool {
        switch source {
        case .created, .snapshot: true
        case .scene, .existing, .container: false
        }
    }

    /// The properties of `values` other than the position and size that differ from a new
    /// view's (what a created view or the container is given before it animates).
    package static func changedFromDefault(_ values: ViewValues) -> [ExportedProperty] {
        let defaults = ViewValues(center: values.center, bounds: values.bounds)
        return ExportedProperty.allCases.filter { property in
            property != .position && property != .size && property.components(of: values) != property.components(of: defaults)
        }
    }
}
