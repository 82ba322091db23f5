import Foundation
import ScrimCore

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

    /// What `scrim run` says after the faults when an interactive transition faulted and ended
    /// cancelled with no input delivered while it ran (it waited until the watchdog cancelled it:
    /// Docs/CLI.md, "Interaction files"): that no input was given, or where the input given went.
    /// Nil otherwise. The preview's page shows it under the faults.
    package var noInputAdvice: String? {
        guard !faults.isEmpty else { return nil }
        var began: [Int: (kind: TransitionKind, time: Double)] = [:]
        var inputTimes: [Double] = []
        var unfed: (transition: Int, kind: TransitionKind, began: Double, ended: Double)?
        for event in events {
            switch event {
            case .began(let time, let transition, let kind, _, _, true): began[transition] = (kind, time)
            case .input(let time, _, _): inputTimes.append(time)
            case .ended(let time, let transition, false):
                guard unfed == nil, let start = began[transition] else { break }
                if !inputTimes.contains(where: { $0 >= start.time && $0 <= time }) { unfed = (transition, start.kind, start.time, time) }
            default: break
            }
        }
        guard let unfed else { return nil }
        guard let first = inputTimes.min(), let last = inputTimes.max() else {
            return "an interactive transition got no input: give its pans or percent updates with --interaction FILE or in a --scenario (see Docs/CLI.md)"
        }
        func format(_ time: Double) -> String { String(format: "%g", (time * 1000).rounded() / 1000) }
        return "interactive transition \(unfed.transition) (\(unfed.kind.rawValue), \(format(unfed.began))–\(format(unfed.ended)) s) "
            + "got no input: the \(inputTimes.count) input event\(inputTimes.count == 1 ? " was" : "s were") delivered at "
            + "\(format(first))–\(format(last)) s, outside it; time them from its step with \"at\" and \"from\" in a --scenario (see Docs/CLI.md)"
    }
}
