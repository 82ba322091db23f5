import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Our end of a Unix socket pair whose other end a child process has (Chromium's DevTools pipe,
/// ffmpeg's standard input): reads and writes that wait at most until a deadline, and never raise
/// SIGPIPE when the other side has gone (a socket, written with `MSG_NOSIGNAL`, not a pipe), and
/// end as soon as the render is cancelled.
final class SocketChannel {
    /// Ours; closed by `close()`.
    private(set) var descriptor: Int32
    /// The child's end, to place on its descriptors; closed by `closeTheirs()` once it started.
    private(set) var theirs: Int32
    /// What ends every wait when the render is cancelled.
    private let cancellation: RenderCancellation

    /// A new connected pair, whose waits end when `cancellation` is cancelled.
    ///
    /// - Throws: `RenderError.cannotStart` with the system's reason.
    init(cancellation: RenderCancellation) throws(RenderError) {
        self.cancellation = cancellation
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw .cannotStart("cannot make a socket pair: \(String(cString: strerror(errno)))")
        }
        descriptor = pair[0]
        theirs = pair[1]
    }

    deinit {
        closeTheirs()
        close()
    }

    /// The buffer reads go through.
    private var chunk = [UInt8](repeating: 0, count: 1 << 20)

    /// Closes the child's end here (the child keeps its copy).
    func closeTheirs() {
        if theirs >= 0 { _ = Glibc.close(theirs) }
        theirs = -1
    }

    /// Closes our end: the child reads the end of its input.
    func close() {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
        descriptor = -1
    }

    /// What waiting on the channel came to.
    enum Outcome: Equatable {
        case done
        /// The other end is closed.
        case closed
        case timedOut
        case cancelled
    }

    /// Writes all of `bytes`, waiting for room until `deadline`.
    func write(_ bytes: [UInt8], until deadline: ContinuousClock.Instant) -> Outcome {
        var offset = 0
        while offset < bytes.count {
            switch wait(for: Int16(POLLOUT), until: deadline) {
            case .done: break
            case let other: return other
            }
            let written = bytes.withUnsafeBytes { raw in
                send(descriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { continue }
                return .closed
            }
            offset += written
        }
        return .done
    }

    /// Reads what has arrived (at most 1 MiB) into `framer`, waiting for something until
    /// `deadline`.
    func read(into framer: inout DevToolsFramer, until deadline: ContinuousClock.Instant) -> Outcome {
        while true {
            switch wait(for: Int16(POLLIN), until: deadline) {
            case .done: break
            case let other: return other
            }
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count < 0, errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { continue }
            if count <= 0 { return .closed }
            chunk.withUnsafeBytes { framer.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            return .done
        }
    }

    /// Waits until the socket is ready for `events`, or closed, or `deadline` passes, or the render
    /// is cancelled.
    private func wait(for events: Int16, until deadline: ContinuousClock.Instant) -> Outcome {
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            if left <= .zero { return .timedOut }
            let milliseconds = Int32(min(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1, 60_000))
            var entries = [
                pollfd(fd: descriptor, events: events, revents: 0), pollfd(fd: cancellation.descriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&entries, 2, milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                return .closed
            }
            if ready == 0 { continue }
            if entries[1].revents != 0 { return .cancelled }
            let entry = entries[0]
            if entry.revents & events != 0 { return .done }
            return .closed  // POLLHUP, POLLERR or POLLNVAL without the event
        }
    }
}
