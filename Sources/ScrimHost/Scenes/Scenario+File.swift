import Foundation
import ScrimCore
package import ScrimJSON

extension Scenario {
    /// The keys that name a step's action besides the input actions (`pan`, `percent`, …).
    package static let actionKeys = [
        "present", "dismiss", "push", "pop", "popToRoot", "show", "showDetail", "segue", "unwind", "tap", "selectTab", "size", "wait",
    ]

    /// The fields each action's step may have besides its key, `name` and its timing.
    private static func fields(of action: String) -> [String] {
        switch action {
        case "present": ["style", "presenter"]
        case "push": ["on"]
        case "show", "showDetail", "segue", "unwind": ["source"]
        case "tap": ["runs"]
        case "selectTab": ["of"]
        default: InteractionScript.Action.fields(of: action)
        }
    }

    private static let fileKeys = ["plugin", "scene", "options", "style", "animator", "interactive", "steps"]

    /// Reads the scenario file at `url` (JSON): an object with `steps` (and optionally `plugin`,
    /// `scene`, `options`, `style`, `animator`, `interactive`), or an array of steps. Relative
    /// paths are resolved against the file's directory.
    ///
    /// - Throws: `SceneError` naming the file and the field: `flow.json.steps[2].at: …`.
    package init(contentsOf url: URL) throws(SceneError) {
        try self.init(
            json: try JSONInputFile.read(url, noun: "scenario file"), name: url.lastPathComponent, directory: url.deletingLastPathComponent())
    }

