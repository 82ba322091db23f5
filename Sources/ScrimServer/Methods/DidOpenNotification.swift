import ScrimCore

/// `textDocument/didOpen { textDocument: { uri, languageId, version, text } }`: a Lua document
/// (`languageId` `lua`, or a URI ending in `.lua`) is checked in the sandbox and its diagnostics
/// published under its URI (Docs/Protocol.md); a document opened as it is on disk also gets its
/// play-check (Docs/Editors.md).
enum DidOpenNotification: NotificationHandler {
    static let method = "textDocument/didOpen"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) {
        let document = try params.nested("textDocument")
        let uri = try document.string("uri")
        let languageID = try document.optionalString("languageId")
        let text = try document.string("text")
        guard languageID == "lua" || uri.hasSuffix(".lua") else { return }
        session.documents[uri] = text
        session.checkDocument(uri)
        if let path = DocumentURI.path(of: uri), (try? FileContents.read(atPath: path)).map({ String(decoding: $0, as: UTF8.self) }) == text {
            session.playCheck(path)
        }
    }
}
