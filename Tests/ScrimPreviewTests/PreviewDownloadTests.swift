import Foundation
import ScrimPlayback
import ScrimServer
import ScrimTestSupport
import Testing
@testable import ScrimPreview

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The live page's downloads ("Export Swift", "Render GIF"): the server's `export.swift` and
/// `render.gif` beside each page, what the session makes for them, and the files `LivePreviews`
/// writes for the language server's `scrim.exportSwift` and `scrim.renderGIF`. The makers here are
/// stand-ins; the real exporter and renderer are tested through `scrim` and the browser suite.
@MainActor
@Suite struct PreviewDownloadTests {
    /// A GET (or HEAD) of `url`: the status, the headers asked for and the body.
    static func fetch(_ url: URL, method: String = "GET") async throws -> (status: Int, type: String?, disposition: String?, body: Data) {
        var request = URLRequest(url: url)
        request.httpMethod = method
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, http.value(forHTTPHeaderField: "Content-Type"), http.value(forHTTPHeaderField: "Content-Disposition"), data)
    }

    /// `page`'s address with `leaf` in place of its last component, keeping the token.
    static func download(_ leaf: String, beside page: URL) -> URL {
        var components = URLComponents(url: page, resolvingAgainstBaseURL: false)!
        components.path += leaf
        return components.url!
    }

    /// Counts the calls it answers.
    final class Calls: @unchecked Sendable {
        // Only touched on the main actor (the tests) or behind the lock.
        private let lock = NSLock()
        private var value = 0
        func add() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    @Test func eachPageServesItsDownloadsAsAttachmentsWithTheNameTheMakerGives() async throws {
        let calls = Calls()
        let server = PreviewServer(page: "<p>root</p>", onArtifact: { artifact in
            calls.add()
            switch artifact {
            case .swift: return .init(name: "Pop Transition\".swift", bytes: Data("final class PopTransition {}\n".utf8))
            case .gif: return .init(name: "pop.gif", bytes: Data([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x00, 0xff]))
            }
        })
        let root = try await server.start()
        defer { Task { await server.stop() } }
        let swift = try await Self.fetch(Self.download("export.swift", beside: root))
        #expect(swift.status == 200)
        #expect(swift.type == "text/x-swift; charset=utf-8")
        #expect(swift.disposition == "attachment; filename=\"Pop_Transition_.swift\"")
        #expect(String(decoding: swift.body, as: UTF8.self) == "final class PopTransition {}\n")
        let gif = try await Self.fetch(Self.download("render.gif", beside: root))
        #expect(gif.status == 200)
        #expect(gif.type == "image/gif")
        #expect(gif.disposition == "attachment; filename=\"pop.gif\"")
        #expect(Array(gif.body) == [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x00, 0xff])
        #expect(calls.count == 2)
        // A HEAD makes nothing.
        let head = try await Self.fetch(Self.download("render.gif", beside: root), method: "HEAD")
        #expect(head.status == 200)
        #expect(calls.count == 2)
        // Without the token: 403, nothing made.
        var bare = URLComponents(url: Self.download("render.gif", beside: root), resolvingAgainstBaseURL: false)!
        bare.query = nil
        #expect(try await Self.fetch(bare.url!).status == 403)
        #expect(calls.count == 2)
    }

    @Test func aFailureIs500WithItsReasonAPageWithoutAMakerIs501AndAStoppedPage410() async throws {
        struct Boom: Error, CustomStringConvertible { var description: String { "ffmpeg is missing: apt-get install -y ffmpeg" } }
        let server = PreviewServer()
        try await server.start()
        defer { Task { await server.stop() } }
        let failing = await server.addPage(html: "<p>a</p>", generation: 1, onMessage: { _ in nil }, onArtifact: { _ in throw Boom() })
        let plain = await server.addPage(html: "<p>b</p>", generation: 1, onMessage: { _ in nil })
        let failingURL = try #require(await server.url(of: failing)), plainURL = try #require(await server.url(of: plain))
        #expect(failingURL.path.hasPrefix("/p/"))
        let failed = try await Self.fetch(Self.download("render.gif", beside: failingURL))
        #expect(failed.status == 500)
        #expect(String(decoding: failed.body, as: UTF8.self) == "500: the GIF could not be made: ffmpeg is missing: apt-get install -y ffmpeg\n")
        #expect(failed.disposition == nil)
        let none = try await Self.fetch(Self.download("export.swift", beside: plainURL))
        #expect(none.status == 501)
        #expect(String(decoding: none.body, as: UTF8.self) == "501 Not Implemented: this preview makes no files\n")
        await server.removePage(failing, reason: "it was stopped")
        #expect(try await Self.fetch(Self.download("render.gif", beside: failingURL)).status == 410)
        // No such page, no such download.
        #expect(try await Self.fetch(PreviewServerTests.url(plainURL, path: "/p/99/render.gif", query: plainURL.query)).status == 404)
        #expect(try await Self.fetch(PreviewServerTests.url(plainURL, path: "/p/\(plain)/render.png", query: plainURL.query)).status == 404)
    }

    /// A session playing a copy of `pop.lua`, with `maker`.
    static func session(_ maker: PreviewArtifactMaker?) throws -> (LivePreviewSession, URL) {
        let directory = try temporaryDirectory()
        try FileManager.default.copyItem(at: Repository.plugins.appendingPathComponent("pop.lua"), to: directory.appendingPathComponent("pop.lua"))
        let session = try LivePreviewSession(
            plugin: directory.appendingPathComponent("pop.lua"), directories: [directory],
            playback: TransitionPlayback(pluginDirectories: [directory], dismiss: true, fps: TransitionPlayback.previewFramesPerSecond),
            artifacts: maker)
        return (session, directory)
    }

    @Test func theSessionExportsTheCurrentPluginAtItsGenerationAndDrawsThePageShownOnce() async throws {
        let calls = Calls()
        let (gate, open) = AsyncStream<Void>.makeStream()
        nonisolated(unsafe) var exported: (TransitionPlayback, Int)?
        nonisolated(unsafe) var drawn: (frames: Int, plugin: String)?
        let maker = PreviewArtifactMaker(
            swift: { playback, generation in
                exported = (playback, generation)
                return .init(name: "PopTransition.swift", bytes: Data("// pop\n".utf8))
            },
            gif: { page, plugin in
                calls.add()
                drawn = (page.recording.frames.count, plugin.lastPathComponent)
                for await _ in gate { break }
                return .init(name: "pop.gif", bytes: Data([1, 2, 3]))
            })
        let (session, directory) = try Self.session(maker)
        defer { try? FileManager.default.removeItem(at: directory) }
        await #expect(throws: PreviewArtifactError.self) { try await session.make(.gif) }
        do {
            _ = try await session.make(.gif)
        } catch {
            #expect(error.description == "pop.lua has not played without a fault yet: fix it and save, then try again")
        }
        let (page, _) = try session.render(session.current)
        let file = try await session.make(.swift)
        #expect(file == .init(name: "PopTransition.swift", bytes: Data("// pop\n".utf8)))
        #expect(exported?.0.plugin == directory.appendingPathComponent("pop.lua"))
        #expect(exported?.0.dismiss == true)
        #expect(exported?.1 == session.generation)
        // Two clicks while the page's GIF is drawn: drawn once, both get it.
        async let first = session.make(.gif)
        async let second = session.make(.gif)
        #expect(await waitUntil { calls.count == 1 })
        open.yield()
        open.yield()
        let (a, b) = try await (first, second)
        #expect(a.bytes == Data([1, 2, 3]))
        #expect(b == a)
        #expect(calls.count == 1)
        #expect(drawn?.frames == page.recording.frames.count)
        #expect(drawn?.plugin == "pop.lua")
    }

    /// A preview that stops cancels the GIF it is drawing: the renderer stops (here, the maker's
    /// wait ends with the cancellation) and who asked for it gets the error.
    @Test func stoppingTheSessionCancelsTheGIFBeingDrawn() async throws {
        let calls = Calls()
        let maker = PreviewArtifactMaker(
            swift: { _, _ in .init(name: "PopTransition.swift", bytes: Data()) },
            gif: { _, _ in
                calls.add()
                try await Task.sleep(for: .seconds(300))
                return .init(name: "pop.gif", bytes: Data([1]))
            })
        let (session, directory) = try Self.session(maker)
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try session.render(session.current)
        async let gif = session.make(.gif)
        #expect(await waitUntil { calls.count == 1 })
        session.stop()
        do {
            _ = try await gif
            Issue.record("the GIF was made after the preview stopped")
        } catch {
            #expect("\(error)" == "CancellationError()")
        }
    }

    @Test func aSessionWithoutAMakerSaysSo() async throws {
        let (session, directory) = try Self.session(nil)
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            _ = try await session.make(.swift)
            Issue.record("made a file without a maker")
        } catch {
            #expect(error.description == "this preview makes no files (it was started without an exporter and a renderer)")
        }
    }

    @Test func theLanguageServersFilesAreWrittenBesideThePlugin() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let plugin = directory.appendingPathComponent("pop.lua")
        try FileManager.default.copyItem(at: Repository.plugins.appendingPathComponent("pop.lua"), to: plugin)
        nonisolated(unsafe) var generations: [Int] = []
        let previews = LivePreviews(artifacts: PreviewArtifactMaker(
            swift: { _, generation in
                generations.append(generation)
                return .init(name: "PopTransition.swift", bytes: Data("// exported\n".utf8))
            },
            gif: { page, _ in .init(name: "pop.gif", bytes: Data("GIF89a \(page.recording.frames.count)".utf8)) }))
        let request = PreviewRequest(plugin: plugin)
        let swift = try await previews.make(.swift, of: request, generation: 4)
        #expect(swift == directory.appendingPathComponent("PopTransition.swift").standardizedFileURL)
        #expect(try String(contentsOf: swift, encoding: .utf8) == "// exported\n")
        #expect(generations == [4])
        let gif = try await previews.make(.gif, of: request, generation: 4)
        #expect(gif.lastPathComponent == "pop.gif")
        #expect(try String(contentsOf: gif, encoding: .utf8).hasPrefix("GIF89a "))
        // Nothing else was left beside them (no temporary file).
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == ["PopTransition.swift", "pop.gif", "pop.lua"])
    }
}