    /// Reads a parsed scenario called `name` (for messages) whose relative paths are in
    /// `directory`.
    package init(json: JSONValue, name: String, directory: URL) throws(SceneError) {
        if case .array = json {
            let reader = try OptionReader(json: .object(["steps": json]), path: name)
            self.init(steps: try Self.steps(reader, path: name), labelsSteps: true)
            return
        }
        guard case .object = json else {
            throw SceneError(name, "expected an object with \"steps\" (or an array of steps), got \(json.typeNameWithArticle)")
        }
        let reader = try OptionReader(json: json, path: name)
        if let unknown = reader.members.keys.sorted().first(where: { !Self.fileKeys.contains($0) }) {
            throw SceneError(reader.field(unknown), "unknown field; a scenario has \(Self.fileKeys.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        func file(_ key: String) throws(SceneError) -> URL? {
            try reader.optionalString(key).map { path in
                (path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appendingPathComponent(path)).standardizedFileURL
            }
        }
        var interactive: InteractiveTransitions?
        if let word = try reader.optionalChoice("interactive", InteractiveTransitions.words) {
            interactive = InteractiveTransitions(word: word)
        }
        self.init(
            plugin: try file("plugin"), scene: try file("scene"), options: reader.contains("options") ? try reader.options("options") : [:],
            style: try reader.optionalCase("style", ModalPresentationStyle.self), animator: try reader.optionalString("animator"),
            interactive: interactive, steps: try Self.steps(reader, path: "\(name).steps"), labelsSteps: true)
    }

    private static func steps(_ reader: OptionReader, path: String) throws(SceneError) -> [Step] {
        let objects = try reader.objects("steps")
        guard !objects.isEmpty else { throw SceneError(path, "no steps: give at least one") }
        var steps: [Step] = []
        var lastClock: Double?
        for object in objects {
            let step = try self.step(object, before: steps)
            if case .clock(let time) = step.start {
                if let lastClock, time < lastClock {
                    throw SceneError(
                        object.field(object.contains("time") ? "time" : "at"),
                        "steps with a clock time must be in time order: \(OptionReader.format(time)) comes after \(OptionReader.format(lastClock))")
                }
                lastClock = time
            }
            steps.append(step)
        }
        return steps
    }

    private static func step(_ params: OptionReader, before earlier: [Step]) throws(SceneError) -> Step {
        let action = try params.action(among: actionKeys + InteractionScript.Action.keys, noun: "step") {
            ["name", "time", "at", "from", $0] + fields(of: $0)
        }
        let name = try params.optionalString("name")
        if let name, earlier.contains(where: { $0.name == name }) {
            throw SceneError(params.field("name"), "another step is named '\(name)' already")
        }
        return Step(name: name, start: try start(params, before: earlier), action: try self.action(action, params), place: params.path)
    }

    private static func start(_ params: OptionReader, before earlier: [Step]) throws(SceneError) -> Start {
        if params.contains("time") {
            if params.contains("at") || params.contains("from") {
                throw SceneError(params.field("time"), "give either \"time\" (on the clock) or \"at\" (after a step's begin), not both")
            }
            return .clock(try params.number("time", in: 0...86_400))
        }
        guard params.contains("at") else {
            if params.contains("from") { throw SceneError(params.field("from"), "\"from\" goes with \"at\": the seconds after that step's begin") }
            return .afterPrevious
        }
        let seconds = try params.number("at", in: 0...3_600)
        guard let from = try params.optionalString("from") else {
            return earlier.isEmpty ? .clock(seconds) : .after(step: earlier.count - 1, seconds: seconds)
        }
        guard let index = earlier.firstIndex(where: { $0.name == from }) else {
            let names = earlier.compactMap(\.name)
            throw SceneError(
                params.field("from"),
                "no step before this one is named '\(from)' (named: \(names.isEmpty ? "none" : names.map { "'\($0)'" }.joined(separator: ", ")))")
        }
        return .after(step: index, seconds: seconds)
    }

    private static func action(_ key: String, _ params: OptionReader) throws(SceneError) -> Action {
        switch key {
        case "present":
            return .present(
                try target(key, params), presenter: try params.optionalString("presenter"),
                style: try params.optionalCase("style", ModalPresentationStyle.self))
        case "dismiss": return .dismiss(try target(key, params))
        case "push": return .push(try target(key, params), on: try params.optionalString("on"))
        case "pop": return .pop(try target(key, params))
        case "popToRoot": return .popToRoot(try target(key, params))
        case "show": return .show(try params.string(key), source: try params.optionalString("source"))
        case "showDetail": return .showDetail(try params.string(key), source: try params.optionalString("source"))
        case "segue": return .segue(try params.string(key), source: try params.optionalString("source"))
        case "unwind": return .unwind(try params.string(key), source: try params.optionalString("source"))
        case "tap":
            let tap: TapTarget =
                params.value(key)?.members != nil ? .point(try params.point(key)) : .view(try params.string(key))
            return .tap(tap, segue: try params.optionalString("runs"))
        case "selectTab":
            if params.value(key)?.stringValue != nil { return .selectTab(.viewController(try params.string(key)), of: try params.optionalString("of")) }
            let index = try params.integer(key)
            guard index >= 0 else { throw SceneError(params.field(key), "expected a tab's index from 0 or a view controller's id, got \(index)") }
            return .selectTab(.index(index), of: try params.optionalString("of"))
        case "size":
            if let name = params.value(key)?.stringValue {
                do {
                    return .size(try Device(named: name).size)
                } catch {
                    throw SceneError(params.field(key), "\(error)")
                }
            }
            let size = try params.size(key)
            guard size.width > 0, size.height > 0 else { throw SceneError(params.field(key), "expected a width and a height above 0") }
            return .size(size)
        case "wait": return .wait(try params.number(key, in: 0...3_600))
        default: return .input(try InteractionScript.Action(key, params))
        }
    }

    /// A view controller's id, or `true` for the step's default one.
    private static func target(_ key: String, _ params: OptionReader) throws(SceneError) -> Target {
        if params.value(key)?.boolValue == true { return nil }
        guard params.value(key)?.stringValue != nil else {
            throw SceneError(
                params.field(key), "expected a view controller's id, or true for the default one, got \(params.value(key)!.typeNameWithArticle)")
        }
        return try params.string(key)
    }
}
