import Foundation
import ScrimJSON
import Testing

/// `scrim bench` as a process (Docs/Benchmarks.md): the benchmarks it knows and what
/// `engine.tick.lua` reports beside its memory-traffic floor. Figures are not checked (a debug
/// build's mean nothing); that they are reported, and consistent with each other, is.
@Suite struct ScrimBenchTests {
    @Test func anUnknownFilterListsEveryBenchmarkTheFloorAmongThem() async throws {
        let result = try await ScrimExecutable.run(["bench", "--filter", "no-such-benchmark"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("no benchmark matches 'no-such-benchmark'; known: engine.tick, engine.tick.lua, engine.tick.floor, lua.pureBaseline"))
    }

    @Test func theLuaEngineIsReportedAsARatioToTheFloorMeasuredInTheSameRun() async throws {
        let result = try await ScrimExecutable.run(["bench", "--json", "--runs", "1", "--filter", "engine.tick."])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try result.stdoutLines.map { try JSONValue(parsing: $0) }
        try #require(lines.count == 2, "\(result.stdout)")
        let (engine, floor) = (lines[0], lines[1])
        #expect(engine["benchmark"] == "engine.tick.lua")
        #expect(floor["benchmark"] == "engine.tick.floor")

        #expect(floor["views"] == 10_000)
        #expect(floor["properties"] == 4)
        #expect(floor["bytesPerUpdate"] == 168)
        // 50 000 tracks of 96 bytes and 10 000 slots of 60 doubles.
        #expect(floor["footprintBytes"] == 9_600_000)
        #expect(try #require(floor["nsPerUpdate"]?.doubleValue) > 0)

        let median = try #require(engine["medianMs"]?.doubleValue)
        let floorMedian = try #require(engine["floorMedianMs"]?.doubleValue)
        let ratio = try #require(engine["ratioToFloor"]?.doubleValue)
        #expect(floorMedian > 0)
        // The numbers are printed to 6 significant digits.
        #expect(abs(ratio - median / floorMedian) <= 1e-4 * ratio, "\(ratio) vs \(median) / \(floorMedian)")
    }

    @Test func theTableLineOfTheLuaEngineShowsTheRatioToo() async throws {
        let result = try await ScrimExecutable.run(["bench", "--runs", "1", "--filter", "engine.tick.lua"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdoutLines
        try #require(lines.count == 1, "\(result.stdout)")
        #expect(lines[0].hasPrefix("engine.tick.lua views=10000 properties=4: median "))
        #expect(lines[0].contains(" ns/update, "))
        #expect(lines[0].contains(", floorMedianMs "))
        #expect(lines[0].contains(", ratioToFloor "))
    }
}
