import Foundation
import ScrimCore
import ScrimJSON
import ScrimPlayback
import ScrimTestSupport
import Testing
@testable import ScrimServer

/// The play-check (Docs/Editors.md): a plugin file saved (or opened as it is on disk) is played on
/// the demo scene and its faults are published as error diagnostics on it, after its load
/// diagnostics; and the faults of the live previews the server started are published the same way.
@MainActor @Suite struct PlayCheckTests {
    /// An animator whose `animateTransition` indexes nil on line 5 (0-based 4).
    static let faulty = """
        local Boom = { duration = 0.25 }

        function Boom:animateTransition(ctx)
          local finished = nil
          ctx:completeTransition(finished.value)
        end

        return Boom

        """
    static let fixed = faulty.replacingOccurrences(of: "finished.value", with: "true")
    static let message = "animateTransition: attempt to index a nil value (local 'finished')"

    /// A plugin directory with `boom.lua` (`text`), and a server that has it as a plugin directory.
    func server(_ text: String, options: JSONObject = [:]) throws -> (ServerHarness, URL) {
        let directory = try temporaryDirectory(["boom.lua": text])
        let h = ServerHarness()
        var options = options
        options["watch"] = false
        options["pluginPaths"] = [.string(directory.path)]
        h.start(options)
        return (h, directory.appendingPathComponent("boom.lua"))
    }

    func save(_ h: ServerHarness, _ file: URL, _ text: String) throws {
        try text.write(to: file, atomically: true, encoding: .utf8)
        h.notify("textDocument/didSave", ["textDocument": ["uri": .string(file.absoluteString)]])
    }

    /// The diagnostics last published for `file`.
    func published(_ h: ServerHarness, _ file: URL) -> [JSONValue]? {
        h.notifications("textDocument/publishDiagnostics").last { $0["uri"] == .string(file.absoluteString) }?["diagnostics"]?.arrayValue
    }

