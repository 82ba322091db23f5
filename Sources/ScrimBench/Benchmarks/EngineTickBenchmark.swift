import Scrim

/// `engine.tick`: N views × 4 animated properties (frame, alpha, transform, cornerRadius),
/// 60 % Bézier / 30 % spring / 10 % keyframe, staggered starts, 30 % re-animated mid-flight,
/// manual clock at 1/120 s for 600 frames. Each frame's `advance` is timed on its own; the work
/// between frames (re-animating) is not.
@MainActor
struct EngineTickBenchmark {
    let viewCount: Int

    func run() throws -> BenchmarkResult {
        var loop = EngineTickLoop()
        try loop.run(viewCount: viewCount) { view, index, random, reanimation in
            try animate(view, index: index, random: &random, reanimation: reanimation)
        }
        // frame animates center and bounds; counting "frame" as one property, 5 tracks are 4 properties.
        return loop.result(
            name: "engine.tick", viewCount: viewCount, properties: 4, updatesPerTrack: 4.0 / 5,
            targetMs: viewCount == 10_000 ? 1.0 : nil)
    }

    private func animate(_ view: View, index: Int, random: inout SplitMix64, reanimation: Bool) throws {
        let duration = random.next(in: 3.5...5.0)
        let delay = reanimation ? 0 : random.next(in: 0...0.4)
        let target = Rect(x: random.next(in: 0...900), y: random.next(in: 0...900), width: random.next(in: 30...80), height: random.next(in: 30...80))
        let transform = AffineTransform.scale(random.next(in: 0.5...1.5), random.next(in: 0.5...1.5))
            .concatenating(.rotation(random.next(in: -1...1)))
        let alpha = random.next(in: 0...1), radius = random.next(in: 0...25)
        try EngineTickLoop.animate(
            index: index, duration: duration, delay: delay, random: &random,
            halfway: {
                view.frame = target.offsetBy(dx: 40, dy: -40)
                view.alpha = 1 - alpha
            },
            changes: {
                view.frame = target
                view.alpha = alpha
                view.transform = transform
                view.cornerRadius = radius
            })
    }
}

/// A small deterministic generator, so every run animates the same values.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() >> 11) / Double(1 << 53)
    }
}
