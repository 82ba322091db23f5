import Foundation
import ScrimHost
import ScrimPlayback
import ScrimServer

/// `check.play`: the play-check of each shipped plugin that plays a role, as `scrim check --play`
/// and the language server's check on save run it — `PlayCheck.faults`: one host of its own,
/// loading the plugin's directory, each play on a new window of it: the demo scene presented and
/// dismissed (pushed and popped too for a delegate, a percent sweep for an interaction) at 60 fps
/// on the manual clock. 30 samples per plugin after 3 warm-ups; one result per plugin,
/// `check.play.<name>`. The server's whole check on save (`PlayDiagnostics.check`, with the
/// faults made diagnostics) is reported beside it as `saveP95Ms`. Target: p95 < 50 ms.
@MainActor
struct PlayCheckBenchmark {
    let samples = 30
    static let targetP95Ms = 50.0

    func run() throws -> [BenchmarkResult] {
        guard let directory = ShippedPlugins.directory else {
            throw BenchmarkFailure("check.play: the shipped plugins were not found; set SCRIM_PLUGINS")
        }
        let host = try ScrimHost(pluginDirectories: [directory])
        return try host.plugins.sorted { $0.name < $1.name }.compactMap { plugin in
            let url = URL(fileURLWithPath: plugin.path)
            guard !PlayCheck.plays(of: url, roles: plugin.roles).isEmpty else { return nil }
            let faults = try PlayCheck.faults(of: url)
            guard faults.isEmpty else {
                throw BenchmarkFailure("check.play: the shipped \(plugin.name) faults: \(faults.map(\.description).joined(separator: "; "))")
            }
            let timings = try measure { _ = try PlayCheck.faults(of: url) }
            let saves = try measure { _ = PlayDiagnostics.check(plugin.path, directories: [], limits: .init()) }
            let (median, p99) = percentiles(timings)
            let p95 = Self.p95(timings)
            return BenchmarkResult(
                name: "check.play.\(plugin.name)", parameters: [("plays", Double(PlayCheck.plays(of: url, roles: plugin.roles).count))],
                medianMs: median, p99Ms: p99,
                extra: [("p95Ms", p95), ("saveP95Ms", Self.p95(saves)), ("targetP95Ms", Self.targetP95Ms), ("met", p95 < Self.targetP95Ms ? 1 : 0)])
        }
    }

    /// The nanoseconds of `samples` runs of `work`, after 3 warm-ups.
    private func measure(_ work: () throws -> Void) throws -> [UInt64] {
        var timings: [UInt64] = []
        for index in 0..<samples + 3 {
            let elapsed = try timed { try work() }.nanoseconds
            if index >= 3 { timings.append(elapsed) }
        }
        return timings
    }

    private static func p95(_ samplesNs: [UInt64]) -> Double {
        let sorted = samplesNs.sorted()
        return Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))]) / 1e6
    }
}
