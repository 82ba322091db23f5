import ScrimCore

/// The recording as the page's script reads it: one JSON object, written into the page as
/// `<script type="application/json" id="scrim-data">`.
///
/// ```text
/// { "format": 1, "title", "fps", "window": [width, height], "duration",
///   "fields": [names of a view's 20 numbers],
///   "views": [[id, label], …],
///   "frames": [{ "t": time, "tree"?: [view, parent, …], "full"?: [[view, 20 numbers], …],
///                "set"?: [[view, field, value, field, value, …], …] }, …],
///   "transitions": [{ "number", "kind", "from", "to", "interactive", "began", "ended"?, "completed"? }],
///   "markers": [{ "t", "kind", "text" }],
///   "tracks": [{ "view", "property" }] }
/// ```
///
/// A frame lists only what changed since the previous one: `tree` when the views' tree changed
/// (each view's index and its superview's, -1 for the window, depth first, back to front),
/// `full` for a view seen for the first time, `set` for the fields of a view that changed. The
/// first frame is whole. Numbers are rounded to four decimals; times are exact.
enum PreviewData {
    static func json(_ recording: PreviewRecording, tracks: [PreviewTrack]) -> String {
        var out = "{\"format\":1,\"title\":\(string(recording.title)),\"fps\":\(Markup.number(recording.framesPerSecond))"
        out += ",\"window\":[\(Markup.number(recording.windowSize.width)),\(Markup.number(recording.windowSize.height))]"
        out += ",\"duration\":\(Markup.time(recording.duration))"
        out += ",\"fields\":[" + PreviewViewState.fieldNames.map(string).joined(separator: ",") + "]"
        out += ",\"views\":[" + recording.views.map { "[\(string($0.id)),\(string($0.label))]" }.joined(separator: ",") + "]"
        out += ",\"frames\":["
        var encoder = PreviewFrameEncoder()
        out += recording.frames.map { encoder.json($0) }.joined(separator: ",")
        out += "],\"transitions\":[" + recording.transitions.map(json).joined(separator: ",") + "]"
        out += ",\"markers\":[" + recording.markers.map {
            "{\"t\":\(Markup.time($0.time)),\"kind\":\(string($0.kind.rawValue)),\"text\":\(string($0.text))}"
        }.joined(separator: ",") + "]"
        out += ",\"tracks\":[" + tracks.map { "{\"view\":\($0.view),\"property\":\(string($0.property.description))}" }.joined(separator: ",")
        out += "]}"
        return out
    }

    static func json(_ transition: PreviewRecording.Transition) -> String {
        var out = "{\"number\":\(transition.number),\"kind\":\(string(transition.kind)),\"from\":\(string(transition.from))"
        out += ",\"to\":\(string(transition.to)),\"interactive\":\(transition.interactive),\"began\":\(Markup.time(transition.began))"
        if let ended = transition.ended { out += ",\"ended\":\(Markup.time(ended))" }
        if let completed = transition.completed { out += ",\"completed\":\(completed)" }
        return out + "}"
    }

    /// A JSON string that is also safe inside a `<script>` element: `<` is written `\u003c`, so
    /// no text can close the element, and the line separators U+2028 and U+2029 are escaped.
    static func string(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<", "\u{2028}", "\u{2029}":
                out += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
            default:
                if scalar.value < 0x20 {
                    out += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

extension String {
    /// The string with zeros in front up to `length` characters.
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
