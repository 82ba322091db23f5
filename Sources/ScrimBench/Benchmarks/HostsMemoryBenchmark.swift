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
        let measured = try MemoryCycles(0..<hosts) { _ in try cycle(plugins) }
        let growth = measured.residentGrowthBytes
        return measured.result(
            name: "hosts.memory", parameters: [("hosts", Double(hosts))],
            extra: [
                ("luaStatesLeft", Double(ScrimHost.openLuaStates - states)),
                ("luaBytesOpen", Double(ScrimHost.openLuaStateBytes)),
                ("targetRssGrowthBytes", 8 * 1024 * 1024), ("targetMet", growth < 8 * 1024 * 1024 ? 1 : 0),
            ])
    }
}
