import ScrimCore

/// What the live preview's server sends its pages over the WebSocket, one JSON object a message:
///
/// ```text
/// { "type": "generation", "generation": N }             on connecting: the page's generation
/// { "type": "page", "generation": N, "html": "…" }      a new recording: the whole new page
/// { "type": "frames", "generation": N, "at": T, "from", "viewsFrom", "views": [[id, label], …],
///   "frames": [frame, …], "transitions": [transition, …] }
///                                                        a drag's pan: the frames (and views)
///                                                        added since the last message, from
///                                                        index `from` (`viewsFrom`) on, written
///                                                        as in the page's data; `at`: the time
///                                                        of the frame that shows the pan
/// { "type": "diagnostic", "generation": N, "file", "line", "column", "message", "source" }
///                                                        a broken save (N: the last good one)
/// { "type": "plugins", "current": name, "plugins": [{ "name", "file", "roles": [role, …] }, …] }
///                                                        the picker: on connecting, after a change
/// { "type": "error", "message": "…" }                   a client's message that was refused
/// ```
///
/// A drag's `frames` replace what the page has from `from` on (a previous drag's frames) and
/// are appended; the page sent when the drag ends brings the plot and the lists up to date.
/// Lines and columns are 1-based; `source` is the text of the diagnostic's line ("" when the
/// file cannot be read).
package enum PreviewLiveMessage: Sendable {
    /// A plugin of the picker: its name, its file's name and its roles.
    package typealias Plugin = (name: String, file: String, roles: [RoleKind])

    case generation(Int)
    case plugins(current: String, plugins: [Plugin])
    case page(html: String, generation: Int)
    case frames(PreviewRecordingFeed.Update, generation: Int, at: Double)
    case diagnostic(ScriptDiagnostic, source: String, generation: Int)
    case error(String)

    package var json: String {
        switch self {
        case .generation(let generation):
            return "{\"type\":\"generation\",\"generation\":\(generation)}"
        case .page(let html, let generation):
            return "{\"type\":\"page\",\"generation\":\(generation),\"html\":\(PreviewData.string(html))}"
        case .frames(let update, let generation, let at):
            return "{\"type\":\"frames\",\"generation\":\(generation),\"at\":\(Markup.time(at)),\(update.jsonFields)}"
        case .diagnostic(let diagnostic, let source, let generation):
            let start = diagnostic.range.start
            return "{\"type\":\"diagnostic\",\"generation\":\(generation),\"file\":\(PreviewData.string(diagnostic.path))"
                + ",\"line\":\(start.line + 1),\"column\":\(start.character + 1)"
                + ",\"message\":\(PreviewData.string(diagnostic.message)),\"source\":\(PreviewData.string(source))}"
        case .plugins(let current, let plugins):
            let list = plugins.map { plugin in
                "{\"name\":\(PreviewData.string(plugin.name)),\"file\":\(PreviewData.string(plugin.file))"
                    + ",\"roles\":[" + plugin.roles.map { PreviewData.string($0.rawValue) }.joined(separator: ",") + "]}"
            }
            return "{\"type\":\"plugins\",\"current\":\(PreviewData.string(current)),\"plugins\":[" + list.joined(separator: ",") + "]}"
        case .error(let message):
            return "{\"type\":\"error\",\"message\":\(PreviewData.string(message))}"
        }
    }
}
