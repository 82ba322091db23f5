import ScrimJSON

/// Writes a recording's frames as the page's data holds them (`PreviewData`): each frame as its
/// JSON object, with the numbers of each view that changed against those last written for it. So
/// it must be given every frame of a recording, in order.
struct PreviewFrameEncoder {
    /// Each view's numbers as last written (nil: not written yet).
    private var written: [[JSONValue]?] = []

    /// The frame's JSON object: `{"t":…,"tree"?:…,"full"?:…,"set"?:…}`.
    mutating func json(_ frame: PreviewRecording.Frame) -> JSONValue {
        var object: JSONObject = ["t": .previewTime(frame.time)]
        if let tree = frame.tree {
            object["tree"] = .array(tree.flatMap { [JSONValue.int($0.view), .int($0.parent ?? -1)] })
        }
        var full: [JSONValue] = []
        var set: [JSONValue] = []
        for (view, state) in frame.changes {
            if view >= written.count { written += [[JSONValue]?](repeating: nil, count: view - written.count + 1) }
            let new = state.fields.map(JSONValue.previewNumber)
            defer { written[view] = new }
            guard let old = written[view] else {
                full.append(.array([.int(view)] + new))
                continue
            }
            let changed = new.indices.filter { new[$0] != old[$0] }
            guard !changed.isEmpty else { continue }
            set.append(.array([.int(view)] + changed.flatMap { [JSONValue.int($0), new[$0]] }))
        }
        if !full.isEmpty { object["full"] = .array(full) }
        if !set.isEmpty { object["set"] = .array(set) }
        return .object(object)
    }
}
