/// `textDocument/didSave { textDocument: { uri }, text? }`: a plugin file of the host is reloaded
/// from disk (its diagnostics are published by the load); any other open Lua document is checked.
/// Then the file as saved gets its play-check (Docs/Editors.md).
enum DidSaveNotification: NotificationHandler {
    static let method = "textDocument/didSave"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) {
        let uri = try params.nested("textDocument").string("uri")
        let text = try params.optionalString("text")
        guard session.documents[uri] != nil || uri.hasSuffix(".lua") else { return }
        if let text { session.documents[uri] = text }
        let path = DocumentURI.path(of: uri)
        if let path, session.host.isPluginFile(path) {
            session.reloadPluginFile(path)
        } else if session.documents[uri] != nil {
            session.checkDocument(uri)
        }
        if let path { session.playCheck(path) }
    }
}
