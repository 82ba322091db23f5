import Foundation
import Scrim
import ScrimHost

/// `transition.start.swift` and `transition.start.lua`: the work from `present` to the first
/// frame of an animator's transition — the `present` call plus the tick that begins the
/// transition (steps 1–8) and draws its first frame. The one-frame wait between the two
/// (Docs/Transitions.md, "The sequence": a transition begins on the tick after the request) is not
/// counted. Each sample presents a fresh view controller; the dismissal between
/// samples is not timed. The Lua animator (`BenchPlugin.animator`) does what `BenchAnimator` does.
@MainActor
struct TransitionStartBenchmark {
    let samples = 2_000
    var lua = false

    func run() throws -> BenchmarkResult {
        let host: ScrimHost
        let delegate: any TransitioningDelegate
        let plugins = lua ? try BenchPlugin.directory() : nil
        defer { if let plugins { try? FileManager.default.removeItem(at: plugins) } }
        if let plugins {
            host = try ScrimHost(plugins: plugins, clock: .manual(frameRate: 60))
            delegate = try host.delegate(animator: "bench")
        } else {
            host = try ScrimHost(clock: .manual(frameRate: 60))
            delegate = BenchDelegate()
        }
        let (median, p99) = try FirstFrameSampler(samples: samples, host: host).run { index in
            let details = ViewController(id: "details-\(index)")
            details.modalPresentationStyle = .fullScreen
            details.transitioningDelegate = delegate
            return details
        } _: { details in
            try host.rootViewController.present(details, animated: true)
        } undo: { details in
            try details.dismiss(animated: false)
        }
        return BenchmarkResult(
            name: lua ? "transition.start.lua" : "transition.start.swift", parameters: [("samples", Double(samples))],
            medianMs: median, p99Ms: p99, targetMs: lua ? nil : 0.05)
    }
}
