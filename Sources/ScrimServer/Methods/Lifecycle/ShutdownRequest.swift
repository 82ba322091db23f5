internal import ScrimJSON

/// `shutdown` → `null` (Docs/Protocol.md, "shutdown"): the session closes (its clock and watcher
/// stop) and the live previews stop (in the background); from now on only `exit` is accepted.
enum ShutdownRequest: ServerRequestHandler {
    static let method = "shutdown"

    static func handle(_ params: Params, in server: LanguageServer) throws(ResponseError) -> JSONValue {
        server.closeSession()
        return .null
    }
}
