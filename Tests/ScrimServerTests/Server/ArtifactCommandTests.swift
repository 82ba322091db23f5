import Foundation
import ScrimCore
import ScrimTestSupport
import Testing
@testable import ScrimServer
import ScrimJSON

/// `scrim.exportSwift` and `scrim.renderGIF`, with a launcher standing in for `scrim serve`'s:
/// what it is asked (the request, the artifact, the plugin's generation), what the client gets
/// back, and `window/showDocument` — the Swift file in the editor, the GIF outside it.
@MainActor @Suite struct ArtifactCommandTests {
    let pop = shippedPlugins.appendingPathComponent("pop.lua")

    /// A launcher that records what it is asked to make and answers with a file beside the plugin.
    @MainActor final class Maker {
        var made: [(PreviewArtifact, PreviewRequest, Int)] = []
        var failure: String?

        var make: ClosureLauncher.Make {
            { [self] artifact, request, generation in
                made.append((artifact, request, generation))
                if let failure { throw Failure(description: failure) }
                let name = artifact == .swift ? "PopTransition.swift" : "pop.gif"
                return request.plugin.deletingLastPathComponent().appendingPathComponent(name)
            }
        }

        struct Failure: Error, CustomStringConvertible { let description: String }
    }

    func harness(_ maker: Maker, showsDocuments: Bool) -> ServerHarness {
        let h = ServerHarness(preview: { _, _ in URL(string: "http://127.0.0.1:1/")! }, make: maker.make)
        _ = h.result("initialize", [
            "processId": .null, "rootUri": .null,
            "capabilities": ["window": ["showDocument": ["support": .bool(showsDocuments)]]],
            "initializationOptions": ["watch": false],
        ])
        h.notify("initialized")
        return h
    }

    @Test func exportSwiftMakesTheFileOfThePluginsCurrentGenerationAndOpensItInTheEditor() async {
        let maker = Maker()
        let h = harness(maker, showsDocuments: true)
        let response = await h.deferredRequest("workspace/executeCommand", [
            "command": "scrim.exportSwift", "arguments": [["uri": .string(pop.absoluteString), "dismiss": true]],
        ])
        let file = shippedPlugins.appendingPathComponent("PopTransition.swift").standardizedFileURL
        #expect(response["result"] == ["path": .string(file.path), "uri": .string(file.absoluteString), "showDocument": true])
        #expect(maker.made.count == 1)
        #expect(maker.made.first?.0 == .swift)
        #expect(maker.made.first?.1 == PreviewRequest(plugin: pop.standardizedFileURL, pluginDirectories: [shippedPlugins], dismiss: true))
        // The plugin's generation, as scrim/plugins has it.
        let plugins = h.result("scrim/plugins")["plugins"]?.arrayValue ?? []
        let generation = plugins.first { $0["name"] == "pop" }?["generation"]?.intValue
        #expect(generation != nil)
        #expect(maker.made.first?.2 == generation)
        let asks = h.sent.filter { $0["method"] == "window/showDocument" }
        let start: JSONValue = ["line": 0, "character": 0]
        #expect(asks.map { $0["params"] } == [["uri": .string(file.absoluteString), "takeFocus": true, "selection": ["start": start, "end": start]]])
        // The editor could not open it: the user is told where it is.
        h.receive((["jsonrpc": "2.0", "id": asks[0]["id"]!, "result": ["success": false]] as JSONValue).jsonString)
        #expect(h.notifications("window/showMessage") == [["type": 2, "message": .string("Scrim wrote \(file.path).")]])
    }

    @Test func renderGIFOpensTheGIFOutsideTheEditor() async {
        let maker = Maker()
        let h = harness(maker, showsDocuments: true)
        let response = await h.deferredRequest("workspace/executeCommand", [
            "command": "scrim.renderGIF", "arguments": [.string(pop.absoluteString)],
        ])
        let file = shippedPlugins.appendingPathComponent("pop.gif").standardizedFileURL
        #expect(response["result"]?["path"] == .string(file.path))
        #expect(maker.made.map(\.0) == [.gif])
        #expect(h.sent.filter { $0["method"] == "window/showDocument" }.map { $0["params"] } == [["uri": .string(file.absoluteString), "external": true]])
    }

    @Test func aClientThatShowsNoDocumentIsOnlyAnswered() async {
        let h = harness(Maker(), showsDocuments: false)
        let response = await h.deferredRequest("workspace/executeCommand", [
            "command": "scrim.renderGIF", "arguments": [.string(pop.absoluteString)],
        ])
        #expect(response["result"]?["showDocument"] == false)
        #expect(h.sent.contains { $0["method"] == "window/showDocument" } == false)
    }

    @Test func aFailureIsError1013WithItsReasonAndBadArgumentsAreRefusedFirst() async {
        let maker = Maker()
        maker.failure = "ffmpeg is missing: apt-get install -y ffmpeg"
        let h = harness(maker, showsDocuments: false)
        let failed = await h.deferredRequest("workspace/executeCommand", [
            "command": "scrim.renderGIF", "arguments": [.string(pop.absoluteString)],
        ])
        #expect(failed.errorCode == 1013)
        #expect(failed.errorMessage == "the GIF of pop.lua could not be made: ffmpeg is missing: apt-get install -y ffmpeg")
        let exportFailed = await h.deferredRequest("workspace/executeCommand", [
            "command": "scrim.exportSwift", "arguments": [.string(pop.absoluteString)],
        ])
        #expect(exportFailed.errorMessage == "the Swift export of pop.lua could not be made: ffmpeg is missing: apt-get install -y ffmpeg")
        let refused = await h.deferredRequest("workspace/executeCommand", [
            "command": "scrim.exportSwift", "arguments": [["uri": .string(pop.absoluteString), "push": true, "style": "pageSheet"]],
        ])
        #expect(refused.errorCode == -32602)
        #expect(refused.errorMessage == "params.arguments[0].style: a push has no presentation style")
        #expect(maker.made.count == 2)
    }
}
