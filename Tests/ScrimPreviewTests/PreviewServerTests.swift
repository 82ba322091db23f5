import Foundation
import ScrimCore
import ScrimTestSupport
import Testing
@testable import ScrimPreview

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The live preview's server, started for real on a free loopback port: the page with the token,
/// 403 without it, a port already in use, pages of their own. (Foundation's WebSocket client needs
/// a libcurl with WebSockets, which Debian's is not: WebSockets are spoken raw here
/// (`RawConnection`) and by a browser in the browser suite.) Its bounds: `PreviewServerBoundsTests`.
@Suite struct PreviewServerTests {
    static let page = "<!DOCTYPE html><title>test</title><p>the page</p>"

    /// A GET of `url`: the status and the body.
    static func get(_ url: URL) async throws -> (Int, String) {
        let (data, response) = try await URLSession.shared.data(from: url)
        let status = try #require(response as? HTTPURLResponse).statusCode
        return (status, String(decoding: data, as: UTF8.self))
    }

    /// `url` with its query replaced by `query` (nil: none).
    static func url(_ url: URL, path: String = "/", query: String?) -> URL {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
        components.path = path
        components.query = query
        return components.url!
    }

    @Test func theTokenIsThirtyTwoRandomHexadecimalDigits() {
        let tokens = (0..<8).map { _ in PreviewServer.randomToken() }
        for token in tokens {
            #expect(token.count == 32)
            #expect(token.allSatisfy { "0123456789abcdef".contains($0) })
        }
        #expect(Set(tokens).count == tokens.count)
    }

    @Test func thePageIsServedWithTheTokenOnTheLoopbackInterface() async throws {
        let server = PreviewServer(page: Self.page)
        let url = try await server.start()
        defer { Task { await server.stop() } }
        #expect(url.host == "127.0.0.1")
        let port = try #require(await server.port)
        #expect(port > 0)
        #expect(url.absoluteString == "http://127.0.0.1:\(port)/?token=\(server.token)")
        let (status, body) = try await Self.get(url)
        #expect(status == 200)
        #expect(body == Self.page)
        await server.publish(.page(html: "<p>another</p>", generation: 2))
        #expect(try await Self.get(url) == (200, "<p>another</p>"))
        #expect(try await Self.get(Self.url(url, path: "/elsewhere", query: "token=\(server.token)")).0 == 404)
    }

    @Test func aRequestWithoutTheRightTokenGets403() async throws {
        let server = PreviewServer(page: Self.page)
        let url = try await server.start()
        defer { Task { await server.stop() } }
        let wrong = String(server.token.reversed())
        for (path, query) in [("/", nil), ("/", "token="), ("/", "token=\(wrong)"), ("/", "token=\(server.token.dropLast())"),
                              ("/socket", nil), ("/socket", "token=\(wrong)"), ("/elsewhere", nil)] as [(String, String?)] {
            let (status, body) = try await Self.get(Self.url(url, path: path, query: query))
            #expect(status == 403, "\(path)?\(query ?? "")")
            #expect(!body.contains("the page"))
        }
    }

    @Test func aPortInUseIsAClearError() async throws {
        let first = PreviewServer(page: Self.page)
        _ = try await first.start()
        defer { Task { await first.stop() } }
        let port = try #require(await first.port)
        let second = PreviewServer(page: Self.page, port: port)
        await #expect(throws: PreviewServerError("127.0.0.1:\(port): Address already in use")) {
            _ = try await second.start()
        }
        #expect(await second.url == nil)
    }

    @Test func aStoppedServerNoLongerAnswersAndItsPortCanBeUsedAgain() async throws {
        let server = PreviewServer(page: Self.page)
        let url = try await server.start()
        let port = try #require(await server.port)
        await server.stop()
        await #expect(throws: (any Error).self) { _ = try await Self.get(url) }
        let again = PreviewServer(page: Self.page, port: port)
        let second = try await again.start()
        #expect(try await Self.get(Self.url(second, query: "token=\(again.token)")).0 == 200)
        await again.stop()
    }
}

extension PreviewServerTests {
    @Test func aPublishedPageIsTheOneServedFromThenOn() async throws {
        let server = PreviewServer(page: Self.page, generation: 4)
        let url = try await server.start()
        defer { Task { await server.stop() } }
        await server.publish(.diagnostic(
            ScriptDiagnostic(path: "a.lua", range: .init(start: .init(line: 0, character: 0), end: .init(line: 0, character: 1)), message: "broken"),
            source: "x", generation: 4))
        #expect(try await Self.get(url) == (200, Self.page))  // a broken save keeps the last good page
        await server.publish(.page(html: "<p>generation 5</p>", generation: 5))
        #expect(try await Self.get(url) == (200, "<p>generation 5</p>"))
    }
}

