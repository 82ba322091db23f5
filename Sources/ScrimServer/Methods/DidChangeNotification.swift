/// `textDocument/didChange { textDocument: { uri, version }, contentChanges: [{ text }] }`: full
/// sync — the last change holds the whole text of an open Lua document (or a `.lua` file), which
/// is checked again.
enum DidChangeNotification: NotificationHandler {
    static let method = "textDocument/didChange"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) {
        let uri = try params.nested("textDocument").string("uri")
        let changes = try params.objects("contentChanges")
        guard let last = changes.last else { return }
        guard !last.contains("range") else {
            throw .invalidParams(last.field("range"), "incremental changes are not supported: the server asks for full sync (textDocumentSync 1)")
        }
        let text = try last.string("text")
        guard session.documents[uri] != nil || uri.hasSuffix(".lua") else { return }
        session.documents[uri] = text
        session.checkDocument(uri)
    }
}
