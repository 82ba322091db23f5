import Scrim
import ScrimHost

/// Times transitions from their request to their first frame, as `transition.start.*` and
/// `transition.push.*` measure them: the request plus the tick that begins the transition and
/// draws its first frame. The first 100 samples warm up and are dropped; what undoes each sample
/// (a dismissal, a pop) is not timed.
@MainActor
struct FirstFrameSampler {
    let samples: Int
    let host: ScrimHost
    let clock: ManualClock

    /// `host` must run on a manual clock.
    init(samples: Int, host: ScrimHost) {
        guard let clock = host.clock as? ManualClock else { preconditionFailure("the sampler needs a manual clock") }
        self.samples = samples
        self.host = host
        self.clock = clock
    }

    /// The median and p99 of `request` and its first tick, for a subject `make` prepares
    /// beforehand (untimed) from the sample's index; the transition is played out and `undo` run
    /// after each.
    func run<Subject>(
        making make: (Int) -> Subject, _ request: (Subject) throws -> Void, undo: (Subject) throws -> Void
    ) throws -> (median: Double, p99: Double) {
        var timings: [UInt64] = []
        timings.reserveCapacity(samples)
        for index in 0..<samples + 100 {
            let subject = make(index)
            let elapsed = try timed {
                try request(subject)
                clock.advance(frames: 1)
            }.nanoseconds
            if index >= 100 { timings.append(elapsed) }
            host.advance(by: BenchAnimator.duration + 0.05)
            try undo(subject)
            host.advance(by: 1.0 / 60)
        }
        return percentiles(timings)
    }
}
