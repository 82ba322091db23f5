import Foundation
import ScrimCore
import ScrimHost
import ScrimPlayback
import ScrimTestSupport
import Testing
@testable import ScrimPreview

/// What the page shows of input and of waiting: the pans played (the finger marker's points), the
/// transition that waits for a drag, the watchdog's advice, and a plot that cuts idle time.
@MainActor
@Suite struct PreviewPansAndIdleTests {
    static let fps = 60.0

    /// `swipe.lua` driving `diagonal`'s presentation, as the live preview plays it.
    static func swipe(
        _ pans: [(time: Double, phase: PanPhase, y: Double)]?, seconds: Double? = nil, stoppingWhenWaiting: Bool = false
    ) throws -> PreviewRecording {
        var playback = TransitionPlayback(
            plugin: Repository.plugins.appendingPathComponent("swipe.lua"), animator: "diagonal", fps: fps, seconds: seconds)
        playback.stopsWhenWaitingForInput = stoppingWhenWaiting
        if let pans {
            let events = pans.map { InteractionScript.Event(time: $0.time, action: .pan($0.phase, Point(x: 195, y: $0.y), view: nil)) }
            playback.interaction = .events(InteractionScript(events: events), name: "drag")
        }
        return try playback.record().page.recording
    }

    @Test func eachPanDeliveredIsRecordedWithItsTimePhaseAndWindowPoint() throws {
        let recording = try Self.swipe([(0.1, .began, 200), (0.125, .changed, 450), (0.2, .changed, 700), (0.25, .ended, 720)])
        // Each at the first tick at or after its time.
        #expect(recording.pans.map { ($0.time * Self.fps).rounded() } == [6, 8, 12, 15])
        #expect(recording.pans.map(\.phase) == [.began, .changed, .changed, .ended])
        #expect(recording.pans.map(\.location) == [200, 450, 700, 720].map { Point(x: 195, y: $0) })
        // Beside its input marker, which says the same in words.
        let inputs = recording.markers.filter { $0.kind == .input }
        #expect(inputs.map(\.time) == recording.pans.map(\.time))
        #expect(inputs.first?.text == "pan began at (195, 200)")
        // In the page's data, as the script reads them.
        let page = PreviewPage(recording: recording)
        let data = try PreviewPageTests.data(of: page)
        let pans = try #require(data["pans"] as? [[String: Any]])
        #expect(pans.map { $0["phase"] as? String } == ["began", "changed", "changed", "ended"])
        #expect(pans.map { $0["y"] as? Double } == [200, 450, 700, 720])
        #expect(pans.first?["t"] as? Double == recording.pans.first?.time)
        #expect(recording.waitingTransition == nil)
        #expect(data["waiting"] == nil)
    }

    @Test func thePlaybackReportsEachPanRightAfterItsInput() throws {
        var playback = TransitionPlayback(plugin: Repository.plugins.appendingPathComponent("swipe.lua"), animator: "diagonal", fps: Self.fps)
        playback.interaction = .events(InteractionScript(events: [.init(time: 0.1, action: .pan(.began, Point(x: 1, y: 2), view: nil))]), name: "drag")
        let events = try playback.play().events
        let index = try #require(events.firstIndex { if case .input = $0 { return true } else { return false } })
        guard case .pan(let time, .began, Point(x: 1, y: 2)) = events[index + 1], case .input(time, 0, _) = events[index] else {
            Issue.record("expected the pan after its input, got \(events[index + 1])")
            return
        }
    }

    @Test func anInteractiveTransitionWithoutADragWaitsForOne() throws {
        // As the live page plays it: until the transition waits for input.
        let waiting = try Self.swipe(nil, stoppingWhenWaiting: true)
        let transition = try #require(waiting.waitingTransition)
        #expect(transition.number == 1 && transition.interactive && transition.ended == nil)
        let page = PreviewPage(recording: waiting)
        #expect(try PreviewPageTests.data(of: page)["waiting"] as? Int == 1)
        let html = page.html()
        #expect(html.contains(">presentation 1<tspan class=\"waiting-note\"> · waiting for a drag</tspan></text>"))
        #expect(html.contains("s, waiting for a drag, interactive</li>"))
        #expect(html.contains("<g id=\"waiting\" pointer-events=\"none\" display=\"none\">"))
        // A pan in progress drives it: not waiting.
        let dragging = try Self.swipe([(0.1, .began, 200), (0.15, .changed, 300)], seconds: 0.2)
        #expect(dragging.transitions.count == 1 && dragging.transitions[0].ended == nil)
        #expect(dragging.waitingTransition == nil)
        #expect(!PreviewPlot.svg(dragging, tracks: [], scale: PreviewTimeScale(dragging, left: 44, right: 948)).contains("waiting"))
    }

