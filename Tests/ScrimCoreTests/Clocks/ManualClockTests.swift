import Testing
@testable import ScrimCore

@MainActor @Suite struct ManualClockTests {
    @Test func advancesInWholeFramesLandingExactlyOnTheRequestedTime() throws {
        let clock = try ManualClock(frameRate: 60)
        var ticks: [Double] = []
        clock.tickHandler = { ticks.append($0) }
        try clock.advance(by: 1.0)
        #expect(ticks.count == 60)
        #expect(ticks.first == 1.0 / 60)
        #expect(ticks[29] == 30.0 / 60)
        #expect(ticks.last == 1.0)
        #expect(clock.now == 1.0)
    }

    @Test func theLastPartialStepIsExact() throws {
        let clock = try ManualClock(frameRate: 60)
        var ticks: [Double] = []
        clock.tickHandler = { ticks.append($0) }
        try clock.advance(by: 0.02)
        #expect(ticks == [1.0 / 60, 0.02])
        try clock.advance(by: 0.005)
        #expect(ticks == [1.0 / 60, 0.02, 0.025])
        #expect(clock.now == 0.025)
    }

    @Test func advancingByZeroDoesNotTick() throws {
        let clock = try ManualClock()
        var count = 0
        clock.tickHandler = { _ in count += 1 }
        try clock.advance(by: 0)
        #expect(count == 0)
        clock.advance(frames: 3)
        #expect(count == 3)
        #expect(clock.now == 3.0 / 60)
    }

    @Test func sameInputGivesBitIdenticalTimes() throws {
        func run() throws -> [Double] {
            let clock = try ManualClock(frameRate: 120)
            var ticks: [Double] = []
            clock.tickHandler = { ticks.append($0) }
            for step in [0.1, 0.0333, 1.7, 0.25] { try clock.advance(by: step) }
            return ticks
        }
        let first = try run(), second = try run()
        #expect(first.map(\.bitPattern) == second.map(\.bitPattern))
        #expect(first.last == 0.1 + 0.0333 + 1.7 + 0.25)
    }

    @Test(arguments: [0.0, -1, 1001, .nan, .infinity])
    func rejectsFrameRatesOutOfRange(rate: Double) {
        do {
            _ = try ManualClock(frameRate: rate)
            Issue.record("frame rate \(rate) was accepted")
        } catch {
            #expect(error.description == "invalid frame rate \(rate): it must be a finite number of frames per second in (0, 1000]")
        }
    }

    @Test func acceptsTheEdgesOfTheRange() throws {
        #expect(try ManualClock(frameRate: 1000).frameRate == 1000)
        #expect(try ManualClock(frameRate: 0.5).frameRate == 0.5)
    }

    @Test(arguments: [-0.1, .nan, .infinity])
    func rejectsBadSteps(seconds: Double) throws {
        let clock = try ManualClock()
        var ticked = false
        clock.tickHandler = { _ in ticked = true }
        let error = #expect(throws: AnimationError.self) { try clock.advance(by: seconds) }
        #expect(
            error?.description
                == "invalid time interval \(seconds): a clock moves forward by a finite number of seconds ≥ 0")
        #expect(!ticked)
        #expect(clock.now == 0)
    }

    /// A step whose frame count does not fit an `Int` used to trap; any step longer than
    /// `maximumFramesPerAdvance` frames throws, naming the step, and time does not move.
    @Test(arguments: [(60.0, 1e300), (1000.0, 1e16), (1.0, 100_000_000.5), (60.0, Double.greatestFiniteMagnitude)])
    func rejectsStepsTooLongToTick(frameRate: Double, seconds: Double) throws {
        let clock = try ManualClock(frameRate: frameRate)
        try clock.advance(by: 0.5)
        var ticked = false
        clock.tickHandler = { _ in ticked = true }
        let error = #expect(throws: AnimationError.timeStepTooLong(seconds: seconds, frameRate: frameRate)) {
            try clock.advance(by: seconds)
        }
        #expect(
            error?.description == "time step \(seconds) s is too long: at \(frameRate) frames per second one advance "
                + "may tick at most 100000000 frames (\(100_000_000 / frameRate) s)")
        #expect(!ticked)
        #expect(clock.now == 0.5)
    }

    @Test func theMessageOfATooLongStepNamesIt() {
        #expect(
            AnimationError.timeStepTooLong(seconds: 1e300, frameRate: 60).description
                == "time step 1e+300 s is too long: at 60.0 frames per second one advance may tick at most "
                + "100000000 frames (1666666.6666666667 s)")
    }

    @Test func longStepsWithinTheMaximumStillTickEveryFrame() throws {
        let clock = try ManualClock(frameRate: 1000)
        #expect(ManualClock.maximumFramesPerAdvance == 100_000_000)
        var ticks = 0
        clock.tickHandler = { _ in ticks += 1 }
        try clock.advance(by: 100)  // 100 000 frames: well inside
        #expect(ticks == 100_000)
        #expect(clock.now == 100)
    }

    @Test func aClockOutlivingItsEngineKeepsTickingWithoutIt() throws {
        let clock = try ManualClock(frameRate: 60)
        weak var released: AnimationEngine?
        do {
            let engine = AnimationEngine(clock: clock)
            released = engine
            var frames = 0
            engine.addFrameObserver { _ in frames += 1 }
            try clock.advance(by: 0.05)
            #expect(frames == 3)
        }
        #expect(released == nil)
        try clock.advance(by: 0.05)
        #expect(clock.now == 0.1)
    }
}
