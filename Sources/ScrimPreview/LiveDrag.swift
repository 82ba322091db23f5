import Foundation
import ScrimHost
import ScrimJSON
import ScrimPlayback

/// A drag on the live preview's stage, played on one host kept running from its first pan to the
/// end of the transition: made at the drag's start (the scene and plugin loaded, the transition
/// begun and played to `start`), each pan is delivered at its time and the clock played one tick
/// past it; the last (`ended`, `cancelled`) plays on to the end. The recording is the one playing
/// the drag from scratch gives (`TransitionPlayback` with `events` as its interaction).
@MainActor
package final class LiveDrag {
    /// A pan of the drag: its phase, the window point and its clock time as delivered.
    package typealias Pan = (phase: String, x: Double, y: Double, time: Double)

    private let run: PlaybackRun
    private let recorder: PreviewRecorder
    private var feed: PreviewRecordingFeed
    /// The pans so far, each at the time the host got it.
    package private(set) var pans: [Pan] = []

    /// Plays `playback` up to `start` seconds (on a new host, or on `host`: see
    /// `TransitionPlayback.start`), ready for the drag's first pan.
    package init(_ playback: TransitionPlayback, on host: ScrimHost? = nil, title: String, start: Double) throws {
        var playback = playback
        playback.interaction = .events(try Self.script([]), name: "drag")
        let recorder = PreviewRecorder(title: title, framesPerSecond: playback.fps, device: playback.device?.label)
        run = try playback.start(
            on: host,
            onEvent: { event in TransitionPlayback.record(event, in: recorder) },
            onFrame: { time, window in recorder.recordFrame(at: time, in: window) })
        try run.run(until: start, stoppingWhenDone: false)
        self.recorder = recorder
        feed = PreviewRecordingFeed(after: recorder.recording)
    }

    package var recording: PreviewRecording { recorder.recording }

    /// Whether the drag has ended (or was cancelled) and the transition played to its end.
    package var isOver: Bool { pans.last.map { ["ended", "cancelled"].contains($0.phase) } ?? false }

    /// The drag's pans as an interaction script.
    package var events: InteractionScript {
        get throws { try Self.script(pans) }
    }

    /// Delivers a pan at clock time `time` (at the clock's time if that has passed) and plays one
    /// tick past it; after `ended` or `cancelled`, to the end. Returns the time of the frame that
    /// shows it.
    package func pan(_ phase: String, x: Double, y: Double, at time: Double) throws -> Double {
        pans.append((phase, x, y, max(time, run.host.now)))
        run.script = (try events, "drag")
        let tick = max(run.frameIndex, Int(((pans.last!.time - 1e-9) * run.fps).rounded(.up)))
        try run.run(until: Double(tick + 1) / run.fps, stoppingWhenDone: false)
        let shown = run.host.now
        if isOver { try run.run(until: TransitionPlayback.timeLimit, stoppingWhenDone: true) }
        return shown
    }

    /// What the recording has that was not sent yet.
    package func update() -> PreviewRecordingFeed.Update { feed.update(recorder.recording) }

    private static func script(_ pans: [Pan]) throws -> InteractionScript {
        let events: [JSONValue] = pans.map { pan in
            .object(["time": .double(pan.time), "pan": .string(pan.phase), "x": .double(pan.x), "y": .double(pan.y)])
        }
        return try InteractionScript(.array(events), name: "drag")
    }
}
