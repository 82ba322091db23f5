/// The timeline under the player: a band for each transition with its label (in rows, so no two
/// overlap), a tick for each marker, a line per track (`PreviewTrack`: one animated property of one
/// view, its progress normalised to 0…1, a spring's overshoot above 1), time along the bottom —
/// idle stretches cut to a break (`PreviewTimeScale`) — and the cursor the page's script moves
/// with the scrubber. Beside it, the legend.
enum PreviewPlot {
    static let width = 960.0
    /// The plot area inside the SVG, with one row of transition labels above it (each more row
    /// moves it down by `rowHeight`).
    static let left = 44.0, right = 948.0, top = 24.0, bottom = 194.0
    static let rowHeight = 14.0
    /// A width per character that the labels' characters (11 px in the style sheet) never exceed.
    static let labelCharacterWidth = 7.0
    /// The least distance between two time labels.
    static let tickSpacing = 48.0

    /// The lines' colours, in turn.
    static let palette = [
        "#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#9a6324", "#469990", "#808000",
        "#000075", "#e6ab02",
    ]

    static func svg(_ recording: PreviewRecording, tracks: [PreviewTrack], scale: PreviewTimeScale) -> String {
        let duration = recording.duration
        let x = scale.x
        let waiting = recording.waitingTransition?.number
        let waitingNote = " · waiting for a drag"
        let labels = recording.transitions.map { transition in
            "\(transition.kind) \(transition.number)" + (transition.number == waiting ? waitingNote : "")
        }
        let placed = labelPlaces(recording.transitions.indices.map { (x(recording.transitions[$0].began) + 4, labelWidth(labels[$0])) })
        let rows = max(1, (placed.map(\.row).max() ?? 0) + 1)
        let shift = Double(rows - 1) * rowHeight
        let top = top + shift, bottom = bottom + shift
        let values = tracks.flatMap { $0.progress.compactMap { $0 } }
        let low = min(0, max(-1, values.min() ?? 0)), high = max(1, min(2, values.max() ?? 1))
        func y(_ progress: Double) -> Double { top + (high - min(max(progress, low), high)) / (high - low) * (bottom - top) }
        let n = Markup.number
        var out = "<svg id=\"plot\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(n(width)) \(n(bottom + 26))\""
        out += " data-left=\"\(n(left))\" data-right=\"\(n(right))\" data-duration=\"\(Markup.time(duration))\""
        out += " role=\"img\" aria-label=\"Progress of each animated property over time\">\n"
        for cut in scale.breaks {
            let from = x(cut.from), to = x(cut.to), middle = (from + to) / 2
            let idle = "\(n(((cut.to - cut.from) * 10).rounded() / 10)) s idle"
            out += "<g class=\"break\" data-from=\"\(Markup.time(cut.from))\" data-to=\"\(Markup.time(cut.to))\">"
            out += "<rect class=\"idle\" x=\"\(n(from))\" y=\"\(n(top))\" width=\"\(n(to - from))\" height=\"\(n(bottom - top))\"/>"
            out += "<path class=\"break-mark\" d=\"\(breakMark(at: from, top: top, bottom: bottom))\(breakMark(at: to, top: top, bottom: bottom))\"/>"
            // Its length in words where it fits (10 px letters); else in its tooltip only.
            if labelWidth(idle) * 10 / 11 < to - from {
                out += "<text class=\"break-label\" x=\"\(n(middle))\" y=\"\(n(bottom - 16))\" text-anchor=\"middle\">\(idle)</text>"
            }
            out += "<title>\(idle): \(n(cut.from)) to \(n(cut.to)) s, nothing changed</title></g>\n"
        }
        for (index, transition) in recording.transitions.enumerated() {
            let from = x(transition.began), to = x(transition.ended ?? duration)
            let (labelX, row) = placed[index]
            out += "<rect class=\"band band-\(Markup.escape(transition.kind))\(transition.number == waiting ? " waiting" : "")\""
            out += " x=\"\(n(from))\" y=\"\(n(top))\" width=\"\(n(max(to - from, 1)))\" height=\"\(n(bottom - top))\"/>"
            out += "<text class=\"band-label\" x=\"\(n(labelX))\" y=\"\(n(top - 8 - Double(row) * rowHeight))\">"
            // The note goes once a drag drives the transition (the page's script hides it).
            out += Markup.escape("\(transition.kind) \(transition.number)")
            out += transition.number == waiting ? "<tspan class=\"waiting-note\">\(waitingNote)</tspan>" : ""
            out += "</text>\n"
        }
        for level in [0.0, 1.0] {
            out += "<line class=\"level\" x1=\"\(n(left))\" x2=\"\(n(right))\" y1=\"\(n(y(level)))\" y2=\"\(n(y(level)))\"/>"
            out += "<text class=\"axis\" x=\"\(n(left - 6))\" y=\"\(n(y(level) + 4))\" text-anchor=\"end\">\(n(level))</text>\n"
        }
        for time in axisTicks(scale, duration: duration) {
            out += "<line class=\"tick\" x1=\"\(n(x(time)))\" x2=\"\(n(x(time)))\" y1=\"\(n(bottom))\" y2=\"\(n(bottom + 4))\"/>"
            // Under its tick, or as far right as the SVG lets the whole label show.
            let label = "\(n(time)) s"
            let labelX = min(x(time), width - 2 - labelWidth(label) / 2)
            out += "<text class=\"axis\" x=\"\(n(labelX))\" y=\"\(n(bottom + 16))\" text-anchor=\"middle\">\(label)</text>\n"
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
    /// about ten of them over `span` (the time outside breaks; the duration by default).
    static func ticks(_ duration: Double, span: Double? = nil) -> [Double] {
        guard duration > 0 else { return [0] }
        let span = span ?? duration
        let step = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60].first { span / $0 <= 10 } ?? 60
        return (0...Int((duration / step + 1e-9).rounded(.down))).map { Double($0) * step }
    }

    /// The axis's times on `scale`: `ticks` of the time outside its breaks, none inside a break
    /// and none closer than `tickSpacing` to the one before.
    static func axisTicks(_ scale: PreviewTimeScale, duration: Double) -> [Double] {
        let span = duration - scale.breaks.reduce(0) { $0 + $1.to - $1.from }
        var kept: [Double] = []
        for time in ticks(duration, span: span) where !scale.isCut(time) {
            if let last = kept.last, scale.x(time) - scale.x(last) < tickSpacing { continue }
            kept.append(time)
        }
        return kept
    }

    /// How wide a label of the plot's is drawn, at most.
    static func labelWidth(_ text: String) -> Double { Double(text.count) * labelCharacterWidth }

    /// Where each label goes, given where it starts and how wide it is: kept inside the plot's
    /// width, in the first row (0: the lowest, over the plot) where it clears the labels placed
    /// there before it.
    static func labelPlaces(_ labels: [(x: Double, width: Double)]) -> [(x: Double, row: Int)] {
        var rowEnds: [Double] = []
        return labels.map { label in
            let x = max(0, min(label.x, width - 2 - label.width))
            let row = rowEnds.firstIndex { $0 + 6 <= x } ?? rowEnds.count
            if row == rowEnds.count { rowEnds.append(0) }
            rowEnds[row] = x + label.width
            return (x, row)
        }
    }

    /// Two zigzags of a break's edge at `x`, from `top` to `bottom`.
    private static func breakMark(at x: Double, top: Double, bottom: Double) -> String {
        let n = Markup.number
        var path = "M\(n(x)) \(n(top))"
        var y = top, side = 1.0
        while y < bottom {
            y = min(y + 8, bottom)
            path += "L\(n(x + 3 * side)) \(n(y))"
            side = -side
        }
        return path
    }
}
