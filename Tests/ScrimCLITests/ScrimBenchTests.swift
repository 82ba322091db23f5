import Foundation
import ScrimJSON
import Testing

/// Whether this test process runs under AddressSanitizer or ThreadSanitizer (scripts/test-sanitized
/// builds every process with it). `scrim-bench` replaces `malloc` to count allocations, which a
/// sanitizer's own allocator does not allow, so it cannot run then.
private let runsUnderASanitizer = ["__asan_init", "__tsan_init"].contains { (name: String) in dlsym(nil, name) != nil }

/// `scrim bench` as a process (Docs/Benchmarks.md): the benchmarks it knows and what
/// `engine.tick.lua` reports beside its memory-traffic floor. Figures are not checked (a debug
/// build's mean nothing); that they are reported, and consistent with each other, is.
@Suite struct ScrimBenchTests {
    @Test func anUnknownFilterListsEveryBenchmarkTheFloorAmongThem() async throws {
        let result = try await ScrimExecutable.run(["bench", "--filter", "no-such-benchmark"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("no benchmark matches 'no-such-benchmark'; known: engine.tick, engine.tick.lua, engine.tick.floor, engine.tick.3d, lua.pureBaseline"))
    }

    @Test func theLuaEngineIsReportedAsARatioToTheFloorMeasuredInTheSameRun() async throws {
        let result = try await ScrimExecutable.run(["bench", "--json", "--runs", "1", "--filter", "engine.tick."])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try result.stdoutLines.map { try JSONValue(parsing: $0) }
        // engine.tick.3d matches the filter too (its fields are checked below).
        try #require(lines.count == 3, "\(result.stdout)")
        let (engine, floor) = (lines[0], lines[1])
        #expect(engine["benchmark"] == "engine.tick.lua")
        #expect(floor["benchmark"] == "engine.tick.floor")
        #expect(lines[2]["benchmark"] == "engine.tick.3d")
        // `scrim` cannot count allocations: only `scrim-bench` reports them.
        #expect(!result.stdout.contains("steadyAllocationsMax"))

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

    @Test(.disabled(if: runsUnderASanitizer, "scrim-bench counts allocations by replacing malloc, which a sanitizer forbids"))
    func theThreeDimensionalTickReportsItsAllocationsUnderScrimBench() async throws {
        let result = try await ScrimExecutable.run(
            ["--json", "--runs", "1", "--filter", "engine.tick.3d"], executable: ScrimExecutable.benchURL)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try result.stdoutLines.map { try JSONValue(parsing: $0) }
        try #require(lines.count == 1, "\(result.stdout)")
        let tick = lines[0]
        #expect(tick["benchmark"] == "engine.tick.3d")
        #expect(tick["views"] == 1_000)
        #expect(tick["properties"] == 4)
        #expect(tick["frames"] == 600)
        #expect(tick["target"]?["medianMs"] == 0.5)
        #expect(try #require(tick["nsPerUpdate"]?.doubleValue) > 0)
        // Frames in which no animation ended, and the most any of them allocated (0 in a release
        // build, Docs/Benchmarks.md; a debug build's unspecialized code allocates, so any count).
        let steadyFrames = try #require(tick["steadyFrames"]?.doubleValue)
        #expect(steadyFrames > 0 && steadyFrames <= 600)
        let allocations = try #require(tick["steadyAllocationsMax"]?.doubleValue)
        #expect(allocations >= 0 && allocations == allocations.rounded())
    }
}
