import CHeapStatistics
import Dispatch
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
        var timings: [UInt64] = []
        timings.reserveCapacity(cycles)
        for index in 0..<100 { try cycle(index) }
        let before = Self.residentKilobytes()
        let heapBefore = Self.heapInUse()
        for index in 0..<cycles {
            let start = DispatchTime.now().uptimeNanoseconds
            try cycle(100 + index)
            timings.append(DispatchTime.now().uptimeNanoseconds - start)
        }
        let after = Self.residentKilobytes()
        let heapAfter = Self.heapInUse()
        let (median, p99) = percentiles(timings)
        return BenchmarkResult(
            name: "cycles.memory", parameters: [("cycles", Double(cycles))],
            medianMs: median, p99Ms: p99,
            extra: [
                ("rssBeforeBytes", Double(before * 1024)), ("rssAfterBytes", Double(after * 1024)),
                ("rssGrowthBytes", Double((after - before) * 1024)),
                ("heapInUseGrowthBytes", Double(heapAfter - heapBefore)),
                ("windowSubviews", Double(host.window.subviews.count)),
                ("activeGroups", Double(host.engine.activeGroupCount)),
                ("runningTracks", Double(host.engine.runningTrackCount)),
                ("presentedViewControllerAlive", lastPresented == nil ? 0 : 1),
            ])
    }

    /// Bytes glibc's allocator has handed out and not had back (`mallinfo2().uordblks`): a leak
    /// shows as growth here long before it shows in the resident set size.
    static func heapInUse() -> Int {
        Int(scrim_heap_in_use())
    }

    /// VmRSS from /proc/self/status, in kilobytes (0 where unavailable).
    static func residentKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
