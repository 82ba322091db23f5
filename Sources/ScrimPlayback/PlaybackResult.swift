/// What a played transition gave besides its frames (which the player's `onFrame` saw): every
/// event in order, the plugins' output among them, and the faults.
package struct PlaybackResult: Sendable {
    /// The events, in the order they happened.
    package var events: [PlaybackEvent]
    /// The faults, in order (each is among the events too).
    package var faults: [PlaybackFault]

    package init(events: [PlaybackEvent] = [], faults: [PlaybackFault] = []) {
        self.events = events
        self.faults = faults
    }
}
