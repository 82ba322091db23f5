import Foundation

/// The static preview: one self-contained HTML page (inline HTML and SVG, style and script;
/// nothing is fetched) that plays a recording — the player with its controls, the views' ids on hover, and
/// the timeline plot of every animated property.
package struct PreviewPage: Sendable {
    package let recording: PreviewRecording
    package let tracks: [PreviewTrack]
    /// How the plot lays time along its width.
    let scale: PreviewTimeScale

    package init(recording: PreviewRecording) {
        self.recording = recording
        tracks = PreviewTrack.tracks(in: recording)
        scale = PreviewTimeScale(recording, left: PreviewPlot.left, right: PreviewPlot.right)
    }

    /// The page's HTML. `live`: served by `PreviewServer`, with the script that opens its
    /// WebSocket (`PreviewLiveScript`).
    package func html(live: Bool = false) -> String {
        let title = Markup.escape(recording.title)
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="scrim preview">
            <title>\(title) — Scrim preview</title>
            \(live ? "<link rel=\"icon\" href=\"data:,\">\n" : "")            <style>
            \(PreviewStyleSheet.source)
            </style>
            </head>
            <body>
            <header><h1>\(title)</h1><p id="summary">\(Markup.escape(summary))</p></header>
            <main>
            \(faultBanner)<section id="player">
            <div id="stage-box">

            """
        out += PreviewStage.html(recording)
        out += """

            </div>
            <aside id="inspector">
            <h2>View</h2>
            <p id="hover-hint">Point at a view to see its id and values.</p>
            <dl id="hover-info" hidden></dl>
            <h2>Transitions</h2>

            """
        out += transitionList
        out += """

            <h2>Keys</h2>
            <p class="keys"><kbd>Space</kbd> play or pause · <kbd>←</kbd> <kbd>→</kbd> a frame back or on · <kbd>Home</kbd> <kbd>End</kbd> first or last frame</p>
            </aside>
            </section>
            <section id="controls">
            <button type="button" id="play" aria-label="Play"><svg viewBox="0 0 16 16" class="icon-play"><path d="M4 2.5v11l9-5.5z"/></svg><svg viewBox="0 0 16 16" class="icon-pause"><path d="M4 3h3v10H4zM9 3h3v10H9z"/></svg></button>
            <button type="button" id="previous" aria-label="Previous frame"><svg viewBox="0 0 16 16"><path d="M3 3h2v10H3zM13 3v10L6 8z"/></svg></button>
            <button type="button" id="next" aria-label="Next frame"><svg viewBox="0 0 16 16"><path d="M11 3h2v10h-2zM3 3v10l7-5z"/></svg></button>
            <input type="range" id="scrubber" min="0" max="\(Markup.time(recording.duration))" step="any" value="0" aria-label="Time">
            <output id="clock" for="scrubber">0.0000 s · frame 1 of \(recording.frames.count)</output>
            <label id="speed-box">Speed <input type="range" id="speed" min="0.1" max="2" step="0.1" value="1"> <output id="speed-value" for="speed">1.0×</output></label>
            <label><input type="checkbox" id="loop" checked> Loop</label>
            </section>
            <section id="timeline">

            """
        out += PreviewPlot.svg(recording, tracks: tracks, scale: scale)
        out += "\n"
        out += PreviewPlot.legend(recording, tracks: tracks)
        out += """

            </section>
            </main>
            <script type="application/json" id="scrim-data">
            """
        out += PreviewData.json(recording, tracks: tracks, scale: scale)
        out += """
            </script>
            <script id="scrim-player">
            \(PreviewPlayerScript.source)
            </script>

            """
        if live {
            out += """
                <script id="scrim-live">
                \(PreviewLiveScript.source)
                </script>

                """
        }
        out += """
            </body>
            </html>

            """
        return out
    }

    /// Writes the page to `url` whole or not at all (`WholeFile`): a reader never sees half a
    /// page.
    package func write(to url: URL) throws(PreviewWriteError) {
        try WholeFile.write(Data(html().utf8), to: url)
    }

    /// `99 frames at 60 fps, 1.65 s: presentation, dismissal`, after the device if there is one
    /// (`iPhone 16 Pro · 402 × 874 · 99 frames …`).
    private var summary: String {
        let kinds = recording.transitions.map(\.kind)
        return (recording.device.map { "\($0) · " } ?? "")
            + "\(recording.frames.count) frames at \(Markup.number(recording.framesPerSecond)) fps, "
            + "\(Markup.number(recording.duration)) s"
            + (kinds.isEmpty ? "; no transition" : ": " + kinds.joined(separator: ", "))
    }

    /// The faults contained while it played, each with its place and time, and the advice about
    /// them, over the player (in `main`, which a live page replaces; "" when there were none).
    /// Their ticks on the timeline are the `fault` markers.
    private var faultBanner: String {
        let faults = recording.faults
        guard !faults.isEmpty else { return "" }
        var out = "<section id=\"faults\" role=\"alert\"><h2>\(faults.count == 1 ? "A fault" : "\(faults.count) faults") while it played</h2><ul>"
        for fault in faults {
            let place = fault.diagnostic.map { "\(URL(fileURLWithPath: $0.path).lastPathComponent):\(fault.line ?? 0):\(fault.column ?? 0)" }
            out += "<li><button type=\"button\" class=\"seek\" data-time=\"\(Markup.time(fault.time))\">"
            out += place.map { "<span class=\"where\">\(Markup.escape($0))</span> " } ?? ""
            out += "<span class=\"message\">\(Markup.escape(fault.message))</span></button>"
            out += " <span class=\"context\">\(Markup.escape(fault.context))</span></li>"
        }
        out += "</ul>"
        out += recording.advice.map { "<p class=\"advice\">\(Markup.escape($0))</p>" } ?? ""
        return out + "</section>\n"
    }

    /// The transitions, each a button that seeks to its beginning.
    private var transitionList: String {
        guard !recording.transitions.isEmpty else { return "<p>None ran.</p>" }
        var out = "<ol id=\"transitions\">"
        let waiting = recording.waitingTransition?.number
        for transition in recording.transitions {
            let running = transition.number == waiting ? " s, waiting for a drag" : " s, still running at the end"
            let end = transition.ended.map { "–\(Markup.number($0)) s" } ?? running
            let outcome = transition.completed.map { $0 ? ", completed" : ", cancelled" } ?? ""
            out += "<li><button type=\"button\" class=\"seek\" data-time=\"\(Markup.time(transition.began))\">"
            out += Markup.escape("\(transition.kind) \(transition.number): \(transition.from) → \(transition.to)")
            out += "</button> \(Markup.number(transition.began))\(end)\(transition.interactive ? ", interactive" : "")\(outcome)</li>"
        }
        return out + "</ol>"
    }
}
