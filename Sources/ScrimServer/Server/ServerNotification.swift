/// The notifications the server sends (Docs/Protocol.md, "Notifications from the server"), by
/// method name.
enum ServerNotification {
    static let transitionDidBegin = "scrim/transitionDidBegin"
    static let transitionDidEnd = "scrim/transitionDidEnd"
    static let frame = "scrim/frame"
    static let pluginDidReload = "scrim/pluginDidReload"
    static let trace = "scrim/trace"
    static let publishDiagnostics = "textDocument/publishDiagnostics"
    static let logMessage = "window/logMessage"
    static let showMessage = "window/showMessage"
}
