import Foundation
import ScrimPreview

/// What `scrim preview` records of a playback: every view after every tick, the transitions,
/// the input played and the plugins' output, made into the player's page.
extension TransitionPlayback {
    /// The preview's clock rate: the page's frames.
    nonisolated static let previewFramesPerSecond = 60.0

    /// The same playback of another plugin file (nil: the shipped `pop.lua`).
    func playing(_ plugin: String?) -> TransitionPlayback {
        var playback = self
        playback.plugin = plugin
        return playback
    }

    /// Plays the transition and makes its page, titled with the plugin file's name; also returns
    /// how many faults were reported.
    func record() throws -> (page: PreviewPage, faults: Int) {
        let recorder = PreviewRecorder(title: URL(fileURLWithPath: plugin ?? "pop.lua").lastPathComponent, framesPerSecond: fps)
        let faults = try play(
            onEvent: { event in Self.record(event, in: recorder) },
            onFrame: { time, window in recorder.recordFrame(at: time, in: window) })
        return (PreviewPage(recording: recorder.recording), faults)
    }

    /// Marks the transitions, the input played and the plugins' output on the recording.
    static func record(_ event: PlaybackEvent, in recorder: PreviewRecorder) {
        switch event {
        case .began(let time, let transition, let kind, let from, let to, let interactive):
            recorder.transitionBegan(transition, kind: kind.rawValue, from: from, to: to, interactive: interactive, at: time)
        case .ended(let time, let transition, let completed):
            recorder.transitionEnded(transition, completed: completed, at: time)
        case .input(let time, _, let description):
            recorder.mark(.input, description, at: time)
        case .log(let time, _, let file, let line, let text):
            recorder.mark(.log, "[\(file)\(line.map { ":\($0)" } ?? "")] \(text)", at: time)
        case .completion:
            break
        }
    }
}
