import Foundation
import ScrimCore
import ScrimHost

/// A transition begun by `TransitionPlayback.start` on its host, played tick by tick on the
/// manual clock by `run(until:stoppingWhenDone:)`, which can be called again to play on. Between
/// calls, interaction events can be added (the live preview's drag, one pan at a time): played so,
/// it gives the same frames and events as playing the whole script at once.
@MainActor
package final class PlaybackRun {
    package let host: ScrimHost
    /// The interaction events and their name in messages; events added later than the clock's
    /// time are played at their time.
    package var script: (script: InteractionScript, name: String)?
    /// The ticks so far: the clock is at `frameIndex / fps`.
    package private(set) var frameIndex = 0
    package let fps: Double
    /// What happened so far.
    package private(set) var result = PlaybackResult()
    /// Dismisses (or pops) what the run presented (or pushed): with `dismiss`, once it has ended.
    var dismissal: () throws(PlaybackError) -> Void = {}
    /// The run's observer of the plugins' output, removed with the run.
    var logObserver: ScrimHost.Observation?
    private let faults: PlaybackFaultCollector
    /// What the run began (nil: a segue), to name it when a step after it is skipped.
    private let kind: TransitionKind?
    private let dismiss: Bool
    private let isSegue: Bool
    /// Whether each interactive transition gets a percent sweep (`InteractionScript.percentSweep`)
    /// when it begins.
    private let sweepsInteraction: Bool
    private let onEvent: (PlaybackEvent) -> Void
    /// How many transitions have ended, and whether the first completed.
    private var ended = 0
    private var firstCompleted = false
    private var dismissed = false
    private var skipped = false
    /// The next interaction event to deliver.
    private var next = 0

    init(
        host: ScrimHost, script: (script: InteractionScript, name: String)?, sweepsInteraction: Bool = false, fps: Double,
        dismiss: Bool, isSegue: Bool, kind: TransitionKind?, onEvent: @escaping (PlaybackEvent) -> Void
    ) {
        (self.host, self.script, self.fps, self.dismiss, self.isSegue) = (host, script, fps, dismiss, isSegue)
        self.sweepsInteraction = sweepsInteraction
        (self.kind, self.onEvent) = (kind, onEvent)
        faults = PlaybackFaultCollector(host: host)
    }

    isolated deinit {
        logObserver?.remove()
    }

    /// Ticks until the clock reaches `limit` (a tick never passes it), delivering each interaction
    /// event at the first tick at or after its time; with `stoppingWhenDone`, stops earlier once
    /// the run's transitions have ended and every event has been delivered.
    package func run(until limit: Double, stoppingWhenDone: Bool) throws(PlaybackError) {
        // Each tick lands on a whole frame, n / fps, computed afresh (never by adding 1 / fps up):
        // an animation of a whole number of frames ends exactly on its last tick.
        while true {
            if let (script, name) = script {
                while next < script.events.count, script.events[next].time <= host.now + 1e-9 {
                    report(.input(time: host.now, index: next, description: Self.describe(script.events[next].action)))
                    do {
                        try script.deliver(next, to: host.window, name: name)
                    } catch {
                        throw .cannotPlay("--interaction \(error)")
                    }
                    next += 1
                    flushFaults()
                }
            }
            guard host.now < limit - 1e-9 else { break }
            // Done when the run's transitions have ended, the file has been played and what the
            // file began (an edge swipe's pop) has ended too.
            // A segue ends when nothing runs any more: no transition, no animation (a custom
            // segue may animate its destination itself).
            let engine = host.window.engine
            let done = !isSegue
                ? ended >= (dismiss && !skipped ? 2 : 1)
                : frameIndex > 0 && engine.runningTrackCount == 0 && engine.activeGroupCount == 0
            if stoppingWhenDone, done, next == script?.script.events.count ?? 0, !host.window.isTransitioning {
                break
            }
            if dismiss, !dismissed, ended == 1 {
                dismissed = true
                if firstCompleted {
                    try dismissal()
                    flushFaults()
                } else {
                    // What was presented is not there to dismiss: say so, not why dismiss failed.
                    skipped = true
                    let step = kind == .push ? "pop" : "dismiss"
                    report(.skipped(time: host.now, description: "\(step) skipped: the \(kind?.rawValue ?? "transition") was cancelled"))
                }
            }
            frameIndex += 1
            host.advance(by: min(Double(frameIndex) / fps, limit) - host.now)
            flushFaults()
        }
    }

    /// The run's transitions' faults, as the last tick made them: reported as events.
    func flushFaults() {
        for fault in faults.flush() {
            result.faults.append(fault)
            report(.fault(fault))
        }
    }

    /// Records an event and hands it to the player.
    func report(_ event: PlaybackEvent) {
        result.events.append(event)
        onEvent(event)
    }

    func transitionBegan(_ transition: Int, interactive: Bool) {
        faults.transitionBegan(transition, at: host.now)
        if sweepsInteraction, interactive {
            let sweep = InteractionScript.percentSweep(from: host.now)
            script = (InteractionScript(events: (script?.script.events ?? []) + sweep.events), "percent sweep")
        }
    }

    func transitionEnded(completed: Bool) {
        if ended == 0 { firstCompleted = completed }
        ended += 1
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
    }
}
