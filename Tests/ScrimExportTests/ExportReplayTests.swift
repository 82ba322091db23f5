import Foundation
import ScrimCore
import ScrimExport
import ScrimPlayback
import ScrimPreview
import ScrimTestSupport
import Testing

/// Check (b) of Docs/Export.md: the exported keyframe tables, replayed by ScrimCore's keyframe
/// animations (`View.animateKeyframes`/`addKeyframe`, linear between keys), give the recorded
/// values at every frame of the transition within the tolerances.
@MainActor @Suite struct ExportReplayTests {
    @Test(arguments: ["pop", "flip", "dimming", "sheet", "cube", "swipe"])
    func theKeyframesReplayTheRecordingAtEveryFrame(plugin: String) throws {
        let export = try ExportFixtures.scenario(plugin).exportSwift()
        try Self.expectReplays(export)
    }

    @Test func thePopPresentationAndDismissalOnTheDemoReplay() throws {
        let export = try ExportFixtures.popWithDismissal.exportSwift()
        #expect(export.transitions.map(\.kind) == [.presentation, .dismissal])
        try Self.expectReplays(export)
    }

    /// Replays each track of each view of each transition and compares it with the recording.
    static func expectReplays(_ export: SwiftExport) throws {
        let tolerance = KeyframeReducer.Tolerance()
        var compared = 0
        for transition in export.transitions {
            // The recording's states at each frame of the transition.
            var frames: [(time: Double, present: Set<String>, states: [String: PreviewViewState])] = []
            let ids = export.recording.views.map(\.id)
            export.recording.forEachFrame { _, frame, tree, states in
                guard frame.time >= transition.began - 1e-9, frame.time <= transition.began + transition.duration + 1e-9 else { return }
                var byID: [String: PreviewViewState] = [:]
                for node in tree { if let state = states[node.view] { byID[ids[node.view]] = state } }
                frames.append((frame.time, Set(tree.map { ids[$0.view] }), byID))
            }
            try #require(frames.count >= 2)
            for view in transition.views {
                for track in view.tracks {
                    let replayed = try replay(track, duration: transition.duration, frames: frames.count)
                    for (index, frame) in frames.enumerated() {
                        guard let state = frame.states[view.id], frame.present.contains(view.id) else { continue }
                        let recorded = track.property.components(of: state.values)
                        let value = replayed[index]
                        for component in recorded.indices {
                            let allowed = tolerance.of(track.property, component: component) + 1e-9
                            #expect(
                                abs(value[component] - recorded[component]) <= allowed,
                                "\(transition.kind) \(view.id) \(track.property.keyPath)[\(component)] at frame \(index): replayed \(value[component]), recorded \(recorded[component])"
                            )
                            compared += 1
                        }
                    }
                }
            }
        }
        #expect(compared > 0)
    }

    /// The track's value at each frame (`frames` of them, 1/60 s apart) as a ScrimCore keyframe
    /// animation of a view gives it: the first value as the model, one `addKeyframe` a key.
    static func replay(_ track: KeyframeTrack, duration: Double, frames: Int) throws -> [[Double]] {
        let clock = try ManualClock(frameRate: 60)
        let engine = AnimationEngine(clock: clock)
        let window = Window(engine: engine)
        let view = View(id: "replayed", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(view)
        set(track.values[0], of: track.property, on: view)
        try View.animateKeyframes(withDuration: duration, animations: {
            for index in 1..<track.keyTimes.count {
                let start = track.keyTimes[index - 1]
                try View.addKeyframe(withRelativeStartTime: start, relativeDuration: track.keyTimes[index] - start) {
                    set(track.values[index], of: track.property, on: view)
                }
            }
        })
        var values: [[Double]] = []
        for frame in 0..<frames {
            if frame > 0 { clock.advance(frames: 1) }
            values.append(track.property.components(of: view.presentation))
        }
        withExtendedLifetime(window) {}
        return values
    }

    /// Sets `property`'s model value on `view` from its components.
    static func set(_ c: [Double], of property: ExportedProperty, on view: View) {
        switch property {
        case .position: view.center = Point(x: c[0], y: c[1])
        case .size: view.bounds = Rect(x: 0, y: 0, width: c[0], height: c[1])
        case .transform: view.transform3D = ExportedProperty.matrix(c)
        case .opacity: view.alpha = c[0]
        case .cornerRadius: view.cornerRadius = c[0]
        case .zPosition: view.layer.zPosition = c[0]
        case .anchorPoint: view.layer.anchorPoint = Point(x: c[0], y: c[1])
        case .shadowOpacity: view.layer.shadowOpacity = c[0]
        case .shadowRadius: view.layer.shadowRadius = c[0]
        case .shadowOffset: view.layer.shadowOffset = Size(width: c[0], height: c[1])
        case .shadowColor: view.layer.shadowColor = ExportedProperty.color(c)
        case .borderWidth: view.layer.borderWidth = c[0]
        case .borderColor: view.layer.borderColor = ExportedProperty.color(c)
        case .backgroundColor: view.backgroundColor = ExportedProperty.color(c)
        case .sublayerTransform: view.layer.sublayerTransform = ExportedProperty.matrix(c)
        }
    }
}
