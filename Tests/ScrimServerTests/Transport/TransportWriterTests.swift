#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ScrimTestSupport
import Testing
@testable import ScrimServer

/// `MessageWriter` with real descriptors (Docs/Protocol.md, "Framing"): exactly
/// `Content-Length: N\r\n\r\n` with N in UTF-8 bytes, whole messages that never interleave, and a
/// vanished reader is `false`, not a crash.
@Suite struct TransportWriterTests {
    @Test func frameIsByteExactAndCountsUTF8Bytes() {
        #expect(MessageWriter.frame(Array("é".utf8)) == Array("Content-Length: 2\r\n\r\n".utf8) + [0xC3, 0xA9])
        let body = #"{"text":"日本"}"#
        #expect(body.count == 13)
        #expect(MessageWriter.frame(Array(body.utf8)) == Array("Content-Length: 17\r\n\r\n".utf8) + Array(body.utf8))
        #expect(MessageWriter.frame([]) == Array("Content-Length: 0\r\n\r\n".utf8))
    }

    @Test func messagesSentOverAPipeReadBackByteForByte() throws {
        let pipe = TransportPipe.make()
        defer { close(pipe.read) }
        let writer = MessageWriter(fileDescriptor: pipe.write)
        #expect(writer.send(Array(#"{"id":1,"result":"é"}"#.utf8)))
        #expect(writer.send(batch: [Array("{}".utf8), [], Array(#"{"id":2}"#.utf8)]))
        #expect(writer.send(batch: []))
        #expect(!writer.isClosed)
        close(pipe.write)
        let expected = "Content-Length: 22\r\n\r\n{\"id\":1,\"result\":\"é\"}Content-Length: 2\r\n\r\n{}Content-Length: 0\r\n\r\nContent-Length: 8\r\n\r\n{\"id\":2}"
        #expect(TransportPipe.readAll(pipe.read) == Array(expected.utf8))
    }

    @Test func sendingToAPipeWithoutAReaderReturnsFalse() {
        signal(SIGPIPE, SIG_IGN)  // as `StandardStreams.takeProtocolOutput` does; else EPIPE would be a signal
        let pipe = TransportPipe.make()
        close(pipe.read)
        defer { close(pipe.write) }
        let writer = MessageWriter(fileDescriptor: pipe.write)
        #expect(!writer.isClosed)
        #expect(writer.send(Array(#"{"id":1}"#.utf8)) == false)
        #expect(writer.isClosed)
        #expect(writer.send(Array(#"{"id":2}"#.utf8)) == false)
        #expect(writer.send(batch: [Array("{}".utf8)]) == false)
        #expect(writer.send(batch: []) == false)
    }

    @Test func sendingToADescriptorThatIsNotOpenReturnsFalse() {
        let writer = MessageWriter(fileDescriptor: -1)
        #expect(writer.send(Array("{}".utf8)) == false)
        #expect(writer.isClosed)
    }

    /// A message far larger than a pipe holds goes out whole through a non-blocking descriptor to a
    /// slow reader: partial writes and EAGAIN are waited out, not dropped or spun on.
    @Test func aLargeMessageGoesOutWholeThroughANonBlockingPipe() async {
        let pipe = TransportPipe.make()
        TransportPipe.setNonBlocking(pipe.write)
        let drain = TransportPipe.Drain(pipe.read, pause: 0.0005)
        var random = SeededRandom(seed: 3)
        let body = random.bytes(2 << 20)
        let writer = MessageWriter(fileDescriptor: pipe.write)
        let sent = await TransportWait.onThread(within: 60) { writer.send(body) }
        close(pipe.write)
        #expect(sent == true)
        #expect(await signalled(drain.ended, within: 60))
        close(pipe.read)
        #expect(TransportBytes.difference(drain.bytes.current, MessageWriter.frame(body)) == nil)
    }

    /// 8 threads send 150 messages each, of up to 100 KB (past PIPE_BUF and the pipe's capacity, so
    /// the kernel alone would not keep them whole), as single messages and batches, while the pipe
    /// is read: every body comes back intact, each thread's in its order.
    @Test func concurrentSendsNeverInterleave() async {
        let threads = 8, perThread = 150
        @Sendable func body(thread: Int, index: Int) -> [UInt8] {
            let size = (thread * 7919 + index * 104_729) % 100_000
            let fill = Character(UnicodeScalar(UInt8(ascii: "a") + UInt8(thread)))
            return Array(#"{"thread":\#(thread),"index":\#(index),"pad":"\#(String(repeating: fill, count: size))"}"#.utf8)
        }
        let pipe = TransportPipe.make()
        let drain = TransportPipe.Drain(pipe.read)
        let writer = MessageWriter(fileDescriptor: pipe.write)
        let failures = Locked(0)
        let finished = DispatchSemaphore(value: 0)
        for thread in 0..<threads {
            Thread {
                var index = 0
                while index < perThread {
                    // Every third send is a batch of two.
                    let count = index % 3 == 0 ? min(2, perThread - index) : 1
                    let bodies = (index..<index + count).map { body(thread: thread, index: $0) }
                    let sent = count == 1 ? writer.send(bodies[0]) : writer.send(batch: bodies)
                    if !sent { failures.withLock { $0 += 1 } }
                    index += count
                }
                finished.signal()
            }.start()
        }
        for _ in 0..<threads {
            #expect(await signalled(finished, within: 120))
        }
        close(pipe.write)
        #expect(await signalled(drain.ended, within: 60))
        close(pipe.read)
        #expect(failures.current == 0)

        let feed = TransportFeed(drain.bytes.current)
        #expect(feed.buffered == 0)
        #expect(feed.outputs.count == threads * perThread)
        var nextIndex = [Int](repeating: 0, count: threads)
        for output in feed.outputs {
            guard case .message(let bytes) = output, let (thread, index) = Self.threadAndIndex(bytes), (0..<threads).contains(thread) else {
                Issue.record(Comment(rawValue: String("not a whole message: \(output)".prefix(200))))
                return
            }
            guard index == nextIndex[thread], bytes == body(thread: thread, index: index) else {
                Issue.record("message \(index) of thread \(thread) is out of order or altered (\(nextIndex[thread]) expected)")
                return
            }
            nextIndex[thread] = index + 1
        }
        #expect(nextIndex == [Int](repeating: perThread, count: threads))
    }

    /// The numbers a body of `concurrentSendsNeverInterleave` begins with: `{"thread":T,"index":I,`.
    static func threadAndIndex(_ body: [UInt8]) -> (thread: Int, index: Int)? {
        let fields = String(decoding: body.prefix(40), as: UTF8.self).split(separator: ",").prefix(2)
        let numbers = fields.compactMap { $0.split(separator: ":").last.flatMap { Int($0) } }
        guard numbers.count == 2, fields.first?.hasPrefix(#"{"thread":"#) == true else { return nil }
        return (numbers[0], numbers[1])
    }
}
