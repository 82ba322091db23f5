import Foundation
import ScrimCore
import ScrimHost
import ScrimPlayback
import ScrimPreview
import ScrimTestSupport
import Testing

/// A drag on the live preview, played pan by pan on one host kept running (`LiveDrag`), records
/// what playing the whole drag from scratch records (`TransitionPlayback`, as `scrim run
/// --interaction` plays a file): the same frames, views, transitions and markers. The drag
/// starts where the interactive presentation waits for it: at its first tick.
@MainActor
@Suite struct LiveDragTests {
    static let fps = 60.0

    /// `swipe.lua` driving `diagonal`'s presentation, as `scrim preview` plays it.
    static func playback() -> TransitionPlayback {
        TransitionPlayback(plugin: Repository.plugins.appendingPathComponent("swipe.lua"), animator: "diagonal", fps: fps)
    }

    /// The page of playing `drag`'s pans from scratch, to the end.
    static func replay(_ drag: LiveDrag) throws -> String {
        var playback = playback()
        let events = drag.pans.map { InteractionScript.Event(time: $0.time, action: .pan($0.phase, Point(x: $0.x, y: $0.y), view: nil)) }
        playback.interaction = .events(InteractionScript(events: events), name: "drag")
        return try playback.record().page.html()
    }

    /// Drags down to each `y` in turn (from y = 200, x = 195), the pans at `times` after the
    /// drag start, the last one `phase`; returns the drag, the updates and the times shown.
    static func drag(
        to ys: [Double], at times: [Double], ending phase: PanPhase
    ) throws -> (LiveDrag, [PreviewRecordingFeed.Update], [Double]) {
        let drag = try LiveDrag(playback(), title: "swipe.lua", after: [])
        #expect(drag.start == 1 / fps)
        #expect(drag.recording.frames.map(\.time) == (0...1).map { Double($0) / fps })
        var updates: [PreviewRecordingFeed.Update] = []
        var shown: [Double] = []
        let phases: [PanPhase] = [.began] + Array(repeating: .changed, count: ys.count - 1) + [phase]
        for (index, (y, t)) in zip([200] + ys, [0] + times).enumerated() {
            shown.append(try drag.pan(phases[index], x: 195, y: y, after: t))
            updates.append(drag.update())
        }
        return (drag, updates, shown)
    }

    @Test func aDragPastHalfTheWindowFinishesAndRecordsWhatAReplayRecords() throws {
        let (drag, updates, shown) = try Self.drag(to: [300, 450, 700, 720], at: [0.05, 0.1, 0.15, 0.2], ending: .ended)
        #expect(drag.isOver)
        // Each pan is delivered at its tick and shown on the next one.
        #expect(drag.pans.map { ($0.time * Self.fps).rounded() } == [1, 4, 7, 10, 13])
        #expect(shown == [2, 5, 8, 11, 14].map { $0 / Self.fps })
        // Each update follows the last: the frames of the recording after the first tick.
        #expect(updates.map(\.from) == [2, 3, 6, 9, 12])
        #expect(updates.reduce(2) { $0 + $1.frames.count } == drag.recording.frames.count)
        let transition = try #require(drag.recording.transitions.first)
        #expect(transition.interactive && transition.completed == true)
        #expect(updates.last?.transitions == drag.recording.transitions)
        #expect(PreviewPage(recording: drag.recording).html() == (try Self.replay(drag)))
    }

    @Test func aShortDragCancelsAndTwoPansInOneFrameAreDeliveredTogether() throws {
        // The second and third pans fall within the same tick: the third is delivered when the
        // host can see it, at the tick after (its time moves there), as a replay would play it.
        let (drag, _, shown) = try Self.drag(to: [230, 240, 260], at: [0.05, 0.055, 0.1], ending: .cancelled)
        #expect(drag.isOver)
        #expect(drag.pans.map { ($0.time * Self.fps).rounded() } == [1, 4, 5, 7])
        #expect(drag.pans[2].time == 5 / Self.fps)
        #expect(shown == [2, 5, 6, 8].map { $0 / Self.fps })
        let transition = try #require(drag.recording.transitions.first)
        #expect(transition.completed == false)
        let inputs = drag.recording.markers.filter { $0.kind == .input }
        #expect(inputs.map { ($0.time * Self.fps).rounded() } == [1, 4, 5, 7])
        #expect(PreviewPage(recording: drag.recording).html() == (try Self.replay(drag)))
    }

    /// `--interactive both` with `--dismiss`: a first drag drives the presentation, after which the
    /// dismissal waits; a second drag, given the first one's pans, starts where it waits and
    /// drives it.
    @Test func aDragOfThePresentationThenOneOfTheDismissal() throws {
        var playback = TransitionPlayback(
            plugin: Repository.plugins.appendingPathComponent("swipe.lua"), animator: "crossfade", dismiss: true, interactive: .both,
            fps: Self.fps)
        playback.stopsWhenWaitingForInput = true
        let first = try LiveDrag(playback, title: "swipe.lua", after: [])
        #expect(first.start == 1 / Self.fps)
        for (phase, y, t) in [(PanPhase.began, 200.0, 0.0), (.changed, 500, 0.05), (.changed, 700, 0.1), (.ended, 720, 0.15)] {
            _ = try first.pan(phase, x: 195, y: y, after: t)
        }
        #expect(first.isOver && first.isWaitingForInput)
        #expect(first.recording.transitions.map { "\($0.kind) \($0.interactive) \($0.completed.map(String.init) ?? "-")" } == [
            "presentation true true", "dismissal true -",
        ])
        let second = try LiveDrag(playback, title: "swipe.lua", after: first.pans)
        #expect(second.start == first.recording.transitions[1].began)
        for (phase, y, t) in [(PanPhase.began, 200.0, 0.0), (.changed, 700, 0.05), (.ended, 720, 0.1)] {
            _ = try second.pan(phase, x: 195, y: y, after: t)
        }
        #expect(second.isOver && !second.isWaitingForInput)
        #expect(second.recording.transitions.map { "\($0.kind) \($0.completed.map(String.init) ?? "-")" } == [
            "presentation true", "dismissal true",
        ])
    }
}
