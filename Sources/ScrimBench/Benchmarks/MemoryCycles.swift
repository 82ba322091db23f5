import CHeapStatistics
import Foundation

/// Timed cycles of a memory benchmark: each cycle's time, and the resident set size and glibc's
/// heap in use before the first and after the last (the warm-up is the caller's, before).
struct MemoryCycles {
    let timings: [UInt64]
    let residentKilobytesBefore: Int
    let residentKilobytesAfter: Int
    let heapInUseBefore: Int
    let heapInUseAfter: Int

    /// Runs `cycle` with `indices` in order, timing each.
    init(_ indices: Range<Int>, _ cycle: (Int) throws -> Void) rethrows {
        residentKilobytesBefore = Self.residentKilobytes()
        heapInUseBefore = Self.heapInUse()
        var timings: [UInt64] = []
        timings.reserveCapacity(indices.count)
        for index in indices {
            timings.append(try timed { try cycle(index) }.nanoseconds)
        }
        self.timings = timings
        residentKilobytesAfter = Self.residentKilobytes()
        heapInUseAfter = Self.heapInUse()
    }

    var residentGrowthBytes: Double { Double((residentKilobytesAfter - residentKilobytesBefore) * 1024) }

    /// The benchmark's result: the cycles' median and 99th percentile, then the resident set size
    /// before and after and its growth (`rssBeforeBytes`, `rssAfterBytes`, `rssGrowthBytes`), the
    /// heap's growth (`heapInUseGrowthBytes`), and `extra`.
    func result(name: String, parameters: [(String, Double)], extra: [(String, Double)]) -> BenchmarkResult {
        let (median, p99) = percentiles(timings)
        return BenchmarkResult(
            name: name, parameters: parameters, medianMs: median, p99Ms: p99,
            extra: [
                ("rssBeforeBytes", Double(residentKilobytesBefore * 1024)), ("rssAfterBytes", Double(residentKilobytesAfter * 1024)),
                ("rssGrowthBytes", residentGrowthBytes), ("heapInUseGrowthBytes", Double(heapInUseAfter - heapInUseBefore)),
            ] + extra)
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
