/// Writes a recording's frames as the page's data holds them (`PreviewData`): each frame as its
/// JSON object, with the numbers of each view that changed against those last written for it. So
/// it must be given every frame of a recording, in order.
struct PreviewFrameEncoder {
    /// Each view's numbers as last written (nil: not written yet).
    private var written: [[String]?] = []

    /// The frame's JSON object: `{"t":…,"tree"?:…,"full"?:…,"set"?:…}`.
    mutating func json(_ frame: PreviewRecording.Frame) -> String {
        var out = "{\"t\":\(Markup.time(frame.time))"
        if let tree = frame.tree {
            out += ",\"tree\":[" + tree.map { "\($0.view),\($0.parent ?? -1)" }.joined(separator: ",") + "]"
        }
        var full: [String] = []
        var set: [String] = []
        for (view, state) in frame.changes {
            if view >= written.count { written += [[String]?](repeating: nil, count: view - written.count + 1) }
            let new = state.fields.map(Markup.number)
            defer { written[view] = new }
            guard let old = written[view] else {
                full.append("[\(view)," + new.joined(separator: ",") + "]")
                continue
            }
            let changed = new.indices.filter { new[$0] != old[$0] }
            guard !changed.isEmpty else { continue }
            set.append("[\(view)," + changed.map { "\($0),\(new[$0])" }.joined(separator: ",") + "]")
        }
        if !full.isEmpty { out += ",\"full\":[" + full.joined(separator: ",") + "]" }
        if !set.isEmpty { out += ",\"set\":[" + set.joined(separator: ",") + "]" }
        return out + "}"
    }
}
