import CStreamingFloor

/// `engine.tick.floor`: the memory-traffic floor of `engine.tick.lua`. A C loop (`CStreamingFloor`)
/// streams through as many 96-byte track records and 60-double destination slots as the
/// benchmark's 10 000 views have, reading each track and its group frame and writing the same
/// doubles, with one multiply-add per double; 600 frames, each timed on its own, counted as
/// `engine.tick.lua` counts them (4 updates per view per frame).
@MainActor
struct EngineTickFloorBenchmark {
    let viewCount = 10_000
    let frames = 600

    /// Per update (a view's frame, alpha, transform or corner radius; 5 tracks make 4 updates):
    /// the 5 tracks read (5 × 96 B), their group frames read (5 × 16 B, one record, in cache) and
    /// 14 doubles written (center 2, bounds 4, transform 6, alpha 1, corner radius 1), ÷ 4.
    static let bytesPerUpdate = Double(5 * 96 + 5 * 16 + 14 * 8) / 4

    func run() throws -> BenchmarkResult {
        guard let floor = scrim_floor_create(Int32(viewCount)) else { throw BenchmarkFailure("engine.tick.floor: out of memory") }
        defer { scrim_floor_destroy(floor) }
        scrim_floor_frame(floor, 0)
        var samples: [UInt64] = []
        samples.reserveCapacity(frames)
        var progress = 0.0
        for frame in 1...frames {
            progress = Double(frame) / Double(frames)
            samples.append(timed { scrim_floor_frame(floor, progress) }.nanoseconds)
        }
        // Every written double is `view + progress`: a loop that skipped work does not add up.
        let views = Double(viewCount)
        let expected = 14 * (views * (views - 1) / 2 + views * progress)
        let checksum = scrim_floor_checksum(floor)
        guard abs(checksum - expected) <= 1e-9 * expected else {
            throw BenchmarkFailure("engine.tick.floor: the loop wrote a checksum of \(checksum), expected \(expected)")
        }
        let (median, p99) = percentiles(samples)
        return BenchmarkResult(
            name: "engine.tick.floor", parameters: [("views", Double(viewCount)), ("properties", 4)],
            medianMs: median, p99Ms: p99, nsPerUpdate: Double(samples.reduce(0, +)) / Double(viewCount * 4 * frames),
            extra: [("bytesPerUpdate", Self.bytesPerUpdate), ("footprintBytes", Double(scrim_floor_footprint(floor)))])
    }
}
