import ScrimCore

/// One line of the timeline plot: how far one animatable property of one view has gone, frame by
/// frame, normalised so that each transition takes it from 0 (its value when the transition
/// began) to 1 (its value when the next one begins, or at the end). A spring's overshoot goes past
/// 1; a value that comes back where it started (a bounce) is measured against its farthest point.
package struct PreviewTrack: Sendable, Hashable {
    /// The view's index in the recording's views.
    package var view: Int
    package var property: AnimatableProperty
    /// The progress at each frame of the recording; nil where the view was not in the window.
    package var progress: [Double?]

    /// The properties that changed in at least two frames, a track each, in the order of the
    /// views and then of `AnimatableProperty`.
    package static func tracks(in recording: PreviewRecording) -> [PreviewTrack] {
        // Which (view, property) pairs move: counted over the frames where the view changed.
        var changeCounts: [Int: [Int]] = [:]
        var previous = [PreviewViewState?](repeating: nil, count: recording.views.count)
        for frame in recording.frames {
            for (view, state) in frame.changes {
                if let before = previous[view] {
                    let old = before.fields, new = state.fields
                    for property in AnimatableProperty.allCases {
                        let range = PreviewViewState.fieldRange(of: property)
                        if old[range] != new[range] {
                            changeCounts[view, default: Array(repeating: 0, count: AnimatableProperty.allCases.count)][Int(property.rawValue)] += 1
                        }
                    }
                }
                previous[view] = state
            }
        }
        var moving: [(view: Int, property: AnimatableProperty)] = []
        for view in changeCounts.keys.sorted() {
            for property in AnimatableProperty.allCases where changeCounts[view]![Int(property.rawValue)] >= 2 {
                moving.append((view, property))
            }
        }
        // Each moving property's components at every frame, in one pass over the frames.
        var values = [[[Double]?]](repeating: [], count: moving.count)
        var inWindow = [Bool](repeating: false, count: recording.views.count)
        recording.forEachFrame { _, frame, tree, states in
            if frame.tree != nil {
                inWindow = Array(repeating: false, count: recording.views.count)
                for node in tree { inWindow[node.view] = true }
            }
            for (index, key) in moving.enumerated() {
                let state = inWindow[key.view] ? states[key.view] : nil
                values[index].append(state.map { Array($0.fields[PreviewViewState.fieldRange(of: key.property)]) })
            }
        }
        let starts = segmentStarts(in: recording)
        return moving.indices.map { index in
            PreviewTrack(view: moving[index].view, property: moving[index].property, progress: progress(of: values[index], segmentStarts: starts))
        }
    }

    /// The frame indices where each transition begins: the segments measured from 0 to 1.
    static func segmentStarts(in recording: PreviewRecording) -> [Int] {
        var starts: [Int] = [0]
        for began in recording.transitions.map(\.began).sorted() {
            guard let index = recording.frames.firstIndex(where: { $0.time >= began - 1e-9 }), index > starts.last! else { continue }
            starts.append(index)
        }
        return starts
    }

    /// The progress of a property's values (nil: the view not in the window) in each segment.
    private static func progress(of values: [[Double]?], segmentStarts starts: [Int]) -> [Double?] {
        var progress = [Double?](repeating: nil, count: values.count)
        for (number, start) in starts.enumerated() {
            let end = number + 1 < starts.count ? starts[number + 1] : values.count
            // From the last value before the segment (or its first value), to its last value.
            let present = values[start..<end].compactMap { $0 }
            guard let from = (start > 0 ? values[start - 1] : nil) ?? present.first, let to = present.last else { continue }
            let direction = zip(to, from).map { $0 - $1 }
            let length = direction.reduce(0) { $0 + $1 * $1 }
            let farthest = present.map { distance($0, from) }.max() ?? 0
            for index in start..<end {
                guard let value = values[index] else { continue }
                if length > 1e-12 {
                    var dot = 0.0
                    for component in value.indices { dot += (value[component] - from[component]) * direction[component] }
                    progress[index] = dot / length
                } else {
                    progress[index] = farthest > 1e-9 ? distance(value, from) / farthest : 0
                }
            }
        }
        return progress
    }

    private static func distance(_ a: [Double], _ b: [Double]) -> Double {
        zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    }
}
