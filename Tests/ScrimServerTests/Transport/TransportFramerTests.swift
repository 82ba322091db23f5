import Foundation
import ScrimTestSupport
import Testing
@testable import ScrimServer

/// `MessageFramer` on good input (Docs/Protocol.md, "Framing"): a message split anywhere, many
/// messages in one read, every header form a client may send, and bodies framed by their length
/// alone.
@Suite struct TransportFramerTests {
    static let request = #"{"jsonrpc":"2.0","id":1,"method":"scrim/advance","params":{"seconds":0.25}}"#
    /// Two- and three-byte UTF-8 characters: the body's bytes and characters differ.
    static let accented = #"{"jsonrpc":"2.0","method":"window/logMessage","params":{"message":"crème brûlée — ok"}}"#

    @Test func aMessageSplitInTwoAtEveryByteBoundaryYieldsTheSameBody() {
        let header = "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: \(Self.accented.utf8.count)\r\n\r\n"
        let bytes = Array(header.utf8) + Array(Self.accented.utf8)
        for index in 0...bytes.count {
            let feed = TransportFeed(bytes, splitAt: [index])
            #expect(feed.outputs == [TransportBytes.message(Self.accented)], "split at byte \(index)")
            #expect(feed.buffered == 0, "split at byte \(index)")
        }
    }

    @Test func aMessageSplitInThreeAtEveryPairOfBoundariesYieldsTheSameBody() {
        let body = #"{"id":"é","method":"x"}"#
        let bytes = TransportBytes.frame(body) + TransportBytes.frame(Self.request)
        let expected = [TransportBytes.message(body), TransportBytes.message(Self.request)]
        for first in 0...bytes.count {
            for second in first...bytes.count {
                #expect(TransportFeed(bytes, splitAt: [first, second]).outputs == expected, "split at bytes \(first) and \(second)")
            }
        }
    }

    @Test func aMessageFedOneByteAtATimeYieldsTheSameBody() {
        let bytes = TransportBytes.frame(Self.accented)
        let feed = TransportFeed(bytes, pieces: 1)
        #expect(feed.outputs == [TransportBytes.message(Self.accented)])
        #expect(feed.buffered == 0)
        #expect(feed.largest < bytes.count)
    }

    @Test func twoMessagesInOneChunk() {
        let feed = TransportFeed(TransportBytes.frame(Self.request) + TransportBytes.frame(Self.accented))
        #expect(feed.outputs == [TransportBytes.message(Self.request), TransportBytes.message(Self.accented)])
        #expect(feed.buffered == 0)
    }

    /// 1000 bodies of 0 to ~4 KB (some empty, some non-ASCII) in one chunk and in random pieces.
    @Test func manyMessagesInOneChunkAndInRandomPieces() {
        let bodies = (0..<1000).map { index -> String in
            if index % 97 == 0 { return "" }
            let padding = String(repeating: index % 3 == 0 ? "ü" : "x", count: (index * 211) % 2000)
            return #"{"jsonrpc":"2.0","id":\#(index),"method":"scrim/plugins","params":{"pad":"\#(padding)"}}"#
        }
        let stream = bodies.flatMap(TransportBytes.frame)
        let expected = bodies.map(TransportBytes.message)
        let whole = TransportFeed(stream)
        #expect(TransportBytes.difference(whole.outputs, expected) == nil)
        #expect(whole.buffered == 0)

        var random = SeededRandom(seed: 42)
        var cuts: [Int] = []
        var cut = 0
        while true {
            cut += 1 + Int(random.next() % 9000)
            guard cut < stream.count else { break }
            cuts.append(cut)
        }
        let pieces = TransportFeed(stream, splitAt: cuts)
        #expect(TransportBytes.difference(pieces.outputs, expected) == nil)
        #expect(pieces.buffered == 0)
    }

