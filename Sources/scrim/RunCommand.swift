import ArgumentParser
import Foundation
import Scrim

/// `scrim run`: plays the built-in recipe demo on the manual clock and prints its timeline.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Play the built-in recipe demo (the card pops open into the details screen) and print its timeline.",
        discussion: "Runs on the manual clock, so the output is the same on every machine.")

    @Option(help: "Frames per second of the manual clock (0 < fps ≤ 1000).")
    var fps: Double = 60

    @Option(help: "Seconds to run (default: until the animation ends).")
    var seconds: Double?

    @Flag(help: "Print one JSON object per frame instead of a table.")
    var json = false

    @MainActor func run() async throws {
        do {
            let clock = try ManualClock(frameRate: fps)
            let engine = AnimationEngine(clock: clock)
            let demo = RecipeDemo(engine: engine)
            let timeline = Timeline()
            let watched = [demo.details.view] + demo.cards
            engine.addFrameObserver { time in timeline.record(time: time, views: watched) }
            try demo.pop(from: demo.cards[0])
            timeline.record(time: 0, views: watched)
            let duration = seconds ?? RecipeDemo.popDuration
            try clock.advance(by: duration)
            if json {
                try timeline.printJSONLines()
            } else {
                timeline.printTable()
            }
        } catch let error as AnimationError {
            throw ValidationError(error.description)
        }
    }
}
