/// `workspace/didChangeWatchedFiles { changes: [{ uri, type }] }`: the plugin files named are
/// reloaded (created, changed) or dropped (deleted). An event the host's own watcher already
/// handled (the file's text is what is loaded) is skipped: the two watchers never reload twice.
enum DidChangeWatchedFilesNotification: NotificationHandler {
    static let method = "workspace/didChangeWatchedFiles"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) {
        for change in try params.objects("changes") {
            let uri = try change.string("uri")
            _ = try change.integer("type")
            guard let path = DocumentURI.path(of: uri), session.host.isPluginFile(path) else { continue }
            session.reloadPluginFile(path)
        }
    }
}
