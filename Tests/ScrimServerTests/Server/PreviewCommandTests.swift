import Foundation
import ScrimCore
import ScrimTestSupport
import Testing
@testable import ScrimServer
import ScrimJSON

/// The `scrim.preview` command and its code lens, with a launcher standing in for `scrim serve`'s
/// preview server: what it is asked, what the client gets back, `window/showDocument`.
@MainActor @Suite struct PreviewCommandTests {
    /// A launcher that records its requests and answers with a fixed URL (or fails).
    @MainActor final class Launcher {
        var requests: [PreviewRequest] = []
        var failure: String?

        var launch: ClosureLauncher.Launch {
            { [self] request, _ in
                requests.append(request)
                if let failure { throw Failure(description: failure) }
                return URL(string: "http://127.0.0.1:4321/?token=\(String(repeating: "ab", count: 16))")!
            }
        }

        struct Failure: Error, CustomStringConvertible { let description: String }
    }

    static let url = "http://127.0.0.1:4321/?token=\(String(repeating: "ab", count: 16))"
    let pop = shippedPlugins.appendingPathComponent("pop.lua")

    func harness(_ launcher: Launcher, showsDocuments: Bool = false, root: URL? = nil) -> ServerHarness {
        let h = ServerHarness(preview: launcher.launch)
        _ = h.result("initialize", [
            "processId": .null, "rootUri": root.map { .string($0.absoluteString) } ?? .null,
            "capabilities": ["window": ["showDocument": ["support": .bool(showsDocuments)]]],
            "initializationOptions": ["watch": false],
        ])
        h.notify("initialized")
        return h
    }

    @Test func theCommandAndTheLensAreAdvertisedOnlyWithALauncher() {
        let with = ServerHarness(preview: Launcher().launch).start()
        #expect(with["capabilities"]?["executeCommandProvider"] == ["commands": ["scrim.preview", "scrim.exportSwift", "scrim.renderGIF"]])
        #expect(with["capabilities"]?["codeLensProvider"] == ["resolveProvider": false])
        let without = ServerHarness().start()
        #expect(without["capabilities"]?["executeCommandProvider"] == nil)
        #expect(without["capabilities"]?["codeLensProvider"] == nil)
    }

