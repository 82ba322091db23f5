import ScrimCore
import ScrimHost
import ScrimJSON
import ScrimPlayback

/// What the live preview's server sends its pages over the WebSocket, one JSON object a message
/// (written with the protocol's JSON writer):
///
/// ```text
/// { "type": "generation", "generation": N }             on connecting: the page's generation
/// { "type": "page", "generation": N, "html": "…" }      a new recording: the whole new page
/// { "type": "frames", "generation": N, "at": T, "from", "viewsFrom", "views": [[id, label], …],
///   "frames": [frame, …], "transitions": [transition, …], "pans": [pan, …], "waiting"?: N }
///                                                        a drag's pan: the frames (and views)
///                                                        added since the last message, from
///                                                        index `from` (`viewsFrom`) on, written
///                                                        as in the page's data; `at`: the time
///                                                        of the frame that shows the pan
/// { "type": "diagnostic", "kind": "load", "generation": N, "file", "line", "column", "message",
///   "source" }                                           a save that does not load (N: the last
///                                                        good generation, still shown)
/// { "type": "diagnostic", "kind": "fault", "generation": N, "failing": M, "file"?, "line"?,
///   "column"?, "message", "source", "role"?, "object"?, "method"?, "time", "transition"?,
///   "transitionTime"? }                                  a save that loads but faults when it
///                                                        plays (M: its generation; `time`: the
///                                                        clock's time, `transitionTime`: the
///                                                        seconds into its transition)
/// { "type": "plugins", "current": name, "plugins": [{ "name", "file", "roles": [role, …] }, …] }
///                                                        the picker: on connecting, after a change
/// { "type": "devices", "current": name|null, "devices": [{ "name", "label", "width", "height" }, …] }
///                                                        the device picker (`Device.all`; null: the
///                                                        scene's size): on connecting, after a change
/// { "type": "error", "message": "…" }                   a client's message that was refused
/// { "type": "stopped", "reason": "…" }                  the preview was stopped (too many
///                                                        previews, idle, the language server shut
///                                                        down); the socket closes after it
/// ```
///
/// A drag's `frames` replace what the page has from `from` on (a previous drag's frames) and
/// are appended; the page sent when the drag ends brings the plot and the lists up to date.
/// Lines and columns are 1-based; `source` is the text of the diagnostic's line ("" when the
/// file cannot be read). Every generation ends in exactly one of `page`, a load `diagnostic` or
/// a fault `diagnostic`: the page shows the newest generation's state.
package enum PreviewLiveMessage: Sendable {
    /// A plugin of the picker: its name, its file's name and its roles.
    package typealias Plugin = (name: String, file: String, roles: [RoleKind])

    case generation(Int)
    case plugins(current: String, plugins: [Plugin])
    /// The device played on (nil: the scene's size), with the list of `Device.all`.
    case devices(current: Device?)
    case page(html: String, generation: Int)
    case frames(PreviewRecordingFeed.Update, generation: Int, at: Double)
    case diagnostic(ScriptDiagnostic, source: String, generation: Int)
    case fault(PlaybackFault, source: String, generation: Int, failing: Int)
    case error(String)
    /// The preview was stopped, for this reason: its page no longer changes.
    case stopped(String)

    package var json: String {
        switch self {
        case .generation(let generation):
            return JSONValue.object(["type": "generation", "generation": .int(generation)]).jsonString
        case .page(let html, let generation):
            return JSONValue.object(["type": "page", "generation": .int(generation), "html": .string(html)]).jsonString
        case .frames(let update, let generation, let at):
            // The frames are written as the page's data writes them (`PreviewFrameEncoder`), safe in
            // a `<script>` element as that is.
            var object: JSONObject = ["type": "frames", "generation": .int(generation), "at": .previewTime(at)]
            for (key, value) in update.jsonMembers { object[key] = value }
            return JSONValue.object(object).scriptSafeJSONString
        case .diagnostic(let diagnostic, let source, let generation):
            let start = diagnostic.range.start
            return JSONValue.object([
                "type": "diagnostic", "kind": "load", "generation": .int(generation), "file": .string(diagnostic.path),
                "line": .int(start.line + 1), "column": .int(start.character + 1), "message": .string(diagnostic.message),
                "source": .string(source),
            ]).jsonString
        case .fault(let fault, let source, let generation, let failing):
            var object: JSONObject = [
                "type": "diagnostic", "kind": "fault", "generation": .int(generation), "failing": .int(failing),
                "message": .string(fault.message), "source": .string(source), "context": .string(fault.context),
                "time": .double(fault.time),
            ]
            if let path = fault.path, let line = fault.line, let column = fault.column {
                object["file"] = .string(path)
                object["line"] = .int(line)
                object["column"] = .int(column)
            }
            if let role = fault.role { object["role"] = .string(role.rawValue) }
            if let name = fault.object { object["object"] = .string(name) }
            if let method = fault.method { object["method"] = .string(method) }
            if let transition = fault.transition { object["transition"] = .int(transition) }
            if let seconds = fault.transitionTime { object["transitionTime"] = .double(seconds) }
            return JSONValue.object(object).jsonString
        case .plugins(let current, let plugins):
            let list: [JSONValue] = plugins.map { plugin in
                .object([
                    "name": .string(plugin.name), "file": .string(plugin.file),
                    "roles": .array(plugin.roles.map { .string($0.rawValue) }),
                ])
            }
            return JSONValue.object(["type": "plugins", "current": .string(current), "plugins": .array(list)]).jsonString
        case .devices(let current):
            let list: [JSONValue] = Device.all.map { device in
                .object([
                    "name": .string(device.name), "label": .string(device.label), "width": .int(Int(device.size.width)),
                    "height": .int(Int(device.size.height)),
                ])
            }
            return JSONValue.object(["type": "devices", "current": current.map { .string($0.name) } ?? .null, "devices": .array(list)])
                .jsonString
        case .error(let message):
            return JSONValue.object(["type": "error", "message": .string(message)]).jsonString
        case .stopped(let reason):
            return JSONValue.object(["type": "stopped", "reason": .string(reason)]).jsonString
        }
    }
}
