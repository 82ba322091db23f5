import ScrimTestSupport
import Testing
@testable import ScrimCore

/// A time source the test moves by hand.
@MainActor
final class FakeTime {
    var seconds: Double

    init(_ seconds: Double) { self.seconds = seconds }
}

@MainActor @Suite struct DisplayLinkTests {
    @Test func ticksOncePerFrameBoundaryAndNeverTwiceForAnInstant() throws {
        let time = FakeTime(500)
        let link = try DisplayLink(frameRate: 60) { time.seconds }
        var ticks: [Double] = []
        link.tickHandler = { ticks.append($0) }

        #expect(link.fire())
        #expect(!link.fire())
        time.seconds = 500.01
        #expect(!link.fire())
        time.seconds = 500 + 1.0 / 60
        #expect(link.fire())
        #expect(!link.fire())
        #expect(ticks.count == 2)
        #expect(ticks[0] == 0)
        #expect(abs(ticks[1] - 1.0 / 60) < 1e-9)
    }

    @Test func aLateTickCatchesUpInOneTickWithoutLosingTime() throws {
        let time = FakeTime(10)
        let link = try DisplayLink(frameRate: 60) { time.seconds }
        let engine = AnimationEngine(clock: link)
        let window = Window(engine: engine)
        let view = View(id: "v")
        window.addSubview(view)
        var ticks: [Double] = []
        engine.addFrameObserver { ticks.append($0) }

        link.fire()
        try View.animate(withDuration: 1, options: .curveLinear, animations: { view.alpha = 0 })
        time.seconds = 10.1  // six frames late
        #expect(link.fire())
        #expect(ticks.count == 2)
        #expect(abs(view.presentation.alpha - 0.9) < 1e-9)
        // The next deadline is the frame boundary after the late tick, not a burst of missed frames.
        #expect(abs(link.nextDeadline - 7.0 / 60) < 1e-12)
        time.seconds = 10.11
        #expect(!link.fire())
        time.seconds = 10 + 7.0 / 60
        #expect(link.fire())
        #expect(ticks.count == 3)
    }

    @Test(arguments: [0.0, -60, 1000.5, 5000, .nan, .infinity])
    func rejectsBadFrameRatesNamingThem(rate: Double) {
        let error = #expect(throws: AnimationError.self) { try DisplayLink(frameRate: rate, timeSource: { 0 }) }
        // `==` cannot match NaN, so the case is checked through its message.
        #expect(error?.description == "invalid frame rate \(rate): it must be a finite number of frames per second in (0, 1000]")
        if !rate.isNaN { #expect(error == .invalidFrameRate(rate)) }
    }

    @Test(arguments: [-1.0, .nan, .infinity])
    func rejectsABadStartNamingIt(start: Double) {
        let error = #expect(throws: AnimationError.self) { try DisplayLink(startingAt: start, timeSource: { 0 }) }
        #expect(error?.description == "invalid time interval \(start): a clock moves forward by a finite number of seconds ≥ 0")
    }

    @Test func runsOnItsOwnInRealTime() async throws {
        let link = try DisplayLink(frameRate: 240)
        var ticks: [Double] = []
        link.tickHandler = { ticks.append($0) }
        link.start()
        #expect(link.isRunning)
        #expect(await waitUntil { ticks.count >= 5 })
        link.stop()
        #expect(!link.isRunning)
        #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $0 < $1 })
    }
}
