import Foundation
import Scrim
import ScrimPlayback
import ScrimJSON

/// What `scrim run` saw, in order: the frames (the presentation values of the views that changed,
/// captured at their tick), the transitions' events, the input it played and what the plugins
/// printed. Printed as a table, or as JSON lines (frames only, or everything with `--events`).
@MainActor
struct RunTimeline {
    /// One view's values in a frame row of the table.
    struct FrameRow {
        /// The view's id, or for a view made without one, its name and id.
        let view: String
        let values: ViewValues
    }

    enum Entry {
        /// A transition's event, a completion, input or a plugin's output.
        case event(PlaybackEvent)
        /// The views that changed at a tick; `json` is the frame as `scrim/frame`'s params.
        case frame(time: Double, rows: [FrameRow], json: [UInt8])
    }

    private(set) var entries: [Entry] = []
    private let recorder = FrameRecorder()

    /// Records the views under `window` whose presentation changed since the last frame.
    mutating func recordFrame(at time: Double, in window: Window) {
        let changed = recorder.changes(in: window)
        guard !changed.isEmpty else { return }
        let rows = changed.map { view in
            FrameRow(view: Self.label(of: view), values: view.presentation)
        }
        entries.append(.frame(time: time, rows: rows, json: FrameEncoder.params(time: time, views: changed)))
    }

    mutating func record(_ event: PlaybackEvent) { entries.append(.event(event)) }

    /// A view's name in the table: its id, or for a view a plugin made without an id, its name
    /// (with the generated id, which tells two views of the same name apart).
    static func label(of view: View) -> String {
        guard view.hasGeneratedID, let name = view.name, !name.isEmpty else { return view.id }
        return "\(name) (\(view.id))"
    }

    // MARK: JSON lines

    /// One JSON object per line: every frame, and with `events` the other entries too.
    func jsonLines(events: Bool) -> [String] {
        entries.compactMap { entry -> String? in
            if case .frame(_, _, let json) = entry { return String(decoding: json, as: UTF8.self) }
            guard events, case .event(let event) = entry, let object = Self.json(event) else { return nil }
            return String(decoding: JSONValue.object(object).serialized(), as: UTF8.self)
        }
    }

    /// An event's JSON line; nil for a pan (its `input` line says it already).
    private static func json(_ event: PlaybackEvent) -> JSONObject? {
        switch event {
        case .began(let time, let transition, let kind, let from, let to, let interactive):
            return [
                "time": .double(time), "event": "began", "transition": .int(transition), "kind": .string(kind.rawValue),
                "from": .string(from), "to": .string(to), "interactive": .bool(interactive),
            ]
        case .ended(let time, let transition, let completed):
            return ["time": .double(time), "event": "ended", "transition": .int(transition), "completed": .bool(completed)]
        case .completion(let time, let kind, let completed):
            return ["time": .double(time), "event": "completion", "kind": .string(kind.rawValue), "completed": .bool(completed)]
        case .input(let time, let index, let description):
            return ["time": .double(time), "event": "input", "index": .int(index), "input": .string(description)]
        case .pan:
            return nil
        case .log(let time, let plugin, let file, let line, let text):
            var object: JSONObject = ["time": .double(time), "log": .string(text), "plugin": .string(plugin), "file": .string(file)]
            if let line { object["line"] = .int(line) }
            return object
        case .fault(let fault):
            var object: JSONObject = ["time": .double(fault.time), "event": "fault", "message": .string(fault.message)]
            if let path = fault.path, let line = fault.line, let column = fault.column {
                object["file"] = .string(URL(fileURLWithPath: path).lastPathComponent)
                object["line"] = .int(line)
                object["column"] = .int(column)
            }
            if let role = fault.role { object["role"] = .string(role.rawValue) }
            if let method = fault.method { object["method"] = .string(method) }
            if let transition = fault.transition { object["transition"] = .int(transition) }
            return object
        case .skipped(let time, let description):
            return ["time": .double(time), "event": "skipped", "skipped": .string(description)]
        case .step(let time, let index, let label):
            return ["time": .double(time), "event": "step", "step": .int(index + 1), "label": .string(label)]
        case .segue(let time, let identifier, let kind, let source, let destination):
            return [
                "time": .double(time), "event": "segue", "identifier": .string(identifier), "kind": .string(kind), "source": .string(source),
                "destination": .string(destination),
            ]
        case .warning(let time, let description):
            return ["time": .double(time), "event": "warning", "warning": .string(description)]
        }
    }

