import ScrimHost
internal import ScrimJSON

/// `textDocument/codeLens { textDocument: { uri } }` → `[CodeLens]`: on the first line of a
/// plugin document (a `file:` URI of a plugin file: `ScrimHost.isPluginFileName`), "▶ Preview",
/// which runs `scrim.preview` on it, then "Export Swift" (`scrim.exportSwift`) and "Render GIF"
/// (`scrim.renderGIF`); nothing for other documents, nor when the server has no preview.
enum CodeLensRequest: RequestHandler {
    static let method = "textDocument/codeLens"
    /// The lenses' titles and commands, in order.
    static let lenses = [("▶ Preview", ExecuteCommandRequest.preview)] + ExecuteCommandRequest.artifacts.map { ($0.title, $0.command) }

    static func handle(_ params: Params, in session: Session) throws(ResponseError) -> JSONValue {
        let uri = try params.nested("textDocument").string("uri")
        guard session.preview != nil, let path = DocumentURI.path(of: uri), ScrimHost.isPluginFileName(path)
        else { return [] }
        let start: JSONValue = ["line": 0, "character": 0]
        return .array(lenses.map { title, command in
            ["range": ["start": start, "end": start], "command": ["title": .string(title), "command": .string(command), "arguments": [.string(uri)]]]
        })
    }
}
