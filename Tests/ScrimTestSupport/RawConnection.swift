#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A TCP connection to 127.0.0.1 made of raw socket calls, for tests that send what no HTTP
/// client would: half a request, a header line of 300 KB, WebSocket frames from a client that
/// never reads. The socket does not block: every wait is for a condition, bounded generously, and
/// suspends in between (the server under test may run on the same cooperative threads).
public final class RawConnection: @unchecked Sendable {
    // @unchecked: the descriptor is only used by the one test task that owns the connection.

    /// The socket, or -1 once closed.
    public private(set) var descriptor: Int32

    /// Connects to `port` on 127.0.0.1; nil if the connection is refused. `receiveBuffer` sets
    /// the socket's receive buffer (`SO_RCVBUF`) first: a client that does not read then holds
    /// little of what the server sends in its kernel.
    public init?(port: UInt16, receiveBuffer: Int32? = nil) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return nil }
        if var size = receiveBuffer {
            _ = setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(socket)
            return nil
        }
        _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
        descriptor = socket
    }

    deinit { close() }

    public func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    /// Sends every byte, waiting while the socket's buffer is full; false if the connection fails
    /// first (closed or reset by the server) or after `seconds`.
    @discardableResult
    public func send(_ bytes: [UInt8], within seconds: Double = 60) async -> Bool {
        var sent = 0
        let deadline = ContinuousClock.now + .seconds(seconds)
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count > 0 {
                sent += count
            } else if count < 0, errno == EAGAIN || errno == EINTR, ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(2))
            } else {
                return false
            }
        }
        return true
    }

    @discardableResult
    public func send(_ text: String, within seconds: Double = 60) async -> Bool {
        await send(Array(text.utf8), within: seconds)
    }

    /// What the server sends until `enough` holds for all received so far, it closes the
    /// connection (`closed`), or `seconds` pass.
    public func receive(within seconds: Double = 60, until enough: ([UInt8]) -> Bool = { _ in false }) async -> (bytes: [UInt8], closed: Bool) {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let deadline = ContinuousClock.now + .seconds(seconds)
        while !enough(received) {
            let count = chunk.withUnsafeMutableBytes { Glibc.recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += chunk[0..<count]
            } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                return (received, true)  // closed, or reset
            } else if ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(2))
            } else {
                break
            }
        }
        return (received, false)
    }

    /// Whether the server closes (or resets) the connection within `seconds`, found without
    /// reading anything it sent: for a client that must not read.
    ///
    /// A server that closes after reading all this client sent sends a FIN, which waits behind
    /// the data this client leaves unread and never arrives. So while the connection looks open,
    /// `probe` (bytes the server accepts, such as a WebSocket ping) is sent now and then: a
    /// closed socket answers them with a reset, which shows whatever is unread.
    public func closedWithoutReading(within seconds: Double = 60, probe: [UInt8] = []) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        var unsent: ArraySlice<UInt8> = [], nextProbe = ContinuousClock.now
        while true {
            // POLLRDHUP (0x2000, Linux's): the peer closed its end; Glibc names it only with _GNU_SOURCE.
            let closed = Int16(0x2000) | Int16(POLLHUP) | Int16(POLLERR)
            var entry = pollfd(fd: descriptor, events: Int16(0x2000), revents: 0)
            if poll(&entry, 1, 0) > 0, entry.revents & closed != 0 { return true }
            guard ContinuousClock.now < deadline else { return false }
            if unsent.isEmpty, !probe.isEmpty, ContinuousClock.now >= nextProbe {
                unsent = probe[...]
                nextProbe = ContinuousClock.now + .milliseconds(100)
            }
            if !unsent.isEmpty {
                // Whole probes only: a part of one waits for the socket, never for a next probe.
                let count = unsent.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if count > 0 {
                    unsent = unsent.dropFirst(count)
                } else if count < 0, errno != EAGAIN, errno != EINTR {
                    return true  // reset or broken: the server has closed it
                }
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Whether the server closes the connection within `seconds` (what it sends is dropped).
    public func closedByServer(within seconds: Double = 60) async -> Bool {
        await receive(within: seconds).closed
    }

    /// An HTTP/1.1 response's status code and body, read until the server closes the connection or
    /// the body has its `Content-Length`; nil if none came.
    public func response(within seconds: Double = 60) async -> (status: Int, body: String)? {
        let (bytes, _) = await receive(within: seconds) { Self.parse($0) != nil }
        return Self.parse(bytes) ?? Self.parse(bytes, whole: true)
    }

    /// A GET of `target` with `headers` (`Host` is 127.0.0.1:PORT unless given).
    public static func get(_ target: String, port: UInt16, headers: [String: String] = [:]) -> String {
        var fields = headers
        if fields["Host"] == nil { fields["Host"] = "127.0.0.1:\(port)" }
        return "GET \(target) HTTP/1.1\r\n" + fields.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\r\n" }.joined() + "\r\n"
    }

    /// A WebSocket handshake for `target`, with `Origin` if given.
    public static func webSocket(_ target: String, port: UInt16, origin: String? = nil) -> String {
        var headers = [
            "Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version": "13",
        ]
        if let origin { headers["Origin"] = origin }
        return get(target, port: port, headers: headers)
    }

    /// A client's WebSocket ping with no payload (masked, as a client's must be).
    public static let pingFrame: [UInt8] = [0x89, 0x80, 0x12, 0x34, 0x56, 0x78]

    /// A client's WebSocket text frame (masked, as a client's must be).
    public static func textFrame(_ text: String) -> [UInt8] {
        let payload = Array(text.utf8), mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        var frame: [UInt8] = [0x81]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xff)]
        }
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        return frame
    }

    /// The unmasked text frames at the start of `bytes` (a server's), as far as they are whole.
    public static func textFrames(_ bytes: [UInt8]) -> [String] {
        var texts: [String] = [], index = 0
        while index + 2 <= bytes.count {
            var length = Int(bytes[index + 1] & 0x7f), start = index + 2
            if length == 126 {
                guard start + 2 <= bytes.count else { break }
                length = Int(bytes[start]) << 8 | Int(bytes[start + 1])
                start += 2
            } else if length == 127 {
                guard start + 8 <= bytes.count else { break }
                length = bytes[start..<start + 8].reduce(0) { $0 << 8 | Int($1) }
                start += 8
            }
            guard start + length <= bytes.count else { break }
            if bytes[index] & 0x0f == 1 { texts.append(String(decoding: bytes[start..<start + length], as: UTF8.self)) }
            index = start + length
        }
        return texts
    }

    /// The status and body of the response in `bytes`; nil until it is whole (or, with `whole`,
    /// its head is: the connection closed).
    private static func parse(_ bytes: [UInt8], whole: Bool = false) -> (status: Int, body: String)? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return nil }
        let head = text[..<end.lowerBound].split(separator: "\r\n")
        guard let line = head.first, line.hasPrefix("HTTP/1."), let status = Int(line.split(separator: " ")[1]) else { return nil }
        let body = String(text[end.upperBound...])
        if status == 101 { return (status, "") }
        let length = head.dropFirst().first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
        if let length, body.utf8.count >= length { return (status, body) }
        return whole ? (status, body) : nil
    }
}
