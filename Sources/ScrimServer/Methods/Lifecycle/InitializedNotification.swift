/// `initialized`: the client is ready; the server asks it to watch `**/*.lua` when it declared
/// dynamic registration of `workspace/didChangeWatchedFiles`.
enum InitializedNotification: ServerNotificationHandler {
    static let method = "initialized"

    static func handle(_ params: Params, in server: LanguageServer) {
        if server.registersWatchedFiles { server.registerWatchedFiles() }
    }
}
