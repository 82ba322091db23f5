import Testing
@testable import ScrimLua

@MainActor @Suite struct DiagnosticTests {
    @Test func aRuntimeErrorLandsOnItsLineWithTheTracebackAsRelatedInformation() throws {
        let runner = try SandboxRunner()
        let source = "local function f()\n    error('boom')  \nend\nf()"
        let error = try runner.failure(source)
        let diagnostic = DiagnosticBuilder(path: "plugin.lua", source: source).diagnostic(for: error)
        #expect(diagnostic.message == "boom")
        #expect(diagnostic.range == .init(start: .init(line: 1, character: 4), end: .init(line: 1, character: 17)))
        #expect(diagnostic.related.map(\.range.start.line) == [3])
        #expect(diagnostic.description == "plugin.lua:2:5: error: boom")
    }

    @Test func aSyntaxErrorNamesItsLine() throws {
        let runner = try SandboxRunner()
        let source = "local x = 1\nreturn = 3"
        do {
            try runner.state.load(source, chunkName: "broken.lua")
            Issue.record("expected a syntax error")
        } catch {
            let diagnostic = DiagnosticBuilder(path: "broken.lua", source: source).diagnostic(for: error)
            #expect(diagnostic.range.start.line == 1)
            #expect(diagnostic.message.contains("unexpected symbol") || diagnostic.message.contains("expected"))
        }
    }

    @Test func charactersAreCountedInUTF16() {
        let builder = DiagnosticBuilder(path: "p.lua", source: "  local s = '😀é' -- x")
        let range = builder.range(ofLine: 0, in: builder.source)
        #expect(range.start.character == 2)
        #expect(range.end.character == 2 + "local s = '😀é' -- x".utf16.count)
    }

    @Test func prefixesAreSplitOnlyWhereALineNumberFollows() {
        #expect(DiagnosticBuilder.splitPrefix("a:b.lua:12: oops") ?? ("", 0, "") == ("a:b.lua", 11, "oops"))
        #expect(DiagnosticBuilder.splitPrefix("no line here") == nil)
    }

    @Test func suggestionsFindTyposOnly() {
        let names = ["animate", "animateKeyframes", "addKeyframe", "Rect", "Point"]
        #expect(NameSuggestion.closest(to: "animat", in: names) == "animate")
        #expect(NameSuggestion.closest(to: "aniamte", in: names) == "animate")
        #expect(NameSuggestion.closest(to: "Rcet", in: names) == "Rect")
        #expect(NameSuggestion.closest(to: "frobnicate", in: names) == nil)
        #expect(NameSuggestion.editDistance("kitten", "sitting") == 3)
    }
}
