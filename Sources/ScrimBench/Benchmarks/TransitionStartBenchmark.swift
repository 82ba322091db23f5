import Dispatch
import Scrim
import ScrimHost

/// `transition.start.swift` and `transition.start.lua`: the work from `present` to the first
/// frame of an animator's transition — the `present` call plus the tick that begins the
/// transition (steps 1–8) and draws its first frame. The one-frame wait the spec requires between
/// the two is not counted. Each sample presents a fresh view controller; the dismissal between
/// samples is not timed. The Lua animator (`BenchPlugin.animator`) does what `BenchAnimator` does.
@MainActor
struct TransitionStartBenchmark {
    let samples = 2_000
    var lua = false

    func run() throws -> BenchmarkResult {
        let host: ScrimHost
        let delegate: any TransitioningDelegate
        if lua {
            host = try ScrimHost(plugins: try BenchPlugin.directory(), clock: .manual(frameRate: 60))
            delegate = try host.delegate(animator: "bench")
        } else {
            host = try ScrimHost(clock: .manual(frameRate: 60))
            delegate = BenchDelegate()
        }
        var timings: [UInt64] = []
        timings.reserveCapacity(samples)
        for index in 0..<samples + 100 {
            let details = ViewController(id: "details-\(index)")
            details.modalPresentationStyle = .fullScreen
            details.transitioningDelegate = delegate
            let start = DispatchTime.now().uptimeNanoseconds
            try host.rootViewController.present(details, animated: true)
            (host.clock as! ManualClock).advance(frames: 1)
            let elapsed = DispatchTime.now().uptimeNanoseconds - start
            if index >= 100 { timings.append(elapsed) }  // the first 100 warm up
            host.advance(by: BenchAnimator.duration + 0.05)
            try details.dismiss(animated: false)
            host.advance(by: 1.0 / 60)
        }
        let (median, p99) = percentiles(timings)
        return BenchmarkResult(
            name: lua ? "transition.start.lua" : "transition.start.swift", parameters: [("samples", Double(samples))],
            medianMs: median, p99Ms: p99, targetMs: lua ? nil : 0.05)
    }
}
