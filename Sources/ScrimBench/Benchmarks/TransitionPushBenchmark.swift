import Foundation
import Scrim
import ScrimHost

/// `transition.push.swift` and `transition.push.lua`: the work from `pushViewController` to the
/// first frame of a push with an animator the navigation controller's delegate vends — the push
/// call plus the tick that begins it (steps 1–8) and draws its first frame, as
/// `transition.start.*` measures a presentation. Each sample pushes a fresh view controller; the
/// pop between samples is not timed. The Lua animator is `BenchPlugin.animator` (vended through
/// a delegate made from its name, as `scrim/push` makes one).
@MainActor
struct TransitionPushBenchmark {
    let samples = 2_000
    var lua = false

    func run() throws -> BenchmarkResult {
        let list = ViewController(id: "list")
        let navigation = NavigationController(id: "nav", rootViewController: list)
        let host: ScrimHost
        let plugins = lua ? try BenchPlugin.directory() : nil
        defer { if let plugins { try? FileManager.default.removeItem(at: plugins) } }
        if let plugins {
            host = try ScrimHost(plugins: plugins, clock: .manual(frameRate: 60), rootViewController: navigation)
            navigation.delegate = TransitioningNavigationDelegate(try host.delegate(animator: "bench"))
        } else {
            host = try ScrimHost(clock: .manual(frameRate: 60), rootViewController: navigation)
            navigation.delegate = TransitioningNavigationDelegate(BenchDelegate())
        }
        let (median, p99) = try FirstFrameSampler(samples: samples, host: host).run { index in
            ViewController(id: "details-\(index)")
        } _: { details in
            try navigation.pushViewController(details, animated: true)
        } undo: { _ in
            try navigation.popViewController(animated: false)
        }
        return BenchmarkResult(
            name: lua ? "transition.push.lua" : "transition.push.swift", parameters: [("samples", Double(samples))],
            medianMs: median, p99Ms: p99, targetMs: lua ? nil : 0.05)
    }
}
