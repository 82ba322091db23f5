import Dispatch
import Foundation
import Scrim
import ScrimHost

/// `reload.latency`: from the write of a plugin file to its new generation being active, with
/// the host's file watcher on (inotify on Linux). Each write is a whole save (open, write,
/// close), which the watcher reloads after 5 ms of quiet (a write still in progress would wait
/// 50 ms). And `plugin.memory`: the bytes of the plugins' Lua state with one idle plugin loaded.
@MainActor
struct ReloadBenchmark {
    let samples = 40

    func latency() async throws -> BenchmarkResult {
        let directory = try BenchPlugin.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bench.lua")
        let host = try ScrimHost(plugins: directory)
        var reloaded: CheckedContinuation<Void, Never>?
        host.onReload { _ in
            reloaded?.resume()
            reloaded = nil
        }
        host.watch(true)
        var timings: [UInt64] = []
        for index in 0..<samples {
            let source = BenchPlugin.animator.replacingOccurrences(of: "duration = 0.3", with: "duration = 0.\(index % 9 + 1)")
            let start = DispatchTime.now().uptimeNanoseconds
            await withCheckedContinuation { continuation in
                reloaded = continuation
                try? source.write(to: file, atomically: false, encoding: .utf8)
            }
            timings.append(DispatchTime.now().uptimeNanoseconds - start)
        }
        host.watch(false)
        let sorted = timings.sorted()
        let p95 = Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))]) / 1e6
        let (median, p99) = percentiles(timings)
        return BenchmarkResult(
            name: "reload.latency", parameters: [("samples", Double(samples))], medianMs: median, p99Ms: p99,
            extra: [("p95Ms", p95), ("settleMs", 5)])
    }

    func memory() throws -> BenchmarkResult {
        let directory = try BenchPlugin.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let host = try ScrimHost(plugins: directory)
        return BenchmarkResult(
            name: "plugin.memory", parameters: [("bytes", Double(host.luaMemoryInUse))], medianMs: 0, p99Ms: 0,
            extra: [("targetBytes", 256 * 1024), ("met", host.luaMemoryInUse < 256 * 1024 ? 1 : 0)])
    }
}
