import Foundation
import Scrim
import ScrimHost

/// `lua.budgetOverhead`: what the limits cost and what they buy.
///
/// - The cost: a plugin-heavy transition (an `animateTransition` looping 200 000 times over
///   arithmetic and table work, with 2 000 string operations and 2 000 Scrim calls) run with the
///   default limits and with every limit off (no hook at all); the overhead is the difference.
/// - What they buy: the time from a runaway plugin's start (`while true do end` in
///   `animateTransition`) to the host's next answer, at the default budget (target < 50 ms).
@MainActor
struct BudgetOverheadBenchmark {
    let samples = 15

    static let heavy = """
        local Heavy = { duration = 0 }
        function Heavy:animateTransition(ctx)
          local view = ctx:view("to")
          ctx.containerView:addSubview(view)
          local t, words = {}, {}
          for i = 1, 200000 do
            t[i % 512 + 1] = (t[(i * 7) % 512 + 1] or 0) * 0.5 + i % 13
            if i % 100 == 0 then
              view.alpha = (i % 1000) / 1000
              words[#words + 1] = ("w" .. i):upper()
            end
          end
          ctx:completeTransition(true)
        end
        return Heavy
        """

    static let runaway = """
        return { duration = 0.3, animateTransition = function(self, ctx) while true do end end }
        """

    /// Seconds of one presentation with `source` as its animator, from `present` to the end of
    /// the tick that ran `animateTransition`.
    private func presentOnce(_ directory: URL, limits: ScrimHost.Limits) throws -> UInt64 {
        let host = try ScrimHost(pluginDirectories: [directory], limits: limits)
        let presented = ViewController(id: "presented")
        presented.transitioningDelegate = try host.delegate(animator: "bench")
        return try timed {
            try host.rootViewController.present(presented, animated: true)
            host.advance(by: 1.0 / 60)
        }.nanoseconds
    }

    func run() throws -> [BenchmarkResult] {
        let heavy = try BenchPlugin.directory(source: Self.heavy, name: "bench")
        let runaway = try BenchPlugin.directory(source: Self.runaway, name: "bench")
        defer {
            try? FileManager.default.removeItem(at: heavy)
            try? FileManager.default.removeItem(at: runaway)
        }
        let unlimited = ScrimHost.Limits(instructionBudget: 0, memoryLimit: 0, timeLimit: .zero)
        var limited: [UInt64] = []
        var free: [UInt64] = []
        var stopped: [UInt64] = []
        for _ in 0..<samples {
            limited.append(try presentOnce(heavy, limits: .init()))
            free.append(try presentOnce(heavy, limits: unlimited))
            stopped.append(try presentOnce(runaway, limits: .init()))
        }
        let (limitedMedian, limitedP99) = percentiles(limited)
        let (freeMedian, _) = percentiles(free)
        let (stoppedMedian, stoppedP99) = percentiles(stopped)
        return [
            BenchmarkResult(
                name: "lua.budgetOverhead", parameters: [("iterations", 2e5)], medianMs: limitedMedian, p99Ms: limitedP99,
                extra: [("withoutLimitsMedianMs", freeMedian), ("overheadPercent", (limitedMedian / freeMedian - 1) * 100)]),
            BenchmarkResult(
                name: "lua.budgetOverhead.runaway", parameters: [("budget", 1e7)], medianMs: stoppedMedian, p99Ms: stoppedP99,
                targetMs: 50),
        ]
    }
}
