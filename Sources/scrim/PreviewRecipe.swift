import Foundation
import Scrim
import ScrimHost
import ScrimPreview

/// How a preview plays a plugin — `scrim preview`'s options, or a `scrim.preview` command's —
/// and the recording of one play: the transition run as `scrim run` runs it, every frame kept
/// for the page.
@MainActor
struct PreviewRecipe {
    /// The `--plugins` directories.
    var pluginDirectories: [URL] = []
    /// The scene file, or nil for the built-in demo.
    var scene: String?
    var style: ModalPresentationStyle?
    /// The animator an interaction-only plugin drives.
    var animator: String?
    /// The interaction file.
    var interaction: String?
    var dismiss = false
    var push = false
    /// The scene's segue to run instead of presenting, and the view whose tap triggers it.
    var segue: String?
    var tap: String?

    /// The clock's rate: the page's frames.
    nonisolated static let framesPerSecond = 60.0

    /// Plays `plugin`'s transition (nil: the shipped `pop.lua`) with `drag`'s pan events, for
    /// `seconds` of clock time (nil: until the transitions end), and makes its page; also returns
    /// how many faults were reported.
    func record(plugin: String?, drag: InteractionScript? = nil, seconds: Double? = nil) throws -> (page: PreviewPage, faults: Int) {
        let title = URL(fileURLWithPath: plugin ?? "pop.lua").lastPathComponent
        var playback = TransitionPlayback(
            command: "scrim preview", plugin: plugin, pluginDirectories: pluginDirectories, scene: scene,
            style: style, animator: animator, interaction: interaction, dismiss: dismiss, push: push, segue: segue,
            tap: tap, fps: Self.framesPerSecond)
        playback.interactionScript = drag
        playback.seconds = seconds
        let recorder = PreviewRecorder(title: title, framesPerSecond: Self.framesPerSecond)
        let faults = try playback.play(
            onEvent: { event in Self.record(event, in: recorder) },
            onFrame: { time, window in recorder.recordFrame(at: time, in: window) })
        return (PreviewPage(recording: recorder.recording), faults)
    }

    /// Marks the transitions, the input played and the plugins' output on the recording.
    private static func record(_ event: PlaybackEvent, in recorder: PreviewRecorder) {
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
