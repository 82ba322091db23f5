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

/// A lifecycle request (`initialize`, `shutdown`): answered by the server itself, which it
/// starts or stops the session of.
@MainActor
protocol ServerRequestHandler {
    static var method: String { get }
    static func handle(_ params: Params, in server: LanguageServer) throws(ResponseError) -> JSONValue
}

/// A notification the server itself handles (`initialized`, `$/setTrace`, `$/cancelRequest`).
@MainActor
protocol ServerNotificationHandler {
    static var method: String { get }
    static func handle(_ params: Params, in server: LanguageServer)
}