    /// Framing cost grows with the bytes, not with the square of the messages in a read: for
    /// 200,000 small messages in one chunk, and 20,000 in pieces cut inside headers, each header
    /// byte is read once and the buffer moves less than the stream's size, where rescanning or
    /// shifting the buffer per message would be thousands of times that.
    @Test(arguments: [(200_000, Int.max), (20_000, 4096), (20_000, 7)])
    func manySmallMessagesAreFramedInLinearWork(messages: Int, pieceSize: Int) {
        let body = Array(#"{"jsonrpc":"2.0","method":"$/x"}"#.utf8)
        let header = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        let frame = header + body
        var stream: [UInt8] = []
        stream.reserveCapacity(frame.count * messages)
        for _ in 0..<messages { stream += frame }
        var framer = MessageFramer()
        var count = 0
        var offset = 0
        while offset < stream.count {
            let end = stream.count - offset > pieceSize ? offset + pieceSize : stream.count
            framer.append(Array(stream[offset..<end]))
            offset = end
            while let output = framer.next() {
                guard output == .message(body) else { break }
                count += 1
            }
        }
        #expect(count == messages)
        #expect(framer.bufferedByteCount == 0)
        #expect(framer.headerBytesRead == messages * header.count)
        #expect(framer.bytesMoved < stream.count, "\(framer.bytesMoved) bytes moved")
    }

    /// Each header form, followed by a good message that must still line up.
    @Test(arguments: [
        "Content-Length:5\r\n\r\nhello",
        "content-length: 5\r\n\r\nhello",
        "CONTENT-LENGTH: 5\r\n\r\nhello",
        "Content-Length: \t5 \t\r\n\r\nhello",
        "Content-Length : 5\r\n\r\nhello",
        "Content-Length: 005\r\n\r\nhello",
        "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: 5\r\n\r\nhello",
        "Content-Length: 5\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\nhello",
        "X-Anything: ignored: really\r\nContent-Length: 5\r\nX-Empty:\r\n\r\nhello",
        "Content-Length: 5\r\ncontent-length: 5\r\n\r\nhello",
    ])
    func headerForms(header: String) {
        let bytes = Array(header.utf8) + TransportBytes.frame(Self.request)
        let expected = [TransportBytes.message("hello"), TransportBytes.message(Self.request)]
        #expect(TransportFeed(bytes).outputs == expected)
        #expect(TransportFeed(bytes, pieces: 1).outputs == expected)
    }

    /// A body is its length's bytes, whatever they look like: headers, blank lines, junk.
    @Test func aBodyIsTakenByLengthWhateverItContains() {
        let inner = "Content-Length: 3\r\n\r\nabc\r\n\r\n\u{0}\u{FF}"
        let body = Array(inner.utf8) + [0xFF, 0x00, 0x0D]
        let bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body + TransportBytes.frame(Self.request)
        let expected: [FramedInput] = [.message(body), TransportBytes.message(Self.request)]
        #expect(TransportFeed(bytes).outputs == expected)
        #expect(TransportFeed(bytes, pieces: 3).outputs == expected)
    }

    @Test func anEmptyBodyIsAMessage() {
        let feed = TransportFeed(Array("Content-Length: 0\r\n\r\n".utf8) + TransportBytes.frame(Self.request))
        #expect(feed.outputs == [.message([]), TransportBytes.message(Self.request)])
        #expect(feed.buffered == 0)
    }

    @Test func rawBufferPointersAreAppendedLikeArrays() {
        let bytes = TransportBytes.frame(Self.accented) + TransportBytes.frame(Self.request)
        var framer = MessageFramer()
        for index in stride(from: 0, to: bytes.count, by: 10) {
            bytes[index..<min(index + 10, bytes.count)].withUnsafeBytes { framer.append($0) }
        }
        #expect(framer.next() == TransportBytes.message(Self.accented))
        #expect(framer.next() == TransportBytes.message(Self.request))
        #expect(framer.next() == nil)
        #expect(framer.bufferedByteCount == 0)
    }

    /// A header block of exactly `maximumHeaderLength` bytes before its `\r\n\r\n` is accepted.
    @Test func aHeaderBlockAtTheLimitIsAccepted() {
        let start = "Content-Length: 2\r\nX-Padding: "
        let header = start + String(repeating: "p", count: MessageFramer.maximumHeaderLength - start.utf8.count)
        let bytes = Array((header + "\r\n\r\n{}").utf8) + TransportBytes.frame(Self.request)
        let expected = [TransportBytes.message("{}"), TransportBytes.message(Self.request)]
        #expect(TransportFeed(bytes).outputs == expected)
        #expect(TransportFeed(bytes, pieces: 1).outputs == expected)
        #expect(TransportFeed(bytes, pieces: 4096).outputs == expected)
    }

    /// The largest body (64 MiB) is accepted, and buffered as it arrives rather than all at once.
    @Test func aBodyOfTheLargestLengthIsBufferedAsItArrives() {
        let length = MessageFramer.maximumContentLength
        #expect(length == 64 << 20)
        var framer = MessageFramer()
        framer.append(Array("Content-Length: \(length)\r\n\r\n".utf8))
        #expect(framer.next() == nil)
        #expect(framer.bufferedByteCount == 0)
        let piece = [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)
        for received in 1...(length / piece.count) {
            framer.append(piece)
            if received < length / piece.count {
                #expect(framer.next() == nil)
                if framer.bufferedByteCount != received * piece.count { Issue.record("\(framer.bufferedByteCount) bytes buffered after \(received) pieces") }
            }
        }
        framer.append(TransportBytes.frame(Self.request))
        guard case .message(let body)? = framer.next() else {
            Issue.record("the 64 MiB body was not framed")
            return
        }
        #expect(body.count == length)
        #expect(body.allSatisfy { $0 == UInt8(ascii: "x") })
        #expect(framer.next() == TransportBytes.message(Self.request))
        #expect(framer.bufferedByteCount == 0)
    }
}