    @Test func aPluginFileHasThePreviewExportAndRenderLensesOnItsFirstLine() {
        let h = harness(Launcher())
        let uri = pop.absoluteString
        let lenses = h.result("textDocument/codeLens", ["textDocument": ["uri": .string(uri)]])
        let range: JSONValue = ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]]
        #expect(lenses == [
            ["range": range, "command": ["title": "▶ Preview", "command": "scrim.preview", "arguments": [.string(uri)]]],
            ["range": range, "command": ["title": "Export Swift", "command": "scrim.exportSwift", "arguments": [.string(uri)]]],
            ["range": range, "command": ["title": "Render GIF", "command": "scrim.renderGIF", "arguments": [.string(uri)]]],
        ])
        for other in ["file:///x/scrim.d.lua", "file:///x/scene.json", "untitled:Untitled-1"] {
            #expect(h.result("textDocument/codeLens", ["textDocument": ["uri": .string(other)]]) == [], "\(other)")
        }
        // A server without a launcher offers no lens.
        let plain = ServerHarness()
        plain.start()
        #expect(plain.result("textDocument/codeLens", ["textDocument": ["uri": .string(uri)]]) == [])
    }

    @Test func thePreviewIsStartedWithTheArgumentsAndItsURLIsTheAnswer() async throws {
        let launcher = Launcher()
        let root = try temporaryDirectory(["scene.json": "{}"])
        defer { try? FileManager.default.removeItem(at: root) }
        let h = harness(launcher, root: root)
        let response = await h.deferredRequest("workspace/executeCommand", [
            "command": "scrim.preview",
            "arguments": [[
                "uri": .string(pop.absoluteString), "scene": "scene.json", "style": "overFullScreen", "dismiss": true,
                "animator": "crossfade",
            ]],
        ])
        #expect(response["result"] == ["url": .string(Self.url), "showDocument": false])
        #expect(launcher.requests == [PreviewRequest(
            plugin: pop.standardizedFileURL, pluginDirectories: [shippedPlugins],
            scene: root.appendingPathComponent("scene.json").standardizedFileURL, style: .overFullScreen,
            animator: "crossfade", push: false, dismiss: true)])
        // No window/showDocument for a client that did not declare it.
        #expect(h.sent.contains { $0["method"] == "window/showDocument" } == false)
    }

    @Test func aScenarioAndWhichTransitionsTheInteractionDrivesAreArguments() async throws {
        let launcher = Launcher()
        let root = try temporaryDirectory([
            "flow.json": #"[{ "present": true }, { "dismiss": true }]"#,
            "typo.json": #"[{ "present": true, "name": "a" }, { "finish": true, "at": 0.1, "from": "b" }]"#,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let h = harness(launcher, root: root)
        let response = await h.deferredRequest("workspace/executeCommand", [
            "command": "scrim.preview",
            "arguments": [["uri": .string(pop.absoluteString), "scenario": "flow.json", "interactive": "both"]],
        ])
        #expect(response["result"] == ["url": .string(Self.url), "showDocument": false])
        #expect(launcher.requests == [PreviewRequest(
            plugin: pop.standardizedFileURL, pluginDirectories: [shippedPlugins],
            scenario: root.appendingPathComponent("flow.json").standardizedFileURL, interactive: .both)])
        let cases: [(JSONValue, String)] = [
            (["uri": .string(pop.absoluteString), "scenario": "typo.json"],
             "params.arguments[0].scenario: typo.json.steps[1].from: no step before this one is named 'b' (named: 'a')"),
            (["uri": .string(pop.absoluteString), "scenario": "flow.json", "dismiss": true],
             "params.arguments[0].scenario: a scenario says its steps: push and dismiss do not go with it"),
            (["uri": .string(pop.absoluteString), "interactive": "often"],
             #"params.arguments[0].interactive: expected one of "presentation", "dismissal", "both", got "often""#),
        ]
        for (argument, message) in cases {
            let refused = await h.deferredRequest("workspace/executeCommand", ["command": "scrim.preview", "arguments": [argument]])
            #expect(refused.errorCode == -32602, "\(argument)")
            #expect(refused.errorMessage == message, "\(argument)")
        }
        #expect(launcher.requests.count == 1)
    }

    @Test func aClientThatShowsDocumentsIsAskedToOpenThePageInTheBrowser() async {
        let h = harness(Launcher(), showsDocuments: true)
        let response = await h.deferredRequest("workspace/executeCommand", [
            "command": "scrim.preview", "arguments": [.string(pop.absoluteString)],
        ])
        #expect(response["result"] == ["url": .string(Self.url), "showDocument": true])
        let asks = h.sent.filter { $0["method"] == "window/showDocument" }
        #expect(asks.count == 1)
        #expect(asks.first?["params"] == ["uri": .string(Self.url), "external": true])
        // The request went out before the answer.
        let order = h.sent.compactMap { $0["method"]?.stringValue ?? ($0["result"] != nil ? "answer" : nil) }
        #expect(order.suffix(2) == ["window/showDocument", "answer"])

        // The editor could not open it: the user is told the URL.
        let id = asks[0]["id"]!
        h.receive((["jsonrpc": "2.0", "id": id, "result": ["success": false]] as JSONValue).jsonString)
        #expect(h.notifications("window/showMessage") == [[
            "type": 2, "message": .string("The editor did not open the Scrim preview: open \(Self.url) in a browser."),
        ]])
    }

    @Test func aLauncherThatFailsIsError1012WithItsReason() async {
        let launcher = Launcher()
        launcher.failure = "pop.lua:3:1: error: boom"
        let h = harness(launcher)
        let response = await h.deferredRequest("workspace/executeCommand", [
            "command": "scrim.preview", "arguments": [.string(pop.absoluteString)],
        ])
        #expect(response.errorCode == 1012)
        #expect(response.errorMessage == "the preview of pop.lua could not start: pop.lua:3:1: error: boom")
    }

    /// `shutdown` stops every preview (in the background: it is answered at once).
    @Test func shutdownStopsEveryPreview() async throws {
        let h = harness(Launcher())
        #expect(h.launcher?.stops == 0)
        #expect(h.request("shutdown")["result"] == .null)
        #expect(await waitUntil { h.launcher?.stops == 1 })
    }

    @Test func otherRequestsAreAnsweredWhileThePreviewStarts() async {
        let (gate, open) = AsyncStream<Void>.makeStream()
        let h = ServerHarness(preview: { _, _ in
            for await _ in gate { break }
            return URL(string: Self.url)!
        })
        h.start()
        h.receive((["jsonrpc": "2.0", "id": 100, "method": "workspace/executeCommand", "params": [
            "command": "scrim.preview", "arguments": [.string(pop.absoluteString)],
        ]] as JSONValue).jsonString)
        await Task.yield()
        #expect(h.request("scrim/plugins")["result"] != nil)
        #expect(h.sent.contains { $0["id"] == 100 } == false)
        open.yield()
        await h.server.deferredAnswers[.int(100)]?.value
        #expect(h.sent.last { $0["id"] == 100 }?["result"]?["url"] == .string(Self.url))
        #expect(h.server.deferredAnswers.isEmpty)
    }

    @Test func badArgumentsAreRefusedBeforeAnythingStarts() async throws {
        let launcher = Launcher()
        let h = harness(launcher)
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-\(UUID().uuidString).lua")
        let cases: [(JSONValue, Int, String)] = [
            (["command": "scrim.play", "arguments": []], -32602, "params.command: unknown command 'scrim.play'; this server runs 'scrim.preview', 'scrim.exportSwift', 'scrim.renderGIF'"),
            (["command": "scrim.preview"], -32602, "params.arguments: missing; expected an array"),
            (["command": "scrim.preview", "arguments": []], -32602,
             "params.arguments[0]: expected the plugin's URI or { uri, … }, got nothing"),
            (["command": "scrim.preview", "arguments": [3]], -32602,
             "params.arguments[0]: expected the plugin's URI or { uri, … }, got a number"),
            (["command": "scrim.preview", "arguments": ["pop.lua"]], -32602,
             "params.arguments[0]: expected the file: URI of a plugin, got 'pop.lua'"),
            (["command": "scrim.preview", "arguments": [[:]]], -32602, "params.arguments[0].uri: missing; expected a string"),
            (["command": "scrim.preview", "arguments": ["file:///x/scrim.d.lua"]], -32602,
             "params.arguments[0]: /x/scrim.d.lua is not a plugin file (a .lua file, not .d.lua, not hidden)"),
            (["command": "scrim.preview", "arguments": [.string(missing.absoluteString)]], 1003,
             "params.arguments[0]: no plugin file at \(missing.path)"),
            (["command": "scrim.preview", "arguments": [["uri": .string(pop.absoluteString), "scene": "nowhere.json"]]], -32602,
             "params.arguments[0].scene: no scene file at \(FileManager.default.currentDirectoryPath)/nowhere.json"),
            (["command": "scrim.preview", "arguments": [["uri": .string(pop.absoluteString), "push": true, "style": "pageSheet"]]],
             -32602, "params.arguments[0].style: a push has no presentation style"),
        ]
        for (params, code, message) in cases {
            let response = await h.deferredRequest("workspace/executeCommand", params)
            #expect(response.errorCode == code, "\(params)")
            #expect(response.errorMessage == message, "\(params)")
        }
        #expect(launcher.requests.isEmpty)
        // A server without a launcher says so.
        let plain = ServerHarness()
        plain.start()
        let response = await plain.deferredRequest("workspace/executeCommand", [
            "command": "scrim.preview", "arguments": [.string(pop.absoluteString)],
        ])
        #expect(response.errorCode == 1012)
        #expect(response.errorMessage == "this server has no live preview (it was made without one; scrim serve has it)")
    }
}
