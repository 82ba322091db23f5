import Foundation
import Testing

/// `scrim run Plugins/parallax.lua --push` on the demo (its `nav` around `home`): with `--dismiss`
/// the pop from code, and with an interaction file whose pans begin at the left edge the edge
/// swipe's pop, driven by the plugin's own interaction; the run lasts until that pop has ended.
@Suite struct ScrimRunEdgeSwipeTests {
    /// Runs parallax.lua pushing `detail`, then the edge swipe of `pans` (x positions at 0.6, 0.7, …;
    /// the last one ends the pan).
    static func run(swipeTo xs: [Double]) async throws -> ScrimExecutable.Result {
        var events = [#"{ "time": 0.6, "pan": "began", "x": 5, "y": 400 }"#]
        for (index, x) in xs.enumerated() {
            let phase = index == xs.count - 1 ? "ended" : "changed"
            events.append(#"{ "time": \#(0.7 + 0.1 * Double(index)), "pan": "\#(phase)", "x": \#(x), "y": 400 }"#)
        }
        let directory = try ScrimRunTests.directory(["edge.json": "[\(events.joined(separator: ",\n"))]"])
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await ScrimExecutable.run([
            "run", "Plugins/parallax.lua", "--push", "--interaction", directory.appendingPathComponent("edge.json").path,
            "--fps", "20",
        ])
    }

    /// sheet.lua's dismissal is interactive: with no input it waits until the host gives up (30
    /// clock seconds), and the run says what was missing.
    @Test func anInteractiveTransitionWithNoInputEndsWithAHint() async throws {
        let result = try await ScrimExecutable.run(["run", "Plugins/sheet.lua", "--dismiss", "--fps", "10"])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("was left without an update for 30 s after startInteractiveTransition") })
        #expect(lines.last == "scrim run: an interactive transition got no input: give its pans or percent updates with --interaction FILE or in a --scenario (see Docs/CLI.md)")
        // With the drag given, no hint.
        let swiped = try await Self.run(swipeTo: [60, 120, 240])
        #expect(!swiped.stderr.contains("got no input"))
    }

    @Test func pushThenDismissShowsBothTimelines() async throws {
        let result = try await ScrimExecutable.run(["run", "Plugins/parallax.lua", "--push", "--dismiss", "--fps", "10"])
        #expect(result.status == 0, "\(result.stderr)")
        let events = result.stdoutLines.filter { $0.contains("==") || $0.contains("* ") }
        #expect(events == [
            "== push (transition 1, home → details) ==", "0.1000  * transition 1 began", "0.5000  * push completion(true)",
            "0.5000  * transition 1 completed", "== pop (transition 2, details → home) ==", "0.6000  * transition 2 began",
            "1.0000  * pop completion(true)", "1.0000  * transition 2 completed",
        ])
        // 0.2 s into the 0.35 s push, ease-in-out at 4/7 is 0.6216: the details view at
        // 390 × (1 − 0.6216), the dimming view's alpha at 0.2 × 0.6216.
        let dimming = try #require(result.stdoutLines.first { $0.hasPrefix("0.3000  parallax.dimming") })
        #expect(ScrimRunTests.cells(dimming)[3] == "0.124")
        let details = try #require(result.stdoutLines.first { $0.hasPrefix("0.3000  details ") })
        #expect(ScrimRunTests.cells(details)[2] == "(147.59, 0.00, 390.00, 844.00)")
    }

    @Test func aSwipePastHalfWayPopsAndTheRunWaitsForIt() async throws {
        let result = try await Self.run(swipeTo: [100, 250, 250])
        #expect(result.status == 0, "\(result.stderr)")
        let events = result.stdoutLines.filter { $0.contains("==") || $0.contains("* ") }
        #expect(events == [
            "== push (transition 1, home → details) ==", "0.0500  * transition 1 began", "0.4000  * push completion(true)",
            "0.4000  * transition 1 completed", "== pop (transition 2, details → home, interactive) ==",
            "0.6500  * transition 2 began", "1.0500  * transition 2 completed",
        ])
        // 95 of 390 pt across at 0.7 s: shown on the next frame, eased (ease-in-out at 0.2436).
        let row = try #require(result.stdoutLines.first { $0.hasPrefix("0.7500  details ") })
        #expect(ScrimRunTests.cells(row)[2] == "(47.76, 0.00, 390.00, 844.00)")
        let last = try #require(result.stdoutLines.last)
        #expect(last.hasPrefix("1.0500  home ") && last.contains("(0.00, 0.00, 390.00, 844.00)"), "\(last)")
    }

    @Test func aShortSwipeGoesBack() async throws {
        let result = try await Self.run(swipeTo: [60, 60])
        #expect(result.status == 0, "\(result.stderr)")
        let events = result.stdoutLines.filter { $0.contains("* transition 2") }
        #expect(events.last?.hasSuffix("* transition 2 cancelled") == true, "\(events)")
        #expect(result.stdoutLines.contains { $0.hasPrefix("0.6500  home ") && $0.contains("(-117.00, 0.00, 390.00, 844.00)") })
        let last = result.stdoutLines.filter { $0.contains(" details ") }.last
        #expect(last?.contains("(0.00, 0.00, 390.00, 844.00)") == true, "\(String(describing: last))")
    }
}
