import Dispatch
import Foundation
import ScrimPlayback
import Scrim
import ScrimHost

/// `hosts.memory`: 1 000 hosts, each created with the shipped plugins, presenting the details
/// screen with `pop` and `dimming`, dismissing it, and released — what a test runner making a
/// host per test does. Reports the resident set size and glibc's heap before and after (after 50
/// warm-up hosts), and the Lua states and bytes still open. Each host's time is the sample.
/// Target: RSS growth under 8 MiB.
@MainActor
struct HostsMemoryBenchmark {
    let hosts = 1_000

    private func cycle(_ plugins: URL) throws {
        let host = try ScrimHost(pluginDirectories: [plugins])
        let details = ViewController(id: "details")
        details.transitioningDelegate = try host.delegate(
            animator: "pop", presentation: "dimming",
            options: ["originFrame": .rect(Rect(x: 20, y: 120, width: 350, height: 200))])
        try host.rootViewController.present(details, animated: true)
        host.advance(by: 1)
        try details.dismiss(animated: true)
        host.advance(by: 1)
    }

    func run() throws -> BenchmarkResult {
        guard let plugins = ShippedPlugins.directory else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "the shipped plugins were not found; set SCRIM_PLUGINS"])
        }
        for _ in 0..<50 { try cycle(plugins) }
        let states = ScrimHost.openLuaStates
        let before = CyclesMemoryBenchmark.residentKilobytes()
        let heapBefore = CyclesMemoryBenchmark.heapInUse()
        var timings: [UInt64] = []
        timings.reserveCapacity(hosts)
        for _ in 0..<hosts {
            let start = DispatchTime.now().uptimeNanoseconds
            try cycle(plugins)
            timings.append(DispatchTime.now().uptimeNanoseconds - start)
        }
        let after = CyclesMemoryBenchmark.residentKilobytes()
        let heapAfter = CyclesMemoryBenchmark.heapInUse()
        let (median, p99) = percentiles(timings)
        let growth = Double((after - before) * 1024)
        return BenchmarkResult(
            name: "hosts.memory", parameters: [("hosts", Double(hosts))], medianMs: median, p99Ms: p99,
            extra: [
                ("rssGrowthBytes", growth), ("heapInUseGrowthBytes", Double(heapAfter - heapBefore)),
                ("luaStatesLeft", Double(ScrimHost.openLuaStates - states)),
                ("luaBytesOpen", Double(ScrimHost.openLuaStateBytes)),
                ("targetRssGrowthBytes", 8 * 1024 * 1024), ("targetMet", growth < 8 * 1024 * 1024 ? 1 : 0),
            ])
    }
}