    // MARK: The table

    /// The table: a row per view that moved (a view that never changed after its first row is
    /// left out) with time, view, frame, alpha and corner radius; between the rows, the events
    /// and the plugins' output at their time; a heading where each transition begins.
    func tableLines() -> [String] {
        var rowCount: [String: Int] = [:]
        for case .frame(_, let rows, _) in entries {
            for row in rows { rowCount[row.view, default: 0] += 1 }
        }
        let header = ["time", "view", "frame", "alpha", "cornerRadius"]
        enum Line {
            case cells([String])
            case text(String)
        }
        var lines: [Line] = []
        for entry in entries {
            switch entry {
            case .frame(let time, let rows, _):
                for row in rows where rowCount[row.view, default: 0] > 1 {
                    lines.append(.cells([
                        Self.format(time), row.view, Self.format(row.values.frame),
                        String(format: "%.3f", row.values.alpha), String(format: "%.2f", row.values.cornerRadius),
                    ]))
                }
            case .event(.began(let time, let transition, let kind, let from, let to, let interactive)):
                lines.append(.text(""))
                lines.append(.text(
                    "== \(kind.rawValue) (transition \(transition), \(from) → \(to)\(interactive ? ", interactive" : "")) =="))
                lines.append(.text("\(Self.format(time))  * transition \(transition) began"))
            case .event(.ended(let time, let transition, let completed)):
                lines.append(.text("\(Self.format(time))  * transition \(transition) \(completed ? "completed" : "cancelled")"))
            case .event(.completion(let time, let kind, let completed)):
                let call =
                    switch kind {
                    case .presentation: "present"
                    case .dismissal: "dismiss"
                    case .push: "push"
                    case .pop: "pop"
                    case .tab: "select"
                    }
                lines.append(.text("\(Self.format(time))  * \(call) completion(\(completed))"))
            case .event(.input(let time, _, let description)):
                lines.append(.text("\(Self.format(time))  > \(description)"))
            case .event(.log(let time, _, let file, let line, let text)):
                lines.append(.text("\(Self.format(time))  [\(file)\(line.map { ":\($0)" } ?? "")] \(text)"))
            case .event(.skipped(let time, let description)):
                lines.append(.text("\(Self.format(time))  * \(description)"))
            case .event(.step(let time, _, let label)):
                lines.append(.text(""))
                lines.append(.text("\(Self.format(time))  -- \(label) --"))
            case .event(.segue(_, let identifier, let kind, let source, let destination)):
                lines.append(.text(""))
                lines.append(.text("== segue \(identifier) (\(kind), \(source) → \(destination)) =="))
            case .event(.warning(let time, let description)):
                lines.append(.text("\(Self.format(time))  ! warning: \(description)"))
            case .event(.fault):
                // Faults go to stderr, a line each (`PlaybackReporter`): not a second copy here.
                break
            case .event(.pan):
                // Its `input` line says it.
                break
            }
        }
        let cellLines = lines.compactMap { line -> [String]? in
            if case .cells(let cells) = line { return cells }
            return nil
        }
        let widths = header.indices.map { column in ([header] + cellLines).map { $0[column].count }.max() ?? 0 }
        func join(_ cells: [String]) -> String {
            cells.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        var output = [join(header), join(widths.map { String(repeating: "-", count: $0) })]
        for line in lines {
            switch line {
            case .cells(let cells): output.append(join(cells))
            case .text(let text): output.append(text)
            }
        }
        // The table starts with its first heading, not with a blank line.
        if output.count > 2, output[2].isEmpty { output.remove(at: 2) }
        return output
    }

    private static func format(_ time: Double) -> String { String(format: "%.4f", time) }

    private static func format(_ rect: Rect) -> String {
        String(format: "(%.2f, %.2f, %.2f, %.2f)", rect.x, rect.y, rect.width, rect.height)
    }
}
