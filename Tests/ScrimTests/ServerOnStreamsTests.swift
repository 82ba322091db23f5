import Foundation
import Scrim
import Testing

/// `LanguageServer.run(input:output:options:)`, the embedding entry point of the server, on real
/// pipes and through the public API only.
@MainActor @Suite struct ServerOnStreamsTests {
    /// `Content-Length` framing of one JSON message.
    static func frame(_ json: String) -> Data {
        Data("Content-Length: \(json.utf8.count)\r\n\r\n\(json)".utf8)
    }

    /// The messages of a framed stream, parsed.
    static func messages(_ data: Data) throws -> [[String: Any]] {
        var result: [[String: Any]] = []
        var rest = data[...]
        while let headerEnd = rest.range(of: Data("\r\n\r\n".utf8)) {
            let header = String(decoding: rest[rest.startIndex..<headerEnd.lowerBound], as: UTF8.self)
            let length = try #require(Int(header.replacingOccurrences(of: "Content-Length: ", with: "")))
            let body = rest[headerEnd.upperBound..<(headerEnd.upperBound + length)]
            result.append(try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]))
            rest = rest[(headerEnd.upperBound + length)...]
        }
        return result
    }

    @Test func aSessionOnPipesAnswersAndEndsWithZeroAfterShutdown() async throws {
        let input = Pipe(), output = Pipe()
        var options = SessionOptions()
        options.limits = ScrimHost.Limits(instructionBudget: 1_000_000)
        var messages = Data()
        messages.append(Self.frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#))
        messages.append(Self.frame(#"{"jsonrpc":"2.0","id":2,"method":"scrim/snapshot"}"#))
        messages.append(Self.frame(#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#))
        messages.append(Self.frame(#"{"jsonrpc":"2.0","method":"exit"}"#))
        input.fileHandleForWriting.write(messages)
        let code = await LanguageServer.run(
            input: input.fileHandleForReading.fileDescriptor, output: output.fileHandleForWriting.fileDescriptor,
            options: options)
        #expect(code == 0)
        try output.fileHandleForWriting.close()
        let responses = try Self.messages(output.fileHandleForReading.readDataToEndOfFile()).filter { $0["id"] != nil }
        #expect(responses.map { $0["id"] as? Int } == [1, 2, 3])
        let serverInfo = (responses[0]["result"] as? [String: Any])?["serverInfo"] as? [String: Any]
        #expect(serverInfo?["name"] as? String == "scrim")
        let snapshot = responses[1]["result"] as? [String: Any]
        #expect((snapshot?["viewControllers"] as? [[String: Any]])?.first?["id"] as? String == "root")
        #expect(responses[2]["result"] is NSNull)
        try input.fileHandleForWriting.close()
    }

    @Test func theEndOfInputWithoutShutdownEndsWithOne() async throws {
        let input = Pipe(), output = Pipe()
        input.fileHandleForWriting.write(Self.frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#))
        try input.fileHandleForWriting.close()
        let code = await LanguageServer.run(
            input: input.fileHandleForReading.fileDescriptor, output: output.fileHandleForWriting.fileDescriptor)
        #expect(code == 1)
        try output.fileHandleForWriting.close()
        let responses = try Self.messages(output.fileHandleForReading.readDataToEndOfFile())
        #expect(responses.count == 1)
        #expect(responses.first?["id"] as? Int == 1)
        #expect((responses.first?["result"] as? [String: Any])?["serverInfo"] != nil)
    }
}
