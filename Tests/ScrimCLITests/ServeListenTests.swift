#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ScrimJSON
import ScrimTestSupport
import Testing
@testable import ScrimServer

/// `scrim serve --listen` speaks LSP only (Docs/Protocol.md, "Framing"; finding F08 in
/// Docs/Reliability.md): a web page's cross-protocol `POST` to the port is closed at its request
/// line with nothing run or answered, and the server still takes a proper client afterwards.
@Suite struct ServeListenTests {
    /// A real `scrim serve --listen HOST:0` (`127.0.0.1` unless told); the port it printed.
    final class ListeningServer: @unchecked Sendable {
        // @unchecked Sendable: `process` is only started here and read by its own thread-safe API.
        let process = Process()
        let port: UInt16
        private let stderrDrain: FramingPipe.Drain
        private let exited = DispatchSemaphore(value: 0)
        private let errors = Pipe()

        /// The host as the listening line prints it: `127.0.0.1`, `[::1]`.
        let host: String

        init(host: String = "127.0.0.1") async throws {
            guard let url = ScrimExecutable.url else { throw ScrimExecutable.Missing() }
            self.host = host
            signal(SIGPIPE, SIG_IGN)  // writing to a connection the server closed is an error, not a signal
            process.executableURL = url
            process.arguments = ["serve", "--plugins", ScrimExecutable.plugins.path, "--listen", "\(host):0"]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            process.terminationHandler = { [exited] _ in exited.signal() }
            try process.run()
            let drain = FramingPipe.Drain(errors.fileHandleForReading.fileDescriptor)
            stderrDrain = drain
            var port: UInt16?
            _ = await waitUntil(timeout: .seconds(60)) {
                let text = String(decoding: drain.bytes.current, as: UTF8.self)
                guard let range = text.range(of: "scrim: listening on \(host):") else { return false }
                port = UInt16(text[range.upperBound...].prefix { $0.isNumber })
                return text[range.upperBound...].contains("\n")
            }
            guard let port else {
                kill(process.processIdentifier, SIGKILL)
                throw NotListening(stderr: String(decoding: drain.bytes.current, as: UTF8.self))
            }
            self.port = port
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            if exited.wait(timeout: .now() + 10) == .success { process.releaseAfterExit() }
        }

        struct NotListening: Error { let stderr: String }

        var stderr: String { String(decoding: stderrDrain.bytes.current, as: UTF8.self) }

        /// A client connection, with a long receive timeout (only a server that never answers meets it).
        func connect() throws -> Int32 {
            let address = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            let client = try #require(TCPClient.connect(to: address, port: port), "cannot connect: errno \(errno)")
            var timeout = timeval(tv_sec: 120, tv_usec: 0)
            setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            return client
        }

        /// The exit code, once the process has ended.
        func exitCode() async -> Int32? {
            guard await signalled(exited, within: 120) else { return nil }
            exited.signal()  // for deinit
            return process.terminationStatus
        }
    }

