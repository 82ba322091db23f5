import ScrimHost
internal import ScrimJSON

/// `textDocument/codeLens { textDocument: { uri } }` → `[CodeLens]`: "▶ Preview" on the first line
/// of a plugin document (a `file:` URI of a plugin file:
/// `ScrimHost.isPluginFileName`), which runs `scrim.preview`
/// on it; nothing for other documents, nor when the server has no preview.
enum CodeLensRequest: RequestHandler {
    static let method = "textDocument/codeLens"
    /// The lens's title.
    static let title = "▶ Preview"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) -> JSONValue {
        let uri = try params.nested("textDocument").string("uri")
        guard session.preview != nil, let path = DocumentURI.path(of: uri), ScrimHost.isPluginFileName(path)
        else { return [] }
        let start: JSONValue = ["line": 0, "character": 0]
        return [[
            "range": ["start": start, "end": start],
            "command": ["title": .string(title), "command": .string(ExecuteCommandRequest.preview), "arguments": [.string(uri)]],
        ]]
    }
}
