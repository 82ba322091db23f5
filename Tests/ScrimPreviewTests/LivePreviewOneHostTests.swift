import Foundation
import ScrimPlayback
import ScrimTestSupport
import Testing
@testable import ScrimPreview

/// A live preview has one host: the host that watches the files is the host that plays, so a
/// save compiles the saved file once and nothing else, a play starts from a new window at time 0
/// (two plays of one generation record the same page), and a fault of one play is not carried
/// into the next.
@MainActor
@Suite struct LivePreviewOneHostTests {
    static let faulty = ("  local containerView = ctx.containerView\n", "  local containerView = ctx.containerView\n  local broken = nil + 1\n")

    /// A session playing a copy of `crossfade.lua` beside `pop.lua`, its events kept.
    static func session() throws -> (LivePreviewSession, URL, () -> [LivePreviewEvent]) {
        let directory = try temporaryDirectory()
        for name in ["crossfade.lua", "pop.lua"] {
            try FileManager.default.copyItem(
                at: Repository.plugins.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        final class Events { var list: [LivePreviewEvent] = [] }
        let events = Events()
        let session = try LivePreviewSession(
            plugin: directory.appendingPathComponent("crossfade.lua"), directories: [directory],
            playback: TransitionPlayback(dismiss: true, fps: TransitionPlayback.previewFramesPerSecond)
        ) { event in events.list.append(event) }
        return (session, directory, { events.list })
    }

    @Test func playsOnTheWatchingHostCompileNothingAndRecordTheSamePage() throws {
        let (session, directory, _) = try Self.session()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(session.compiledFileCount == 2)
        let plugin = directory.appendingPathComponent("crossfade.lua")
        let first = try session.render(plugin)
        let second = try session.render(plugin)
        #expect(session.compiledFileCount == 2)
        #expect(first.result.faults.isEmpty)
        #expect(first.page.recording.frames.first?.time == 0)
        #expect(first.page.html() == second.page.html())
        #expect(first.page.recording.transitions.map(\.kind) == ["presentation", "dismissal"])
    }

    @Test func eachSaveCompilesTheSavedFileOnceAndAFaultIsNotCarriedOver() async throws {
        let (session, directory, events) = try Self.session()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = PreviewServer(page: "")
        let sender = session.start(sendingTo: server)
        let plugin = directory.appendingPathComponent("crossfade.lua")
        let good = try String(contentsOf: plugin, encoding: .utf8)
        try #require(good.contains(Self.faulty.0))
        func played() -> [(generation: Int, faults: Int)] {
            events().compactMap { event in
                if case .played(_, let generation, let faults) = event { return (generation, faults.count) }
                return nil
            }
        }
        // A save that faults, then a clean one, then the faulty one again: each compiles one file.
        let faulty = good.replacingOccurrences(of: Self.faulty.0, with: Self.faulty.1)
        let versions = [faulty, good.replacingOccurrences(of: "duration = 0.3", with: "duration = 0.4"), faulty]
        for (index, text) in versions.enumerated() {
            try text.write(to: plugin, atomically: true, encoding: .utf8)
            #expect(await waitUntil { played().count == index + 1 }, "save \(index + 1) was not played")
            #expect(session.compiledFileCount == 2 + index + 1)
        }
        let plays = played()
        #expect(plays.map(\.faults) == [1, 0, 1])
        // The generation shown is the last good one (the clean save's).
        #expect(session.generation == plays[1].generation)
        session.stop()
        await sender.value
    }
}
