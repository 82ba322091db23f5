/// How the plot lays time along its width: in proportion, except that each idle stretch — more
/// than `minimumIdle` seconds in which no view changed and nothing happened (no transition began
/// or ended, no marker, no pan) — is cut down to a break of `breakWidth` (less when there are many),
/// so a transition keeps a readable width beside a 30 s wait. The page's script maps time to x
/// and back with the same knots (`PreviewData`'s `plot.knots`).
struct PreviewTimeScale: Sendable, Equatable {
    /// A point of the piecewise linear map: the time at x.
    struct Knot: Sendable, Equatable {
        var time: Double
        var x: Double
    }

    /// An idle stretch drawn as a break.
    struct Break: Sendable, Equatable {
        var from: Double
        var to: Double
    }

    /// How long a stretch with nothing happening lasts at least to be cut.
    static let minimumIdle = 1.0
    /// How wide a break is drawn, at most.
    static let breakWidth = 72.0

    /// From time 0 at `left` to the duration at `right`, in time order.
    let knots: [Knot]
    let breaks: [Break]

    /// The scale of `recording`'s plot from `left` to `right`.
    init(_ recording: PreviewRecording, left: Double, right: Double) {
        var moments = recording.frames.filter { $0.tree != nil || !$0.changes.isEmpty }.map(\.time)
        moments += recording.transitions.flatMap { [$0.began] + ($0.ended.map { [$0] } ?? []) }
        moments += recording.markers.map(\.time) + recording.pans.map(\.time)
        self.init(moments: moments, duration: recording.duration, left: left, right: right)
    }

    /// The scale of a recording `duration` long in which something happened at each of `moments`.
    init(moments: [Double], duration: Double, left: Double, right: Double) {
        let sorted = (moments + [duration]).filter { $0 >= 0 && $0 <= duration }.sorted()
        var breaks: [Break] = []
        var previous = 0.0
        for moment in sorted {
            if moment - previous > Self.minimumIdle { breaks.append(Break(from: previous, to: moment)) }
            previous = max(previous, moment)
        }
        let busy = duration - breaks.reduce(0) { $0 + $1.to - $1.from }
        guard !breaks.isEmpty, busy > 0 else {
            knots = [Knot(time: 0, x: left), Knot(time: duration, x: right)]
            self.breaks = []
            return
        }
        // The breaks take at most half the width.
        let gap = min(Self.breakWidth, (right - left) / 2 / Double(breaks.count))
        let perSecond = (right - left - gap * Double(breaks.count)) / busy
        var knots = [Knot(time: 0, x: left)]
        for cut in breaks {
            let last = knots[knots.count - 1]
            if cut.from > last.time { knots.append(Knot(time: cut.from, x: last.x + (cut.from - last.time) * perSecond)) }
            knots.append(Knot(time: cut.to, x: knots[knots.count - 1].x + gap))
        }
        if let last = knots.last, last.time < duration { knots.append(Knot(time: duration, x: right)) }
        knots[knots.count - 1].x = right
        self.knots = knots
        self.breaks = breaks
    }

    /// Where `time` is along the plot (clamped to its ends).
    func x(_ time: Double) -> Double {
        guard let first = knots.first, let last = knots.last else { return 0 }
        if time <= first.time { return first.x }
        if time >= last.time { return last.x }
        let end = knots.firstIndex { $0.time >= time }!
        let a = knots[end - 1], b = knots[end]
        return b.time > a.time ? a.x + (time - a.time) / (b.time - a.time) * (b.x - a.x) : b.x
    }

    /// Whether `time` is inside a break (not at its ends).
    func isCut(_ time: Double) -> Bool {
        breaks.contains { time > $0.from + 1e-9 && time < $0.to - 1e-9 }
    }
}
