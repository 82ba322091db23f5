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

        package init(time: Double, action: Action) { (self.time, self.action) = (time, action) }
    }

    package let events: [Event]

    /// Events made in code, in time order.
    package init(events: [Event]) {
        self.events = events
    }

    /// Why an interaction file cannot be played: the file, the event's index and the field.
    package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        package let message: String

        package init(message: String) { self.message = message }
        package var description: String { message }
    }

    /// Reads the file at `url`.
    ///
    /// - Throws: `Failure` naming the file, the event (`drag.json[2]`) and the field.
    package init(contentsOf url: URL) throws(Failure) {
        let value: JSONValue
        do {
            value = try JSONInputFile.read(url, noun: "interaction file")
        } catch {
            throw Failure(message: error.message)
        }
        try self.init(value, name: url.lastPathComponent)
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
        let action = try params.action(among: Action.keys, noun: "event") { ["time", $0] + Action.fields(of: $0) }
        let time = try params.number("time", in: 0...86_400)
        if let previous, time < previous {
            throw SceneError(
                params.field("time"), "events must be in time order: \(OptionReader.format(time)) comes after \(OptionReader.format(previous))")
        }
        return Event(time: time, action: try Action(action, params))
    }
}

extension InteractionScript.Action {
    /// The keys that name an input action.
    package static let keys = ["pan", "percent", "finish", "cancel", "pause"]

    /// The action's key: `pan`, `percent`, `finish`, `cancel`, `pause`.
    package var key: String {
        switch self {
        case .pan: "pan"
        case .update: "percent"
        case .finish: "finish"
        case .cancel: "cancel"
        case .pause: "pause"
        }
    }

    /// The fields an action's object has besides its key and `others` (a pan's point and view).
    package static func fields(of key: String) -> [String] { key == "pan" ? ["x", "y", "view"] : [] }

    /// The action `key` of `params` (its fields checked already).
    init(_ key: String, _ params: OptionReader) throws(SceneError) {
        switch key {
        case "pan":
            let phase = PanPhase(rawValue: try params.choice("pan", PanPhase.allCases.map(\.rawValue)))!
            let location = Point(x: try params.number("x"), y: try params.number("y"))
            self = .pan(phase, location, view: try params.optionalString("view"))
        case "percent":
            self = .update(try params.number("percent", in: 0...1))
        default:
            guard try params.bool(key) else {
                throw SceneError(params.field(key), "expected true (leave the event out instead of false)")
            }
            self = key == "finish" ? .finish : key == "cancel" ? .cancel : .pause
        }
    }

    /// The action in a timeline: `pan began at (195, 300)`, `percent 0.4`, `finish`.
    package var description: String {
        func format(_ value: Double) -> String { String(format: "%g", value) }
        switch self {
        case .pan(let phase, let point, let view):
            return "pan \(phase.rawValue) at (\(format(point.x)), \(format(point.y)))" + (view.map { " in \($0)" } ?? "")
        case .update(let percent): return "percent \(format(percent))"
        case .finish: return "finish"
        case .cancel: return "cancel"
        case .pause: return "pause"
        }
    }
}

extension InteractionScript.Action {
    /// Delivers the action to `window`: a pan to the recognizers under its point (or of its
    /// view), a percent action to the transition running now. `place` names it in messages
    /// (`drag.json[2] (time 0.5)`).
    ///
    /// - Returns: false for a pan that no gesture recognizer received (UIKit delivers a touch's
    ///   moves whether a recognizer took it or not: it goes nowhere).
    /// - Throws: `InteractionScript.Failure` naming the event when its view is not in the window,
    ///   the pan is out of sequence, or no transition is running for a percent action.
    @MainActor
    @discardableResult
    package func deliver(to window: Window, place: String) throws(InteractionScript.Failure) -> Bool {
        switch self {
        case .pan(let phase, let location, let viewID):
            var target: View?
            if let viewID {
                guard let view = window.descendant(withID: viewID) else {
                    throw .init(message: "\(place).view: view '\(viewID)' is not in the window")
                }
                target = view
            }
            do {
                return try window.sendPan(phase, at: location, in: target)
            } catch {
                throw .init(message: "\(place): \(error)")
            }
        case .update(let percent): try running(place, window).updateInteractiveTransition(percent)
        case .finish: try running(place, window).finishInteractiveTransition()
        case .cancel: try running(place, window).cancelInteractiveTransition()
        case .pause: try running(place, window).pauseInteractiveTransition()
        }
        return true
    }

    @MainActor
    private func running(_ place: String, _ window: Window) throws(InteractionScript.Failure) -> TransitionContext {
        guard let context = window.transitionContexts.first else {
            throw .init(message: "\(place): no transition is running (it begins on the tick after present or dismiss)")
        }
        return context
    }
}
