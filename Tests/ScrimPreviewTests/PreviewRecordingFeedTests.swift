import Foundation
import ScrimCore
import ScrimJSON
import Testing
@testable import ScrimPreview

/// A live page's recording, grown by the feed's updates, is the recording the page's data holds.
@MainActor
@Suite struct PreviewRecordingFeedTests {
    /// The page's data of `recording`, parsed.
    static func data(_ recording: PreviewRecording) throws -> [String: Any] {
        let page = PreviewPage(recording: recording)
        let json = PreviewData.json(recording, tracks: page.tracks, scale: page.scale)
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    static func frames(_ update: PreviewRecordingFeed.Update) throws -> [NSDictionary] {
        try update.frames.map { try #require(try JSONSerialization.jsonObject(with: Data($0.jsonString.utf8)) as? NSDictionary) }
    }

    @Test func updatesAppendedToThePagesFramesGiveTheFramesOfTheWholeRecording() throws {
        let root = View(id: "window", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let card = View(id: "card", frame: Rect(x: 20, y: 120, width: 350, height: 200))
        root.addSubview(card)
        let recorder = PreviewRecorder(title: "t", framesPerSecond: 60)
        recorder.recordFrame(at: 0, in: root)
        recorder.recordFrame(at: 1 / 60, in: root)
        var feed = PreviewRecordingFeed(after: recorder.recording)
        var pageFrames = try #require(try Self.data(recorder.recording)["frames"] as? [NSDictionary])
        #expect(pageFrames.count == 2)

        // A tick that moves the card, then one that adds a view and changes its colour.
        card.center = Point(x: 200, y: 300)
        recorder.recordFrame(at: 2 / 60, in: root)
        let first = feed.update(recorder.recording)
        #expect(first.from == 2 && first.viewsFrom == 2 && first.views.isEmpty)
        #expect(first.frames.map(\.jsonString) == [#"{"t":0.03333333333333333,"set":[[1,0,200,1,300]]}"#])
        pageFrames += try Self.frames(first)

        let badge = View(id: "badge", frame: Rect(x: 10, y: 10, width: 30, height: 30))
        card.addSubview(badge)
        card.alpha = 0.5
        recorder.recordFrame(at: 3 / 60, in: root)
        recorder.recordFrame(at: 4 / 60, in: root)
        recorder.transitionBegan(1, kind: "presentation", from: "a", to: "b", interactive: true, at: 3 / 60)
        let second = feed.update(recorder.recording)
        #expect(second.from == 3 && second.viewsFrom == 2)
        #expect(second.views == [.init(id: "badge", label: "badge")])
        #expect(second.frames.count == 2)
        #expect(second.transitions == recorder.recording.transitions)
        // The interactive transition has begun and no pan drives it yet: it waits for a drag.
        #expect(second.waiting == 1 && second.pans.isEmpty)
        pageFrames += try Self.frames(second)

        let whole = try #require(try Self.data(recorder.recording)["frames"] as? [NSDictionary])
        #expect(pageFrames == whole)
        // No new frame: an empty update, with the pans so far (a drag's first has begun).
        recorder.pan(.began, at: Point(x: 195, y: 200), time: 4 / 60)
        let none = feed.update(recorder.recording)
        #expect(none.from == 5 && none.viewsFrom == 3 && none.views.isEmpty && none.frames.isEmpty)
        #expect(none.pans == [.init(time: 4 / 60, phase: .began, location: Point(x: 195, y: 200))])
        #expect(none.waiting == nil)
    }
}
