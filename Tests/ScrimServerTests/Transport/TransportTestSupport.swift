#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ScrimTestSupport
@testable import ScrimServer

/// What a framer makes of bytes fed in pieces.
struct TransportFeed {
    var outputs: [FramedInput] = []
    /// Bytes buffered at the end.
    var buffered = 0
    /// The most bytes buffered once the framer had said it needs more (`next` returned nil).
    var largestSettled = 0
    /// The most bytes buffered at any point, straight after an append included.
    var largest = 0

    init(_ chunks: [[UInt8]]) {
        var framer = MessageFramer()
        for chunk in chunks {
            framer.append(chunk)
            largest = max(largest, framer.bufferedByteCount)
            while let output = framer.next() {
                outputs.append(output)
                largest = max(largest, framer.bufferedByteCount)
            }
            largestSettled = max(largestSettled, framer.bufferedByteCount)
        }
        buffered = framer.bufferedByteCount
    }

    /// `bytes` in one piece.
    init(_ bytes: [UInt8]) { self.init([bytes]) }

    /// `bytes` in pieces of `size` (the last one shorter).
    init(_ bytes: [UInt8], pieces size: Int) {
        self.init(stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) })
    }

    /// `bytes` split at each of `indices` (ascending).
    init(_ bytes: [UInt8], splitAt indices: [Int]) {
        let bounds = [0] + indices + [bytes.count]
        self.init((0..<bounds.count - 1).map { Array(bytes[bounds[$0]..<bounds[$0 + 1]]) })
    }
}

/// Test messages, framed by hand (not by `MessageWriter`, so that the framer's tests do not lean on it).
enum TransportBytes {
    /// `Content-Length: N\r\n\r\n` and the body, N counting UTF-8 bytes.
    static func frame(_ body: String) -> [UInt8] {
        Array("Content-Length: \(body.utf8.count)\r\n\r\n".utf8) + Array(body.utf8)
    }

    static func message(_ body: String) -> FramedInput { .message(Array(body.utf8)) }

    static func isInvalid(_ output: FramedInput) -> Bool {
        if case .invalid = output { return true }
        return false
    }

    /// Where two long sequences differ, for a failure message that does not print them whole
    /// (nil: they are equal).
    static func difference<Element: Equatable>(_ actual: [Element], _ expected: [Element]) -> String? {
        guard actual != expected else { return nil }
        let index = zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(actual.count, expected.count)
        return "\(actual.count) elements, \(expected.count) expected; the first difference is at index \(index)"
    }

    /// The framer's report for bytes that do not begin like a header.
    static let junk = FramedInput.invalid("bytes that are not a header were skipped up to the next Content-Length header")
}

/// Pipes and blocking I/O for the transport tests.
enum TransportPipe {
    /// A pipe whose ends are closed on exec, so that a process spawned meanwhile cannot keep them open.
    static func make() -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [-1, -1]
        precondition(pipe(&descriptors) == 0, "pipe failed: errno \(errno)")
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return (descriptors[0], descriptors[1])
    }

    static func setNonBlocking(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    /// Writes all of `bytes`, pausing `pause` seconds after each piece of `piece` bytes (a slow
    /// writer: the pause is what a test of the reader's waiting needs, not a wait); false on an error.
    @discardableResult
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], piece: Int = .max, pause: Double = 0) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let end = offset + min(piece, bytes.count - offset)
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, end - offset) }
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += count
            if pause > 0 { usleep(UInt32(pause * 1_000_000)) }
        }
        return true
    }

    /// Everything `descriptor` gives until its end.
    static func readAll(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return bytes }
            bytes += chunk[..<count]
        }
    }

    /// Reads `descriptor` to its end on a thread of its own, `pause` seconds between reads (a slow
    /// reader: the pause is what a test of a blocked writer needs, not a wait).
    final class Drain: Sendable {
        let bytes = Locked<[UInt8]>([])
        let ended = DispatchSemaphore(value: 0)

        init(_ descriptor: Int32, pause: Double = 0) {
            Thread { [bytes, ended] in
                var chunk = [UInt8](repeating: 0, count: 16 * 1024)
                while true {
                    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { break }
                    bytes.withLock { $0 += chunk[..<count] }
                    if pause > 0 { usleep(UInt32(pause * 1_000_000)) }
                }
                ended.signal()
            }.start()
        }
    }
}

/// Bounded waits for threads.
enum TransportWait {
    /// Runs `body` on a thread of its own and waits at most `seconds` for its result (nil: too late).
    static func onThread<Result: Sendable>(within seconds: Double, _ body: @escaping @Sendable () -> Result) async -> Result? {
        let result = Locked<Result?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }.start()
        guard await ScrimTestSupport.signalled(done, within: seconds) else { return nil }
        return result.current
    }
}
