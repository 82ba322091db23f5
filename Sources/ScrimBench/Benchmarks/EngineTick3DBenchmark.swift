import Scrim

/// `engine.tick.3d`: 1 000 views, each animating a genuinely 3-D `transform3D` (from the identity
/// with perspective, `m34 = −1/500`, to a turn of 0.72–0.9 π about y with the same perspective: a
/// matrix track decomposed once and recomposed every frame) and a shadow (`shadowOpacity`,
/// `shadowRadius`, `shadowOffset`). Timed like `engine.tick`: 60 % Bézier / 30 % spring / 10 %
/// keyframe, staggered starts, 30 % re-animated mid-flight, manual clock at 1/120 s for 600
/// frames, each frame's `advance` timed on its own.
@MainActor
struct EngineTick3DBenchmark {
    let viewCount = 1_000
    /// The perspective of both ends: seen from 500 points away.
    static let m34 = -1.0 / 500

    func run() throws -> BenchmarkResult {
        var loop = EngineTickLoop()
        let start = Self.turn(0)
        try loop.run(viewCount: viewCount, prepare: { $0.transform3D = start }) { view, index, random, reanimation in
            try animate(view, index: index, random: &random, reanimation: reanimation)
        }
        // One track per property: an update is one property of one view.
        return loop.result(name: "engine.tick.3d", viewCount: viewCount, properties: 4, updatesPerTrack: 1, targetMs: 0.5)
    }

    /// A turn of `angle` about y, seen in perspective.
    private static func turn(_ angle: Double) -> Transform3D {
        var transform = Transform3D.rotation(angle, 0, 1, 0)
        transform.m34 = m34
        return transform
    }

    private func animate(_ view: View, index: Int, random: inout SplitMix64, reanimation: Bool) throws {
        let duration = random.next(in: 3.5...5.0)
        let delay = reanimation ? 0 : random.next(in: 0...0.4)
        let turned = Self.turn(.pi * 0.9 * random.next(in: 0.8...1))
        let opacity = random.next(in: 0.2...0.8), radius = random.next(in: 2...20)
        let offset = Size(width: random.next(in: -10...10), height: random.next(in: 0...16))
        let layer = view.layer
        try EngineTickLoop.animate(
            index: index, duration: duration, delay: delay, random: &random,
            halfway: {
                view.transform3D = Self.turn(.pi * 0.45)
                layer.shadowOpacity = 1 - opacity
            },
            changes: {
                view.transform3D = turned
                layer.shadowOpacity = opacity
                layer.shadowRadius = radius
                layer.shadowOffset = offset
            })
    }
}
