import ArgumentParser
import Foundation
import Scrim
import ScrimHost

/// A transition begun by `TransitionPlayback.start` on its host, played tick by tick on the
/// manual clock by `run(until:stoppingWhenDone:)`, which can be called again to play on. Between
/// calls, interaction events can be added (the live preview's drag, one pan at a time): played so,
/// it gives the same frames and events as playing the whole script at once.
@MainActor
final class PlaybackRun {
    let host: ScrimHost
    /// The interaction events; events added later than the clock's time are played at their time.
    var script: InteractionScript?
    /// How many faults (diagnostics during the run) were reported on stderr.
    var faults = 0
    /// How many transitions have ended.
    var ended = 0
    /// Dismisses (or pops) what the run presented (or pushed): with `dismiss`, once it has ended.
    var dismissal: () throws -> Void = {}
    /// The ticks so far: the clock is at `frameIndex / fps`.
    private(set) var frameIndex = 0
    let fps: Double
    /// The interaction file's name in messages (`drag` for events given directly).
    private let scriptName: String?
    private let command: String
    private let dismiss: Bool
    private let isSegue: Bool
    private let onEvent: (PlaybackEvent) -> Void
    private var dismissed = false
    /// The next interaction event to deliver.
    private var next = 0

    init(
        host: ScrimHost, script: InteractionScript?, scriptName: String?, command: String, fps: Double, dismiss: Bool, isSegue: Bool,
        onEvent: @escaping (PlaybackEvent) -> Void
    ) {
        (self.host, self.script, self.scriptName, self.command, self.fps) = (host, script, scriptName, command, fps)
        (self.dismiss, self.isSegue, self.onEvent) = (dismiss, isSegue, onEvent)
    }

    /// Ticks until the clock reaches `limit` (a tick never passes it), delivering each interaction
    /// event at the first tick at or after its time; with `stoppingWhenDone`, stops earlier once
    /// the run's transitions have ended and every event has been delivered.
    func run(until limit: Double, stoppingWhenDone: Bool) throws {
        // Each tick lands on a whole frame, n / fps, computed afresh (never by adding 1 / fps up):
        // an animation of a whole number of frames ends exactly on its last tick.
        while true {
            if let script, let scriptName {
                while next < script.events.count, script.events[next].time <= host.now + 1e-9 {
                    onEvent(.input(time: host.now, index: next, description: Self.describe(script.events[next].action)))
                    do {
                        try script.deliver(next, to: host.window, name: scriptName)
                    } catch {
                        printError("\(command): --interaction \(error)")
                        throw ExitCode.failure
                    }
                    next += 1
                }
            }
            guard host.now < limit - 1e-9 else { break }
            // Done when the run's transitions have ended, the file has been played and what the
            // file began (an edge swipe's pop) has ended too.
            // A segue ends when nothing runs any more: no transition, no animation (a custom
            // segue may animate its destination itself).
            let engine = host.window.engine
            let done = !isSegue
                ? ended >= (dismiss ? 2 : 1) : frameIndex > 0 && engine.runningTrackCount == 0 && engine.activeGroupCount == 0
            if stoppingWhenDone, done, next == script?.events.count ?? 0, !host.window.isTransitioning {
                break
            }
            if dismiss, !dismissed, ended == 1 {
                dismissed = true
                try dismissal()
            }
            frameIndex += 1
            host.advance(by: min(Double(frameIndex) / fps, limit) - host.now)
        }
    }

    private static func describe(_ action: InteractionScript.Action) -> String {
        func format(_ value: Double) -> String { String(format: "%g", value) }
        switch action {
        case .pan(let phase, let point, let view):
            return "pan \(phase.rawValue) at (\(format(point.x)), \(format(point.y)))" + (view.map { " in \($0)" } ?? "")
        case .update(let percent): return "percent \(format(percent))"
        case .finish: return "finish"
        case .cancel: return "cancel"
        case .pause: return "pause"
        }
    }}
