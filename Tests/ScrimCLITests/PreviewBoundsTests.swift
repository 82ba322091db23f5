#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ScrimJSON
import ScrimTestSupport
import Testing
@testable import ScrimServer

/// The live previews' bounds against the real processes: `scrim serve` given 300 `scrim.preview`
/// requests (F03), and `scrim preview --serve`'s WebSocket flooded by a client that never reads
/// (F07), one after the other (each loads the machine). The server's own bounds over raw sockets:
/// ScrimPreviewTests' `PreviewServerBoundsTests`.
@Suite(.serialized) struct PreviewBoundsTests {
    /// F03: 300 previews of 300 plugin files. Every request is answered; the descriptors and
    /// threads of the process stop growing once 16 run (the least recently used are stopped, and
    /// their pages answer 410); all share one port; `shutdown` stops them and the server, and
    /// `exit` ends the process with 0.
    @Test func threeHundredPreviewsKeepTheProcessBounded() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = try Data(contentsOf: ScrimExecutable.plugins.appendingPathComponent("pop.lua"))
        var files: [URL] = []
        for index in 1...300 {
            let folder = directory.appendingPathComponent("p\(index)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent("pop\(index).lua")
            try source.write(to: file)
            files.append(file)
        }
        let server = try ServeSession()
        #expect(try #require(await server.start())["result"] != nil)
        let pid = server.process.processIdentifier
        var urls: [URL] = []
        var counts: [Int: (descriptors: Int, threads: Int)] = [:]
        for (index, file) in files.enumerated() {
            let response = try #require(
                await server.request("workspace/executeCommand", ["command": "scrim.preview", "arguments": [.string(file.absoluteString)]], within: 120),
                "request \(index + 1) was not answered")
            let url = try #require(response["result"]?["url"]?.stringValue.flatMap(URL.init(string:)), "\(response)")
            urls.append(url)
            if [16, 50, 100, 200, 300].contains(index + 1) {
                counts[index + 1] = (ProcessFacts.descriptors(pid), ProcessFacts.threads(pid))
            }
        }
        let (at16, at50, at300) = (try #require(counts[16]), try #require(counts[50]), try #require(counts[300]))
        // Flat after the cap: a stopped preview gives back its watcher, its host and its page.
        #expect(at300.descriptors <= at50.descriptors + 8, "descriptors: \(counts.sorted { $0.key < $1.key })")
        #expect(at300.threads <= max(at16.threads, at50.threads) + 4, "threads: \(counts.sorted { $0.key < $1.key })")
        #expect(at300.descriptors < 128)
        #expect(Set(urls.map(\.port)).count == 1)
        let port = UInt16(try #require(urls[0].port))
        // The newest 256 stopped pages answer 410 with the reason; older ones, 404.
        #expect(try await Self.status(urls[0]) == 404)
        #expect(try await Self.status(urls[283]) == 410)
        for url in urls.suffix(16) { #expect(try await Self.status(url) == 200) }

        #expect(try #require(await server.request("shutdown", nil))["result"] == .null)
        // The previews stop in the background: then the port is closed.
        #expect(await eventually { RawConnection(port: port) == nil })
        server.notify("exit")
        #expect(await server.exitCode() == 0)
    }

    /// F07: a client with the token that never reads sends 3 000 `select` messages. Each would
    /// re-render and send the page: the server queues at most its backlog for that client, then
    /// closes its connection, and the process's memory stays flat. The page is still served.
    @Test func aWebSocketFloodedWithSelectsByAClientThatNeverReadsIsClosed() async throws {
        let preview = try await PreviewServeProcess([ScrimExecutable.plugins.appendingPathComponent("crossfade.lua").path])
        #expect(try await Self.status(preview.url) == 200)
        let before = preview.residentBytes
        // A small receive buffer: the kernel holds a few pages for this client, not hundreds.
        let client = try #require(RawConnection(port: preview.port, receiveBuffer: 4096))
        await client.send(RawConnection.webSocket("/socket?token=\(preview.token)", port: preview.port))
        let names = ["crossfade", "pop", "slide", "sheet", "zoomsegue", "parallax"]
        for index in 0..<3000 {
            let select = RawConnection.textFrame(#"{"type":"select","plugin":"\#(names[index % names.count])"}"#)
            // Refused once the server has closed the connection (it may stall meanwhile: the
            // server reads a message when it has played the one before).
            guard await client.send(select, within: 120) else { break }
        }
        // Each `select` is a play: on a loaded machine, the backlog may take a while to fill.
        #expect(await client.closedWithoutReading(within: 300, probe: RawConnection.pingFrame))
        let after = preview.residentBytes
        #expect(after - before < 64 << 20, "resident memory: \(before >> 20) MiB before, \(after >> 20) MiB after")
        #expect(try await Self.status(preview.url) == 200)
        #expect(preview.process.isRunning)
    }

    /// The status of a GET of `url`, over a raw connection.
    static func status(_ url: URL) async throws -> Int? {
        let port = UInt16(try #require(url.port))
        let client = try #require(RawConnection(port: port))
        await client.send(RawConnection.get(url.path + (url.path.hasSuffix("/") ? "" : "/") + "?" + (url.query ?? ""), port: port))
        return await client.response()?.status
    }
}
