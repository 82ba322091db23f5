#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ScrimTestSupport
@testable import ScrimServer

/// Pipes and blocking I/O for the transport tests.
enum FramingPipe {
    /// A pipe whose ends are closed on exec, so that a process another test spawns meanwhile
    /// cannot keep them open.
    static func make() -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [-1, -1]
        let result = pipe(&descriptors)
        precondition(result == 0, "pipe failed: errno \(errno)")
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return (descriptors[0], descriptors[1])
    }

    /// Writes all of `bytes`; false on an error.
    @discardableResult
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// Reads `descriptor` to its end on a thread of its own; `bytes` holds what arrived and
    /// `ended` is signalled at the end of input.
    final class Drain: Sendable {
        let bytes = Locked<[UInt8]>([])
        let ended = DispatchSemaphore(value: 0)

        init(_ descriptor: Int32) {
            let thread = Thread { [bytes, ended] in
                var chunk = [UInt8](repeating: 0, count: 64 * 1024)
                while true {
                    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { break }
                    bytes.withLock { $0 += chunk[0..<count] }
                }
                ended.signal()
            }
            thread.start()
        }
    }
}