extension PreviewServerTests {
    /// The server's side of a connection sends each message at once: Nagle's algorithm is off
    /// (`TCP_NODELAY`), so a message never waits for the page's delayed ACK.
    @Test func theServersConnectionsHaveNaglesAlgorithmOff() async throws {
        let server = PreviewServer(page: Self.page)
        _ = try await server.start()
        defer { Task { await server.stop() } }
        let port = try #require(await server.port)
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(client >= 0)
        defer { close(client) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr(PreviewServer.host)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(connected == 0)
        // Half a request: the server waits to read the rest.
        _ = "GET / HTTP/1.1\r\n".withCString { send(client, $0, strlen($0), 0) }
        let clientPort = Self.port(of: client, peer: false)
        var found: Int32?
        for _ in 0..<500 where found == nil {
            // The server's socket: ours, listening on `port`, connected to the client.
            found = (0..<Int32(4096)).first { fd in
                fd != client && Self.port(of: fd, peer: false) == port && Self.port(of: fd, peer: true) == clientPort
                    && Self.noDelay(fd) == 1
            }
            if found == nil { try await Task.sleep(for: .milliseconds(2)) }
        }
        #expect(found != nil)
    }

    /// The local (or with `peer`, the remote) port of the IPv4 socket `fd`; nil if it is none.
    private static func port(of fd: Int32, peer: Bool) -> UInt16? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { peer ? getpeername(fd, $0, &length) : getsockname(fd, $0, &length) }
        }
        guard result == 0, address.sin_family == sa_family_t(AF_INET) else { return nil }
        return UInt16(bigEndian: address.sin_port)
    }

    private static func noDelay(_ fd: Int32) -> Int32 {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &value, &length) == 0 else { return -1 }
        return value
    }
}

extension PreviewServerTests {
    @Test func eachPageHasItsOwnPathAndAStoppedOneAnswers410() async throws {
        let server = PreviewServer()
        try await server.start()
        defer { Task { await server.stop() } }
        let first = await server.addPage(html: "<p>first</p>", generation: 1) { _ in nil }
        let second = await server.addPage(html: "<p>second</p>", generation: 1) { _ in nil }
        #expect(first != second)
        let firstURL = try #require(await server.url(of: first)), secondURL = try #require(await server.url(of: second))
        #expect(firstURL.path == "/p/\(first)")
        #expect(firstURL.absoluteString.hasSuffix("/p/\(first)/?token=\(server.token)"))
        #expect(try await Self.get(firstURL) == (200, "<p>first</p>"))
        #expect(try await Self.get(secondURL) == (200, "<p>second</p>"))
        // No page at `/` on a server made without one.
        #expect(try await Self.get(Self.url(firstURL, query: "token=\(server.token)")).0 == 404)
        await server.publish(.page(html: "<p>second, generation 2</p>", generation: 2), to: second)
        #expect(try await Self.get(secondURL) == (200, "<p>second, generation 2</p>"))
        #expect(try await Self.get(firstURL) == (200, "<p>first</p>"))
        await server.removePage(first, reason: "too many previews")
        let (status, body) = try await Self.get(firstURL)
        #expect(status == 410)
        #expect(body == "410 Gone: this preview was stopped (too many previews); run scrim.preview again\n")
        #expect(try await Self.get(secondURL).0 == 200)
    }

    /// A page's WebSocket hears the generation first; when the page is removed, why, and then
    /// the socket closes.
    @Test func aRemovedPagesWebSocketIsToldWhyAndClosed() async throws {
        let server = PreviewServer()
        try await server.start()
        defer { Task { await server.stop() } }
        let port = try #require(await server.port)
        let id = await server.addPage(html: "<p>page</p>", generation: 3) { text in "echo \(text)" }
        let socket = try #require(RawConnection(port: port))
        await socket.send(RawConnection.webSocket("/p/\(id)/socket?token=\(server.token)", port: port))
        let (handshake, _) = await socket.receive { RawConnection.textFrames(Self.afterHead($0)).count >= 1 }
        #expect(String(decoding: handshake, as: UTF8.self).hasPrefix("HTTP/1.1 101 "))
        #expect(RawConnection.textFrames(Self.afterHead(handshake)) == [#"{"type":"generation","generation":3}"#])
        #expect(await eventually { await server.clientCount(of: id) == 1 })
        await socket.send(RawConnection.textFrame("hello"))
        let (echo, _) = await socket.receive { RawConnection.textFrames($0).count >= 1 }
        #expect(RawConnection.textFrames(echo) == ["echo hello"])
        await server.removePage(id, reason: "it was idle")
        let (rest, closed) = await socket.receive()
        #expect(closed)
        #expect(RawConnection.textFrames(rest) == [#"{"type":"stopped","reason":"it was idle"}"#])
        #expect(await eventually { await server.clientCount == 0 })
    }

    /// What follows the HTTP head in `bytes`.
    static func afterHead(_ bytes: [UInt8]) -> [UInt8] {
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        guard bytes.count >= 4, let start = (0...(bytes.count - 4)).first(where: { Array(bytes[$0..<$0 + 4]) == end }) else { return [] }
        return Array(bytes[(start + 4)...])
    }
}
