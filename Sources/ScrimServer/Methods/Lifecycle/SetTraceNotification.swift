/// `$/setTrace { value }`: records `off`, `messages` or `verbose` (other values are ignored). The
/// server sends no `$/logTrace`; `scrim/trace` follows the `trace` initialization option.
enum SetTraceNotification: ServerNotificationHandler {
    static let method = "$/setTrace"

    static func handle(_ params: Params, in server: LanguageServer) {
        if let value = params.value("value")?.stringValue, ["off", "messages", "verbose"].contains(value) {
            server.traceValue = value
        }
    }
}
