import Foundation
import ScrimCore
@testable import ScrimLua
import Testing
@testable import ScrimServer
import ScrimHost

/// Docs/Protocol.md, "Documents, diagnostics and hot reload": an editor's documents are checked
/// and their diagnostics published.
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
        let utf16 = diagnostic.lspJSON(uri: "file:///tmp/x.lua", encoding: .utf16, lines: lines)
        let utf8 = diagnostic.lspJSON(uri: "file:///tmp/x.lua", encoding: .utf8, lines: lines)
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
        try "local F = { duration = 0.3 }\nfunction F:animateTransition(ctx) ctx:completeTransition(true) end\nreturn F\n".write(to: file, atomically: true, encoding: .utf8)
        var options = SessionOptions()
        options.watch = false
        let h = ServerHarness(options: options)
        h.start(["watch": false, "pluginPaths": [.string(directory.path)]])
        let uri = file.absoluteString
        #expect(h.result("scrim/plugins")["plugins"]?.arrayValue?.map(\.["name"]) == ["fade"])
        try "local F = { duration = 0.3 }\nfunction F:animateTransition(ctx) ctx:completeTransition(true) end\nreturn F\n-- v2\n".write(to: file, atomically: true, encoding: .utf8)
        h.notify("textDocument/didSave", ["textDocument": ["uri": .string(uri)]])
        #expect(h.notifications("scrim/pluginDidReload").map(\.["name"]) == ["fade"])
        // The same text again through the client's watcher, another didSave, or a rewrite with
        // identical text: already loaded, no second reload.
        h.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(uri), "type": 2]]])
        h.notify("textDocument/didSave", ["textDocument": ["uri": .string(uri)]])
        try "local F = { duration = 0.3 }\nfunction F:animateTransition(ctx) ctx:completeTransition(true) end\nreturn F\n-- v2\n".write(to: file, atomically: true, encoding: .utf8)
        h.notify("textDocument/didSave", ["textDocument": ["uri": .string(uri)]])
        #expect(h.notifications("scrim/pluginDidReload").count == 1)
        #expect(h.result("scrim/plugins")["plugins"]?.arrayValue?.first?["generation"]?.intValue == 2)
        // A broken save keeps the old version and publishes the error.
        try "local F = {\n".write(to: file, atomically: true, encoding: .utf8)
        h.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(uri), "type": 2]]])
        let diagnostics = h.notifications("textDocument/publishDiagnostics").last { $0["uri"] == .string(uri) }
        #expect(diagnostics?["diagnostics"]?.arrayValue?.count == 1)
        #expect(h.result("scrim/plugins")["plugins"]?.arrayValue?.first?["name"] == "fade")
    }

    /// A runtime error raised inside Scrim's own Lua (`scrim.Rect`'s argument check, chunk
    /// `=scrim`) called from a function of the document.
    static let rectError = "local function make(v)\n  local r = scrim.Rect(v, 0, 0, 0)\n  return r\nend\nlocal r = make(\"é😀\")\nreturn {}\n"

    @Test func tracebackFramesInScrimsOwnChunksAreLeftOut() throws {
        let h = ServerHarness()
        h.start()
        open(h, Self.rectError)
        let diagnostic = try #require(h.notifications("textDocument/publishDiagnostics").last?["diagnostics"]?.arrayValue?.first)
        #expect(diagnostic["message"]?.stringValue?.contains("Rect x: expected a number, got string") == true)
        #expect(diagnostic["range"]?["start"]?["line"] == 1)
        // The traceback runs through `=scrim` (`scrim.Rect`'s check); only the document's own
        // frame (line 5, `make` called from the main chunk) is published.
        let frames = try ScrimHost().check(Self.rectError, path: "/tmp/scrim-doc-test/fade.lua").first?.related ?? []
        #expect(frames.contains { $0.path == "=scrim" })
        let related = try #require(diagnostic["relatedInformation"]?.arrayValue)
        #expect(related.map { $0["location"]?["uri"] } == [.string(uri)])
        #expect(related.first?["location"]?["range"]?["start"]?["line"] == 4)

        // Directly: a frame in `=scrim-sandbox` or a shortened name has no URI and is left out.
        let made = ScriptDiagnostic(
            path: "/tmp/x.lua", range: .init(start: .init(line: 0, character: 0), end: .init(line: 0, character: 4)),
            message: "boom",
            related: [
                .init(path: "=scrim-sandbox", range: .init(start: .init(line: 9, character: 0), end: .init(line: 9, character: 0)), message: "in function 'f'"),
                .init(path: "...deep/y.lua", range: .init(start: .init(line: 1, character: 0), end: .init(line: 1, character: 0)), message: "in function 'g'"),
                .init(path: "/tmp/y.lua", range: .init(start: .init(line: 2, character: 0), end: .init(line: 2, character: 0)), message: "in function 'h'"),
            ])
        let json = made.lspJSON(uri: "file:///tmp/x.lua", encoding: .utf16, lines: nil)
        #expect(json["relatedInformation"]?.arrayValue?.map { $0["location"]?["uri"] } == ["file:///tmp/y.lua"])
        let internalOnly = ScriptDiagnostic(
            path: "/tmp/x.lua", range: made.range, message: "boom", related: [made.related[0]])
        #expect(internalOnly.lspJSON(uri: "file:///tmp/x.lua", encoding: .utf16, lines: nil)["relatedInformation"] == nil)
    }

    @Test func anUntitledBufferGetsItsDiagnosticsUnderItsOwnURIWithUTF8Ranges() throws {
        let h = ServerHarness()
        h.start(capabilities: ["general": ["positionEncodings": ["utf-8", "utf-16"]]])
        let untitled = "untitled:Untitled-1"
        h.notify("textDocument/didOpen", ["textDocument": ["uri": .string(untitled), "languageId": "lua", "version": 1, "text": .string(Self.rectError)]])
        let published = try #require(h.notifications("textDocument/publishDiagnostics").last)
        #expect(published["uri"] == .string(untitled))
        let diagnostic = try #require(published["diagnostics"]?.arrayValue?.first)
        #expect(diagnostic["range"] == ["start": ["line": 1, "character": 2], "end": ["line": 1, "character": 34]])
        let related = try #require(diagnostic["relatedInformation"]?.arrayValue?.first)
        #expect(related["location"]?["uri"] == .string(untitled))
        // `local r = make("é😀")` is 21 UTF-16 units and 24 UTF-8 bytes.
        #expect(related["location"]?["range"] == ["start": ["line": 4, "character": 0], "end": ["line": 4, "character": 24]])

        h.notify("textDocument/didChange", ["textDocument": ["uri": .string(untitled), "version": 2], "contentChanges": [["text": "return 5\n"]]])
        #expect(h.notifications("textDocument/publishDiagnostics").last?["uri"] == .string(untitled))
        h.notify("textDocument/didClose", ["textDocument": ["uri": .string(untitled)]])
        #expect(h.notifications("textDocument/publishDiagnostics").last == ["uri": .string(untitled), "diagnostics": []])
    }
}
