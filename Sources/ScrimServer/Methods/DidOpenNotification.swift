/// `textDocument/didOpen { textDocument: { uri, languageId, version, text } }`: a `.lua` file is
/// checked in the sandbox and its diagnostics published (SPEC §7.3).
enum DidOpenNotification: NotificationHandler {
    static let method = "textDocument/didOpen"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) {
        let document = try params.nested("textDocument")
        let uri = try document.string("uri")
        let text = try document.string("text")
        guard uri.hasSuffix(".lua") else { return }
        session.documents[uri] = text
        session.checkDocument(uri)
    }
}
