internal import ScrimJSON

/// A `scrim/*` request: its method name and how the session answers it. One per file in
/// `Methods/`. A handler checks every param before it changes anything, so a rejected request
/// leaves the scene as it was (Docs/Protocol.md, "Errors").
@MainActor
protocol RequestHandler {
    static var method: String { get }
    static func handle(_ params: Params, in session: Session) throws(ResponseError) -> JSONValue
}

/// A request whose answer waits for something outside the server (the preview server starting):
/// `start` checks every param at once, and a problem is answered then; otherwise it returns the
/// work whose value (or error) is the answer, sent when it is done. Other messages are answered
/// meanwhile.
@MainActor
protocol DeferredRequestHandler {
    static var method: String { get }
    static func start(_ params: Params, in session: Session) throws(ResponseError) -> DeferredAnswer
}

/// The work of a deferred request: its value is the answer.
typealias DeferredAnswer = @MainActor () async throws(ResponseError) -> JSONValue

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
