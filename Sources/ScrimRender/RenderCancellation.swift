import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Whether a render was cancelled, as a descriptor its waits can poll beside their socket: a
/// cancelled render's wait for Chromium or ffmpeg ends at once, not at its deadline. `cancel()`
/// may come from any thread (the cancelled task's); the render's thread sees it in its next wait
/// or between frames.
final class RenderCancellation: Sendable {
    /// A socket pair's ends: `cancel()` writes a byte, after which the read end stays readable.
    private let readEnd: Int32
    private let writeEnd: Int32

    /// - Throws: `RenderError.cannotStart` with the system's reason.
    init() throws(RenderError) {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw .cannotStart("cannot make a socket pair: \(String(cString: strerror(errno)))")
        }
        (readEnd, writeEnd) = (ends[0], ends[1])
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// The descriptor that becomes readable when the render is cancelled.
    var descriptor: Int32 { readEnd }

    func cancel() {
        var byte: UInt8 = 1
        _ = send(writeEnd, &byte, 1, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
    }

    var isCancelled: Bool {
        var entry = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }
}
