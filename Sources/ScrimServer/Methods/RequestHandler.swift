internal import ScrimJSON
/// A `scrim/*` request: its method name and how the session answers it. One per file in
/// `Methods/`. A handler checks every param before it changes anything, so a rejected request
/// leaves the scene as it was (SPEC §7.5).
@MainActor
protocol RequestHandler {
    static var method: String { get }
    static func handle(_ params: Params, in session: Session) throws(ResponseError) -> JSONValue
}

/// A notification from the client that the session handles (the document notifications).
@MainActor
protocol NotificationHandler {
    static var method: String { get }
    static func handle(_ params: Params, in session: Session) throws(ResponseError)
}

/// Every request and notification the session answers, by method.
@MainActor
enum MethodTable {
    static let requests: [String: any RequestHandler.Type] = table([
        LoadSceneRequest.self, PresentRequest.self, DismissRequest.self, AdvanceRequest.self, SetClockRequest.self,
        InputRequest.self, InteractionRequest.self, SnapshotRequest.self, SubscribeFramesRequest.self,
        SetWindowRequest.self, PluginsRequest.self, ReloadRequest.self,
    ])

    static let notifications: [String: any NotificationHandler.Type] = table([
        DidOpenNotification.self, DidChangeNotification.self, DidSaveNotification.self, DidCloseNotification.self,
        DidChangeWatchedFilesNotification.self,
    ])

    private static func table(_ handlers: [any RequestHandler.Type]) -> [String: any RequestHandler.Type] {
        var table: [String: any RequestHandler.Type] = [:]
        for handler in handlers { table[handler.method] = handler }
        return table
    }

    private static func table(_ handlers: [any NotificationHandler.Type]) -> [String: any NotificationHandler.Type] {
        var table: [String: any NotificationHandler.Type] = [:]
        for handler in handlers { table[handler.method] = handler }
        return table
    }
}
