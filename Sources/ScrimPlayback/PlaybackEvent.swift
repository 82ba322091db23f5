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
    /// An event of the interaction file was delivered (index -1: the tap of `--tap`).
    case input(time: Double, index: Int, description: String)
    /// A plugin printed (`print`, `scrim.log`).
    case log(time: Double, plugin: String, file: String, line: Int?, text: String)
    /// A role faulted (the transition it was in ended as cancelled).
    case fault(PlaybackFault)
    /// A step that was not taken because an earlier one did not complete: `dismiss skipped: the
    /// presentation was cancelled`.
    case skipped(time: Double, description: String)
}
