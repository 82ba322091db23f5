import Foundation
import Testing

/// `scrim run Plugins/parallax.lua --push` with an interaction file whose pans begin at the left
/// edge: the navigation controller's edge swipe pops interactively, driven by the plugin's own
/// interaction, and the run lasts until that pop has ended.
@Suite struct ScrimRunEdgeSwipeTests {
    static let scene = #"""
        { "window": { "width": 390, "height": 844 }, "root": "nav", "viewControllers": [
          { "id": "nav", "kind": "navigation", "view": { "frame": { "x": 0, "y": 0, "width": 390, "height": 844 } }, "children": ["list"] },
          { "id": "list", "view": { "frame": { "x": 0, "y": 0, "width": 390, "height": 844 } } },
          { "id": "detail", "view": { "frame": { "x": 0, "y": 0, "width": 390, "height": 844 } } } ] }
        """#

    /// Runs parallax.lua pushing `detail`, then the edge swipe of `pans` (x positions at 0.6, 0.7, …;
    /// the last one ends the pan).
    static func run(swipeTo xs: [Double]) async throws -> ScrimExecutable.Result {
        var events = [#"{ "time": 0.6, "pan": "began", "x": 5, "y": 400 }"#]
        for (index, x) in xs.enumerated() {
            let phase = index == xs.count - 1 ? "ended" : "changed"
            events.append(#"{ "time": \#(0.7 + 0.1 * Double(index)), "pan": "\#(phase)", "x": \#(x), "y": 400 }"#)
        }
        let directory = try ScrimRunTests.directory([
            "nav.json": scene, "edge.json": "[\(events.joined(separator: ",\n"))]",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await ScrimExecutable.run([
            "run", "Plugins/parallax.lua", "--scene", directory.appendingPathComponent("nav.json").path, "--push",
            "--interaction", directory.appendingPathComponent("edge.json").path, "--fps", "20",
        ])
    }

    @Test func aSwipePastHalfWayPopsAndTheRunWaitsForIt() async throws {
        let result = try await Self.run(swipeTo: [100, 250, 250])
        #expect(result.status == 0, "\(result.stderr)")
        let events = result.stdoutLines.filter { $0.contains("==") || $0.contains("* ") }
        #expect(events == [
            "== push (transition 1, list → detail) ==", "0.0500  * transition 1 began", "0.4000  * push completion(true)",
            "0.4000  * transition 1 completed", "== pop (transition 2, detail → list, interactive) ==",
            "0.6500  * transition 2 began", "1.0500  * transition 2 completed",
        ])
        // 95 of 390 pt across at 0.7 s: shown on the next frame, eased (ease-in-out at 0.2436).
        let row = try #require(result.stdoutLines.first { $0.hasPrefix("0.7500  detail") })
        #expect(ScrimRunTests.cells(row)[2] == "(47.76, 0.00, 390.00, 844.00)")
        #expect(result.stdoutLines.last?.hasPrefix("1.0500  list              (0.00, 0.00, 390.00, 844.00)") == true)
    }

    @Test func aShortSwipeGoesBack() async throws {
        let result = try await Self.run(swipeTo: [60, 60])
        #expect(result.status == 0, "\(result.stderr)")
        let events = result.stdoutLines.filter { $0.contains("* transition 2") }
        #expect(events.last?.hasSuffix("* transition 2 cancelled") == true, "\(events)")
        #expect(result.stdoutLines.contains { $0.hasPrefix("0.6500  list              (-117.00, 0.00, 390.00, 844.00)") })
        let last = result.stdoutLines.filter { $0.contains(" detail ") }.last
        #expect(last?.contains("(0.00, 0.00, 390.00, 844.00)") == true, "\(String(describing: last))")
    }
}
