/// A clock whose time moves only when told to, in whole frames of `1 / frameRate` seconds (the
/// last, partial step lands exactly on the requested time). Deterministic: the same calls give
/// bit-identical frames. Tests, previews and `scrim run` use it.
@MainActor
public final class ManualClock: FrameClock {
    public private(set) var now: Double = 0
    public let frameRate: Double
    public var tickHandler: ((Double) -> Void)?

    /// - Throws: `AnimationError.invalidFrameRate` unless 0 < `frameRate` ≤ 1000.
    public init(frameRate: Double = 60) throws(AnimationError) {
        self.frameRate = try Self.validated(frameRate: frameRate)
    }

    /// A clock whose time starts at `start` (to take over from another clock without a jump).
    public convenience init(frameRate: Double = 60, startingAt start: Double) throws(AnimationError) {
        guard start.isFinite, start >= 0 else { throw .invalidTimeInterval(start) }
        try self.init(frameRate: frameRate)
        now = start
    }

    /// The most frames one `advance(by:)` may tick (about 19 days of time at 60 fps): a longer
    /// step would keep the caller busy for minutes or more, so it throws instead.
    nonisolated public static let maximumFramesPerAdvance = 100_000_000

    /// Moves time forward by `seconds`, ticking once per whole frame and once more for any
    /// remainder. Each tick's time is computed from the start of this call, so no error accumulates.
    /// - Throws: `AnimationError.invalidTimeInterval` if `seconds` is negative or not finite;
    ///   `.timeStepTooLong` if it spans more than `maximumFramesPerAdvance` frames. Then time
    ///   does not move.
    public func advance(by seconds: Double) throws(AnimationError) {
        guard seconds.isFinite, seconds >= 0 else { throw .invalidTimeInterval(seconds) }
        let frames = seconds * frameRate
        guard frames <= Double(Self.maximumFramesPerAdvance) else {
            throw .timeStepTooLong(seconds: seconds, frameRate: frameRate)
        }
        let start = now
        let end = start + seconds
        // Within a nanoframe of a whole number of frames counts as whole (float noise, not a frame).
        let wholeFrames = Int((frames + 1e-9).rounded(.down))
        let landsOnFrame = abs(frames - Double(wholeFrames)) < 1e-9
        if wholeFrames > 0 {
            for index in 1...wholeFrames {
                tick(at: index == wholeFrames && landsOnFrame ? end : start + Double(index) / frameRate)
            }
        }
        if !landsOnFrame { tick(at: end) }
    }

    /// Moves time forward by `count` whole frames.
    public func advance(frames count: Int) {
        let start = now
        for index in 0..<max(count, 0) { tick(at: start + Double(index + 1) / frameRate) }
    }

    private func tick(at time: Double) {
        now = time
        tickHandler?(time)
    }
}
