internal import ScrimJSON

/// `shutdown` → `null` (SPEC §7.2): the session closes (its clock and watcher stop) and the live
/// previews stop; from now on only `exit` is accepted.
enum ShutdownRequest: ServerRequestHandler {
    static let method = "shutdown"

    static func handle(_ params: Params, in server: LanguageServer) throws(ResponseError) -> JSONValue {
        server.closeSession()
        return .null
    }
}
