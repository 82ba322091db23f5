#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ScrimTestSupport
import Testing
@testable import ScrimServer

/// `TCPListener` (`scrim serve --listen`, Docs/Protocol.md, "Starting the server"): a client on a
/// loopback port, bytes both ways; any other address is refused before a socket is made. No
/// traffic leaves loopback.
@Suite struct TransportTCPTests {
    /// Listens on `address` and accepts a client on a thread of its own; the port it listens on,
    /// then the client's descriptor (the listener is closed then).
    final class Listener: Sendable {
        let port = Locked<UInt16?>(nil)
        let listening = DispatchSemaphore(value: 0)
        let result = Locked<Result<Int32, TransportError>?>(nil)
        let done = DispatchSemaphore(value: 0)

        init(_ address: String) {
            Thread { [port, listening, result, done] in
                let outcome = Result { () throws(TransportError) -> Int32 in
                    let listener = try TCPListener(address: address)
                    defer { listener.close() }
                    port.withLock { $0 = listener.port }
                    listening.signal()
                    return try listener.accept()
                }
                result.withLock { $0 = outcome }
                listening.signal()  // in case it failed before listening
                done.signal()
            }.start()
        }
    }

    /// Reads exactly `count` bytes (or fewer at the end or after the receive timeout).
    static func read(_ descriptor: Int32, count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < count {
            let received = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, min($0.count, count - bytes.count)) }
            if received < 0, errno == EINTR { continue }
            guard received > 0 else { break }
            bytes += chunk[..<received]
        }
        return bytes
    }

    static func intOption(_ descriptor: Int32, _ level: Int32, _ name: Int32) -> Int32 {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(descriptor, level, name, &value, &length)
        return value
    }

    @Test(arguments: [("127.0.0.1:0", "127.0.0.1"), ("localhost:0", "127.0.0.1"), ("127.0.0.2:0", "127.0.0.2")])
    func acceptsOneLoopbackClientAndExchangesBytes(address: String, host: String) async throws {
        try await Self.exchange(listeningOn: address, connectingTo: host)
    }

    /// The line `scrim serve --listen` prints: the host as given, the port listened on.
    @Test func theListeningAddressKeepsTheHostAsGiven() {
        #expect(TCPListener.describe("127.0.0.1:0", port: 41065) == "127.0.0.1:41065")
        #expect(TCPListener.describe("localhost:8080", port: 8080) == "localhost:8080")
        #expect(TCPListener.describe("[::1]:0", port: 41065) == "[::1]:41065")
    }

    @Test(.enabled(if: TCPClient.hasIPv6Loopback, "no IPv6 loopback here"))
    func acceptsOneClientOnTheIPv6Loopback() async throws {
        try await Self.exchange(listeningOn: "[::1]:0", connectingTo: "::1")
    }

    /// Listens on `address`, connects a client to `host`, and checks the accepted descriptor, a framed
    /// message each way and the client's end of input.
    static func exchange(listeningOn address: String, connectingTo host: String) async throws {
        let listener = Listener(address)
        #expect(await signalled(listener.listening, within: 10))
        let port = try #require(listener.port.current, "not listening: \(String(describing: listener.result.current))")
        #expect(port != 0)
        let client = try #require(TCPClient.connect(to: host, port: port), "cannot connect to \(host) port \(port): errno \(errno)")
        defer { close(client) }
        #expect(await signalled(listener.done, within: 10))
        let server = try #require(try listener.result.current?.get())
        defer { close(server) }
        #expect(fcntl(server, F_GETFD) & FD_CLOEXEC != 0)
        #expect(Self.intOption(server, Int32(IPPROTO_TCP), TCP_NODELAY) != 0)
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(server, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))

        let request = Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#.utf8)
        #expect(MessageWriter(fileDescriptor: client).send(request))
        #expect(Self.read(server, count: MessageWriter.frame(request).count) == MessageWriter.frame(request))
        let response = Array(#"{"jsonrpc":"2.0","id":1,"result":{"serverInfo":{"name":"scrim"}}}"#.utf8)
        #expect(MessageWriter(fileDescriptor: server).send(response))
        #expect(Self.read(client, count: MessageWriter.frame(response).count) == MessageWriter.frame(response))
        shutdown(client, Int32(SHUT_WR))
        #expect(Self.read(server, count: 1) == [])  // the client's end of input
    }

    /// Addresses off the loopback, and host names other than `localhost`, are refused before
    /// anything listens, naming the host.
    @Test(arguments: ["0.0.0.0:1234", "10.0.0.1:1", "192.168.1.10:8080", "128.0.0.1:80", "[::]:1234", "[fd00::2]:80", "[::ffff:127.0.0.1]:80",
                      "example.com:80", "localhost.example.com:80", "127.1:80", "127.0.0.1.5:80"])
    func addressesOffTheLoopbackAreRefused(address: String) {
        let host = address[..<address.lastIndex(of: ":")!]
        #expect(throws: TransportError("--listen: only loopback addresses are accepted (127.0.0.1, localhost, [::1]), got '\(host)'")) {
            _ = try TCPListener(address: address)
        }
    }

    @Test(arguments: ["", "nonsense", "127.0.0.1", "127.0.0.1:", ":80", "127.0.0.1:http", "127.0.0.1:-1", "127.0.0.1:+80", "127.0.0.1:65536",
                      "127.0.0.1:99999999999999999999", "127.0.0.1: 80", "127.0.0.1:80 ", "[::1]", "[nonsense]:80", "[127.0.0.1]:80"])
    func malformedAddressesAreRefused(address: String) {
        #expect(throws: TransportError("--listen: expected HOST:PORT with a loopback host (127.0.0.1:PORT), got '\(address)'")) {
            _ = try TCPListener(address: address)
        }
    }

    @Test(arguments: ["::1:8080", "[::1:8080", "fe80::1:80"])
    func anUnbracketedIPv6AddressIsRefusedWithAHint(address: String) {
        #expect(throws: TransportError("--listen: an IPv6 address goes in brackets ([::1]:PORT), got '\(address)'")) {
            _ = try TCPListener(address: address)
        }
    }

    /// A port another socket listens on is a clear error, not a crash or a wait.
    @Test func aPortInUseIsAnError() throws {
        let other = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(other >= 0)
        defer { close(other) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutableBytes(of: &address) { raw in
            let pointer = raw.baseAddress!.assumingMemoryBound(to: sockaddr.self)
            return bind(other, pointer, length) == 0 && listen(other, 1) == 0 && getsockname(other, pointer, &length) == 0
        }
        try #require(bound)
        let port = UInt16(bigEndian: address.sin_port)
        #expect(throws: TransportError("--listen: cannot listen on 127.0.0.1:\(port): Address already in use")) {
            _ = try TCPListener(address: "127.0.0.1:\(port)")
        }
    }
}