    @Test func theWatchdogsFaultComesWithScrimRunsAdviceAndTheWaitIsCut() throws {
        // The sheet's dismissal follows a drag: without one, the watchdog cancels it after 30 s.
        let playback = TransitionPlayback(plugin: Repository.plugins.appendingPathComponent("sheet.lua"), dismiss: true, fps: Self.fps)
        let (page, result) = try playback.record()
        let recording = page.recording
        #expect(result.faults.count == 1)
        #expect(recording.faults.first?.method == "startInteractiveTransition")
        let advice = "an interactive transition got no input: give its pans or percent updates with --interaction FILE or in a --scenario (see Docs/CLI.md)"
        #expect(recording.advice == advice)
        #expect(page.html().contains("<p class=\"advice\">\(advice)</p></section>"))

        // The 30 s of waiting are one break; the presentation keeps most of the width.
        #expect(recording.duration > 30)
        let breaks = page.scale.breaks
        #expect(breaks.count == 1)
        let cut = try #require(breaks.first)
        #expect(cut.to - cut.from > 29)
        #expect(abs(page.scale.x(cut.to) - page.scale.x(cut.from) - PreviewTimeScale.breakWidth) < 1e-9)
        let presentation = recording.transitions[0]
        let width = page.scale.x(try #require(presentation.ended)) - page.scale.x(presentation.began)
        #expect(width > 300)
        let svg = PreviewPlot.svg(recording, tracks: page.tracks, scale: page.scale)
        #expect(svg.contains("<text class=\"break-label\""))
        #expect(svg.contains(" s idle</text>"))
        // No time label inside the break, each true to its place.
        for time in PreviewPlot.axisTicks(page.scale, duration: recording.duration) {
            #expect(!page.scale.isCut(time))
            #expect(svg.contains("<line class=\"tick\" x1=\"\(Markup.number(page.scale.x(time)))\""))
            #expect(svg.contains(">\(Markup.number(time)) s</text>"))
        }
    }

    @Test func idleStretchesLongerThanASecondAreCutToABreak() {
        // Something happens at 0, 0.1, 0.5 and 30.5; the recording ends at 30.6.
        let scale = PreviewTimeScale(moments: [0, 0.1, 0.5, 30.5], duration: 30.6, left: 44, right: 948)
        #expect(scale.breaks == [.init(from: 0.5, to: 30.5)])
        // 0.6 s outside the break share 904 - 72 points.
        let perSecond = (904 - 72) / 0.6
        #expect(scale.knots.map(\.time) == [0, 0.5, 30.5, 30.6])
        #expect(abs(scale.x(0.5) - (44 + 0.5 * perSecond)) < 1e-9)
        #expect(abs(scale.x(30.5) - (44 + 0.5 * perSecond + 72)) < 1e-9)
        #expect(abs(scale.x(15.5) - (44 + 0.5 * perSecond + 36)) < 1e-9)
        #expect(scale.x(30.6) == 948 && scale.x(0) == 44 && scale.x(-1) == 44 && scale.x(40) == 948)
        #expect(scale.isCut(10) && !scale.isCut(0.5) && !scale.isCut(30.5))
        // An idle end is cut too; a pause of a second or less is not.
        let tail = PreviewTimeScale(moments: [0, 0.5, 1.4], duration: 5, left: 0, right: 1000)
        #expect(tail.breaks == [.init(from: 1.4, to: 5)])
        #expect(tail.knots.map(\.x) == [0, 1000 - 72, 1000])
        // Nothing idle: in proportion.
        let plain = PreviewTimeScale(moments: [0, 0.9, 1.8], duration: 2, left: 0, right: 100)
        #expect(plain.breaks.isEmpty && plain.x(1) == 50)
        // Many breaks take half the width at most.
        let many = PreviewTimeScale(moments: [0, 2, 4, 6, 8], duration: 8.1, left: 0, right: 100)
        #expect(many.breaks.count == 4)
        #expect(abs(many.x(2) - many.x(0) - 12.5) < 1e-9)
    }

    @Test func transitionLabelsThatWouldOverlapGoToAnotherRow() {
        let places = PreviewPlot.labelPlaces([(48, 98), (60, 77), (200, 50), (950, 77)])
        #expect(places.map(\.row) == [0, 1, 0, 0])
        // Kept inside the plot's width.
        #expect(places[3].x == PreviewPlot.width - 2 - 77)
    }
}
