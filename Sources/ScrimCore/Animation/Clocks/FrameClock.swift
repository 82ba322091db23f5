/// A source of ticks for an `AnimationEngine`. Time is in seconds since the clock started.
@MainActor
public protocol FrameClock: AnyObject {
    /// The time of the latest tick (0 before the first).
    var now: Double { get }
    /// Ticks per second.
    var frameRate: Double { get }
    /// Called once per tick with the tick's time, after `now` is updated. Set by the engine.
    var tickHandler: ((Double) -> Void)? { get set }
}

extension FrameClock {
    /// Checks a frame rate: finite, > 0 and ≤ 1000.
    static func validated(frameRate: Double) throws(AnimationError) -> Double {
        guard frameRate.isFinite, frameRate > 0, frameRate <= 1000 else { throw .invalidFrameRate(frameRate) }
        return frameRate
    }
}
