import ScrimTestSupport
import Testing
@testable import ScrimServer

/// `MessageFramer` on bad input (Docs/Protocol.md, "Errors"): each problem is reported once with a
/// message that says what is wrong, the framer resynchronises on the next `Content-Length` header,
/// and memory stays bounded whatever arrives.
@Suite struct TransportFramerInvalidTests {
    static let good = #"{"jsonrpc":"2.0","id":9,"method":"scrim/snapshot","params":{}}"#

    /// A bad header block (most with the body the client meant to send), and the report.
    @Test(arguments: [
        ("Content-Type: application/vscode-jsonrpc\r\n\r\n{\"id\":1}", "missing Content-Length header"),
        ("Content-Length: abc\r\n\r\n{\"id\":1}", "Content-Length 'abc' is not a number"),
        ("Content-Length: 5x\r\n\r\nhello", "Content-Length '5x' is not a number"),
        ("Content-Length: +5\r\n\r\nhello", "Content-Length '+5' is not a number"),
        ("Content-Length: 5 5\r\n\r\nhello", "Content-Length '5 5' is not a number"),
        ("Content-Length: -5\r\n\r\nhello", "negative Content-Length -5"),
        ("Content-Length: 99999999999\r\n\r\n{\"id\":1}", "Content-Length 99999999999 exceeds the 64 MiB limit"),
        ("Content-Length: 67108865\r\n\r\n{}", "Content-Length 67108865 exceeds the 64 MiB limit"),
        ("Content-Length:\r\n\r\n{}", "Content-Length has no value"),
        ("Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}", "two different Content-Length headers (2 and 3)"),
        ("Content-Length: 5\r\nnot a header\r\n\r\nhello", #"header line beginning 'not a' is not 'Name: value' ended by \r\n"#),
        ("Content-Length: 5\n\nhello", #"header line beginning 'Content-Length: 5\n' is not 'Name: value' ended by \r\n"#),
        ("Content-Length: 5\r\r\n\r\nhello", #"header line beginning 'Content-Length: 5\r\r' is not 'Name: value' ended by \r\n"#),
    ])
    func aBadHeaderIsReportedAndTheNextMessageIsFramed(header: String, problem: String) {
        let bytes = Array(header.utf8) + TransportBytes.frame(Self.good)
        let expected: [FramedInput] = [.invalid(problem), TransportBytes.message(Self.good)]
        for feed in [TransportFeed(bytes), TransportFeed(bytes, pieces: 1), TransportFeed(bytes, pieces: 7)] {
            #expect(feed.outputs == expected)
            #expect(feed.buffered == 0)
        }
    }

    /// Consecutive bad headers are each reported, and the stream still lines up after them.
    @Test func eachOfSeveralBadHeadersIsReported() {
        let bytes = Array("Content-Length: abc\r\n\r\n{}Content-Length: -1\r\n\r\n{}".utf8) + TransportBytes.frame(Self.good)
            + Array("Content-Type: x\r\n\r\n{}".utf8) + TransportBytes.frame(Self.good)
        let expected: [FramedInput] = [
            .invalid("Content-Length 'abc' is not a number"), .invalid("negative Content-Length -1"), TransportBytes.message(Self.good),
            .invalid("missing Content-Length header"), TransportBytes.message(Self.good),
        ]
        #expect(TransportFeed(bytes).outputs == expected)
        #expect(TransportFeed(bytes, pieces: 1).outputs == expected)
    }

    /// A client that counts characters instead of bytes: the body is framed short (its parse error
    /// is the server's business), the rest of it is skipped with one report, and the message after
    /// it is framed, however the bytes are split.
    @Test func aLengthCountedInCharactersFramesShortThenSkipsTheRestOnce() {
        let body = #"{"jsonrpc":"2.0","method":"window/logMessage","params":{"message":"naïve café ✓"}}"#
        #expect(body.utf8.count == body.count + 4)
        let bytes = Array("Content-Length: \(body.count)\r\n\r\n\(body)".utf8) + TransportBytes.frame(Self.good)
        let expected: [FramedInput] = [.message(Array(body.utf8.prefix(body.count))), TransportBytes.junk, TransportBytes.message(Self.good)]
        for index in 0...bytes.count {
            let feed = TransportFeed(bytes, splitAt: [index])
            #expect(feed.outputs == expected, "split at byte \(index)")
            #expect(feed.buffered == 0, "split at byte \(index)")
        }
        #expect(TransportFeed(bytes, pieces: 1).outputs == expected)
    }

    /// Bytes that are not a header, at the start or between messages, possibly running straight into
    /// the next header: skipped with one report each time.
    @Test(arguments: ["hello\r\n", "}\"", "\r\n", " \t", "garbage}", "{\"id\":1}\r\n", "\u{FEFF}"])
    func junkIsSkippedUpToTheNextHeaderWithOneReport(junk: String) {
        let bytes = Array(junk.utf8) + TransportBytes.frame(Self.good) + Array(junk.utf8) + TransportBytes.frame(Self.good)
        let report = junk == "\r\n" ? FramedInput.invalid("missing Content-Length header") : TransportBytes.junk
        let expected = [report, TransportBytes.message(Self.good), report, TransportBytes.message(Self.good)]
        #expect(TransportFeed(bytes).outputs == expected)
        #expect(TransportFeed(bytes, pieces: 1).outputs == expected)
        #expect(TransportFeed(bytes, pieces: 3).buffered == 0)
    }

    /// While resynchronising, only `content-length` followed by `:`, a space or a tab is a header,
    /// in any case, and it may be split over reads.
    @Test func resynchronisingFindsTheHeaderNameOnlyAndAcrossReads() {
        let lookalikes = "Content-Lengthy: 2\r\n\r\n{}content_length: 2\r\n\r\n{}CONTENT-LENGTH\r\n"
        let bytes = Array("Content-Length: x\r\n\r\n\(lookalikes)".utf8) + Array("cOnTeNt-LeNgTh\t: 2\r\n\r\n{}".utf8)
        let expected: [FramedInput] = [.invalid("Content-Length 'x' is not a number"), TransportBytes.message("{}")]
        #expect(TransportFeed(bytes).outputs == expected)
        let header = bytes.count - 24
        for index in header - 2...header + 16 {
            #expect(TransportFeed(bytes, splitAt: [index]).outputs == expected, "split at byte \(index)")
        }
    }

    /// A bad header with nothing after it: one report, then the framer waits holding a short tail.
    @Test func aBadHeaderAtTheEndOfInputIsReportedOnce() {
        var framer = MessageFramer()
        framer.append(Array("Content-Length: 99999999999\r\n\r\n".utf8) + [UInt8](repeating: UInt8(ascii: "{"), count: 100_000))
        #expect(framer.next() == .invalid("Content-Length 99999999999 exceeds the 64 MiB limit"))
        #expect(framer.next() == nil)
        #expect(framer.next() == nil)
        #expect(framer.bufferedByteCount <= 14)
    }

    /// A huge declared length is refused before any of its body is buffered; the body is skipped as
    /// it arrives, keeping only a short tail, and the message after it is framed.
    @Test func aHugeLengthIsNeverBuffered() {
        let body = [UInt8](repeating: UInt8(ascii: "a"), count: 8 << 20)
        let bytes = Array("Content-Length: 4294967296\r\n\r\n".utf8) + body + TransportBytes.frame(Self.good)
        let feed = TransportFeed(bytes, pieces: 64 * 1024)
        #expect(feed.outputs == [.invalid("Content-Length 4294967296 exceeds the 64 MiB limit"), TransportBytes.message(Self.good)])
        #expect(feed.largestSettled <= 14)
        #expect(feed.largest <= 64 * 1024 + 14)
    }

    /// 1 MiB of seeded random bytes in 4 KiB reads, then a good message: the junk is reported, the
    /// message is framed, and the framer never holds more than a header block and a read.
    @Test(arguments: [UInt64(1), 0x5C41_3D0E, 0xDEAD_BEEF])
    func randomBytesThenAGoodMessageStayBounded(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let bytes = random.bytes(1 << 20) + TransportBytes.frame(Self.good)
        let feed = TransportFeed(bytes, pieces: 4096)
        #expect(feed.outputs.last == TransportBytes.message(Self.good))
        #expect(feed.outputs.dropLast().allSatisfy(TransportBytes.isInvalid))
        #expect(feed.outputs.count >= 2)
        #expect(feed.buffered == 0)
        #expect(feed.largestSettled <= MessageFramer.maximumHeaderLength + 4)
        #expect(feed.largest <= MessageFramer.maximumHeaderLength + 4 + 4096)
    }

    /// Random bytes that look like headers (names, colons, spaces, CR, LF) exercise every state of
    /// the header reader; whatever they make, the good message after them is framed, and the
    /// framer holds no more than a header block.
    @Test(arguments: 0..<20)
    func headerLikeNoiseThenAGoodMessage(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed))
        let alphabet = Array("ab-:: \t\r\n\r\n\r\n".utf8)
        let noise = random.bytes(200_000, from: alphabet)
        let bytes = noise + Array("\r\n\r\n".utf8) + TransportBytes.frame(Self.good)
        for feed in [TransportFeed(bytes), TransportFeed(bytes, pieces: 1000)] {
            #expect(feed.outputs.last == TransportBytes.message(Self.good))
            #expect(feed.outputs.dropLast().allSatisfy(TransportBytes.isInvalid))
            #expect(feed.buffered == 0)
            #expect(feed.largestSettled <= MessageFramer.maximumHeaderLength + 4)
        }
    }

    /// A header block without its blank line within 8192 bytes is dropped with one report however it
    /// is read, and the next message is framed.
    @Test(arguments: [1, 1000, 4096, 1 << 20])
    func anOversizedHeaderBlockIsReportedOnceThenTheStreamRecovers(pieceSize: Int) {
        let oversized = "Content-Length: 5\r\nX-Padding: " + String(repeating: "p", count: 20_000) + "\r\n\r\nhello"
        let bytes = Array(oversized.utf8) + TransportBytes.frame(Self.good)
        let feed = TransportFeed(bytes, pieces: pieceSize)
        #expect(feed.outputs == [.invalid("header block exceeds 8192 bytes"), TransportBytes.message(Self.good)])
        #expect(feed.buffered == 0)
        #expect(feed.largestSettled <= MessageFramer.maximumHeaderLength + 4)
    }

    /// One byte over the limit is refused (the block at the limit is accepted: see the good-input
    /// suite), and a stream of header lines that never ends is reported once.
    @Test func aHeaderBlockOneByteOverTheLimitIsRefused() {
        let start = "Content-Length: 2\r\nX-Padding: "
        let header = start + String(repeating: "p", count: MessageFramer.maximumHeaderLength + 1 - start.utf8.count)
        let bytes = Array((header + "\r\n\r\n{}").utf8) + TransportBytes.frame(Self.good)
        let expected: [FramedInput] = [.invalid("header block exceeds 8192 bytes"), TransportBytes.message(Self.good)]
        #expect(TransportFeed(bytes).outputs == expected)
        #expect(TransportFeed(bytes, pieces: 1).outputs == expected)

        let endless = Array(String(repeating: "X-Line: 1\r\n", count: 10_000).utf8) + TransportBytes.frame(Self.good)
        #expect(TransportFeed(endless, pieces: 512).outputs == expected)
    }

    /// What a report quotes of a bad value is short and printable.
    @Test func reportsQuoteAShortPrintableExcerpt() {
        let long = String(repeating: "x", count: 100)
        #expect(TransportFeed(Array("Content-Length: \(long)\r\n\r\n".utf8)).outputs
            == [.invalid("Content-Length '\(String(repeating: "x", count: 40))…' is not a number")])
        #expect(TransportFeed(Array("Content-Length: 1\u{7}2\r\n\r\n".utf8)).outputs == [.invalid(#"Content-Length '1\u{07}2' is not a number"#)])
        #expect(TransportFeed(Array("Content-Length: ¾\r\n\r\n".utf8)).outputs == [.invalid("Content-Length '¾' is not a number")])
    }
}
