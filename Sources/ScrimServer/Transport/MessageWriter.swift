#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Writes framed messages to a file descriptor (Docs/Protocol.md, "Framing"): each exactly `Content-Length: N\r\n\r\n`
/// and the N bytes of its body, written whole under a lock so that messages sent from several
/// threads never interleave. Partial writes and EINTR are retried, a non-blocking descriptor is
/// waited on; once a write fails (EPIPE: the peer is gone) every send returns false. The writer
/// does not close the descriptor.
package final class MessageWriter: @unchecked Sendable {
    // @unchecked Sendable: `closed` is read and written only with `lock` held, and the lock is held
    // for the whole of each write, so that a message goes out whole; `fileDescriptor` never changes.
    private let fileDescriptor: Int32
    private let lock = NSLock()
    private var closed = false

    package init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// `Content-Length: N\r\n\r\n` followed by `body`, N counting its bytes.
    package static func frame(_ body: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        appendFrame(of: body, to: &bytes)
        return bytes
    }

    /// Sends one message; false if it could not be written whole (the peer is gone).
    @discardableResult
    package func send(_ body: [UInt8]) -> Bool {
        writeWhole(Self.frame(body))
    }

    /// Sends several messages in one write; false if they could not be written whole.
    @discardableResult
    package func send(batch bodies: [[UInt8]]) -> Bool {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(bodies.reduce(0) { $0 + $1.count + 32 })
        for body in bodies { Self.appendFrame(of: body, to: &bytes) }
        return writeWhole(bytes)
    }

    /// Whether a write has failed, after which nothing more is sent.
    package var isClosed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return closed
    }

    /// Stops the writer before its descriptor is closed: every later send writes nothing and
    /// returns false.
    package func close() {
        lock.lock()
        defer { lock.unlock() }
        closed = true
    }

    private static func appendFrame(of body: [UInt8], to bytes: inout [UInt8]) {
        let header = "Content-Length: \(body.count)\r\n\r\n".utf8
        bytes.reserveCapacity(bytes.count + header.count + body.count)
        bytes.append(contentsOf: header)
        bytes.append(contentsOf: body)
    }

    private func writeWhole(_ bytes: [UInt8]) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return false }
        let written = bytes.withUnsafeBytes { Self.write($0, to: fileDescriptor) }
        if !written { closed = true }
        return written
    }

    /// Writes all of `bytes`, however many calls it takes; false on an error.
    private static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count > 0 {
                offset += count
            } else if count < 0, errno == EINTR {
                continue
            } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                guard waitUntilWritable(descriptor) else { return false }
            } else {
                return false
            }
        }
        return true
    }

    /// Blocks until a non-blocking `descriptor` can take more bytes (or has failed, which the next
    /// write reports); false if it cannot be waited on.
    private static func waitUntilWritable(_ descriptor: Int32) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        while true {
            if poll(&request, 1, -1) >= 0 { return true }
            if errno != EINTR { return false }
        }
    }
}
