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

    /// The playback of `plugin` (nil: the shipped `pop.lua`) with these options, on the clock at
    /// `framesPerSecond`.
    func playback(plugin: String?) -> TransitionPlayback {
        TransitionPlayback(
            command: "scrim preview", plugin: plugin, pluginDirectories: pluginDirectories, scene: scene,
            style: style, animator: animator, interaction: interaction, dismiss: dismiss, push: push, segue: segue,
            tap: tap, fps: Self.framesPerSecond)
    }

    /// Plays `plugin`'s transition for `seconds` of clock time (nil: until the transitions end)
    /// and makes its page; also returns how many faults were reported.
    func record(plugin: String?, seconds: Double? = nil) throws -> (page: PreviewPage, faults: Int) {
        var playback = playback(plugin: plugin)
        playback.seconds = seconds
        return try Self.record(playback, title: URL(fileURLWithPath: plugin ?? "pop.lua").lastPathComponent)
    }

    /// Plays `playback` and makes its page, titled `title`; also returns how many faults were
    /// reported.
    static func record(_ playback: TransitionPlayback, title: String) throws -> (page: PreviewPage, faults: Int) {
        let recorder = PreviewRecorder(title: title, framesPerSecond: playback.fps)
        let faults = try playback.play(
            onEvent: { event in record(event, in: recorder) },
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
