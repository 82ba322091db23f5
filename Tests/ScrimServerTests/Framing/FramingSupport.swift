#if canImport(Glibc)
import Glibc
#endif
import Foundation
@testable import ScrimServer

/// A seeded random source (SplitMix64), so that the junk-byte tests are the same on every run.
struct FramingRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func bytes(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count < count {
            var word = next()
            for _ in 0..<8 where bytes.count < count {
                bytes.append(UInt8(truncatingIfNeeded: word))
                word >>= 8
            }
        }
        return bytes
    }
}

/// A value shared between a test and the threads it starts.
final class FramingLock<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    var current: Value { withLock { $0 } }
}

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
        let bytes = FramingLock<[UInt8]>([])
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

/// Bounded waits that do not block the test's own thread.
enum FramingWait {
    /// Whether `semaphore` was signalled within `seconds` (waits on a dispatch thread, not on the
    /// cooperative pool).
    static func signalled(_ semaphore: DispatchSemaphore, within seconds: Double) async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: semaphore.wait(timeout: .now() + seconds) == .success)
            }
        }
    }

    /// Polls `condition` every few milliseconds until it holds (true) or `seconds` pass (false).
    static func until(_ seconds: Double, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while true {
            if condition() { return true }
            if ContinuousClock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }
}
