import Foundation
import ScrimTestSupport
import Testing

/// `scrim run` with a plugin that faults as it plays: one line per fault, `path:line:col: error:
/// message` with the path as typed, no second copy, and no follow-on error from a step that could
/// not run (the timeline says it was skipped); exit 1. `scrim check --play` finds the same fault
/// before anything is run by hand, and none in the shipped plugins.
@Suite struct ScrimRunFaultTests {
    static let failing = FaultyPlugins.animateTransitionError

    @Test func aFaultInAnimateTransitionIsOneLineWithThePathAsTyped() async throws {
        let directory = try temporaryDirectory(["rt.lua": Self.failing])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await ScrimExecutable.run(["run", "rt.lua", "--dismiss"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderr == "rt.lua:9:3: error: animateTransition: attempt to perform arithmetic on a nil value\n")
        #expect(result.stdoutLines.suffix(4) == [
            "0.0167  * transition 1 began", "0.0167  * present completion(false)", "0.0167  * transition 1 cancelled",
            "0.0167  * dismiss skipped: the presentation was cancelled",
        ])
    }

    @Test func theFaultIsAnEventOfTheJSONLines() async throws {
        let directory = try temporaryDirectory(["rt.lua": Self.failing])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await ScrimExecutable.run(["run", "rt.lua", "--dismiss", "--json", "--events"], in: directory)
        #expect(result.status == 1)
        let fault = try #require(result.stdoutLines.first { $0.contains("\"event\":\"fault\"") })
        #expect(fault == #"{"time":0.016666666666666666,"event":"fault","message":"animateTransition: attempt to perform arithmetic on a nil value","file":"rt.lua","line":9,"column":3,"role":"animator","method":"animateTransition","transition":1}"#)
        #expect(result.stdoutLines.last == #"{"time":0.016666666666666666,"event":"skipped","skipped":"dismiss skipped: the presentation was cancelled"}"#)
    }

    @Test func checkPlayReportsTheFaultAsCheckReportsALoadError() async throws {
        let directory = try temporaryDirectory(["rt.lua": Self.failing])
        defer { try? FileManager.default.removeItem(at: directory) }
        let loads = try await ScrimExecutable.run(["check", "rt.lua"], in: directory)
        #expect(loads.status == 0)
        #expect(loads.stderr == "1 file checked, no problems\n")
        let played = try await ScrimExecutable.run(["check", "--play", "rt.lua"], in: directory)
        #expect(played.status == 1)
        #expect(played.stdout == "rt.lua:9:3: error: animateTransition: attempt to perform arithmetic on a nil value\n")
        #expect(played.stderr == "1 file checked: 1 error\n")
    }

    @Test func theShippedPluginsPlayWithoutAFault() async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Repository.plugins.path)
            .filter { $0.hasSuffix(".lua") && !$0.hasSuffix(".d.lua") }.sorted()
        try #require(files.count >= 9)
        let result = try await ScrimExecutable.run(["check", "--play"] + files.map { "Plugins/\($0)" })
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "\(files.count) files checked, no problems\n")
    }

    /// Docs/Reliability.md, *Special files*: an interaction file that is no regular file.
    @Test func scrimRunWithASpecialInteractionFileEnds() async throws {
        let directory = try SpecialFiles.make("json")
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, error) in SpecialFiles.kinds {
            let result = try await ScrimExecutable.run(["run", "--interaction", "\(name).json"], in: directory)
            #expect(result.status != nil && result.status != 0, "\(name)")
            // The command line itself refuses a directory before reading it.
            let expected = name == "dir" ? "--interaction: dir.json: no such readable file" : "cannot read the interaction file: \(error)"
            #expect(result.stderr.contains(expected), "\(name): \(result.stderr)")
        }
    }
}
