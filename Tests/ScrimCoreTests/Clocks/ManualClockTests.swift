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
        #expect(throws: AnimationError.self) { try clock.advance(by: seconds) }
        #expect(!ticked)
        #expect(clock.now == 0)
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
