#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Reads a file descriptor (stdin, a socket) on a thread of its own, so that the protocol's input
/// never waits on the work it causes.
package final class InputReader: Sendable {
    /// The most bytes handed over at a time.
    private static let chunkSize = 64 * 1024

    private let fileDescriptor: Int32
    private let onData: @Sendable ([UInt8]) -> Void
    private let onEnd: @Sendable () -> Void

    /// Reads `fileDescriptor` on its own thread until end of input or a read error, calling `onData`
    /// with each chunk (up to 64 KiB, never empty) and `onEnd` exactly once at the end, after the
    /// last chunk; both on the reader's thread. The reader does not close the descriptor.
    package init(fileDescriptor: Int32, onData: @escaping @Sendable ([UInt8]) -> Void, onEnd: @escaping @Sendable () -> Void) {
        self.fileDescriptor = fileDescriptor
        self.onData = onData
        self.onEnd = onEnd
    }

    /// Starts the thread; call it once.
    package func start() {
        let thread = Thread { [fileDescriptor, onData, onEnd] in
            Self.read(fileDescriptor, onData: onData)
            onEnd()
        }
        thread.name = "scrim-input"
        thread.start()
    }

    /// Hands every chunk of `descriptor` to `onData` until end of input or an error.
    private static func read(_ descriptor: Int32, onData: ([UInt8]) -> Void) {
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                onData(Array(chunk[..<count]))
            } else if count < 0, errno == EINTR {
                continue
            } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                guard waitUntilReadable(descriptor) else { return }
            } else {
                return
            }
        }
    }

    /// Blocks until a non-blocking `descriptor` has bytes, an end or an error (which the next read
    /// reports); false if it cannot be waited on.
    private static func waitUntilReadable(_ descriptor: Int32) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            if poll(&request, 1, -1) >= 0 { return true }
            if errno != EINTR { return false }
        }
    }
}