    /// How reading a connection to its end went: the bytes, and whether it ended (EOF or a reset)
    /// rather than timing out.
    static func readToEnd(_ descriptor: Int32) -> (bytes: [UInt8], ended: Bool) {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += chunk[..<count]
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return (bytes, count == 0 || errno == ECONNRESET)
            }
        }
    }

    /// Reads one framed message (nil at the end of the connection).
    static func readMessage(_ descriptor: Int32) -> JSONValue? {
        var bytes: [UInt8] = []
        while true {
            if let end = bytes.firstRange(of: Array("\r\n\r\n".utf8)) {
                let header = String(decoding: bytes[..<end.lowerBound], as: UTF8.self)
                guard let length = Int(header.replacingOccurrences(of: "Content-Length: ", with: "")) else { return nil }
                if bytes.count >= end.upperBound + length {
                    return try? JSONValue(parsing: Array(bytes[end.upperBound..<end.upperBound + length]))
                }
            }
            var byte: UInt8 = 0
            guard Glibc.read(descriptor, &byte, 1) == 1 else { return nil }
            bytes.append(byte)
        }
    }

    static func send(_ descriptor: Int32, _ bytes: [UInt8]) {
        _ = FramingPipe.writeAll(descriptor, bytes)
    }

    static func request(_ id: Int, _ method: String, _ params: JSONValue = [:]) -> [UInt8] {
        MessageWriter.frame(JSONValue.object(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params]).serialized())
    }

    /// F08: the browser-shaped `POST` (with its body of `initialize`, `loadScene` and `snapshot`
    /// frames) is closed with nothing sent back; the next connection is a proper client, served
    /// to its `exit`.
    @Test(arguments: [0, 9000])
    func aBrowserPostIsClosedUnansweredAndTheNextClientIsServed(padding: Int) async throws {
        let server = try await ListeningServer()
        let body = Self.request(1, "initialize", ["capabilities": [:]]) + Self.request(2, "scrim/loadScene", ["path": "/etc/passwd"])
            + Self.request(3, "scrim/snapshot")
        var head = "POST / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nOrigin: https://attacker.example\r\n"
        head += "Content-Type: text/plain;charset=UTF-8\r\nContent-Length: \(body.count)\r\n"
        if padding > 0 { head += "Cookie: \(String(repeating: "c", count: padding))\r\n" }
        head += "\r\n"
        let hostile = try server.connect()
        Self.send(hostile, Array(head.utf8) + body)
        let answer = Self.readToEnd(hostile)
        close(hostile)
        #expect(answer.ended, "the server did not close the connection")
        #expect(answer.bytes.isEmpty, "the server answered: \(String(decoding: answer.bytes, as: UTF8.self))")
        #expect(!String(decoding: answer.bytes, as: UTF8.self).contains("\"result\""))

        let client = try server.connect()
        defer { close(client) }
        Self.send(client, Self.request(1, "initialize", ["capabilities": [:], "initializationOptions": ["watch": false]]))
        let initialize = try #require(Self.readMessage(client))
        #expect(initialize["result"]?["serverInfo"]?["name"] == "scrim")
        Self.send(client, Self.request(2, "shutdown"))
        #expect(try #require(Self.readMessage(client))["result"] == .null)
        Self.send(client, MessageWriter.frame(Array(#"{"jsonrpc":"2.0","method":"exit"}"#.utf8)))
        #expect(await server.exitCode() == 0)
        #expect(server.stderr.contains("scrim: closed a connection that does not speak LSP (header line beginning 'POST /'"))
    }

    /// F09: `scrim serve --listen [::1]:0` prints `listening on [::1]:PORT` (it printed
    /// `[:1]:PORT`), an address a client can connect to as printed.
    @Test(.enabled(if: TCPClient.hasIPv6Loopback, "no IPv6 loopback here"))
    func theIPv6ListeningLineCanBeConnectedToAsPrinted() async throws {
        let server = try await ListeningServer(host: "[::1]")
        #expect(server.stderr.contains("scrim: listening on [::1]:\(server.port)\n"))
        let client = try server.connect()
        defer { close(client) }
        Self.send(client, Self.request(1, "initialize", ["capabilities": [:], "initializationOptions": ["watch": false]]))
        #expect(try #require(Self.readMessage(client))["result"]?["serverInfo"]?["name"] == "scrim")
        Self.send(client, Self.request(2, "shutdown"))
        #expect(try #require(Self.readMessage(client))["result"] == .null)
        Self.send(client, MessageWriter.frame(Array(#"{"jsonrpc":"2.0","method":"exit"}"#.utf8)))
        #expect(await server.exitCode() == 0)
    }

    /// A bad header after the client's first message ends its session, as the end of input does:
    /// what follows it is not run, and the process exits 1 (no `shutdown`).
    @Test func aBadHeaderMidSessionEndsIt() async throws {
        let server = try await ListeningServer()
        let client = try server.connect()
        defer { close(client) }
        Self.send(client, Self.request(1, "initialize", ["capabilities": [:], "initializationOptions": ["watch": false]]))
        #expect(try #require(Self.readMessage(client))["result"] != nil)
        Self.send(client, Array("Content-Length: x\r\n\r\n".utf8) + Self.request(2, "shutdown"))
        let rest = Self.readToEnd(client)
        #expect(rest.ended)
        #expect(rest.bytes.isEmpty)
        #expect(await server.exitCode() == 1)
    }
}
