import Foundation
import Scrim
import ScrimHost

/// `cycles.memory`: 1 000 back-to-back animated present/dismiss cycles with a Swift animator;
/// reports the resident set size before and after (after 100 warm-up cycles) and what is left in
/// the window and the engine. Each cycle's time is the sample.
@MainActor
struct CyclesMemoryBenchmark {
    let cycles = 1_000

    func run() throws -> BenchmarkResult {
        let host = try ScrimHost(clock: .manual(frameRate: 60))
        let delegate = BenchDelegate()
        weak var lastPresented: ViewController?
        func cycle(_ index: Int) throws {
            let details = ViewController(id: "details-\(index)")
            details.transitioningDelegate = delegate
            try host.rootViewController.present(details, animated: true)
            host.advance(by: BenchAnimator.duration + 0.05)
            try details.dismiss(animated: true)
            host.advance(by: BenchAnimator.duration + 0.05)
            lastPresented = details
        }
        for index in 0..<100 { try cycle(index) }
        return try MemoryCycles(100..<100 + cycles, cycle).result(
            name: "cycles.memory", parameters: [("cycles", Double(cycles))],
            extra: [
                ("windowSubviews", Double(host.window.subviews.count)),
                ("activeGroups", Double(host.engine.activeGroupCount)),
                ("runningTracks", Double(host.engine.runningTrackCount)),
                ("presentedViewControllerAlive", lastPresented == nil ? 0 : 1),
            ])
    }
}
