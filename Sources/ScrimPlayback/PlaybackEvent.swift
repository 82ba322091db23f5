import ScrimCore

/// What a `TransitionPlayback` reports besides its frames, at the clock's time: the transitions'
/// events, the completion handlers, the input it played, what the plugins printed, the faults and
/// the steps it skipped.
package enum PlaybackEvent: Sendable {
    /// A transition began.
    case began(time: Double, transition: Int, kind: TransitionKind, from: String, to: String, interactive: Bool)
    case ended(time: Double, transition: Int, completed: Bool)
    /// The completion handler of `present`, `dismiss`, a push or a pop ran.
    case completion(time: Double, kind: TransitionKind, completed: Bool)
    /// An input step was delivered: an event of the interaction file (`index`, its index in the
    /// file), a scenario's input step or tap (the step's index), -1 for the tap of `--tap`.
    case input(time: Double, index: Int, description: String)
    /// A pan was delivered, right after its `input`: its phase and window point (the preview's
    /// finger marker).
    case pan(time: Double, phase: PanPhase, location: Point)
    /// A plugin printed (`print`, `scrim.log`).
    case log(time: Double, plugin: String, file: String, line: Int?, text: String)
    /// A role faulted (the transition it was in ended as cancelled).
    case fault(PlaybackFault)
    /// A step that was not taken because an earlier one did not complete: `dismiss skipped: the
    /// presentation was cancelled`.
    case skipped(time: Double, description: String)
    /// A scenario's step began: `step 2 'dismissal': dismiss details` (only for scenarios that
    /// label their steps: a scenario file's).
    case step(time: Double, index: Int, label: String)
    /// A segue ran: its identifier, kind (`show`, `present`, `unwind`, …), source and destination.
    case segue(time: Double, identifier: String, kind: String, source: String, destination: String)
    /// Something that did not stop the run but was likely not meant: a pan that no gesture
    /// recognizer received, a tap that triggered nothing.
    case warning(time: Double, description: String)
}
