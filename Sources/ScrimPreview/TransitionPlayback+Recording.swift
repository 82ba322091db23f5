import Foundation
import ScrimHost
import ScrimPlayback

/// What `scrim preview` records of a playback: every view after every tick, the transitions,
/// the input played, the plugins' output and the faults (with the advice `scrim run` gives), made
/// into the player's page.
extension TransitionPlayback {
    /// The preview's clock rate: the page's frames.
    package static let previewFramesPerSecond = 60.0

    /// Plays the transition (on a new host, or on `host`: see `start`) and makes its page, titled
    /// with the plugin file's name (and naming the device, if any), and returns what the playback gave (its faults are on the page
    /// too).
    @MainActor
    package func record(on host: ScrimHost? = nil) throws(PlaybackError) -> (page: PreviewPage, result: PlaybackResult) {
        let recorder = PreviewRecorder(title: try pluginFile().lastPathComponent, framesPerSecond: fps, device: device?.label)
        let result = try play(
            on: host,
            onEvent: { event in Self.record(event, in: recorder) },
            onFrame: { time, window in recorder.recordFrame(at: time, in: window) })
        recorder.advise(result.noInputAdvice)
        return (PreviewPage(recording: recorder.recording), result)
    }

    /// Marks the transitions, the input played (and the pans' points), the plugins' output and
    /// the faults on the recording.
    @MainActor
    package static func record(_ event: PlaybackEvent, in recorder: PreviewRecorder) {
        switch event {
        case .began(let time, let transition, let kind, let from, let to, let interactive):
            recorder.transitionBegan(transition, kind: kind.rawValue, from: from, to: to, interactive: interactive, at: time)
        case .ended(let time, let transition, let completed):
            recorder.transitionEnded(transition, completed: completed, at: time)
        case .input(let time, _, let description):
            recorder.mark(.input, description, at: time)
        case .pan(let time, let phase, let location):
            recorder.pan(phase, at: location, time: time)
        case .log(let time, _, let file, let line, let text):
            recorder.mark(.log, "[\(file)\(line.map { ":\($0)" } ?? "")] \(text)", at: time)
        case .fault(let fault):
            recorder.record(fault)
        case .skipped(let time, let description):
            recorder.mark(.input, description, at: time)
        case .step(let time, _, let label):
            recorder.mark(.input, label, at: time)
        case .segue(let time, let identifier, let kind, let source, let destination):
            recorder.mark(.input, "segue \(identifier) (\(kind), \(source) → \(destination))", at: time)
        case .warning(let time, let description):
            recorder.mark(.input, "warning: \(description)", at: time)
        case .completion:
            break
        }
    }
}
