/// Every method the server answers, registered here once (each handler names its method in its
/// own file). The lifecycle layer (`MessageGate`) decides whether a message may run; this says
/// what runs it.
@MainActor
enum MethodRegistry {
    /// What answers a request.
    enum Request {
        case server(any ServerRequestHandler.Type)
        case session(any RequestHandler.Type)
        case deferred(any DeferredRequestHandler.Type)
    }

    /// What handles a notification.
    enum Notification {
        case server(any ServerNotificationHandler.Type)
        case session(any NotificationHandler.Type)
    }

    static let requests: [String: Request] = {
        var table: [String: Request] = [:]
        for handler: any ServerRequestHandler.Type in [InitializeRequest.self, ShutdownRequest.self] {
            table[handler.method] = .server(handler)
        }
        for handler in sessionRequests + [CodeLensRequest.self] { table[handler.method] = .session(handler) }
        table[ExecuteCommandRequest.method] = .deferred(ExecuteCommandRequest.self)
        return table
    }()

    static let notifications: [String: Notification] = {
        var table: [String: Notification] = [:]
        for handler: any ServerNotificationHandler.Type in [
            InitializedNotification.self, CancelRequestNotification.self, SetTraceNotification.self,
        ] {
            table[handler.method] = .server(handler)
        }
        for handler: any NotificationHandler.Type in [
            DidOpenNotification.self, DidChangeNotification.self, DidSaveNotification.self, DidCloseNotification.self,
            DidChangeWatchedFilesNotification.self,
        ] {
            table[handler.method] = .session(handler)
        }
        return table
    }()

    /// The `scrim/*` requests a session answers (listed in `initialize`'s capabilities).
    static let sessionRequests: [any RequestHandler.Type] = [
        LoadSceneRequest.self, PresentRequest.self, DismissRequest.self, AdvanceRequest.self, SetClockRequest.self,
        InputRequest.self, InteractionRequest.self, SnapshotRequest.self, SubscribeFramesRequest.self,
        SetWindowRequest.self, PluginsRequest.self, ReloadRequest.self, PushRequest.self, PopRequest.self, ShowRequest.self, PerformSegueRequest.self,
        SelectTabRequest.self,
    ]
}
