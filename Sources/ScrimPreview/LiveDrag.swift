import Foundation
import ScrimCore
import ScrimHost
import ScrimPlayback

/// A drag on the live preview's stage, played on one host kept running from its first pan to the
/// end of what it drives: made at the drag's start (the scene and plugin loaded, the scenario
/// played with the earlier drags' pans up to where an interactive transition waits for input),
/// or to its end when none does (a drag then reaches the window's recognizers: a navigation
/// controller's edge swipe begins an interactive pop), each pan is delivered at its time and the
/// clock played one tick past it; the last (`ended`, `cancelled`) plays on until the scenario
/// ends or another interactive transition waits. The recording is the one playing all the pans
/// from scratch gives.
@MainActor
package final class LiveDrag {
    /// A pan of a drag: its phase, the window point and its clock time as delivered.
    package typealias Pan = (phase: PanPhase, x: Double, y: Double, time: Double)

    private let run: PlaybackRun
    private let recorder: PreviewRecorder
    private var feed: PreviewRecordingFeed
    /// When the drag's first pan is delivered: where the transition began waiting for it.
    package let start: Double
    /// The pans of this drag, each at the time the host got it.
    package private(set) var pans: [Pan] = []

    /// Plays `playback` (on a new host, or on `host`: see `TransitionPlayback.start`) with the
    /// pans of the drags before this one, until an interactive transition waits for a drag or
    /// the scenario has ended.
    ///
    /// - Throws: what the playback throws.
    package init(_ playback: TransitionPlayback, on host: ScrimHost? = nil, title: String, after earlier: [Pan]) throws {
        let recorder = PreviewRecorder(title: title, framesPerSecond: playback.fps, device: playback.device?.label)
        run = try playback.start(
            on: host,
            onEvent: { event in TransitionPlayback.record(event, in: recorder) },
            onFrame: { time, window in recorder.recordFrame(at: time, in: window) })
        for pan in earlier { run.addInput(.pan(pan.phase, Point(x: pan.x, y: pan.y), view: nil), at: pan.time, place: "drag") }
        try run.run(until: TransitionPlayback.timeLimit, stoppingWhenDone: true, stoppingWhenWaiting: true)
        start = run.host.now
        self.recorder = recorder
        feed = PreviewRecordingFeed(after: recorder.recording)
    }

    package var recording: PreviewRecording { recorder.recording }

    /// Whether the drag has ended (or was cancelled) and what it drove played to its end.
    package var isOver: Bool { pans.last.map { $0.phase == .ended || $0.phase == .cancelled } ?? false }

    /// Whether, after the drag, an interactive transition waits for another one.
    package var isWaitingForInput: Bool { run.isWaitingForInput }

    /// Delivers a pan `t` seconds after the drag's start (at the clock's time if that has passed)
    /// and plays one tick past it; after `ended` or `cancelled`, until the scenario ends or an
    /// interactive transition waits again. Returns the time of the frame that shows it.
    package func pan(_ phase: PanPhase, x: Double, y: Double, after t: Double) throws -> Double {
        let time = max(start + t, run.host.now)
        pans.append((phase, x, y, time))
        run.addInput(.pan(phase, Point(x: x, y: y), view: nil), at: time, place: "drag")
        let tick = max(run.frameIndex, Int(((time - 1e-9) * run.fps).rounded(.up)))
        try run.run(until: Double(tick + 1) / run.fps, stoppingWhenDone: false)
        let shown = run.host.now
        if isOver { try run.run(until: TransitionPlayback.timeLimit, stoppingWhenDone: true, stoppingWhenWaiting: true) }
        return shown
    }

    /// What the recording has that was not sent yet.
    package func update() -> PreviewRecordingFeed.Update { feed.update(recorder.recording) }
}
