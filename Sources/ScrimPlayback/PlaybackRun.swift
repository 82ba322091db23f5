import Foundation
import ScrimCore
import ScrimHost

/// A scenario begun by `TransitionPlayback.start` on its host, played tick by tick on the manual
/// clock by `run(until:stoppingWhenDone:)`, which can be called again to play on. Between calls,
/// input can be added (the live preview's drag, one pan at a time): played so, it gives the same
/// frames and events as playing all of it at once.
///
/// Each tick, before the clock moves, the steps whose time has come start: a step with a clock
/// time at that time; the next of the others in the scenario's order when the step before it
/// has ended (or at its time after a named step's begin).
@MainActor
package final class PlaybackRun {
    package let host: ScrimHost
    /// The ticks so far: the clock is at `frameIndex / fps`.
    package private(set) var frameIndex = 0
    package let fps: Double
    /// What happened so far.
    package private(set) var result = PlaybackResult()
    /// The run's observer of the plugins' output, removed with the run.
    var logObserver: ScrimHost.Observation?
    private var scenario: Scenario
    private let stage: PlaybackStage
    private let faults: PlaybackFaultCollector
    /// What each interactive transition gets when it begins: a percent sweep
    /// (`InteractionScript.percentSweep`), a finish at once (`TransitionPlayback.Interaction.finish`),
    /// or nothing (nil).
    private let interactiveInput: TransitionPlayback.Interaction?
    private let onEvent: (PlaybackEvent) -> Void

    /// Each step's state, by index.
    private var states: [StepState]
    /// The next step in the scenario's order to start (steps with a clock time are passed over:
    /// they start by the clock).
    private var nextInOrder = 0
    /// The steps with a clock time that have not started, in time order.
    private var clockQueue: [Int]

    private struct StepState {
        var began: Double?
        var beganAtFrame = 0
        var ending = PlaybackStage.Ending.now
        /// The completion handler's answer, once called.
        var completed: Bool?
        var skipped = false
        var kind: TransitionKind?
    }

    init(
        scenario: Scenario, stage: PlaybackStage, interactiveInput: TransitionPlayback.Interaction? = nil, fps: Double, onEvent: @escaping (PlaybackEvent) -> Void
    ) {
        (self.scenario, self.stage, self.host, self.fps) = (scenario, stage, stage.host, fps)
        self.interactiveInput = interactiveInput
        self.onEvent = onEvent
        states = Array(repeating: StepState(), count: scenario.steps.count)
        clockQueue = scenario.steps.indices.filter { if case .clock = scenario.steps[$0].start { true } else { false } }
        faults = PlaybackFaultCollector(host: stage.host)
    }

    isolated deinit {
        logObserver?.remove()
    }

    /// Adds an input step at clock time `time` (at the clock's time if that has passed): `place`
    /// names it in messages.
    package func addInput(_ action: InteractionScript.Action, at time: Double, place: String, eventIndex: Int? = nil) {
        let step = Scenario.Step(start: .clock(max(time, host.now)), action: .input(action), place: place, eventIndex: eventIndex)
        scenario.steps.append(step)
        states.append(StepState())
        let index = scenario.steps.count - 1
        let position = clockQueue.firstIndex { clockTime(of: $0) > clockTime(of: index) } ?? clockQueue.count
        clockQueue.insert(index, at: position)
    }

    /// Whether an interactive transition is running and waits for input that the scenario does not
    /// give: the live preview's drag gives it.
    package var isWaitingForInput: Bool {
        guard clockQueue.isEmpty, host.window.transitionContexts.first?.isInteractive == true else { return false }
        return nextInOrder == scenario.steps.count || !isDue(nextInOrder)
    }

    /// Ticks until the clock reaches `limit` (a tick never passes it), starting each step when its
    /// time has come; with `stoppingWhenDone`, stops earlier once every step has started and
    /// ended and no transition runs; with `stoppingWhenWaiting`, once an interactive transition
    /// waits for input no step gives (`isWaitingForInput`).
    package func run(until limit: Double, stoppingWhenDone: Bool, stoppingWhenWaiting: Bool = false) throws(PlaybackError) {
        // Each tick lands on a whole frame, n / fps, computed afresh (never by adding 1 / fps up):
        // an animation of a whole number of frames ends exactly on its last tick.
        while true {
            try startDueSteps()
            guard host.now < limit - 1e-9 else { break }
            if stoppingWhenDone, isDone { break }
            if stoppingWhenWaiting, isWaitingForInput { break }
            frameIndex += 1
            host.advance(by: min(Double(frameIndex) / fps, limit) - host.now)
            flushFaults()
        }
    }

    /// Whether every step has started and ended, and no transition runs.
    package var isDone: Bool {
        clockQueue.isEmpty && nextInOrder == scenario.steps.count && states.indices.allSatisfy(hasEnded) && !host.window.isTransitioning
    }

    // MARK: Steps

    private func startDueSteps() throws(PlaybackError) {
        while true {
            if let first = clockQueue.first, clockTime(of: first) <= host.now + 1e-9 {
                clockQueue.removeFirst()
                try start(first)
                continue
            }
            while nextInOrder < scenario.steps.count, case .clock = scenario.steps[nextInOrder].start { nextInOrder += 1 }
            guard nextInOrder < scenario.steps.count, isDue(nextInOrder) else { return }
            let index = nextInOrder
            nextInOrder += 1
            if let reason = skipReason(index) {
                states[index].skipped = true
                states[index].began = host.now
                report(.skipped(time: host.now, description: "\(scenario.steps[index].actionName) skipped: \(reason)"))
            } else {
                try start(index)
            }
        }
    }

    private func clockTime(of index: Int) -> Double {
        if case .clock(let time) = scenario.steps[index].start { return time }
        return 0
    }

    /// Whether step `index` (not a clock one) may start now.
    private func isDue(_ index: Int) -> Bool {
        switch scenario.steps[index].start {
        case .afterPrevious:
            guard index == 0 || hasEnded(index - 1) else { return false }
            // What undoes a transition step waits for its end too: it may have been cancelled.
            return !scenario.steps[index].undoesPrevious || previousTransitionStep(index).map(hasEnded) ?? true
        case .after(let step, let seconds):
            guard let began = states[step].began else { return false }
            return states[step].skipped || began + seconds <= host.now + 1e-9
        case .clock: return true
        }
    }

    private func hasEnded(_ index: Int) -> Bool {
        let state = states[index]
        guard let began = state.began else { return false }
        if state.skipped { return true }
        if case .wait(let seconds) = scenario.steps[index].action { return began + seconds <= host.now + 1e-9 }
        switch state.ending {
        case .now: return true
        case .completion: return state.completed != nil
        case .idle:
            let engine = host.window.engine
            return frameIndex > state.beganAtFrame && !host.window.isTransitioning && engine.runningTrackCount == 0 && engine.activeGroupCount == 0
        }
    }

    /// Why step `index` is not taken: it undoes what a transition step before it made, and that
    /// step's transition was cancelled (or skipped); it is timed from a skipped step.
    private func skipReason(_ index: Int) -> String? {
        let step = scenario.steps[index]
        if case .after(let from, _) = step.start, states[from].skipped {
            return "\(scenario.label(from)) was skipped"
        }
        guard step.undoesPrevious, let previous = previousTransitionStep(index) else { return nil }
        if states[previous].skipped { return "\(scenario.label(previous)) was skipped" }
        guard states[previous].completed == false else { return nil }
        return "the \(states[previous].kind?.rawValue ?? scenario.steps[previous].actionName) was cancelled"
    }

    /// The last step before `index` that began a transition (or was skipped): not an input, a
    /// wait or a size change.
    private func previousTransitionStep(_ index: Int) -> Int? {
        scenario.steps[..<index].indices.last { earlier in
            switch scenario.steps[earlier].action {
            case .input, .wait, .size: false
            default: true
            }
        }
    }

    private func start(_ index: Int) throws(PlaybackError) {
        let step = scenario.steps[index]
        states[index].began = host.now
        states[index].beganAtFrame = frameIndex
        if scenario.labelsSteps, case .input = step.action {} else if scenario.labelsSteps {
            report(.step(time: host.now, index: index, label: "\(scenario.label(index))\(describeTarget(step.action))"))
        }
        let ending = try stage.perform(
            step, index: index,
            completion: { [weak self] kind, completed in
                guard let self else { return }
                states[index].completed = completed
                states[index].kind = kind
                report(.completion(time: host.now, kind: kind, completed: completed))
            },
            report: { event in self.report(event) })
        states[index].ending = ending
        flushFaults()
    }

    /// A step's object in its label: ` details`, ` showRecipe1`, ` 0.5 s`.
    private func describeTarget(_ action: Scenario.Action) -> String {
        func format(_ value: Double) -> String { String(format: "%g", value) }
        switch action {
        case .present(let id, _, _), .dismiss(let id), .push(let id, _), .pop(let id), .popToRoot(let id): return id.map { " \($0)" } ?? ""
        case .show(let id, _), .showDetail(let id, _), .segue(let id, _), .unwind(let id, _): return " \(id)"
        case .tap(.view(let id), _): return " \(id)"
        case .tap(.point(let point), _): return " (\(format(point.x)), \(format(point.y)))"
        case .selectTab(.index(let index), _): return " \(index)"
        case .selectTab(.viewController(let id), _): return " \(id)"
        case .size(let size): return " \(format(size.width)) × \(format(size.height))"
        case .wait(let seconds): return " \(format(seconds)) s"
        case .input: return ""
        }
    }

    // MARK: Reports

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
        guard interactive else { return }
        switch interactiveInput {
        case .percentSweep:
            for (offset, action) in InteractionScript.percentSweepActions.enumerated() {
                addInput(action, at: host.now + 0.1 * Double(offset + 1), place: "percent sweep")
            }
        case .finish:
            addInput(.finish, at: host.now, place: "finish")
        default:
            break
        }
    }

}
