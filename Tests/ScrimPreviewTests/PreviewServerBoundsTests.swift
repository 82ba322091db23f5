#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ScrimTestSupport
import Testing
@testable import ScrimPreview

/// The preview server's bounds against hostile neighbours, over raw sockets (`RawConnection`):
/// what no HTTP client sends. Timeouts are made small (or, where a close must come from another
/// bound, an hour), and every wait is for a condition.
@Suite struct PreviewServerBoundsTests {
    static let page = "<!DOCTYPE html><title>test</title><p>the page</p>"

    /// A started server with one page at `/`, and its port.
    static func server(_ configure: (inout PreviewServerLimits) -> Void = { _ in }, onMessage: @escaping PreviewServer.MessageHandler = { _ in nil })
        async throws -> (PreviewServer, UInt16)
    {
        var limits = PreviewServerLimits()
        configure(&limits)
        let server = PreviewServer(page: page, limits: limits, onMessage: onMessage)
        try await server.start()
        return (server, try #require(await server.port))
    }

    /// The page, asked for the right way on a new connection.
    static func goodRequest(_ server: PreviewServer, _ port: UInt16) async throws -> (status: Int, body: String)? {
        let client = try #require(RawConnection(port: port))
        await client.send(RawConnection.get("/?token=\(server.token)", port: port))
        return await client.response()
    }

    /// F04: a request whose line and headers pass 16 KiB is refused as soon as they do (431, or
    /// a connection closed mid-send), not read to its end; the page is served meanwhile.
    @Test func headersOverTheLimitAreRefusedAtOnceAndTheGoodRequestIsServed() async throws {
        // Nothing else closes a connection in this test: only the header limit can.
        let (server, port) = try await Self.server { $0.requestTimeout = .seconds(3600) }
        defer { Task { await server.stop() } }
        // 17 KiB of header that never ends: answered 431 without waiting for the rest.
        let over = try #require(RawConnection(port: port))
        await over.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Padding: " + String(repeating: "a", count: 17 * 1024))
        let refused = await over.response()
        #expect(refused?.status == 431)
        #expect(refused?.body.hasPrefix("431 Request Header Fields Too Large") == true)
        #expect(await over.closedByServer())
        // Four connections sending a header line of 300 KB (no token): each is closed.
        let line = "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Padding: " + String(repeating: "a", count: 300_000) + "\r\n\r\n"
        let attackers = try (0..<4).map { _ in try #require(RawConnection(port: port)) }
        for attacker in attackers { await attacker.send(line) }  // fails part-way once the server closes
        #expect(try await Self.goodRequest(server, port)?.status == 200)
        for attacker in attackers {
            let (bytes, closed) = await attacker.receive()
            #expect(closed)
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.isEmpty || text.hasPrefix("HTTP/1.1 431 "), "\(text.prefix(80))")
        }
        // Just under the limit is served.
        let under = try #require(RawConnection(port: port))
        await under.send(RawConnection.get("/?token=\(server.token)", port: port, headers: ["X-Padding": String(repeating: "a", count: 15 * 1024)]))
        #expect(await under.response()?.status == 200)
    }

    /// F05: a connection without a complete request is closed after the timeout: with nothing
    /// sent, with half a request, and between requests after an answer.
    @Test func aConnectionWithoutACompleteRequestIsClosedAfterTheTimeout() async throws {
        let (server, port) = try await Self.server { $0.requestTimeout = .milliseconds(300) }
        defer { Task { await server.stop() } }
        let silent = try #require(RawConnection(port: port))
        let half = try #require(RawConnection(port: port))
        await half.send("GET /?token=\(server.token) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n")
        let slow = try #require(RawConnection(port: port))
        await slow.send(RawConnection.get("/?token=\(server.token)", port: port))
        #expect(await slow.response()?.status == 200)
        #expect(await silent.closedByServer())
        #expect(await half.closedByServer())
        #expect(await slow.closedByServer())
        #expect(await eventually { await server.connectionCount == 0 })
    }

    /// F05: 1 000 idle half-requests: at most 64 are held at once, every one is closed, and the
    /// server still accepts and serves.
    @Test func aThousandIdleHalfRequestsAreNeverMoreThan64AndAllClosed() async throws {
        let (server, port) = try await Self.server { $0.requestTimeout = .milliseconds(500) }
        defer { Task { await server.stop() } }
        var clients: [RawConnection] = []
        var most = 0
        for _ in 0..<1000 {
            // A connection the system refuses (its queue full, on a loaded machine) is not the
            // server's to hold: it is left out.
            guard let client = RawConnection(port: port) else { continue }
            await client.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n")
            clients.append(client)
            most = max(most, await server.connectionCount)
        }
        #expect(most <= 64)
        #expect(clients.count > 64)
        for client in clients { #expect(await client.closedByServer()) }
        #expect(await eventually { await server.connectionCount == 0 })
        #expect(try await Self.goodRequest(server, port)?.status == 200)
    }

    /// F05: beyond 64 connections held, one more is closed at once (not queued), however many
    /// come; once the held ones go, the page is served again.
    @Test func aConnectionBeyondTheLimitIsClosedAtOnceAndTheServerKeepsAccepting() async throws {
        let (server, port) = try await Self.server { $0.requestTimeout = .seconds(3600) }
        defer { Task { await server.stop() } }
        var held: [RawConnection] = []
        for _ in 0..<64 { held.append(try #require(RawConnection(port: port))) }
        #expect(await eventually { await server.connectionCount == 64 })
        for _ in 0..<200 {
            let refused = try #require(RawConnection(port: port))
            #expect(await refused.closedByServer())
        }
        #expect(await server.connectionCount == 64)
        for client in held { client.close() }
        #expect(await eventually { await server.connectionCount == 0 })
        #expect(try await Self.goodRequest(server, port)?.status == 200)
    }

    /// F06: with the token, a request for another host (DNS rebinding) or from another site's
    /// page is 403, HTTP and WebSocket alike; 127.0.0.1 and localhost, with or without an
    /// `Origin` of their own, are served.
    @Test func aForeignHostOrOriginIs403() async throws {
        let (server, port) = try await Self.server()
        defer { Task { await server.stop() } }
        let page = "/?token=\(server.token)", socket = "/socket?token=\(server.token)"
        let cases: [(String, Int)] = [
            (RawConnection.get(page, port: port, headers: ["Host": "evil.example"]), 403),
            (RawConnection.get(page, port: port, headers: ["Host": "evil.example:\(port)"]), 403),
            (RawConnection.get(page, port: port, headers: ["Host": "127.0.0.1:\(port + 1)"]), 403),
            (RawConnection.get(page, port: port, headers: ["Origin": "http://evil.example"]), 403),
            (RawConnection.get(page, port: port), 200),
            (RawConnection.get(page, port: port, headers: ["Host": "localhost:\(port)"]), 200),
            (RawConnection.get(page, port: port, headers: ["Origin": "http://127.0.0.1:\(port)"]), 200),
            (RawConnection.webSocket(socket, port: port, origin: "http://evil.example"), 403),
            (RawConnection.webSocket(socket, port: port, origin: "http://127.0.0.1:\(port + 1)"), 403),
            (RawConnection.webSocket(socket, port: port, origin: "null"), 403),
            (RawConnection.webSocket(socket, port: port, origin: "http://127.0.0.1:\(port)"), 101),
            (RawConnection.webSocket(socket, port: port, origin: "http://localhost:\(port)"), 101),
            (RawConnection.webSocket(socket, port: port), 101),
        ]
        for (request, status) in cases {
            let client = try #require(RawConnection(port: port))
            await client.send(request)
            let answer = await client.response()
            #expect(answer?.status == status, "\(request)")
            if status == 403 { #expect(answer?.body.hasPrefix("403 Forbidden: ") == true) }
        }
    }

    /// F07: a WebSocket that sends and never reads gets its answers queued up to the backlog,
    /// then is disconnected: the server holds no more for it. The page is still served.
    @Test func aWebSocketThatNeverReadsIsDisconnected() async throws {
        let answer = String(repeating: "x", count: 100_000)
        let (server, port) = try await Self.server({ $0.backlog = 8 }, onMessage: { _ in answer })
        defer { Task { await server.stop() } }
        let client = try #require(RawConnection(port: port))
        await client.send(RawConnection.webSocket("/socket?token=\(server.token)", port: port))
        #expect(await eventually { await server.clientCount == 1 })
        let frame = RawConnection.textFrame(#"{"type":"select","plugin":"x"}"#)
        for _ in 0..<3000 {
            // Refused once the server has closed the connection.
            guard await client.send(frame, within: 5) else { break }
        }
        #expect(await eventually { await server.clientCount == 0 })
        #expect(await client.closedByServer())
        #expect(try await Self.goodRequest(server, port)?.status == 200)
    }
}
