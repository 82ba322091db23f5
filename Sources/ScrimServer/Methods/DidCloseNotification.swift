/// `textDocument/didClose { textDocument: { uri } }`: the editor's buffer is gone. A plugin file
/// gets the diagnostics of the version the host has loaded; any other file's are cleared.
enum DidCloseNotification: NotificationHandler {
    static let method = "textDocument/didClose"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) {
        let uri = try params.nested("textDocument").string("uri")
        guard session.documents.removeValue(forKey: uri) != nil, let path = DocumentURI.path(of: uri) else { return }
        session.publishDiagnostics(path: path, session.host.isPluginFile(path) ? session.host.scriptDiagnostics[path] ?? [] : [])
    }
}
