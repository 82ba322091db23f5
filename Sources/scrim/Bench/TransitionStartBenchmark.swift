import Dispatch
import Scrim

/// `transition.start.swift`: the work from `present` to the first frame of a Swift animator's
/// transition — the `present` call plus the tick that begins the transition (steps 1–8) and
/// draws its first frame. The one-frame wait the spec requires between the two is not counted.
/// Each sample presents a fresh view controller; the dismissal between samples is not timed.
@MainActor
struct TransitionStartBenchmark {
    let samples = 2_000

    func run() throws -> BenchmarkResult {
        let host = try ScrimHost(clock: .manual(frameRate: 60))
        let delegate = BenchDelegate()
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
            name: "transition.start.swift", parameters: [("samples", Double(samples))],
            medianMs: median, p99Ms: p99, targetMs: 0.05)
    }
}
