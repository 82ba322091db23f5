import ScrimJSON

/// Writes a recording's frames as the page's data holds them (`PreviewData`): each frame as its
/// JSON object, with the numbers of each view that changed against those last written for it. So
/// it must be given every frame of a recording, in order.
struct PreviewFrameEncoder {
    /// Each view's numbers as last written (nil: not written yet).
    private var written: [[JSONValue]?] = []

    /// The fields written to eight decimals: a 4×4 matrix's perspective column (m14, m24, m34),
    /// small numbers (m34 is −1/distance) that four decimals would change by a few percent,
    /// moving a projected point by a point or more.
    private static let fine = Set(PreviewViewState.fieldNames.indices.filter { index in
        [".m14", ".m24", ".m34"].contains { PreviewViewState.fieldNames[index].hasSuffix($0) }
    })

    /// The frame's JSON object: `{"t":…,"tree"?:…,"full"?:…,"set"?:…,"content"?:…}`.
    mutating func json(_ frame: PreviewRecording.Frame) -> JSONValue {
        var object: JSONObject = ["t": .previewTime(frame.time)]
        if let tree = frame.tree {
            object["tree"] = .array(tree.flatMap { [JSONValue.int($0.view), .int($0.parent ?? -1)] })
        }
        var full: [JSONValue] = []
        var set: [JSONValue] = []
        for (view, state) in frame.changes {
            if view >= written.count { written += [[JSONValue]?](repeating: nil, count: view - written.count + 1) }
            let new = state.fields.enumerated().map { index, value in
                Self.fine.contains(index) ? JSONValue.previewFineNumber(value) : .previewNumber(value)
            }
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
        if !frame.contents.isEmpty { object["content"] = .array(frame.contents.map { .array([.int($0.view), .object($0.content)]) }) }
        return .object(object)
    }
}
