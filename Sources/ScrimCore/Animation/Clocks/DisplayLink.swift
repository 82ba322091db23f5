import Dispatch

/// A real-time clock, as `CADisplayLink`: ticks at `frameRate` from a monotonic time source.
///
/// A tick's time is the elapsed time when it fires, so a late tick drops no animation time (the
/// animations land where they should be, with one tick rather than a burst of catch-up ticks),
/// and a tick never repeats an instant. `fire()` is the whole policy; `start()` only sleeps until
/// the next frame boundary and calls it, so tests drive `fire()` with an injected time source, or
/// `start()` with an injected `RealTimeSource` whose time they move.
@MainActor
public final class DisplayLink: FrameClock {
    public private(set) var now: Double = 0
    public let frameRate: Double
    public var tickHandler: ((Double) -> Void)?

    private let source: RealTimeSource
    private let origin: Double
    private var hasTicked = false
    private var loop: Task<Void, Never>?

    /// A frame boundary counts as reached this close before it (timers wake a little early).
    private static let earlyTolerance = 1e-4

    /// Seconds from the system's monotonic clock.
    public nonisolated static func monotonicSeconds() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    /// - Parameters:
    ///   - frameRate: ticks per second, in (0, 1000] (60 by default; displays go up to 240).
    ///   - start: the clock's time now (0 by default; another clock's time, to take over from
    ///     it without a jump).
    ///   - timeSource: monotonic seconds; injected by tests.
    /// - Throws: `AnimationError.invalidFrameRate`, `.invalidTimeInterval` for a negative or
    ///   non-finite start.
    public convenience init(
        frameRate: Double = 60, startingAt start: Double = 0,
        timeSource: @escaping () -> Double = DisplayLink.monotonicSeconds
    ) throws(AnimationError) {
        try self.init(
            frameRate: frameRate, startingAt: start,
            source: RealTimeSource(now: timeSource, sleep: RealTimeSource.sleepOnTask))
    }

    /// A clock that reads its time from `source` and sleeps on it between ticks.
    ///
    /// - Throws: as `init(frameRate:startingAt:timeSource:)`.
    package init(frameRate: Double = 60, startingAt start: Double = 0, source: RealTimeSource) throws(AnimationError) {
        self.frameRate = try Self.validated(frameRate: frameRate)
        guard start.isFinite, start >= 0 else { throw .invalidTimeInterval(start) }
        self.source = source
        self.origin = source.now() - start
        now = start
    }

    /// The frame boundary the next tick waits for: the first one after the latest tick.
    public var nextDeadline: Double {
        // The small allowance keeps a tick that landed a hair before a boundary on that boundary.
        hasTicked ? ((now * frameRate + 1e-6).rounded(.down) + 1) / frameRate : 0
    }

    /// Ticks once if a frame is due, at the current elapsed time; returns whether it ticked.
    @discardableResult
    public func fire() -> Bool {
        let elapsed = source.now() - origin
        guard elapsed >= nextDeadline - Self.earlyTolerance, !hasTicked || elapsed > now else { return false }
        hasTicked = true
        now = elapsed
        tickHandler?(elapsed)
        return true
    }

    /// Starts ticking on the main actor until `stop()`.
    public func start() {
        guard loop == nil else { return }
        loop = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                guard let self else { return }
                let wait = self.nextDeadline - (self.source.now() - self.origin)
                if wait > 0 { await self.source.sleep(wait) }
                // `stop()` may have come while the loop slept: no tick after it.
                if Task.isCancelled { return }
                self.fire()
                await Task.yield()
            }
        }
    }

    public func stop() {
        loop?.cancel()
        loop = nil
    }

    public var isRunning: Bool { loop != nil }
}
