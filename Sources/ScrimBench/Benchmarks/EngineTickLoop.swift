import Scrim

/// What `engine.tick` and `engine.tick.3d` share: the mix of animations a view gets and the frame
/// loop, each frame's `advance` timed on its own.
@MainActor
struct EngineTickLoop {
    let frames = 600
    let frameRate = 120.0

    /// Per-frame times in nanoseconds.
    private var samples: [UInt64] = []
    private var totalNs: UInt64 = 0
    /// Running tracks summed over the frames.
    private var trackUpdates = 0
    /// The allocations of each frame in which no animation ended (no completion ran), under `scrim-bench`.
    private var steadyAllocations: [UInt64] = []

    /// Animates `changes` as view `index` is animated: 60 % with the ease-in-out Bézier, 30 % with
    /// the duration spring, 10 % with two keyframes (`halfway`, then `changes`).
    static func animate(
        index: Int, duration: Double, delay: Double, random: inout SplitMix64, halfway: () -> Void, changes: () -> Void
    ) throws {
        switch index % 10 {
        case 0...5:
            try View.animate(withDuration: duration, delay: delay, options: .curveEaseInOut, animations: changes)
        case 6...8:
            try View.animate(
                withDuration: duration, delay: delay, usingSpringWithDamping: random.next(in: 0.4...1),
                initialSpringVelocity: random.next(in: 0...1), animations: changes)
        default:
            try View.animateKeyframes(withDuration: duration, delay: delay, animations: {
                try View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5, animations: halfway)
                try View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5, animations: changes)
            })
        }
    }

    /// Makes `viewCount` views in a 1000 × 1000 window on a manual clock (`prepare` sets each
    /// one up), animates each with `animate(view, index, &random, isReanimation)`, then runs the
    /// frames; 30 % of the views are animated again mid-flight (`animate` with index + 1),
    /// spread over frames 150…300, between the timed frames.
    mutating func run(
        viewCount: Int, prepare: (View) -> Void = { _ in },
        animate: (View, Int, inout SplitMix64, Bool) throws -> Void
    ) throws {
        let clock = try ManualClock(frameRate: frameRate)
        let engine = AnimationEngine(clock: clock)
        let window = Window(size: Size(width: 1000, height: 1000), engine: engine)
        var random = SplitMix64(seed: 42)
        let views = (0..<viewCount).map { index in
            let view = View(id: "v\(index)", frame: Rect(x: random.next(in: 0...900), y: random.next(in: 0...900), width: 50, height: 50))
            prepare(view)
            window.addSubview(view)
            return view
        }
        for (index, view) in views.enumerated() { try animate(view, index, &random, false) }

        var reanimationFrame: [Int: [Int]] = [:]
        for index in views.indices where index % 10 < 3 { reanimationFrame[150 + (index * 7919) % 150, default: []].append(index) }
        samples.reserveCapacity(frames)
        steadyAllocations.reserveCapacity(frames)
        for frame in 0..<frames {
            for index in reanimationFrame[frame] ?? [] { try animate(views[index], index + 1, &random, true) }
            let trackCount = engine.runningTrackCount
            let groupCount = engine.activeGroupCount
            let (elapsed, allocations) = AllocationCounting.counting { timed { clock.advance(frames: 1) }.nanoseconds }
            if let allocations, engine.activeGroupCount == groupCount { steadyAllocations.append(allocations) }
            samples.append(elapsed)
            totalNs += elapsed
            trackUpdates += trackCount
        }
    }

    /// The result: `properties` animated per view, `updatesPerTrack` property updates counted per
    /// track update, and the allocation figures under `scrim-bench` (which can count).
    func result(name: String, viewCount: Int, properties: Int, updatesPerTrack: Double, targetMs: Double?) -> BenchmarkResult {
        let (median, p99) = percentiles(samples)
        let updates = Double(trackUpdates) * updatesPerTrack
        return BenchmarkResult(
            name: name,
            parameters: [("views", Double(viewCount)), ("properties", Double(properties)), ("frames", Double(frames))],
            medianMs: median, p99Ms: p99,
            nsPerUpdate: updates > 0 ? Double(totalNs) / updates : nil,
            targetMs: targetMs,
            extra: AllocationCounting.current == nil ? [] : [
                ("steadyFrames", Double(steadyAllocations.count)),
                ("steadyAllocationsMax", Double(steadyAllocations.max() ?? 0)),
            ])
    }
}
