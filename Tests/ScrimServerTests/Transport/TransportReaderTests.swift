#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ScrimTestSupport
import Testing
@testable import ScrimServer

/// `InputReader` over real pipes: every byte in order in chunks of at most 64 KiB, and `onEnd`
/// exactly once, last, at the end of input.
@Suite struct TransportReaderTests {
    /// What a reader reported, in order.
    enum Event: Equatable {
        case data([UInt8])
        case end
    }

    /// A reader on `descriptor`, started, logging its events; `ended` is signalled by `onEnd`.
    final class Log: Sendable {
        let events = Locked<[Event]>([])
        let ended = DispatchSemaphore(value: 0)

        init(_ descriptor: Int32) {
            InputReader(
                fileDescriptor: descriptor,
                onData: { [events] bytes in events.withLock { $0.append(.data(bytes)) } },
                onEnd: { [events, ended] in
                    events.withLock { $0.append(.end) }
                    ended.signal()
                }
            ).start()
        }

        var received: [UInt8] {
            events.current.flatMap { event -> [UInt8] in
                if case .data(let bytes) = event { return bytes }
                return []
            }
        }

        /// Waits for the end (`isWellFormed` checks that it came once, and last).
        func waitForTheEnd() async -> Bool {
            await signalled(ended, within: 30)
        }

        /// Whether the end came once, last, and every chunk had 1 to 64 KiB.
        var isWellFormed: Bool {
            let events = events.current
            return events.last == .end && events.filter { $0 == .end }.count == 1
                && events.allSatisfy { if case .data(let bytes) = $0 { !bytes.isEmpty && bytes.count <= 64 * 1024 } else { true } }
        }
    }

    @Test func chunksArriveAsTheyAreWrittenAndTheEndComesOnceAtEndOfInput() async throws {
        let pipe = TransportPipe.make()
        defer { close(pipe.read) }
        let log = Log(pipe.read)
        for (index, piece) in ["Content-Length: 2\r\n", "\r\n{", "}"].enumerated() {
            #expect(TransportPipe.writeAll(pipe.write, Array(piece.utf8)))
            let expected = ["Content-Length: 2\r\n", "\r\n{", "}"].prefix(index + 1).joined()
            #expect(await waitUntil { log.received == Array(expected.utf8) })
        }
        #expect(!log.events.current.contains(.end))  // the writer is still there
        close(pipe.write)
        #expect(await log.waitForTheEnd())
        #expect(log.received == Array("Content-Length: 2\r\n\r\n{}".utf8))
        #expect(log.isWellFormed)
    }

    /// 1 MiB written in odd pieces from another thread: the same bytes in chunks of at most 64 KiB.
    @Test func manyBytesArriveInOrderInBoundedChunks() async {
        let pipe = TransportPipe.make()
        defer { close(pipe.read) }
        let log = Log(pipe.read)
        var random = SeededRandom(seed: 11)
        let bytes = random.bytes(1 << 20)
        Thread {
            TransportPipe.writeAll(pipe.write, bytes, piece: 100_003)
            close(pipe.write)
        }.start()
        #expect(await log.waitForTheEnd())
        #expect(TransportBytes.difference(log.received, bytes) == nil)
        #expect(log.isWellFormed)
    }

    /// A non-blocking descriptor (EAGAIN while the writer pauses) is waited on, not given up.
    @Test func aNonBlockingDescriptorIsWaitedOn() async {
        let pipe = TransportPipe.make()
        defer { close(pipe.read) }
        TransportPipe.setNonBlocking(pipe.read)
        let log = Log(pipe.read)
        let bytes = Array(String(repeating: "0123456789", count: 100).utf8)
        Thread {
            TransportPipe.writeAll(pipe.write, bytes, piece: 100, pause: 0.005)
            close(pipe.write)
        }.start()
        #expect(await log.waitForTheEnd())
        #expect(log.received == bytes)
        #expect(log.isWellFormed)
    }

    @Test func anEmptyInputEndsAtOnce() async {
        let pipe = TransportPipe.make()
        defer { close(pipe.read) }
        close(pipe.write)
        let log = Log(pipe.read)
        #expect(await log.waitForTheEnd())
        #expect(log.events.current == [.end])
    }

    @Test func aDescriptorThatCannotBeReadEnds() async {
        let log = Log(-1)  // EBADF
        #expect(await log.waitForTheEnd())
        #expect(log.events.current == [.end])
    }
}
