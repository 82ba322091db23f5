/// The timeline under the player: a band for each transition, a tick for each marker, a line per
/// track (`PreviewTrack`: one animated property of one view, its progress normalised to 0…1, a
/// spring's overshoot above 1), time along the bottom, and the cursor the page's script moves
/// with the scrubber. Beside it, the legend.
enum PreviewPlot {
    static let width = 960.0
    static let height = 220.0
    /// The plot area inside the SVG.
    static let left = 44.0, right = 948.0, top = 24.0, bottom = 194.0

    /// The lines' colours, in turn.
    static let palette = [
        "#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#9a6324", "#469990", "#808000",
        "#000075", "#e6ab02",
    ]

    static func svg(_ recording: PreviewRecording, tracks: [PreviewTrack]) -> String {
        let duration = recording.duration
        func x(_ time: Double) -> Double { duration > 0 ? left + time / duration * (right - left) : left }
        let values = tracks.flatMap { $0.progress.compactMap { $0 } }
        let low = min(0, max(-1, values.min() ?? 0)), high = max(1, min(2, values.max() ?? 1))
        func y(_ progress: Double) -> Double { top + (high - min(max(progress, low), high)) / (high - low) * (bottom - top) }
        let n = Markup.number
        var out = "<svg id=\"plot\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(n(width)) \(n(height))\""
        out += " data-left=\"\(n(left))\" data-right=\"\(n(right))\" data-duration=\"\(Markup.time(duration))\""
        out += " role=\"img\" aria-label=\"Progress of each animated property over time\">\n"
        for transition in recording.transitions {
            let from = x(transition.began), to = x(transition.ended ?? duration)
            out += "<rect class=\"band band-\(Markup.escape(transition.kind))\" x=\"\(n(from))\" y=\"\(n(top))\""
            out += " width=\"\(n(max(to - from, 1)))\" height=\"\(n(bottom - top))\"/>"
            out += "<text class=\"band-label\" x=\"\(n(from + 4))\" y=\"\(n(top - 8))\">\(Markup.escape(transition.kind)) \(transition.number)</text>\n"
        }
        for level in [0.0, 1.0] {
            out += "<line class=\"level\" x1=\"\(n(left))\" x2=\"\(n(right))\" y1=\"\(n(y(level)))\" y2=\"\(n(y(level)))\"/>"
            out += "<text class=\"axis\" x=\"\(n(left - 6))\" y=\"\(n(y(level) + 4))\" text-anchor=\"end\">\(n(level))</text>\n"
        }
        for time in ticks(duration) {
            out += "<line class=\"tick\" x1=\"\(n(x(time)))\" x2=\"\(n(x(time)))\" y1=\"\(n(bottom))\" y2=\"\(n(bottom + 4))\"/>"
            out += "<text class=\"axis\" x=\"\(n(x(time)))\" y=\"\(n(bottom + 16))\" text-anchor=\"middle\">\(n(time)) s</text>\n"
        }
        for (index, track) in tracks.enumerated() {
            var path = ""
            var drawing = false
            for (frame, progress) in track.progress.enumerated() {
                guard let progress else {
                    drawing = false
                    continue
                }
                path += "\(drawing ? "L" : "M")\(n(x(recording.frames[frame].time))) \(n(y(progress)))"
                drawing = true
            }
            out += "<path class=\"track\" data-track=\"\(index)\" stroke=\"\(palette[index % palette.count])\" d=\"\(path)\">"
            out += "<title>\(Markup.escape(label(of: track, in: recording)))</title></path>\n"
        }
        for marker in recording.markers {
            out += "<line class=\"marker marker-\(marker.kind.rawValue)\" x1=\"\(n(x(marker.time)))\" x2=\"\(n(x(marker.time)))\""
            out += " y1=\"\(n(bottom - 10))\" y2=\"\(n(bottom))\"><title>\(Markup.escape(marker.text))</title></line>\n"
        }
        out += "<line id=\"cursor\" x1=\"\(n(left))\" x2=\"\(n(left))\" y1=\"\(n(top - 4))\" y2=\"\(n(bottom))\"/>\n</svg>"
        return out
    }

    /// The legend: a swatch and a name (`view.property`) per track.
    static func legend(_ recording: PreviewRecording, tracks: [PreviewTrack]) -> String {
        guard !tracks.isEmpty else { return "<p class=\"empty\">Nothing moved.</p>" }
        var out = "<ul id=\"legend\">"
        for (index, track) in tracks.enumerated() {
            out += "<li data-track=\"\(index)\"><span class=\"swatch\" style=\"background:\(palette[index % palette.count])\"></span>"
            out += "\(Markup.escape(label(of: track, in: recording)))</li>"
        }
        return out + "</ul>"
    }

    /// `details.center`: the view's label and the property.
    static func label(of track: PreviewTrack, in recording: PreviewRecording) -> String {
        "\(recording.views[track.view].label).\(track.property)"
    }

    /// Times for the axis: 0 and every step (0.1, 0.25, 0.5, 1, 2, 5, 10… s) up to `duration`,
    /// about ten of them.
    static func ticks(_ duration: Double) -> [Double] {
        guard duration > 0 else { return [0] }
        let step = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60].first { duration / $0 <= 10 } ?? 60
        return (0...Int((duration / step + 1e-9).rounded(.down))).map { Double($0) * step }
    }
}
