/// One direction of an exported transition: what ran (a presentation, dismissal, push or pop,
/// between which view controllers), how long, and the views it animates.
package struct ExportedTransition: Sendable, Equatable {
    /// The transition's kind as the recording names it: `presentation`, `dismissal`, `push` or
    /// `pop`.
    package enum Kind: String, Sendable, CaseIterable {
        case presentation, dismissal, push, pop
    }

    package var kind: Kind
    /// The view controllers' ids.
    package var from: String
    package var to: String
    /// Whether the recorded transition was interactive (its animator's own timeline is exported:
    /// Docs/Export.md, "Interactive transitions").
    package var interactive: Bool
    /// When it began in the recording (its clock's seconds).
    package var began: Double
    /// Seconds, as recorded at the playback's frame rate.
    package var duration: Double
    /// The frames the keyframes were reduced from (the transition's recorded frames).
    package var frameCount: Int
    package var views: [ExportedView]

    package init(
        kind: Kind, from: String, to: String, interactive: Bool, began: Double, duration: Double, frameCount: Int, views: [ExportedView]
    ) {
        (self.kind, self.from, self.to, self.interactive, self.duration) = (kind, from, to, interactive, duration)
        (self.began, self.frameCount, self.views) = (began, frameCount, views)
    }

    /// The keyframes kept, over every view and property.
    package var keyframeCount: Int { views.reduce(0) { $0 + $1.tracks.reduce(0) { $0 + $1.keyTimes.count } } }
}
