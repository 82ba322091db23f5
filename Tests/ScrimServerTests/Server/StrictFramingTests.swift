import ScrimJSON
import Testing
@testable import ScrimServer

/// A `LanguageServer` with the strict framing of `--listen` (Docs/Protocol.md, "Framing"): in one
/// read, the messages before a bad header run and are answered, nothing after it is, and the
/// session ends as at the end of input.
@MainActor @Suite struct StrictFramingTests {
    final class Outcome {
        var sent: [JSONValue] = []
        var exitCodes: [Int32] = []
    }

    static func server(_ outcome: Outcome) -> LanguageServer {
        LanguageServer(
            options: ServerHarness.defaultOptions, preview: nil, onBadHeader: .close,
            output: { bodies in outcome.sent += bodies.map { try! JSONValue(parsing: $0) } },
            onExit: { outcome.exitCodes.append($0) })
    }

    static let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{},"initializationOptions":{"watch":false}}}"#
    static let shutdown = #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#

    @Test func messagesBeforeABadHeaderRunAndNothingAfterIt() {
        let outcome = Outcome()
        let server = Self.server(outcome)
        var firstMessages = 0
        server.onFirstMessage = { firstMessages += 1 }
        server.receive(ServerHarness.frame(Self.initialize) + Array("GET / HTTP/1.1\r\n\r\n".utf8) + ServerHarness.frame(Self.shutdown))
        #expect(outcome.sent.map { $0["id"] } == [.int(1)])
        #expect(outcome.sent.first?["result"] != nil)
        #expect(outcome.exitCodes == [1])
        #expect(firstMessages == 1)
        #expect(server.hasFramedMessage)
        #expect(server.closeReason == "header line beginning 'GET /' is not 'Name: value' ended by \\r\\n")
        server.receive(ServerHarness.frame(Self.shutdown))
        #expect(outcome.sent.count == 1)
    }

    /// A connection whose first bytes are not LSP: nothing is framed, answered or run.
    @Test func aRequestLineFirstClosesWithNothingFramed() {
        let outcome = Outcome()
        let server = Self.server(outcome)
        server.receive(Array("POST / HTTP/1.1\r\nContent-Type: text/plain\r\n\r\n".utf8) + ServerHarness.frame(Self.initialize))
        #expect(outcome.sent.isEmpty)
        #expect(outcome.exitCodes == [1])
        #expect(!server.hasFramedMessage)
        #expect(server.host == nil)
    }
}
