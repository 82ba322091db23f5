import Scrim

/// What a `TransitionPlayback` reports besides its frames, at the clock's time: the transitions'
/// events, the completion handlers, the input it played and what the plugins printed.
enum PlaybackEvent {
    /// A transition began.
    case began(time: Double, transition: Int, kind: TransitionKind, from: String, to: String, interactive: Bool)
    case ended(time: Double, transition: Int, completed: Bool)
    /// The completion handler of `present`, `dismiss`, a push or a pop ran.
    case completion(time: Double, kind: TransitionKind, completed: Bool)
    /// An event of the interaction file was delivered (index -1: the tap of `--tap`).
    case input(time: Double, index: Int, description: String)
    /// A plugin printed (`print`, `scrim.log`).
    case log(time: Double, plugin: String, file: String, line: Int?, text: String)
}
