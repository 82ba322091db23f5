import Foundation
import ScrimTestSupport
import Testing

/// `Docs/Embedding.md`'s complete example is the code of `EmbeddingExampleTests.swift`, what the
/// page says it prints is what it prints, and the DocC article that quotes it quotes it exactly.
@MainActor @Suite struct EmbeddingDocTests {
    static let root = Repository.root

    /// The page's lines from the heading `heading` on.
    func section(_ heading: String) throws -> [Substring] {
        let page = try String(contentsOf: Self.root.appendingPathComponent("Docs/Embedding.md"), encoding: .utf8)
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex(of: Substring(heading)), "Docs/Embedding.md has no '\(heading)'")
        return Array(lines[start...])
    }

    /// The first fenced block opened by `fence` in `lines`.
    func block(_ lines: [Substring], fence: String) throws -> [String] {
        let open = try #require(lines.firstIndex(of: Substring(fence)), "no \(fence) block")
        let close = try #require(lines[(open + 1)...].firstIndex(of: "```"), "unclosed \(fence) block")
        return lines[(open + 1)..<close].map(String.init)
    }

    /// Lines without trailing spaces and without blank lines at either end.
    func normalized(_ lines: [String]) -> [String] {
        var result = lines.map { line in String(line.reversed().drop { $0 == " " || $0 == "\t" }.reversed()) }
        while result.first?.isEmpty == true { result.removeFirst() }
        while result.last?.isEmpty == true { result.removeLast() }
        return result
    }

    @Test func theCompleteExampleIsTheTestedCode() throws {
        let documented = try block(section("## A complete example"), fence: "```swift")
        let file = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/ScrimTests/EmbeddingExampleTests.swift"), encoding: .utf8)
        let lines = file.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The example is the file between its header comment and the suites that check it.
        let first = try #require(lines.firstIndex { $0.hasPrefix("/// ") })
        let end = try #require(lines.firstIndex { $0.hasPrefix("@MainActor @Suite") })
        let tested = normalized(Array(lines[first..<end]))
        #expect(tested.count > 40)
        #expect(normalized(documented) == tested)
        if normalized(documented) != tested {
            let mismatch = zip(normalized(documented), tested).enumerated().first { $0.element.0 != $0.element.1 }
            Issue.record("first difference: \(String(describing: mismatch))")
        }
    }

    /// The Swift blocks of the DocC article "Embedding a host" are quoted from this page (each is
    /// a run of its lines, indentation aside), so they are the tested code too.
    @Test func theDocCArticleQuotesThisPage() throws {
        func lines(_ path: String) throws -> [String] {
            try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
                .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        let page = try lines("Docs/Embedding.md")
        let article = try lines("Sources/ScrimHost/ScrimHost.docc/EmbeddingAHost.md")
        var blocks: [[String]] = []
        var current: [String]?
        for line in article {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!)
                current = nil
            } else {
                current?.append(line)
            }
        }
        #expect(blocks.count >= 4)
        for block in blocks {
            let quoted = (0...(page.count - block.count)).contains { Array(page[$0..<($0 + block.count)]) == block }
            #expect(quoted, "not on Docs/Embedding.md: \(block.first ?? "")…")
        }
    }

    @Test func thePrintedOutputIsWhatTheExamplePrints() throws {
        let afterExample = try section("## A complete example")
        let start = try #require(afterExample.firstIndex { $0.hasPrefix("Run it with") })
        let printed = try block(Array(afterExample[start...]), fence: "```")
        #expect(printed == (try runEmbeddingExample()))
    }
}
