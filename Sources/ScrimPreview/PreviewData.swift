import ScrimCore
import ScrimJSON

/// The recording as the page's script reads it: one JSON object, written into the page as
/// `<script type="application/json" id="scrim-data">`.
///
/// ```text
/// { "format": 1, "title", "fps", "window": [width, height], "duration",
///   "fields": [names of a view's numbers: values, layer values and flags],
///   "views": [[id, label, content?], …],
///   "frames": [{ "t": time, "tree"?: [view, parent, …], "full"?: [[view, its numbers], …],
///                "set"?: [[view, field, value, field, value, …], …], "content"?: [[view, { kind, … }], …] }, …],
///   "transitions": [{ "number", "kind", "from", "to", "interactive", "began", "ended"?, "completed"? }],
///   "markers": [{ "t", "kind", "text" }],
///   "pans": [{ "t", "phase", "x", "y" }],
///   "waiting"?: the number of the transition that waits for a drag,
///   "plot": { "knots": [time, x, time, x, …] },
///   "tracks": [{ "view", "property" }] }
/// ```
///
/// A frame lists only what changed since the previous one: `tree` when the views' tree changed
/// (each view's index and its superview's, -1 for the window, depth first, back to front),
/// `full` for a view seen for the first time, `set` for the fields of a view that changed,
/// `content` for a label or image view whose content changed since it was first seen. The
/// first frame is whole. `pans` are the pans delivered (window points), `waiting` is
/// `PreviewRecording.waitingTransition`, and `plot.knots` lays time along the plot
/// (`PreviewTimeScale`). Numbers are rounded to four decimals (a 4×4 matrix's perspective column,
/// m14 m24 m34, to eight); times are exact.
enum PreviewData {
    /// The page's data, as text safe inside its `<script>` element (no `</script>`, no `<!--`).
    static func json(_ recording: PreviewRecording, tracks: [PreviewTrack], scale: PreviewTimeScale) -> String {
        var encoder = PreviewFrameEncoder()
        var data: JSONObject = [
            "format": 1, "title": .string(recording.title), "fps": .previewNumber(recording.framesPerSecond),
            "window": [.previewNumber(recording.windowSize.width), .previewNumber(recording.windowSize.height)],
            "duration": .previewTime(recording.duration),
            "fields": .array(PreviewViewState.fieldNames.map(JSONValue.string)),
            "views": views(recording.views),
            "frames": .array(recording.frames.map { encoder.json($0) }),
            "transitions": .array(recording.transitions.map(json)),
            "markers": .array(recording.markers.map { marker in
                ["t": .previewTime(marker.time), "kind": .string(marker.kind.rawValue), "text": .string(marker.text)]
            }),
            "tracks": .array(tracks.map { ["view": .int($0.view), "property": .string($0.property.description)] }),
            "pans": pans(recording.pans),
            "plot": ["knots": .array(scale.knots.flatMap { [.previewTime($0.time), .previewNumber($0.x)] })],
        ]
        if let waiting = recording.waitingTransition { data["waiting"] = .int(waiting.number) }
        return JSONValue.object(data).scriptSafeJSONString
    }

    /// The views as `[[id, label], …]`, with a third element for a view with content:
    /// `[id, label, { kind, … }]` (`View.contentJSON`).
    static func views(_ views: [PreviewRecording.ViewInfo]) -> JSONValue {
        .array(views.map { view in
            let entry: [JSONValue] = [.string(view.id), .string(view.label)]
            return .array(entry + (view.content.map { [.object($0)] } ?? []))
        })
    }

    /// The pans as `[{ "t", "phase", "x", "y" }, …]`.
    static func pans(_ pans: [PreviewRecording.Pan]) -> JSONValue {
        .array(pans.map { pan in
            ["t": .previewTime(pan.time), "phase": .string(pan.phase.rawValue), "x": .previewNumber(pan.location.x), "y": .previewNumber(pan.location.y)]
        })
    }

    static func json(_ transition: PreviewRecording.Transition) -> JSONValue {
        var object: JSONObject = [
            "number": .int(transition.number), "kind": .string(transition.kind), "from": .string(transition.from),
            "to": .string(transition.to), "interactive": .bool(transition.interactive), "began": .previewTime(transition.began),
        ]
        if let ended = transition.ended { object["ended"] = .previewTime(ended) }
        if let completed = transition.completed { object["completed"] = .bool(completed) }
        return .object(object)
    }
}
