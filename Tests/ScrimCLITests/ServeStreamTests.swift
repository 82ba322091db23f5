import Foundation
import ScrimTestSupport
import Testing
@testable import ScrimServer

/// Docs/Protocol.md, "Starting the server", "Framing" and "Errors", against the real
/// `scrim serve`: stdout carries nothing but strict frames, messages split over writes or packed
/// in one are read, and bad input is answered without stopping the stream.
@Suite struct ServeStreamTests {
    static func snapshot(_ id: Int) -> [UInt8] { ServeSession.frame(ServeSession.request(id, "scrim/snapshot")) }

    /// A busy session (a scene, a transition with frames, errors, plugin logs) and then every
    /// byte of stdout is a strict frame of a JSON-RPC message; logs go to stderr.
    @Test func stdoutCarriesNothingButProtocol() async throws {
        let server = try ServeSession()
        #expect(try #require(await server.start())["result"] != nil)
        #expect(try #require(await server.request("scrim/loadScene", ["scene": "demo"]))["result"] != nil)
        #expect(try #require(await server.request("scrim/subscribeFrames", ["enabled": true]))["result"] != nil)
        let present = try #require(await server.request("scrim/present", [
            "presented": "details", "transitioningDelegate": ["animator": "pop"],
        ]))
        #expect(present["result"]?["transition"] != nil)
        #expect(try #require(await server.request("scrim/advance", ["seconds": 1]))["result"] != nil)
        #expect(try #require(await server.request("scrim/plugins"))["result"] != nil)
        #expect(try #require(await server.request("no/such/method")).errorCode == -32601)
        server.write(Array("Content-Length: x\r\n\r\n".utf8))
        #expect(try #require(await server.request("scrim/snapshot"))["result"]?["window"] != nil)
        #expect(try #require(await server.request("shutdown", nil))["result"] == .null)
        server.notify("exit")
        #expect(await server.exitCode() == 0)

        let stdout = server.stdout
        #expect(stdout.violation == nil)
        #expect(stdout.parsed == stdout.bytes.count)  // no partial frame left over
        #expect(stdout.messages.count >= 10)
        #expect(stdout.messages.contains { $0["method"] == "scrim/frame" })
        #expect(stdout.messages.contains { $0.errorCode == -32700 && $0["id"] == .null })
    }

    /// Each message arrives in two writes; the answer to the one before it proves the first half
    /// was read before the second was written (no sleeps).
    @Test func messagesSplitOverWritesAreAnswered() async throws {
        let server = try ServeSession()
        #expect(try #require(await server.start())["result"] != nil)
        let splits = [3, 15, 17, 19, 20, 30]  // in "Content", at the colon, in the length, at CRLFs, in the body
        var previousID: Int?
        var pending: [UInt8] = []
        for split in splits {
            let id = server.newID()
            let bytes = Self.snapshot(id)
            #expect(server.write(pending + Array(bytes[..<split])))
            pending = Array(bytes[split...])
            if let previousID {
                #expect(try #require(await server.response(to: previousID))["result"]?["window"] != nil, "split at \(split)")
            }
            previousID = id
        }
        server.write(pending)
        let lastID = try #require(previousID)
        #expect(try #require(await server.response(to: lastID))["result"]?["window"] != nil)
        #expect(server.messages.allSatisfy { $0["error"] == nil })
        server.closeInput()
        #expect(await server.exitCode() == 1)
    }

    @Test func twoMessagesInOneWriteAreBothAnsweredInOrder() async throws {
        let server = try ServeSession()
        #expect(try #require(await server.start())["result"] != nil)
        let first = server.newID(), second = server.newID()
        #expect(server.write(
            ServeSession.frame(ServeSession.request(first, "scrim/loadScene", ["scene": "demo"])) + Self.snapshot(second)))
        let answer = try #require(await server.response(to: second))
        #expect(answer["result"]?["viewControllers"]?.arrayValue?.count == 4)
        let ids = server.messages.compactMap { $0["id"]?.intValue }
        #expect(ids.suffix(2) == [first, second])
        server.closeInput()
        #expect(await server.exitCode() == 1)
    }

    @Test func malformedJSONIsAnsweredWithNullIDThenTheNextRequest() async throws {
        let server = try ServeSession()
        #expect(try #require(await server.start())["result"] != nil)
        let before = server.messages.count
        let id = server.newID()
        #expect(server.write(MessageWriter.frame(Array(#"{"jsonrpc":"2.0","id":5,"method":"#.utf8)) + Self.snapshot(id)))
        #expect(try #require(await server.response(to: id))["result"]?["window"] != nil)
        let answers = Array(server.messages.dropFirst(before))
        #expect(answers.count == 2)
        let parseError = try #require(answers.first)
        #expect(parseError.errorCode == -32700)
        #expect(parseError.objectValue?.keys.contains("id") == true)
        #expect(parseError["id"] == .null)
        #expect(parseError["result"] == nil)
        server.closeInput()
        #expect(await server.exitCode() == 1)
    }

    /// 64 KiB of seeded random bytes, then a good request: the server answers it and lives on.
    @Test func randomBytesThenAGoodRequestIsAnswered() async throws {
        let server = try ServeSession()
        #expect(try #require(await server.start())["result"] != nil)
        var random = SeededRandom(seed: 0xE2E_5C41)
        let id = server.newID()
        #expect(server.write(random.bytes(64 * 1024) + Self.snapshot(id)))
        #expect(try #require(await server.response(to: id))["result"]?["window"] != nil)
        #expect(server.messages.contains { $0.errorCode == -32700 && $0["id"] == .null })
        #expect(server.isRunning)
        #expect(try #require(await server.request("shutdown", nil))["result"] == .null)
        server.notify("exit")
        #expect(await server.exitCode() == 0)
        #expect(server.stdout.violation == nil)
    }
}
