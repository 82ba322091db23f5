import Foundation
import ScrimLua
import Testing
@testable import ScrimServer

/// SPEC §7.3: an editor's documents are checked and their diagnostics published.
@MainActor @Suite struct DocumentTests {
    let uri = "file:///tmp/scrim-doc-test/fade.lua"

    func open(_ h: ServerHarness, _ text: String) {
        h.notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": "lua", "version": 1, "text": .string(text)]])
    }

    func change(_ h: ServerHarness, _ text: String, version: Int) {
        h.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": .int(version)], "contentChanges": [["text": .string(text)]]])
    }

    @Test func aBrokenDocumentGetsADiagnosticAndAFixClearsIt() throws {
        let h = ServerHarness()
        h.start()
        open(h, "local Fade = {}\nfunction Fade:animateTransition(ctx)\n  ctx:completeTransition(true)\nreturn Fade\n")
        let published = try #require(h.notifications("textDocument/publishDiagnostics").last)
        #expect(published["uri"] == .string(uri))
        let diagnostic = try #require(published["diagnostics"]?.arrayValue?.first)
        #expect(diagnostic["severity"] == 1)
        #expect(diagnostic["source"] == "scrim")
        #expect(diagnostic["range"]?["start"]?["line"] == 4)  // at <eof>: the line after the last newline
        #expect(diagnostic["message"]?.stringValue?.contains("'end' expected") == true)

        change(h, "local Fade = {}\nfunction Fade:animateTransition(ctx)\n  ctx:completeTransition(true)\nend\nreturn Fade\n", version: 2)
        #expect(h.notifications("textDocument/publishDiagnostics").last == ["uri": .string(uri), "diagnostics": []])
        // Checking a buffer loads nothing.
        #expect(!(h.result("scrim/plugins")["plugins"]?.arrayValue?.contains { $0["name"] == "fade" } ?? true))
    }

    @Test func unknownScrimNamesGetADidYouMean() throws {
        let h = ServerHarness()
        h.start()
        open(h, "local A = {}\nscrim.animat{ duration = 1 }\nfunction A:animateTransition(ctx) end\nreturn A\n")
        let diagnostic = try #require(h.notifications("textDocument/publishDiagnostics").last?["diagnostics"]?.arrayValue?.first)
        #expect(diagnostic["message"]?.stringValue?.contains("unknown field 'animat' in scrim; did you mean 'animate'?") == true)
        #expect(diagnostic["range"]?["start"]?["line"] == 1)
    }

    @Test func utf8PositionsCountBytes() {
        // "é" is 1 UTF-16 unit and 2 UTF-8 bytes; "😀" is 2 units and 4 bytes.
        let lines: [Substring] = ["local s = \"é😀\" + + 1"]
        let diagnostic = ScriptDiagnostic(
            path: "/tmp/x.lua", range: .init(start: .init(line: 0, character: 18), end: .init(line: 0, character: 19)),
            message: "unexpected symbol near '+'")
        let utf16 = diagnostic.lspJSON(encoding: .utf16, lines: lines)
        let utf8 = diagnostic.lspJSON(encoding: .utf8, lines: lines)
        #expect(utf16["range"]?["start"] == ["line": 0, "character": 18])
        #expect(utf8["range"]?["start"] == ["line": 0, "character": 21])
        #expect(utf8["range"]?["end"] == ["line": 0, "character": 22])
    }

    @Test func closingADocumentClearsItsDiagnostics() {
        let h = ServerHarness()
        h.start()
        open(h, "return 5\n")
        #expect(h.notifications("textDocument/publishDiagnostics").last?["diagnostics"]?.arrayValue?.count == 1)
        h.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
        #expect(h.notifications("textDocument/publishDiagnostics").last == ["uri": .string(uri), "diagnostics": []])
    }

    @Test func savingAPluginFileReloadsIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("fade.lua")
        try "local F = {}\nfunction F:animateTransition(ctx) ctx:completeTransition(true) end\nreturn F\n".write(to: file, atomically: true, encoding: .utf8)
        var options = SessionOptions()
        options.watch = false
        let h = ServerHarness(options: options)
        h.start(["watch": false, "pluginPaths": [.string(directory.path)]])
        let uri = file.absoluteString
        #expect(h.result("scrim/plugins")["plugins"]?.arrayValue?.map(\.["name"]) == ["fade"])
        try "local F = {}\nfunction F:animateTransition(ctx) ctx:completeTransition(true) end\nreturn F\n-- v2\n".write(to: file, atomically: true, encoding: .utf8)
        h.notify("textDocument/didSave", ["textDocument": ["uri": .string(uri)]])
        #expect(h.notifications("scrim/pluginDidReload").map(\.["name"]) == ["fade"])
        // The same text again through the client's watcher: already loaded, no second reload.
        h.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(uri), "type": 2]]])
        #expect(h.notifications("scrim/pluginDidReload").count == 1)
        // A broken save keeps the old version and publishes the error.
        try "local F = {\n".write(to: file, atomically: true, encoding: .utf8)
        h.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(uri), "type": 2]]])
        let diagnostics = h.notifications("textDocument/publishDiagnostics").last { $0["uri"] == .string(uri) }
        #expect(diagnostics?["diagnostics"]?.arrayValue?.count == 1)
        #expect(h.result("scrim/plugins")["plugins"]?.arrayValue?.first?["name"] == "fade")
    }
}
