import Foundation
import ScrimCore
internal import ScrimLua
package import ScrimJSON

/// A list of timed input events that drives interactive transitions on the manual clock (`scrim
/// run --interaction FILE.json`): pan events for the recognizers in the window, or updates of the
/// running transition's percent, as a user's finger or `scrim/input` / `scrim/interaction` would.
///
/// The file is a JSON array of objects, each with a `time` (seconds on the clock, from 0, never
/// decreasing) and exactly one action:
///
/// ```json
/// [{ "time": 0.1, "pan": "began", "x": 20, "y": 400 },
///  { "time": 0.2, "pan": "changed", "x": 20, "y": 600, "view": "container" },
///  { "time": 0.3, "percent": 0.4 },
///  { "time": 0.5, "finish": true }]
/// ```
///
/// `pan` is `began`, `changed`, `ended` or `cancelled` at window point (`x`, `y`), delivered to the
/// recognizers of the view under it (or of `view`); `percent` (0…1), `finish`, `cancel` and
/// `pause` (each `true`) act on the transition that is running.
package struct InteractionScript: Sendable, Equatable {
    package enum Action: Sendable, Equatable {
        case pan(PanPhase, Point, view: String?)
        case update(Double)
        case finish
        case cancel
        case pause
    }

    package struct Event: Sendable, Equatable {
        package let time: Double
        package let action: Action

        package init(time: Double, action: Action) {
            self.time = time
            self.action = action
        }
    }

    package let events: [Event]

    /// Events made in code, in time order.
    package init(events: [Event]) {
        self.events = events
    }

    /// Why an interaction file cannot be played: the file, the event's index and the field.
    package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        package let message: String
        package var description: String { message }
    }

    private static let actionKeys = ["pan", "percent", "finish", "cancel", "pause"]

    /// Reads the file at `url`.
    ///
    /// - Throws: `Failure` naming the file, the event (`drag.json[2]`) and the field.
    package init(contentsOf url: URL) throws(Failure) {
        let name = url.lastPathComponent
        let data: Data
        do {
            data = try FileContents.read(atPath: url.path)
        } catch {
            throw Failure(message: "\(url.path): cannot read the interaction file: \(error)")
        }
        let value: JSONValue
        do {
            value = try JSONValue(parsing: [UInt8](data))
        } catch {
            throw Failure(message: "\(name): not JSON: \(error)")
        }
        try self.init(value, name: name)
    }

    /// Reads the events of a parsed file called `name` (for messages).
    package init(_ value: JSONValue, name: String) throws(Failure) {
        guard case .array(let items) = value else {
            throw Failure(message: "\(name): expected an array of events, got \(value.typeNameWithArticle)")
        }
        var events: [Event] = []
        for (index, item) in items.enumerated() {
            let path = "\(name)[\(index)]"
            guard case .object(let object) = item else {
                throw Failure(message: "\(path): expected an event object, got \(item.typeNameWithArticle)")
            }
            do {
                let reader = try OptionReader(json: .object(object), path: path)
                events.append(try Self.event(reader, after: events.last?.time))
            } catch {
                throw Failure(message: error.message)
            }
        }
        self.events = events
    }

    private static func event(_ params: OptionReader, after previous: Double?) throws(SceneError) -> Event {
        let present = actionKeys.filter { params.contains($0) }
        guard present.count == 1, let action = present.first else {
            throw SceneError(
                params.path,
                present.isEmpty
                    ? "no action: give one of \(actionKeys.map { "\"\($0)\"" }.joined(separator: ", "))"
                    : "one action per event, got \(present.map { "\"\($0)\"" }.joined(separator: " and "))")
        }
        let allowed = ["time", action] + (action == "pan" ? ["x", "y", "view"] : [])
        if let unknown = params.members.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw SceneError(
                params.field(unknown), "unknown field; a \(action) event has \(allowed.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        let time = try params.number("time", in: 0...86_400)
        if let previous, time < previous {
            throw SceneError(
                params.field("time"), "events must be in time order: \(OptionReader.format(time)) comes after \(OptionReader.format(previous))")
        }
        switch action {
        case "pan":
            let phase = PanPhase(rawValue: try params.choice("pan", PanPhase.allCases.map(\.rawValue)))!
            let location = Point(x: try params.number("x"), y: try params.number("y"))
            return Event(time: time, action: .pan(phase, location, view: try params.optionalString("view")))
        case "percent":
            return Event(time: time, action: .update(try params.number("percent", in: 0...1)))
        default:
            guard try params.bool(action) else {
                throw SceneError(params.field(action), "expected true (leave the event out instead of false)")
            }
            return Event(time: time, action: action == "finish" ? .finish : action == "cancel" ? .cancel : .pause)
        }
    }
}

extension InteractionScript {
    /// Delivers event `index` of the file called `name` to `window`: a pan to the recognizers
    /// under its point (or of its view), a percent action to the transition running now.
    ///
    /// - Throws: `Failure` naming the event when its view is not in the window, the pan is out
    ///   of sequence, or no transition is running for a percent action.
    @MainActor
    package func deliver(_ index: Int, to window: Window, name: String) throws(Failure) {
        let event = events[index]
        let place = "\(name)[\(index)] (time \(OptionReader.format(event.time)))"
        switch event.action {
        case .pan(let phase, let location, let viewID):
            var target: View?
            if let viewID {
                guard let view = window.descendant(withID: viewID) else {
                    throw Failure(message: "\(place).view: view '\(viewID)' is not in the window")
                }
                target = view
            }
            do {
                try window.sendPan(phase, at: location, in: target)
            } catch {
                throw Failure(message: "\(place): \(error)")
            }
        case .update(let percent): try running(place, window).updateInteractiveTransition(percent)
        case .finish: try running(place, window).finishInteractiveTransition()
        case .cancel: try running(place, window).cancelInteractiveTransition()
        case .pause: try running(place, window).pauseInteractiveTransition()
        }
    }

    @MainActor
    private func running(_ place: String, _ window: Window) throws(Failure) -> TransitionContext {
        guard let context = window.transitionContexts.first else {
            throw Failure(message: "\(place): no transition is running (it begins on the tick after present or dismiss)")
        }
        return context
    }
}
