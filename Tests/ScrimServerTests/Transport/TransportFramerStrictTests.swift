import Testing
@testable import ScrimServer

/// `MessageFramer(onBadHeader: .close)`, the framing of `scrim serve --listen` (Docs/Protocol.md,
/// "Framing"): good input is framed as on stdio, and the first bad header, or a first line that is
/// not a header at all (an HTTP request line), is reported once as `.close`; nothing after it is
/// framed, however the bytes are split (finding F08, Docs/Reliability.md).
@Suite struct TransportFramerStrictTests {
    static let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#
    static let snapshot = #"{"jsonrpc":"2.0","id":2,"method":"scrim/snapshot","params":{}}"#

    /// What a strict framer makes of `chunks`, and the bytes it holds at the end.
    static func feed(_ chunks: [[UInt8]]) -> (outputs: [FramedInput], buffered: Int) {
        var framer = MessageFramer(onBadHeader: .close)
        var outputs: [FramedInput] = []
        for chunk in chunks {
            framer.append(chunk)
            while let output = framer.next() { outputs.append(output) }
        }
        return (outputs, framer.bufferedByteCount)
    }

    /// `bytes` whole, byte by byte and in pieces of 7.
    static func feeds(_ bytes: [UInt8]) -> [(outputs: [FramedInput], buffered: Int)] {
        [1, 7, bytes.count].map { size in
            feed(stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) })
        }
    }

    /// A browser's no-cors `POST` (`text/plain`, which needs no preflight) whose body is LSP frames;
    /// `padding` bytes of extra headers (a page cannot stop the browser's own, and may add cookies).
    static func browserPost(padding: Int) -> [UInt8] {
        let body = TransportBytes.frame(initialize) + TransportBytes.frame(snapshot)
        var request = "POST / HTTP/1.1\r\nHost: 127.0.0.1:41065\r\nOrigin: https://attacker.example\r\n"
        request += "Content-Type: text/plain;charset=UTF-8\r\nContent-Length: \(body.count)\r\n"
        if padding > 0 { request += "Cookie: \(String(repeating: "c", count: padding))\r\n" }
        request += "\r\n"
        return Array(request.utf8) + body
    }

    /// Messages with any well-formed headers are framed as on stdio: unknown headers (the LSP
    /// `Content-Type`) are accepted, names in any case, values with or without spaces.
    @Test func goodInputIsFramedAsOnStdio() {
        let bytes = Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length:\(Self.initialize.utf8.count)\r\n\r\n".utf8)
            + Array(Self.initialize.utf8) + TransportBytes.frame(Self.snapshot)
        for feed in Self.feeds(bytes) {
            #expect(feed.outputs == [TransportBytes.message(Self.initialize), TransportBytes.message(Self.snapshot)])
            #expect(feed.buffered == 0)
        }
    }

    /// An HTTP request line is refused at its first space-then-slash: the LSP frames in the body
    /// are never framed, with or without more than 8 KiB of request headers (which made the
    /// forgiving framer skip to the body's own `Content-Length`).
    @Test(arguments: [0, 9000, 70_000])
    func aBrowserPostIsClosedAtItsRequestLine(padding: Int) {
        for feed in Self.feeds(Self.browserPost(padding: padding)) {
            #expect(feed.outputs == [.close(#"header line beginning 'POST /' is not 'Name: value' ended by \r\n"#)])
            #expect(feed.buffered == 0)
        }
    }

    /// Any first line without the `Name: value` shape closes at once.
    @Test(arguments: [
        ("GET / HTTP/1.1\r\n\r\n", "GET /"), ("OPTIONS * HTTP/1.1\r\n", "OPTIONS *"), ("PRI * HTTP/2.0\r\n", "PRI *"),
        ("{\"jsonrpc\":\"2.0\"}", "{"), ("\u{16}\u{3}\u{1}", "\\u{16}"), (" Content-Length: 2\r\n\r\n{}", " "),
        ("Content-Length 2\r\n\r\n{}", "Content-Length 2"),
    ])
    func aFirstLineThatIsNotAHeaderClosesAtOnce(line: String, excerpt: String) {
        let bytes = Array(line.utf8) + TransportBytes.frame(Self.initialize)
        for feed in Self.feeds(bytes) {
            #expect(feed.outputs == [.close("header line beginning '\(excerpt)' is not 'Name: value' ended by \\r\\n")])
            #expect(feed.buffered == 0)
        }
    }

    /// Every kind of bad header block closes, with the report stdio would give, and the message
    /// after it is not framed.
    @Test(arguments: [
        ("\r\n", "missing Content-Length header"),
        ("Content-Type: text/plain\r\n\r\n{}", "missing Content-Length header"),
        ("Content-Length: abc\r\n\r\n{}", "Content-Length 'abc' is not a number"),
        ("Content-Length: -5\r\n\r\nhello", "negative Content-Length -5"),
        ("Content-Length: 99999999999\r\n\r\n{}", "Content-Length 99999999999 exceeds the 64 MiB limit"),
        ("Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}", "two different Content-Length headers (2 and 3)"),
        ("Content-Length: 5\n\nhello", #"header line beginning 'Content-Length: 5\n' is not 'Name: value' ended by \r\n"#),
        ("Content-Length: 2\r\nX-Padding: " + String(repeating: "p", count: 9000) + "\r\n\r\n{}", "header block exceeds 8192 bytes"),
    ])
    func aBadHeaderBlockCloses(header: String, problem: String) {
        let bytes = Array(header.utf8) + TransportBytes.frame(Self.initialize)
        for feed in Self.feeds(bytes) {
            #expect(feed.outputs == [.close(problem)])
            #expect(feed.buffered == 0)
        }
    }

    /// The messages before a bad header are framed; after it nothing is, and bytes that arrive
    /// later are dropped, not buffered.
    @Test func messagesBeforeTheBadHeaderAreFramedAndNothingAfterIt() {
        let bytes = TransportBytes.frame(Self.initialize) + Array("Content-Length: x\r\n\r\n".utf8) + TransportBytes.frame(Self.snapshot)
        for feed in Self.feeds(bytes) {
            #expect(feed.outputs == [TransportBytes.message(Self.initialize), .close("Content-Length 'x' is not a number")])
            #expect(feed.buffered == 0)
        }
        var framer = MessageFramer(onBadHeader: .close)
        framer.append(Array("GET /".utf8))
        #expect(framer.next() == .close("header line beginning 'GET /' is not 'Name: value' ended by \\r\\n"))
        #expect(framer.isClosed)
        framer.append(TransportBytes.frame(Self.snapshot))
        #expect(framer.bufferedByteCount == 0)
        #expect(framer.next() == nil)
    }

    /// Stdio keeps its forgiving framer: the same request line is skipped with one report, and the
    /// framer resynchronises on the next `Content-Length` header: with over 8 KiB of request
    /// headers, the body's own frames (F08 as found on TCP).
    @Test func theForgivingFramerStillResynchronises() {
        let feed = TransportFeed(Self.browserPost(padding: 9000))
        #expect(feed.outputs.first == TransportBytes.junk)
        #expect(feed.outputs.suffix(2) == [TransportBytes.message(Self.initialize), TransportBytes.message(Self.snapshot)])
        #expect(!feed.outputs.contains { if case .close = $0 { true } else { false } })
    }
}
