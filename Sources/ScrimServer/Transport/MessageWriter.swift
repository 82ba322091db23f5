#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Writes framed messages to a file descriptor, each whole: `Content-Length: N\r\n\r\n` then the
/// N bytes of the body, in one locked write loop, so that messages never interleave.
public final class MessageWriter: Sendable {
    private let fileDescriptor: Int32
    /// Held for the whole of a write; true once the peer is gone.
    private let closed = Mutex(false)

    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// The header and body of one message; N counts the body's bytes.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        var bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        bytes.append(contentsOf: body)
        return bytes
    }

    /// Sends one message; false once the peer is gone (EPIPE and other write errors).
    @discardableResult
    public func send(_ body: [UInt8]) -> Bool { write(Self.frame(body)) }

    /// Sends several messages in one write.
    @discardableResult
    public func send(batch bodies: [[UInt8]]) -> Bool {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(bodies.reduce(0) { $0 + $1.count + 32 })
        for body in bodies { bytes.append(contentsOf: Self.frame(body)) }
        return write(bytes)
    }

    public var isClosed: Bool { closed.withLock { $0 } }

    private func write(_ bytes: [UInt8]) -> Bool {
        closed.withLock { isClosed in
            guard !isClosed else { return false }
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { buffer in
                    Glibc.write(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                }
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    isClosed = true
                    return false
                }
                offset += written
            }
            return true
        }
    }
}
