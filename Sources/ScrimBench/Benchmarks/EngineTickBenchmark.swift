import Dispatch
import Scrim

/// `engine.tick`: N views × 4 animated properties (frame, alpha, transform, cornerRadius),
/// 60 % Bézier / 30 % spring / 10 % keyframe, staggered starts, 30 % re-animated mid-flight,
/// manual clock at 1/120 s for 600 frames. Each frame's `advance` is timed on its own; the work
/// between frames (re-animating) is not.
@MainActor
struct EngineTickBenchmark {
    let viewCount: Int
    let frames = 600
    let frameRate = 120.0

    func run() throws -> BenchmarkResult {
        let clock = try ManualClock(frameRate: frameRate)
        let engine = AnimationEngine(clock: clock)
        let window = Window(size: Size(width: 1000, height: 1000), engine: engine)
        var random = SplitMix64(seed: 42)
        let views = (0..<viewCount).map { index in
            let view = View(id: "v\(index)", frame: Rect(x: random.next(in: 0...900), y: random.next(in: 0...900), width: 50, height: 50))
            window.addSubview(view)
            return view
        }
        for (index, view) in views.enumerated() { try animate(view, index: index, random: &random) }

        // 30 % are animated again mid-flight, spread over frames 150…300.
        let reanimated = views.indices.filter { $0 % 10 < 3 }
        var reanimationFrame: [Int: [Int]] = [:]
        for index in reanimated { reanimationFrame[150 + (index * 7919) % 150, default: []].append(index) }

        var samples: [UInt64] = []
        samples.reserveCapacity(frames)
        var updates = 0
        var steadyAllocations: [UInt64] = []
        steadyAllocations.reserveCapacity(frames)
        var totalNs: UInt64 = 0
        for frame in 0..<frames {
            if let batch = reanimationFrame[frame] {
                for index in batch { try animate(views[index], index: index + 1, random: &random, reanimation: true) }
            }
            let trackCount = engine.runningTrackCount
            let groupCount = engine.activeGroupCount
            let (elapsed, allocations) = AllocationCounting.counting { () -> UInt64 in
                let start = DispatchTime.now().uptimeNanoseconds
                clock.advance(frames: 1)
                return DispatchTime.now().uptimeNanoseconds - start
            }
            // Steady state: a frame in which no animation ended (no completion ran).
            if let allocations, engine.activeGroupCount == groupCount { steadyAllocations.append(allocations) }
            samples.append(elapsed)
            totalNs += elapsed
            updates += trackCount
        }
        let (median, p99) = percentiles(samples)
        // frame animates center and bounds; counting "frame" as one property, 5 tracks are 4 properties.
        let propertyUpdates = Double(updates) * 4 / 5
        return BenchmarkResult(
            name: "engine.tick",
            parameters: [("views", Double(viewCount)), ("properties", 4), ("frames", Double(frames))],
            medianMs: median, p99Ms: p99,
            nsPerUpdate: propertyUpdates > 0 ? Double(totalNs) / propertyUpdates : nil,
            targetMs: viewCount == 10_000 ? 1.0 : nil,
            // Allocation counts only under `scrim-bench`, which can count.
            extra: AllocationCounting.current == nil ? [] : [
                ("steadyFrames", Double(steadyAllocations.count)),
                ("steadyAllocationsMax", Double(steadyAllocations.max() ?? 0)),
            ])
    }

    private func animate(_ view: View, index: Int, random: inout SplitMix64, reanimation: Bool = false) throws {
        let duration = random.next(in: 3.5...5.0)
        let delay = reanimation ? 0 : random.next(in: 0...0.4)
        let target = Rect(x: random.next(in: 0...900), y: random.next(in: 0...900), width: random.next(in: 30...80), height: random.next(in: 30...80))
        let transform = AffineTransform.scale(random.next(in: 0.5...1.5), random.next(in: 0.5...1.5))
            .concatenating(.rotation(random.next(in: -1...1)))
        let alpha = random.next(in: 0...1), radius = random.next(in: 0...25)
        let changes = {
            view.frame = target
            view.alpha = alpha
            view.transform = transform
            view.cornerRadius = radius
        }
        switch index % 10 {
        case 0...5:
            try View.animate(withDuration: duration, delay: delay, options: .curveEaseInOut, animations: changes)
        case 6...8:
            try View.animate(
                withDuration: duration, delay: delay, usingSpringWithDamping: random.next(in: 0.4...1),
                initialSpringVelocity: random.next(in: 0...1), animations: changes)
        default:
            try View.animateKeyframes(withDuration: duration, delay: delay, animations: {
                try View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
                    view.frame = target.offsetBy(dx: 40, dy: -40)
                    view.alpha = 1 - alpha
                }
                try View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5, animations: changes)
            })
        }
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