    @Test func aSaveOfAPluginWhoseAnimateTransitionFailsGetsTheFaultAndAFixedSaveClearsIt() throws {
        let (h, file) = try server(Self.fixed)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try save(h, file, Self.faulty)
        let uri = JSONValue.string(file.absoluteString)
        #expect(published(h, file) == [[
            "range": ["start": ["line": 4, "character": 2], "end": ["line": 4, "character": 40]],
            "severity": 1, "source": "scrim", "message": .string(Self.message),
            "relatedInformation": [[
                "location": ["uri": uri, "range": ["start": ["line": 4, "character": 2], "end": ["line": 4, "character": 40]]],
                "message": "animator 'boom', in animateTransition, 0 s into transition 1",
            ]],
        ]])
        // The server's own host reloaded the file, once: the play-check plays it in hosts of its own.
        #expect(h.notifications("scrim/pluginDidReload").map(\.["name"]) == ["boom"])

        try save(h, file, Self.fixed)
        #expect(published(h, file) == [])
    }

    @Test func playDiagnosticsFollowTheLoadDiagnosticsUntilTheNextSave() throws {
        let (h, file) = try server(Self.fixed)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let uri = JSONValue.string(file.absoluteString)
        h.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "lua", "version": 1, "text": .string(Self.fixed)]])
        try save(h, file, Self.faulty)
        #expect(published(h, file)?.map(\.["message"]) == [.string(Self.message)])

        // An unsaved edit that does not compile: its error first, then the last save's fault.
        let broken = Self.faulty.replacingOccurrences(of: "return Boom", with: "return Boom +")
        h.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": .string(broken)]]])
        let merged = try #require(published(h, file))
        #expect(merged.map(\.["range"]?["start"]?["line"]) == [8, 4])
        #expect(merged.last?["message"] == .string(Self.message))

        // Saved so, the file does not load: no play, its fault is gone, its load error stays.
        try save(h, file, broken)
        #expect(published(h, file)?.map(\.["range"]?["start"]?["line"]) == [8])
    }

    @Test func aFaultTheServersOwnTransitionReportedIsPublishedOnce() throws {
        let (h, file) = try server(Self.faulty)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        h.result("scrim/loadScene", ["scene": "demo"])
        h.result("scrim/present", ["presented": "details", "transitioningDelegate": ["animator": "boom"]])
        h.result("scrim/advance", ["seconds": 0.5])
        #expect(published(h, file)?.map(\.["message"]) == [.string(Self.message)])
        h.notify("textDocument/didSave", ["textDocument": ["uri": .string(file.absoluteString)]])
        // The play-check found it too: the host's diagnostic (without the play's context) only.
        let diagnostics = try #require(published(h, file))
        #expect(diagnostics.map(\.["message"]) == [.string(Self.message)])
        #expect(diagnostics.first?["range"]?["start"] == ["line": 4, "character": 2])
    }

    @Test func aFileOpenedAsItIsOnDiskIsPlayChecked() throws {
        let directory = try temporaryDirectory(["boom.lua": Self.faulty])
        defer { try? FileManager.default.removeItem(at: directory) }
        // Not in a plugin directory: checked, and played from its own directory.
        let file = directory.appendingPathComponent("boom.lua")
        let h = ServerHarness()
        h.start()
        let uri = JSONValue.string(file.absoluteString)
        h.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "lua", "version": 1, "text": .string(Self.faulty)]])
        #expect(published(h, file)?.map(\.["message"]) == [.string(Self.message)])
        #expect(published(h, file)?.first?["range"]?["start"] == ["line": 4, "character": 2])
        // Closing the buffer of a file that is not a plugin clears everything.
        h.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
        #expect(published(h, file) == [])

        // A buffer that differs from the file is checked, not played.
        h.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "lua", "version": 1, "text": .string(Self.fixed)]])
        #expect(published(h, file) == [])
    }

    @Test func playCheckFalseTurnsItOff() throws {
        let (h, file) = try server(Self.fixed, options: ["playCheck": false])
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try save(h, file, Self.faulty)
        // The reload's (empty) load diagnostics only.
        #expect(h.notifications("textDocument/publishDiagnostics").filter { $0["uri"] == .string(file.absoluteString) }.map(\.["diagnostics"]) == [[]])
        #expect(h.notifications("scrim/pluginDidReload").map(\.["name"]) == ["boom"])
    }

    @Test func aPlayCheckThatIsNotABooleanIsRefusedNamingTheField() {
        let h = ServerHarness()
        let response = h.request("initialize", [
            "processId": .null, "capabilities": [:], "initializationOptions": ["playCheck": "no"],
        ])
        #expect(response.errorCode == -32602)
        #expect(response.errorMessage == "params.initializationOptions.playCheck: expected true or false, got a string")
    }

    @Test func theFaultsOfAPreviewTheServerStartedArePublishedAndACleanPlayClearsThem() async throws {
        let (gate, open) = AsyncStream<[ScriptDiagnostic]>.makeStream()
        let h = ServerHarness(preview: { _, publish in
            Task { @MainActor in for await diagnostics in gate { publish(diagnostics) } }
            return URL(string: "http://127.0.0.1:4321/")!
        })
        h.start(["watch": false, "playCheck": false])
        let pop = shippedPlugins.appendingPathComponent("pop.lua")
        _ = await h.deferredRequest("workspace/executeCommand", ["command": "scrim.preview", "arguments": [.string(pop.absoluteString)]])
        let range = ScriptDiagnostic.Range(start: .init(line: 6, character: 2), end: .init(line: 6, character: 9))
        let fault = ScriptDiagnostic(
            path: pop.path, range: range, message: "boom",
            related: [.init(path: pop.path, range: range, message: "animator 'pop', in animateTransition, 0 s into transition 1")])
        let before = h.notifications("textDocument/publishDiagnostics").count
        open.yield([fault])
        while h.notifications("textDocument/publishDiagnostics").count == before { await Task.yield() }
        #expect(published(h, pop) == [[
            "range": ["start": ["line": 6, "character": 2], "end": ["line": 6, "character": 9]],
            "severity": 1, "source": "scrim", "message": "boom",
            "relatedInformation": [[
                "location": ["uri": .string(pop.absoluteString), "range": ["start": ["line": 6, "character": 2], "end": ["line": 6, "character": 9]]],
                "message": "animator 'pop', in animateTransition, 0 s into transition 1",
            ]],
        ]])
        open.yield([])
        while h.notifications("textDocument/publishDiagnostics").count == before + 1 { await Task.yield() }
        #expect(published(h, pop) == [])
        open.finish()
    }

    @Test func faultsOutsideThePluginFileGoOnItsFirstLine() {
        let path = "/plugins/boom.lua"
        let elsewhere = ScriptDiagnostic(
            path: "/plugins/helper.lua", range: .init(start: .init(line: 2, character: 0), end: .init(line: 2, character: 5)),
            message: "bad")
        let faults = [
            PlaybackFault(diagnostic: elsewhere, message: "bad", time: 0.5),
            PlaybackFault(role: .animator, object: "boom", method: "transitionDuration", message: "returned nan", transition: 1, time: 0, transitionTime: 0),
        ]
        let firstLine = ScriptDiagnostic.Range(start: .init(line: 0, character: 0), end: .init(line: 0, character: 0))
        #expect(PlayDiagnostics.of(faults, plugin: path) == [
            ScriptDiagnostic(
                path: path, range: firstLine, message: "/plugins/helper.lua:3:1: error: bad",
                related: [.init(path: "/plugins/helper.lua", range: elsewhere.range, message: "at 0.5 s")]),
            ScriptDiagnostic(
                path: path, range: firstLine, message: "animator 'boom': returned nan",
                related: [.init(path: path, range: firstLine, message: "animator 'boom', in transitionDuration, 0 s into transition 1")]),
        ])
        // A contract fault reported twice, placed in the file and not: once, where it is.
        let placed = ScriptDiagnostic(path: path, range: elsewhere.range, message: "completeTransition was called a second time")
        let twice = [
            PlaybackFault(diagnostic: placed, message: placed.message, time: 0),
            PlaybackFault(role: .animator, object: "boom", message: placed.message, time: 0),
        ]
        #expect(PlayDiagnostics.of(twice, plugin: path).map(\.range) == [placed.range])
        #expect(PlayDiagnostics.cannotPlay(.cannotPlay("present: refused"), plugin: path) == [
            ScriptDiagnostic(path: path, range: firstLine, message: "it cannot be played: present: refused"),
        ])
        #expect(PlayDiagnostics.cannotPlay(.pluginDidNotLoad(path: path, diagnostics: []), plugin: path) == [])
    }
}
