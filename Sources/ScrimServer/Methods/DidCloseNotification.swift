/// `textDocument/didClose { textDocument: { uri } }`: the editor's buffer is gone. A plugin file
/// gets the diagnostics of the version the host has loaded (and its play diagnostics); any other
/// document's are cleared.
enum DidCloseNotification: NotificationHandler {
    static let method = "textDocument/didClose"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) {
        let uri = try params.nested("textDocument").string("uri")
        guard session.documents.removeValue(forKey: uri) != nil else { return }
        let path = DocumentURI.path(of: uri)
        let loaded = path.flatMap { session.host.isPluginFile($0) ? session.host.scriptDiagnostics[$0] ?? [] : nil }
        if let path, loaded == nil { session.forgetPlayDiagnostics(path: path) }
        session.publishDiagnostics(uri: uri, loaded ?? [])
    }
}
