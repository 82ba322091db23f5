import ScrimCore
import ScrimJSON
import ScrimPlayback
import ScrimServer

/// Records what a preview plays: after each tick, every view under the window with its
/// presentation values, kept as the changes since the previous tick; and the transitions and
/// markers it is told about.
@MainActor
package final class PreviewRecorder {
    package private(set) var recording: PreviewRecording
    /// The views seen, numbered as in the recording, and their states at the previous tick.
    private let detector = ViewChangeDetector(state: PreviewViewState.init)
    private var tree: [PreviewRecording.Node]?
    /// How many views have had each label.
    private var labelCounts: [String: Int] = [:]
    /// Each view's content as last recorded, by view number (nil: a plain view, or not seen yet).
    private var contents: [RecordedContent?] = []

    /// A recorder for a page called `title`, of frames `framesPerSecond` apart, played on
    /// `device` (its label; nil: the scene's size).
    package init(title: String, framesPerSecond: Double, device: String? = nil) {
        recording = PreviewRecording(title: title, framesPerSecond: framesPerSecond, windowSize: Size(width: 0, height: 0), device: device)
    }

    /// Records the views under `window` (itself included) as they are on screen at `time`.
    package func recordFrame(at time: Double, in window: View) {
        if recording.frames.isEmpty { recording.windowSize = window.bounds.size }
        let sightings = detector.look(at: window)
        let nodes = sightings.map { PreviewRecording.Node(view: $0.index, parent: $0.parent) }
        // The views seen for the first time, in the order they were numbered.
        var changedContents: [(view: Int, content: JSONObject)] = []
        for sighting in sightings {
            let view = sighting.view
            if sighting.index == recording.views.count {
                recording.views.append(
                    .init(id: view.id, label: uniqueLabel(Self.label(of: view)), content: view.contentJSON, origin: Self.origin(of: view)))
                contents.append(RecordedContent(of: view))
            } else if let content = RecordedContent(of: view), content != contents[sighting.index], let json = view.contentJSON {
                contents[sighting.index] = content
                changedContents.append((sighting.index, json))
            }
        }
        let changes = sightings.filter(\.changed).map { (view: $0.index, state: $0.state) }
        let treeChanged = nodes != tree
        if treeChanged { tree = nodes }
        recording.frames.append(.init(time: time, tree: treeChanged ? nodes : nil, changes: changes, contents: changedContents))
    }

    /// What a label or an image view draws, compared from one frame to the next.
    private enum RecordedContent: Equatable {
        case label(LabelContent)
        case image(String?)

        @MainActor init?(of view: View) {
            switch view {
            case let label as Label: self = .label(label.content)
            case let image as ImageView: self = .image(image.imageName)
            default: return nil
            }
        }
    }

    /// A transition began at `time`.
    package func transitionBegan(_ number: Int, kind: String, from: String, to: String, interactive: Bool, at time: Double) {
        recording.transitions.append(.init(number: number, kind: kind, from: from, to: to, interactive: interactive, began: time))
    }

    /// A transition ended at `time`, completed or cancelled.
    package func transitionEnded(_ number: Int, completed: Bool, at time: Double) {
        guard let index = recording.transitions.lastIndex(where: { $0.number == number }) else { return }
        recording.transitions[index].ended = time
        recording.transitions[index].completed = completed
    }

    /// Marks a moment on the timeline.
    package func mark(_ kind: PreviewRecording.Marker.Kind, _ text: String, at time: Double) {
        recording.markers.append(.init(time: time, kind: kind, text: text))
    }

    /// A pan delivered at `time`, at window point `location`.
    package func pan(_ phase: PanPhase, at location: Point, time: Double) {
        recording.pans.append(.init(time: time, phase: phase, location: location))
    }

    /// What to do about the faults (nil: nothing to say).
    package func advise(_ advice: String?) {
        recording.advice = advice
    }

    /// A fault at its time: a marker on the timeline and a line of the page's banner.
    package func record(_ fault: PlaybackFault) {
        recording.faults.append(fault)
        mark(.fault, fault.description, at: fault.time)
    }

    /// `label`, or for the second view with that label (a view of the same id made again, as a
    /// presentation controller's dimming view is for each transition), `label #2`, and so on.
    private func uniqueLabel(_ label: String) -> String {
        let count = labelCounts[label, default: 0] + 1
        labelCounts[label] = count
        return count == 1 ? label : "\(label) #\(count)"
    }

    /// Who made `view`.
    static func origin(of view: View) -> PreviewRecording.ViewInfo.Origin {
        guard view.isMadeByPlugin else { return .host }
        return view.snapshotSource.map { .snapshot(of: $0) } ?? .plugin
    }

    /// A view's name on the page: its id, or for a view made without one, its name and id.
    static func label(of view: View) -> String {
        guard view.hasGeneratedID, let name = view.name, !name.isEmpty else { return view.id }
        return "\(name) (\(view.id))"
    }
}
