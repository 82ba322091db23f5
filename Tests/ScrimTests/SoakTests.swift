import ScrimBench
import Testing

/// The soak of `scrim bench --soak`, 500 cycles: every transition ends, half the interactive
/// presentations are finished and half cancelled, the animator is reloaded every 100 cycles, and
/// what the Lua state holds after the warm-up is what it holds at the end.
@MainActor @Suite struct SoakTests {
    @Test func fiveHundredCyclesOverTheProtocolLeaveTheLuaStateAsTheyFoundIt() throws {
        let report = try SoakRun(cycles: 500, warmUp: 100).run()
        #expect(report.problems == [])
        #expect(report.cycles == 500)
        // 500 presentations and 250 dismissals, all ended.
        #expect(report.transitionsBegun == 750)
        #expect(report.transitionsEnded == 750)
        #expect(report.completed == 500)
        #expect(report.cancelled == 250)
        #expect(report.reloads == 4)
        let start = try #require(report.afterWarmUp), end = try #require(report.atEnd)
        #expect(end.registryReferences == start.registryReferences)
        #expect(end.handles == start.handles)
        #expect(end.swiftFunctions == start.swiftFunctions)
        #expect(end.hostObjects <= start.hostObjects)
        // The heap may differ by what one reload's strings and tables weigh, not by cycles' worth.
        #expect(end.luaBytes < start.luaBytes + 64 * 1024, "Lua heap \(start.luaBytes) → \(end.luaBytes)")
    }
}
