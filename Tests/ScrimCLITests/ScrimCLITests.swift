import Foundation
import ScrimTestSupport
import Testing
@testable import ScrimServer
import ScrimJSON

/// Docs/CLI.md with the real executable: `scrim run` (table, JSON lines, usage errors) and
/// `scrim check` (diagnostics as `file:line:col: severity: message`, exit codes).
@Suite struct ScrimCLITests {
    /// A table line's cells: the text between runs of two or more spaces.
    static func cells(_ line: String) -> [String] {
        line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// A fresh directory for plugin files.
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func runPlaysTheDemoAndPrintsATable() async throws {
        let result = try await ScrimExecutable.run(["run"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdoutLines
        try #require(lines.count > 6)
        #expect(Self.cells(lines[0]) == ["time", "view", "frame", "alpha", "cornerRadius"])
        #expect(lines[1].allSatisfy { $0 == "-" || $0 == " " })
        #expect(lines[2] == "== presentation (transition 1, nav → details) ==")
        #expect(lines[3] == "0.0167  * transition 1 began")
        #expect(Self.cells(lines[4]) == ["0.0167", "details", "(20.00, 120.00, 350.00, 200.00)", "1.000", "20.00"])
        // Rows until the end; in the last tick the completion handler and the transition's end
        // come first (they run during the tick), then the tick's frame.
        let rows = lines.dropFirst(4).dropLast(3)
        #expect(rows.allSatisfy { Self.cells($0).count == 5 })
        #expect(Array(lines.suffix(3).prefix(2)) == ["0.8167  * present completion(true)", "0.8167  * transition 1 completed"])
        #expect(Self.cells(lines.last ?? "") == ["0.8167", "details", "(0.00, 0.00, 390.00, 844.00)", "1.000", "0.00"])
    }

    @Test func runJSONPrintsOneObjectPerFrame() async throws {
        let result = try await ScrimExecutable.run(["run", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdoutLines
        try #require(lines.count > 10)
        var previous = -1.0
        for line in lines {
            let value = try JSONValue(parsing: line)
            let time = try #require(value["time"]?.doubleValue, "\(line.prefix(80))")
            #expect(time > previous)
            previous = time
            #expect(value["views"]?.arrayValue?.isEmpty == false)
            #expect(value.objectValue?.keys == ["time", "views"])
        }
        #expect(try JSONValue(parsing: lines[0])["time"] == 0.0)
    }

    @Test func runWithAnUnknownStyleIsAUsageError() async throws {
        let result = try await ScrimExecutable.run(["run", "--style", "bogus"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("--style: unknown presentation style 'bogus'"))
        #expect(result.stderr.contains("fullScreen"))
    }

    @Test func checkReportsABrokenPluginAtItsLineAndColumn() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("broken.lua")
        try "local Broken = {}\nfunction Broken.new(options)\n  return {\nend\nreturn Broken\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try await ScrimExecutable.run(["check", file.path], in: directory)
        #expect(result.status == 1)
        #expect(result.stdoutLines == ["\(file.path):4:1: error: unexpected symbol near 'end'"])
    }

    @Test func checkPrintsOnlyItsSummaryForACleanPlugin() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("fade.lua")
        try """
            local Fade = {}

            function Fade.new(options)
              return {}
            end

            function Fade:transitionDuration(ctx)
              return 0.25
            end

            function Fade:animateTransition(ctx)
              ctx:completeTransition(true)
            end

            return Fade

            """.write(to: file, atomically: true, encoding: .utf8)
        let result = try await ScrimExecutable.run(["check", "fade.lua"], in: directory)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        // The summary goes to stderr when stdout is not a terminal.
        #expect(result.stderr == "1 file checked, no problems\n")
    }
}
