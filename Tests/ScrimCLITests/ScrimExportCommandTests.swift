import Foundation
import ScrimTestSupport
import Testing

/// `scrim export` with the real executable: the file it writes and the line it prints, and its
/// refusals (usage errors exit 2 and write nothing).
@Suite struct ScrimExportCommandTests {
    @Test func exportWritesTheSwiftFileNamedAfterThePlugin() async throws {
        let directory = try ScrimCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pop = ScrimExecutable.plugins.appendingPathComponent("pop.lua").path
        let result = try await ScrimExecutable.run(["export", pop, "--swift", "--dismiss"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdoutLines
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("PopTransition.swift: PopTransition (presentation, dismissal), 2 views, ") == true, "\(lines)")
        #expect(lines.first?.hasSuffix(" keyframes") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["PopTransition.swift"])
        let source = try String(contentsOf: directory.appendingPathComponent("PopTransition.swift"), encoding: .utf8)
        #expect(source.hasPrefix("// PopTransition.swift\n"))
        #expect(source.contains("import UIKit"))
    }

    @Test func outputAndTypeNameAreTheOnesGiven() async throws {
        let directory = try ScrimCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = ScrimExecutable.plugins.appendingPathComponent("scenarios/flip.json").path
        let result = try await ScrimExecutable.run(
            ["export", "--swift", "--scenario", scenario, "--type-name", "CardFlip", "-o", "Flip.swift"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutLines.first?.hasPrefix("Flip.swift: CardFlip (presentation, dismissal), ") == true, "\(result.stdoutLines)")
        let source = try String(contentsOf: directory.appendingPathComponent("Flip.swift"), encoding: .utf8)
        #expect(source.contains("final class CardFlip: NSObject"))
    }

    @Test func withoutSwiftItIsAUsageErrorNamingTheFormat() async throws {
        let directory = try ScrimCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await ScrimExecutable.run(["export", "--dismiss"], in: directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--swift is required: Swift for UIKit is the only export format"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func aBadOptionIsAUsageError() async throws {
        let directory = try ScrimCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let style = try await ScrimExecutable.run(["export", "--swift", "--style", "sideways"], in: directory)
        #expect(style.status == 2)
        #expect(style.stderr.contains("--style: unknown presentation style 'sideways'"), "\(style.stderr)")
        let name = try await ScrimExecutable.run(["export", "--swift", "--type-name", "3D"], in: directory)
        #expect(name.status == 2)
        #expect(name.stderr.contains("--type-name: '3D' is not a Swift type name"), "\(name.stderr)")
        let keyword = try await ScrimExecutable.run(["export", "--swift", "--type-name", "class"], in: directory)
        #expect(keyword.status == 2)
        #expect(keyword.stderr.contains("--type-name: 'class' is not a Swift type name (letters, digits and _, not starting with a digit, not a keyword)"), "\(keyword.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func aPlaybackWithNoTransitionFailsWritingNothing() async throws {
        let directory = try ScrimCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = ScrimExecutable.plugins.appendingPathComponent("scenarios/zoomsegue.json").path
        let result = try await ScrimExecutable.run(["export", "--swift", "--scenario", scenario], in: directory)
        #expect(result.status == 1)
        #expect(result.stderr.contains("no presentation, dismissal, push or pop that it animates ran to its end: nothing to export"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
