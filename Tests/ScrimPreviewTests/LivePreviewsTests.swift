import Foundation
import ScrimServer
import ScrimTestSupport
import Testing
@testable import ScrimPreview

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `scrim serve`'s previews: one server for all, at most `Limits.previews` (the least recently
/// used stopped first), idle ones stopped, all stopped by `stopAll`; a stopped one's pages are
/// told why and its address answers 410. The limits are made small; every wait is for a
/// condition.
@MainActor
@Suite struct LivePreviewsTests {
    static func request(_ name: String) -> PreviewRequest {
        PreviewRequest(plugin: Repository.plugins.appendingPathComponent(name))
    }

    static func previews(_ configure: (inout LivePreviews.Limits) -> Void = { _ in }) -> LivePreviews {
        var limits = LivePreviews.Limits()
        configure(&limits)
        return LivePreviews(limits: limits)
    }

    /// The status and body of a GET of `url`.
    static func get(_ url: URL) async throws -> (Int, String) {
        let (data, response) = try await URLSession.shared.data(from: url)
        return (try #require(response as? HTTPURLResponse).statusCode, String(decoding: data, as: UTF8.self))
    }

    /// A WebSocket opened on the page at `url`, its handshake read.
    static func socket(_ url: URL) async throws -> RawConnection {
        let port = UInt16(try #require(url.port))
        let client = try #require(RawConnection(port: port))
        await client.send(RawConnection.webSocket(url.path + "/socket?" + (url.query ?? ""), port: port))
        #expect(await client.response()?.status == 101)
        return client
    }

    @Test func everyPreviewIsAPageOfOneServer() async throws {
        let previews = Self.previews()
        let pop = try await previews.launch(Self.request("pop.lua"))
        let slide = try await previews.launch(Self.request("slide.lua"))
        #expect(pop.port == slide.port)
        #expect(pop.query == slide.query)
        #expect(pop.path != slide.path)
        #expect(try await previews.launch(Self.request("pop.lua")) == pop)
        #expect(previews.count == 2)
        #expect(try await Self.get(pop).0 == 200)
        #expect(try await Self.get(slide).0 == 200)
        await previews.stopAll()
    }

    @Test func beyondTheLimitTheLeastRecentlyUsedIsStoppedAndItsPagesAreToldWhy() async throws {
        let previews = Self.previews { $0.previews = 2 }
        let pop = try await previews.launch(Self.request("pop.lua"))
        let page = try await Self.socket(pop)
        let slide = try await previews.launch(Self.request("slide.lua"))
        // pop is used again: slide is now the least recently used.
        #expect(try await previews.launch(Self.request("pop.lua")) == pop)
        let sheet = try await previews.launch(Self.request("sheet.lua"))
        #expect(previews.count == 2)
        let (status, body) = try await Self.get(slide)
        #expect(status == 410)
        #expect(body == "410 Gone: this preview was stopped (more than 2 previews were open; this one was the least recently used); run scrim.preview again\n")
        #expect(try await Self.get(pop).0 == 200)
        #expect(try await Self.get(sheet).0 == 200)
        // Another: pop is the least recently used now, and its open page hears it.
        _ = try await previews.launch(Self.request("crossfade.lua"))
        let (rest, closed) = await page.receive()
        #expect(closed)
        #expect(RawConnection.textFrames(rest).last == #"{"type":"stopped","reason":"more than 2 previews were open; this one was the least recently used"}"#)
        await previews.stopAll()
    }

    /// Requests made together: the same one twice gets one preview; more distinct ones than the
    /// limit leave no more than the limit running; the first launch starts the one server.
    @Test func requestsMadeTogetherStayWithinTheLimit() async throws {
        let previews = Self.previews { $0.previews = 2 }
        async let first = previews.launch(Self.request("pop.lua"))
        async let again = previews.launch(Self.request("pop.lua"))
        async let others = [
            previews.launch(Self.request("slide.lua")), previews.launch(Self.request("sheet.lua")),
            previews.launch(Self.request("crossfade.lua")), previews.launch(Self.request("dimming.lua")),
        ]
        let (one, two, rest) = try await (first, again, others)
        #expect(one == two)
        #expect(previews.count <= 2)
        #expect(Set(([one] + rest).map(\.port)).count == 1)
        await previews.stopAll()
    }

    /// The idle check runs at times the test gives (the periodic one, every 30 s of real time,
    /// finds nothing idle for 10 minutes meanwhile): no wall-clock bound.
    @Test func aPreviewWithNoPageOpenIsStoppedWhenIdle() async throws {
        let previews = Self.previews()
        let watched = try await previews.launch(Self.request("pop.lua"))
        let page = try await Self.socket(watched)
        let server = previews.server
        #expect(await eventually { await server.clientCount == 1 })
        let unwatched = try await previews.launch(Self.request("slide.lua"))
        let start = ContinuousClock.now
        await previews.stopIdle(now: start + .seconds(599))
        #expect(previews.count == 2)
        await previews.stopIdle(now: start + .seconds(601))
        #expect(previews.count == 1)
        let (status, body) = try await Self.get(unwatched)
        #expect(status == 410)
        #expect(body == "410 Gone: this preview was stopped (no page was open for 10 minutes); run scrim.preview again\n")
        // The preview with a page open was started first and is still running: in use at the
        // check, it is idle only 10 minutes after it.
        #expect(try await Self.get(watched).0 == 200)
        page.close()
        #expect(await eventually { await server.clientCount == 0 })
        await previews.stopIdle(now: start + .seconds(1200))
        #expect(previews.count == 1)
        await previews.stopIdle(now: start + .seconds(1202))
        #expect(previews.count == 0)
        #expect(try await Self.get(watched).0 == 410)
        await previews.stopAll()
    }

    @Test func stopAllStopsEveryPreviewAndTheServer() async throws {
        let previews = Self.previews()
        let pop = try await previews.launch(Self.request("pop.lua"))
        let page = try await Self.socket(pop)
        _ = try await previews.launch(Self.request("slide.lua"))
        await previews.stopAll()
        #expect(previews.count == 0)
        let (rest, closed) = await page.receive()
        #expect(closed)
        #expect(RawConnection.textFrames(rest).last == #"{"type":"stopped","reason":"the language server shut down"}"#)
        #expect(RawConnection(port: UInt16(try #require(pop.port))) == nil)
    }
}
